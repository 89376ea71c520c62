"""The season import is held to the same bounds as the site's forms and services: what the
competition form, the score entry, the member form or a call-off refuses, the import refuses
too, with a sentence that names the cell; and whatever it accepts, the competition form saves
again afterwards (an imported absence score of 1000 once locked that form for good)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubmanager.models import Member
from tests.tournaments.competitions.test_competitions import positions
from tests.tournaments.workbook.test_season_import import (
    DOCUMENT,
    column,
    do_import,
    edit,
    empty_like,
    sheets,
)
from tests.tournaments.workbook.test_workbook_reglement import RULES, build_season, standings_view
from tournaments.competitions.forms.competitions import CompetitionForm
from tournaments.competitions.forms.ordered import OrderedChoicesWidget
from tournaments.models import CallOff, Competition, Evening, Hand
from tournaments.workbook.check import check_season
from tournaments.workbook.read import parse_season
from tournaments.workbook.season_rules_sheet import season_rules_sentences
from tournaments.workbook.selectors import season_workbook
from tournaments.workbook.services import SeasonImportRefused

pytestmark = pytest.mark.django_db

Build = Callable[..., Any]


@pytest.fixture
def source(club: Any, make_competition: Build, make_member: Build, make_evening: Build,
           make_round: Build) -> Competition:
    return build_season(club, "jokeren", make_competition, make_member, make_evening,
                        make_round)


def with_rule(data: bytes, rule: str, value: Any) -> tuple[bytes, int]:
    """``data`` with the Reglement sheet's ``rule`` set to ``value`` (JSON), and its row."""
    rows = sheets(data)["Reglement"]
    line = next((n for n, row in enumerate(rows, start=1) if row[0] == rule), len(rows) + 1)
    data = edit(data, "Reglement", f"A{line}", rule)
    return edit(data, "Reglement", f"C{line}", json.dumps(value)), line


def preview_of(data: bytes, target: Competition) -> Any:
    return check_season(parse_season(data, "seizoen.xlsx"), competition=target,
                        members={m.member_number: m for m in
                                 Member.objects.filter(club=target.club)})


def edit_form_post(competition: Competition, **overrides: Any) -> dict[str, Any]:
    """What the browser posts when the competition's edit form is saved as it is shown."""
    form = CompetitionForm(game=competition.game, competition=competition)
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        if isinstance(field.widget, OrderedChoicesWidget):
            data.update(positions(name, *(field.prepare_value(value) or [])))
            continue
        data[name] = "" if value is None else field.prepare_value(value)
    data.update(overrides)
    return data


def save_edit_form(client: Client, competition: Competition, **overrides: Any) -> Any:
    url = reverse("tournaments:competition_edit", kwargs={"club": competition.club.slug,
                                                          "pk": competition.pk})
    return client.post(url, edit_form_post(competition, **overrides))


# -- the reglement: the competition form's bounds ---------------------------------------------
ABSENT = {"notified": "worst", "unnotified": {"fixed": 0}, "max_scored": 2}
TOO_LARGE = "hoogstens 999"
TOO_SMALL = "minstens -999"
# A fixed absence score is an evening's score: up to 99,999 (a klaverjas evening scores thousands).
SCORE_TOO_LARGE = "hoogstens 99999"
SCORE_TOO_SMALL = "minstens -99999"
REFUSED_RULES = [
    ("absent", {**ABSENT, "unnotified": {"fixed": 100000}}, "niet was", "100000",
     SCORE_TOO_LARGE),
    ("absent", {**ABSENT, "notified": {"fixed": 2147483647}}, "afmeldde", "2147483647",
     SCORE_TOO_LARGE),
    ("absent", {**ABSENT, "notified": {"fixed": -100000}}, "afmeldde", "-100000",
     SCORE_TOO_SMALL),
    ("absent", {**ABSENT, "max_scored": 1000}, "afwezige", "1000", TOO_LARGE),
    ("count", {"best": 1000}, "Hoeveel avonden (de beste)", "1000", TOO_LARGE),
    ("count", {"drop": 2147483647}, "Hoeveel avonden (de beste)", "2147483647", TOO_LARGE),
    ("min_played", 1000, "Hoeveel avonden moet iemand", "1000", TOO_LARGE),
    ("prizes", {"rule": {"top": 1000}, "booby": False}, "De besten", "1000", TOO_LARGE),
    ("prizes", {"rule": {"first": 4, "then_every": 5000}, "booby": False}, "daarna elke",
     "5000", TOO_LARGE),
    ("prizes", {"rule": {"positions": list(range(1, 80))}, "booby": False}, "Gekozen plaatsen",
     "", "niet meer dan 200 tekens"),
    ("periods", {"starts": [f"2026-{m:02d}-01" for m in range(1, 10)], "count": "all",
                 "season_count": "all"}, "Perioden", "", "ruimte voor 8"),
    ("periods", {"starts": ["2026-09-01"], "count": "all", "season_count": {"best": 1000}},
     "Hoeveel perioden", "1000", TOO_LARGE),
]


