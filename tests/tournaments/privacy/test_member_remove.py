"""Removing a member who left: their results stay as "Oud-lid N", everyone
else's standings, the PDFs and the season workbook are unchanged apart from the name, and the
name, e-mail and phone are nowhere in the database afterwards, history included."""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from clubmanager.models import ClubRole, Member, Role
from tournaments.entry.services.scores import HandChange, hand_add, hand_delete
from tournaments.evenings.services.evenings import evening_status_set
from tournaments.games import sample_hands
from tournaments.models import Hand
from tournaments.privacy.services import member_remove
from tournaments.shared.matches import sides_of
from tournaments.standings.selectors.standings import season_standings

pytestmark = pytest.mark.django_db

NAME, EMAIL, PHONE = "Hendrikus Zwanenburg", "h.zwanenburg@voorbeeld.nl", "06-98765432"
NUMBER = "ZW-77"
OTHERS = ["Ann Bakker", "Bob Claassen", "Cor Dekker", "Dirk Evers", "Els Franssen",
          "Fien Gerritsen", "Gert Hoekstra"]


@pytest.fixture
def season(club: Any, make_member: Any, make_user: Any, make_competition: Any,
           make_evening: Any, make_round: Any, seat_table: Any, admin_user: Any) -> dict[str, Any]:
    login = make_user("hzwanenburg", club, Role.MEMBER, first_name="Hendrikus",
                      last_name="Zwanenburg", email=EMAIL)
    leaving = make_member(club, name=NAME, email=EMAIL, phone=PHONE, notes="Belt altijd af.",
                          user=login)
    leaving.member_number = NUMBER
    leaving.save()
    others = [make_member(club, name=n) for n in OTHERS]
    singles = make_competition(club, "jokeren", name="Jokeren")
    teams = make_competition(club, "high_five_1959", name="High Five")
    for competition in (singles, teams):
        for evening_players in ([leaving, *others[:3]], [*others[:2], leaving, others[3]]):
            evening = make_evening(competition, evening_players)
            table = seat_table(make_round(evening), list(evening.participants.all()))
            hands = sample_hands(competition.game, sides_of(table.seats.all()))
            for version, hand in enumerate(hands):
                hand_add(table=table, by=admin_user,
                         change=HandChange(data=hand, expected_version=version))
            last = Hand.objects.filter(table=table).order_by("number").last()
            assert last is not None
            hand_delete(hand=last, by=admin_user, reason=f"{NAME} telde verkeerd",
                        expected_version=len(hands))
            hand_add(table=table, by=admin_user,
                     change=HandChange(data=last.data, expected_version=len(hands) + 1))
            evening_status_set(evening=evening, status="closed", by=admin_user)
    return {"leaving": leaving, "others": others, "singles": singles, "teams": teams,
            "login": login}


def _standings(competition: Any) -> list[dict[str, Any]]:
    rows = season_standings(competition).rows
    return sorted(({k: v for k, v in dataclasses.asdict(r).items()
                    if k not in ("name", "member_number")} for r in rows),
                  key=lambda r: r["member_id"])


def _pdf_text(client: Any, url: str) -> str:
    """The PDF's text, without the minute it was printed."""
    response = client.get(url)
    assert response.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    return re.sub(r"\d{1,2}:\d{2}", "hh:mm", text)


def _workbook(client: Any, url: str) -> dict[str, list[tuple[Any, ...]]]:
    response = client.get(url)
    assert response.status_code == 200
    content = b"".join(response.streaming_content) if response.streaming else response.content
    book = load_workbook(io.BytesIO(content), read_only=True)
    return {ws.title: [tuple(row) for row in ws.iter_rows(values_only=True)]
            for ws in book.worksheets}


def _exports(client: Any, club: Any, season: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = {}
    for key in ("singles", "teams"):
        competition = season[key]
        kw = {"club": club.slug, "competition_id": competition.pk}
        got[f"{key}-standings"] = _pdf_text(client, reverse("tournaments:standings_pdf",
                                                            kwargs=kw))
        for evening in competition.evenings.all():
            got[f"{key}-{evening.pk}"] = _pdf_text(client, reverse(
                "tournaments:evening_results_pdf",
                kwargs={"club": club.slug, "evening_id": evening.pk}))
        got[f"{key}-xlsx"] = _workbook(client, reverse("tournaments:season_xlsx", kwargs=kw))
    return got


def _renamed(value: Any, old: dict[str, str]) -> Any:
    if isinstance(value, str):
        for before, after in old.items():
            value = value.replace(before, after)
        return value
    if isinstance(value, dict):
        return {k: _renamed(v, old) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, old) for v in value]
    if isinstance(value, tuple):
        return tuple(_renamed(v, old) for v in value)
    return value


def _database_text() -> str:
    """Every row of every table (the history tables too), as text."""
    chunks = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f'SELECT * FROM "{table}"')  # noqa: S608 - our own table names
            chunks.append(f"{table}: {cursor.fetchall()!r}")
    return "\n".join(chunks)


