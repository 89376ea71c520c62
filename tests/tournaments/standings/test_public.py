"""Public pages (no login unless the club turned them off), the TV view, and the URL × role
matrix of every score and standings page with real objects of both clubs."""

from typing import Any

import pytest
from django.urls import reverse

from clubmanager.models import Club
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.games import sample_hands
from tournaments.models import Hand
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, play_big_five):
    played = play_big_five(club, ("Ann", "Bob", "Cor"))
    return {**played, "hand": Hand.objects.get(table=played["table"])}


def public_urls(club: Club, played: dict[str, Any]) -> list[str]:
    kw = {"club": club.slug}
    return [
        reverse("tournaments:public_standings", kwargs={**kw, "pk": played["competition"].pk}),
        reverse("tournaments:public_evening", kwargs={**kw, "pk": played["evening"].pk}),
        reverse("tournaments:tv", kwargs={**kw, "pk": played["competition"].pk}),
    ]


def test_public_pages_need_no_login(client, club, played):
    for url in public_urls(club, played):
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert "Ann" in body and "hand-form" not in body
        assert 'name="csrfmiddlewaretoken"' not in body or "language" in body


def test_tv_refreshes_itself(client, club, played):
    url = public_urls(club, played)[2]
    body = client.get(url).content.decode()
    assert 'hx-trigger="every 3s"' in body and 'http-equiv="refresh"' in body
    partial = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and 'id="screen"' in partial


def test_public_pages_off_needs_a_login(client, club, played, client_for, member_user,
                                        admin_user, other_admin_user):
    setting = reverse("tournaments:public_pages_setting", kwargs={"club": club.slug})
    assert client_for(member_user).post(setting, {}).status_code == 403
    assert client_for(admin_user).post(setting, {}).status_code == 302
    club.refresh_from_db()
    assert club.public_pages is False
    for url in public_urls(club, played):
        assert client.get(url).status_code == 302  # to the login page
        assert client_for(member_user).get(url).status_code == 200
        assert client_for(other_admin_user).get(url).status_code == 404
    client_for(admin_user).post(setting, {"public_pages": "on"})
    club.refresh_from_db()
    assert club.public_pages is True


def test_another_clubs_objects_are_not_public_through_this_club(client, other_club, played):
    for url in public_urls(other_club, played):
        assert client.get(url).status_code == 404


# URL name → (kwargs from `played`, method, minimum role that gets 2xx/3xx)
MATRIX = {
    "table_scores": ("table", "get", "member"),
    "hand_check": ("table", "post", "scorekeeper"),
    "hand_add": ("table", "post", "scorekeeper"),
    "table_confirm": ("table", "post", "admin"),  # an unseated scorekeeper may not confirm
    "table_unconfirm": ("table", "post", "admin"),
    "table_history": ("table", "get", "admin"),
    "hand_edit": ("hand", "get", "scorekeeper"),
    "hand_delete": ("hand", "post", "scorekeeper"),
    "evening_status_board": ("evening", "get", "member"),
    "standings": ("competition", "get", "member"),
    "evening_results": ("evening", "get", "member"),
    "public_standings": ("competition", "get", None),
    "public_evening": ("evening", "get", None),
    "tv": ("competition", "get", None),
}
RANK = {None: 0, "member": 1, "scorekeeper": 2, "admin": 3}


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_url_role_matrix(name, club, played, client_for, member_user, scorekeeper_user,
                         admin_user, other_admin_user):
    key, method, minimum = MATRIX[name]
    url = reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": played[key].pk})
    users = {"member": member_user, "scorekeeper": scorekeeper_user, "admin": admin_user}
    for role, user in users.items():
        client = client_for(user)
        response = getattr(client, method)(url, {"version": -1} if method == "post" else None)
        allowed = RANK[role] >= RANK[minimum]
        if allowed:
            assert response.status_code in (200, 204, 302), (name, role, response.status_code)
        else:
            assert response.status_code == 403, (name, role, response.status_code)
    other = getattr(client_for(other_admin_user), method)(url)
    expected_other = 200 if minimum is None else 404
    assert other.status_code == expected_other, (name, other.status_code)
    assert Hand.objects.count() == 1  # nothing was added or deleted with a stale version


def test_tv_shows_tonight_not_a_planned_evening_ahead(client, club, played, make_evening):
    # The played evening is in the past; one planned ahead must not replace it on the screen.
    import datetime

    from django.utils import timezone

    competition = played["competition"]
    played["evening"].date = timezone.localdate()
    played["evening"].save()
    make_evening(competition, status="planned",
                 date=timezone.localdate() + datetime.timedelta(days=14))
    url = public_urls(club, played)[2]
    body = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Vanavond" in body and "finished" not in body
    assert "uitgespeeld 1" in body  # tonight's one table is finished


def test_tv_sends_every_row_of_a_long_season_for_the_screen_to_page_through(
        client, club, played, make_member, make_evening, make_round, seat_table,
        scorekeeper_user):
    """The screen itself deals the rows into columns and pages (tests/browser/test_tv_fits.py):
    the server sends them all, with the words for the page the legend shows."""
    competition = played["competition"]
    for group in range(11):  # 33 more members play one table each: 36 in the standings
        members = [make_member(club, name=f"Speler {group}-{i}") for i in range(3)]
        evening = make_evening(competition, members)
        table = seat_table(make_round(evening), list(evening.participants.all()))
        for version, hand in enumerate(sample_hands("big_five", sides_of(table.seats.all()))):
            hand_add(table=table, by=scorekeeper_user,
                     change=HandChange(data=hand, expected_version=version))
    body = client.get(public_urls(club, played)[2]).content.decode()
    assert body.count('class="standings tv-standings"') == 1
    assert body.count("<tr") == 36 + 1  # one header row
    assert "meer" not in body
    assert "van 36, wisselt elke 15 s" in body  # the legend, once tv.js has pages to turn
