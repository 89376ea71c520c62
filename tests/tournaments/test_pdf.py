"""Score sheets and result PDFs, read back with pypdf."""

from __future__ import annotations

import io
import re
import struct
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from benchmarks.season import play_table
from tournaments.entry.pdf.sheets import round_sheets_pdf
from tournaments.entry.selectors.sheets import round_tables
from tournaments.games import site_game
from tournaments.models import Round, Seat, Table

# One played table per game: (game, options, players, hands as entered).
HF_HANDS = [
    {"end": "out", "out": "Ann & Cor", "sides": {
        "Ann & Cor": {"opened": True, "target": 60, "opening": 65, "table": 640, "fives": 6,
                      "straights": 1, "hand": 40},
        "Bob & Dirk": {"opened": True, "target": 80, "opening": 85, "table": 310, "fives": 4,
                       "straights": 1, "hand": 115}}},
    {"end": "stock_exhausted", "sides": {
        "Ann & Cor": {"opened": False, "target": None},
        "Bob & Dirk": {"opened": False, "target": None}}},
]
GAMES_PLAYED: dict[str, tuple[dict[str, Any], list[str], list[dict[str, Any]]]] = {
    "high_five_1959": ({}, ["Ann", "Bob", "Cor", "Dirk"], HF_HANDS),
    "jokeren": ({}, ["Ann", "Bob", "Cor", "Dirk"], [
        {"penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}},
        {"penalties": {"Ann": 17, "Bob": 0, "Cor": 23, "Dirk": 5}},
    ]),
    "big_five": ({"games": 3}, ["Ann", "Bob", "Cor"], [
        {"end": "went_out", "cards_left": {"Ann": 0, "Bob": 12, "Cor": 20}},
        {"end": "went_out", "cards_left": {"Ann": 8, "Bob": 0, "Cor": 15}},
        {"end": "went_out", "cards_left": {"Ann": 5, "Bob": 9, "Cor": 0}},
    ]),
    "high_five_tiles": ({}, ["Ann", "Bob"], [
        # seat 2 (Bob) was drawn to start
        {"side": "Bob", "tiles_placed": 3, "category": "full_house", "points": 10},
        {"side": "Ann", "tiles_placed": 4, "category": "pair", "points": 3},
        {"side": "Bob", "tiles_placed": 2, "category": "pair", "points": 3},
    ]),
    "high_five_crowns": ({"games": 2}, ["Ann", "Bob", "Cor"], [
        {"winner": "Ann", "eliminated": [], "crowns": {"Ann": 11, "Bob": 6, "Cor": 8},
         "penalties": {"Ann": 2, "Bob": 7, "Cor": 9}},
        {"winner": "Cor", "eliminated": ["Bob"], "crowns": {"Ann": 4, "Cor": 12},
         "penalties": {"Ann": 5, "Cor": 1}},
    ]),
}
# Numbers each filled sheet must show (derived by the engine for the hands above).
EXPECTED_NUMBERS = {
    "high_five_1959": ["1130", "445", "11", "4"],
    "jokeren": ["45", "88", "17", "35", "93", "Total penalty points"],
    "big_five": ["13", "21", "35"],
    "high_five_tiles": ["13", "3", "End bonus"],
    "high_five_crowns": ["11", "12", "out 1"],
}
EXPECTED_BLANK = {
    "high_five_1959": ["Played for", "100", "Crosses", "Competition (total ÷ 100)"],
    "jokeren": ["three of a kind", "run of six", "out at once"],
    "big_five": ["Game", "Total cards left"],
    "high_five_tiles": ["full house", "royal flush", "End bonus (first out: 2)"],
    "high_five_crowns": ["Crowns", "Penalties", "Place"],
}


def pdf_text(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def english_club(club: Any) -> Any:
    club.language = "en"
    club.save()
    return club


@pytest.fixture
def played_round(
    english_club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
    make_evening: Callable[..., Any], make_round: Callable[..., Any],
) -> Callable[..., Round]:
    def make(game: str, filled: bool = True, tables: int = 1, names: list[str] | None = None
             ) -> Round:
        options, players, hands = GAMES_PLAYED[game]
        competition = make_competition(english_club, game, options=options)
        people = names or players
        members = [make_member(english_club, name=f"{n} {t}" if tables > 1 else n)
                   for t in range(tables) for n in people]
        evening = make_evening(competition, members=members)
        round_ = make_round(evening)
        participants = list(evening.participants.select_related("member").order_by("pk"))
        for t in range(tables):
            group = participants[t * len(people):(t + 1) * len(people)]
            table = Table.objects.create(round=round_, number=t + 1, game=game, options=options,
                                         first_dealer=2, scorekeeper=1)
            from tournaments.shared.matches import assign_sides
            sides = assign_sides(game, [p.name for p in group])
            seats = Seat.objects.bulk_create(
                Seat(table=table, position=i, participant=p, side=s, team=team)
                for i, (p, (s, team)) in enumerate(zip(group, sides, strict=True), start=1))
            if filled and tables == 1 and names is None:
                play_table(table, list(seats), hands)
        return Round.objects.select_related("evening__competition__club").get(pk=round_.pk)

    return make


@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_filled_sheet_shows_names_and_engine_numbers(game: str, played_round: Any) -> None:
    round_ = played_round(game)
    pages = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=True))
    assert len(pages) == 1
    text = pages[0]
    for name in (*GAMES_PLAYED[game][1], "De Harten Vrouw", round_.evening.competition.name):
        assert name in text
    assert "First dealer" in text and "Bob (seat 2)" in text
    assert "Scorekeeper" in text and "Ann (seat 1)" in text
    for expected in EXPECTED_NUMBERS[game]:
        assert expected in text, (game, expected)


