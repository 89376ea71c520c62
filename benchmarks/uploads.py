"""Crafted uploads: how fast, and with how much memory, each import refuses them.

Run: ``.venv/bin/python -m benchmarks.uploads``. Builds the largest file of each kind that fits
under the upload limit (zipfile and hand-written XML; ``tests/security/test_uploads.py`` uses
the same builders), then lets the member import and the season import read it, each in a fresh
process: wall time and the extra peak RSS of that process (VmHWM, reset before reading, minus
the RSS before).
The targets: refused within 2 s, under 200 MB extra.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_NAME = "Handen"  # the season import reads this sheet, the member import the first one
HEADER = '<row r="1"><c t="inlineStr"><is><t>naam</t></is></c><c t="inlineStr"><is><t>lidnummer</t></is></c></row>'  # noqa: E501


def xlsx(sheet_data: bytes | Iterable[bytes] = b"", *, sheets: int = 1, strings: bytes = b"",
         extra: dict[str, bytes] | None = None, workbook: bytes | None = None,
         header: str = HEADER) -> bytes:
    """A minimal workbook: ``sheets`` sheets (the first holds ``sheet_data`` after a header
    row), a shared-strings part, and any ``extra`` parts."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/></Types>'))
        archive.writestr("_rels/.rels", (
            f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{DOC}/officeDocument"'
            ' Target="xl/workbook.xml"/></Relationships>'))
        names = "".join(f'<sheet name="{SHEET_NAME if i == 1 else f"S{i}"}" sheetId="{i}" '
                        f'r:id="rId{i}"/>' for i in range(1, sheets + 1))
        archive.writestr("xl/workbook.xml", workbook or (
            f'<workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets>{names}</sheets></workbook>'))
        rels = "".join(f'<Relationship Id="rId{i}" Type="{DOC}/worksheet" '
                       f'Target="worksheets/sheet{i}.xml"/>' for i in range(1, sheets + 1))
        archive.writestr("xl/_rels/workbook.xml.rels", (
            f'<Relationships xmlns="{PKG}">{rels}<Relationship Id="rIdS" '
            f'Type="{DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'))
        with archive.open("xl/worksheets/sheet1.xml", "w") as part:
            part.write(f'<worksheet xmlns="{MAIN}"><sheetData>{header}'.encode())
            for chunk in [sheet_data] if isinstance(sheet_data, bytes) else sheet_data:
                part.write(chunk)
            part.write(b"</sheetData></worksheet>")
        for i in range(2, sheets + 1):
            archive.writestr(f"xl/worksheets/sheet{i}.xml", f'<worksheet xmlns="{MAIN}"/>')
        archive.writestr("xl/sharedStrings.xml", strings or f'<sst xmlns="{MAIN}"/>'.encode())
        for name, content in (extra or {}).items():
            archive.writestr(name, content)
    return out.getvalue()


def _row(cells: Iterable[bytes] | bytes) -> Iterable[bytes]:
    yield b'<row r="2">'
    yield from [cells] if isinstance(cells, bytes) else cells
    yield b"</row>"


