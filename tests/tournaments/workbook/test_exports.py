"""The season workbook: sheets, cell types, frozen headers, filters, LibreOffice, the view."""

from __future__ import annotations

import datetime
import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from benchmarks.season import build_jokeren_season
from tournaments.models import Seat
from tournaments.workbook.selectors import season_workbook


@pytest.fixture
def season(club: Any) -> Any:
    # 10 people an evening: tables of 4, 4 and 2; two guests.
    return build_jokeren_season(club, evenings=3, members=8, rounds=2, guests=["Gast Één", "Zoë"])


def open_workbook(data: bytes) -> Any:
    return load_workbook(io.BytesIO(data))


def test_workbook_has_every_sheet_in_the_club_language(season: Any) -> None:
    book = open_workbook(season_workbook(season))
    dates = [e.date.isoformat() for e in season.evenings.order_by("date")]
    assert book.sheetnames == ["Stand", *dates, "Alle uitslagen", "Leden", "Handen",
                               "Reglement", "Avonden", "Afmeldingen", "Info"]


def test_workbook_in_english(season: Any) -> None:
    season.club.language = "en"
    season.club.save()
    book = open_workbook(season_workbook(season))
    assert book.sheetnames[0] == "Standings"
    assert book.sheetnames[-7:] == ["All results", "Members", "Hands", "Rules", "Evenings",
                                    "Call-offs", "Info"]
    assert "Penalty points, side 1" in [c.value for c in book["Hands"][1]]
    assert book["All results"]["A1"].value == "Date"


def test_cells_are_typed_and_headers_frozen_and_filtered(season: Any) -> None:
    book = open_workbook(season_workbook(season))
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2", sheet.title
        assert sheet.auto_filter.ref and sheet.auto_filter.ref.startswith("A1:"), sheet.title
        assert sheet["A1"].font.b, sheet.title
        assert sheet.column_dimensions["A"].width >= 7
    results = book["Alle uitslagen"]
    row = [c.value for c in results[2]]
    assert isinstance(row[0], datetime.datetime)  # a date cell
    assert results["A2"].number_format == "dd-mm-yyyy"
    assert all(isinstance(v, int) for v in (row[1], row[2], row[3], row[8], row[9], row[10]))
    assert isinstance(row[5], str)  # member numbers are text ("B001")


def test_all_results_are_the_stored_engine_values(season: Any) -> None:
    book = open_workbook(season_workbook(season))
    rows = list(book["Alle uitslagen"].iter_rows(min_row=2, values_only=True))
    seats = Seat.objects.filter(table__round__evening__competition=season)
    assert len(rows) == seats.count() == 3 * 2 * 10
    stored = sorted((s.participant.name, s.points, s.competition_points) for s in
                    seats.select_related("participant__member"))
    assert sorted((r[4], r[8], r[9]) for r in rows) == stored
    guests = [r for r in rows if r[6] is True]
    assert {r[4] for r in guests} == {"Gast Één", "Zoë"}
    assert book["Alle uitslagen"].max_row == 61