@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_blank_sheet_has_the_grid_and_no_scores(game: str, played_round: Any) -> None:
    round_ = played_round(game)  # scores are entered, the blank sheet still shows none
    pages = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=False))
    text = pages[0]
    assert "blank, for play on paper" in text
    for expected in EXPECTED_BLANK[game]:
        assert expected in text, (game, expected)
    for name in ("Ann", "Bob"):
        assert name in text
    if game == "jokeren":
        assert not re.search(r"\b88\b", text) and not re.search(r"\b93\b", text)


@pytest.mark.parametrize("filled", [False, True])
def test_jokeren_sheet_names_the_dealer_of_every_deal_from_the_drawn_first_dealer(
        filled: bool, played_round: Any) -> None:
    round_ = played_round("jokeren")  # seat 2 (Bob) was drawn to deal first
    text = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=filled))[0]
    dealers = re.findall(r"^\s*(\d)\s*\n(?:[a-z ]+)\n(\w+)", text, re.M)
    assert dealers == [("1", "Bob"), ("2", "Cor"), ("3", "Dirk"), ("4", "Ann"), ("5", "Bob"),
                       ("6", "Cor"), ("7", "Dirk")]


@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_sheet_columns_follow_the_seats_and_repeat_no_names(game: str,
                                                           played_round: Any) -> None:
    """The columns are the sides in seat order, as the round page shows them, each head with
    its seat(s); no seat table with a "Side" column repeats the names."""
    round_ = played_round(game)
    text = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=True))[0]
    assert "Side" not in text and "Member number" not in text
    grid = text[text.index("filled in"):]  # below the header (first dealer, scorekeeper)
    numbers = [m.group(0).strip() for m in re.finditer(r"seats? [\d &]+", grid)]
    seats = [int(n) for head in numbers for n in re.findall(r"\d", head)]
    assert sorted(seats) == list(range(1, len(GAMES_PLAYED[game][1]) + 1))
    assert numbers == sorted(numbers, key=lambda n: int(n.split()[1])), numbers


def test_high_five_1959_score_list_strikes_and_crosses(played_round: Any) -> None:
    round_ = played_round("high_five_1959")
    text = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=True))[0]
    # Seven rounds at most with the default options: 5 numbers + 3 crosses - 1.
    assert re.search(r"\b7\b", text)
    assert "80 ×" in text  # the number the team was crossed on
    assert text.count("×") >= 4  # 1 + 2 crosses on the score list, and the round cells


def test_multi_table_round_is_one_pdf_with_a_page_per_table(played_round: Any) -> None:
    round_ = played_round("jokeren", tables=3)
    pages = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=False))
    assert len(pages) == 3
    for number, page in enumerate(pages, start=1):
        assert f"Ann {number - 1}" in page
        assert re.search(rf"Table\s*{number}\b", page)


def test_dutch_club_gets_a_dutch_sheet(played_round: Any, english_club: Any) -> None:
    round_ = played_round("jokeren")
    english_club.language = "nl"
    english_club.save()
    round_ = Round.objects.select_related("evening__competition__club").get(pk=round_.pk)
    text = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=True))[0]
    assert "Tafel" in text and "Schrijver" in text


def test_names_outside_latin1_do_not_crash(played_round: Any) -> None:
    round_ = played_round("jokeren", names=["Łukasz", "Zoë", "Çağla", "Ярослав"])
    text = pdf_text(round_sheets_pdf(round_, round_tables(round_), filled=False))[0]
    assert "Zoë" in text
    assert "Łukasz" in text or "?ukasz" in text


