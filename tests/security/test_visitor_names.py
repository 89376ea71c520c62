"""Names as a visitor sees them, on every public and shared page of every game (docs/privacy.md,
"Openbare pagina's"): each member as they chose (hidden, short or full), team labels included.

Four members sit at one table; in High Five 1959 that is two teams (seats 1 & 3 against 2 & 4),
whose label names both partners. The pages: the club's public pages (every page the URL matrix
opens to anyone), for a closed evening and for tonight's evening, the TV screen (whole and its
htmx refresh) and the share page. A hidden member's first name and surname appear nowhere in
the HTML, a short member's surname appears nowhere, and each name appears in its chosen form.
A logged-in member of the club sees full names, team labels too (the share page excepted).
"""

from __future__ import annotations

import datetime
import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubmanager.models import Club, PublicName
from tests.security.test_url_matrix import EXPECTED, PUBLIC, _expected
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.games import sample_hands, site_games
from tournaments.models import Evening, EveningStatus
from tournaments.shared.matches import sides_of
from tournaments.standings.services.sharing import evening_share_code_renew

pytestmark = pytest.mark.django_db

#: seat order: in a team game seats 1 & 3 are partners, and 2 & 4
PEOPLE = [  # name, number, choice, as a visitor sees it
    ("Henk van Leeuwen", "12", PublicName.HIDDEN, "lid 12"),
    ("Thea Dekker", "13", PublicName.SHORT, "Thea D."),
    ("Wilma Brouwer", "14", PublicName.FULL, "Wilma Brouwer"),
    ("Gijs Kuipers", "15", PublicName.SHORT, "Gijs K."),
]
#: Words that must not be on a visitor's page: a hidden member's every name, a short member's
#: surname (any case, as a whole word).
SECRETS = ["Henk", "van Leeuwen", "Leeuwen", "Dekker", "Kuipers"]
TEAMS_FOR_VISITORS = ["lid 12 & Wilma Brouwer", "Thea D. & Gijs K."]
TEAMS_FOR_MEMBERS = ["Henk van Leeuwen & Wilma Brouwer", "Thea Dekker & Gijs Kuipers"]
#: The club's pages anyone may open (the site pages, like the login, show no member).
PUBLIC_CLUB_PAGES = sorted(name for name, rows in EXPECTED.items()
                           if rows["GET"] == _expected(PUBLIC) and name.startswith("tournaments:"))
GAMES = [game.key for game in site_games()]


def _play(evening: Evening, make_round: Any, seat_table: Any, by: Any,
          members: list[Any]) -> None:
    people = {p.member_id: p for p in evening.participants.all()}
    table = seat_table(make_round(evening), [people[m.pk] for m in members])
    for version, hand in enumerate(sample_hands(table.game, sides_of(table.seats.all()))):
        hand_add(table=table, by=by, change=HandChange(data=hand, expected_version=version))


@pytest.fixture(params=GAMES)
def season(request: Any, club: Club, make_member: Any, make_competition: Any,
           make_evening: Any, make_round: Any, seat_table: Any,
           scorekeeper_user: Any, admin_user: Any) -> dict[str, Any]:
    """A competition of the game with prizes and a points champion: a closed evening with a
    share link, and tonight's evening, each one table of the four played out."""
    game = request.param
    members = [make_member(club, name=name, member_number=number, public_name=choice)
               for name, number, choice, _shown in PEOPLE]
    today = timezone.localdate()
    competition = make_competition(
        club, game, start_date=today - datetime.timedelta(days=30),
        rules={"prizes": {"rule": {"top": 2}, "booby": True}, "champion": True})
    evenings = []
    for date in (today - datetime.timedelta(days=7), today):
        evening = make_evening(competition, members, date=date)
        _play(evening, make_round, seat_table, scorekeeper_user, members)
        evenings.append(evening)
    past, tonight = evenings
    Evening.objects.filter(pk=past.pk).update(status=EveningStatus.CLOSED)
    past.refresh_from_db()
    past = evening_share_code_renew(evening=past, by=admin_user)
    return {"game": game, "competition": competition, "past": past, "tonight": tonight}


