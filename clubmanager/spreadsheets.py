"""Spreadsheet uploads: the one way in for the member import and the season import.

An uploaded .xlsx is a zip archive of XML parts, and both can be made to blow up: a 177 KB file
can hold a row of six million cells, a shared string of a hundred megabytes, ten thousand sheets,
or XML that declares entities. So ``open_workbook`` checks the archive before any part is parsed:
the number of parts, their summed uncompressed size and the compression ratio of each (the sizes
zipfile will ever hand out, so a lying header only ends in a CRC error), then the raw bytes (XML
tags counted, a DTD refused). Each part is then streamed through expat with handlers of our own
(a DTD or an entity raises defusedxml's errors): no element tree, only the columns asked for are
kept, shared strings only when a kept cell uses them. Memory stays flat however a part is built,
and the parse time is bounded by the tag count.

Also here: the formula check (a cell with a formula, never a text that merely starts with "="),
the error class, the size-limited upload form and the session key of a preview.
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import re
import uuid
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format
from openpyxl.utils.datetime import (
    CALENDAR_MAC_1904,
    CALENDAR_WINDOWS_1900,
    from_excel,
    from_ISO8601,
)

#: Limits of the archive, chosen from a 40-evening season workbook with a margin (README,
#: "Upload limits"): parts, summed uncompressed size, ratio of a part, tags.
MAX_PARTS = 500
MAX_UNCOMPRESSED = 64 * 1024 * 1024
MAX_RATIO = 40
RATIO_FROM = 1024 * 1024  # smaller parts may compress better: they are harmless anyway
#: Excel's own limit on the text of one cell.
MAX_CELL_CHARS = 32_767
#: Excel's own limit on the cells of one row (columns A to XFD).
MAX_ROW_CELLS = 16_384
#: Entries of a workbook's list of sheets, relationships or styles (Excel: 64,000 styles).
MAX_ITEMS = 100_000
#: XML tags ("<") in the whole archive, counted before parsing: parse time follows from it.
MAX_TAGS = 4_000_000
CHUNK = 64 * 1024

# Names as expat reports them with namespace processing: "namespace}local".
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships}"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
C, F, ROW, RPH, SI, T, V = (f"{MAIN}{tag}" for tag in ("c", "f", "row", "rPh", "si", "t", "v"))
_COORDINATE = re.compile(r"([A-Z]{1,3})(\d+)$")


class ImportFileError(Exception):
    """The file as a whole cannot be imported; ``str(exc)`` is the message for the user."""


def unreadable(error: str) -> ImportFileError:
    return ImportFileError(
        _("This Excel file cannot be read (%(error)s). Open it in Excel, save it as .xlsx and "
          "try again.") % {"error": error}
    )


def _megabytes(size: int) -> str:
    return number_format(size / (1024 * 1024), decimal_pos=0, force_grouping=True)


def column_index(letters: str) -> int:
    """1 for A, 27 for AA."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index


def too_many_parts(limit: int) -> ImportFileError:
    return ImportFileError(
        _("This Excel file holds more than %(limit)s parts or sheets; a workbook we can import "
          "holds fewer. Save only the sheets you need as a new .xlsx and try again.")
        % {"limit": number_format(limit, force_grouping=True)}
    )


