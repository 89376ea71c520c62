"""Every URL × every role, GET and POST, with the status each must get.

Roles: ``anonymous``; ``member`` (member role, not seated); ``keeper_elsewhere`` (member role,
the scorekeeper seat of *another* table of the same round); ``scorekeeper`` (scorekeeper role);
``other_admin`` (club admin of another club); ``admin`` (club admin); and four holders of a
table code, without a login: ``code`` (the code of the table the URL is about),
``code_other_table`` (a code of another table of the same round), ``code_other_evening`` (a
code of a table of another open evening of the club) and ``code_closed`` (the code of a table
whose evening is closed, with the URL about that table). A code holder is anonymous on every
club page: the code gives no session. A code URL (``/t/<code>/…``) names its table by the code,
so there the other tables' codes reach only their own table (their answer is that table's),
and a hand of the URL's table through another code is 404. Signed-in roles open a code URL
with the URL's own code and are the code there (the login plays no part). The URLs are discovered
from the URLconf: a pattern without a row in ``EXPECTED`` fails the suite, so no new page
escapes this table. Object ids in the URLs are the club's own objects (the foundation's
isolation matrix, tests/clubmanager/test_isolation.py, covers guessed ids of another club and
"nothing changes" for refused requests).

POST bodies are the valid ones a user of that page would send (a correct hand with the table's
current version, ...), so that a refusal is the access rule at work and not a form error.
Each request runs in a transaction that is rolled back, so every role meets the same data.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from PIL import Image

from clubmanager.logo import logo_from_upload
from clubmanager.models import MemberImport, Role
from clubmanager.services import club_logo_set
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.entry.services.table_codes import table_codes_issue
from tournaments.evenings.services.evenings import evening_door_code_ensure
from tournaments.games import sample_hands
from tournaments.models import Evening, EveningStatus, FixedPair, Hand, Table
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "other_admin", "member", "keeper_elsewhere", "scorekeeper", "admin",
         "code", "code_other_table", "code_other_evening", "code_closed")
CODE_ROLES = ROLES[6:]
_PARAM = re.compile(r"<(?:(?P<conv>\w+):)?(?P<name>\w+)>")


def discover() -> list[tuple[str, str]]:
    """(name, route) of every URL pattern, Django's admin site excepted (tested below)."""
    found: list[tuple[str, str]] = []

    def walk(patterns: list[Any], prefix: str, namespaces: list[str]) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                ns = [*namespaces, pattern.namespace] if pattern.namespace else namespaces
                walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
            elif isinstance(pattern, URLPattern):
                name = ":".join([*namespaces, pattern.name or "?"])
                if not name.startswith("admin:"):
                    found.append((name, prefix + str(pattern.pattern)))

    walk(get_resolver().url_patterns, "", [])
    return found


URLS = discover()

# Shorthands for the six roles in ROLES order:
#            anon   other  member  elsewh. keeper admin
LOGIN = "login"  # 302 to the login page
MEMBER_PAGE = (LOGIN, 404, 200, 200, 200, 200)
ADMIN_PAGE = (LOGIN, 404, 403, 403, 403, 200)
ADMIN_ACTION = (LOGIN, 404, 403, 403, 403, 302)
KEEPER_PAGE = (LOGIN, 404, 403, 403, 200, 200)
POST_ONLY = (LOGIN, 404, 405, 405, 405, 405)
ADMIN_POST_ONLY = (LOGIN, 404, 403, 403, 403, 405)
GET_ONLY = (LOGIN, 404, 405, 405, 405, 405)
PUBLIC = (200, 200, 200, 200, 200, 200)

