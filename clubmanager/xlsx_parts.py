"""The XML parts of an .xlsx, streamed to expat in chunks with handlers of our own (no element
tree; a DTD or an entity raises defusedxml's errors); limits in docs/security.md. The imports use
``clubmanager.spreadsheets``, not this module.
"""

from __future__ import annotations

import codecs
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
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
#: The longest single XML token (tag with attributes, text, comment, PI, CDATA). Excel's longest
#: is a cell of 32,767 escaped characters (197 KB); expat rescans an unfinished token per chunk.
MAX_TOKEN = 1024 * 1024

# Names as expat reports them with namespace processing: "namespace}local".
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships}"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
C, F, ROW, RPH, SI, T, V = (f"{MAIN}{tag}" for tag in ("c", "f", "row", "rPh", "si", "t", "v"))
_COORDINATE = re.compile(r"([A-Z]{1,3})(\d+)$")
#: LibreOffice saves a true/false cell as one of these formulas, its value cached: the only
#: formulas read as the value they hold (a boolean cell whose cached value agrees).
CONSTANT_FORMULAS = {"TRUE()": True, "FALSE()": False}
_LONGEST_CONSTANT = max(map(len, CONSTANT_FORMULAS))


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


def too_long_token(part: str) -> ImportFileError:
    return ImportFileError(
        _("The part “%(part)s” of this Excel file holds one piece of XML (a tag, a text or a "
          "comment) of more than %(limit)s MB; Excel never writes one that long (a cell holds at "
          "most %(cell)s characters). The file is refused.")
        % {"part": part[:80], "limit": MAX_TOKEN // (1024 * 1024),
           "cell": number_format(MAX_CELL_CHARS, force_grouping=True)}
    )


#: What ends a token that may hold a "<": comment, CDATA section, processing instruction.
_SPECIAL = ((b"<!--", b"-->"), (b"<![CDATA[", b"]]>"), (b"<?", b"?>"))
_HOLD = max(len(opener) for opener, _closer in _SPECIAL)


class TokenBound:
    """Refuses a part as soon as one XML token in it is longer than ``limit`` bytes, seeing each
    chunk before the parser does. No tokenizing byte by byte: in XML a "<" ends every token but
    a comment, a CDATA section and a processing instruction (an attribute value or a text may not
    hold one), so outside those it is enough that no two "<" lie more than ``limit`` apart. The
    three are found by their openers (rare) and measured to their closers. Chunks are searched
    in C (``bytes.find``), a few times each; the last few bytes wait for the next chunk so that
    an opener is never cut in two."""

    def __init__(self, part: str, limit: int = MAX_TOKEN) -> None:
        self.part, self.limit = part, limit
        self.held = b""
        self.offset = 0  # the stream position of ``held``'s first byte
        self.boundary = 0  # the stream position of the last "<" (or of a token's end)
        self.closer: bytes | None = None  # inside a comment, CDATA or PI: what ends it
        self.start = 0  # where that token began

    def check(self, chunk: bytes, final: bool = False) -> None:
        data = self.held + chunk
        stop = len(data) if final else max(len(data) - _HOLD, 0)
        pos = 0
        while pos < stop:
            pos = self._special(data, pos, stop) if self.closer else self._plain(data, pos, stop)
        if final and self.closer:  # never closed: as long as the rest of the part
            self._too_long(self.offset + len(data) - self.start)
        done = max(pos, stop)
        self.held = data[done:]
        self.offset += done

    def _too_long(self, length: int) -> None:
        if length > self.limit:
            raise too_long_token(self.part)

    def _plain(self, data: bytes, pos: int, stop: int) -> int:
        """Outside a comment, CDATA or PI: the gaps between "<" up to the next opener. At most
        ``limit`` bytes at a time, so that a gap between two "<" found here cannot be longer."""
        stop = min(stop, pos + self.limit)
        openers = [i for i in (data.find(b"<!", pos, stop + 1), data.find(b"<?", pos, stop + 1))
                   if i != -1]
        end = min(openers) if openers else stop
        first = data.find(b"<", pos, end)
        if first != -1:
            self._too_long(self.offset + first - self.boundary)
            self.boundary = self.offset + data.rfind(b"<", pos, end)
        self._too_long(self.offset + end - self.boundary)
        if not openers:
            return stop
        for opener, closer in _SPECIAL:
            if data.startswith(opener, end):
                self.closer, self.start = closer, self.offset + end
                return end + len(opener)
        self.boundary = self.offset + end  # "<!DOCTYPE" and the like: refused by the parser
        return end + 1

    def _special(self, data: bytes, pos: int, stop: int) -> int:
        """Inside a comment, CDATA or PI: its length up to its closer."""
        assert self.closer is not None
        found = data.find(self.closer, pos, stop + len(self.closer) - 1)
        if found == -1:
            self._too_long(self.offset + stop - self.start)
            return stop
        end = found + len(self.closer)
        self._too_long(self.offset + end - self.start)
        self.closer, self.boundary = None, self.offset + end
        return end


