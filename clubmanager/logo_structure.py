"""What decoding a picture will cost, counted from its structure before a pixel is decoded.

Plain Python, no Pillow: the markers and chunks are walked the way the decoders walk them, and
only counted (``clubmanager/logo.py`` holds the counts to its limits):

- **JPEG**: the segments up to the end-of-image marker, the frame headers (SOF) and the
  start-of-scan markers (SOS). A progressive JPEG (SOF2) is decoded scan by scan, and every scan
  walks every block of its components, however few bytes it holds: a 2 MB file of 66,000 tiny
  scans made the decoder walk 250,000 blocks 66,000 times. Between segments, junk bytes are
  skipped to the next marker as libjpeg skips them; inside a scan's data a stuffed ``FF 00``
  and a restart marker belong to the scan.
- **PNG**: the chunks up to IEND (Pillow reads each one in Python), the animation frames
  (fcTL; only the first picture is decoded) and whether it is interlaced.
- **WebP**: the chunks of the RIFF container; an animation's frames (ANMF) are chunks.

Each walk stops once it has counted more than ``limit`` parts: 2 MB of empty segments would
otherwise be half a million steps of Python (0.3 s) before anything is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Structure:
    #: JPEG segments (markers), PNG or WebP chunks.
    parts: int
    #: JPEG: start-of-scan markers.
    scans: int = 0
    #: JPEG: the frame headers' markers (0xC0 baseline, 0xC2 progressive, ...) in order.
    frames: tuple[int, ...] = ()
    #: PNG, WebP: animation frames.
    animation_frames: int = 0
    interlaced: bool = False

    @property
    def progressive(self) -> bool:
        return 0xC2 in self.frames


#: The next marker, as libjpeg finds it: any bytes up to an FF, fill FFs, then a byte that is
#: neither 00 (a stuffed FF in entropy-coded data) nor FF.
_MARKER = re.compile(rb"\xff[^\x00\xff]")
#: The end of a scan's entropy-coded data: a marker that is not a restart marker (RST0-7).
_SCAN_END = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")
#: Markers without a length: TEM and RST0-7 (SOI and EOI are handled apart).
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})
#: Frame headers: 0xC0-0xCF but DHT (C4), JPG (C8) and DAC (CC).
_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_SOS, _EOI = 0xDA, 0xD9


def jpeg_structure(data: bytes, limit: int) -> Structure:
    """Segments, frames and scans of a JPEG (``data`` starts with SOI), up to EOI, to where
    the file stops making sense (the decoder then refuses it) or to more than ``limit``
    segments."""
    parts = scans = 0
    frames: list[int] = []
    position = 2
    while parts <= limit and (found := _MARKER.search(data, position)) is not None:
        marker, position = data[found.end() - 1], found.end()
        if marker == _EOI:
            break
        parts += 1
        if marker in _STANDALONE or marker == 0xD8:
            continue
        length = int.from_bytes(data[position:position + 2], "big")
        if length < 2:
            break
        position += length
        if marker in _FRAMES:
            frames.append(marker)
        elif marker == _SOS:
            scans += 1
            if (end := _SCAN_END.search(data, position)) is None:
                break
            position = end.start()
    return Structure(parts=parts, scans=scans, frames=tuple(frames))


def png_structure(data: bytes, limit: int) -> Structure:
    """Chunks of a PNG up to IEND (or more than ``limit``), its animation frames, and whether
    it is interlaced."""
    parts = frames = 0
    interlaced = False
    position = 8
    while parts <= limit and position + 8 <= len(data):
        length = int.from_bytes(data[position:position + 4], "big")
        kind = data[position + 4:position + 8]
        parts += 1
        if kind == b"IHDR" and length >= 13:
            interlaced = data[position + 8 + 12:position + 8 + 13] == b"\x01"
        elif kind == b"fcTL":
            frames += 1
        elif kind == b"IEND":
            break
        position += 12 + length
    return Structure(parts=parts, animation_frames=frames, interlaced=interlaced)


def webp_structure(data: bytes, limit: int) -> Structure:
    """Chunks of a WebP's RIFF container (as far as its declared size, or more than
    ``limit``), and its frames."""
    end = min(len(data), 8 + int.from_bytes(data[4:8], "little"))
    parts = frames = 0
    position = 12
    while parts <= limit and position + 8 <= end:
        size = int.from_bytes(data[position + 4:position + 8], "little")
        parts += 1
        if data[position:position + 4] == b"ANMF":
            frames += 1
        position += 8 + size + (size & 1)
    return Structure(parts=parts, animation_frames=frames)


STRUCTURE = {"JPEG": jpeg_structure, "PNG": png_structure, "WEBP": webp_structure}
