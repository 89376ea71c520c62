"""Isolation matrix: every club page, discovered from the URLconf, is checked for

* anonymous visitors → redirected to the login page;
* a user of another club (GET and POST) → 404, and nothing in the database changes;
* a role below the page's minimum (GET and POST) → 403, nothing changes;
* the club's objects cannot be reached through another club's URL (guessed ids) → 404.

A new page under /clubs/<club>/ is picked up automatically; a clubmanager page without an entry in
OBJECT_KWARGS makes the suite fail, so nobody can add a club page without thinking about this.
"""

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps
from django.urls import URLResolver, get_resolver, reverse

from clubmanager.models import Club, Member, MemberImport, Role

_PARAM = re.compile(r"<(?:(?P<conv>\w+):)?(?P<name>\w+)>")
_VOLATILE = {"sessions.session", "axes.accessattempt", "axes.accesslog", "axes.accessfailurelog"}


def discover_club_urls() -> list[tuple[str, str, Any]]:
    """(url name, route, view) of every URL pattern that takes the club slug."""
    found: list[tuple[str, str, Any]] = []

    def walk(patterns: list[Any], prefix: str, namespaces: list[str]) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                ns = namespaces + [pattern.namespace] if pattern.namespace else namespaces
                walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
            else:
                route = prefix + str(pattern.pattern)
                if "<slug:club>" in route:
                    assert pattern.name, f"club URL {route!r} has no name"
                    found.append((":".join([*namespaces, pattern.name]), route, pattern.callback))

    walk(get_resolver().url_patterns, "", [])
    return found


CLUB_URLS = discover_club_urls()
CLUB_URL_IDS = [name for name, _route, _view in CLUB_URLS]
#: (page, role) pairs where the role is below the page's minimum role.
TOO_LOW = [
    (name, route, view, role)
    for name, route, view in CLUB_URLS
    for role in (Role.MEMBER, Role.SCOREKEEPER)
    if getattr(view, "club_min_role", None) and Role.rank(role) < Role.rank(view.club_min_role)
]

#: For each clubmanager page: how to fill its object kwargs from a member of a club, or None
#: when the page has no object in its URL. Every clubmanager club URL must be listed here.
OBJECT_KWARGS: dict[str, Callable[[Member], dict[str, Any]] | None] = {
    "clubmanager:club_home": None,
    "clubmanager:member_list": None,
    "clubmanager:member_add": None,
    "clubmanager:member_import": None,
    "clubmanager:member_import_confirm": None,
    "clubmanager:member_imports": None,
    "clubmanager:member_import_undo": lambda m: {
        "pk": MemberImport.objects.get_or_create(club=m.club)[0].pk},
    "clubmanager:member_edit": lambda m: {"pk": m.pk},
    "clubmanager:member_deactivate": lambda m: {"pk": m.pk},
    "clubmanager:member_activate": lambda m: {"pk": m.pk},
    "clubmanager:member_delete": lambda m: {"pk": m.pk},
    "clubmanager:role_list": None,
    "clubmanager:role_change": lambda m: {"user_id": m.user_id},
    "clubmanager:role_remove": lambda m: {"user_id": m.user_id},
    "clubmanager:my_data": None,
    "clubmanager:my_data_json": None,
    "clubmanager:my_data_pdf": None,
    "clubmanager:member_data_json": lambda m: {"pk": m.pk},
    "clubmanager:member_data_pdf": lambda m: {"pk": m.pk},
    "clubmanager:member_remove": lambda m: {"pk": m.pk},
    "clubmanager:club_settings": None,
    "clubmanager:club_logo_upload": None,
    "clubmanager:club_logo_remove": None,
    "clubmanager:club_defaults_save": None,
    # the club's logo by its digest (a public page:
    # tests/tournaments/competitions/test_club_settings.py)
    "clubmanager:club_logo": None,
}

#: A POST body that would be valid for most forms: it must still change nothing.
HOSTILE_POST = {
    "name": "Indringer",
    "member_number": "666",
    "email": "x@example.org",
    "role": Role.ADMIN,
    "username": "indringer",
    "password": "a-Very-long-passw0rd",
    "token": "guess",
    "q": "",
}


def url_for(route_name: str, route: str, club: Club, **known: Any) -> str:
    kwargs: dict[str, Any] = {}
    for match in _PARAM.finditer(route):
        name, conv = match["name"], match["conv"] or "str"
        if name == "club":
            kwargs[name] = club.slug
        elif name in known:
            kwargs[name] = known[name]
        else:
            kwargs[name] = 999_999 if conv in ("int", "id") else "onbekend"
    return reverse(route_name, kwargs=kwargs)


def snapshot() -> dict[str, list[dict[str, Any]]]:
    state = {}
    for model in apps.get_models():
        if model._meta.label_lower in _VOLATILE:
            continue
        state[model._meta.label_lower] = list(model.objects.order_by("pk").values())
    return state


def test_every_club_url_is_guarded() -> None:
    assert CLUB_URLS, "no club URLs discovered"
    for name, route, view in CLUB_URLS:
        assert hasattr(view, "club_min_role"), (
            f"{name} ({route}) is not wrapped in access.club_view / public_club_view"
        )


