"""Logo uploads: what the worst picture still accepted costs, next to the largest ordinary logo.

Run: ``.venv/bin/python -m benchmarks.logo``. Builds crafted pictures at every limit of
``clubmanager/logo.py`` (``tests/clubmanager/test_logo.py`` uses the same builders) and
ordinary logos at the largest size allowed, and puts each through ``logo_from_upload``'s two
steps: the structure walk (in this process, timed) and the capped decoding process, which
reports its own CPU seconds and peak RSS (Python and Pillow included: about 58 MB for a
picture of a few pixels). The crafted logo that once stalled the site (66,505 scans) is listed
too: refused by its structure, never decoded.
"""

from __future__ import annotations

import io
import os
import random
import struct
import time
import zlib
from collections.abc import Callable

from PIL import Image, ImageDraw


def _segment(marker: int, payload: bytes) -> bytes:
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload


def _eob_runs(blocks: int) -> bytes:
    """Entropy-coded data ending every block of a scan with end-of-band runs of 16,384 to
    32,767 blocks (the AC table's only code, "0", is EOB14): 15 bits for each run."""
    runs = -(-blocks // 32767)
    run = max(16384, -(-blocks // runs))
    bits = "".join("0" + format(run - 16384, "014b") for _ in range(runs))
    bits += "1" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big").replace(b"\xff", b"\xff\x00")


def many_scans(scans: int, width: int = 5000, height: int = 3200, components: int = 1,
               dc_refinements: bool = False) -> bytes:
    """A progressive JPEG (SOF2) of ``scans`` scans: the DC scan of a flat picture, then tiny
    AC scans that end every block of one component at once (``dc_refinements``: empty DC
    refinement scans over all components, the dearest scan per byte). The issue's file:
    ``many_scans(66_505)``, greyscale, 5000 × 3200, about 2 MB."""
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    ids = range(1, components + 1)
    out = bytearray(b"\xff\xd8")
    out += _segment(0xDB, b"\x00" + bytes([1] * 64))
    out += _segment(0xC2, struct.pack(">BHHB", 8, height, width, components)
                    + b"".join(bytes([c, 0x11, 0]) for c in ids))
    out += _segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")  # DC: "0" = no change
    out += _segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\xe0")  # AC: "0" = EOB14
    all_components = bytes([components]) + b"".join(bytes([c, 0]) for c in ids)
    out += _segment(0xDA, all_components + b"\x00\x00\x00") + bytes(-(-blocks * components // 8))
    eob = _eob_runs(blocks)
    for scan in range(scans - 1):
        if dc_refinements:
            out += _segment(0xDA, all_components + b"\x00\x00\x10")
        else:
            out += _segment(0xDA, bytes([1, scan % components + 1, 0, 1, 63, 0])) + eob
    return bytes(out + b"\xff\xd9")


def _shapes(picture: Image.Image, seed: int) -> Image.Image:
    rng = random.Random(seed)
    draw = ImageDraw.Draw(picture)
    width, height = picture.size
    for _ in range(60):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(50, width // 4)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour[:len(picture.mode)])
    return picture


def photo(width: int = 4000, height: int = 4000) -> Image.Image:
    """A picture like a photographed logo: gradients, shapes, a little noise."""
    small = Image.linear_gradient("L").resize((width, height))
    picture = _shapes(Image.merge("RGB", (small, small.rotate(90), small.rotate(180))), 1)
    noise = Image.effect_noise((width, height), 12).convert("RGB")
    return Image.blend(picture, noise, 0.08)


def drawing(side: int = 4000) -> Image.Image:
    """A drawn logo: flat shapes on a transparent background."""
    return _shapes(Image.new("RGBA", (side, side)), 2)


def saved(picture: Image.Image, kind: str, **options: object) -> bytes:
    out = io.BytesIO()
    picture.save(out, format=kind, **options)
    return out.getvalue()


def largest_jpeg(progressive: bool = False) -> bytes:
    """The largest ordinary JPEG: 4000 × 4000 (16 million pixels) at quality 95, 1.9 MB (1.7
    MB progressive), just under the 2 MB allowed."""
    return saved(photo(), "JPEG", quality=95, progressive=progressive)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data)))


def png_16_bit_interlaced(side: int = 4000) -> bytes:
    """16 million pixels of 16-bit RGBA, Adam7-interlaced: 128 MB of rows in a 0.1 MB file."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
              (0, 1, 1, 2)]
    rows = sum(((side - y0 + dy - 1) // dy) * (1 + 8 * ((side - x0 + dx - 1) // dx))
               for x0, y0, dx, dy in passes)
    body = zlib.compress(bytes(rows), 9)
    header = struct.pack(">IIBBBBB", side, side, 16, 6, 0, 0, 1)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", body)
            + _chunk(b"IEND", b""))


def png_many_chunks(chunks: int = 4999) -> bytes:
    """A small PNG whose pixels come in ``chunks`` IDAT chunks (the last ones empty)."""
    data = saved(Image.new("RGB", (64, 64), (200, 30, 30)), "PNG")
    start = data.index(b"IDAT") - 4
    length = int.from_bytes(data[start:start + 4], "big")
    body = data[start + 8:start + 8 + length]
    pieces = [body[i:i + 1] for i in range(len(body))] + [b""] * (chunks - 2 - len(body))
    return data[:start] + b"".join(_chunk(b"IDAT", p) for p in pieces) + _chunk(b"IEND", b"")


def webp_many_frames(frames: int = 4990, side: int = 4000) -> bytes:
    """An animated WebP on a 4000 × 4000 canvas: a full first frame, then tiny frames."""
    first = Image.new("RGB", (side, side), (200, 30, 30))
    second = first.copy()
    second.putpixel((0, 0), (0, 0, 0))
    data = saved(first, "WEBP", save_all=True, append_images=[second], lossless=True,
                 duration=100)
    last = data.rindex(b"ANMF")
    body = data[:last] + data[last:] * (frames - 1)
    return b"RIFF" + struct.pack("<I", len(body) - 8) + body[8:]


#: name → builder, in the order of the report.
FILES: dict[str, Callable[[], bytes]] = {
    "crafted: 5000x3200 grey JPEG, 66,505 scans": lambda: many_scans(66_505),
    "JPEG of 500,000 empty segments": lambda: (
        b"\xff\xd8" + b"\xff\xfe\x00\x02" * 500_000 + saved(Image.new("L", (8, 8)), "JPEG")[2:]),
    "5000x3200 grey JPEG, 100 scans": lambda: many_scans(100),
    "4000x4000 colour JPEG, 100 scans": lambda: many_scans(100, 4000, 4000, 3),
    "4000x4000 CMYK JPEG, 100 DC scans": lambda: many_scans(100, 4000, 4000, 4, True),
    "4000x4000 16-bit RGBA PNG, interlaced": png_16_bit_interlaced,
    "PNG of 4,999 chunks": png_many_chunks,
    "4000x4000 WebP, 4,990 frames": webp_many_frames,
    "ordinary: 4000x4000 JPEG": largest_jpeg,
    "ordinary: 4000x4000 progressive JPEG": lambda: largest_jpeg(progressive=True),
    "ordinary: 4000x4000 WebP": lambda: saved(photo(), "WEBP", quality=90),
    "ordinary: 4000x4000 PNG drawing": lambda: saved(drawing(), "PNG"),
}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    import django

    django.setup()
    from django.utils import translation

    from clubmanager.logo import LogoError, checked, decode

    translation.activate("en")
    print(f"{'picture':42} {'KB':>6} {'walk':>7} {'decode CPU':>10} {'peak RSS':>9} {'wall':>6}")
    worst: dict[str, dict[str, tuple[float, str]]] = {"crafted": {}, "ordinary": {}}
    for name, build in FILES.items():
        data = build()
        start, walk = time.perf_counter(), time.process_time()
        try:
            kind = checked(data)
            walk = time.process_time() - walk
            decoded = decode(data, kind)
        except LogoError as exc:
            walk = time.process_time() - walk
            print(f"{name:42} {len(data) / 1024:6.0f} {walk * 1000:5.1f}ms  refused: {exc}"[:150])
            continue
        wall = time.perf_counter() - start
        cpu, peak = decoded.cpu_seconds, decoded.peak_rss_kib / 1024
        print(f"{name:42} {len(data) / 1024:6.0f} {walk * 1000:5.1f}ms {cpu:9.2f}s "
              f"{peak:6.0f} MB {wall:5.2f}s")
        group = worst["ordinary" if name.startswith("ordinary") else "crafted"]
        group["cpu"] = max(group.get("cpu", (0.0, "")), (cpu, name))
        group["peak"] = max(group.get("peak", (0.0, "")), (peak, name))
    for which, group in worst.items():
        print(f"worst {which} picture accepted: {group['cpu'][0]:.2f} s CPU ({group['cpu'][1]}), "
              f"{group['peak'][0]:.0f} MB peak RSS ({group['peak'][1]})")
    print("CPU and peak RSS of the decoding process (Python and Pillow included); walk: the "
          "structure check in the worker; wall: both, and starting the process")

if __name__ == "__main__":
    main()
