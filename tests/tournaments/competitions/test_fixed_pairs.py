"""Fixed pairs: the services' rules, the club admin's page and the draw honouring a pair."""

from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tournaments.competitions.services.pairs import fixed_pair_create, fixed_pair_delete
from tournaments.draws.services import round_draw
from tournaments.models import EveningStatus, FixedPair, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams(club: Any, make_competition: Callable[..., Any]) -> Any:
    return make_competition(club, "high_five_1959", name="High Five winter")


@pytest.fixture
def people(club: Any, make_member: Callable[..., Any]) -> dict[str, Any]:
    return {name: make_member(club, name=name) for name in ("Ann", "Bob", "Cor", "Dirk")}


def refusal(**kwargs: Any) -> tuple[dict[str, list[str]] | None, list[str]]:
    """The service's refusal in English: (errors per field or None, all messages)."""
    with translation.override("en"), pytest.raises(ValidationError) as info:
        fixed_pair_create(**kwargs)
    exc = info.value
    fields = {k: [str(m) for e in v for m in e.messages] for k, v in exc.error_dict.items()} \
        if hasattr(exc, "error_dict") else None
    return fields, [str(m) for m in exc.messages]


def pairs_url(club: Any, competition: Any) -> str:
    return reverse("tournaments:fixed_pairs", kwargs={"club": club.slug, "pk": competition.pk})


def delete_url(club: Any, pair: Any) -> str:
    return reverse("tournaments:fixed_pair_delete", kwargs={
        "club": club.slug, "pk": pair.competition_id, "pair_pk": pair.pk})


# -- the services ---------------------------------------------------------------------------


def test_create_and_delete(teams: Any, people: dict[str, Any], admin_user: Any) -> None:
    pair = fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"],
                             by=admin_user)
    assert (pair.competition, pair.first, pair.second) == (teams, people["Ann"], people["Bob"])
    assert str(pair) == "Ann & Bob"
    fixed_pair_delete(pair=pair, by=admin_user)
    assert not FixedPair.objects.exists()


def test_the_same_person_twice_is_refused(teams: Any, people: dict[str, Any]) -> None:
    fields, _all = refusal(competition=teams, first=people["Ann"], second=people["Ann"])
    assert fields == {"second": ["Choose two different people for a pair."]}
    assert not FixedPair.objects.exists()


def test_a_member_of_another_club_is_refused(
    teams: Any, people: dict[str, Any], other_club: Any, make_member: Callable[..., Any]
) -> None:
    stranger = make_member(other_club, name="Xander")
    fields, _all = refusal(competition=teams, first=people["Ann"], second=stranger)
    assert fields == {"second": ["Xander is not an active member of this club."]}
    fields, _all = refusal(competition=teams, first=stranger, second=people["Ann"])
    assert fields == {"first": ["Xander is not an active member of this club."]}
    assert not FixedPair.objects.exists()


def test_an_inactive_member_is_refused(
    teams: Any, people: dict[str, Any], club: Any, make_member: Callable[..., Any]
) -> None:
    gone = make_member(club, name="Els", is_active=False)
    fields, _all = refusal(competition=teams, first=gone, second=people["Ann"])
    assert fields == {"first": ["Els is not an active member of this club."]}
    assert not FixedPair.objects.exists()


@pytest.mark.parametrize(("first", "second"), [
    ("Ann", "Cor"),  # Ann again as first: the database constraint would also catch it
    ("Cor", "Bob"),  # Bob again as second: likewise
    ("Cor", "Ann"),  # Ann, first of her pair, now as second: only the service catches it
    ("Bob", "Cor"),  # Bob, second of his pair, now as first: likewise
])
def test_a_member_already_paired_in_either_position_is_refused(
    teams: Any, people: dict[str, Any], first: str, second: str
) -> None:
    fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"])
    taken = first if first in ("Ann", "Bob") else second
    fields, _all = refusal(competition=teams, first=people[first], second=people[second])
    field = "first" if taken == first else "second"
    assert fields == {field: [f"{taken} already plays in a fixed pair in this competition."]}
    assert FixedPair.objects.count() == 1


def test_a_pair_in_another_competition_does_not_count(
    teams: Any, people: dict[str, Any], club: Any, make_competition: Callable[..., Any]
) -> None:
    fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"])
    spring = make_competition(club, "high_five_1959", name="High Five spring")
    fixed_pair_create(competition=spring, first=people["Bob"], second=people["Ann"])
    assert FixedPair.objects.filter(competition=spring).count() == 1