@pytest.mark.parametrize(("rule", "value", "question", "number", "words"), REFUSED_RULES)
def test_a_rule_the_competition_form_refuses_is_refused_naming_the_cell(
        source: Competition, other_club: Any, rule: str, value: Any, question: str,
        number: str, words: str) -> None:
    data = season_workbook(source)
    if rule == "periods":  # within each period, not over the season as well
        data, _line = with_rule(data, "count", "all")
    data, line = with_rule(data, rule, value)
    target = empty_like(source, club=other_club)
    preview = preview_of(data, target)
    assert not preview.valid
    [problem] = preview.problems
    assert problem.startswith(f"Blad “Reglement”, rij {line} (cel Reglement!C{line}): de regel "
                              f"“{rule}”"), problem
    assert question in problem and number in problem and words in problem, problem
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not Evening.objects.filter(competition=target).exists()
    target.refresh_from_db()
    assert target.rules == {}


def test_the_import_page_names_the_cell_of_an_absence_score_too_large(
        source: Competition, client_for: Any, admin_user: Any) -> None:
    data, line = with_rule(season_workbook(source), "absent",
                           {**ABSENT, "unnotified": {"fixed": 100000}})
    target = empty_like(source)
    url = reverse("tournaments:season_import", kwargs={"club": source.club.slug,
                                                        "competition_id": target.pk})
    page = client_for(admin_user).post(
        url, {"file": SimpleUploadedFile("seizoen.xlsx", data)}).content.decode()
    assert f"(cel Reglement!C{line}): de regel “absent”" in page
    assert "“Vast aantal punten voor wie er niet was” is 100000: Zorg ervoor dat deze waarde " \
           "hoogstens 99999 is." in page
    assert 'name="token" value=""' in page  # nothing to confirm


EDGES = {
    "count": {"best": 999},
    "min_played": 999,
    "absent": {"notified": {"fixed": -999}, "unnotified": {"fixed": 999}, "max_scored": 999},
    "prizes": {"rule": {"first": 999, "then_every": 999}, "booby": True},
}


@pytest.mark.parametrize("rules", [RULES, EDGES, {
    "periods": {"starts": [f"2026-{m:02d}-01" for m in range(1, 9)], "count": {"drop": 999},
                "season_count": {"best": 999}},
    "prizes": {"rule": {"positions": list(range(1, 50))}, "booby": False}}])
def test_after_an_accepted_import_the_competition_form_still_saves(
        club: Any, admin_client: Client, make_competition: Build, make_member: Build,
        make_evening: Build, make_round: Build, rules: dict[str, Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round, rules=rules)
    target = empty_like(source)
    do_import(season_workbook(source), target)
    target.refresh_from_db()
    assert target.rules == rules
    standings, words = standings_view(target), season_rules_sentences(rules)
    response = save_edit_form(admin_client, target, name="Hernoemd", end_date="2027-06-30")
    assert response.status_code == 302, response.context["form"].errors
    target.refresh_from_db()
    assert target.name == "Hernoemd"
    # the form writes out its defaults ("rank_by": "total", ...); the reglement is the same
    assert season_rules_sentences(target.rules) == words and standings_view(target) == standings


# -- call-offs: not for a member who played that evening ---------------------------------------
def test_a_calloff_for_a_member_who_played_that_evening_is_refused_naming_the_cell(
        source: Competition, other_club: Any) -> None:
    data = season_workbook(source)
    rows = sheets(data)["Afmeldingen"]
    first_evening = source.evenings.order_by("date").first()
    ann = Member.objects.get(club=source.club, name="Ann")
    data = edit(data, "Afmeldingen", f"A{len(rows) + 1}",
                datetime.datetime.combine(first_evening.date, datetime.time()))
    data = edit(data, "Afmeldingen", f"B{len(rows) + 1}", ann.member_number)
    data = edit(data, "Afmeldingen", f"C{len(rows) + 1}", "Ann")
    target = empty_like(source, club=other_club)
    preview = preview_of(data, target)
    line = len(rows) + 1
    assert preview.problems == [
        f"Blad “Afmeldingen”, rij {line} (cel Afmeldingen!B{line}): lidnummer "
        f"{ann.member_number} (Ann) speelde op {first_evening.date:%d-%m-%Y} mee; wie speelde, "
        "kan zich voor die avond niet afmelden."]
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not CallOff.objects.filter(evening__competition=target).exists()


# -- the hands sheet: numbers, member numbers and adjusted scores ------------------------------
@pytest.mark.parametrize(("header", "value", "words"), [
    ("Ronde", 40000, "van 1 tot en met 32767 zijn"),
    ("Tafel", "40000", "van 1 tot en met 32767 zijn"),
    ("Ronde", "1_0", "geen geheel getal"),
    ("Tafel", "٣", "geen geheel getal"),
    ("Ronde", "３", "geen geheel getal"),
])
def test_a_round_or_table_number_the_site_cannot_store_is_refused(
        source: Competition, header: str, value: Any, words: str) -> None:
    data = season_workbook(source)
    letter = column(data, header)
    data = edit(data, "Handen", f"{letter}2", value)
    target = empty_like(source)
    preview = preview_of(data, target)
    problems = [p for t in preview.errors for p in t.problems]
    assert any(p.startswith(f"Rij 2: {header}: ") and words in p and f"Handen!{letter}2" in p
               for p in problems), problems
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)


