"""The score-entry reads and the one write path of a hand.

The table with its club and the user's role in one query; the seats with participants and
members (guests have none); the hands. Adding, changing and deleting a hand go through
``save()``/``delete()``, so django-simple-history and any other receiver of the model signals
see every change, and a save runs a fixed, small number of statements.
"""

from collections.abc import Callable
from typing import Any

import pytest
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from clubmanager.models import Role
from tournaments.entry.selectors.scores import match_state, seats_and_hands, table_access
from tournaments.entry.services import scores
from tournaments.entry.services.scores import (
    HandChange,
    hand_add,
    hand_delete,
    hand_update,
    table_confirm,
)
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db

CONTRACTS = ["set3", "run3", "set4"]
DEAL = {"penalties": {"Ann": 0, "Bob": 45, "Gast": 12}}


def values(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any]) -> Table:
    members = [make_member(club, name=n) for n in ("Ann", "Bob")]
    competition = make_competition(club, "jokeren", options={"contracts": CONTRACTS})
    evening = make_evening(competition, members, guests=["Gast"])
    return seat_table(make_round(evening), list(evening.participants.all()))


def test_table_access_reads_the_table_its_chain_and_the_role(table: Table, club: Any,
                                                             scorekeeper_user: Any) -> None:
    found = table_access(user_id=scorekeeper_user.pk, club_slug=club.slug, pk=table.pk)
    assert found is not None
    got_club, role, got = found
    assert role == Role.SCOREKEEPER
    expected = Table.objects.select_related("round__evening__competition__club").get(pk=table.pk)
    assert values(got) == values(expected)
    assert values(got.round) == values(expected.round)
    assert values(got.round.evening) == values(expected.round.evening)
    competition = got.round.evening.competition
    assert values(competition) == values(expected.round.evening.competition)
    assert competition.options == {"contracts": CONTRACTS}  # JSON decoded
    assert values(got_club) == values(club) and competition.club is got_club
    assert got.confirmed_by is None and got.finished is False


def test_table_access_without_a_role_or_in_another_club(table: Table, club: Any,
                                                        other_club: Any, no_role_user: Any,
                                                        other_admin_user: Any) -> None:
    found = table_access(user_id=no_role_user.pk, club_slug=club.slug, pk=table.pk)
    assert found is not None and found[1] is None
    assert table_access(user_id=other_admin_user.pk, club_slug=other_club.slug,
                        pk=table.pk) is None
    assert table_access(user_id=no_role_user.pk, club_slug=club.slug, pk=table.pk + 99) is None


def test_a_confirmed_table_comes_with_its_confirmer(table: Table, club: Any, admin_user: Any,
                                                    scorekeeper_user: Any) -> None:
    for version, deal in enumerate(range(len(CONTRACTS))):
        hand_add(table=Table.objects.get(pk=table.pk), by=scorekeeper_user,
                 change=HandChange(data={"penalties": {"Ann": 0, "Bob": 10 + deal, "Gast": 3}},
                                   expected_version=version, acknowledge_warnings=True))
    table_confirm(table=table, by=admin_user)
    _club, _role, got = table_access(user_id=admin_user.pk, club_slug=club.slug, pk=table.pk)
    assert got.confirmed_by == admin_user
    assert got.finished is True and got.status == "confirmed"
    assert got.confirmed_at == Table.objects.get(pk=table.pk).confirmed_at
    assert timezone.is_aware(got.confirmed_at)


def test_seats_and_hands_in_order_with_their_people(table: Table, scorekeeper_user: Any) -> None:
    hand_add(table=table, by=scorekeeper_user, change=HandChange(data=DEAL, expected_version=0))
    seats, hands = seats_and_hands(table)
    expected = list(table.seats.select_related("participant__member").order_by("position"))
    assert [values(s) for s in seats] == [values(s) for s in expected]
    assert [values(s.participant) for s in seats] == [values(s.participant) for s in expected]
    assert [s.participant.name for s in seats] == ["Ann", "Bob", "Gast"]
    assert seats[2].participant.member is None and seats[2].participant.is_guest
    assert values(seats[0].participant.member) == values(expected[0].participant.member)
    assert [values(h) for h in hands] == [values(h) for h in Hand.objects.order_by("number")]
    assert hands[0].data == DEAL


