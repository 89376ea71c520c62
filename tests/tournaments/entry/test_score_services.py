"""Score services: add, change, delete, refusals with the engine's codes, adjusted scores,
closed evenings, confirmation and history."""

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from clubmanager.models import Role
from tournaments.entry.services.scores import (
    HandChange,
    HandRejected,
    TableChanged,
    TableLocked,
    WarningsNotAcknowledged,
    hand_add,
    hand_delete,
    hand_update,
    table_confirm,
)
from tournaments.models import EveningStatus, Hand, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def jokeren_table(club, make_member, make_competition, make_evening, make_round, seat_table,
                  make_user):
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    bob_user = make_user("bob", club, Role.MEMBER)
    members[1].user = bob_user
    members[1].save()
    competition = make_competition(club, "jokeren")
    evening = make_evening(competition, members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    table.bob_user = bob_user
    return table


def pen(a: int, b: int, c: int, d: int) -> dict[str, Any]:
    return {"penalties": {"Ann": a, "Bob": b, "Cor": c, "Dirk": d}}


def seats_of(table) -> dict[str, tuple[int, int, int | None]]:
    return {s.side: (s.points, s.competition_points, s.place)
            for s in Seat.objects.filter(table=table)}


def test_add_writes_hand_seats_and_table_together(jokeren_table, scorekeeper_user):
    hand = hand_add(table=jokeren_table, by=scorekeeper_user,
                    change=HandChange(data=pen(0, 45, 12, 88), expected_version=0)).hand
    assert hand.number == 1
    jokeren_table.refresh_from_db()
    table = jokeren_table
    assert (table.version, table.hand_count, table.finished) == (1, 1, False)
    assert seats_of(jokeren_table) == {"Ann": (0, 0, 1), "Bob": (45, 45, 3), "Cor": (12, 12, 2),
                                       "Dirk": (88, 88, 4)}
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(10, 0, 12, 8), expected_version=1))
    assert seats_of(jokeren_table)["Ann"] == (10, 10, 1)
    assert seats_of(jokeren_table)["Bob"] == (45, 45, 3)


def test_refusal_names_the_code_and_writes_nothing(jokeren_table, scorekeeper_user):
    with pytest.raises(HandRejected) as refused:
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 45, 0, 88), expected_version=0))
    assert [e["code"] for e in refused.value.errors] == ["JK_MULTIPLE_WINNERS"]
    assert refused.value.errors[0]["hand"] == 1
    jokeren_table.refresh_from_db()
    assert jokeren_table.version == 0
    assert not Hand.objects.exists()


def test_warning_needs_acknowledgement(jokeren_table, scorekeeper_user):
    with pytest.raises(WarningsNotAcknowledged) as warned:
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 175, 12, 88), expected_version=0))
    assert [w["code"] for w in warned.value.warnings] == ["JK_PENALTY_HIGH"]
    assert not Hand.objects.exists()
    hand_add(table=jokeren_table, by=scorekeeper_user, change=HandChange(data=pen(0, 175, 12, 88),
                                                                         expected_version=0,
                                                                         acknowledge_warnings=True))
    # a later hand does not ask again for the earlier warning
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 5, 12, 88), expected_version=1))
    assert Hand.objects.count() == 2


def _full_round(table, user):
    deals = [pen(0, 45, 12, 88), pen(10, 0, 12, 8), pen(5, 5, 0, 8), pen(0, 20, 20, 20),
             pen(2, 0, 30, 40), pen(50, 60, 0, 70), pen(0, 31, 61, 62)]
    for version, deal in enumerate(deals):
        hand_add(table=table, by=user, change=HandChange(data=deal, expected_version=version))


def test_complete_match_finishes_and_a_further_hand_is_refused(jokeren_table, scorekeeper_user):
    _full_round(jokeren_table, scorekeeper_user)
    jokeren_table.refresh_from_db()
    assert jokeren_table.finished and jokeren_table.hand_count == 7
    assert seats_of(jokeren_table)["Ann"] == (67, 67, 1)
    with pytest.raises(HandRejected) as refused:
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 5, 5, 5), expected_version=7))
    assert refused.value.errors[0]["code"] == "MATCH_FINISHED"


