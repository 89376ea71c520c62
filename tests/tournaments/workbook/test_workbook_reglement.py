"""The season workbook carries the reglement, the evenings that do not count and the call-offs:
export → import gives the same standings, for every demo competition and,
through LibreOffice, for every game; hostile rule values are refused with a sentence."""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from clubmanager.models import Club, Member
from scoring import GAMES
from tests.tournaments.workbook.test_season_import import (
    do_import,
    edit,
    empty_like,
    libreoffice_save,
    sheets,
)
from tournaments.games import sample_hands
from tournaments.models import CallOff, Competition, Evening
from tournaments.shared.matches import playing_order
from tournaments.standings.selectors.standings import season_standings
from tournaments.workbook.check import check_season
from tournaments.workbook.read import ParsedSeason, parse_season
from tournaments.workbook.selectors import season_workbook
from tournaments.workbook.services import SeasonImportRefused, season_import_apply

RULES = {
    "count": {"drop": 1},
    "min_played": 1,
    "absent": {"notified": "worst", "unnotified": {"fixed": 0}, "max_scored": 2},
    "tiebreaks": ["played", "name"],
    "prizes": {"rule": {"first": 4, "then_every": 4}, "booby": True},
    "champion": True,
}


def standings_view(competition: Competition) -> tuple[Any, ...]:
    """Everything the standings show, by member number and evening date (ids differ)."""
    result = season_standings(competition)
    dates = dict(Evening.objects.filter(competition=competition).values_list("pk", "date"))
    rows = [(r.rank, r.name, r.member_number, r.total, r.evenings_played, r.counted,
             r.qualified, r.wins, r.best_evening, r.average, r.needed, r.periods,
             {dates[k]: v for k, v in r.per_evening.items()},
             {dates[k]: v for k, v in r.absent_kind.items()},
             sorted(dates[k] for k in r.dropped))
            for r in result.rows]
    return rows, result.errors, [e.date for e in result.evenings]


def calloffs_of(competition: Competition) -> list[tuple[Any, ...]]:
    return sorted(CallOff.objects.filter(evening__competition=competition)
                  .values_list("evening__date", "member__member_number"))


def evenings_of(competition: Competition) -> list[tuple[Any, ...]]:
    return list(Evening.objects.filter(competition=competition).order_by("date")
                .values_list("date", "counts"))