def test_round_sheets_view(played_round: Any, client_for: Any, member_user: Any,
                           django_assert_max_num_queries: Any) -> None:
    round_ = played_round("jokeren", tables=4)
    competition = round_.evening.competition
    url = reverse("tournaments:round_sheets", kwargs={
        "club": competition.club.slug, "round_id": round_.pk})
    client = client_for(member_user)
    with django_assert_max_num_queries(12):
        response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert len(pdf_text(response.content)) == 4
    filled = client.get(url + "?filled=1")
    assert "filled in" in pdf_text(filled.content)[0]


def test_round_sheets_of_another_club_are_not_found(played_round: Any, client_for: Any,
                                                    other_admin_user: Any) -> None:
    round_ = played_round("jokeren")
    url = reverse("tournaments:round_sheets", kwargs={"club": "ons-genoegen",
                                                      "round_id": round_.pk})
    assert client_for(other_admin_user).get(url).status_code == 404


@pytest.fixture
def pdf_dump(request: Any) -> Callable[[str, bytes], None]:
    """With PDF_DUMP=dir set, write the PDFs (and the sheets' PNGs) to look at them."""
    import os

    target = os.environ.get("PDF_DUMP")

    def dump(name: str, data: bytes) -> None:
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            (Path(target) / name).write_bytes(data)

    return dump


def png_page(pdf: bytes, dpi: int, folder: Path) -> bytes:
    """The PDF's first page as a grey PNG, rendered by poppler's pdftoppm."""
    (folder / "sheet.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", str(dpi), "-f", "1", "-l", "1",
                    "-singlefile", str(folder / "sheet.pdf"), str(folder / "sheet")],
                   capture_output=True, check=True)
    return (folder / "sheet.png").read_bytes()


def grey_rows(png: bytes) -> tuple[int, list[bytes]]:
    """(width, rows of grey pixels) of an 8-bit grey or RGB, non-interlaced PNG (what
    pdftoppm writes); an RGB pixel's grey is its darkest channel."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width, size = 8, b"", 0, 1
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, _height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (0, 2) and interlace == 0
            size = 3 if colour == 2 else 1
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride = zlib.decompress(idat), width * size
    rows, previous = [], bytearray(stride)
    for y in range(len(raw) // (stride + 1)):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - size] if x >= size else 0
            up, corner = previous[x], previous[x - size] if x >= size else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + guess) & 255
        rows.append(bytes(min(line[x:x + size]) for x in range(0, stride, size)))
        previous = line
    return width, rows


def ruled_rows(width: int, rows: list[bytes]) -> list[int]:
    """The pixel rows that hold a ruled line across at least 40 % of the page: one unbroken
    run of dark pixels (table rules; text, and the short lines of text, never reach that)."""
    ruled = []
    for y, line in enumerate(rows):
        run = longest = 0
        for value in line:
            run = run + 1 if value < 160 else 0
            longest = max(longest, run)
        if longest >= 0.4 * width:
            ruled.append(y)
    return ruled


@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_every_sheet_fills_its_page_with_rows(game: str, played_round: Any, pdf_dump: Any,
                                              tmp_path: Path) -> None:
    """Blank and filled: one A4 page whose ruled rows (header, grid, signatures) run from near
    the top to near the bottom, at least 80 % of the page's height, measured on the image."""
    round_ = played_round(game)
    for filled in (False, True):
        data = round_sheets_pdf(round_, round_tables(round_), filled=filled)
        assert len(pdf_text(data)) == 1
        png = png_page(data, dpi=40, folder=tmp_path)
        name = f"{game}-{'filled' if filled else 'blank'}"
        pdf_dump(f"{name}.pdf", data)
        pdf_dump(f"{name}.png", png)
        width, rows = grey_rows(png)
        assert len(rows) / width == pytest.approx(297 / 210, rel=0.01)  # A4, portrait
        ruled = ruled_rows(width, rows)
        assert ruled, name
        filled_part = (ruled[-1] - ruled[0]) / len(rows)
        assert filled_part >= 0.8, (name, filled_part)
        assert len(rows) - ruled[-1] <= 0.08 * len(rows), (name, "blank below the last row")


# -- evening results and standings ---------------------------------------------------------
@pytest.fixture
def small_season(english_club: Any) -> Any:
    from benchmarks.season import build_jokeren_season

    return build_jokeren_season(english_club, evenings=2, members=8, rounds=2, guests=["Zoë"],
                                name="Winter 2025")


