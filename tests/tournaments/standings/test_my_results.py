"""'Mijn uitslagen': a member sees every evening they played, table by table and hand by hand
(points from the rules engine), their place, points and competition points, and where they stand
in each competition; linked from the club home; nothing of anyone else's own page."""


import pytest
from django.urls import reverse

from scoring import evaluate
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.games import sample_hands
from tournaments.shared.matches import sides_of, table_document
from tournaments.standings.selectors.standings import season_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, make_member, make_competition, make_evening, make_round, seat_table,
           scorekeeper_user, member_user):
    ann = make_member(club, name="Ann", user=member_user)
    others = [make_member(club, name=n) for n in ("Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren", name="Jokeren 2026"),
                           [ann, *others])
    table = seat_table(make_round(evening), list(evening.participants.all()))
    hands = sample_hands("jokeren", sides_of(table.seats.all()))
    for version, hand in enumerate(hands):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    return {"table": table, "hands": hands, "evening": evening}


def my_page(client) -> str:
    return client.get(reverse("tournaments:my_results", kwargs={"club": "harten-vrouw"})
                      ).content.decode()


def test_a_member_reads_their_evening_table_and_hands(client_for, member_user, club, played):
    table = played["table"]
    seat = table.seats.get(participant__member__name="Ann")
    evaluation = evaluate(table_document(table, table.seats.all(), played["hands"]))
    page = my_page(client_for(member_user))
    assert "Mijn uitslagen" in page and "Jokeren 2026" in page
    assert (f"plaats {seat.place}, {seat.points} punten, {seat.competition_points} "
            "competitiepunten") in page
    for name in ("Bob", "Cor", "Dirk"):
        assert f"<td>{name}</td>" in page
    per_hand = [h["points"]["Ann"] for h in evaluation["hands"]]
    for number, points in enumerate(per_hand, start=1):
        assert f'<li value="{number}">{points}' in page
    row = next(r for r in season_standings(table.round.evening.competition).rows
               if r.name == "Ann")
    assert f"Plaats {row.rank} van 4, {row.total} punten" in page


def test_the_club_home_links_to_it_only_for_a_login_with_a_member(
    client_for, member_user, admin_user, club, played,
):
    home = reverse("clubmanager:club_home", kwargs={"club": club.slug})
    link = reverse("tournaments:my_results", kwargs={"club": club.slug})
    assert link in client_for(member_user).get(home).content.decode()
    assert link not in client_for(admin_user).get(home).content.decode()
    assert "Nog geen uitslagen" in my_page(client_for(admin_user))


def test_the_page_runs_a_fixed_number_of_queries(
    client_for, member_user, club, played, make_evening, make_round, seat_table,
    scorekeeper_user, django_assert_max_num_queries,
):
    client = client_for(member_user)
    client.get(reverse("tournaments:my_results", kwargs={"club": club.slug}))
    competition = played["evening"].competition
    members = [p.member for p in played["evening"].participants.all()]
    for _ in range(3):  # three more evenings in the same competition
        evening = make_evening(competition, members)
        table = seat_table(make_round(evening), list(evening.participants.all()))
        for version, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all()))):
            hand_add(table=table, by=scorekeeper_user,
                     change=HandChange(data=hand, expected_version=version))
    with django_assert_max_num_queries(16):
        page = my_page(client)
    assert page.count('class="my-evening"') == 4


def test_a_member_reads_which_evenings_count_and_what_they_need(
        client_for, member_user, club, make_member, make_competition, make_evening):
    import datetime

    from tournaments.models import Round, Seat, Table

    ann = make_member(club, name="Ann", user=member_user)
    bob = make_member(club, name="Bob")
    competition = make_competition(club, "high_five_crowns", name="Beste van",
                                   rules={"count": {"best": 1}, "min_played": 3})
    for day, (a, b) in enumerate(((5, 1), (2, 4)), start=1):
        evening = make_evening(competition, [ann, bob],
                               date=datetime.date(2026, 9, 1) + datetime.timedelta(days=day))
        table = Table.objects.create(round=Round.objects.create(evening=evening, number=1,
                                                                seed=1),
                                     number=1, game="high_five_crowns", finished=True)
        for position, participant in enumerate(evening.participants.order_by("pk"), start=1):
            points = a if participant.member_id == ann.pk else b
            Seat.objects.create(table=table, position=position, participant=participant,
                                side=participant.name, points=points,
                                competition_points=points, place=1 if points >= 4 else 2)
    page = " ".join(my_page(client_for(member_user)).split())
    assert "Nog 1 avond nodig om in de stand te komen" in page
    assert "Telt mee: 2-9" in page
    assert "Telt niet mee: <del>3-9</del>" in page


def test_my_place_leaves_tonight_out_while_the_club_hides_the_ranking(
        client_for, member_user, club, played):
    from tournaments.models import Competition, Evening

    competition = played["evening"].competition
    Competition.objects.filter(pk=competition.pk).update(live_hide_from_round=1)
    page = my_page(client_for(member_user))
    assert "De stand van vanavond is verborgen tot de avond is afgesloten" in page
    assert "Plaats " not in page and "Nog niet in de stand" in page
    assert "competitiepunten" in page  # her own table stays
    Evening.objects.filter(pk=played["evening"].pk).update(status="closed")
    page = my_page(client_for(member_user))
    assert "verborgen" not in page and "Plaats " in page