def test_every_change_of_a_hand_sends_the_model_signals(table: Table,
                                                         scorekeeper_user: Any) -> None:
    seen: list[tuple[str, int, Any]] = []

    def saved(sender: Any, instance: Hand, created: bool, **kwargs: Any) -> None:
        seen.append(("added" if created else "saved", instance.number, instance.data))

    def deleted(sender: Any, instance: Hand, **kwargs: Any) -> None:
        seen.append(("deleted", instance.number, instance.data))

    post_save.connect(saved, sender=Hand)
    post_delete.connect(deleted, sender=Hand)
    try:
        first = hand_add(table=table, by=scorekeeper_user,
                         change=HandChange(data=DEAL, expected_version=0)).hand
        second = {"penalties": {"Ann": 5, "Bob": 0, "Gast": 12}}
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=second, expected_version=1))
        changed = {"penalties": {"Ann": 0, "Bob": 40, "Gast": 12}}
        hand_update(hand=first, by=scorekeeper_user,
                    change=HandChange(data=changed, expected_version=2))
        hand_delete(hand=first, by=scorekeeper_user, expected_version=3)
    finally:
        post_save.disconnect(saved, sender=Hand)
        post_delete.disconnect(deleted, sender=Hand)
    assert seen == [("added", 1, DEAL), ("added", 2, second), ("saved", 1, changed),
                    ("deleted", 1, changed), ("saved", 1, second)]  # the last: renumbered
    history = Hand.history.filter(table_id=table.pk).order_by("history_id")
    assert [(h.history_type, h.number, h.history_change_reason, h.history_user)
            for h in history] == [
        ("+", 1, "added", scorekeeper_user), ("+", 2, "added", scorekeeper_user),
        ("~", 1, "changed", scorekeeper_user), ("-", 1, "deleted", scorekeeper_user),
        ("~", 1, "renumbered", scorekeeper_user)]


def test_a_save_runs_a_fixed_number_of_statements(
        table: Table, club: Any, scorekeeper_user: Any,
        django_assert_max_num_queries: Callable[..., Any]) -> None:
    """The page's read (the table with its club and the role, its seats, its hands) is what
    the save checks; then one transaction: the claim, the hand, its history row and each
    seat, and the two change stamps, whatever the number of hands."""
    for version in range(len(CONTRACTS)):
        with django_assert_max_num_queries(3):
            _club, role, got = table_access(user_id=scorekeeper_user.pk, club_slug=club.slug,
                                            pk=table.pk)
            seats, hands = seats_and_hands(got)
        data = {"penalties": {"Ann": 0, "Bob": 10 + version, "Gast": 3}}
        with django_assert_max_num_queries(7 + len(seats)) as captured:  # savepoint, 2 stamps
            scores.hand_add(table=got, by=scorekeeper_user, role=role, seats=seats, hands=hands,
                            change=scores.HandChange(data=data, expected_version=version))
        writes = [q["sql"] for q in captured.captured_queries
                  if q["sql"].startswith(("INSERT", "UPDATE", "DELETE"))]
        assert len(writes) == 5 + len(seats), writes  # with the two change stamps
    assert Hand.objects.filter(table=table).count() == len(CONTRACTS)


def test_short_column_names_stay_apart(club: Any, make_member: Callable[..., Any],
                                       make_competition: Callable[..., Any],
                                       make_evening: Callable[..., Any],
                                       make_round: Callable[..., Any],
                                       seat_table: Callable[..., Any]) -> None:
    members = [make_member(club, name="Ann de Vries"), make_member(club, name="Bob Jansen")]
    evening = make_evening(make_competition(club, "jokeren"), members,
                           guests=["Gast Bep", "Gast Johan"])
    table = seat_table(make_round(evening), list(evening.participants.all()))
    assert match_state(table).short_sides == [
        ("Ann", "Ann de Vries"), ("Bob", "Bob Jansen"),
        ("Gast Bep", "Gast Bep"), ("Gast Johan", "Gast Johan")]