def test_edit_re_evaluates_the_whole_match(jokeren_table, scorekeeper_user):
    _full_round(jokeren_table, scorekeeper_user)
    first = Hand.objects.get(table=jokeren_table, number=1)
    hand_update(hand=first, by=scorekeeper_user,
                change=HandChange(data=pen(0, 44, 12, 88), expected_version=7))
    assert seats_of(jokeren_table)["Bob"][0] == 44 + 0 + 5 + 20 + 0 + 60 + 31
    jokeren_table.refresh_from_db()
    assert jokeren_table.finished and jokeren_table.hand_count == 7
    # The last deal (out at once) edited to an impossible score is refused
    last = Hand.objects.get(table=jokeren_table, number=7)
    with pytest.raises(HandRejected) as refused:
        hand_update(hand=last, by=scorekeeper_user,
                    change=HandChange(data=pen(0, 30, 61, 62), expected_version=8))
    assert refused.value.errors[0]["code"] == "JK_LAST_DEAL_TOO_LOW"
    assert Hand.objects.get(pk=last.pk).data == pen(0, 31, 61, 62)


def test_delete_that_makes_a_later_hand_invalid_is_refused(
    club, make_member, make_competition, make_evening, make_round, seat_table, scorekeeper_user
):
    members = [make_member(club, name=n) for n in ("Ann", "Bob")]
    competition = make_competition(club, "jokeren", options={"contracts": ["set3", "out_at_once",
                                                                           "set3"]})
    evening = make_evening(competition, members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    hand_add(table=table, by=scorekeeper_user,
             change=HandChange(data={"penalties": {"Ann": 0, "Bob": 5}}, expected_version=0))
    hand_add(table=table, by=scorekeeper_user,
             change=HandChange(data={"penalties": {"Ann": 0, "Bob": 40}}, expected_version=1))
    hand_add(table=table, by=scorekeeper_user,
             change=HandChange(data={"penalties": {"Ann": 0, "Bob": 5}}, expected_version=2))
    first = Hand.objects.get(table=table, number=1)
    # Without deal 1, the third deal (Bob 5) becomes the out-at-once deal: below 31.
    with pytest.raises(HandRejected) as refused:
        hand_delete(hand=first, by=scorekeeper_user, expected_version=3)
    assert refused.value.errors[0]["code"] == "JK_LAST_DEAL_TOO_LOW"
    assert refused.value.errors[0]["hand"] == 2
    assert Hand.objects.filter(table=table).count() == 3
    # An edit of deal 2 to an impossible out-at-once score is refused too
    second = Hand.objects.get(table=table, number=2)
    with pytest.raises(HandRejected) as refused:
        hand_update(hand=second, by=scorekeeper_user,
                    change=HandChange(data={"penalties": {"Ann": 0, "Bob": 20}},
                                      expected_version=3))
    assert refused.value.errors[0]["code"] == "JK_LAST_DEAL_TOO_LOW"
    # Deleting the last deal is fine; numbers and seats follow
    third = Hand.objects.get(table=table, number=3)
    hand_delete(hand=third, by=scorekeeper_user, expected_version=3, reason="entered twice")
    table.refresh_from_db()
    assert table.hand_count == 2 and table.version == 4
    assert seats_of(table)["Bob"] == (45, 45, 2)


def test_delete_renumbers_later_hands(jokeren_table, scorekeeper_user):
    for version, deal in enumerate([pen(0, 45, 12, 88), pen(10, 0, 12, 8), pen(5, 5, 0, 8)]):
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=deal, expected_version=version))
    hand_delete(hand=Hand.objects.get(table=jokeren_table, number=1), by=scorekeeper_user,
                expected_version=3, reason="wrong table")
    assert list(Hand.objects.filter(table=jokeren_table).values_list("number", "data")) == [
        (1, pen(10, 0, 12, 8)), (2, pen(5, 5, 0, 8))]
    assert seats_of(jokeren_table)["Ann"] == (15, 15, 3)
    assert seats_of(jokeren_table)["Bob"] == (5, 5, 1)


def test_stale_version_is_refused(jokeren_table, scorekeeper_user):
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    with pytest.raises(TableChanged) as changed:
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 5, 12, 88), expected_version=0))
    assert changed.value.table.version == 1
    assert Hand.objects.count() == 1


