"""The season workbook download: built once per change of the season, kept on disk
(docs/architecture.md; the private folder: docs/security.md).

Why not a ``StreamingHttpResponse``: a 40-evening season takes seconds to build on a club laptop,
and a gunicorn sync worker is killed after its timeout whether its response streams or not (it
reports to the arbiter between requests only); openpyxl, besides, has no byte to send before
the whole workbook is written. So the first download after a change builds the file, and every
download until the next change is a file read.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import logging
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)

#: Bump when the workbook's layout changes: cached workbooks of the old layout are then rebuilt.
WORKBOOK_FORMAT = "2026-11-reglement"


def cache_dir() -> Path:
    """Where built workbooks are kept: ``settings.WORKBOOK_CACHE_DIR`` (environment:
    ``DJANGO_WORKBOOK_CACHE_DIR``; default ``var/workbook-cache`` in the project, never a
    predictable name in the shared /tmp)."""
    return Path(settings.WORKBOOK_CACHE_DIR)


class UnsafeCacheDir(OSError):
    """The cache folder is not ours alone: a symlink, not a folder, someone else's, or open to
    others. Nothing is read from it nor written to it."""


def private_dir(path: Path) -> Path:
    """``path`` as a folder only we can use (mode 700), created if missing (its parents too,
    700 as well): :class:`UnsafeCacheDir` when it is a symlink or not a folder, or belongs to
    another user; group and others' rights on our own folder are taken away."""
    if not path.is_absolute():
        path = Path(settings.BASE_DIR) / path
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=0o700, parents=True)
    info = os.lstat(path)  # lstat: a symlink is seen as one, never followed
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise UnsafeCacheDir(f"{path} is not a folder (a symlink?)")
    if info.st_uid != os.geteuid():
        raise UnsafeCacheDir(f"{path} belongs to another user (uid {info.st_uid})")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(path, 0o700, follow_symlinks=False)
    return path


def _open_cached(folder: Path, name: str) -> BinaryIO | None:
    """The cached file ``name`` in ``folder``, opened without following a symlink (neither the
    folder's nor the file's), and only a regular file of ours; None when there is none."""
    folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder_fd)
        except FileNotFoundError:
            return None
        except OSError:  # ELOOP: a symlink planted at the cache path; the build replaces it
            logger.warning("workbook cache: %s/%s is a symlink, not followed", folder, name)
            return None
    finally:
        os.close(folder_fd)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
        os.close(fd)
        return None
    return os.fdopen(fd, "rb")


def workbook_file(*, competition_id: int, fingerprint: Any,
                  build: Callable[[], bytes]) -> BinaryIO:
    """The season workbook as an open file, built (``build``) once per change of the season,
    kept on disk.

    A 40-evening season takes seconds to build on a club laptop, longer than a download
    should keep a gunicorn worker: the sync worker is killed after its timeout, streamed
    response or not. So the file is built once per change: its name holds a hash of
    ``fingerprint`` (``selectors.workbook.season_fingerprint``: a few small queries), the
    next download of an unchanged season is a file read, and the file of an older state is
    removed. One folder per database (so test databases and sites sharing a machine never
    mix), inside the private cache folder (:func:`private_dir`); a cached file is opened
    without following symlinks.
    When the cache folder cannot be used safely, the workbook is built for this download only.
    """
    key = json.dumps([WORKBOOK_FORMAT, fingerprint], default=str, separators=(",", ":"))
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    database = str(connection.settings_dict["NAME"])
    name = f"season-{competition_id}-{digest}.xlsx"
    try:
        folder = private_dir(private_dir(cache_dir())
                             / hashlib.sha256(database.encode()).hexdigest()[:16])
        cached = _open_cached(folder, name)
    except OSError as exc:
        logger.warning("workbook cache not used: %s", exc)
        return io.BytesIO(build())
    if cached is not None:
        return cached  # open, it stays readable even if a newer build removes it
    content = build()
    with tempfile.NamedTemporaryFile(dir=folder, suffix=".part", delete=False) as part:
        part.write(content)  # a new file of ours (O_EXCL, mode 600)
    path = folder / name
    os.replace(part.name, path)  # atomic, and replaces a symlink there rather than following it
    opened = _open_cached(folder, name) or io.BytesIO(content)
    for old in folder.glob(f"season-{competition_id}-*.xlsx"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
    return opened
