"""The sheets of a checked archive, read as rows of values: what the member and season imports
call (``open_workbook``). Dates by their number format, shared strings only when a kept cell
uses them (docs/security.md "Upload limits").
"""

from __future__ import annotations

import contextlib
import posixpath
import zipfile
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format
from openpyxl.utils.datetime import (
    CALENDAR_MAC_1904,
    CALENDAR_WINDOWS_1900,
    from_excel,
    from_ISO8601,
)

from .archive import check_archive
from .cells import Row, SharedStrings, Sheet
from .limits import MAX_PARTS, ImportFileError, unreadable
from .parts import DOC_RELS, MAIN, PACKAGE_RELS, Enough, Items, feed


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