def test_closed_evening_and_confirmed_table_refuse_changes(jokeren_table, scorekeeper_user,
                                                           admin_user):
    evening = jokeren_table.round.evening
    evening.status = EveningStatus.CLOSED
    evening.save()
    with pytest.raises(TableLocked) as locked:
        hand_add(table=jokeren_table, by=admin_user,
                 change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    assert locked.value.reason == "closed"
    evening.status = EveningStatus.PLAYING
    evening.save()
    _full_round(jokeren_table, scorekeeper_user)
    table_confirm(table=jokeren_table, by=admin_user)
    with pytest.raises(TableLocked) as locked:
        hand_update(hand=Hand.objects.get(table=jokeren_table, number=1), by=admin_user,
                    change=HandChange(data=pen(0, 1, 2, 3), expected_version=8))
    assert locked.value.reason == "confirmed"


def test_who_may_enter(jokeren_table, member_user, scorekeeper_user, other_admin_user,
                       make_user, club):
    with pytest.raises(PermissionDenied):
        hand_add(table=jokeren_table, by=member_user,
                 change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    with pytest.raises(PermissionDenied):
        hand_add(table=jokeren_table, by=other_admin_user,
                 change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    # The member at the scorekeeper seat may enter, even with only the member role.
    jokeren_table.scorekeeper = 2
    jokeren_table.save()
    hand_add(table=jokeren_table, by=jokeren_table.bob_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    assert Hand.objects.count() == 1


def test_admin_adjusted_score_needs_a_reason_and_shows_in_history(jokeren_table, admin_user,
                                                                  scorekeeper_user):
    bad = pen(0, 1, 12, 88)  # a penalty of 1 is impossible
    with pytest.raises(HandRejected):  # no reason
        hand_add(table=jokeren_table, by=admin_user,
                 change=HandChange(data=bad, expected_version=0,
                                   adjusted_points={"Ann": 0, "Bob": 1, "Cor": 12, "Dirk": 88}))
    with pytest.raises(HandRejected):  # a scorekeeper may not adjust
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=bad, expected_version=0, adjusted_reason="director",
                                   adjusted_points={"Ann": 0, "Bob": 1, "Cor": 12, "Dirk": 88}))
    hand = hand_add(table=jokeren_table, by=admin_user,
                    change=HandChange(data=bad, expected_version=0,
                                      adjusted_reason="Bob showed one card; director's decision",
                                      adjusted_points={"Ann": 0, "Bob": 2, "Cor": 12, "Dirk": 88})
                    ).hand
    assert hand.is_adjusted and hand.data == bad
    assert seats_of(jokeren_table)["Bob"] == (2, 2, 2)
    # the next deal is checked by the engine (adjusted deal left out)
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 10, 10, 10), expected_version=1))
    assert seats_of(jokeren_table)["Bob"] == (12, 12, 2)
    record = Hand.history.filter(id=hand.pk).earliest("history_date")
    assert record.history_user == admin_user
    assert record.adjusted_reason == "Bob showed one card; director's decision"


def test_history_records_who_before_and_after(jokeren_table, scorekeeper_user, admin_user):
    hand = hand_add(table=jokeren_table, by=scorekeeper_user,
                    change=HandChange(data=pen(0, 45, 12, 88), expected_version=0)).hand
    hand_update(hand=hand, by=admin_user,
                change=HandChange(data=pen(0, 40, 12, 88), expected_version=1))
    hand_delete(hand=hand, by=admin_user, expected_version=2, reason="wrong table")
    records = list(Hand.history.filter(id=hand.pk).order_by("history_date"))
    assert [(r.history_type, r.history_user, r.data["penalties"]["Bob"]) for r in records] == [
        ("+", scorekeeper_user, 45), ("~", admin_user, 40), ("-", admin_user, 40)]
    assert records[-1].history_change_reason == "wrong table"


def test_confirmation_by_an_opponent_not_the_last_enterer(jokeren_table, scorekeeper_user,
                                                          member_user, admin_user):
    _full_round(jokeren_table, scorekeeper_user)
    with pytest.raises(PermissionDenied):  # not seated
        table_confirm(table=jokeren_table, by=member_user)
    with pytest.raises(PermissionDenied):  # entered the last change, and not seated
        table_confirm(table=jokeren_table, by=scorekeeper_user)
    table = table_confirm(table=jokeren_table, by=jokeren_table.bob_user)
    assert table.status == "confirmed" and table.confirmed_by == jokeren_table.bob_user
    with pytest.raises(TableLocked):
        table_confirm(table=jokeren_table, by=admin_user)


