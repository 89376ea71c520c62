"""A club's logo: an uploaded picture checked before anything decodes it, then re-encoded.

Like the spreadsheets (``clubmanager/core/spreadsheet/``), an upload is held to limits before it is
parsed (docs/security.md, "The club logo"):

1. at most ``MAX_BYTES`` (the form refuses a larger file before reading it; read here again);
2. PNG, JPEG or WebP by its first bytes, whatever its name or the browser's content type says:
   an SVG (a script may hide in it), a text file named ``.png`` or anything else is refused;
3. what decoding will cost, counted from the file's structure (``logo_structure.py``): at
   most ``MAX_PARTS`` segments or chunks; a JPEG has one frame, baseline, extended or
   progressive (what browsers show), of at most ``MAX_SCANS`` scans;
4. decoded in a process of its own (``logo_decode.py``) whose CPU time and memory are capped
   and which is stopped after ``WALL_SECONDS``: the size the header declares at most
   ``MAX_SIDE`` pixels a side and ``MAX_PIXELS`` in all, read before a single pixel is decoded
   (a 1 KB PNG can declare 100,000 × 100,000 pixels: a decompression bomb); then the first
   frame (a JPEG at a reduced scale), scaled to at most ``KEEP_SIDE`` pixels a side, turned
   upright by its EXIF orientation and copied pixel by pixel into a new picture, written as
   PNG: no EXIF (camera, place, date), no ICC profile, no text chunks survive.

What is stored is that PNG and its digest, never the uploaded file or its name.
"""

from __future__ import annotations

import hashlib
import logging
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from django.utils.translation import gettext as _

from .logo_decode import KEEP_SIDE, MAX_PIXELS, MAX_SIDE
from .logo_structure import STRUCTURE, Structure

__all__ = ["KEEP_SIDE", "MAX_BYTES", "MAX_PARTS", "MAX_PIXELS", "MAX_SCANS", "MAX_SIDE",
           "Decoded", "Logo", "LogoError", "checked", "decode", "logo_from_upload"]

logger = logging.getLogger(__name__)

MAX_BYTES = 2 * 1024 * 1024
#: Segments (JPEG) or chunks (PNG, WebP, an animation's frames included): real files have
#: tens to a few hundred; 5,000 are read in about 0.03 s.
MAX_PARTS = 5000
#: A progressive JPEG's scans: libjpeg and Pillow write 10, other encoders about as many.
MAX_SCANS = 100
#: The decoding process's caps: CPU seconds, memory (address space) and wall-clock seconds,
#: well under gunicorn's 30 s worker timeout. The dearest picture accepted takes 0.7 s of CPU,
#: the largest 290 MB of address space (docs/security.md, ``make bench``).
CPU_SECONDS = 5
MEMORY_BYTES = 768 * 1024 * 1024
WALL_SECONDS = 15
#: The JPEG frames decoded: baseline, extended, progressive (not lossless, arithmetic-coded or
#: hierarchical, which browsers do not show either).
JPEG_FRAMES = frozenset({0xC0, 0xC1, 0xC2})
_DECODER = Path(__file__).with_name("logo_decode.py")


class LogoError(ValueError):
    """The upload is not a logo we keep; ``str(exc)`` is the sentence for the user."""


@dataclass(frozen=True)
class Logo:
    png: bytes
    width: int
    height: int

    @property
    def version(self) -> str:
        return hashlib.sha256(self.png).hexdigest()[:16]


@dataclass(frozen=True)
class Decoded:
    """What the decoding process made, and what it cost it (for ``make bench``)."""

    logo: Logo
    cpu_seconds: float
    peak_rss_kib: int


def _kind(head: bytes) -> str | None:
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return None


def _refused() -> LogoError:
    return LogoError(_("This file is not a picture we can use as a logo. Choose a PNG, JPEG or "
                       "WebP picture (a photo or a drawing saved as a picture; not SVG)."))


def _too_large(width: int = 0, height: int = 0) -> LogoError:
    limit = _("The logo may be at most %(side)s pixels wide and high.") % {"side": MAX_SIDE}
    size = (_("This one is %(width)s by %(height)s.") % {"width": width, "height": height}
            if width else "")
    return LogoError(" ".join(filter(None, [limit, size, _("Make it smaller and try again.")])))


def _save_again() -> str:
    return _("Open it in a photo or drawing program, save it again as an ordinary PNG or JPEG, "
             "and upload that.")


def _costly() -> LogoError:
    return LogoError(" ".join([_("Reading this picture takes too much time or memory."),
                               _save_again()]))


def _check_structure(kind: str, structure: Structure) -> None:
    """Refuse what would cost too much to decode, before anything decodes it."""
    if kind == "JPEG" and structure.scans > MAX_SCANS:
        raise LogoError(" ".join([
            _("A logo may be built up in at most %(limit)s passes (a progressive JPEG); "
              "this one takes more.") % {"limit": MAX_SCANS}, _save_again()]))
    if structure.parts > MAX_PARTS:  # the walk stopped there
        raise LogoError(" ".join([
            _("A logo may be made of at most %(limit)s parts; this picture has more.")
            % {"limit": MAX_PARTS}, _save_again()]))
    if kind == "JPEG" and (len(structure.frames) != 1
                           or structure.frames[0] not in JPEG_FRAMES):
        raise _refused()


def _run_decoder(data: bytes, kind: str) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-I", str(_DECODER), kind, str(CPU_SECONDS), str(MEMORY_BYTES)]
    try:
        return subprocess.run(command, input=data, capture_output=True, timeout=WALL_SECONDS,
                              env={}, check=False)
    except subprocess.TimeoutExpired as exc:  # run() has killed it
        raise _costly() from exc


def decode(data: bytes, kind: str) -> Decoded:
    """``data`` (of ``kind``, its structure checked) decoded and re-encoded by the capped
    process, or ``LogoError``."""
    done = _run_decoder(data, kind)
    if done.returncode < 0:  # stopped by a signal: the CPU limit, or the decoder crashed
        logger.warning("Logo decoder stopped by signal %s", -done.returncode)
        raise _costly()
    head, _newline, png = done.stdout.partition(b"\n")
    words = head.decode("ascii", "replace").split()
    if done.returncode != 0 or not words:
        logger.error("Logo decoder failed (exit %s): %s", done.returncode,
                     done.stderr.decode("utf-8", "replace")[-2000:])
        raise RuntimeError("The logo decoder failed")
    if words[0] == "large":
        raise _too_large(int(words[1]), int(words[2]))
    if words[0] == "costly":
        raise _costly()
    if words[0] != "ok":
        raise _refused()
    logo = Logo(png=png, width=int(words[1]), height=int(words[2]))
    return Decoded(logo=logo, cpu_seconds=float(words[3]), peak_rss_kib=int(words[4]))


def checked(data: bytes) -> str:
    """The kind of ``data`` (PNG, JPEG or WEBP) once its size and structure passed the
    limits, or ``LogoError``."""
    if len(data) > MAX_BYTES:
        raise LogoError(_("The logo is larger than %(size)s MB.")
                        % {"size": MAX_BYTES // (1024 * 1024)})
    kind = _kind(data[:16])
    if kind is None:
        raise _refused()
    _check_structure(kind, STRUCTURE[kind](data, MAX_PARTS))
    return kind


def logo_from_upload(upload: IO[bytes]) -> Logo:
    """The upload as the PNG we keep, or ``LogoError`` saying why not."""
    data = upload.read(MAX_BYTES + 1)
    return decode(data, checked(data)).logo
