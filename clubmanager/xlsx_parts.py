"""The XML parts of an .xlsx, streamed: the reading half of ``clubmanager.spreadsheets``.

Each part is fed in chunks to expat with handlers of our own, as defusedxml's parsers do but
without an element tree in between: nothing is built, text is kept only where it is read, cells
beyond the columns asked for are counted and dropped, and a DTD or an entity declaration raises
defusedxml's own errors. The imports use ``clubmanager.spreadsheets``, not this module.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from django.utils.formats import number_format
from django.utils.translation import gettext as _

#: Excel's own limit on the text of one cell.
MAX_CELL_CHARS = 32_767
#: Excel's own limit on the cells of one row (columns A to XFD).
MAX_ROW_CELLS = 16_384
#: Entries of a workbook's list of sheets, relationships or styles (Excel: 64,000 styles).
MAX_ITEMS = 100_000
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


def _refuse_dtd(name: str, system_id: str | None, public_id: str | None, *_args: Any) -> None:
    raise DTDForbidden(name, system_id, public_id)


def _refuse_entity(name: str, *args: Any) -> None:
    raise EntitiesForbidden(name, None, None, None, None, None)


def feed(archive: zipfile.ZipFile, path: str, target: Any) -> None:
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


class Items:
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


class Enough(Exception):
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


class SharedStrings(_Text):
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
                raise Enough
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


class Sheet(_Text):
    """Target: the rows of a sheet, cells up to ``max_col`` only (the rest is counted, not
    kept), shared strings left as their index for ``Workbook.resolve_strings`` (the ``book``)."""

    def __init__(self, book: Any, max_col: int, max_line: int,
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