#: The code URLs: own table, then (own code) every signed-in role, then the four code holders.
#:             anon other member elsewh. keeper admin code  o.table o.even. closed
CODE_PAGE = (200, 200, 200, 200, 200, 200, 200, 200, 200, 403)
CODE_POST = (302, 302, 302, 302, 302, 302, 302, 302, 302, 403)
CODE_CHECK = (200, 200, 200, 200, 200, 200, 200, 200, 200, 403)
CODE_HAND = (302, 302, 302, 302, 302, 302, 302, 404, 404, 403)
CODE_HAND_PAGE = (200, 200, 200, 200, 200, 200, 200, 404, 404, 403)
CODE_WRONG_METHOD = (405, 405, 405, 405, 405, 405, 405, 405, 405, 403)

#: url name → {"GET": statuses, "POST": statuses} in ROLES order (a row of six: the code
#: holders, who have no login, get the anonymous answer; see ``_expected``).
_EXPECTED: dict[str, dict[str, tuple[Any, ...]]] = {
    # -- site pages
    "home": {"GET": PUBLIC, "POST": PUBLIC},
    # a superuser's page (tests/clubmanager/test_club_create.py); nobody here is one
    "club_add": {"GET": (LOGIN, 403, 403, 403, 403, 403), "POST": (LOGIN, 403, 403, 403, 403, 403)},
    "login": {"GET": (200, 302, 302, 302, 302, 302), "POST": (200, 302, 302, 302, 302, 302)},
    "logout": {"GET": (405,) * 6, "POST": (302,) * 6},
    "password_change": {"GET": (LOGIN, 200, 200, 200, 200, 200),
                        "POST": (LOGIN, 200, 200, 200, 200, 200)},
    "password_change_done": {"GET": (LOGIN, 200, 200, 200, 200, 200),
                             "POST": (LOGIN, 405, 405, 405, 405, 405)},
    "set_language": {"GET": (302,) * 6, "POST": (302,) * 6},
    # the table page on the home screen and offline (clubmanager/core/pwa.py): static, no club data
    "service_worker": {"GET": PUBLIC, "POST": (405,) * 6},
    "manifest": {"GET": PUBLIC, "POST": (405,) * 6},
    # the offline client's texts (Django's JavaScriptCatalog): translations only, no club data
    "javascript-catalog": {"GET": PUBLIC, "POST": (405,) * 6},
    "password_reset": {"GET": PUBLIC, "POST": (302,) * 6},
    "password_reset_done": {"GET": PUBLIC, "POST": (405,) * 6},
    "password_reset_confirm": {"GET": PUBLIC, "POST": PUBLIC},  # a dead link says so
    "password_reset_complete": {"GET": PUBLIC, "POST": (405,) * 6},
    # -- club pages (clubmanager)
    "clubmanager:club_home": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "clubmanager:member_list": {"GET": KEEPER_PAGE, "POST": KEEPER_PAGE},
    "clubmanager:member_add": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "clubmanager:member_import": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "clubmanager:member_import_confirm": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:member_edit": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "clubmanager:member_deactivate": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:member_activate": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:member_delete": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    # Privacy: only Els (keeper_elsewhere) is a member with this login; the others
    # have no member data here (the page says so, and the download holds their login only;
    # their POST of a choice is 404). Another club: 404.
    "clubmanager:my_data": {"GET": MEMBER_PAGE, "POST": (LOGIN, 404, 404, 302, 404, 404)},
    "clubmanager:my_data_json": {"GET": MEMBER_PAGE, "POST": GET_ONLY},
    "clubmanager:my_data_pdf": {"GET": MEMBER_PAGE, "POST": GET_ONLY},
    "clubmanager:member_data_json": {"GET": ADMIN_PAGE, "POST": ADMIN_POST_ONLY},
    "clubmanager:member_data_pdf": {"GET": ADMIN_PAGE, "POST": ADMIN_POST_ONLY},
    "clubmanager:member_remove": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    # Club settings: the club admin's; the logo as the public pages (the club's are
    # on), so the TV shows it
    "clubmanager:club_settings": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "clubmanager:club_logo_upload": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:club_logo_remove": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:club_defaults_save": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:club_logo": {"GET": PUBLIC, "POST": (405,) * 6},
    "clubmanager:role_list": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "clubmanager:role_change": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "clubmanager:role_remove": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    # -- competitions, evenings, draws
    "tournaments:competition_list": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:competition_add": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "tournaments:competition_detail": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:competition_edit": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "tournaments:fixed_pairs": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:fixed_pair_delete": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:evening_add": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:evening_detail": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:evening_status": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:evening_counts": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    # the world's evening is under way: moving or cancelling it is refused with a redirect
    "tournaments:evening_move": {"GET": ADMIN_ACTION, "POST": ADMIN_ACTION},
    "tournaments:evening_cancel": {"GET": ADMIN_ACTION, "POST": ADMIN_ACTION},
    "clubmanager:member_imports": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "clubmanager:member_import_undo": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:competition_remove": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:calloff_self": {"GET": POST_ONLY, "POST": (LOGIN, 404, 302, 302, 302, 302)},
    "tournaments:checkin": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:round_draw": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:round_redraw": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:seat_swap": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "tournaments:late_arrival": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:round_projector": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:round_draw_check": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:my_results": {"GET": MEMBER_PAGE, "POST": (LOGIN, 404, 405, 405, 405, 405)},
    # -- score entry: a member only at their own table's scorekeeper seat
    "tournaments:table_scores": {"GET": MEMBER_PAGE, "POST": (LOGIN, 404, 405, 405, 405, 405)},
    "tournaments:hand_check": {"GET": POST_ONLY, "POST": (LOGIN, 404, 403, 403, 200, 200)},
    "tournaments:hand_add": {"GET": POST_ONLY, "POST": (LOGIN, 404, 403, 403, 302, 302)},
    "tournaments:hand_edit": {"GET": (LOGIN, 404, 403, 403, 200, 200),
                              "POST": (LOGIN, 404, 403, 403, 302, 302)},
    "tournaments:hand_delete": {"GET": POST_ONLY, "POST": (LOGIN, 404, 403, 403, 302, 302)},
    "tournaments:table_confirm": {"GET": POST_ONLY, "POST": (LOGIN, 404, 403, 403, 403, 302)},
    "tournaments:table_unconfirm": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:table_history": {"GET": ADMIN_PAGE, "POST": (LOGIN, 404, 403, 403, 403, 405)},
    "tournaments:evening_status_board": {"GET": MEMBER_PAGE,
                                         "POST": (LOGIN, 404, 405, 405, 405, 405)},
    # -- standings and public pages (the club has public pages on)
    "tournaments:standings": {"GET": MEMBER_PAGE, "POST": (LOGIN, 404, 405, 405, 405, 405)},
    "tournaments:evening_results": {"GET": MEMBER_PAGE,
                                    "POST": (LOGIN, 404, 405, 405, 405, 405)},
    "tournaments:public_standings": {"GET": PUBLIC, "POST": (405,) * 6},
    "tournaments:public_evening": {"GET": PUBLIC, "POST": (405,) * 6},
    "tournaments:tv": {"GET": PUBLIC, "POST": (405,) * 6},
    "tournaments:evening_live": {"GET": PUBLIC, "POST": (405,) * 6},
    "tournaments:public_pages_setting": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    # -- exports and the season import
    "tournaments:round_sheets": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:season_xlsx": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:season_import": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    "tournaments:season_import_confirm": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:evening_results_pdf": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:prize_list_pdf": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    "tournaments:standings_pdf": {"GET": MEMBER_PAGE, "POST": MEMBER_PAGE},
    # -- table codes: the club admin's side
    "tournaments:table_code_renew": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:table_code_setting": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    # -- a table code's own pages (no login; a closed evening's code is refused with 403)
    "table_code:table_scores": {"GET": CODE_PAGE, "POST": CODE_WRONG_METHOD},
    "table_code:hand_check": {"GET": CODE_WRONG_METHOD, "POST": CODE_CHECK},
    "table_code:hand_add": {"GET": CODE_WRONG_METHOD, "POST": CODE_POST},
    "table_code:hand_edit": {"GET": CODE_HAND_PAGE, "POST": CODE_HAND},
    "table_code:hand_delete": {"GET": CODE_WRONG_METHOD, "POST": CODE_HAND},
    # the confirmation: the own table's match was entered with a login, so its code confirms;
    # the other codes' tables have no finished match (refused with a message: 302)
    "table_code:table_confirm": {"GET": CODE_WRONG_METHOD, "POST": CODE_POST},
    # -- an evening's door code (self check-in, no login): the world's evening is being played,
    # so its door is shut for everyone (tests/tournaments/evenings/test_door.py opens it)
    "tournaments:door_screen": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    # -- evening money (the admin's: who paid what is not for every member)
    "tournaments:competition_money": {"GET": ADMIN_PAGE, "POST": ADMIN_ACTION},
    "tournaments:attendance_pdf": {"GET": ADMIN_PAGE, "POST": ADMIN_PAGE},
    # -- sharing an evening's results (the world's evening is being played: not closed, so
    # the admin's making of a link is refused with a message, 302; tests/tournaments/
    # test_share.py shares a closed one). The share link itself: anyone with the code.
    "tournaments:evening_share": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "tournaments:evening_results_mail": {"GET": ADMIN_POST_ONLY, "POST": ADMIN_ACTION},
    "share:results": {"GET": PUBLIC, "POST": (405,) * 6},
    "share:logo": {"GET": PUBLIC, "POST": (405,) * 6},  # the club's logo on that page
    "door:names": {"GET": (403,) * 6, "POST": (405,) * 6},
    "door:confirm": {"GET": (403,) * 6, "POST": (403,) * 6},
}


