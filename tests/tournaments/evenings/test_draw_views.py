"""Drawing rounds through the pages: 13/16/17 present, swap, redraw, late arrival, projector."""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from django.utils.translation import gettext, override

from tournaments.draws.draw import meetings
from tournaments.draws.services import round_draw, round_redraw, seat_late_arrival, seat_swap
from tournaments.models import EveningStatus, FixedPair, Hand, Participant, Round, Seat, Table


def url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


@pytest.fixture
def evening_of(
    club: Any, make_competition: Callable[..., Any], make_evening: Callable[..., Any],
    make_member: Callable[..., Any],
) -> Callable[..., Any]:
    def make(n: int, game: str = "jokeren", status: str = EveningStatus.CHECKIN) -> Any:
        competition = make_competition(club, game)
        members = [make_member(club, name=f"Lid {i:02}") for i in range(n)]
        return make_evening(competition, members=members, status=status)

    return make


def seating(round_: Round) -> list[list[int]]:
    return [
        [s.participant_id for s in t.seats.order_by("position")]
        for t in round_.tables.order_by("number")
    ]


@pytest.mark.parametrize(("n", "sizes"), [
    (13, [4, 3, 3, 3]), (16, [4, 4, 4, 4]), (17, [4, 4, 3, 3, 3]),
])
def test_admin_draws_two_rounds(
    admin_client: Any, club: Any, evening_of: Callable[..., Any], n: int, sizes: list[int],
    django_assert_max_num_queries: Any,
) -> None:
    evening = evening_of(n)
    for _ in range(2):
        response = admin_client.post(url("round_draw", club, evening.pk))
        assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.status == EveningStatus.PLAYING
    rounds = list(evening.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2]
    for round_ in rounds:
        tables = list(round_.tables.order_by("number"))
        assert [t.seats.count() for t in tables] == sizes
        assert all(t.game == "jokeren" and t.options == evening.competition.options
                   for t in tables)
        assert all(1 <= t.first_dealer <= len(sizes) + 4 for t in tables)
        seated = [s.participant_id for t in tables for s in t.seats.all()]
        assert sorted(seated) == sorted(evening.participants.values_list("pk", flat=True))
    if n == 16:  # nobody meets twice in the evening
        assert not set(meetings(seating(rounds[0]))) & set(meetings(seating(rounds[1])))
    with django_assert_max_num_queries(12):
        page = admin_client.get(url("evening_detail", club, evening.pk))
    text = page.content.decode()
    assert text.count('class="draw-table ') == 2 * len(sizes)
    assert text.count("badge role dealer") == text.count("badge role keeper") == 2 * len(sizes)


def test_sides_follow_the_engine_bridge_for_team_tables(
    club: Any, evening_of: Callable[..., Any]
) -> None:
    evening = evening_of(13, game="high_five_1959")
    round_ = round_draw(evening=evening, seed=5)
    tables = list(round_.tables.order_by("number"))
    assert [t.seats.count() for t in tables] == [4, 4, 3, 2]
    seats = list(tables[0].seats.order_by("position"))
    assert [s.team for s in seats] == [1, 2, 1, 2]
    partners = f"{seats[0].participant.name} & {seats[2].participant.name}"
    assert seats[0].side == seats[2].side == partners
    assert all(s.team is None for s in tables[2].seats.all())


def test_fixed_pairs_sit_as_partners(
    club: Any, evening_of: Callable[..., Any]
) -> None:
    evening = evening_of(16, game="high_five_1959")
    members = [p.member for p in evening.participants.select_related("member")]
    FixedPair.objects.create(competition=evening.competition, first=members[0], second=members[5])
    round_ = round_draw(evening=evening, seed=11)
    a = Seat.objects.get(table__round=round_, participant__member=members[0])
    b = Seat.objects.get(table__round=round_, participant__member=members[5])
    assert a.table_id == b.table_id and a.team == b.team and abs(a.position - b.position) == 2


def test_same_seed_same_draw(club: Any, evening_of: Callable[..., Any]) -> None:
    evening = evening_of(17)
    round_ = round_draw(evening=evening, seed=2024)
    first = seating(round_)
    dealers = list(round_.tables.order_by("number").values_list("first_dealer", "scorekeeper"))
    round_redraw(round=round_, seed=2024)
    assert seating(round_) == first
    assert list(round_.tables.order_by("number").values_list("first_dealer", "scorekeeper")) == (
        dealers
    )
    round_redraw(round=round_)
    round_.refresh_from_db()
    assert round_.seed != 2024