def test_removal_keeps_results_and_erases_the_name_everywhere(
        season: dict[str, Any], club: Any, admin_user: Any, admin_client: Any) -> None:
    leaving = season["leaving"]
    before = {key: _standings(season[key]) for key in ("singles", "teams")}
    assert all(leaving.pk in {r["member_id"] for r in rows} for rows in before.values())
    exports = _exports(admin_client, club, season)
    text = _database_text()
    assert NAME in text and EMAIL in text and PHONE in text  # the search can find them

    removed = member_remove(member=leaving, by=admin_user)

    label = removed.name
    assert label == "Oud-lid 1"
    assert {key: _standings(season[key]) for key in ("singles", "teams")} == before
    names = {r.member_id: r.name for r in season_standings(season["singles"]).rows}
    assert names[leaving.pk] == label
    # The PDFs' text and every cell of the workbooks, apart from the name and number (and, in
    # the workbook's member list, the removed member is no longer active):
    expected = _renamed(exports, {NAME: label, NUMBER: removed.member_number, EMAIL: "",
                                  PHONE: "", "Belt altijd af.": ""})
    was_active = (removed.member_number, label, True)
    for key, value in expected.items():
        if key.endswith("xlsx"):
            expected[key] = {title: [(*row[:-1], False) if row == was_active else row
                                     for row in rows] for title, rows in value.items()}
            assert expected[key] != value  # the member list had the removed member
    assert _exports(admin_client, club, season) == expected
    text = _database_text()
    for secret in (NAME, EMAIL, PHONE, "Zwanenburg", "hzwanenburg", "Belt altijd af."):
        assert secret not in text, f"{secret!r} is still in the database"
    for other in OTHERS:
        assert other in text  # the others are untouched
    assert not ClubRole.objects.filter(user=season["login"]).exists()
    season["login"].refresh_from_db()
    assert not season["login"].has_usable_password() and not season["login"].is_active


def test_removed_twice_or_by_yourself_is_refused(season: dict[str, Any], club: Any,
                                                  admin_user: Any, make_member: Any) -> None:
    member_remove(member=season["leaving"], by=admin_user)
    with pytest.raises(ValidationError):
        member_remove(member=season["leaving"], by=admin_user)
    own = make_member(club, name="Beheerder Zelf", user=admin_user)
    with pytest.raises(ValidationError):
        member_remove(member=own, by=admin_user)
    second = member_remove(member=season["others"][0], by=admin_user)
    assert second.name == "Oud-lid 2"
    assert Member.objects.filter(club=club, removed_at__isnull=False).count() == 2


def test_a_table_re_seated_after_a_deleted_hand_forgets_the_name_too(
        season: dict[str, Any], admin_user: Any, make_evening: Any, make_round: Any,
        seat_table: Any) -> None:
    """A hand entered and deleted at a table the member then left (re-seated): the hand's
    history still named them."""
    others = season["others"]
    evening = make_evening(season["singles"], [season["leaving"], *others[:3]])
    table = seat_table(make_round(evening), list(evening.participants.all()))
    deal = sample_hands("jokeren", sides_of(table.seats.all()))[0]
    hand_add(table=table, by=admin_user, change=HandChange(data=deal, expected_version=0))
    hand = Hand.objects.get(table=table)
    hand_delete(hand=hand, by=admin_user, expected_version=1)
    table.seats.filter(participant__member=season["leaving"]).delete()
    assert Hand.history.filter(table_id=table.pk, data__icontains=NAME).exists()

    member_remove(member=season["leaving"], by=admin_user)

    assert NAME not in _database_text()


def test_every_history_table_is_searched() -> None:
    """The database dump above reads the history tables: they are real tables of the app."""
    tables = connection.introspection.table_names()
    for model in apps.get_models():
        if model._meta.object_name.startswith("Historical"):
            assert model._meta.db_table in tables


# -- the name wherever it was written ---------------------------------------------------------
def _pages_text(client: Any, club: Any, competition: Any, table: Any) -> str:
    """The table's page, its history and the season workbook, as the club admin sees them."""
    kw = {"club": club.slug, "pk": table.pk}
    texts = [client.get(reverse(name, kwargs=kw)).content.decode()
             for name in ("tournaments:table_scores", "tournaments:table_history")]
    book = _workbook(client, reverse("tournaments:season_xlsx", kwargs={
        "club": club.slug, "competition_id": competition.pk}))
    texts.append(repr(book))
    return "\n".join(texts)