def test_unfinished_match_cannot_be_confirmed(jokeren_table, scorekeeper_user, admin_user):
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    with pytest.raises(TableLocked) as locked:
        table_confirm(table=jokeren_table, by=admin_user)
    assert locked.value.reason == "not_finished"


def test_closing_or_reopening_the_evening_makes_open_forms_stale(jokeren_table,
                                                                 scorekeeper_user, admin_user):
    from tournaments.evenings.services.evenings import evening_reopen, evening_status_set

    evening = jokeren_table.round.evening
    evening_status_set(evening=evening, status=EveningStatus.CLOSED, by=admin_user)
    with pytest.raises(TableChanged):  # a form rendered while the evening was open
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    with pytest.raises(TableLocked):  # the form of now: the evening is closed
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 45, 12, 88), expected_version=1))
    evening_reopen(evening=evening, by=admin_user)
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=2))
    assert Hand.objects.count() == 1


def test_reseating_a_table_makes_its_open_score_form_stale(
        club, make_member, make_competition, make_evening, make_round, seat_table,
        scorekeeper_user, admin_user):
    from tournaments.draws.services import seat_swap

    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk", "Eva", "Fred")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    people = list(evening.participants.order_by("pk"))
    round_ = make_round(evening)
    first, second = seat_table(round_, people[:3]), seat_table(round_, people[3:], number=2)
    seat_swap(first=first.seats.get(position=1), second=second.seats.get(position=1),
              by=admin_user)
    # The form showed Ann, Bob and Cor; Ann now sits at the other table.
    with pytest.raises(TableChanged) as changed:
        hand_add(table=first, by=scorekeeper_user,
                 change=HandChange(data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}},
                                   expected_version=0))
    assert changed.value.table.version == 1
    hand_add(table=first, by=scorekeeper_user,
             change=HandChange(data={"penalties": {"Dirk": 0, "Bob": 45, "Cor": 12}},
                               expected_version=1))
    assert Hand.objects.get().table_id == first.pk


def test_a_read_from_before_a_change_is_never_written(jokeren_table, scorekeeper_user,
                                                      admin_user):
    from tournaments.entry.selectors.scores import seats_and_hands

    seats, hands = seats_and_hands(jokeren_table)  # read at version 0, no hands
    hand_add(table=jokeren_table, by=admin_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    jokeren_table.version = 0  # the caller's read, as it was
    with pytest.raises(TableChanged):
        hand_add(table=jokeren_table, by=scorekeeper_user, seats=seats, hands=hands,
                 change=HandChange(data=pen(5, 0, 12, 88), expected_version=0))
    assert list(Hand.objects.values_list("number", flat=True)) == [1]


# -- idempotency keys: a save sent again (its answer lost) is answered, not made twice ----------
KEY = "phone-made-key-0001"


def test_an_add_repeated_with_its_key_is_answered_with_the_first_hand(jokeren_table,
                                                                     scorekeeper_user):
    first = hand_add(table=jokeren_table, by=scorekeeper_user,
                     change=HandChange(data=pen(0, 45, 12, 88), expected_version=0, key=KEY))
    # The answer never reached the phone; it sends the same save again (same version, same key).
    again = hand_add(table=jokeren_table, by=scorekeeper_user,
                     change=HandChange(data=pen(0, 45, 12, 88), expected_version=0, key=KEY))
    assert (first.repeated, first.number) == (False, 1)
    assert (again.repeated, again.number, again.hand.pk) == (True, 1, first.hand.pk)
    assert again.table.version == 1 and [h.pk for h in again.hands] == [first.hand.pk]
    assert Hand.objects.count() == 1 and Hand.history.count() == 1
    assert Hand.objects.get().entry_key == KEY
    # another hand, another key: added as usual
    hand_add(table=jokeren_table, by=scorekeeper_user, change=HandChange(data=pen(10, 0, 12, 8),
                                                                         expected_version=1,
                                                                         key="phone-made-key-0002"))
    assert Hand.objects.count() == 2


def test_a_repeated_add_answers_its_own_number_after_later_changes(jokeren_table,
                                                                  scorekeeper_user):
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0))
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(10, 0, 12, 8), expected_version=1, key=KEY))
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(5, 5, 0, 8), expected_version=2))
    again = hand_add(table=jokeren_table, by=scorekeeper_user,  # not "this table was just changed"
                     change=HandChange(data=pen(10, 0, 12, 8), expected_version=1, key=KEY))
    assert (again.repeated, again.number, again.table.version) == (True, 2, 3)
    assert Hand.objects.count() == 3