def test_standings_sheet_lists_every_member_with_numbers(season: Any) -> None:
    book = open_workbook(season_workbook(season))
    sheet = book["Stand"]
    header = [c.value for c in sheet[1]]
    assert header[:4] == ["Plaats", "Naam", "Lidnummer", "Totaal"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 8
    assert all(isinstance(r[3], int) for r in rows)
    assert {r[2] for r in rows} == {f"B{i:03d}" for i in range(1, 9)}


def test_hands_sheet_holds_every_hand_as_entered(season: Any) -> None:
    import json

    book = open_workbook(season_workbook(season))
    heads = [c.value for c in book["Handen"][1]]
    rows = list(book["Handen"].iter_rows(min_row=2, values_only=True))
    assert len(rows) == 3 * 2 * 3 * 7  # evenings × rounds × tables × deals
    # readable: one column per field and side, headed in Dutch; the document last
    assert heads[-1] == "Hand zoals ingevoerd (ruwe invoer, voor de import)"
    penalties = [heads.index(f"Strafpunten, partij {n}") for n in range(1, 5)]
    for row in rows:
        document = json.loads(row[-1])
        names = [row[heads.index(f"Stoel {n} naam")] for n in range(1, 5)]
        shown = {name: row[i] for name, i in zip(names, penalties, strict=True) if name}
        assert shown == document["penalties"]
        assert all(isinstance(v, int) for v in shown.values())


def test_export_runs_a_bounded_number_of_queries(club: Any, django_assert_max_num_queries: Any
                                                 ) -> None:
    small = build_jokeren_season(club, evenings=1, members=8, rounds=1, name="Klein")
    big = build_jokeren_season(club, evenings=5, members=12, rounds=3, name="Groot")
    with django_assert_max_num_queries(25) as small_queries:
        season_workbook(small)
    with django_assert_max_num_queries(25) as big_queries:
        season_workbook(big)
    assert len(big_queries.captured_queries) == len(small_queries.captured_queries)


def libreoffice_convert(workbook: Path, to: str, outdir: Path) -> Path:
    """``workbook`` converted by LibreOffice (``to``: "csv", "xlsx:Calc MS Excel 2007 XML")."""
    binary = shutil.which("libreoffice") or shutil.which("soffice")
    if binary is None:
        pytest.fail("LibreOffice is not installed: apt-get install -y libreoffice-calc-nogui "
                    "(make test installs it)")
    result = subprocess.run(
        [binary, "--headless", f"-env:UserInstallation=file://{outdir}/profile",
         "--convert-to", to, "--outdir", str(outdir), str(workbook)],
        capture_output=True, text=True, timeout=180, check=False,
    )
    converted = outdir / f"{workbook.stem}.{to.split(':')[0]}"
    assert converted.exists(), result.stdout + result.stderr
    return converted


def test_libreoffice_converts_the_workbook(season: Any, tmp_path: Path) -> None:
    workbook = tmp_path / "seizoen.xlsx"
    workbook.write_bytes(season_workbook(season))
    text = libreoffice_convert(workbook, "csv", tmp_path).read_text(encoding="utf-8",
                                                                    errors="replace")
    assert "Lidnummer" in text and "B001" in text  # the first sheet: the standings


def test_members_may_download_the_workbook(season: Any, client_for: Any, member_user: Any,
                                           other_admin_user: Any) -> None:
    url = reverse("tournaments:season_xlsx", kwargs={"club": season.club.slug,
                                                     "competition_id": season.pk})
    response = client_for(member_user).get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "attachment" in response["Content-Disposition"]
    assert open_workbook(b"".join(response.streaming_content)).sheetnames[0] == "Stand"
    other = reverse("tournaments:season_xlsx", kwargs={"club": "ons-genoegen",
                                                       "competition_id": season.pk})
    assert client_for(other_admin_user).get(other).status_code == 404
    assert client_for(None).get(url).status_code == 302


# -- text is data, never code ----------------------------------------------------------------
FORMULA_LIKE = ["=1+1", '=HYPERLINK("http://x","y")', "+31 6", "-5", "@SUM(A1)", "\tTab",
                "\rCR"]


def worksheet_xml(data: bytes) -> dict[str, bytes]:
    import zipfile

    archive = zipfile.ZipFile(io.BytesIO(data))
    return {n: archive.read(n) for n in archive.namelist() if n.startswith("xl/worksheets/")}


def test_text_that_looks_like_a_formula_is_written_as_a_string_cell(club: Any) -> None:
    from openpyxl import Workbook

    from tournaments.workbook.write import text_cell

    book = Workbook(write_only=True)
    sheet = book.create_sheet("x")
    sheet.append([text_cell(sheet, text) for text in FORMULA_LIKE] + [5, -5, 2.5])
    out = io.BytesIO()
    book.save(out)
    xml = worksheet_xml(out.getvalue())["xl/worksheets/sheet1.xml"]
    assert b"<f>" not in xml and b"<f " not in xml
    assert xml.count(b't="inlineStr"') == len(FORMULA_LIKE)
    row = next(load_workbook(out).worksheets[0].iter_rows(values_only=True))
    assert list(row) == [*FORMULA_LIKE, 5, -5, 2.5]  # numbers stay numbers
    cells = next(load_workbook(out).worksheets[0].iter_rows())
    assert all(c.quotePrefix for c in cells[:len(FORMULA_LIKE)])


def test_members_and_guests_named_like_formulas_export_as_text(club: Any) -> None:
    for i, name in enumerate(FORMULA_LIKE, start=1):
        club.members.create(member_number=f"B{i:03d}", name=name)
    season = build_jokeren_season(club, evenings=1, members=8, rounds=1, guests=["=2+2"])
    data = season_workbook(season)
    for name, xml in worksheet_xml(data).items():
        assert b"<f>" not in xml and b"<f " not in xml, name
    book = open_workbook(data)
    values = {v for sheet in book.worksheets for row in sheet.iter_rows(values_only=True)
              for v in row}
    assert set(FORMULA_LIKE) | {"=2+2"} <= values
    assert all(sheet["A1"].data_type == "s" for sheet in book.worksheets)


# -- a workbook a secretary can use ------------------------------------------------------------
def test_averages_are_numbers_rounded_as_the_site_shows_them(season: Any) -> None:
    from tournaments.standings.selectors.standings import season_standings

    book = open_workbook(season_workbook(season))
    sheet = book["Stand"]
    heads = [c.value for c in sheet[1]]
    column = heads.index("Gemiddelde")
    shown = {r.name: r.average_display for r in season_standings(season).rows}
    for row in sheet.iter_rows(min_row=2):
        cell = row[column]
        assert isinstance(cell.value, int | float)  # 372.0 reads back as 372
        assert cell.number_format == "0.0"  # Excel shows the viewer's decimal sign
        assert f"{cell.value:.1f}".replace(".", ",") == shown[row[1].value]
        assert round(cell.value, 1) == cell.value


def test_numeric_member_numbers_are_numbers(club: Any) -> None:
    club.members.create(member_number="1234", name="Ans Numeriek")
    club.members.create(member_number="0077", name="Bert Voorloopnul")
    season = build_jokeren_season(club, evenings=1, members=4, rounds=1)
    book = open_workbook(season_workbook(season))
    numbers = {r[1]: r[0] for r in book["Leden"].iter_rows(min_row=2, values_only=True)}
    assert numbers["Ans Numeriek"] == 1234  # a number, right-aligned and sortable as one
    assert numbers["Bert Voorloopnul"] == "0077"  # a number would lose the leading zero
    assert numbers["Speler 001"] == "B001"


def test_no_sheet_for_an_evening_without_results(season: Any, make_evening: Any,
                                                 make_round: Any) -> None:
    planned = make_evening(season, date=datetime.date(2027, 6, 1))
    make_round(planned)  # drawn, nothing entered yet
    book = open_workbook(season_workbook(season))
    assert "2027-06-01" not in book.sheetnames
    assert len([n for n in book.sheetnames if n.startswith("20")]) == 3


def test_info_sheet_says_what_each_sheet_holds_and_the_rules(season: Any) -> None:
    season.rules = {"tiebreaks": ["wins", "name"]}
    season.save()
    book = open_workbook(season_workbook(season))
    rows = list(book["Info"].iter_rows(values_only=True))
    text = "\n".join(" ".join(str(v) for v in row if v) for row in rows)
    for name in ("Stand", "Alle uitslagen", "Leden", "Handen", "Info"):
        assert any(row[0] == name and row[1] for row in rows), name
    assert "Lager is beter." in text
    assert "Amerikaans Jokeren" in text or "Jokeren" in text
    assert "Bij gelijke stand	meer tafelzeges, alfabetisch" in "\n".join(
        "\t".join(str(v) for v in row if v) for row in rows)


def test_the_workbook_is_built_once_per_change(season: Any, client_for: Any, member_user: Any,
                                              settings: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from clubmanager.models import Member
    from tournaments.models import Hand
    from tournaments.workbook import selectors as workbook_selectors

    settings.WORKBOOK_CACHE_DIR = str(tmp_path)
    built: list[int] = []
    real = workbook_selectors.season_workbook
    monkeypatch.setattr(workbook_selectors, "season_workbook", lambda c: built.append(1) or real(c))
    url = reverse("tournaments:season_xlsx", kwargs={"club": season.club.slug,
                                                     "competition_id": season.pk})
    client = client_for(member_user)

    def download() -> Any:
        return open_workbook(b"".join(client.get(url).streaming_content))

    download()
    download()
    assert len(built) == 1  # the second download is a file read
    member = Member.objects.get(member_number="B001")
    member.name = "Speler Hernoemd"
    member.save()
    assert "Speler Hernoemd" in [c.value for c in download()["Leden"]["B"]]
    hand = Hand.objects.filter(table__round__evening__competition=season).first()
    hand.data = {**hand.data}
    hand.save()  # score entry saves a hand and bumps the table's version
    hand.table.version += 1
    hand.table.save()
    download()
    assert len(built) == 3
    assert len(list(tmp_path.glob("*/season-*.xlsx"))) == 1  # the older builds are gone


# -- the cache folder is ours alone, and nothing in it is followed ------------------------------
def _xlsx_url(season: Any) -> str:
    return reverse("tournaments:season_xlsx", kwargs={"club": season.club.slug,
                                                      "competition_id": season.pk})


def test_the_workbook_cache_is_a_private_folder(season: Any, client_for: Any, member_user: Any,
                                                settings: Any, tmp_path: Path) -> None:
    import stat

    settings.WORKBOOK_CACHE_DIR = str(tmp_path / "cache")
    b"".join(client_for(member_user).get(_xlsx_url(season)).streaming_content)
    folders = [tmp_path / "cache", *(tmp_path / "cache").iterdir()]
    assert len(folders) == 2
    for folder in folders:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    for cached in folders[1].iterdir():
        assert stat.S_IMODE(cached.stat().st_mode) & 0o077 == 0


def test_the_default_workbook_cache_is_not_in_the_shared_tmp() -> None:
    import tempfile

    from django.conf import settings as django_settings
    from django.test import override_settings

    from clubmanager.project import settings as project_settings

    assert not str(project_settings.WORKBOOK_CACHE_DIR).startswith(tempfile.gettempdir())
    with override_settings(WORKBOOK_CACHE_DIR=project_settings.WORKBOOK_CACHE_DIR):
        assert str(django_settings.WORKBOOK_CACHE_DIR).startswith(
            str(project_settings.BASE_DIR))


def test_a_symlink_planted_at_the_cache_path_is_not_followed(
        season: Any, client_for: Any, member_user: Any, settings: Any, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone with an account on the machine plants a symlink where the next workbook will
    be: the download is still the workbook, never the file the link points to."""
    from tournaments.workbook import selectors as workbook_selectors

    settings.WORKBOOK_CACHE_DIR = str(tmp_path / "cache")
    secret = tmp_path / "secret.txt"
    secret.write_text("the site's secrets")
    client = client_for(member_user)
    b"".join(client.get(_xlsx_url(season)).streaming_content)  # learn the cache's file name
    (built,) = (tmp_path / "cache").glob("*/season-*.xlsx")
    built.unlink()
    built.symlink_to(secret)
    body = b"".join(client.get(_xlsx_url(season)).streaming_content)
    assert b"secrets" not in body and open_workbook(body)["Leden"]
    assert not built.is_symlink()  # the build replaced the link with the workbook
    # A symlink in place of the cache folder itself: not used, the download is still built.
    calls: list[int] = []
    real = workbook_selectors.season_workbook
    monkeypatch.setattr(workbook_selectors, "season_workbook", lambda c: calls.append(1) or real(c))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    settings.WORKBOOK_CACHE_DIR = str(tmp_path / "planted")
    (tmp_path / "planted").symlink_to(elsewhere)
    body = b"".join(client.get(_xlsx_url(season)).streaming_content)
    assert open_workbook(body)["Leden"] and calls == [1]
    assert list(elsewhere.iterdir()) == []