def _expected(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return row if len(row) == len(ROLES) else row + (row[0],) * len(CODE_ROLES)


EXPECTED = {name: {method: _expected(row) for method, row in rows.items()}
            for name, rows in _EXPECTED.items()}


def test_every_url_has_a_row() -> None:
    names = {name for name, _route in URLS}
    assert names, "no URLs discovered"
    missing, stale = sorted(names - set(EXPECTED)), sorted(set(EXPECTED) - names)
    assert not missing and not stale, (
        f"Add every URL to EXPECTED in {__file__}: missing {missing}, stale {stale}")


@pytest.fixture
def world(club: Any, other_club: Any, make_user: Callable[..., Any],
          make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any]) -> dict[str, Any]:
    """A club mid-evening: two Jokeren tables, two hands entered at table A; next to it a
    High Five 1959 competition with one fixed pair."""
    users = {
        "anonymous": None,
        "other_admin": make_user("og-beheer", other_club, Role.ADMIN),
        "member": make_user("hv-lid", club, Role.MEMBER),
        "keeper_elsewhere": make_user("hv-tafel-b", club, Role.MEMBER),
        "scorekeeper": make_user("hv-schrijver", club, Role.SCOREKEEPER),
        "admin": make_user("hv-beheer", club, Role.ADMIN),
        **{role: None for role in CODE_ROLES},
    }
    names = ["Ann", "Bob", "Cor", "Dirk", "Els", "Fien", "Gert", "Hans"]
    members = [make_member(club, name=n) for n in names]
    members[4].user = users["keeper_elsewhere"]  # Els keeps score at table B
    members[4].save()
    spare = make_member(club, name="Zoë")
    competition = make_competition(club, "jokeren", name="Jokeren")
    teams = make_competition(club, "high_five_1959", name="High Five")
    pair = FixedPair.objects.create(competition=teams, first=members[0], second=members[1])
    evening = make_evening(competition, members)
    round_ = make_round(evening)
    people = list(evening.participants.all())
    table_a = seat_table(round_, people[:4], number=1)
    table_b = seat_table(round_, people[4:], number=2)
    hand_add(table=table_a, by=users["admin"], change=HandChange(data=DEAL, expected_version=0))
    hand_add(table=table_a, by=users["admin"], change=HandChange(data=DEAL, expected_version=1))
    # round 2: a finished match of Ann, Bob, Cor and Dirk, waiting for its confirmation
    finished = seat_table(make_round(evening), people[:4], number=1)
    for version, hand in enumerate(sample_hands("jokeren", sides_of(finished.seats.all()))):
        hand_add(table=finished, by=users["scorekeeper"],
                 change=HandChange(data=hand, expected_version=version))
    # tables of two more evenings: another one still open, and a closed one with a hand
    elsewhere = make_evening(competition, members[:4])
    other_evening = seat_table(make_round(elsewhere), list(elsewhere.participants.all()))
    closing = make_evening(competition, members[:4])
    closed = seat_table(make_round(closing), list(closing.participants.all()))
    hand_add(table=closed, by=users["admin"], change=HandChange(data=DEAL, expected_version=0))
    tables = [table_a, table_b, finished, other_evening, closed]
    codes = dict(zip(tables, table_codes_issue(tables=tables), strict=True))
    closing.status = EveningStatus.CLOSED
    closing.save()
    own = {"table": table_a, "finished": finished}
    return {"club": club, "users": users, "competition": competition, "evening": evening,
            "round": round_, "table": table_a, "finished": finished, "member": spare,
            "people": people, "teams": teams, "pair": pair, "pair_members": members[2:4],
            # the table each code holder's code belongs to: (for a table's URL, for a hand's)
            "code_tables": {"code": own, "code_other_table": table_b,
                            "code_other_evening": other_evening, "code_closed": closed},
            "codes": {t.pk: c.code for t, c in codes.items()}}