def test_every_clubmanager_club_url_has_a_matrix_entry() -> None:
    ours = {name for name, _route, _view in CLUB_URLS if name.startswith("clubmanager:")}
    assert ours == set(OBJECT_KWARGS), (
        "Add the new club page to OBJECT_KWARGS in this file: "
        f"missing {sorted(ours - set(OBJECT_KWARGS))}, stale {sorted(set(OBJECT_KWARGS) - ours)}"
    )


@pytest.fixture
def populated(
    club: Club,
    other_club: Club,
    admin_user: Any,
    other_admin_user: Any,
    make_member: Callable[..., Member],
    make_user: Callable[..., Any],
) -> dict[str, Any]:
    """Both clubs with a member linked to a login, so object pages have something to find."""
    ours = make_member(club, name="Eigen Lid", user=make_user("hv-gekoppeld", club, Role.MEMBER))
    theirs = make_member(
        other_club, name="Ander Lid", user=make_user("og-gekoppeld", other_club, Role.MEMBER)
    )
    return {"ours": ours, "theirs": theirs}


@pytest.mark.parametrize(("name", "route", "view"), CLUB_URLS, ids=CLUB_URL_IDS)
def test_anonymous_is_sent_to_login(
    client: Any, club: Club, name: str, route: str, view: Any
) -> None:
    club.public_pages = False
    club.save()
    url = url_for(name, route, club)
    for response in (client.get(url), client.post(url, HOSTILE_POST)):
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("login") + "?next=")


@pytest.mark.parametrize(("name", "route", "view"), CLUB_URLS, ids=CLUB_URL_IDS)
def test_user_of_another_club_gets_404_and_changes_nothing(
    client_for: Callable[[Any], Any],
    populated: dict[str, Any],
    other_admin_user: Any,
    club: Club,
    name: str,
    route: str,
    view: Any,
) -> None:
    club.public_pages = False
    club.save()
    object_kwargs = OBJECT_KWARGS.get(name)
    known = object_kwargs(populated["ours"]) if object_kwargs else {}
    url = url_for(name, route, club, **known)
    client = client_for(other_admin_user)
    before = snapshot()
    assert client.get(url).status_code == 404, name
    assert client.post(url, HOSTILE_POST).status_code == 404, name
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404, name
    assert snapshot() == before


@pytest.mark.parametrize(("name", "route", "view"), CLUB_URLS, ids=CLUB_URL_IDS)
def test_logged_in_user_without_any_club_gets_404(
    client_for: Callable[[Any], Any],
    no_role_user: Any,
    club: Club,
    name: str,
    route: str,
    view: Any,
) -> None:
    club.public_pages = False
    club.save()
    client = client_for(no_role_user)
    url = url_for(name, route, club)
    assert client.get(url).status_code == 404
    assert client.post(url, HOSTILE_POST).status_code == 404


@pytest.mark.parametrize(
    ("name", "route", "view", "role"), TOO_LOW, ids=[f"{n}-{r}" for n, _r, _v, r in TOO_LOW]
)
def test_role_below_the_minimum_gets_403_and_changes_nothing(
    client_for: Callable[[Any], Any],
    populated: dict[str, Any],
    make_user: Callable[..., Any],
    club: Club,
    name: str,
    route: str,
    view: Any,
    role: str,
) -> None:
    object_kwargs = OBJECT_KWARGS.get(name)
    known = object_kwargs(populated["ours"]) if object_kwargs else {}
    url = url_for(name, route, club, **known)
    client = client_for(make_user(f"laag-{role}", club, role))
    before = snapshot()
    assert client.get(url).status_code == 403, name
    assert client.post(url, HOSTILE_POST).status_code == 403, name
    assert snapshot() == before


@pytest.mark.parametrize("name", sorted(n for n, f in OBJECT_KWARGS.items() if f))
def test_objects_of_another_club_are_not_found_through_own_club(
    client_for: Callable[[Any], Any],
    populated: dict[str, Any],
    admin_user: Any,
    club: Club,
    name: str,
) -> None:
    """Club A's admin guessing club B's ids in club A's URLs gets 404; nothing changes."""
    route = next(r for n, r, _v in CLUB_URLS if n == name)
    url = url_for(name, route, club, **OBJECT_KWARGS[name](populated["theirs"]))  # type: ignore[misc]
    client = client_for(admin_user)
    before = snapshot()
    assert client.get(url).status_code in (404, 405), name
    assert client.post(url, HOSTILE_POST).status_code == 404, name
    assert snapshot() == before


def test_own_club_pages_open_for_the_minimum_role(
    client_for: Callable[[Any], Any],
    populated: dict[str, Any],
    make_user: Callable[..., Any],
    club: Club,
) -> None:
    """The other side of the matrix: the right role does get in (GET pages)."""
    users = {role: make_user(f"ok-{role}", club, role) for role in Role.values}
    for name, route, view in CLUB_URLS:
        if not name.startswith("clubmanager:") or view.club_min_role is None:
            continue  # a public page (the logo) opens without a role
        object_kwargs = OBJECT_KWARGS[name]
        known = object_kwargs(populated["ours"]) if object_kwargs else {}
        url = url_for(name, route, club, **known)
        response = client_for(users[view.club_min_role]).get(url)
        assert response.status_code in (200, 405), (name, response.status_code)