def test_evening_results_pdf_lists_every_table_and_the_evening_ranking(
        small_season: Any, client_for: Any, member_user: Any) -> None:
    evening = small_season.evenings.order_by("date").first()
    url = reverse("tournaments:evening_results_pdf", kwargs={
        "club": small_season.club.slug, "evening_id": evening.pk})
    response = client_for(member_user).get(url)
    assert response.status_code == 200
    text = "\n".join(pdf_text(response.content))
    assert "Winter 2025" in text and "Round 1" in text and "Round 2" in text
    assert "Zoë" in text
    seats = Seat.objects.filter(table__round__evening=evening).select_related("participant")
    for seat in seats:
        assert seat.participant.name in text
    # The stored engine values of one seat appear on its line.
    seat = seats.first()
    assert re.search(rf"{re.escape(seat.participant.name)}.{{0,40}}\b{seat.points}\b", text, re.S)
    # Each table reads as a result, by place (as on the evening's results page).
    for table in evening.rounds.first().tables.all():
        by_place = [s.participant.name for s in sorted(
            table.seats.select_related("participant__member"),
            key=lambda s: (s.place is None, s.place or 0, s.position))]
        block = text.index(f"Table {table.number} (", text.index("Round 1"))
        found = [text.index(name, block) for name in by_place]
        assert found == sorted(found), by_place


def test_standings_pdf_shows_every_member_with_total(small_season: Any, client_for: Any,
                                                     member_user: Any) -> None:
    from tournaments.standings.selectors.standings import season_standings

    url = reverse("tournaments:standings_pdf", kwargs={
        "club": small_season.club.slug, "competition_id": small_season.pk})
    response = client_for(member_user).get(url)
    assert response.status_code == 200
    text = "\n".join(pdf_text(response.content))
    assert "Standings Winter 2025" in text
    rows = list(getattr(season_standings(small_season), "rows", season_standings(small_season)))
    assert rows
    for row in rows:
        assert row.name in text and str(row.total) in text


def test_result_pdfs_are_for_the_own_club_only(small_season: Any, client_for: Any,
                                               other_admin_user: Any) -> None:
    evening = small_season.evenings.first()
    for name, kwargs in (("evening_results_pdf", {"evening_id": evening.pk}),
                         ("standings_pdf", {"competition_id": small_season.pk})):
        url = reverse(f"tournaments:{name}", kwargs={"club": "ons-genoegen", **kwargs})
        assert client_for(other_admin_user).get(url).status_code == 404


def test_result_pdfs_for_viewing(small_season: Any, pdf_dump: Any, client_for: Any,
                                 member_user: Any) -> None:
    client = client_for(member_user)
    evening = small_season.evenings.first()
    for name, kwargs in (("evening_results_pdf", {"evening_id": evening.pk}),
                         ("standings_pdf", {"competition_id": small_season.pk})):
        url = reverse(f"tournaments:{name}", kwargs={"club": small_season.club.slug, **kwargs})
        response = client.get(url)
        assert response.status_code == 200
        pdf_dump(name, response.content)


def test_pages_link_to_the_sheets_and_exports(small_season: Any, client_for: Any,
                                              admin_user: Any) -> None:
    client = client_for(admin_user)
    evening = small_season.evenings.order_by("date").first()
    round_ = evening.rounds.first()
    page = client.get(reverse("tournaments:evening_detail", kwargs={
        "club": small_season.club.slug, "pk": evening.pk})).content.decode()
    assert reverse("tournaments:round_sheets", kwargs={
        "club": small_season.club.slug, "round_id": round_.pk}) in page
    page = client.get(reverse("tournaments:competition_detail", kwargs={
        "club": small_season.club.slug, "pk": small_season.pk})).content.decode()
    assert reverse("tournaments:season_xlsx", kwargs={
        "club": small_season.club.slug, "competition_id": small_season.pk}) in page


# -- texts are printed as typed, never read as reportlab markup ----------------------------------
def _markup_cases(tmp_path: Path) -> dict[str, str]:
    """What a club admin could type as a name: an unclosed tag (was a 500), an image of a file
    on the server (was embedded in the PDF), a link (was put into every member's PDF)."""
    from PIL import Image

    picture = tmp_path / "on-the-server.png"
    Image.new("RGB", (8, 8), "red").save(picture)
    return {"unclosed": "Test <b>unclosed",
            "image": f'<img src="{picture}" width="40" height="40"/>',
            "link": '<a href="https://evil.example/">Klik</a> &amp; <font size="40">x</font>'}


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _assert_printed_as_typed(pdf: bytes, typed: str) -> None:
    reader = PdfReader(io.BytesIO(pdf))
    text = _squeezed("".join(page.extract_text() for page in reader.pages))
    assert _squeezed(typed) in text
    assert b"/Subtype /Image" not in pdf  # no picture of a server file (the QR is vector)
    for page in reader.pages:
        assert "/Annots" not in page  # no link