DEAL = {"penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}}
DEAL_POST = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
             "h-penalties-3": "88"}


def _table(w: dict[str, Any]) -> Table:
    return Table.objects.get(pk=w["table"].pk)


def _hand(w: dict[str, Any]) -> Hand:
    return Hand.objects.filter(table=w["table"]).order_by("-number").first()  # type: ignore[return-value]


#: url name → the object ids its URL takes.
KWARGS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "competition": lambda w: {"pk": w["competition"].pk},
    "evening": lambda w: {"pk": w["evening"].pk},
    "round": lambda w: {"pk": w["round"].pk},
    "table": lambda w: {"pk": w["table"].pk},
    "finished": lambda w: {"pk": w["finished"].pk},
    "hand": lambda w: {"pk": _hand(w).pk},
    "member": lambda w: {"pk": w["member"].pk},
    "member_import": lambda w: {"pk": MemberImport.objects.get_or_create(club=w["club"])[0].pk},
    "user": lambda w: {"user_id": w["users"]["member"].pk},
    "teams": lambda w: {"pk": w["teams"].pk},
    "pair": lambda w: {"pk": w["teams"].pk, "pair_pk": w["pair"].pk},
}
OBJECT_OF = {
    "competition_detail": "competition", "competition_edit": "competition",
    "evening_add": "competition", "standings": "competition", "public_standings": "competition",
    "tv": "competition",
    "evening_detail": "evening", "evening_status": "evening",
    "evening_counts": "evening", "evening_move": "evening", "evening_cancel": "evening",
    "competition_remove": "competition", "checkin": "evening", "calloff_self": "evening",
    "round_draw": "evening", "evening_status_board": "evening", "evening_results": "evening",
    "public_evening": "evening",
    "evening_live": "evening",
    "round_redraw": "round", "seat_swap": "round", "late_arrival": "round",
    "round_projector": "round", "round_draw_check": "round",
    "table_scores": "table", "hand_check": "table", "hand_add": "table",
    "table_confirm": "finished", "table_unconfirm": "finished", "table_history": "table",
    "hand_edit": "hand", "hand_delete": "hand",
    "member_import_undo": "member_import",
    "member_edit": "member", "member_deactivate": "member", "member_activate": "member",
    "member_delete": "member", "role_change": "user", "role_remove": "user",
    "member_data_json": "member", "member_data_pdf": "member", "member_remove": "member",
    "fixed_pairs": "teams", "fixed_pair_delete": "pair", "table_code_renew": "table",
    "door_screen": "evening", "attendance_pdf": "evening", "evening_share": "evening",
    "evening_results_mail": "evening", "competition_money": "competition",
}


