"""Access matrix of the competition, evening and draw pages, with real objects.

(The foundation's tests/clubmanager/test_isolation.py discovers these URLs too and checks them
with guessed ids; here each page is opened with existing objects of the club, as anonymous,
member, scorekeeper, club admin and admin of another club, and through another club's URL.)
"""

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from clubmanager.models import Role
from tests.clubmanager.test_isolation import snapshot
from tournaments.draws.services import round_draw
from tournaments.models import EveningStatus

ADMIN, MEMBER = Role.ADMIN, Role.MEMBER
#: url name → (object the pk comes from or None, minimum role, GET allowed)
PAGES: dict[str, tuple[str | None, str, bool]] = {
    "competition_list": (None, MEMBER, True),
    "competition_add": (None, ADMIN, True),
    "competition_detail": ("competition", MEMBER, True),
    "competition_edit": ("competition", ADMIN, True),
    "evening_add": ("competition", ADMIN, True),
    "evening_detail": ("evening", MEMBER, True),
    "evening_status": ("evening", ADMIN, False),
    "evening_counts": ("evening", ADMIN, False),
    "checkin": ("evening", ADMIN, True),
    "round_draw": ("evening", ADMIN, False),
    "round_redraw": ("round", ADMIN, False),
    "seat_swap": ("round", ADMIN, True),
    "late_arrival": ("round", ADMIN, True),
    "round_projector": ("round", MEMBER, True),
    "round_draw_check": ("round", MEMBER, True),
}


def test_every_page_of_this_area_is_in_the_matrix() -> None:
    from tournaments.competitions.views import competitions
    from tournaments.evenings.views import draws, evenings

    names = {p.name for m in (competitions, draws, evenings) for p in m.urlpatterns}
    assert names == set(PAGES)


def _objects(club: Any, make_competition: Any, make_evening: Any, make_member: Any) -> dict:
    competition = make_competition(club, "jokeren")
    members = [make_member(club) for _ in range(5)]
    evening = make_evening(competition, members=members, status=EveningStatus.PLAYING)
    round_ = round_draw(evening=evening, seed=1)
    return {"competition": competition, "evening": evening, "round": round_}


@pytest.fixture
def worlds(
    club: Any, other_club: Any, make_competition: Callable[..., Any],
    make_evening: Callable[..., Any], make_member: Callable[..., Any],
) -> dict[str, dict[str, Any]]:
    return {
        "ours": _objects(club, make_competition, make_evening, make_member),
        "theirs": _objects(other_club, make_competition, make_evening, make_member),
    }


def page_url(name: str, club: Any, objects: dict[str, Any]) -> str:
    source = PAGES[name][0]
    kwargs: dict[str, Any] = {"club": club.slug}
    if source:
        kwargs["pk"] = objects[source].pk
    return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_access_matrix(
    name: str, client: Any, client_for: Callable[[Any], Any], club: Any, worlds: dict,
    admin_user: Any, scorekeeper_user: Any, member_user: Any, other_admin_user: Any,
) -> None:
    _source, minimum, can_get = PAGES[name]
    url = page_url(name, club, worlds["ours"])
    other = client_for(other_admin_user)
    lower = {
        role: client_for(user)
        for user, role in ((member_user, Role.MEMBER), (scorekeeper_user, Role.SCOREKEEPER))
    }
    # anonymous: to the login page, nothing changes
    before = snapshot()
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    # admin of another club: 404, nothing changes
    assert other.get(url).status_code == 404
    assert other.post(url).status_code == 404
    # roles below the minimum: 403; at or above: in
    for role, low_client in lower.items():
        response = low_client.get(url)
        if Role.at_least(role, minimum):
            assert response.status_code == (200 if can_get else 405), (name, role)
        else:
            assert response.status_code == 403, (name, role)
            assert low_client.post(url).status_code == 403
    assert snapshot() == before
    response = client_for(admin_user).get(url)
    assert response.status_code == (200 if can_get else 405), name


@pytest.mark.parametrize("name", sorted(n for n, (src, _m, _g) in PAGES.items() if src))
def test_another_clubs_objects_through_our_url_are_not_found(
    name: str, client_for: Callable[[Any], Any], club: Any, worlds: dict, admin_user: Any
) -> None:
    url = page_url(name, club, worlds["theirs"])
    client = client_for(admin_user)
    before = snapshot()
    assert client.get(url).status_code in (404, 405)
    assert client.post(url, {"status": "closed", "action": "in"}).status_code == 404
    assert snapshot() == before