def check_archive(data: bytes) -> zipfile.ZipFile:
    """The archive, after its table of contents passed the limits (nothing decompressed)."""
    if not data.startswith(b"PK\x03\x04"):
        raise ImportFileError(
            _("This is not an Excel file (.xlsx). Save the sheet as .xlsx or .csv and try again.")
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise unreadable(type(exc).__name__) from exc
    if len(parts) > MAX_PARTS:
        raise too_many_parts(MAX_PARTS)
    total = sum(part.file_size for part in parts)
    if total > MAX_UNCOMPRESSED:
        raise ImportFileError(
            _("Unpacked, this Excel file would take %(size)s MB; at most %(limit)s MB can be "
              "imported. Remove empty or unneeded sheets, rows and columns and try again.")
            % {"size": _megabytes(total), "limit": _megabytes(MAX_UNCOMPRESSED)}
        )
    for part in parts:
        ratio = part.file_size / max(part.compress_size, 1)
        if part.file_size > RATIO_FROM and ratio > MAX_RATIO:
            raise ImportFileError(
                _("The part “%(part)s” of this Excel file unpacks to %(ratio)s times its size; "
                  "a real sheet does not exceed %(limit)s times. The file is refused.")
                % {"part": part.filename[:80], "ratio": int(ratio), "limit": MAX_RATIO}
            )
    tags = 0
    for part in parts:
        tags += _scan(archive, part)
        if tags > MAX_TAGS:
            raise ImportFileError(
                _("This Excel file holds more than %(limit)s XML tags; a workbook we can import "
                  "holds fewer. Remove unneeded sheets, rows and columns and try again.")
                % {"limit": number_format(MAX_TAGS, force_grouping=True)}
            )
    return archive


def _scan(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> int:
    """The tags of a part, counted on the raw bytes (no parse); a DTD is refused here."""
    tags = 0
    tail = b""
    try:
        with archive.open(part) as stream:
            while chunk := stream.read(CHUNK):
                tags += chunk.count(b"<")
                window = tail + chunk
                if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                    raise forbidden_xml(part.filename[:80])
                tail = chunk[-8:]
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
            ValueError) as exc:
        raise unreadable(type(exc).__name__) from exc
    return tags


# -- streamed XML ----------------------------------------------------------------------------
# Each part is fed in chunks to expat with handlers of our own, as defusedxml's parsers do but
# without an element tree in between: nothing is built, text is kept only where we read it,
# and a DTD or an entity declaration raises defusedxml's own errors.
def _refuse_dtd(name: str, system_id: str | None, public_id: str | None, *_args: Any) -> None:
    raise DTDForbidden(name, system_id, public_id)


def _refuse_entity(name: str, *args: Any) -> None:
    raise EntitiesForbidden(name, None, None, None, None, None)


def _feed(archive: zipfile.ZipFile, path: str, target: Any) -> None:
    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_entity
    parser.StartElementHandler = target.start
    parser.EndElementHandler = target.end
    parser.CharacterDataHandler = target.data
    parser.buffer_text = True
    try:
        with archive.open(path) as stream:
            while chunk := stream.read(CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except KeyError as exc:
        raise unreadable(_("part %(part)s missing") % {"part": path[:80]}) from exc
    except DefusedXmlException as exc:
        raise forbidden_xml(path[:80]) from exc
    except (expat.ExpatError, zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError,
            RuntimeError, ValueError, OverflowError) as exc:
        raise unreadable(type(exc).__name__) from exc


def forbidden_xml(where: str) -> ImportFileError:
    return ImportFileError(
        _("This Excel file contains XML that declares a document type or entities (%(part)s). "
          "Excel never writes that; the file is refused.") % {"part": where}
    )


def too_long() -> ImportFileError:
    return ImportFileError(
        _("A cell holds more than %(limit)s characters, more than Excel allows. The file is "
          "refused.") % {"limit": number_format(MAX_CELL_CHARS, force_grouping=True)}
    )


class _Items:
    """Target: (tag, attributes, parent tag) of the elements named, at most MAX_ITEMS."""

    def __init__(self, *tags: str, limit: int = MAX_ITEMS) -> None:
        self.tags = frozenset(tags)
        self.limit = limit
        self.items: list[tuple[str, dict[str, str], str]] = []
        self.parents: list[str] = [""]

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag in self.tags:
            if len(self.items) >= self.limit:
                raise too_many_parts(self.limit)
            self.items.append((tag, attrib, self.parents[-1]))
        self.parents.append(tag)

    def end(self, tag: str) -> None:
        self.parents.pop()

    def data(self, text: str) -> None:
        pass


class _Enough(Exception):
    """Every string wanted is read: stop parsing."""


class _Text:
    """Collects the text of ``<t>`` (not of phonetic hints) or ``<v>`` while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.parts: list[str] = []
        self.size = 0
        self.phonetic = False

    def begin(self) -> None:
        self.parts, self.size = [], 0

    def data(self, text: str) -> None:
        if self.on:
            self.size += len(text)
            if self.size > MAX_CELL_CHARS:
                raise too_long()
            self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


class _SharedStrings(_Text):
    """Target: the shared strings whose index is wanted (the others are skipped unkept)."""

    def __init__(self, wanted: set[int]) -> None:
        super().__init__()
        self.wanted = wanted
        self.last = max(wanted)
        self.index = 0
        self.strings: dict[int, str] = {}

    def data(self, text: str) -> None:
        self.size += len(text)  # every string counts, kept or not
        if self.size > MAX_CELL_CHARS:
            raise too_long()
        if self.on:
            self.parts.append(text)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == SI:
            if self.index > self.last:
                raise _Enough
            self.begin()
        elif tag == RPH:
            self.phonetic = True
        elif tag == T:
            self.on = not self.phonetic and self.index in self.wanted

    def end(self, tag: str) -> None:
        if tag == T:
            self.on = False
        elif tag == RPH:
            self.phonetic = False
        elif tag == SI:
            if self.index in self.wanted:
                self.strings[self.index] = self.text()
            self.index += 1


class _Sheet(_Text):
    """Target: the rows of a sheet, cells up to ``max_col`` only (the rest is counted, not
    kept), shared strings left as their index for ``Workbook.resolve_strings``."""

    def __init__(self, book: Workbook, max_col: int, max_line: int,
                 too_many: Callable[[], ImportFileError],
                 header: Callable[[Row], bool] | None,
                 each: Callable[[Row], None] | None) -> None:
        super().__init__()
        self.book, self.max_col, self.max_line, self.too_many = book, max_col, max_line, too_many
        self.header, self.each = header, each
        self.rows: list[Row] = []
        self.line = 0
        self.row: Row | None = None
        self.column = -1
        self.count = 0
        self.cell: tuple[int, str, str | None] | None = None
        self.formula = False

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == C:
            self.count += 1
            if self.count > MAX_ROW_CELLS:
                raise ImportFileError(
                    _("Row %(line)s of this Excel file has more than %(limit)s cells, more than "
                      "Excel allows. The file is refused.")
                    % {"line": self.line, "limit": number_format(MAX_ROW_CELLS,
                                                                   force_grouping=True)})
            match = _COORDINATE.match(attrib.get("r", ""))
            self.column = column_index(match.group(1)) - 1 if match else self.column + 1
            self.cell = None
            if self.column < self.max_col:
                self.cell = (self.column, attrib.get("t", "n"), attrib.get("s"))
                self.formula = False
                self.begin()
        elif tag == ROW:
            self.line = int(attrib.get("r") or self.line + 1)
            if self.line > self.max_line:
                raise self.too_many()
            self.row = Row(self.line, [])
            self.column, self.count = -1, 0
        elif self.cell is None:
            return
        elif tag == V or (tag == T and not self.phonetic):
            self.on = True
        elif tag == F:
            self.formula = True
        elif tag == RPH:
            self.phonetic = True

    def end(self, tag: str) -> None:
        if tag == C:
            if self.cell is not None and self.row is not None:
                self._store(self.row, *self.cell)
            self.cell = None
        elif tag in (V, T):
            self.on = False
        elif tag == RPH:
            self.phonetic = False
        elif tag == ROW and self.row is not None:
            if self.row.values:
                self.rows.append(self.row)
                if self.header is not None:  # a sheet that is not ours stops here
                    self.book.resolve_strings([self.row])
                    if self.header(self.row):
                        self.header = None
                elif self.each is not None:
                    self.each(self.row)
            self.row = None

    def _store(self, row: Row, column: int, kind: str, style: str | None) -> None:
        value = self.book.value(kind, style, "".join(self.parts) if self.parts else None)
        if kind == "s" and value is not None:
            row.shared.append(column)
        if self.formula:
            row.formulas += (column,)
        values = row.values
        if column == len(values):
            values.append(value)
        else:
            if column > len(values):
                values.extend([None] * (column + 1 - len(values)))
            values[column] = value

# -- the workbook ----------------------------------------------------------------------------
@dataclass
class Row:
    """A row as read: its line, values by column (index 0 is column A) and formula columns."""

    line: int
    values: list[Any]
    formulas: tuple[int, ...] = ()  # 0-based columns that hold a formula
    shared: list[int] = field(default_factory=list)  # columns still holding a string index


def is_formula(row: Row, column: int) -> bool:
    """A formula is a cell Excel computes; a text that starts with "=" is just text."""
    return column in row.formulas


class Workbook:
    """The sheets of a checked archive; ``rows(name, ...)`` reads one of them."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = set(archive.namelist())
        path = next((t for kind, t, _id in self._relationships("_rels/.rels", "")
                     if kind.endswith("/officeDocument")), "xl/workbook.xml")
        rels = {rid: (kind, target) for kind, target, rid in
                self._relationships(_rels_of(path), posixpath.dirname(path))}
        items = _Items(f"{MAIN}sheet", f"{MAIN}workbookPr", limit=MAX_PARTS)
        _feed(archive, path, items)
        self.date1904 = False
        self.sheets: dict[str, str] = {}
        for tag, attrib, _parent in items.items:
            if tag == f"{MAIN}workbookPr":
                self.date1904 = attrib.get("date1904") in ("1", "true")
            elif attrib.get(f"{DOC_RELS}id") in rels:
                self.sheets[attrib.get("name", "")] = rels[attrib[f"{DOC_RELS}id"]][1]
        by_kind = {kind.rsplit("/", 1)[-1]: target for kind, target in rels.values()}
        self.strings_path = by_kind.get("sharedStrings")
        self.date_styles = self._date_styles(by_kind.get("styles"))

    @property
    def sheetnames(self) -> list[str]:
        return list(self.sheets)

    def _relationships(self, path: str, base: str) -> list[tuple[str, str, str]]:
        if path not in self.names:
            return []
        items = _Items(f"{PACKAGE_RELS}Relationship")
        _feed(self.archive, path, items)
        found = []
        for _tag, attrib, _parent in items.items:
            target = attrib.get("Target", "")
            target = target[1:] if target.startswith("/") else posixpath.normpath(
                posixpath.join(base, target))
            found.append((attrib.get("Type", ""), target, attrib.get("Id", "")))
        return found

    def _date_styles(self, path: str | None) -> list[bool]:
        """Per cell style: does its number format show a date?"""
        if path is None or path not in self.names:
            return []
        items = _Items(f"{MAIN}numFmt", f"{MAIN}xf")
        _feed(self.archive, path, items)
        formats: dict[int, str] = dict(BUILTIN_FORMATS)
        for tag, attrib, _parent in items.items:
            if tag == f"{MAIN}numFmt":
                formats[int(attrib.get("numFmtId", "0"))] = attrib.get("formatCode", "")
        return [is_date_format(formats.get(int(attrib.get("numFmtId", "0")), ""))
                for tag, attrib, parent in items.items
                if tag == f"{MAIN}xf" and parent == f"{MAIN}cellXfs"]

    def rows(self, name: str, *, max_col: int, max_line: int,
             too_many: Callable[[], ImportFileError],
             header: Callable[[Row], bool] | None = None,
             each: Callable[[Row], None] | None = None) -> list[Row]:
        """The sheet's non-empty rows, values up to column ``max_col`` (the cells beyond are
        counted, never kept). A row beyond line ``max_line`` raises ``too_many()``. ``header``
        sees each row as soon as it is read until it returns True (the header found), ``each``
        every row after it (shared strings still as their index); both may raise before the
        rest of the sheet is parsed."""
        sheet = _Sheet(self, max_col, max_line, too_many, header, each)
        _feed(self.archive, self.sheets[name], sheet)
        self.resolve_strings(sheet.rows)
        return sheet.rows

    def value(self, kind: str, style: str | None, text: str | None) -> Any:
        """A cell's value from its type, style and text (dates by their number format)."""
        if kind == "inlineStr":
            return text or ""
        if text is None:
            return None
        if kind == "s":
            return int(text)
        if kind in ("str", "e"):
            return text
        if kind == "b":
            return text.strip() in ("1", "true")
        if kind == "d":
            return from_ISO8601(text)
        number: float = float(text) if "." in text or "e" in text or "E" in text else int(text)
        index = int(style or 0)
        if index < len(self.date_styles) and self.date_styles[index]:
            calendar = CALENDAR_MAC_1904 if self.date1904 else CALENDAR_WINDOWS_1900
            return from_excel(number, calendar)
        return number

    def resolve_strings(self, rows: list[Row]) -> None:
        """Shared strings, keeping only those the rows use (a string nobody reads costs none)."""
        wanted = {row.values[c] for row in rows for c in row.shared}
        if not wanted:
            return
        if self.strings_path is None:
            raise unreadable(_("shared strings missing"))
        strings = _SharedStrings(wanted)
        with contextlib.suppress(_Enough):
            _feed(self.archive, self.strings_path, strings)
        for row in rows:
            for c in row.shared:
                row.values[c] = strings.strings.get(row.values[c], "")
            row.shared = []


def open_workbook(data: bytes) -> Workbook:
    """Check the archive and read its list of sheets; raises ImportFileError."""
    return Workbook(check_archive(data))


def _rels_of(path: str) -> str:
    return posixpath.join(posixpath.dirname(path), "_rels", posixpath.basename(path) + ".rels")


# -- the upload form and the preview in the session -------------------------------------------
class SpreadsheetUploadForm(forms.Form):
    """One file, refused above ``max_bytes`` before anything reads it."""

    max_bytes = 2 * 1024 * 1024
    file = forms.FileField()

    def size_limit(self) -> int:
        return self.max_bytes

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        limit = self.size_limit()
        if upload.size > limit:
            raise forms.ValidationError(
                gettext_lazy("The file is larger than %(size)s MB."),
                params={"size": limit // (1024 * 1024)},
            )
        return upload


def preview_key(kind: str, scope: int) -> str:
    """The session key of an import's preview (``kind``: "members" or "season")."""
    return f"import:{kind}:{scope}"


def preview_store(session: Any, key: str, payload: dict[str, Any]) -> str:
    """Keep a checked file in the session until it is confirmed; returns the token."""
    token = uuid.uuid4().hex
    session[key] = {"token": token, **payload}
    return token


def preview_take(session: Any, key: str, token: str | None) -> dict[str, Any] | None:
    """The stored preview if the token matches (it is used up), else None."""
    stored = session.get(key)
    if not stored or stored.get("token") != token:
        return None
    del session[key]
    return dict(stored)