def test_redraw_through_the_page_and_refused_with_scores(
    admin_client: Any, club: Any, evening_of: Callable[..., Any], admin_user: Any
) -> None:
    evening = evening_of(16)
    round_ = round_draw(evening=evening, seed=1)
    old_seed = round_.seed
    assert admin_client.post(url("round_redraw", club, round_.pk)).status_code == 302
    round_.refresh_from_db()
    assert round_.seed != old_seed and round_.tables.count() == 4
    table = round_.tables.first()
    Hand.objects.create(table=table, number=1, data={}, created_by=admin_user)
    Table.objects.filter(pk=table.pk).update(hand_count=1)
    before = seating(round_)
    response = admin_client.post(url("round_redraw", club, round_.pk), follow=True)
    with override("nl"):
        refused = gettext("Round %(number)s already has scores and cannot be redrawn.") % {
            "number": round_.number
        }
    assert refused in response.content.decode()
    round_.refresh_from_db()
    assert seating(round_) == before


def test_swap_two_seats(admin_client: Any, club: Any, evening_of: Callable[..., Any]) -> None:
    evening = evening_of(13)
    round_ = round_draw(evening=evening, seed=3)
    a = Seat.objects.get(table__round=round_, table__number=1, position=1)
    b = Seat.objects.get(table__round=round_, table__number=2, position=2)
    pa, pb = a.participant, b.participant
    assert admin_client.get(url("seat_swap", club, round_.pk)).status_code == 200
    response = admin_client.post(url("seat_swap", club, round_.pk),
                                 {"first": a.pk, "second": b.pk})
    assert response.status_code == 302
    assert Seat.objects.get(table__round=round_, table__number=1, position=1).participant == pb
    swapped = Seat.objects.get(table__round=round_, table__number=2, position=2)
    assert swapped.participant == pa and swapped.side == pa.name
    same = admin_client.post(url("seat_swap", club, round_.pk), {"first": a.pk, "second": a.pk})
    assert same.status_code == 200 and same.context["form"].errors


def test_swap_within_a_team_table_changes_partners(
    club: Any, evening_of: Callable[..., Any]
) -> None:
    evening = evening_of(8, game="high_five_1959")
    round_ = round_draw(evening=evening, seed=3)
    table = round_.tables.get(number=1)
    s1, s2 = table.seats.get(position=1), table.seats.get(position=2)
    seat_swap(first=s1, second=s2)
    seats = list(table.seats.order_by("position"))
    assert seats[0].side == f"{seats[0].participant.name} & {seats[2].participant.name}"


def test_swap_refused_when_a_table_has_scores(
    admin_client: Any, club: Any, evening_of: Callable[..., Any], admin_user: Any
) -> None:
    evening = evening_of(8)
    round_ = round_draw(evening=evening, seed=3)
    t1, t2 = round_.tables.order_by("number")
    Hand.objects.create(table=t1, number=1, data={}, created_by=admin_user)
    a, b = t1.seats.first(), t2.seats.first()
    response = admin_client.post(url("seat_swap", club, round_.pk), {"first": a.pk, "second": b.pk})
    assert response.status_code == 200
    with override("nl"):
        assert gettext("A table with scores keeps its seats.") in response.content.decode()
    assert t1.seats.get(pk=a.pk).participant_id == a.participant_id


def test_late_arrival_joins_a_table_with_room(
    admin_client: Any, club: Any, evening_of: Callable[..., Any], make_member: Callable[..., Any]
) -> None:
    evening = evening_of(13)
    round_ = round_draw(evening=evening, seed=8)
    late = make_member(club, name="Laatkomer")
    assert admin_client.get(url("late_arrival", club, round_.pk)).status_code == 200
    response = admin_client.post(url("late_arrival", club, round_.pk), {"person": f"m{late.pk}"})
    assert response.status_code == 302
    seat = Seat.objects.get(table__round=round_, participant__member=late)
    assert seat.table.seats.count() == 4
    assert sorted(t.seats.count() for t in round_.tables.all()) == [3, 3, 4, 4]


def test_late_arrival_when_all_tables_are_full_forms_a_new_table(
    club: Any, evening_of: Callable[..., Any]
) -> None:
    evening = evening_of(16)
    round_ = round_draw(evening=evening, seed=8)
    guest = Participant.objects.create(evening=evening, guest_name="Gast")
    seat = seat_late_arrival(round=round_, participant=guest)
    sizes = Counter(t.seats.count() for t in round_.tables.all())
    assert sizes == {4: 3, 3: 1, 2: 1}
    assert seat.table.number == 5
    assert all(t.first_dealer <= t.seats.count() and t.scorekeeper <= t.seats.count()
               for t in round_.tables.all())


def test_late_arrival_guest_through_the_page(
    admin_client: Any, club: Any, evening_of: Callable[..., Any]
) -> None:
    evening = evening_of(13)
    round_ = round_draw(evening=evening, seed=8)
    response = admin_client.post(url("late_arrival", club, round_.pk), {"guest_name": "Wim"})
    assert response.status_code == 302
    assert Seat.objects.filter(table__round=round_, participant__guest_name="Wim").exists()
    empty = admin_client.post(url("late_arrival", club, round_.pk), {})
    assert empty.status_code == 200 and empty.context["form"].errors


