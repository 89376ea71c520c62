"""Season import: export → import → export gives the same content; bad rows are refused."""

from __future__ import annotations

import datetime
import io
import json
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from benchmarks.season import build_jokeren_season, play_table, seat_table
from clubmanager.models import Member
from scoring import GAMES
from tournaments.games import sample_hands
from tournaments.models import Competition, Evening, Hand, Participant, Round, Seat, Table
from tournaments.shared.matches import playing_order
from tournaments.workbook.check import check_season
from tournaments.workbook.read import ImportFileError, parse_season
from tournaments.workbook.selectors import season_workbook
from tournaments.workbook.services import SeasonImportRefused, season_import_apply


def sheets(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def empty_like(competition: Competition, club: Any = None, name: str = "Kopie") -> Competition:
    return Competition.objects.create(
        club=club or competition.club, name=name, game=competition.game,
        options=competition.options, start_date=competition.start_date,
        better=competition.better,
    )


def do_import(data: bytes, target: Competition, user: Any = None) -> Any:
    parsed = parse_season(data, "seizoen.xlsx")
    return season_import_apply(competition=target, parsed=parsed, by=user)


def column(data: bytes, header: str, sheet: str = "Handen") -> str:
    """The letter of the column headed ``header``."""
    from openpyxl.utils import get_column_letter

    heads = list(sheets(data)[sheet][0])
    return get_column_letter(heads.index(header) + 1)


DOCUMENT = "Hand zoals ingevoerd (ruwe invoer, voor de import)"


def edit(data: bytes, sheet: str, cell: str, value: Any) -> bytes:
    book = load_workbook(io.BytesIO(data))
    book[sheet][cell] = value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.fixture
def season(club: Any) -> Competition:
    return build_jokeren_season(club, evenings=3, members=8, rounds=2, guests=["Gast Één", "Zoë"])


def test_round_trip_gives_the_same_workbook(season: Competition, admin_user: Any) -> None:
    first = season_workbook(season)
    target = empty_like(season)
    outcome = do_import(first, target, admin_user)
    assert (outcome.evenings, outcome.rounds, outcome.tables, outcome.hands) == (3, 6, 18, 126)
    assert outcome.members_created == 0
    assert sheets(season_workbook(target)) == sheets(first)
    # The stored integers are the engine's, and history records who imported.
    original = sorted(Seat.objects.filter(table__round__evening__competition=season)
                      .values_list("participant__member_id", "points", "competition_points",
                                   "place"), key=str)
    copied = sorted(Seat.objects.filter(table__round__evening__competition=target)
                    .values_list("participant__member_id", "points", "competition_points",
                                 "place"), key=str)
    assert copied == original
    hand = Hand.objects.filter(table__round__evening__competition=target).first()
    assert hand.history.first().history_user == admin_user
    assert Evening.objects.filter(competition=target, status="closed").count() == 3


@pytest.mark.parametrize("game", sorted(GAMES))
def test_round_trip_for_every_game(game: str, club: Any, make_competition: Callable[..., Any],
                                   make_member: Callable[..., Any],
                                   make_evening: Callable[..., Any],
                                   make_round: Callable[..., Any]) -> None:
    players = ["Ann", "Bob", "Cor", "Dirk"]
    competition = make_competition(club, game)
    evening = make_evening(competition, members=[make_member(club, name=n) for n in players])
    round_ = make_round(evening)
    participants = list(evening.participants.select_related("member").order_by("pk"))
    table, seats = seat_table(round_, participants, 1, first_dealer=2, scorekeeper=1)
    hands = sample_hands(game, playing_order(table, seats))
    play_table(table, seats, hands)
    seat_table(make_round(evening), participants, 1)  # a second round, not played yet
    first = season_workbook(competition)
    rows = sheets(first)["Handen"]
    hand = rows[0].index("Hand")
    adjusted = rows[0].index("Aangepaste punten (ruwe invoer, voor de import)")
    assert adjusted > hand + 1  # the game's readable columns sit between them
    played = [row for row in rows[1:] if row[hand] is not None]
    assert len(played) == len(hands)
    assert all(any(v is not None for v in row[hand + 1:adjusted]) for row in played)
    target = empty_like(competition)
    do_import(first, target)
    assert sheets(season_workbook(target)) == sheets(first)
    copy = Table.objects.get(round__evening__competition=target, round__number=1)
    assert (copy.first_dealer, copy.scorekeeper, copy.hand_count) == (2, 1, len(hands))


def test_import_into_another_club_creates_members_from_the_members_sheet(
        season: Competition, other_club: Any) -> None:
    data = season_workbook(season)
    target = empty_like(season, club=other_club)
    outcome = do_import(data, target)
    assert outcome.members_created == 8
    assert set(Member.objects.filter(club=other_club).values_list("member_number", flat=True)) \
        == {f"B{i:03d}" for i in range(1, 9)}
    assert Participant.objects.filter(evening__competition=target, member__isnull=True) \
        .values_list("guest_name", flat=True).distinct().count() == 2


def test_a_bad_hand_is_refused_with_the_rule_and_the_row(season: Competition) -> None:
    data = season_workbook(season)
    rows = sheets(data)["Handen"]
    heads = list(rows[0])
    seat = next(n for n in range(1, 5) if rows[5][heads.index(f"Strafpunten, partij {n}")])
    side = rows[5][heads.index(f"Stoel {seat} naam")]
    assert json.loads(rows[5][heads.index(DOCUMENT)])["penalties"][side]
    # a penalty of 1 is impossible; changed in the readable column, which wins
    bad = edit(data, "Handen", f"{column(data, f'Strafpunten, partij {seat}')}6", 1)
    target = empty_like(season)
    preview = check_season(parse_season(bad, "s.xlsx"), competition=target,
                           members={m.member_number: m for m in Member.objects.all()})
    assert not preview.valid
    assert len(preview.errors) == 1
    problem = preview.errors[0].problems[0]
    assert problem.startswith("Row 6:") or problem.startswith("Rij 6:")
    assert side in problem
    with pytest.raises(SeasonImportRefused):
        do_import(bad, target)
    assert not Evening.objects.filter(competition=target).exists()
    assert not Round.objects.filter(evening__competition=target).exists()


def test_unknown_member_number_formula_and_bad_json_are_row_errors(season: Competition) -> None:
    data = season_workbook(season)
    bad = edit(data, "Handen", "H2", "X999")          # seat 1 member number
    bad = edit(bad, "Handen", f"{column(data, DOCUMENT)}30", "=1+1")  # a formula
    bad = edit(bad, "Handen", f"{column(data, DOCUMENT)}60", "{not json")  # broken JSON
    bad = edit(bad, "Leden", "A2", "X998")            # not the same number either
    preview = check_season(parse_season(bad, "s.xlsx"), competition=empty_like(season),
                           members={m.member_number: m for m in Member.objects.all()})
    text = " | ".join(p for t in preview.errors for p in t.problems)
    assert "X999" in text
    assert "formula" in text or "formule" in text
    assert "niet in de vorm die de site schrijft" in text and "JSON" not in text
    assert len(preview.errors) == 3


def test_a_competition_with_evenings_is_refused(season: Competition) -> None:
    with pytest.raises(SeasonImportRefused) as refused:
        do_import(season_workbook(season), season)
    assert refused.value.reason == "not_empty"


def test_another_game_is_refused(season: Competition, club: Any,
                                 make_competition: Callable[..., Any]) -> None:
    target = make_competition(club, "big_five")
    preview = check_season(parse_season(season_workbook(season), "s.xlsx"), competition=target,
                           members={m.member_number: m for m in Member.objects.all()})
    assert not preview.valid
    assert "Big Five" in preview.errors[0].problems[0]


@pytest.mark.parametrize(("content", "name", "words"), [
    (b"naam;lidnummer\nAnn;1\n", "leden.csv", "xlsx"),
    (b"PK\x03\x04 broken", "seizoen.xlsx", "cannot be read"),
    (b"", "seizoen.xlsx", "empty"),
])
def test_files_that_are_no_season_workbook(content: bytes, name: str, words: str) -> None:
    with pytest.raises(ImportFileError) as error:
        parse_season(content, name)
    assert words in str(error.value) or str(error.value)


def test_a_workbook_without_the_hands_sheet(tmp_path: Any) -> None:
    book = Workbook()
    book.active.title = "Leden"
    book.active.append(["Lidnummer", "Naam"])
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(ImportFileError) as error:
        parse_season(out.getvalue(), "leden.xlsx")
    assert "Leden" in str(error.value)


# -- the pages ------------------------------------------------------------------------------
def _upload(data: bytes, name: str = "seizoen.xlsx") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def test_admin_imports_through_preview_and_confirm(season: Competition, client_for: Any,
                                                   admin_user: Any) -> None:
    target = empty_like(season)
    url = reverse("tournaments:season_import", kwargs={"club": season.club.slug,
                                                       "competition_id": target.pk})
    client = client_for(admin_user)
    assert client.get(url).status_code == 200
    response = client.post(url, {"file": _upload(season_workbook(season))})
    assert response.status_code == 200
    assert response.context["preview"].valid
    assert not Evening.objects.filter(competition=target).exists()  # nothing written yet
    token = response.context["token"]
    confirm = reverse("tournaments:season_import_confirm",
                      kwargs={"club": season.club.slug, "competition_id": target.pk})
    done = client.post(confirm, {"token": token})
    assert done.status_code == 302
    assert Evening.objects.filter(competition=target).count() == 3
    # The token is used up: confirming again imports nothing twice.
    again = client.post(confirm, {"token": token})
    assert again.status_code == 302
    assert Evening.objects.filter(competition=target).count() == 3


def test_import_page_shows_bad_files_and_bad_rows_without_500(season: Competition,
                                                              client_for: Any,
                                                              admin_user: Any) -> None:
    target = empty_like(season)
    url = reverse("tournaments:season_import", kwargs={"club": season.club.slug,
                                                       "competition_id": target.pk})
    client = client_for(admin_user)
    response = client.post(url, {"file": _upload(b"%PDF-1.4 nonsense", "seizoen.pdf")})
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    data = season_workbook(season)
    data = edit(data, "Handen", f"{column(data, 'Strafpunten, partij 1')}2", "veel")
    response = client.post(url, {"file": _upload(data)})
    assert response.status_code == 200
    assert not response.context["preview"].valid
    assert b"Row 2" in response.content or b"Rij 2" in response.content
    assert f"import:season:{target.pk}" not in client.session



def _nested(depth: int) -> str:
    """A Jokeren hand whose penalties hold an object ``depth`` levels deep: valid JSON."""
    return '{"penalties": ' + '{"a": ' * depth + "0" + "}" * depth + "}"


def test_deep_json_in_a_cell_is_a_row_error_naming_the_sheet_and_cell(
        season: Competition, client_for: Any, admin_user: Any) -> None:
    """JSON nested thousands of levels deep raised RecursionError (a 500) on import, in
    ``json.loads`` or, 900 levels deep, in the copy of the hand. Refused
    with the cell and the sheet named; nothing stored."""
    data = season_workbook(season)
    hand, options = column(data, DOCUMENT), column(data, "Spelopties (ruwe invoer, voor de import)")
    bad = edit(data, "Handen", f"{hand}2", "[" * 5000 + "]" * 5000)
    bad = edit(bad, "Handen", f"{options}30", "[" * 5000 + "]" * 5000)
    bad = edit(bad, "Handen", f"{hand}60", _nested(900))
    target = empty_like(season)
    url = reverse("tournaments:season_import", kwargs={"club": season.club.slug,
                                                       "competition_id": target.pk})
    response = client_for(admin_user).post(url, {"file": _upload(bad)})
    assert response.status_code == 200
    problems = [p for t in response.context["preview"].errors for p in t.problems]
    assert [p for p in problems if "32" in p] == [
        f"Rij 2: {DOCUMENT}: cel {hand}2 van blad “Handen” is meer dan 32 niveaus "
        "diep genest; een geëxporteerde hand of spelopties zijn dat nooit. Exporteer "
        "het seizoen opnieuw en importeer die werkmap.",
        f"Rij 30: Spelopties (ruwe invoer, voor de import): cel {options}30 van blad “Handen” "
        "is meer dan 32 niveaus diep genest; een geëxporteerde hand of spelopties zijn dat "
        "nooit. Exporteer het seizoen opnieuw en importeer die werkmap.",
        f"Rij 60: {DOCUMENT}: cel {hand}60 van blad “Handen” is meer dan 32 niveaus "
        "diep genest; een geëxporteerde hand of spelopties zijn dat nooit. Exporteer "
        "het seizoen opnieuw en importeer die werkmap."]
    assert not Evening.objects.filter(competition=target).exists()


def test_json_as_deep_as_the_limit_is_read_and_checked_by_the_rules(
        season: Competition) -> None:
    """32 levels are read (the engine then refuses the penalties); 33 are not."""
    data = season_workbook(season)
    hand = column(data, DOCUMENT)
    bad = edit(edit(data, "Handen", f"{hand}2", _nested(31)), "Handen", f"{hand}3", _nested(32))
    parsed = parse_season(bad, "s.xlsx")
    assert parsed.rows[0].data["penalties"]["a"]["a"] is not None and not parsed.rows[0].problems
    assert parsed.rows[1].data is None and "32" in parsed.rows[1].problems[0]
    preview = check_season(parsed, competition=empty_like(season),
                           members={m.member_number: m for m in Member.objects.all()})
    assert preview.errors and not preview.valid

def test_only_club_admins_import(season: Competition, client_for: Any, member_user: Any,
                                 scorekeeper_user: Any) -> None:
    url = reverse("tournaments:season_import", kwargs={"club": season.club.slug,
                                                       "competition_id": season.pk})
    assert client_for(member_user).get(url).status_code == 403
    assert client_for(scorekeeper_user).get(url).status_code == 403


def test_dates_in_the_workbook_are_real_dates(season: Competition) -> None:
    rows = sheets(season_workbook(season))["Handen"]
    assert isinstance(rows[1][0], datetime.datetime)


# -- names that look like formulas are data ---------------------------------------------------
FORMULA_NAMES = ["=1+1", '=HYPERLINK("http://x","y")', "+31 6", "-5", "@SUM(A1)"]


@pytest.fixture
def formula_season(club: Any) -> Competition:
    for i, name in enumerate(FORMULA_NAMES, start=1):  # before play: hands name the players
        Member.objects.create(club=club, member_number=f"B{i:03d}", name=name)
    return build_jokeren_season(club, evenings=2, members=8, rounds=2, guests=["=2+2", "Zoë"])


def standings_of(competition: Competition) -> list[tuple[Any, ...]]:
    from tournaments.standings.selectors.standings import season_standings

    return [(r.rank, r.name, r.member_number, r.total, r.evenings_played, r.wins)
            for r in season_standings(competition).rows]


def test_formula_names_export_and_import_unchanged(formula_season: Competition,
                                                   other_club: Any) -> None:
    data = season_workbook(formula_season)
    target = empty_like(formula_season, club=other_club)
    outcome = do_import(data, target)
    assert outcome.members_created == 8
    names = set(Member.objects.filter(club=other_club).values_list("name", flat=True))
    assert set(FORMULA_NAMES) <= names
    assert Participant.objects.filter(evening__competition=target, guest_name="=2+2").exists()
    assert standings_of(target) == standings_of(formula_season)
    assert {r[1] for r in standings_of(target)} >= set(FORMULA_NAMES)
    assert sheets(season_workbook(target)) == sheets(data)


def test_formula_names_survive_a_libreoffice_round_trip(formula_season: Competition,
                                                        other_club: Any, tmp_path: Any) -> None:
    from tests.tournaments.workbook.test_exports import libreoffice_convert

    source = tmp_path / "in" / "seizoen.xlsx"
    source.parent.mkdir()
    source.write_bytes(season_workbook(formula_season))
    saved = libreoffice_convert(source, "xlsx:Calc MS Excel 2007 XML", tmp_path)
    target = empty_like(formula_season, club=other_club)
    do_import(saved.read_bytes(), target)
    assert standings_of(target) == standings_of(formula_season)
    assert set(FORMULA_NAMES) <= set(Member.objects.filter(club=other_club)
                                     .values_list("name", flat=True))


def test_a_sheet_of_something_else_is_refused_before_it_is_read_to_the_end() -> None:
    from benchmarks.uploads import dense_sheet, season_header

    with pytest.raises(ImportFileError) as error:
        parse_season(dense_sheet(header=season_header(), rows=5_000), "seizoen.xlsx")
    assert "100" in str(error.value) and "Handen" in str(error.value)
    assert "2, 3, 4, 5, 6" in str(error.value)  # the rows it means


# -- renamed members: seats by member number, hands follow the seat ---------------------------
def seat_values(competition: Competition) -> list[tuple[Any, ...]]:
    return sorted(Seat.objects.filter(table__round__evening__competition=competition)
                  .values_list("table__round__evening__date", "table__round__number",
                               "table__number", "position", "participant__member_id",
                               "participant__guest_name", "points", "competition_points",
                               "place"), key=str)


def test_the_raw_columns_name_no_format_and_old_headers_still_import(
    season: Competition,
) -> None:
    """The hidden raw columns say what they are for, not their format; a workbook exported when
    they were headed "(JSON)" imports the same."""
    data = season_workbook(season)
    book = load_workbook(io.BytesIO(data))
    heads = {sheet: [c.value or "" for c in book[sheet][1]] for sheet in ("Handen", "Reglement")}
    assert not [h for row in heads.values() for h in row if "JSON" in h.upper()], heads
    assert "Waarde (ruwe invoer, voor de import)" in heads["Reglement"]
    for sheet, new, old in [
        ("Handen", DOCUMENT, "Hand zoals ingevoerd (JSON)"),
        ("Handen", "Spelopties (ruwe invoer, voor de import)", "Spelopties (JSON)"),
        ("Handen", "Aangepaste punten (ruwe invoer, voor de import)", "Aangepaste punten (JSON)"),
        ("Reglement", "Waarde (ruwe invoer, voor de import)", "Value (JSON)"),
    ]:
        book[sheet].cell(1, heads[sheet].index(new) + 1).value = old
    out = io.BytesIO()
    book.save(out)
    target = empty_like(season)
    outcome = do_import(out.getvalue(), target)
    assert outcome.hands == 126
    assert seat_values(target) == seat_values(season)
    target.refresh_from_db()
    assert target.rules == season.rules


def test_an_old_workbook_imports_after_members_were_renamed(season: Competition) -> None:
    data = season_workbook(season)
    renamed = Member.objects.get(club=season.club, member_number="B001")
    renamed.name = "Speler Getrouwd"  # a new surname after the export
    renamed.save()
    Member.objects.filter(member_number="B002").update(name="Speler 003")  # now equal to B003
    target = empty_like(season)
    do_import(data, target)
    assert standings_of(target) == [
        (rank, {"Speler 001": "Speler Getrouwd", "Speler 002": "Speler 003"}.get(name, name),
         number, total, played, wins)
        for rank, name, number, total, played, wins in standings_of(season)]
    assert seat_values(target) == seat_values(season)
    hand = Hand.objects.filter(table__round__evening__competition=target,
                               table__seats__participant__member=renamed).first()
    assert "Speler Getrouwd" in hand.data["penalties"]
    assert "Speler 001" not in hand.data["penalties"]


# -- LibreOffice: a secretary's save, and an edit in the readable columns ----------------------
def libreoffice_save(files: list[Any], outdir: Any) -> list[bytes]:
    """Open and save each workbook in LibreOffice headless (one run), as a secretary would."""
    import shutil
    import subprocess

    binary = shutil.which("soffice") or shutil.which("libreoffice")
    assert binary, "LibreOffice is not installed: apt-get install -y libreoffice-calc-nogui"
    outdir.mkdir()
    result = subprocess.run(
        [binary, "--headless", f"-env:UserInstallation=file://{outdir}/profile",
         "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(outdir),
         *map(str, files)], capture_output=True, text=True, timeout=300, check=False)
    saved = [outdir / f.name for f in files]
    assert all(f.exists() for f in saved), result.stdout + result.stderr
    return [f.read_bytes() for f in saved]


def test_libreoffice_round_trip_and_an_edited_penalty(season: Competition,
                                                       tmp_path: Any) -> None:
    data = season_workbook(season)
    rows = sheets(data)["Handen"]
    heads = list(rows[0])
    row = rows[1]  # the first deal of the first table
    seat = next(n for n in range(1, 5) if row[heads.index(f"Strafpunten, partij {n}")])
    cell = f"{column(data, f'Strafpunten, partij {seat}')}2"
    before = row[heads.index(f"Strafpunten, partij {seat}")]
    name = row[heads.index(f"Stoel {seat} naam")]
    files = []
    for stem, value in (("as-exported", None), ("legal", before + 2), ("illegal", 1)):
        path = tmp_path / f"{stem}.xlsx"
        path.write_bytes(data if value is None else edit(data, "Handen", cell, value))
        files.append(path)
    as_exported, legal, illegal = libreoffice_save(files, tmp_path / "saved")

    # Saved by LibreOffice, unchanged: identical standings, seats and hands.
    target = empty_like(season, name="Ongewijzigd")
    do_import(as_exported, target)
    assert standings_of(target) == standings_of(season)
    assert seat_values(target) == seat_values(season)
    assert sheets(season_workbook(target))["Handen"] == rows

    # A penalty changed in the readable column: taken, and the engine derives the points.
    target = empty_like(season, name="Gecorrigeerd")
    do_import(legal, target)
    first = Table.objects.get(round__evening__competition=target, round__number=1, number=1,
                              round__evening__date=row[0].date())
    assert first.hands.get(number=1).data["penalties"][name] == before + 2
    original = Seat.objects.get(table__round__evening__competition=season, position=seat,
                                table__round__number=1, table__number=1,
                                table__round__evening__date=row[0].date())
    assert first.seats.get(position=seat).points == original.points + 2

    # An impossible penalty: refused with the rule's sentence and the row; nothing written.
    target = empty_like(season, name="Fout")
    preview = check_season(parse_season(illegal, "s.xlsx"), competition=target,
                           members={m.member_number: m for m in Member.objects.all()})
    assert [p for t in preview.errors for p in t.problems] == [
        f"Rij 2: {name}: 1 strafpunten kan niet: wie niet uitging houdt minstens één kaart, "
        "en de goedkoopste kaart is 2 waard."]
    with pytest.raises(SeasonImportRefused):
        do_import(illegal, target)
    assert not Evening.objects.filter(competition=target).exists()


# -- guests of the same name: told apart by their guest number ---------------------------------
def test_two_guests_of_the_same_name_in_one_round_round_trip(club: Any) -> None:
    """Two walk-in guests both called "Jan" on every evening, at one table or at two: the
    workbook numbers each evening's guests, so the import keeps them two people (before: "Jan
    speelt aan twee tafels" and nothing imported)."""
    season = build_jokeren_season(club, evenings=2, members=6, rounds=2, guests=["Jan", "Jan"])
    data = season_workbook(season)
    heads = sheets(data)["Handen"][0]
    assert "Stoel 1 gastnummer" in heads
    target = empty_like(season)
    outcome = do_import(data, target)
    assert (outcome.evenings, outcome.rounds, outcome.tables) == (2, 4, 8)
    for evening in Evening.objects.filter(competition=target):
        assert list(evening.participants.filter(member__isnull=True)
                    .values_list("guest_name", flat=True)) == ["Jan", "Jan"]
    assert seat_values(target) == seat_values(season)
    assert sheets(season_workbook(target)) == sheets(data)


def test_a_workbook_without_guest_numbers_still_imports(season: Competition) -> None:
    """A workbook exported before guests were numbered: guests are matched by name."""
    book = load_workbook(io.BytesIO(season_workbook(season)))
    hands = book["Handen"]
    for index in reversed([i for i, cell in enumerate(hands[1], start=1)
                           if str(cell.value).endswith("gastnummer")]):
        hands.delete_cols(index)
    out = io.BytesIO()
    book.save(out)
    target = empty_like(season)
    assert do_import(out.getvalue(), target).hands == 126
    assert seat_values(target) == seat_values(season)


def test_one_guest_number_with_two_names_on_an_evening_is_a_row_error(club: Any) -> None:
    season = build_jokeren_season(club, evenings=1, members=6, rounds=1, guests=["Jan", "Piet"])
    data = season_workbook(season)
    rows = sheets(data)["Handen"]
    heads = list(rows[0])
    seats = [(line, s, row[heads.index(f"Stoel {s} naam")],
              row[heads.index(f"Stoel {s} gastnummer")])
             for line, row in enumerate(rows[1:], start=2) for s in range(1, 5)]
    jan = next(number for _line, _s, name, number in seats if name == "Jan")
    line, seat = next((line, s) for line, s, name, _n in seats if name == "Piet")
    data = edit(data, "Handen", f"{column(data, f'Stoel {seat} gastnummer')}{line}", jan)
    preview = check_season(parse_season(data, "seizoen.xlsx"), competition=empty_like(season),
                           members={m.member_number: m for m in Member.objects.filter(club=club)})
    assert any(f"gastnummer {jan} is Jan en op deze avond ook Piet" in p
               for t in preview.tables for p in t.problems)


def test_names_and_reasons_in_the_workbook_pass_the_text_policy(season: Competition,
                                                                other_club: Any) -> None:
    """A workbook edited by hand: a guest's name with a right-to-left override, a new member's
    with a zero-width space, a reason too long: each a row error naming the rule; nothing is
    imported."""
    data = season_workbook(season)
    rows = sheets(data)["Handen"]
    heads = list(rows[0])
    seat = next(s for s in range(1, 5) if rows[1][heads.index(f"Stoel {s} naam")] == "Zoë")
    data = edit(data, "Handen", f"{column(data, f'Stoel {seat} naam')}2", "Zo\u202eë")
    data = edit(data, "Handen", f"{column(data, 'Reden voor de aangepaste score')}3", "x" * 201)
    data = edit(data, "Leden", "B2", "Speler\u200b 001")
    target = empty_like(season, club=other_club)
    preview = check_season(parse_season(data, "seizoen.xlsx"), competition=target, members={})
    problems = " ".join(p for t in preview.tables for p in t.problems)
    assert "onzichtbaar teken (U+202E)" in problems
    assert "onzichtbaar teken (U+200B)" in problems
    assert "Gebruik hoogstens 200 tekens (dit zijn er 201)" in problems
    with pytest.raises(SeasonImportRefused):
        do_import(data, target)
    assert not Member.objects.filter(club=other_club).exists()
def test_a_high_five_1959_season_saved_by_libreoffice_imports(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any],
        tmp_path: Any) -> None:
    """LibreOffice writes a true/false cell as the formula TRUE() or FALSE() with the value
    cached: the import takes the value, as it does from Excel."""
    competition = make_competition(club, "high_five_1959")
    evening = make_evening(competition, members=[make_member(club, name=n)
                                                 for n in ("Ann", "Bob", "Cor", "Dirk")])
    participants = list(evening.participants.select_related("member").order_by("pk"))
    table, seats = seat_table(make_round(evening), participants, 1)
    play_table(table, seats, sample_hands("high_five_1959", playing_order(table, seats)))
    source = tmp_path / "seizoen.xlsx"
    source.write_bytes(season_workbook(competition))
    [saved] = libreoffice_save([source], tmp_path / "saved")
    archive = zipfile.ZipFile(io.BytesIO(saved))
    assert any(b">TRUE()</f>" in archive.read(name) for name in archive.namelist())
    target = empty_like(competition)
    do_import(saved, target)
    assert standings_of(target) == standings_of(competition)
    assert sheets(season_workbook(target))["Handen"] == sheets(source.read_bytes())["Handen"]