def test_an_edit_repeated_with_its_key_is_made_once(jokeren_table, scorekeeper_user):
    hand = hand_add(table=jokeren_table, by=scorekeeper_user,
                    change=HandChange(data=pen(0, 45, 12, 88), expected_version=0)).hand
    first = hand_update(hand=hand, by=scorekeeper_user,
                        change=HandChange(data=pen(0, 44, 12, 88), expected_version=1, key=KEY))
    again = hand_update(hand=hand, by=scorekeeper_user,
                        change=HandChange(data=pen(0, 44, 12, 88), expected_version=1, key=KEY))
    assert (first.repeated, again.repeated, again.number) == (False, True, 1)
    jokeren_table.refresh_from_db()
    assert jokeren_table.version == 2
    assert [r.history_type for r in Hand.history.order_by("history_id")] == ["+", "~"]
    assert Hand.history.get(history_type="~").change_key == KEY
    assert seats_of(jokeren_table)["Bob"] == (44, 44, 3)


def test_a_delete_repeated_with_its_key_is_answered_not_refused(jokeren_table,
                                                               scorekeeper_user):
    first = hand_add(table=jokeren_table, by=scorekeeper_user,
                     change=HandChange(data=pen(0, 45, 12, 88), expected_version=0)).hand
    second = hand_add(table=jokeren_table, by=scorekeeper_user,
                      change=HandChange(data=pen(10, 0, 12, 8), expected_version=1)).hand
    done = hand_delete(hand=first, by=scorekeeper_user, expected_version=2, key=KEY)
    # the hand is gone and the version moved on: the same delete again is its answer again
    again = hand_delete(hand=first, by=scorekeeper_user, expected_version=2, key=KEY)
    assert (done.repeated, again.repeated, again.number) == (False, True, 1)
    assert [(h.pk, h.number) for h in again.hands] == [(second.pk, 1)]
    jokeren_table.refresh_from_db()
    assert (jokeren_table.version, jokeren_table.hand_count) == (3, 1)
    # the renumbering of the later hand carries no key: only the delete is the key's change
    assert list(Hand.history.exclude(change_key="").values_list("history_type", "id")) == [
        ("-", first.pk)]


def test_a_refused_save_leaves_its_key_free(jokeren_table, scorekeeper_user):
    with pytest.raises(HandRejected):
        hand_add(table=jokeren_table, by=scorekeeper_user,
                 change=HandChange(data=pen(0, 45, 0, 88), expected_version=0, key=KEY))
    # corrected and sent with the same key (the phone keeps it until the save is stored)
    saved = hand_add(table=jokeren_table, by=scorekeeper_user,
                     change=HandChange(data=pen(0, 45, 12, 88), expected_version=0, key=KEY))
    assert not saved.repeated and Hand.objects.get().entry_key == KEY


def test_a_key_of_another_table_is_not_this_tables(jokeren_table, scorekeeper_user,
                                                   make_round, seat_table):
    hand_add(table=jokeren_table, by=scorekeeper_user,
             change=HandChange(data=pen(0, 45, 12, 88), expected_version=0, key=KEY))
    other = seat_table(make_round(jokeren_table.round.evening, number=2),
                       list(jokeren_table.round.evening.participants.all()))
    saved = hand_add(table=other, by=scorekeeper_user,
                     change=HandChange(data=pen(0, 45, 12, 88), expected_version=0, key=KEY))
    assert not saved.repeated
    assert Hand.objects.filter(entry_key=KEY).count() == 2


def test_the_database_refuses_a_second_hand_with_the_same_key(jokeren_table):
    from django.db import IntegrityError, transaction

    Hand.objects.create(table=jokeren_table, number=1, data={}, entry_key=KEY)
    Hand.objects.create(table=jokeren_table, number=2, data={})  # no key: no limit
    Hand.objects.create(table=jokeren_table, number=3, data={})
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(table=jokeren_table, number=4, data={}, entry_key=KEY)
