"""Spreadsheet uploads: the one way in for the member import and the season import.

An uploaded .xlsx is a zip archive of XML parts, and both can be made to blow up: a 177 KB file
can hold a row of six million cells, a shared string of a hundred megabytes, ten thousand sheets,
or XML that declares entities. So ``open_workbook`` checks the archive before any part is parsed:
the number of parts, their summed uncompressed size and the compression ratio of each (the sizes
zipfile will ever hand out, so a lying header only ends in a CRC error), then the raw bytes (XML
tags counted, a DTD refused, no single XML token longer than 1 MB; a UTF-16 part is read as
UTF-8, for these checks and the parser alike). Each part is then streamed
through expat with handlers of our own (``clubmanager.xlsx_parts``; a DTD or an entity raises
defusedxml's errors; the token limit checked again on every chunk before expat sees it): no
element tree, only the columns asked for are kept, shared strings only when a kept cell uses
them. Memory stays flat however a part is built, and the parse time is bounded by the tag count
and the token limit (expat scans an unfinished token again with each chunk).

Also here: the formula check (a cell with a formula, never a text that merely starts with "="),
the error class, the size-limited upload form and the session key of a preview.
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import uuid
import zipfile
import zlib
from collections.abc import Callable
from typing import Any

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

from .xlsx_parts import (
    CHUNK,
    DOC_RELS,
    MAIN,
    PACKAGE_RELS,
    Enough,
    ImportFileError,
    Items,
    Row,
    SharedStrings,
    Sheet,
    TokenBound,
    feed,
    forbidden_xml,
    is_formula,
    too_many_parts,
    unreadable,
    utf8_chunks,
)

__all__ = [
    "MAX_PARTS", "MAX_RATIO", "MAX_TAGS", "MAX_UNCOMPRESSED", "ImportFileError", "Row",
    "SpreadsheetUploadForm", "Workbook", "check_archive", "is_formula", "open_workbook",
    "preview_key", "preview_store", "preview_take",
]

#: Limits of the archive, chosen from a 40-evening season workbook with a margin (README,
#: "Upload limits"): parts, summed uncompressed size, ratio of a part, tags.
MAX_PARTS = 500
MAX_UNCOMPRESSED = 64 * 1024 * 1024
MAX_RATIO = 40
RATIO_FROM = 1024 * 1024  # smaller parts may compress better: they are harmless anyway
#: XML tags ("<") in the whole archive, counted before parsing: parse time follows from it.
MAX_TAGS = 4_000_000
#: The parts an .xlsx holds as XML, by the end of their name.
XML_NAMES = (".xml", ".rels", ".vml")

def _megabytes(size: int) -> str:
    return number_format(size / (1024 * 1024), decimal_pos=0, force_grouping=True)


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
    # A part named as XML is held to the token limit here already, so that a huge token is
    # refused before the rest of the archive is unpacked (``feed`` checks what it parses too).
    xml = part.filename.endswith(XML_NAMES)
    bound = TokenBound(part.filename) if xml else None
    try:
        with archive.open(part) as stream:
            for chunk in utf8_chunks(stream)[1] if xml else iter(lambda: stream.read(CHUNK), b""):
                tags += chunk.count(b"<")
                window = tail + chunk
                if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                    raise forbidden_xml(part.filename[:80])
                tail = chunk[-8:]
                if bound is not None:
                    bound.check(chunk)
            if bound is not None:
                bound.check(b"", final=True)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
            ValueError) as exc:
        raise unreadable(type(exc).__name__) from exc
    return tags


# -- the workbook ----------------------------------------------------------------------------
class Workbook:
    """The sheets of a checked archive; ``rows(name, ...)`` reads one of them."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = set(archive.namelist())
        path = next((t for kind, t, _id in self._relationships("_rels/.rels", "")
                     if kind.endswith("/officeDocument")), "xl/workbook.xml")
        rels = {rid: (kind, target) for kind, target, rid in
                self._relationships(_rels_of(path), posixpath.dirname(path))}
        items = Items(f"{MAIN}sheet", f"{MAIN}workbookPr", limit=MAX_PARTS)
        feed(archive, path, items)
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
        items = Items(f"{PACKAGE_RELS}Relationship")
        feed(self.archive, path, items)
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
        items = Items(f"{MAIN}numFmt", f"{MAIN}xf")
        feed(self.archive, path, items)
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
        sheet = Sheet(self, max_col, max_line, too_many, header, each)
        feed(self.archive, self.sheets[name], sheet)
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
        strings = SharedStrings(wanted)
        with contextlib.suppress(Enough):
            feed(self.archive, self.strings_path, strings)
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
