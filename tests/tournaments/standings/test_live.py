"""Change stamps, conditional polls (ETag, 304, Cache-Control) and the live page."""

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from clubmanager.models import PublicName
from tests.tournaments.evenings.test_closed_evening import (
    CASES,
    NOT_EVENING_RESULTS,
    closed,  # noqa: F401  (the fixture)
    discovered_services,
)
from tournaments.entry.services.scores import HandChange, hand_add, hand_delete
from tournaments.evenings.services import evenings
from tournaments.games import sample_hands
from tournaments.models import Competition, Evening, Hand
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db

#: Services the walk of test_closed_evening does not call, and how their change shows.
OTHER_WRITES = {
    "competitions.competition_update": "saves the competition: its receiver moves the stamp",
    "evenings.evening_create": "saves the evening: its receiver moves both stamps",
    "evenings.evening_update": "saves the evening: its receiver moves both stamps",
    "evenings.evening_counts_set": "saves the evening: its receiver moves both stamps",
    "evenings.evening_status_set": "saves the evening: its receiver moves both stamps",
    "evenings.evening_reopen": "saves the evening: its receiver moves both stamps",
    "calloffs.calloff_self_set": "saves or deletes a call-off: its receiver moves the stamps",
    "workbook.season_import_apply": "calls stamp_competition",
    "privacy.member_remove": "saves the member: the receiver moves the club's stamps",
}


def test_every_service_moves_the_stamp_or_says_why_not() -> None:
    others = set(NOT_EVENING_RESULTS) - set(OTHER_WRITES)
    assert set(OTHER_WRITES) <= set(NOT_EVENING_RESULTS)
    assert discovered_services() == set(CASES) | set(OTHER_WRITES) | others


def _stamps(evening: Evening) -> tuple[Any, Any]:
    evening = Evening.objects.select_related("competition").get(pk=evening.pk)
    return evening.changed, evening.competition.changed


@pytest.mark.parametrize("service", sorted(CASES))
def test_each_write_moves_the_stamps_of_its_evening_and_competition(
        service: str, closed: dict[str, Any]) -> None:  # noqa: F811
    evenings.evening_reopen(evening=closed["evening"], by=closed["admin"])
    closed["evening"].refresh_from_db()
    if service == "calloffs.calloff_remove":  # something to remove
        CASES["calloffs.calloff_add"](closed)
    before = _stamps(closed["evening"])
    CASES[service](closed)
    after = _stamps(closed["evening"])
    assert after[0] != before[0] and after[1] != before[1]


def test_closing_and_a_public_name_move_the_stamps(closed: dict[str, Any]) -> None:  # noqa: F811
    before = _stamps(closed["evening"])
    evenings.evening_reopen(evening=closed["evening"], by=closed["admin"])
    reopened = _stamps(closed["evening"])
    assert reopened[0] != before[0] and reopened[1] != before[1]
    member = closed["late"]
    member.public_name = PublicName.HIDDEN
    member.save()
    assert _stamps(closed["evening"]) != reopened


@pytest.fixture
def played(club: Any, play_big_five: Callable[..., Any]) -> dict[str, Any]:
    return dict(play_big_five(club, ("Ann Jansen", "Bob Smit", "Cor Vos")))


def _url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def _poll(client: Any, url: str, tag: str | None = None) -> Any:
    headers = {"HX-Request": "true"}
    if tag:
        headers["If-None-Match"] = tag
    return client.get(url, headers=headers)