_UTF16 = {b"\xff\xfe": "utf-16", b"\xfe\xff": "utf-16", b"<\x00": "utf-16-le",
          b"\x00<": "utf-16-be"}


def utf8_chunks(stream: Any) -> tuple[bool, Iterator[bytes]]:
    """The part's bytes in chunks, as UTF-8: a UTF-16 part (its byte order mark, or its first
    "<") is transcoded, so that the checks on the bytes see the "<" the parser sees. The flag
    says whether it was."""
    first = stream.read(CHUNK)
    codec = _UTF16.get(first[:2])

    def plain() -> Iterator[bytes]:
        yield first
        while chunk := stream.read(CHUNK):
            yield chunk

    def transcoded(codec: str) -> Iterator[bytes]:
        decoder = codecs.getincrementaldecoder(codec)("strict")
        chunk = first
        while chunk:
            yield decoder.decode(chunk).encode("utf-8")
            chunk = stream.read(CHUNK)
        yield decoder.decode(b"", True).encode("utf-8")

    return (False, plain()) if codec is None else (True, transcoded(codec))


def feed(archive: zipfile.ZipFile, path: str, target: Any) -> None:
    try:
        with archive.open(path) as stream:
            transcoded, chunks = utf8_chunks(stream)
            _parse(path, chunks, target, "UTF-8" if transcoded else None)
    except KeyError as exc:
        raise unreadable(_("part %(part)s missing") % {"part": path[:80]}) from exc
    except DefusedXmlException as exc:
        raise forbidden_xml(path[:80]) from exc
    except (expat.ExpatError, zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError,
            RuntimeError, ValueError, OverflowError) as exc:
        raise unreadable(type(exc).__name__) from exc


def _parse(path: str, chunks: Iterator[bytes], target: Any, encoding: str | None) -> None:
    """Each chunk measured (``TokenBound``), then parsed; ``encoding`` overrides the part's
    declaration (a UTF-16 part arrives here as UTF-8)."""
    parser = expat.ParserCreate(encoding, namespace_separator="}")
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_entity
    parser.StartElementHandler = target.start
    parser.EndElementHandler = target.end
    parser.CharacterDataHandler = target.data
    parser.buffer_text = True
    bound = TokenBound(path)
    for chunk in chunks:
        bound.check(chunk)
        parser.Parse(chunk, False)
    bound.check(b"", final=True)
    parser.Parse(b"", True)


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
        self.in_formula = False
        self.formula_text = ""  # the formula's first characters, enough to know a constant
        self.plain_formula = True  # no shared or array formula (those are never constants)

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
            self.formula = self.in_formula = True
            self.formula_text = ""
            self.plain_formula = attrib.get("t", "normal") == "normal" and "ref" not in attrib
        elif tag == RPH:
            self.phonetic = True

    def data(self, text: str) -> None:
        if self.in_formula:
            if len(self.formula_text) <= _LONGEST_CONSTANT:
                self.formula_text += text[:_LONGEST_CONSTANT + 1]
            return
        super().data(text)

    def end(self, tag: str) -> None:
        if tag == F:
            self.in_formula = False
        elif tag == C:
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
        if self.formula and not (kind == "b" and self.plain_formula
                                 and CONSTANT_FORMULAS.get(self.formula_text) is value):
            row.formulas += (column,)
        values = row.values
        if column == len(values):
            values.append(value)
        else:
            if column > len(values):
                values.extend([None] * (column + 1 - len(values)))
            values[column] = value