def test_projector_page_for_members(
    client_for: Callable[[Any], Any], member_user: Any, club: Any,
    evening_of: Callable[..., Any], django_assert_max_num_queries: Any,
) -> None:
    evening = evening_of(17)
    round_ = round_draw(evening=evening, seed=8)
    client = client_for(member_user)
    with django_assert_max_num_queries(8):
        response = client.get(url("round_projector", club, round_.pk))
    text = response.content.decode()
    assert response.status_code == 200
    assert text.count('class="projector-table"') == 5
    for participant in evening.participants.select_related("member"):
        assert participant.name in text


def test_member_cannot_draw(
    client_for: Callable[[Any], Any], member_user: Any, scorekeeper_user: Any, club: Any,
    evening_of: Callable[..., Any],
) -> None:
    evening = evening_of(8)
    for user in (member_user, scorekeeper_user):
        assert client_for(user).post(url("round_draw", club, evening.pk)).status_code == 403
    assert not evening.rounds.exists()


def test_draw_refused_for_a_planned_evening_or_one_player(
    admin_client: Any, club: Any, evening_of: Callable[..., Any]
) -> None:
    planned = evening_of(8, status=EveningStatus.PLANNED)
    response = admin_client.post(url("round_draw", club, planned.pk), follow=True)
    assert not planned.rounds.exists()
    assert response.status_code == 200
    alone = evening_of(1)
    admin_client.post(url("round_draw", club, alone.pk))
    assert not alone.rounds.exists()


def test_draw_uses_the_seasons_history(
    club: Any, make_competition: Callable[..., Any], make_evening: Callable[..., Any],
    make_member: Callable[..., Any],
) -> None:
    """Players who met often earlier in the season are kept apart when possible."""
    competition = make_competition(club, "jokeren")
    members = [make_member(club) for _ in range(8)]
    for _ in range(3):
        earlier = make_evening(competition, members=members)
        round_ = Round.objects.create(evening=earlier, number=1, seed=1)
        parts = list(earlier.participants.order_by("member_id"))
        for number, group in enumerate((parts[:4], parts[4:]), start=1):
            table = Table.objects.create(round=round_, number=number, game="jokeren")
            for pos, p in enumerate(group, start=1):
                Seat.objects.create(table=table, position=pos, participant=p, side=p.name)
    tonight = make_evening(competition, members=members)
    round_ = round_draw(evening=tonight, seed=77)
    first_four = {m.pk for m in members[:4]}
    for table in round_.tables.all():
        ids = {s.participant.member_id for s in table.seats.select_related("participant")}
        assert len(ids & first_four) == 2


@pytest.mark.parametrize("seed", range(8))
def test_the_drawn_scorekeeper_is_a_member_not_a_walk_in_guest(
    club: Any, make_competition: Callable[..., Any], make_evening: Callable[..., Any],
    make_member: Callable[..., Any], seed: int,
) -> None:
    """Guests have no login: with one member and three guests at the table, whatever the
    seed, the member keeps score (and re-seating keeps it that way)."""
    evening = make_evening(make_competition(club, "jokeren"), members=[make_member(club)],
                           guests=["Gast A", "Gast B", "Gast C"], status=EveningStatus.CHECKIN)
    round_ = round_draw(evening=evening, seed=seed)
    table = round_.tables.get()

    def keeper() -> Seat:
        table.refresh_from_db()
        return table.seats.get(position=table.scorekeeper)

    assert keeper().participant.member_id is not None
    member_seat, guest_seat = keeper(), table.seats.exclude(position=table.scorekeeper).first()
    seat_swap(first=member_seat, second=guest_seat)
    assert keeper().participant.member_id is not None


def test_the_draw_is_checked_on_its_own_page_not_shown_on_the_projector(
    client_for: Callable[..., Any], member_user: Any, admin_user: Any, club: Any,
    evening_of: Callable[..., Any],
) -> None:
    """A member recomputes the draw from its number, the players and the earlier rounds; the
    projector and the evening page show no seed. A swap after the draw shows as a difference."""
    evening = evening_of(9)
    first = round_draw(evening=evening, seed=4242)
    second = round_draw(evening=evening, seed=777)  # drawn with round 1 as history
    member = client_for(member_user)
    for round_ in (first, second):
        page = member.get(url("round_draw_check", club, round_.pk)).content.decode()
        assert str(round_.seed) in page
        assert "Nu opnieuw berekend geeft de loting precies deze tafels." in page
    for name in ("round_projector",):
        assert "777" not in member.get(url(name, club, second.pk)).content.decode()
    assert "4242" not in member.get(url("evening_detail", club, evening.pk)).content.decode()

    seats = list(Seat.objects.filter(table__round=second).order_by("table__number", "position"))
    seat_swap(first=seats[0], second=seats[-1])
    page = member.get(url("round_draw_check", club, second.pk)).content.decode()
    assert "De tafels wijken af van de loting" in page