def code_table(name: str, w: dict[str, Any], role: str | None) -> Table:
    """The table whose code is in a code URL: the URL's own (table A; the finished match for
    the confirmation) for every role but a code holder of another table."""
    holder = w["code_tables"][role if role in CODE_ROLES else "code"]
    if isinstance(holder, dict):
        return holder["finished" if OBJECT_OF[name.split(":")[-1]] == "finished" else "table"]
    return holder  # type: ignore[no-any-return]


def _code_url(name: str, w: dict[str, Any], role: str | None) -> str:
    table = code_table(name, w, role)
    kwargs: dict[str, Any] = {"code": w["codes"][table.pk]}
    if OBJECT_OF[name.split(":")[-1]] == "hand":  # the URL's own hand (the closed table's own)
        kwargs["pk"] = (Hand.objects.filter(table=table).first() if role == "code_closed"
                        else _hand(w)).pk  # type: ignore[union-attr]
    return reverse(name, kwargs=kwargs)


def _logo_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 20), (0, 90, 160)).save(out, format="PNG")
    return out.getvalue()


def _with_logo(club: Any) -> Any:
    return club_logo_set(club=club, by=None, logo=logo_from_upload(io.BytesIO(_logo_png())))


def url_of(name: str, route: str, w: dict[str, Any], role: str | None = None) -> str:
    """The URL as ``role`` opens it (only a code URL depends on the role: see the module
    docstring)."""
    if name.startswith("table_code:"):
        return _code_url(name, w, role)
    if name.startswith("share:"):
        # a link made earlier (the service wants a closed evening); set in the request's own
        # transaction, which is rolled back after it
        Evening.objects.filter(pk=w["evening"].pk).update(share_code="matrix-share-code-0123")
        share = {"code": "matrix-share-code-0123"}
        if name == "share:logo":
            share["version"] = _with_logo(w["club"]).logo_version
        return reverse(name, kwargs=share)
    if name.startswith("door:"):
        evening = evening_door_code_ensure(evening=w["evening"])
        kwargs = {"code": evening.door_code}
        if name == "door:confirm":
            kwargs["member_id"] = w["member"].pk
        return reverse(name, kwargs=kwargs)
    kwargs: dict[str, Any] = {}
    short = name.split(":")[-1]
    if short in OBJECT_OF:
        kwargs.update(KWARGS[OBJECT_OF[short]](w))
    for match in _PARAM.finditer(route):
        param = match["name"]
        if param == "club":
            kwargs["club"] = w["club"].slug
        elif param == "round_id":
            kwargs[param] = w["round"].pk
        elif param == "evening_id":
            kwargs[param] = w["evening"].pk
        elif param == "competition_id":
            kwargs[param] = w["competition"].pk
        elif param == "version":  # the club's logo: given one for this request
            kwargs[param] = _with_logo(w["club"]).logo_version
        elif param in ("uidb64", "token"):
            kwargs[param] = "MQ" if param == "uidb64" else "set-password"
    return reverse(name, kwargs=kwargs)