def test_an_adjusted_reason_at_a_table_where_the_member_never_sat_forgets_the_name(
        season: dict[str, Any], club: Any, admin_user: Any, admin_client: Any,
        make_evening: Any, make_round: Any, seat_table: Any) -> None:
    """He watched; the admin adjusted a hand at the table of four others, and the reason named
    him (written in another case as well): the hand, its history and the workbook kept it."""
    others = season["others"]
    evening = make_evening(season["singles"], others[:4])
    table = seat_table(make_round(evening), list(evening.participants.order_by("pk")))
    sides = sides_of(table.seats.all())
    deal = {"penalties": dict(zip(sides, (0, 1, 12, 88), strict=True))}  # 1 is impossible
    reason = f"{NAME} keek mee en zei het hardop; ook {NAME.upper()} via {EMAIL}"
    hand_add(table=table, by=admin_user, change=HandChange(
        data=deal, expected_version=0, adjusted_reason=reason,
        adjusted_points=dict.fromkeys(sides, 0)))
    assert reason in _pages_text(admin_client, club, season["singles"], table)

    removed = member_remove(member=season["leaving"], by=admin_user)

    text = _pages_text(admin_client, club, season["singles"], table)
    assert NAME.casefold() not in text.casefold() and EMAIL not in text
    assert f"{removed.name} keek mee en zei het hardop; ook {removed.name} via" in text
    database = _database_text()
    assert NAME.casefold() not in database.casefold() and EMAIL not in database
    hand = Hand.objects.get(table=table)
    assert hand.is_adjusted and hand.adjusted_points == dict.fromkeys(sides, 0)


def test_the_name_in_another_case_in_a_delete_reason_is_erased(
        season: dict[str, Any], admin_user: Any, make_evening: Any, make_round: Any,
        seat_table: Any) -> None:
    """"hendrikus zwanenburg" in lower case in a delete reason at a table he sat at, and in
    capitals with a double space at a table he did not sit at."""
    others = season["others"]
    evening = make_evening(season["singles"], [season["leaving"], *others])
    people = list(evening.participants.order_by("pk"))
    round_ = make_round(evening)
    written = {NAME.lower(): seat_table(round_, people[:4], number=1),
               NAME.upper().replace(" ", "  "): seat_table(round_, people[4:], number=2)}
    for text, table in written.items():
        hands = sample_hands("jokeren", sides_of(table.seats.all()))[:2]
        for version, hand in enumerate(hands):
            hand_add(table=table, by=admin_user,
                     change=HandChange(data=hand, expected_version=version))
        last = Hand.objects.filter(table=table).order_by("number").last()
        assert last is not None
        hand_delete(hand=last, by=admin_user, reason=f"volgens {text} fout",
                    expected_version=len(hands))
    assert NAME.lower() in _database_text()

    removed = member_remove(member=season["leaving"], by=admin_user)

    database = _database_text()
    assert "zwanenburg" not in database.casefold()
    assert database.count(f"volgens {removed.name} fout") == 2


def test_failed_logins_typed_as_the_members_name_or_e_mail_are_forgotten(
        season: dict[str, Any], admin_user: Any) -> None:
    """Failed logins (django-axes) typed as his username, his e-mail or his full name, in any
    case, are gone at once, not at the cool-off; someone else's stay."""
    from axes.models import AccessAttempt

    typed = ["hzwanenburg", "HZwanenburg", EMAIL, EMAIL.upper(), NAME, NAME.lower()]
    for username in [*typed, "Ann Bakker"]:
        Client(REMOTE_ADDR="10.0.0.9").post(reverse("login"), {
            "username": username, "password": "wrong password"})
    assert AccessAttempt.objects.count() == len(typed) + 1

    member_remove(member=season["leaving"], by=admin_user)

    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["Ann Bakker"]
    database = _database_text().casefold()
    assert "zwanenburg" not in database


def test_removal_runs_a_fixed_number_of_queries(
        season: dict[str, Any], admin_user: Any, make_evening: Any, make_round: Any,
        seat_table: Any) -> None:
    """However many tables the member sat at: the club's texts are read in bulk (the old
    service ran three queries per table)."""
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection as db
    from django.test.utils import CaptureQueriesContext

    ContentType.objects.get_for_model(Member)  # cached from here on, as in a running site
    counts = []
    for member, extra in ((season["others"][3], 1), (season["others"][0], 9)):
        for _ in range(extra):  # more evenings, each a table with hands and a delete reason
            evening = make_evening(season["teams"], [member, *season["others"][4:7]])
            table = seat_table(make_round(evening), list(evening.participants.order_by("pk")))
            hands = sample_hands("high_five_1959", sides_of(table.seats.all()))[:2]
            for version, hand in enumerate(hands):
                hand_add(table=table, by=admin_user,
                         change=HandChange(data=hand, expected_version=version))
            hand_delete(hand=Hand.objects.filter(table=table).last(), by=admin_user,
                        reason=f"{member.name} telde verkeerd", expected_version=2)
        with CaptureQueriesContext(db) as queries:
            member_remove(member=member, by=admin_user)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_only_whole_mentions_are_replaced(club: Any, make_member: Any, admin_user: Any) -> None:
    """Another member's note names him in lower case: replaced; a longer name that starts with
    his stays (whole words only)."""
    leaving = make_member(club, name="Jan Bos")
    other = make_member(club, name="Ann Smit", notes="Rijdt met jan  bos; niet met Jan Bosman.")

    removed = member_remove(member=leaving, by=admin_user)

    other.refresh_from_db()
    assert other.notes == f"Rijdt met {removed.name}; niet met Jan Bosman."
    assert other.history.first().notes == other.notes  # the history row's copy too
