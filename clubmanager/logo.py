"""A club's logo: an uploaded picture checked before anything decodes it, then re-encoded.

Like the spreadsheets (``clubmanager/spreadsheet/``), an upload is held to limits before it is
parsed (docs/security.md, "The club logo"):

1. at most ``MAX_BYTES`` (the form refuses a larger file before reading it; read here again);
2. PNG, JPEG or WebP by its first bytes, whatever its name or the browser's content type says:
   an SVG (a script may hide in it), a text file named ``.png`` or anything else is refused;
3. the size the header declares at most ``MAX_SIDE`` pixels a side and ``MAX_PIXELS`` in all,
   read before a single pixel is decoded (a 1 KB PNG can declare 100,000 × 100,000 pixels: a
   decompression bomb); Pillow's own bomb check is an error here, never a warning;
4. decoded (the first frame of an animation; a JPEG at a reduced scale), scaled to at most
   ``KEEP_SIDE`` pixels a side, turned upright by its EXIF orientation and copied pixel by
   pixel into a new picture, which is written as PNG: no EXIF (camera, place, date), no ICC
   profile, no text chunks survive.

What is stored is that PNG and its digest, never the uploaded file or its name.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from typing import IO

from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 2 * 1024 * 1024
MAX_SIDE = 5000
MAX_PIXELS = 16_000_000
#: The largest side kept: sharp on the TV's header and on a printed page.
KEEP_SIDE = 512
FORMATS = ("PNG", "JPEG", "WEBP")


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


def _read(upload: IO[bytes]) -> bytes:
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LogoError(_("The logo is larger than %(size)s MB.")
                        % {"size": MAX_BYTES // (1024 * 1024)})
    return data


def _open(data: bytes) -> Image.Image:
    kind = _kind(data[:16])
    if kind is None:
        raise _refused()
    try:
        picture = Image.open(io.BytesIO(data), formats=[kind])
    except Image.DecompressionBombError as exc:  # Pillow's own limit, far above ours
        raise _too_large() from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise _refused() from exc
    width, height = picture.size
    if width < 1 or height < 1:
        raise _refused()
    if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
        raise _too_large(width, height)
    return picture


def _clean_copy(picture: Image.Image) -> Image.Image:
    """Scaled, upright, and a new picture holding only the pixels. Scaled first: every later
    copy is of the small picture (the largest PNG allowed then needs about 64 MB, not 128)."""
    has_alpha = picture.mode in ("RGBA", "LA", "PA") or (
        picture.mode == "P" and "transparency" in picture.info)
    mode = "RGBA" if has_alpha else "RGB"
    if picture.mode != mode:  # a palette or grey picture: scaled in colour, not by nearest
        picture = picture.convert(mode)
    picture.thumbnail((KEEP_SIDE, KEEP_SIDE), Image.Resampling.LANCZOS)
    picture = ImageOps.exif_transpose(picture)
    clean = Image.new(mode, picture.size)
    clean.paste(picture)
    return clean


def logo_from_upload(upload: IO[bytes]) -> Logo:
    """The upload as the PNG we keep, or ``LogoError`` saying why not."""
    data = _read(upload)
    picture = _open(data)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture.seek(0)
            if picture.format == "JPEG":  # decoded at a reduced scale: less memory, same logo
                picture.draft("RGB", (KEEP_SIDE * 2, KEEP_SIDE * 2))
            picture.load()
            clean = _clean_copy(picture)
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as exc:
        raise _refused() from exc
    out = io.BytesIO()
    clean.save(out, format="PNG", optimize=True)
    return Logo(png=out.getvalue(), width=clean.width, height=clean.height)