def post_of(name: str, w: dict[str, Any], role: str | None = None) -> dict[str, Any]:
    """The body a user of the page would post (through a code: at that code's table)."""
    short = name.split(":")[-1]
    table = (code_table(name, w, role) if name.startswith("table_code:") and short != "hand_edit"
             else w["table"])
    version = {"version": str(Table.objects.get(pk=table.pk).version)}
    bodies: dict[str, Callable[[], dict[str, Any]]] = {
        "hand_check": lambda: {**version, **DEAL_POST},
        "hand_add": lambda: {**version, **DEAL_POST},
        "hand_edit": lambda: {**version, **DEAL_POST},
        "hand_delete": lambda: {**version, "reason": "test"},
        "member_add": lambda: {"name": "Nieuw Lid", "member_number": "N1"},
        "member_edit": lambda: {"name": "Zoë Z", "member_number": w["member"].member_number},
        "role_change": lambda: {"role": Role.SCOREKEEPER},
        "my_data": lambda: {"public_name": "full"},
        "competition_add": lambda: {"game": "jokeren", "name": "Nieuw", "start_date":
                                    "2026-10-01", "better": "lower", "counting": "all",
                                    "absent_rule": "nothing", "min_evenings": "0",
                                    "table_min": "2", "table_max": "4"},
        "competition_edit": lambda: {"name": "Jokeren", "start_date": "2026-09-01",
                                     "better": "lower", "counting": "all",
                                     "absent_rule": "nothing", "min_evenings": "0",
                                     "table_min": "2", "table_max": "4"},
        "evening_add": lambda: {"date": "2027-01-05"},
        "evening_status": lambda: {"status": "closed", "close_unfinished": "1"},
        "evening_counts": lambda: {"not_counting": "on"},
        "checkin": lambda: {"action": "guest", "guest_name": "Gast"},
        "late_arrival": lambda: {"person": "", "guest_name": "Laat"},
        "seat_swap": lambda: {},
        "fixed_pairs": lambda: {"first": w["pair_members"][0].pk,
                                "second": w["pair_members"][1].pk},
        "public_pages_setting": lambda: {"public_pages": "on"},
        "evening_share": lambda: {"action": "renew"},
        "competition_money": lambda: {"member": "5,00", "guest": "7,50"},
        "club_settings": lambda: {"name": "De Harten Vrouw", "public_pages": "1",
                                  "code_self_confirm": "0", "language": "nl"},
        "club_logo_upload": lambda: {"file": SimpleUploadedFile("logo.png", _logo_png())},
        "club_defaults_save": lambda: {"game": "jokeren", "member": "5,00", "guest": "0",
                                       "season_preset": ""},
        # one name per role: five failures of one name from one address lock it (axes)
        "login": lambda: {"username": f"nobody-{role}", "password": "wrong"},
        "password_reset": lambda: {"email": "nobody@example.nl"},
        "set_language": lambda: {"language": "en", "next": "/"},
    }
    return bodies.get(short, dict)()


