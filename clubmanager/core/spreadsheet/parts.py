"""The XML parts of an .xlsx, streamed to expat in chunks with handlers of our own: no element
tree, a DTD or an entity raises defusedxml's errors, and no single token is longer than
``MAX_TOKEN`` (limits in docs/security.md "Upload limits"). The cells are read by ``cells.py``.
"""

from __future__ import annotations

import codecs
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any
from xml.parsers import expat

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from django.utils.translation import gettext as _

from .limits import (
    CHUNK,
    MAX_ITEMS,
    MAX_TOKEN,
    forbidden_xml,
    too_long_token,
    too_many_parts,
    unreadable,
)

# Names as expat reports them with namespace processing: "namespace}local".
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships}"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _refuse_dtd(name: str, system_id: str | None, public_id: str | None, *_args: Any) -> None:
    raise DTDForbidden(name, system_id, public_id)


def _refuse_entity(name: str, *args: Any) -> None:
    raise EntitiesForbidden(name, None, None, None, None, None)


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
