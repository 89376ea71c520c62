"""The logo's decoding, in a process of its own whose CPU time and memory are capped.

``clubmanager/logo.py`` runs this file as ``python -I logo_decode.py KIND CPU_SECONDS
MEMORY_BYTES`` with the upload on standard input, after the file's structure passed its limits.
The process caps itself before it reads a byte (``RLIMIT_CPU``: the kernel stops it after that
much CPU; ``RLIMIT_AS``: an allocation past that much memory fails; no core file), opens the
picture as ``KIND`` only, checks the size its header declares, decodes the first frame (a JPEG
at a reduced scale), scales it to at most ``KEEP_SIDE`` pixels a side, turns it upright by its
EXIF orientation, copies it pixel by pixel into a new picture and writes that as PNG.

Standard output is one line, then for ``ok`` the PNG::

    ok WIDTH HEIGHT CPU_SECONDS PEAK_RSS_KIB
    large WIDTH HEIGHT      (declared larger than MAX_SIDE / MAX_PIXELS)
    costly                  (out of memory)
    refused                 (not a picture Pillow can decode as KIND)

Plain Python and Pillow: it imports nothing of the site (it runs without Django, ``-I`` keeps
the environment's Python variables and the current directory out of it).
"""

from __future__ import annotations

import io
import resource
import sys
import warnings

from PIL import Image, ImageOps

MAX_SIDE = 5000
MAX_PIXELS = 16_000_000
#: The largest side kept: sharp on the TV's header and on a printed page.
KEEP_SIDE = 512


class _TooLarge(Exception):
    def __init__(self, width: int = 0, height: int = 0) -> None:
        super().__init__(width, height)
        self.width, self.height = width, height


def cap(cpu_seconds: int, memory_bytes: int) -> None:
    """This process's limits: CPU seconds (then SIGXCPU, a second later SIGKILL), memory."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


def _open(data: bytes, kind: str) -> Image.Image:
    try:
        picture = Image.open(io.BytesIO(data), formats=[kind])
    except Image.DecompressionBombError as exc:  # Pillow's own limit, far above ours
        raise _TooLarge() from exc
    width, height = picture.size
    if width < 1 or height < 1:
        raise ValueError("no pixels")
    if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
        raise _TooLarge(width, height)
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


def decode(data: bytes, kind: str) -> Image.Image:
    """The first frame of ``data``, opened as ``kind`` only, as the clean picture we keep."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        picture = _open(data, kind)
        picture.seek(0)
        if picture.format == "JPEG":  # decoded at a reduced scale: less memory, same logo
            picture.draft("RGB", (KEEP_SIDE * 2, KEEP_SIDE * 2))
        picture.load()
        return _clean_copy(picture)


def _answer(data: bytes, kind: str) -> bytes:
    try:
        clean = decode(data, kind)
    except _TooLarge as exc:
        return f"large {exc.width} {exc.height}\n".encode()
    except MemoryError:
        return b"costly\n"
    except Exception:  # whatever a crafted file makes the decoder raise: not a picture for us
        return b"refused\n"
    out = io.BytesIO()
    clean.save(out, format="PNG", optimize=True)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return (f"ok {clean.width} {clean.height} {usage.ru_utime + usage.ru_stime:.3f} "
            f"{_peak_kib()}\n").encode() + out.getvalue()


def _peak_kib() -> int:
    """This process's peak resident memory in KiB: VmHWM, which starts again at ``exec`` (the
    rusage figure keeps the peak of the process that started this one)."""
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv: list[str]) -> int:
    kind, cpu_seconds, memory_bytes = argv[1], int(argv[2]), int(argv[3])
    cap(cpu_seconds, memory_bytes)
    sys.stdout.buffer.write(_answer(sys.stdin.buffer.read(), kind))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