@pytest.mark.parametrize("page", ["tv", "public_standings"])
def test_public_polls_are_conditional_and_shareable(client: Any, club: Any, played: dict[str, Any],
                                                    scorekeeper_user: Any, page: str) -> None:
    url = _url(page, club, played["competition"].pk)
    first = _poll(client, url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert "public" in first["Cache-Control"] and "max-age=2" in first["Cache-Control"]
    assert "HX-Request" in first["Vary"]
    unchanged = _poll(client, url, tag)
    assert unchanged.status_code == 304 and "public" in unchanged["Cache-Control"]
    hand = Hand.objects.filter(table=played["table"]).order_by("-number").first()
    assert hand is not None
    hand_delete(hand=hand, by=scorekeeper_user, expected_version=played["table"].version)
    changed = _poll(client, url, tag)
    assert changed.status_code == 200 and changed["ETag"] != tag


def test_member_pages_are_private(client_for: Callable[[Any], Any], club: Any,
                                  played: dict[str, Any], member_user: Any) -> None:
    client = client_for(member_user)
    for url in (_url("standings", club, played["competition"].pk),
                _url("tv", club, played["competition"].pk),
                _url("evening_live", club, played["evening"].pk)):
        for answer in (client.get(url), _poll(client, url)):
            assert answer.status_code == 200, url
            assert "private" in answer["Cache-Control"] and "public" not in answer[
                "Cache-Control"]


def test_the_live_page_shows_progress_and_a_provisional_ranking(
        client: Any, club: Any, played: dict[str, Any]) -> None:
    url = _url("evening_live", club, played["evening"].pk)
    body = client.get(url).content.decode()
    assert "tafel 1: spel" in body and "voorlopig" in body
    assert "Ann J." in body and "Ann Jansen" not in body  # as a visitor sees her
    assert 'http-equiv="refresh"' in body and 'hx-trigger="every 3s"' in body
    partial = _poll(client, url)
    assert "<html" not in partial.content.decode() and "Ann J." in partial.content.decode()


def test_the_club_can_hide_the_live_ranking(client: Any, club: Any,
                                            played: dict[str, Any]) -> None:
    Competition.objects.filter(pk=played["competition"].pk).update(live_hide_from_round=1)
    body = client.get(_url("evening_live", club, played["evening"].pk)).content.decode()
    assert "tafel 1: spel" in body and "verborgen" in body and "Ann J." in body


def test_the_live_page_needs_membership_without_public_pages(
        client: Any, club: Any, played: dict[str, Any]) -> None:
    club.public_pages = False
    club.save()
    response = client.get(_url("evening_live", club, played["evening"].pk))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_live_page_reads_in_a_fixed_number_of_queries(
        client: Any, club: Any, played: dict[str, Any], make_member: Any, make_round: Any,
        seat_table: Any, django_assert_max_num_queries: Any, scorekeeper_user: Any) -> None:
    url = _url("evening_live", club, played["evening"].pk)
    with django_assert_max_num_queries(8):
        client.get(url)
    evening = played["evening"]
    people = list(evening.participants.all())
    table = seat_table(make_round(evening, number=2), people)
    for version, hand in enumerate(sample_hands("big_five", sides_of(table.seats.all()))[:2]):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    with django_assert_max_num_queries(8):
        client.get(url)


def test_each_table_shows_its_deals_done_of_the_matchs_deals(
        client: Any, club: Any, played: dict[str, Any]) -> None:
    table = played["table"]
    table.refresh_from_db()
    body = client.get(_url("evening_live", club, played["evening"].pk)).content.decode()
    # the table played its match out: every deal of it done
    assert f"tafel 1: spel {table.hand_count} van {table.hand_count}" in body


def test_a_member_who_hides_the_name_is_not_named(client: Any, club: Any,
                                                 played: dict[str, Any]) -> None:
    bob = next(m for m in played["members"] if m.name == "Bob Smit")
    bob.public_name = PublicName.HIDDEN
    bob.save()
    body = client.get(_url("evening_live", club, played["evening"].pk)).content.decode()
    assert "Bob" not in body and "Ann J." in body


def test_the_hide_setting_is_in_the_competition_form_and_saved(
        client_for: Callable[[Any], Any], club: Any, played: dict[str, Any],
        admin_user: Any) -> None:
    from tournaments.competitions.services.competitions import competition_update

    competition = played["competition"]
    page = client_for(admin_user).get(reverse("tournaments:competition_edit", kwargs={
        "club": club.slug, "pk": competition.pk})).content.decode()
    assert 'name="live_hide_from_round"' in page and 'name="live_hide_after_minutes"' in page
    assert "Livepagina" in page
    competition_update(competition=competition, options=competition.options,
                       live_hide_from_round=3, live_hide_after_minutes=90)
    competition.refresh_from_db()
    assert (competition.live_hide_from_round, competition.live_hide_after_minutes) == (3, 90)


def test_the_hidden_ranking_shows_once_the_evening_is_closed(
        client: Any, club: Any, played: dict[str, Any]) -> None:
    Competition.objects.filter(pk=played["competition"].pk).update(live_hide_from_round=1)
    url = _url("evening_live", club, played["evening"].pk)
    hidden = client.get(url).content.decode()
    assert "verborgen" in hidden and "<table" not in hidden and "tafel 1: spel" in hidden
    Evening.objects.filter(pk=played["evening"].pk).update(status="closed")
    shown = client.get(url).content.decode()
    assert "verborgen" not in shown and "<table" in shown and "voorlopig" not in shown


def test_live_pages_an_outsider_must_not_see_are_404(
        client: Any, club: Any, played: dict[str, Any], other_club: Any,
        play_big_five: Callable[..., Any], make_evening: Any, make_member: Any,
        make_competition: Any) -> None:
    theirs = {"evening": make_evening(make_competition(other_club, "big_five"), [
        make_member(other_club, name=n) for n in ("Xander Geheim", "Yvonne Geheim")])}
    planned = make_evening(played["competition"], played["members"], status="planned")
    archived = play_big_five(club, ("Zoe Verborgen", "Wim Verborgen"))
    Competition.objects.filter(pk=archived["competition"].pk).update(archived_at="2026-01-01T00:00Z")
    for pk in (theirs["evening"].pk, planned.pk, archived["evening"].pk, 999999):
        for answer in (client.get(_url("evening_live", club, pk)),
                       _poll(client, _url("evening_live", club, pk))):
            body = answer.content.decode()
            assert answer.status_code == 404, pk
            assert "Geheim" not in body and "Verborgen" not in body and "Ann" not in body