@pytest.mark.parametrize(("number", "words"), [
    ("N" * 33, "hoogstens 32 tekens"),
    ("N\u202e1", "onzichtbaar teken (U+202E)"),
])
def test_a_new_members_number_is_held_to_the_member_form(
        source: Competition, other_club: Any, number: str, words: str) -> None:
    data = season_workbook(source)
    old = sheets(data)["Leden"][1][0]
    data = edit(data, "Leden", "A2", number)
    for line, row in enumerate(sheets(data)["Handen"][1:], start=2):
        for index, value in enumerate(row):
            if value == old:
                from openpyxl.utils import get_column_letter
                data = edit(data, "Handen", f"{get_column_letter(index + 1)}{line}", number)
    target = empty_like(source, club=other_club)
    preview = preview_of(data, target)
    problems = " ".join(p for t in preview.errors for p in t.problems) + " ".join(
        preview.problems)
    assert "Lidnummer" in problems and words in problems and "Leden!A2" in problems, problems
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not Member.objects.filter(club=other_club).exists()


def _adjusted(data: bytes, line: int, points: Any) -> bytes:
    raw = column(data, "Aangepaste punten (ruwe invoer, voor de import)")
    data = edit(data, "Handen", f"{raw}{line}",
                json.dumps(points))
    return edit(data, "Handen", f"{column(data, 'Reden voor de aangepaste score')}{line}",
                "beslissing van de wedstrijdleiding")


def _sides(data: bytes, line: int) -> list[str]:
    rows = sheets(data)["Handen"]
    return list(json.loads(rows[line - 1][list(rows[0]).index(DOCUMENT)])["penalties"])


@pytest.mark.parametrize(("points", "words"), [
    (lambda sides: {s: 900 for s in sides}, "van 0 tot 792 punten"),
    (lambda sides: {s: 10**12 for s in sides}, "van 0 tot 792 punten"),
    (lambda sides: {s: "abc" for s in sides}, "elke speler een geheel getal"),
    (lambda sides: {s: 1.5 for s in sides}, "elke speler een geheel getal"),
    (lambda sides: {sides[0]: 5}, "elke speler een geheel getal"),
    (lambda sides: [1, 2], "elke speler een geheel getal"),
])
def test_adjusted_points_are_held_to_the_score_entry(
        source: Competition, points: Callable[[list[str]], Any], words: str) -> None:
    data = season_workbook(source)
    data = _adjusted(data, 2, points(_sides(data, 2)))
    target = empty_like(source)
    preview = preview_of(data, target)  # never a 500
    problems = [p for t in preview.errors for p in t.problems]
    assert any(p.startswith("Rij 2: ") and words in p for p in problems), problems
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not Hand.objects.filter(table__round__evening__competition=target).exists()


def test_adjusted_points_within_the_bounds_are_imported(source: Competition) -> None:
    data = season_workbook(source)
    sides = _sides(data, 2)
    data = _adjusted(data, 2, {s: 792 if n == 0 else 0 for n, s in enumerate(sides)})
    target = empty_like(source)
    do_import(data, target)
    assert Hand.objects.filter(table__round__evening__competition=target,
                               adjusted_points__isnull=False).count() == 1