def client_of(w: dict[str, Any], role: str) -> Client:
    client = Client(HTTP_USER_AGENT="Mozilla/5.0 (url matrix)")
    if w["users"][role] is not None:
        client.force_login(w["users"][role])
    return client


def _matches(expected: Any, response: Any) -> bool:
    if expected == LOGIN:
        return response.status_code == 302 and response["Location"].startswith(
            reverse("login") + "?next=")
    return response.status_code == expected


@pytest.mark.parametrize(("name", "route"), URLS, ids=[n for n, _r in URLS])
def test_url_status_per_role(world: dict[str, Any], name: str, route: str) -> None:
    assert name in EXPECTED, f"{name} has no row in EXPECTED"
    got: dict[str, list[Any]] = {"GET": [], "POST": []}
    wrong = []
    for method in ("GET", "POST"):
        for role, expected in zip(ROLES, EXPECTED[name][method], strict=True):
            client = client_of(world, role)
            with transaction.atomic():
                url = url_of(name, route, world, role)
                response = (client.get(url) if method == "GET"
                            else client.post(url, post_of(name, world, role)))
                transaction.set_rollback(True)
            shown = (LOGIN if _matches(LOGIN, response) else response.status_code)
            got[method].append(shown)
            if not _matches(expected, response):
                wrong.append(f"{method} as {role}: expected {expected}, got "
                             f"{response.status_code} {response.get('Location', '')}")
    assert not wrong, f"{name}: " + "; ".join(wrong) + f"\nall: {got}"


def test_django_admin_is_for_staff_only(world: dict[str, Any]) -> None:
    for role in ROLES:
        response = client_of(world, role).get(reverse("admin:index"))
        assert response.status_code == 302 and "/admin/login/" in response["Location"], role