def _pages(club: Club, season: dict[str, Any]) -> list[tuple[str, dict[str, str], list[str]]]:
    """Every visitor page of the season: (url, extra headers, the parts with names it shows:
    the ranking, the prize list, the points champion, the tables)."""
    evening_parts = ["Totaal", "Avondprijzen", "Ronde 1"]
    urls: list[tuple[str, dict[str, str], list[str]]] = []
    for name in PUBLIC_CLUB_PAGES:
        if name == "tournaments:evening_live":  # whole, and its poll
            url = reverse(name, kwargs={"club": club.slug, "pk": season["tonight"].pk})
            urls += [(url, headers, ["Ronde 1"]) for headers in ({}, {"HTTP_HX_REQUEST": "true"})]
        elif name == "tournaments:public_evening":
            urls += [(reverse(name, kwargs={"club": club.slug, "pk": season[key].pk}), {},
                      evening_parts) for key in ("past", "tonight")]
        elif name == "tournaments:tv":  # whole, and its refresh every 30 s
            url = reverse(name, kwargs={"club": club.slug, "pk": season["competition"].pk})
            urls += [(url, headers, ["Avondprijzen"])
                     for headers in ({}, {"HTTP_HX_REQUEST": "true"})]
        else:
            urls.append((reverse(name, kwargs={"club": club.slug,
                                               "pk": season["competition"].pk}),
                         {}, ["Puntenkampioen"]))
    urls.append((reverse("share:results", kwargs={"code": season["past"].share_code}), {},
                 evening_parts))
    return urls


def _text(client: Client, url: str, headers: dict[str, str]) -> str:
    response = client.get(url, **headers)  # type: ignore[arg-type]
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def _absent(word: str, body: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", body, re.IGNORECASE) is None


def test_every_public_page_is_walked() -> None:
    assert PUBLIC_CLUB_PAGES == ["tournaments:evening_live", "tournaments:public_evening",
                                 "tournaments:public_standings", "tournaments:tv"]
    assert sorted(GAMES) == ["big_five", "high_five_1959", "high_five_crowns",
                             "high_five_tiles", "jokeren", "klaverjassen"]


def test_a_visitor_sees_each_name_as_its_member_chose_on_every_page(
        client: Client, client_for: Any, club: Club, other_admin_user: Any,
        season: dict[str, Any]) -> None:
    team_game = season["game"] == "high_five_1959"
    for visitor in (client, client_for(other_admin_user)):  # another club's admin is a visitor
        for url, headers, shows in _pages(club, season):
            body = _text(visitor, url, headers)
            # every part of a page that names members is on the walk
            assert all(part in body for part in shows), f"{shows} not on {url}"
            for secret in SECRETS:
                assert _absent(secret, body), f"{secret!r} on {url} ({season['game']})"
            for _name, _number, _choice, shown in PEOPLE:
                assert shown in body, f"{shown!r} not on {url}"
            if team_game and ("/public/evenings/" in url or "/uitslag/" in url):
                for team in TEAMS_FOR_VISITORS:  # under each partner's name, the other
                    first, second = team.split(" & ")
                    assert f"met {second}" in body and f"met {first}" in body, \
                        f"team {team!r} not on {url}"


def test_a_member_of_the_club_sees_full_names_and_full_team_labels(
        client_for: Any, club: Club, member_user: Any, season: dict[str, Any]) -> None:
    member = client_for(member_user)
    for url, headers, _shows in _pages(club, season):
        body = _text(member, url, headers)
        if "/uitslag/" in url:  # the share page: as for a visitor, whoever opens it
            assert all(_absent(secret, body) for secret in SECRETS), url
            continue
        for name, _number, _choice, _shown in PEOPLE:
            assert name in body, f"{name!r} not on {url}"
        if season["game"] == "high_five_1959" and "/public/evenings/" in url:
            for team in TEAMS_FOR_MEMBERS:
                first, second = team.split(" & ")
                assert f"met {second}" in body and f"met {first}" in body, url
