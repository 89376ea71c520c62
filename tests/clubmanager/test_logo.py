"""The club logo's checks, as an attacker would try them (clubmanager/logo.py; docs/security.md
"The club logo"): what is not a PNG, JPEG or WebP picture by its content, a declared size too
large to decode, a file too large to read, and what a picture carries besides its pixels."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Iterator

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from PIL import Image

from clubmanager.forms import LogoForm
from clubmanager.logo import KEEP_SIDE, MAX_BYTES, LogoError, logo_from_upload

NOT_A_PICTURE = "not a picture we can use"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


def picture(kind: str = "PNG", size: tuple[int, int] = (120, 60), mode: str = "RGB",
            **save: object) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, (200, 30, 30) if mode == "RGB" else (200, 30, 30, 128)).save(
        out, format=kind, **save)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_declaring(width: int, height: int) -> bytes:
    """A tiny, well-formed PNG whose header declares ``width`` × ``height`` pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" * 64)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", rows)
            + _chunk(b"IEND", b""))


def upload(data: bytes, name: str = "logo.png", content_type: str = "image/png") -> object:
    return SimpleUploadedFile(name, data, content_type=content_type)


def refused(data: bytes) -> str:
    with pytest.raises(LogoError) as exc:
        logo_from_upload(io.BytesIO(data))
    return str(exc.value)


def test_a_png_is_kept_as_a_png_of_its_own_size() -> None:
    logo = logo_from_upload(io.BytesIO(picture()))
    assert logo.png.startswith(b"\x89PNG") and (logo.width, logo.height) == (120, 60)
    assert len(logo.version) == 16


def test_a_large_picture_is_scaled_down_keeping_its_shape() -> None:
    logo = logo_from_upload(io.BytesIO(picture("JPEG", (2000, 1000))))
    assert (logo.width, logo.height) == (KEEP_SIDE, KEEP_SIDE // 2)
    assert Image.open(io.BytesIO(logo.png)).format == "PNG"


def test_webp_and_transparency_are_kept() -> None:
    logo = logo_from_upload(io.BytesIO(picture("WEBP", mode="RGBA", lossless=True)))
    kept = Image.open(io.BytesIO(logo.png))
    assert kept.format == "PNG" and kept.mode == "RGBA"
    assert kept.getpixel((5, 5))[3] == 128  # type: ignore[index]


def test_a_png_declaring_a_huge_size_is_refused_before_decoding() -> None:
    assert "at most 5000 pixels" in refused(png_declaring(100_000, 100_000))
    assert "6000 by 10" in refused(png_declaring(6000, 10))


def test_a_png_declaring_too_many_pixels_in_all_is_refused() -> None:
    assert "4500 by 4500" in refused(png_declaring(4500, 4500))


def test_a_text_file_named_png_is_refused() -> None:
    assert NOT_A_PICTURE in refused(b"hello, I am a text file pretending to be a .png\n" * 10)


def test_an_svg_is_refused_even_with_a_script_free_body() -> None:
    svg = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" '
           b'height="10"><rect width="10" height="10"/></svg>')
    assert NOT_A_PICTURE in refused(svg)


def test_a_gif_and_a_truncated_png_are_refused_not_crashed_on() -> None:
    gif = io.BytesIO()
    Image.new("RGB", (10, 10)).save(gif, format="GIF")
    assert NOT_A_PICTURE in refused(gif.getvalue())
    assert NOT_A_PICTURE in refused(picture(size=(300, 300))[:120])


def test_a_10_mb_file_is_refused_by_its_size() -> None:
    big = b"\x89PNG\r\n\x1a\n" + b"\x00" * (10 * 1024 * 1024)
    assert "larger than 2 MB" in refused(big)
    form = LogoForm(files={"file": upload(big)})
    assert not form.is_valid() and "larger than 2 MB" in str(form.errors["file"])
    assert MAX_BYTES == 2 * 1024 * 1024


def test_a_jpeg_with_exif_is_re_encoded_without_it() -> None:
    exif = Image.Exif()
    exif[0x010F] = "SecretCam Inc."  # Make
    exif[0x0110] = "Spy 3000"  # Model
    exif[0x9003] = "2026:01:02 03:04:05"  # DateTimeOriginal (in IFD0 here: kept by Pillow)
    original = picture("JPEG", (200, 100), exif=exif.tobytes())
    assert b"SecretCam" in original
    logo = logo_from_upload(io.BytesIO(original))
    assert b"SecretCam" not in logo.png and b"Spy 3000" not in logo.png
    assert b"Exif" not in logo.png and b"eXIf" not in logo.png
    kept = Image.open(io.BytesIO(logo.png))
    assert kept.format == "PNG" and not kept.getexif() and "exif" not in kept.info


def test_an_exif_rotated_photo_is_turned_upright() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to show
    logo = logo_from_upload(io.BytesIO(picture("JPEG", (200, 100), exif=exif.tobytes())))
    assert (logo.width, logo.height) == (100, 200)


def test_the_form_gives_the_re_encoded_logo_whatever_the_name() -> None:
    form = LogoForm(files={"file": upload(picture("JPEG"), name="../../etc/passwd.jpg",
                                          content_type="text/html")})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["file"].png.startswith(b"\x89PNG")