def test_a_game_without_teams_is_refused(
    club: Any, people: dict[str, Any], make_competition: Callable[..., Any]
) -> None:
    jokeren = make_competition(club, "jokeren", name="Jokeren")
    fields, messages = refusal(competition=jokeren, first=people["Ann"], second=people["Bob"])
    assert fields is None
    assert messages == [
        "Fixed pairs are only for team games; American Jokeren is not played in teams."
    ]
    assert not FixedPair.objects.exists()


def test_refusals_are_translated(teams: Any, people: dict[str, Any]) -> None:
    with translation.override("nl"), pytest.raises(ValidationError) as info:
        fixed_pair_create(competition=teams, first=people["Ann"], second=people["Ann"])
    assert info.value.messages == ["Kies twee verschillende mensen voor een koppel."]


# -- the page -------------------------------------------------------------------------------


def test_admin_adds_sees_and_removes_a_pair(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    people: dict[str, Any],
) -> None:
    client = client_for(admin_user)
    page = client.get(pairs_url(club, teams))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Nog geen vaste koppels." in text  # Dutch by default
    for member in people.values():
        assert f'<option value="{member.pk}">{member.name}</option>' in text

    response = client.post(pairs_url(club, teams),
                           {"first": people["Ann"].pk, "second": people["Cor"].pk}, follow=True)
    assert response.redirect_chain == [(pairs_url(club, teams), 302)]
    text = response.content.decode()
    assert "Ann en Cor spelen nu altijd samen." in text
    assert "Ann &amp; Cor" in text
    assert f'<option value="{people["Ann"].pk}">' not in text  # paired: no longer offered
    assert f'<option value="{people["Bob"].pk}">Bob</option>' in text
    pair = FixedPair.objects.get(competition=teams)
    assert (pair.first, pair.second) == (people["Ann"], people["Cor"])
    assert delete_url(club, pair) in text

    response = client.post(delete_url(club, pair), follow=True)
    assert response.redirect_chain == [(pairs_url(club, teams), 302)]
    text = response.content.decode()
    assert "Ann en Cor zijn geen vast koppel meer." in text
    assert "Ann &amp; Cor" not in text
    assert not FixedPair.objects.exists()


def test_the_page_in_english(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    people: dict[str, Any],
) -> None:
    client = client_for(admin_user)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"])
    text = client.get(pairs_url(club, teams)).content.decode()
    assert "<h1>Fixed pairs</h1>" in text and "Ann &amp; Bob" in text and "Add pair" in text


@pytest.mark.parametrize(("first", "second", "message"), [
    ("Ann", "Ann", "Kies twee verschillende mensen voor een koppel."),
    ("Cor", "Ann", "Ann speelt in deze competitie al in een vast koppel."),  # paired meanwhile
    ("Els", "Cor", "Els is geen actief lid van deze club."),  # deactivated meanwhile
])
def test_an_invalid_post_shows_the_rule_with_status_200(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    people: dict[str, Any], make_member: Callable[..., Any], first: str, second: str,
    message: str,
) -> None:
    people["Els"] = make_member(club, name="Els", is_active=False)
    fixed_pair_create(competition=teams, first=people["Bob"], second=people["Ann"])
    response = client_for(admin_user).post(
        pairs_url(club, teams), {"first": people[first].pk, "second": people[second].pk}
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert FixedPair.objects.count() == 1


def test_an_empty_post_asks_for_both_people(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any
) -> None:
    response = client_for(admin_user).post(pairs_url(club, teams), {})
    assert response.status_code == 200
    assert response.content.decode().count("Dit veld is verplicht.") == 2
    assert not FixedPair.objects.exists()


def test_another_clubs_member_is_not_a_choice(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    people: dict[str, Any], other_club: Any, make_member: Callable[..., Any],
) -> None:
    stranger = make_member(other_club, name="Xander")
    client = client_for(admin_user)
    assert "Xander" not in client.get(pairs_url(club, teams)).content.decode()
    response = client.post(pairs_url(club, teams),
                           {"first": people["Ann"].pk, "second": stranger.pk})
    assert response.status_code == 200
    assert not FixedPair.objects.exists()


def test_inactive_members_are_not_offered(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    make_member: Callable[..., Any],
) -> None:
    gone = make_member(club, name="Els", is_active=False)
    text = client_for(admin_user).get(pairs_url(club, teams)).content.decode()
    assert f'<option value="{gone.pk}">' not in text


def test_a_game_without_teams_has_no_form(
    client_for: Callable[..., Any], admin_user: Any, club: Any, people: dict[str, Any],
    make_competition: Callable[..., Any],
) -> None:
    jokeren = make_competition(club, "jokeren", name="Jokeren")
    client = client_for(admin_user)
    text = client.get(pairs_url(club, jokeren)).content.decode()
    assert "Amerikaans Jokeren wordt niet in teams gespeeld" in text
    assert 'name="first"' not in text
    response = client.post(pairs_url(club, jokeren),
                           {"first": people["Ann"].pk, "second": people["Bob"].pk})
    assert response.status_code == 200
    assert "Vaste koppels zijn er alleen voor teamspellen" in response.content.decode()
    assert not FixedPair.objects.exists()


def test_only_the_clubs_admin_gets_in(
    client_for: Callable[..., Any], club: Any, teams: Any, people: dict[str, Any],
    scorekeeper_user: Any, member_user: Any, other_admin_user: Any,
) -> None:
    pair = fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"])
    body = {"first": people["Cor"].pk, "second": people["Dirk"].pk}
    for user, status in ((scorekeeper_user, 403), (member_user, 403), (other_admin_user, 404)):
        client = client_for(user)
        assert client.get(pairs_url(club, teams)).status_code == status
        assert client.post(pairs_url(club, teams), body).status_code == status
        assert client.post(delete_url(club, pair)).status_code == status
    assert list(FixedPair.objects.all()) == [pair]
    anonymous = client_for(None).get(pairs_url(club, teams))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))


