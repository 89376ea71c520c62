"""The season workbook download: built once per change of the season, kept on disk.

Why not a ``StreamingHttpResponse``: a 40-evening season takes seconds to build on a club laptop,
and a gunicorn sync worker is killed after its timeout whether its response streams or not (it
reports to the arbiter between requests only); openpyxl, besides, has no byte to send before
the whole workbook is written. So the first download after a change builds the file, and every
download until the next change is a file read.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

from django.conf import settings
from django.db import connection

from .exports import season_workbook
from .models import Competition
from .selectors.exports import season_fingerprint

#: Bump when the workbook's layout changes: cached workbooks of the old layout are then rebuilt.
WORKBOOK_FORMAT = "2026-11-readable-hands"


def cache_dir() -> Path:
    """Where built workbooks are kept (``WORKBOOK_CACHE_DIR``, default in the temp dir)."""
    configured = getattr(settings, "WORKBOOK_CACHE_DIR", None)
    return Path(configured) if configured else Path(tempfile.gettempdir()) / "club-workbooks"


def season_workbook_file(competition: Competition) -> BinaryIO:
    """The season workbook as an open file, built once per change of the season, kept on disk.

    A 40-evening season takes seconds to build on a club laptop, longer than a download
    should keep a gunicorn worker: the sync worker is killed after its timeout, streamed
    response or not. So the file is built once per change: its name holds a hash of
    ``selectors.exports.season_fingerprint`` (a few small queries), the next download of an
    unchanged season is a file read, and the file of an older state is removed. One folder per
    database (so test databases and sites sharing a machine never mix).
    """
    fingerprint = json.dumps([WORKBOOK_FORMAT, season_fingerprint(competition)],
                             default=str, separators=(",", ":"))
    digest = hashlib.sha256(fingerprint.encode()).hexdigest()[:32]
    database = str(connection.settings_dict["NAME"])
    folder = cache_dir() / hashlib.sha256(database.encode()).hexdigest()[:16]
    path = folder / f"season-{competition.pk}-{digest}.xlsx"
    with contextlib.suppress(FileNotFoundError):
        return path.open("rb")  # open, it stays readable even if a newer build removes it
    folder.mkdir(parents=True, exist_ok=True)
    content = season_workbook(competition)
    with tempfile.NamedTemporaryFile(dir=folder, suffix=".part", delete=False) as part:
        part.write(content)
    os.replace(part.name, path)  # atomic: a reader never sees half a workbook
    opened = path.open("rb")
    for old in folder.glob(f"season-{competition.pk}-*.xlsx"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
    return opened
