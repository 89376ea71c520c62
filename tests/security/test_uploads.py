"""Crafted spreadsheets: every kind of decompression bomb, and XML with entities, is refused by
both imports through their pages, with a message saying why, and nothing is stored. The same
for a logo whose decoding would stall a worker (the other crafted pictures are in
tests/clubmanager/test_logo.py).

The files are written here (zipfile and hand-written XML, ``benchmarks.uploads``; pictures,
``benchmarks.logo``); their time and memory are measured by ``python -m benchmarks.uploads``
and ``python -m benchmarks.logo``, not here.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from benchmarks import logo as logo_bench
from benchmarks import uploads
from clubmanager.core.spreadsheet import MAX_PARTS, MAX_RATIO, MAX_TAGS, MAX_TOKEN, MAX_UNCOMPRESSED
from clubmanager.models import ClubLogo, Member
from tournaments.models import Evening

pytestmark = pytest.mark.django_db

BOMBS = {kind: build for kind, (build, _words) in uploads.BOMBS.items()
         if not kind.startswith(("padding", "dense", "season-shaped",  # under every limit
                                 "deep JSON"))}  # a row error, tested below


def _post(client: Client, url: str, data: bytes) -> Any:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    upload = SimpleUploadedFile("bomb.xlsx", data, content_type="application/octet-stream")
    response = client.post(url, {"file": upload})
    assert response.status_code == 200
    return response


@pytest.fixture
def member_import(admin_client: Client, club: Any) -> Callable[[bytes], list[str]]:
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})

    def send(data: bytes) -> list[str]:
        errors = _post(admin_client, url, data).context["form"].errors.get("file", [])
        assert not Member.objects.filter(club=club).exists()
        return errors

    return send


@pytest.fixture
def season_import(admin_client: Client, club: Any,
                  make_competition: Callable[..., Any]) -> Callable[[bytes], list[str]]:
    competition = make_competition(club, "jokeren")
    url = reverse("tournaments:season_import",
                  kwargs={"club": club.slug, "competition_id": competition.pk})

    def send(data: bytes) -> list[str]:
        response = _post(admin_client, url, data)
        assert "preview" not in response.context
        assert not Evening.objects.filter(competition=competition).exists()
        return response.context["form"].errors.get("file", [])

    return send


@pytest.mark.parametrize("kind", sorted(BOMBS))
def test_member_import_refuses_each_kind_of_bomb(kind: str, member_import: Any) -> None:
    build, words = uploads.BOMBS[kind]
    errors = member_import(build(header=uploads.HEADER))
    assert errors and words in errors[0], errors


@pytest.mark.parametrize("kind", sorted(BOMBS))
def test_season_import_refuses_each_kind_of_bomb(kind: str, season_import: Any) -> None:
    build, words = uploads.BOMBS[kind]
    errors = season_import(build(header=uploads.season_header()))
    assert errors and words in errors[0], errors


def test_the_messages_name_the_limits(member_import: Any) -> None:
    assert f"{MAX_PARTS}" in member_import(uploads.many_sheets())[0]
    assert f"{MAX_RATIO} times" in member_import(uploads.wide_row())[0]
    assert f"{MAX_UNCOMPRESSED // 2**20} MB" in member_import(uploads.large_total())[0]
    assert f"{MAX_TAGS:,}" in member_import(uploads.many_tags())[0]


def test_a_bomb_within_a_normal_sheet_is_still_refused(member_import: Any) -> None:
    """Real members first, then the wide row: the limits do not depend on where it sits."""
    rows = b"".join(f'<row r="{n}"><c t="inlineStr"><is><t>Lid {n}</t></is></c><c t="n"><v>{n}'
                    f"</v></c></row>".encode() for n in range(2, 50))
    wide = b'<row r="50">' + b'<c t="n"><v>1</v></c>' * 20_000 + b"</row>"
    errors = member_import(uploads.xlsx([rows, wide]))
    assert "Row 50" in errors[0] and "16,384 cells" in errors[0]


def test_a_file_under_the_limits_with_wide_rows_imports_the_columns_we_read(
        member_import: Any, admin_client: Client, club: Any) -> None:
    """Cells far to the right are skipped unread; the members still import."""
    rows = b"".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>Lid {n}</t></is></c>'
                    f'<c r="B{n}"><v>{n}</v></c><c r="XFD{n}"><v>1</v></c></row>'.encode()
                    for n in range(2, 12))
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    upload = SimpleUploadedFile("leden.xlsx", uploads.xlsx(rows))
    response = admin_client.post(url, {"file": upload})
    assert [row.member_number for row in response.context["preview"]] == [
        str(n) for n in range(2, 12)]


def test_a_lying_table_of_contents_ends_in_a_read_error(member_import: Any) -> None:
    """A part that claims to be small is cut off at that size by zipfile: a CRC error."""
    data = bytearray(uploads.xlsx(b'<row r="2"><c t="inlineStr"><is><t>' + b"x" * 5000
                                  + b"</t></is></c></row>"))
    archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
    info = archive.getinfo("xl/worksheets/sheet1.xml")
    directory = data.rfind(b"xl/worksheets/sheet1.xml")  # its central directory entry
    size_at = directory - 46 + 24  # the uncompressed size field
    assert int.from_bytes(data[size_at:size_at + 4], "little") == info.file_size
    data[size_at:size_at + 4] = (100).to_bytes(4, "little")
    errors = member_import(bytes(data))
    assert "cannot be read" in errors[0]


def test_rows_with_a_date_round_and_table_but_no_hand_stop_the_season_import_early(
    season_import: Any,
) -> None:
    """A sheet of plausible-looking junk: dates, rounds and tables, then digits where the game
    and the hand as entered belong. Refused after 100 such rows, not read to its end."""
    errors = season_import(uploads.season_shaped(header=uploads.season_header(), rows=2_000))
    assert errors and "are not hands" in errors[0], errors


def test_one_huge_xml_token_is_refused_naming_the_part_and_the_limit(
        member_import: Any, season_import: Any) -> None:
    """A 60 MB comment or attribute deflates 35 times, under the ratio check, with one "<":
    expat scanned it again for every chunk (12 to 26 s); now refused before it is parsed."""
    limit = f"{MAX_TOKEN // 2**20} MB"
    errors = member_import(uploads.huge_comment())
    assert "xl/workbook.xml" in errors[0] and limit in errors[0]
    errors = season_import(uploads.huge_attribute(header=uploads.season_header()))
    assert "xl/worksheets/sheet1.xml" in errors[0] and limit in errors[0]


def test_a_utf16_part_is_measured_as_the_parser_reads_it(member_import: Any) -> None:
    """In UTF-16 a comment's opener is not the bytes "<!--", and the "<" inside it would pass
    for tag boundaries: the part is measured as UTF-8, as expat reads it."""
    data = uploads.huge_comment_utf16()
    assert len(data) < 2 * 2**20
    errors = member_import(data)
    assert "xl/workbook.xml" in errors[0] and "1 MB" in errors[0]


def test_a_utf16_sheet_is_read(admin_client: Client, club: Any) -> None:
    rows = "".join(f'<row r="{n}"><c t="inlineStr"><is><t>Lid Ærø {n}</t></is></c>'
                   f"<c><v>{n}</v></c></row>" for n in range(2, 6))
    sheet = (f'<?xml version="1.0" encoding="UTF-16"?><worksheet xmlns="{uploads.MAIN}">'
             f"<sheetData>{uploads.HEADER}{rows}</sheetData></worksheet>")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        data = uploads._replace(uploads.xlsx(), "xl/worksheets/sheet1.xml",
                                sheet.encode(encoding))
        url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
        response = admin_client.post(url, {"file": SimpleUploadedFile("leden.xlsx", data)})
        assert [row.row.name for row in response.context["preview"]] == [
            f"Lid Ærø {n}" for n in range(2, 6)], encoding


def test_a_binary_part_is_not_read_as_utf16(admin_client: Client, club: Any) -> None:
    """Only parts named as XML are converted: an image that starts like UTF-16 is left alone."""
    rows = b'<row r="2"><c t="inlineStr"><is><t>Lid</t></is></c><c><v>7</v></c></row>'
    data = uploads.xlsx(rows, extra={"xl/media/image1.emf": b"\xff\xfe" + b"\x00\xd8" * 99})
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    response = admin_client.post(url, {"file": SimpleUploadedFile("leden.xlsx", data)})
    assert [row.member_number for row in response.context["preview"]] == ["7"]


def test_a_huge_token_is_refused_in_dutch(admin_client: Client, club: Any) -> None:
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    upload = SimpleUploadedFile("leden.xlsx", uploads.huge_attribute())
    response = admin_client.post(url, {"file": upload})
    assert response.context["form"].errors["file"] == [
        "Het onderdeel “xl/worksheets/sheet1.xml” van dit Excel-bestand bevat één stuk XML (een "
        "tag, een tekst of commentaar) van meer dan 1 MB; zo lang schrijft Excel dat nooit (een "
        "cel bevat hoogstens 32.767 tekens). Het bestand wordt geweigerd."]
    assert not Member.objects.filter(club=club).exists()


def test_deep_json_in_a_hand_cell_is_a_row_error_not_a_500(
        admin_client: Client, club: Any, make_competition: Callable[..., Any]) -> None:
    competition = make_competition(club, "jokeren")
    url = reverse("tournaments:season_import",
                  kwargs={"club": club.slug, "competition_id": competition.pk})
    response = _post(admin_client, url, uploads.deep_json(header=uploads.season_header()))
    problems = [p for t in response.context["preview"].errors for p in t.problems]
    assert any("Row 2" in p and "32 levels deep" in p and "Handen" in p for p in problems)
    assert not Evening.objects.filter(competition=competition).exists()


def test_deep_json_is_just_text_to_the_member_import(member_import: Any) -> None:
    """The member import reads no JSON: to it the cell is text, read like any other."""
    assert not member_import(uploads.deep_json())


# -- The club logo: a picture that would cost a minute to decode -------------------------------


def _upload_logo(client: Client, club: Any, data: bytes, name: str) -> Any:
    return client.post(reverse("clubmanager:club_logo_upload", kwargs={"club": club.slug}),
                       {"file": SimpleUploadedFile(name, data, content_type="image/jpeg")})


def test_a_logo_of_66505_scans_is_refused_on_the_page_in_dutch(
        admin_client: Client, club: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's file: 5000 × 3200 grey, progressive, 66,505 scans that each walk all
    250,000 blocks. Refused with a sentence the secretary can act on, never decoded, nothing
    kept."""
    from clubmanager import logo

    def decoded(*args: object, **kwargs: object) -> None:
        raise AssertionError("the picture was decoded")

    monkeypatch.setattr(logo.subprocess, "run", decoded)
    response = _upload_logo(admin_client, club, logo_bench.many_scans(66_505), "logo.jpg")
    assert response.status_code == 200
    text = response.content.decode()
    assert ("Een logo mag in hoogstens 100 stappen worden opgebouwd (een progressieve JPEG); "
            "dit logo heeft er meer nodig." in text)
    assert "sla haar opnieuw op als gewone PNG of JPEG" in text
    club.refresh_from_db()
    assert not club.logo_version and not ClubLogo.objects.exists()


@pytest.mark.parametrize("kind, options", [
    ("PNG", {}), ("JPEG", {}), ("JPEG", {"progressive": True}), ("WEBP", {}),
])
def test_ordinary_logos_are_still_kept_through_the_page(
        admin_client: Client, club: Any, kind: str, options: dict[str, Any]) -> None:
    out = io.BytesIO()
    logo_bench.drawing(600).convert("RGB").save(out, format=kind, **options)
    response = _upload_logo(admin_client, club, out.getvalue(), f"logo.{kind.lower()}")
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.logo_version and ClubLogo.objects.get(club=club).width == 512