def test_another_clubs_competition_or_pair_is_404(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    other_club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
) -> None:
    theirs = make_competition(other_club, "high_five_1959")
    a, b = make_member(other_club, name="Xander"), make_member(other_club, name="Yvo")
    their_pair = fixed_pair_create(competition=theirs, first=a, second=b)
    client = client_for(admin_user)
    assert client.get(reverse("tournaments:fixed_pairs", kwargs={
        "club": club.slug, "pk": theirs.pk})).status_code == 404
    for pk in (theirs.pk, teams.pk):  # their pair, under their or our competition's id
        response = client.post(reverse("tournaments:fixed_pair_delete", kwargs={
            "club": club.slug, "pk": pk, "pair_pk": their_pair.pk}))
        assert response.status_code == 404
    assert FixedPair.objects.filter(pk=their_pair.pk).exists()


def test_delete_is_post_only(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    people: dict[str, Any],
) -> None:
    pair = fixed_pair_create(competition=teams, first=people["Ann"], second=people["Bob"])
    assert client_for(admin_user).get(delete_url(club, pair)).status_code == 405
    assert FixedPair.objects.filter(pk=pair.pk).exists()


def test_the_page_runs_a_fixed_number_of_queries(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    make_member: Callable[..., Any], django_assert_num_queries: Any,
) -> None:
    client = client_for(admin_user)
    counts = []
    for _ in range(2):
        for _ in range(3):
            fixed_pair_create(competition=teams, first=make_member(club),
                              second=make_member(club))
        with django_assert_num_queries(5) as captured:  # the session read from the cache
            assert client.get(pairs_url(club, teams)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_the_competition_page_links_to_it_for_admins_of_team_games(
    client_for: Callable[..., Any], admin_user: Any, scorekeeper_user: Any, club: Any,
    teams: Any, make_competition: Callable[..., Any],
) -> None:
    jokeren = make_competition(club, "jokeren", name="Jokeren")

    def detail(user: Any, competition: Any) -> str:
        return client_for(user).get(reverse("tournaments:competition_detail", kwargs={
            "club": club.slug, "pk": competition.pk})).content.decode()

    assert f'href="{pairs_url(club, teams)}"' in detail(admin_user, teams)
    assert "Vaste koppels" in detail(admin_user, teams)
    assert f'href="{pairs_url(club, jokeren)}"' not in detail(admin_user, jokeren)
    assert f'href="{pairs_url(club, teams)}"' not in detail(scorekeeper_user, teams)


# -- the draw -------------------------------------------------------------------------------


def test_a_pair_made_on_the_page_sits_together_in_every_draw(
    client_for: Callable[..., Any], admin_user: Any, club: Any, teams: Any,
    make_member: Callable[..., Any], make_evening: Callable[..., Any],
) -> None:
    members = [make_member(club, name=f"Speler {i:02}") for i in range(16)]
    evening = make_evening(teams, members=members, status=EveningStatus.CHECKIN)
    ann, bob = members[3], members[12]
    response = client_for(admin_user).post(pairs_url(club, teams),
                                           {"first": ann.pk, "second": bob.pk})
    assert response.status_code == 302
    for seed in (1, 7, 42, 2024, 99991):
        round_ = round_draw(evening=evening, seed=seed, by=admin_user)
        a = Seat.objects.get(table__round=round_, participant__member=ann)
        b = Seat.objects.get(table__round=round_, participant__member=bob)
        assert a.table_id == b.table_id, seed
        assert a.team is not None and a.team == b.team, seed
        assert abs(a.position - b.position) == 2, seed  # partners sit opposite
