"""The archive checked before any part is parsed: its table of contents (parts, summed size,
ratio of each part) and its raw bytes (tags counted, a DTD refused, the token limit), so a
decompression bomb is refused unread (docs/security.md "Upload limits").
"""

from __future__ import annotations

import io
import zipfile
import zlib

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .limits import (
    CHUNK,
    MAX_PARTS,
    MAX_RATIO,
    MAX_TAGS,
    MAX_UNCOMPRESSED,
    RATIO_FROM,
    XML_NAMES,
    ImportFileError,
    forbidden_xml,
    too_many_parts,
    unreadable,
)
from .parts import TokenBound, utf8_chunks


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