def build_season(club: Any, game: str, make_competition: Callable[..., Any],
                 make_member: Callable[..., Any], make_evening: Callable[..., Any],
                 make_round: Callable[..., Any], rules: Any = None) -> Competition:
    """Three played evenings of one table, the second not counting, a call-off on the third
    and one on a planned fourth; the reglement of ``RULES``."""
    from benchmarks.season import play_table, seat_table

    competition = make_competition(club, game, rules=RULES if rules is None else rules)
    people = {n: make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk", "Eva")}
    present = [("Ann", "Bob", "Cor", "Dirk"), ("Bob", "Cor", "Dirk", "Eva"),
               ("Ann", "Bob", "Cor", "Eva")]
    start = competition.start_date
    for week, names in enumerate(present):
        evening = make_evening(competition, members=[people[n] for n in names],
                               date=start + datetime.timedelta(weeks=week))
        participants = list(evening.participants.select_related("member").order_by("pk"))
        table, seats = seat_table(make_round(evening), participants, 1)
        play_table(table, seats, sample_hands(game, playing_order(table, seats), week))
    evenings = list(competition.evenings.order_by("date"))
    Evening.objects.filter(pk=evenings[1].pk).update(counts=False)
    CallOff.objects.create(evening=evenings[2], member=people["Dirk"])
    planned = make_evening(competition, status="planned", date=start + datetime.timedelta(weeks=3))
    CallOff.objects.create(evening=planned, member=people["Eva"])
    return competition


def assert_same_season(target: Competition, source: Competition) -> None:
    target.refresh_from_db()
    assert target.rules == source.rules
    assert evenings_of(target) == evenings_of(source)
    assert calloffs_of(target) == calloffs_of(source)
    assert standings_view(target) == standings_view(source)


# -- the round trip ----------------------------------------------------------------------------
def test_round_trip_carries_rules_calloffs_and_evenings_that_do_not_count(
        club: Any, other_club: Any, admin_user: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    rows, errors, _columns = standings_view(source)
    assert not errors
    assert any(row[14] for row in rows)  # an evening is dropped
    assert any("notified" in row[13].values() for row in rows)  # Dirk called off: scored
    data = season_workbook(source)
    book = sheets(data)
    assert [r[0] for r in book["Reglement"][1:]] == ["count", "min_played", "absent",
                                                     "tiebreaks", "prizes", "champion"]
    assert json.loads(book["Reglement"][-2][2]) == RULES["prizes"]
    assert [r[1] for r in book["Avonden"][1:]] == [True, False, True, True]
    assert [r[2] for r in book["Afmeldingen"][1:]] == ["Dirk", "Eva"]

    target = empty_like(source, club=other_club)  # another club: members come from the sheet
    assert target.rules == {}
    outcome = do_import(data, target, admin_user)
    assert outcome.evenings == 4 and outcome.members_created == 5
    assert_same_season(target, source)
    assert Evening.objects.get(competition=target, date=evenings_of(source)[-1][0]).status \
        == "planned"
    assert target.history.first().history_user == admin_user  # the change is in the history
    assert sheets(season_workbook(target)) == book


def test_the_standings_sheet_marks_dropped_evenings_and_absences(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    book = load_workbook(io.BytesIO(season_workbook(source)))
    sheet = book["Stand"]
    heads = [c.value for c in sheet[1]]
    dates = [e.date for e in season_standings(source).evenings]
    columns = {d: heads.index(f"{d:%d-%m-%Y}") for d in dates}
    by_name = {row[1].value: row for row in sheet.iter_rows(min_row=2)}
    for standing in season_standings(source).rows:
        evening_date = dict(Evening.objects.values_list("pk", "date"))
        for pk, score in standing.per_evening.items():
            cell = by_name[standing.name][columns[evening_date[pk]]]
            assert cell.value == score  # a number, as the engine answered
            dropped = pk in standing.dropped
            assert bool(cell.font.strike) == dropped
            assert ("telt niet mee" in cell.number_format) == dropped
            kind = standing.absent_kind.get(pk)
            assert bool(cell.font.i) == bool(kind)
            assert ("afgemeld" in cell.number_format) == (kind == "notified")
    marked = [c for row in sheet.iter_rows(min_row=2) for c in row if c.font.strike]
    assert marked and any(c.font.i for row in sheet.iter_rows(min_row=2) for c in row)
    legend = {row[0]: row[1] for row in book["Info"].iter_rows(values_only=True) if row[0]}
    assert "telt niet mee" in legend["Doorgestreept"]
    assert "afgemeld" in legend["Schuin"] and "afwezig" in legend["Schuin"]
    assert legend["Avondprijzen"] == ("Avondprijzen voor de plaatsen 1 tot en met 4, daarna elke "
                                      "4 plaatsen. Een poedelprijs voor de slechtste score.")


def test_every_demo_competition_round_trips_with_identical_standings(db: None) -> None:
    from tournaments.demo import clubs as club_demo
    from tournaments.demo import competitions as demo
    from tournaments.demo import scores as score_demo

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    competitions = list(Competition.objects.select_related("club").order_by("pk"))
    assert len(competitions) == 2 * len(GAMES) + 1  # and the klaverjas club's koppel one
    for number, source in enumerate(competitions):
        club = Club.objects.create(name=f"Kopie {number}", slug=f"kopie-{number}")
        target = Competition.objects.create(
            club=club, name=source.name, game=source.game, options=source.options,
            start_date=source.start_date, better=source.better,
            requires_confirmation=source.requires_confirmation)
        do_import(season_workbook(source), target)
        rows, errors, columns = standings_view(source)
        assert rows and not errors and columns, source.name
        assert_same_season(target, source)


# -- LibreOffice: open, save, import, for every game -------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_libreoffice_round_trip_keeps_the_reglement(
        game: str, club: Any, other_club: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any], tmp_path: Any) -> None:
    source = build_season(club, game, make_competition, make_member, make_evening, make_round)
    path = tmp_path / "seizoen.xlsx"
    path.write_bytes(season_workbook(source))
    [saved] = libreoffice_save([path], tmp_path / "saved")
    target = empty_like(source, club=other_club)
    do_import(saved, target)
    assert_same_season(target, source)
    rows, errors, _columns = standings_view(source)
    assert not errors and any(row[14] for row in rows)


# -- hostile values: refused with a sentence naming the rule -----------------------------------
def _rules_row(data: bytes, rule: str) -> int:
    rows = sheets(data)["Reglement"]
    return next(i for i, row in enumerate(rows, start=1) if row[0] == rule)


HOSTILE = [
    ("count", '{"best": 0}', "minstens 1 avond (of periode) meetellen."),
    ("count", '{"best": 6.5}', "vul alleen hele getallen in."),
    ("count", "NaN", "vul alleen hele getallen in."),
    ("min_played", str(10**40), "een getal is te groot."),
    ("min_played", "9" * 5000, "niet in de vorm die de site schrijft"),
    ("count", "[" * 40 + "]" * 40, "niveaus diep genest"),
    ("absent", json.dumps({"notified": "worst", "x": list(range(500))}), "meer dan 200"),
    ("absent", '"nothing"', "absent"),
    ("tiebreaks", '["played", "played"]', "tiebreaks"),
    ("prizes", '{"rule": {"positions": [1, 1]}, "booby": false}', "avondprijzen"),
    ("count", "alles", "count"),
    ("count", "=1+1", "formule"),
]


@pytest.mark.parametrize(("rule", "value", "words"), HOSTILE)
def test_hostile_rule_values_are_refused_naming_the_rule(
        rule: str, value: str, words: str, club: Any, other_club: Any,
        make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    data = season_workbook(source)
    line = _rules_row(data, rule)
    data = edit(data, "Reglement", f"C{line}", value)
    target = empty_like(source, club=other_club)
    preview = check_season(parse_season(data, "seizoen.xlsx"), competition=target, members={})
    assert not preview.valid
    [problem] = preview.problems
    assert problem.startswith(f"Blad “Reglement”, rij {line}"), problem
    cell = "" if words == "formule" else f" (cel Reglement!C{line})"  # a formula: either cell
    assert problem.startswith(f"Blad “Reglement”, rij {line}{cell}: de regel “{rule}”"), problem
    assert words.lower() in problem.lower(), problem
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not Evening.objects.filter(competition=target).exists()
    target.refresh_from_db()
    assert target.rules == {}


def test_unknown_and_doubled_rules_and_bad_evenings_and_calloffs(
        club: Any, other_club: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    data = season_workbook(source)
    last = len(sheets(data)["Reglement"])
    data = edit(data, "Reglement", f"A{last + 1}", "sneaky")
    data = edit(data, "Reglement", f"C{last + 1}", "1")
    data = edit(data, "Reglement", f"A{last + 2}", "count")
    data = edit(data, "Reglement", f"C{last + 2}", '"all"')
    data = edit(data, "Avonden", "B2", "misschien")
    data = edit(data, "Afmeldingen", "B2", "Z999")
    data = edit(data, "Afmeldingen", "A3", datetime.datetime(2030, 1, 1))
    preview = check_season(parse_season(data, "seizoen.xlsx"),
                           competition=empty_like(source, club=other_club), members={})
    text = "\n".join(preview.problems)
    assert f"rij {last + 1} (cel Reglement!A{last + 1}): de regel “sneaky”: zo'n regel " \
           "bestaat niet" in text
    assert f"rij {last + 2} (cel Reglement!A{last + 2}): de regel “count” (Hoeveel avonden " \
           "tellen mee?): deze regel staat ook op rij 2." in text
    assert "Blad “Avonden”, rij 2: “Telt mee voor de competitie” moet ja of nee zijn." in text
    assert "Blad “Afmeldingen”, rij 2 (cel Afmeldingen!B2): lidnummer Z999" in text
    assert "Blad “Afmeldingen”, rij 3 (cel Afmeldingen!A3): er is geen avond op 01-01-2030 " \
           "in het bestand." in text


def test_an_older_workbook_without_the_new_sheets_keeps_the_competitions_rules(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    book = load_workbook(io.BytesIO(season_workbook(source)))
    for name in ("Reglement", "Avonden", "Afmeldingen"):
        del book[name]
    out = io.BytesIO()
    book.save(out)
    target = empty_like(source, name="Oud")
    target.rules = {"count": {"best": 2}}
    target.save()
    do_import(out.getvalue(), target)
    target.refresh_from_db()
    assert target.rules == {"count": {"best": 2}}
    assert all(counts for _date, counts in evenings_of(target))
    assert len(evenings_of(target)) == 3 and not calloffs_of(target)


def test_the_import_page_refuses_a_bad_rule_with_its_sentence(
        club: Any, client_for: Any, admin_user: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    data = season_workbook(source)
    data = edit(data, "Reglement", f"C{_rules_row(data, 'count')}", '{"best": -3}')
    target = empty_like(source)
    client = client_for(admin_user)
    url = reverse("tournaments:season_import", kwargs={"club": club.slug,
                                                        "competition_id": target.pk})
    response = client.post(url, {"file": SimpleUploadedFile("seizoen.xlsx", data)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "de regel “count” (Hoeveel avonden tellen mee?)" in page
    assert 'name="token" value=""' in page  # nothing to confirm


@pytest.mark.parametrize(("rule", "value"), [
    ("count", '{"best": "x"}'), ("count", '{"best": [1]}'), ("tiebreaks", "5"),
    ("absent", '{"notified": {"fixed": [1]}}'), ("prizes", '{"rule": 7, "booby": 1}'),
    ("min_played", '"drie"'), ("rank_by", "{}")])
def test_no_rule_value_makes_the_import_page_fail(
        rule: str, value: str, club: Any, client_for: Any, admin_user: Any,
        make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round, rules={**RULES, "rank_by": "total"})
    data = season_workbook(source)
    data = edit(data, "Reglement", f"C{_rules_row(data, rule)}", value)
    target = empty_like(source)
    url = reverse("tournaments:season_import", kwargs={"club": club.slug,
                                                        "competition_id": target.pk})
    response = client_for(admin_user).post(
        url, {"file": SimpleUploadedFile("seizoen.xlsx", data)})
    assert response.status_code == 200
    page = response.content.decode()
    assert f"de regel “{rule}”" in page
    assert "kan niet worden overgenomen" in page and 'name="token" value=""' in page


def test_the_preview_shows_the_reglement_it_will_take_over(
        club: Any, client_for: Any, admin_user: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    target = empty_like(source)
    client = client_for(admin_user)
    url = reverse("tournaments:season_import", kwargs={"club": club.slug,
                                                        "competition_id": target.pk})
    response = client.post(url, {"file": SimpleUploadedFile("seizoen.xlsx",
                                                            season_workbook(source))})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Het reglement uit het bestand" in page
    assert "slechtste avond" in page  # drop 1, in words
    assert "1 avond telt niet mee" in page and "2 afmeldingen" in page
    assert "Avondprijzen voor de plaatsen 1 tot en met 4, daarna elke 4 plaatsen." in page
    assert "Een poedelprijs voor de slechtste score." in page
    assert "Bij gelijke stand: meer avonden gespeeld, alfabetisch." in page
    confirm = reverse("tournaments:season_import_confirm",
                      kwargs={"club": club.slug, "competition_id": target.pk})
    token = page.split('name="token" value="')[1].split('"')[0]
    client.post(confirm, {"token": token})
    assert_same_season(target, source)
    assert Member.objects.filter(club=club).count() == 5


def test_check_season_accepts_an_unchanged_export(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    target = empty_like(source)
    parsed = parse_season(season_workbook(source), "s.xlsx")
    preview = check_season(parsed, competition=target,
                           members={m.member_number: m for m in Member.objects.filter(club=club)})
    assert preview.valid and not preview.problems
    assert preview.season_rules.rules == RULES
    assert preview.evenings == 4  # the planned evening too
    season_import_apply(competition=target, parsed=parsed, by=None)
    assert_same_season(target, source)


def test_a_preview_kept_before_the_rename_still_brings_its_rules(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    """A secretary who saw the preview before an update and confirms after it: the kept
    preview named its rules "reglement"; they still come with the import."""
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    kept = parse_season(season_workbook(source), "s.xlsx").to_dict()
    kept["reglement"] = kept.pop("season_rules")
    assert ParsedSeason.from_dict(kept).season_rules.rules == RULES


def test_a_calloff_an_evening_that_stops_counting_or_new_rules_change_the_download(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    """The cached workbook is rebuilt after each (its name holds the fingerprint's hash)."""
    from tournaments.workbook.selectors import season_fingerprint

    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    seen = [season_fingerprint(source)]
    first = source.evenings.order_by("date").first()
    CallOff.objects.create(evening=first, member=Member.objects.get(club=club, name="Eva"))
    seen.append(season_fingerprint(source))
    Evening.objects.filter(pk=first.pk).update(counts=False)
    seen.append(season_fingerprint(source))
    source.rules = {**RULES, "rank_by": "average"}
    source.save()
    seen.append(season_fingerprint(source))
    assert len({json.dumps(f, default=str) for f in seen}) == 4


def test_an_evenings_sheet_of_more_than_a_season_is_refused(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    from tournaments.workbook.season_rules_sheet import MAX_EVENINGS

    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    book = load_workbook(io.BytesIO(season_workbook(source)))
    sheet = book["Avonden"]
    first = datetime.date(2030, 1, 1)
    for day in range(MAX_EVENINGS + 5):
        sheet.append([first + datetime.timedelta(days=day), True])
    out = io.BytesIO()
    book.save(out)
    target = empty_like(source)
    preview = check_season(parse_season(out.getvalue(), "s.xlsx"), competition=target,
                           members={})
    assert [p for p in preview.problems if "hoogstens 366 avonden" in p] == [
        f"Blad “Avonden”, rij {MAX_EVENINGS + 2}: een seizoen heeft hoogstens 366 avonden."]
    with pytest.raises(SeasonImportRefused):
        do_import(out.getvalue(), target)
    assert not Evening.objects.filter(competition=target).exists()


def test_periods_and_evenings_still_needed_on_the_standings_sheet(
        club: Any, other_club: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    start = datetime.date(2026, 9, 1)
    rules = {"min_played": 3, "periods": {
        "starts": [start.isoformat(), (start + datetime.timedelta(weeks=2)).isoformat()],
        "count": {"best": 1}, "season_count": {"best": 1}}}
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round, rules=rules)
    standings = season_standings(source)
    assert not standings.errors
    book = load_workbook(io.BytesIO(season_workbook(source)))
    sheet = book["Stand"]
    heads = [c.value for c in sheet[1]]
    first, second = heads.index("Periode 1"), heads.index("Periode 2")
    needed = heads.index("Avonden nog nodig")
    assert first < second < needed < heads.index(f"{start:%d-%m-%Y}")
    by_name = {row[1].value: row for row in sheet.iter_rows(min_row=2)}
    struck = 0
    for row in standings.rows:
        cells = by_name[row.name]
        assert cells[needed].value == row.needed
        for period, column in zip(row.periods, (first, second), strict=True):
            assert cells[column].value == period["total"]
            assert bool(cells[column].font.strike) == (not period["counted"])
            struck += not period["counted"]
    assert struck  # the worse period of someone does not count
    assert any(row.needed for row in standings.rows)
    target = empty_like(source, club=other_club)
    do_import(season_workbook(source), target)
    assert_same_season(target, source)


def test_periods_chosen_by_evening_go_by_date_and_come_back_to_the_new_evenings(
        club: Any, other_club: Any, admin_user: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round, rules={"count": {"best": 1}})
    first, _second, third, _planned = source.evenings.order_by("date")
    source.rules = {"periods": {"evenings": {str(first.pk): 1, str(third.pk): 2},
                                "count": {"best": 1}, "season_count": "all"}}
    source.save()
    periods_before = [row[11] for row in standings_view(source)[0]]
    assert any(len(p or []) == 2 for p in periods_before)  # two periods shown
    data = season_workbook(source)
    written = json.loads(next(r[2] for r in sheets(data)["Reglement"][1:] if r[0] == "periods"))
    assert written["evenings"] == {first.date.isoformat(): 1, third.date.isoformat(): 2}
    target = empty_like(source, club=other_club)
    do_import(data, target, admin_user)
    target.refresh_from_db()
    new = {e.date: str(e.pk) for e in target.evenings.all()}
    assert target.rules["periods"]["evenings"] == {new[first.date]: 1, new[third.date]: 2}
    assert standings_view(target) == standings_view(source)
