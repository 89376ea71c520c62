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

from benchmarks import logo as benchmark
from clubmanager import logo
from clubmanager.forms import LogoForm
from clubmanager.logo import (
    KEEP_SIDE,
    MAX_BYTES,
    MAX_PARTS,
    MAX_SCANS,
    LogoError,
    checked,
    logo_from_upload,
)
from clubmanager.logo_structure import jpeg_structure, png_structure

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


# -- What decoding costs, bounded before anything decodes --------------------------------------


@pytest.fixture
def no_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the decoding process is started: the file must be refused before."""
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the picture was decoded")

    monkeypatch.setattr(logo.subprocess, "run", started)


@pytest.mark.parametrize("scans", [66_505, 5_439, MAX_SCANS + 1])
def test_a_progressive_jpeg_of_many_tiny_scans_is_refused_before_decoding(
        scans: int, no_decoding: None) -> None:
    data = benchmark.many_scans(scans)  # 5000 × 3200, grey: the file at 66,505
    assert len(data) <= MAX_BYTES
    message = refused(data)
    assert (f"may be built up in at most {MAX_SCANS} passes (a progressive JPEG); this one "
            "takes more" in message)
    assert "save it again as an ordinary PNG or JPEG" in message


def test_a_jpeg_of_scans_made_by_pillow_then_repeated_is_refused(no_decoding: None) -> None:
    """A real progressive JPEG whose last scan is written 200 times over."""
    data = picture("JPEG", (300, 200), progressive=True)
    last = data.rindex(b"\xff\xda")
    crafted = data[:last] + data[last:-2] * 200 + b"\xff\xd9"
    assert f"at most {MAX_SCANS} passes" in refused(crafted)


def test_a_jpeg_at_the_scan_limit_is_kept() -> None:
    logo = logo_from_upload(io.BytesIO(benchmark.many_scans(MAX_SCANS, 400, 300, 3)))
    assert (logo.width, logo.height) == (400, 300)


@pytest.mark.parametrize("frame", [b"\xff\xc3", b"\xff\xc9"])  # lossless, arithmetic-coded
def test_a_jpeg_of_a_kind_browsers_do_not_show_is_refused(frame: bytes,
                                                          no_decoding: None) -> None:
    data = picture("JPEG", (100, 50))
    assert NOT_A_PICTURE in refused(data.replace(b"\xff\xc0", frame, 1))


def test_a_jpeg_with_two_frames_is_refused(no_decoding: None) -> None:
    data = picture("JPEG", (100, 50))
    frame = data.index(b"\xff\xc0")
    length = int.from_bytes(data[frame + 2:frame + 4], "big")
    assert NOT_A_PICTURE in refused(data[:frame] + data[frame:frame + 2 + length] * 2
                                    + data[frame + 2 + length:])


def test_a_png_of_too_many_chunks_is_refused(no_decoding: None) -> None:
    message = refused(benchmark.png_many_chunks(MAX_PARTS + 1))
    assert f"made of at most {MAX_PARTS} parts; this picture has more" in message


def test_a_jpeg_of_half_a_million_empty_segments_is_refused_early(no_decoding: None) -> None:
    data = picture("JPEG", (100, 50))
    crafted = data[:2] + b"\xff\xfe\x00\x02" * 500_000 + data[2:]  # empty comments
    assert len(crafted) <= MAX_BYTES
    assert jpeg_structure(crafted, MAX_PARTS).parts == MAX_PARTS + 1  # the walk stopped there
    assert f"made of at most {MAX_PARTS} parts" in refused(crafted)


def test_the_walk_counts_what_the_encoder_wrote() -> None:
    """libjpeg writes a colour progressive JPEG in 10 scans, a baseline one in 1."""
    progressive = jpeg_structure(picture("JPEG", (300, 200), progressive=True), MAX_PARTS)
    assert (progressive.scans, progressive.frames, progressive.progressive) == (10, (0xC2,), True)
    baseline = jpeg_structure(picture("JPEG", (300, 200)), MAX_PARTS)
    assert (baseline.scans, baseline.frames, baseline.progressive) == (1, (0xC0,), False)
    assert png_structure(benchmark.png_16_bit_interlaced(64), MAX_PARTS).interlaced
    assert not png_structure(picture("PNG"), MAX_PARTS).interlaced


def test_an_animated_webp_of_too_many_frames_is_refused(no_decoding: None) -> None:
    frames = [Image.new("RGB", (40, 40), (i, 0, 0)) for i in range(3)]
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], lossless=True)
    data = out.getvalue()
    last = data.rindex(b"ANMF")
    body = data[:last] + data[last:] * MAX_PARTS
    crafted = b"RIFF" + struct.pack("<I", len(body) - 8) + body[8:]
    assert f"at most {MAX_PARTS}" in refused(crafted)


@pytest.mark.parametrize("kind, save", [
    ("PNG", {}), ("JPEG", {}), ("JPEG", {"progressive": True}),
    ("WEBP", {}), ("WEBP", {"lossless": True}),
])
def test_ordinary_logos_are_kept(kind: str, save: dict[str, object]) -> None:
    data = picture(kind, (1024, 256), **save)
    assert checked(data) == kind
    logo = logo_from_upload(io.BytesIO(data))
    assert (logo.width, logo.height) == (KEEP_SIDE, KEEP_SIDE // 4)
    assert Image.open(io.BytesIO(logo.png)).getpixel((10, 10))[:3] == pytest.approx(  # type: ignore[index]
        (200, 30, 30), abs=8)


def test_an_interlaced_16_bit_png_is_kept() -> None:
    logo = logo_from_upload(io.BytesIO(benchmark.png_16_bit_interlaced(1024)))
    kept = Image.open(io.BytesIO(logo.png))
    assert (logo.width, logo.height) == (KEEP_SIDE, KEEP_SIDE) and kept.mode == "RGBA"


def test_an_animated_webp_keeps_its_first_frame() -> None:
    frames = [Image.new("RGB", (60, 40), colour) for colour in ((200, 30, 30), (0, 0, 200))]
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], lossless=True)
    data = out.getvalue()
    kept = Image.open(io.BytesIO(logo_from_upload(io.BytesIO(data)).png))
    assert kept.size == (60, 40) and kept.getpixel((5, 5))[:3] == (200, 30, 30)  # type: ignore[index]


def test_decoding_is_stopped_at_its_cpu_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limits lifted, the issue's file goes to the decoder, which is stopped after its CPU
    second (it needs about a minute) with a sentence, not a stalled page."""
    monkeypatch.setattr(logo, "MAX_SCANS", 10**6)
    monkeypatch.setattr(logo, "MAX_PARTS", 10**6)
    monkeypatch.setattr(logo, "CPU_SECONDS", 1)
    assert "takes too much time or memory" in refused(benchmark.many_scans(66_505))


def test_decoding_is_stopped_at_its_memory_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture needing 150 MB, decoded with 120 MB allowed."""
    monkeypatch.setattr(logo, "MEMORY_BYTES", 120 * 1024 * 1024)
    assert "takes too much time or memory" in refused(benchmark.png_16_bit_interlaced())


def test_decoding_is_stopped_at_its_wall_clock_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logo, "WALL_SECONDS", 0.001)
    assert "takes too much time or memory" in refused(picture())


def test_a_decoder_that_cannot_run_is_a_server_error_not_a_refusal(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(logo, "_DECODER", logo._DECODER.with_name("missing.py"))
    with pytest.raises(RuntimeError):
        logo_from_upload(io.BytesIO(picture()))
    assert "Logo decoder failed" in caplog.text