@pytest.mark.parametrize("case", ["unclosed", "image", "link"])
def test_every_pdf_prints_names_as_typed_not_as_markup(
        case: str, small_season: Any, client_for: Any, admin_user: Any, tmp_path: Path) -> None:
    from clubmanager.models import Member

    typed = _markup_cases(tmp_path)[case]
    competition = small_season
    competition.name = typed
    competition.save()
    club = competition.club
    club.name = typed
    club.save()
    Member.objects.filter(club=club, member_number="B001").update(name=typed)
    evening = competition.evenings.order_by("date").first()
    round_ = evening.rounds.order_by("number").first()
    client = client_for(admin_user)
    urls = [
        reverse("tournaments:standings_pdf", kwargs={"club": club.slug,
                                                     "competition_id": competition.pk}),
        reverse("tournaments:evening_results_pdf", kwargs={"club": club.slug,
                                                           "evening_id": evening.pk}),
        reverse("tournaments:round_sheets", kwargs={"club": club.slug, "round_id": round_.pk}),
        reverse("tournaments:round_sheets", kwargs={"club": club.slug,
                                                    "round_id": round_.pk}) + "?filled=1",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        _assert_printed_as_typed(response.content, typed)


def test_only_the_layout_module_builds_reportlab_paragraphs() -> None:
    """Every paragraph goes through ``Styles.p`` (which escapes): no other module may build
    one from a text of its own."""
    root = Path(__file__).resolve().parents[2]
    builders = [str(p.relative_to(root)) for folder in ("tournaments", "clubmanager")
                for p in (root / folder).rglob("*.py")
                if re.search(r"\bParagraph\(", p.read_text(encoding="utf-8"))]
    assert builders == ["tournaments/pdf/layout.py"]


def test_standings_pdf_strikes_through_the_evenings_that_do_not_count(
        small_season: Any, client_for: Any, member_user: Any) -> None:
    from tournaments.pdf.layout import Styles, fonts_for
    from tournaments.standings.pdf.results import _evening_cell
    from tournaments.standings.selectors.standings import season_standings

    small_season.rules = {"count": {"best": 1}}
    small_season.save()
    standings = season_standings(small_season)
    row = next(r for r in standings.rows if r.dropped)
    dropped, = sorted(row.dropped)[:1]
    kept = next(e for e, v in row.per_evening.items() if v is not None and e not in row.dropped)
    styles = Styles(fonts_for([row.name]))
    assert "<strike>" in _evening_cell(styles, row, dropped).text
    assert "<strike>" not in _evening_cell(styles, row, kept).text
    url = reverse("tournaments:standings_pdf", kwargs={
        "club": small_season.club.slug, "competition_id": small_season.pk})
    text = " ".join(" ".join(pdf_text(client_for(member_user).get(url).content)).split())
    assert ("Struck through: an evening that does not count." in text
            or "Doorgestreept: een avond die niet meetelt." in text)


@pytest.mark.parametrize("game", sorted(GAMES_PLAYED))
def test_a_reader_who_chose_english_gets_an_english_sheet_of_a_dutch_club(
        played_round: Any, english_club: Any, client_for: Any, member_user: Any,
        game: str) -> None:
    """In English the score sheets were Dutch (the club's language) whatever
    the reader chose; the language switch now decides, the club's language when unset."""
    from django.conf import settings

    round_ = played_round(game)
    english_club.language = "nl"
    english_club.save()
    url = reverse("tournaments:round_sheets", kwargs={"club": english_club.slug,
                                                      "round_id": round_.pk})
    client = client_for(member_user)
    dutch = pdf_text(client.get(url).content)[0]
    assert "Tafel" in dutch and "Schrijver" in dutch
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(url)
    english = pdf_text(response.content)[0]
    assert "Table" in english and "Scorekeeper" in english and "Tafel" not in english
    assert f"Score sheet: {site_game(game).name}" in " ".join(english.split())
    for word in EXPECTED_BLANK[game]:
        assert word in english, word
    (ARTIFACTS := Path(__file__).resolve().parents[2] / "test-artifacts").mkdir(exist_ok=True)
    (ARTIFACTS / f"sheet-en-{game}.pdf").write_bytes(response.content)