def wide_row(header: str = HEADER, cells: int = 6_000_000) -> bytes:
    """Row 2 with millions of empty cells: a tiny file, hundreds of times its size unpacked."""
    return xlsx(_row(b"<c/>" * 1_000_000 for _ in range(cells // 1_000_000)), header=header)


def wide_row_dense(header: str = HEADER, cells: int = 20_000) -> bytes:
    """A row wider than Excel allows, its cells random numbers: compresses like a real sheet."""
    rng = random.Random(1)
    return xlsx(_row(f'<c t="n"><v>{rng.randrange(10**9)}</v></c>'.encode()
                     for _ in range(cells)), header=header)


def huge_string(header: str = HEADER, size: int = 60_000_000) -> bytes:
    """One shared string of 60 million characters, used by cell A2."""
    strings = f'<sst xmlns="{MAIN}"><si><t>'.encode() + b"x" * size + b"</t></si></sst>"
    return xlsx(b'<row r="2"><c t="s"><v>0</v></c></row>', strings=strings, header=header)


def long_string(header: str = HEADER, size: int = 40_000) -> bytes:
    """A shared string longer than Excel allows, of random letters (compresses like text)."""
    rng = random.Random(2)
    text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(size)).encode()
    strings = f'<sst xmlns="{MAIN}"><si><t>'.encode() + text + b"</t></si></sst>"
    return xlsx(b'<row r="2"><c t="s"><v>0</v></c></row>', strings=strings, header=header)


def many_sheets(header: str = HEADER, count: int = 5_000) -> bytes:
    return xlsx(sheets=count, header=header)


def many_sheet_entries(header: str = HEADER, count: int = 100_000) -> bytes:
    """One part, but a list of 100,000 sheets in the workbook."""
    names = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId1"/>' for i in range(count))
    return xlsx(workbook=f'<workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets>{names}</sheets>'
                         f'</workbook>'.encode(), header=header)


def large_total(header: str = HEADER, parts: int = 70) -> bytes:
    """Parts each just under the ratio check's 1 MiB, summing to 70 MB unpacked."""
    return xlsx(extra={f"xl/media/pad{i}.xml": b" " * 1_000_000 for i in range(parts)},
                header=header)


def many_tags(header: str = HEADER, parts: int = 20) -> bytes:
    """Five million tiny elements in parts under the ratio check."""
    return xlsx(extra={f"xl/media/tags{i}.xml": b"<a>" + b"<b/>" * 249_000 + b"</a>"
                       for i in range(parts)}, header=header)


def entities(header: str = HEADER) -> bytes:
    """The "billion laughs": nested entities in the sheet."""
    laughs = "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                     for i in range(9))
    sheet = (f'<!DOCTYPE worksheet [<!ENTITY a "lol">{laughs}]><worksheet xmlns="{MAIN}">'
             '<sheetData><row r="2"><c t="inlineStr"><is><t>&j;</t></is></c></row></sheetData>'
             "</worksheet>")
    return _replace(xlsx(header=header), "xl/worksheets/sheet1.xml", sheet.encode())


def dtd_utf16(header: str = HEADER) -> bytes:
    """A DTD in a UTF-16 part: refused on its bytes, read as UTF-8 (and by the parser)."""
    sheet = (f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE worksheet [<!ENTITY e "x">]>'
             f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>')
    return _replace(xlsx(header=header), "xl/worksheets/sheet1.xml", sheet.encode("utf-16"))


def _replace(data: bytes, name: str, content: bytes, level: int | None = None) -> bytes:
    """``data`` with the part ``name`` replaced (deflated at ``level``, zlib's default if
    None)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    result = io.BytesIO()
    with zipfile.ZipFile(result, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            if info.filename == name:
                archive.writestr(info.filename, content, compresslevel=level)
            else:
                archive.writestr(info.filename, source.read(info))
    return result.getvalue()


def _noise(size: int, rare: bytes = b">", per_256: int = 2) -> bytes:
    """``size`` bytes of "x" with a random ``rare`` in 128: deflated at level 1 it shrinks 35
    times, under the ratio check (and a ">" now and then ends nothing inside a comment or a
    quoted attribute value)."""
    return random.Random(5).randbytes(size).translate(
        bytes(rare[0] if i < per_256 else b"x"[0] for i in range(256)))


def huge_comment(header: str = HEADER, size: int = 60_000_000) -> bytes:
    """One comment of 60 MB in ``xl/workbook.xml``: a single XML token, 1.7 MB deflated, one
    "<" (expat scans such a token again for every chunk it is fed: quadratic)."""
    names = f'<sheet name="{SHEET_NAME}" sheetId="1" r:id="rId1"/>'
    workbook = (f'<workbook xmlns="{MAIN}" xmlns:r="{DOC}"><!--'.encode() + _noise(size)
                + f"--><sheets>{names}</sheets></workbook>".encode())
    return _replace(xlsx(header=header), "xl/workbook.xml", workbook, level=1)


def huge_comment_utf16(header: str = HEADER, size: int = 30_000_000) -> bytes:
    """The comment again, of 30 million characters with a "<" now and then, in a workbook.xml
    written as UTF-16 (60 MB): to a search for the bytes of "<!--" it is no comment."""
    names = f'<sheet name="{SHEET_NAME}" sheetId="1" r:id="rId1"/>'
    noise = _noise(size, b"<", 4).decode("ascii")  # a "<" in 64: 35 times, as UTF-16
    workbook = (f'<?xml version="1.0" encoding="UTF-16"?><workbook xmlns="{MAIN}" '
                f'xmlns:r="{DOC}"><!--{noise}--><sheets>{names}</sheets></workbook>')
    return _replace(xlsx(header=header), "xl/workbook.xml", workbook.encode("utf-16"), level=1)


def huge_attribute(header: str = HEADER, size: int = 60_000_000) -> bytes:
    """One attribute value of 60 MB on a cell of row 2 of the sheet: one token, as above."""
    sheet = (f'<worksheet xmlns="{MAIN}"><sheetData>{header}<row r="2"><c r="A2" t="inlineStr" '
             'x="'.encode() + _noise(size) + b'"><is><t>Lid</t></is></c></row></sheetData>'
             b"</worksheet>")
    return _replace(xlsx(header=header), "xl/worksheets/sheet1.xml", sheet, level=1)


def deep_json(header: str = HEADER, depth: int = 5000) -> bytes:
    """Row 2 a hand whose "hand as entered" holds ``[`` 5,000 deep (json.loads recursed into
    a RecursionError); for the member import, just long texts."""
    from django.utils.translation import override

    from tournaments.workbook.columns import hands_columns

    with override("nl"):
        keys = [key for key, _label in hands_columns()]
    values = {"date": "2025-09-02", "round": "1", "table": "1", "game": "jokeren",
              "seat1_name": "Ann", "seat2_name": "Bob", "hand": "1",
              "data": "[" * depth + "]" * depth}
    cells = "".join(f'<c t="inlineStr"><is><t>{values.get(key, "")}</t></is></c>'
                    for key in keys)
    return xlsx(f'<row r="2">{cells}</row>'.encode(), header=header)


def padding(header: str = HEADER, parts: int = 60) -> bytes:
    """60 MB of blank parts that nothing reads: under every limit, only scanned."""
    return xlsx(extra={f"xl/media/pad{i}.xml": b" " * 1_000_000 for i in range(parts)},
                header=header)


def season_header() -> str:
    """Row 1 of a season workbook's hands sheet (Dutch), so the import reads on."""
    from django.utils.translation import override

    from tournaments.workbook.columns import hands_columns

    with override("nl"):
        cells = "".join(f'<c t="inlineStr"><is><t>{label}</t></is></c>'
                        for _key, label in hands_columns())
    return f'<row r="1">{cells}</row>'


def dense_sheet(header: str = HEADER, rows: int = 60_000, columns: int = 16) -> bytes:
    """A sheet at every limit: 960,000 cells of random digits, 3.8 million tags."""
    rng = random.Random(3)

    def chunks() -> Iterable[bytes]:
        for line in range(2, rows + 2):
            cells = "".join(f"<c><v>{rng.randrange(10)}</v></c>" for _ in range(columns))
            yield f'<row r="{line}">{cells}</row>'.encode()

    return xlsx(chunks(), header=header)


def season_shaped(header: str = HEADER, rows: int = 50_000) -> bytes:
    """Rows with a date, a round and a table, then random digits: past every early check."""
    rng = random.Random(4)

    def chunks() -> Iterable[bytes]:
        for line in range(2, rows + 2):
            cells = "".join(f"<c><v>{rng.randrange(10)}</v></c>" for _ in range(13))
            yield (f'<row r="{line}"><c t="inlineStr"><is><t>2025-09-02</t></is></c><c><v>1</v>'
                   f"</c><c><v>{line}</v></c>{cells}</row>").encode()

    return xlsx(chunks(), header=header)


#: kind → (builder, what the refusal says, in English). Each builder takes the header row:
#: ``HEADER`` (the member import's columns) or ``season_header()``, so that each import reads
#: as far as the bomb.
BOMBS: dict[str, tuple[Callable[..., bytes], str]] = {
    "wide row (6 million cells)": (wide_row, "times its size"),
    "wide row (20,000 random cells)": (wide_row_dense, "more than 16,384 cells"),
    "huge shared string (60 MB)": (huge_string, "times its size"),
    "long shared string (40,000 random letters)": (long_string, "more than 32,767 characters"),
    "many sheets (5,000 parts)": (many_sheets, "more than 500 parts or sheets"),
    "many sheets (100,000 in the list)": (many_sheet_entries, "more than 500 parts or sheets"),
    "large total (70 parts of 1 MB)": (large_total, "Unpacked"),
    "many tags (5 million)": (many_tags, "more than 4,000,000 XML tags"),
    "padding (60 parts of 1 MB, read by nobody)": (padding, ""),
    "dense sheet (960,000 cells, 3.8 million tags)": (dense_sheet, ""),
    "season-shaped rows (50,000, junk after the table)": (season_shaped, ""),
    "entities (billion laughs)": (entities, "document type or entities"),
    "DTD in UTF-16": (dtd_utf16, "document type or entities"),
    "huge token (a 60 MB comment in workbook.xml)": (huge_comment, "of more than 1 MB"),
    "huge token in UTF-16 (a comment of 30 million characters)": (
        huge_comment_utf16, "of more than 1 MB"),
    "huge attribute (60 MB, in the sheet)": (huge_attribute, "of more than 1 MB"),
    "deep JSON (a hand 5,000 levels deep)": (deep_json, ""),  # season: a row error
}


def _status(field: str) -> int:
    """A figure of /proc/self/status in KiB (VmRSS: now, VmHWM: the peak)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))


def _child(path: str, which: str) -> None:
    """In a fresh process: read the file with one import, print seconds and extra peak MB."""
    import time

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    import django

    django.setup()
    from django.utils import translation

    from clubmanager.core.spreadsheet import ImportFileError
    from clubmanager.member_sheet import parse_members
    from tournaments.workbook.read import parse_season

    translation.activate("en")
    with open(path, "rb") as file:
        data = file.read()
    parse = parse_members if which == "member" else parse_season
    before = _status("VmRSS")
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")  # Linux: the peak (VmHWM) starts again from the current RSS
    start, cpu = time.perf_counter(), time.process_time()
    try:
        parsed = parse(data, "bomb.xlsx")
        problems = [p for row in getattr(parsed, "rows", []) for p in getattr(row, "problems", [])]
        outcome = f"READ ({problems[0]})" if problems else "READ"
    except ImportFileError as exc:
        outcome = str(exc)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    extra = (_status("VmHWM") - before) / 1024
    print(f"{seconds:.2f}\t{cpu:.2f}\t{extra:.0f}\t{outcome}")


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    import django

    django.setup()
    print(f"{'file':46} {'KB':>6}  {'member import':>24}  {'season import':>24}")
    worst = [0.0, 0.0]
    with tempfile.TemporaryDirectory() as tmp:
        for kind, (build, words) in BOMBS.items():
            cells = []
            for which, header in (("member", HEADER), ("season", season_header())):
                data = build(header=header)
                path = os.path.join(tmp, "bomb.xlsx")
                with open(path, "wb") as file:
                    file.write(data)
                output = subprocess.run(
                    [sys.executable, "-m", "benchmarks.uploads", "--child", path, which],
                    capture_output=True, text=True, check=True).stdout.strip()
                seconds, cpu, extra, outcome = output.split("\t", 3)
                worst = [max(worst[0], float(seconds)), max(worst[1], float(extra))]
                flag = " " if words in outcome else "?"
                cells.append(f"{seconds} s ({cpu}) {extra:>4} MB{flag}")
            print(f"{kind:46} {len(data) / 1024:6.0f}  {cells[0]:>24}  {cells[1]:>24}")
    print(f"worst: {worst[0]:.2f} s, {worst[1]:.0f} MB extra peak RSS (targets: 2 s, 200 MB)")
    print("wall seconds (CPU seconds), extra peak RSS; ?: the refusal does not say what the "
          "table of bombs expects")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], sys.argv[3])
    else:
        main()
