"""The season workbook of a 40-evening season: 80 members, 3 rounds an evening, 20 tables a
round (Jokeren, 7 deals a table: 2,400 tables, 16,800 hands).

Run: ``.venv/bin/python -m benchmarks.workbook`` (also part of ``make bench``). Builds the
season in a temporary test database (that takes a while), then times, side by side:

* the export (``season_workbook``) and its peak memory (tracemalloc);
* openpyxl alone (write-only, lxml) writing the same cells as plain values: every sheet's
  values read back from the export, written again without styles, formats or our reads. The
  target is export ≤ 3× this;
* the season import of that workbook (parse, check, write) into an empty competition. The target
  is import ≤ 2× the export.
"""

from __future__ import annotations

import io
import time
from typing import Any

from benchmarks._django import measure, test_database

EXPORT_TARGET = 3.0
IMPORT_TARGET = 2.0


def plain_values(data: bytes) -> list[tuple[str, list[list[Any]]]]:
    """Every sheet's cell values of a workbook (read once, not timed)."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True)
    return [(ws.title, [list(row) for row in ws.iter_rows(values_only=True)])
            for ws in book.worksheets]


def openpyxl_plain(sheets: list[tuple[str, list[list[Any]]]]) -> float:
    """Seconds openpyxl (write-only) takes to write these values as a plain .xlsx."""
    from openpyxl import LXML, Workbook

    assert LXML, "openpyxl writes with lxml (pyproject.toml pins it)"
    start = time.perf_counter()
    book = Workbook(write_only=True)
    for title, rows in sheets:
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(io.BytesIO())
    return time.perf_counter() - start


def main() -> None:
    from benchmarks.season import build_jokeren_season
    from clubmanager.models import Club

    club = Club.objects.create(name="Benchmark", slug="benchmark")
    start = time.perf_counter()
    competition = build_jokeren_season(club, evenings=40, members=80, rounds=3)
    print(f"(season built in {time.perf_counter() - start:.0f} s)")
    compare(competition)


def compare(competition: Any) -> None:
    """Export, openpyxl alone and import of ``competition``'s season, side by side."""
    from tournaments.models import Competition
    from tournaments.workbook.read import parse_season
    from tournaments.workbook.selectors import season_workbook
    from tournaments.workbook.services import season_import_apply

    club = competition.club
    data, export, peak = measure(lambda: season_workbook(competition))
    sheets = plain_values(data)
    cells = sum(1 for _title, rows in sheets for row in rows for v in row if v is not None)
    # Interleaved, best of two each: on a shared machine the load changes between runs.
    plain = openpyxl_plain(sheets)
    start = time.perf_counter()
    season_workbook(competition)
    export = min(export, time.perf_counter() - start)
    plain = min(plain, openpyxl_plain(sheets))
    target = Competition.objects.create(club=club, name="Import copy", game="jokeren",
                                        start_date=competition.start_date, better="lower")
    start = time.perf_counter()
    outcome = season_import_apply(competition=target, parsed=parse_season(data, "s.xlsx"), by=None)
    imported = time.perf_counter() - start
    print(f"40-evening season workbook: {len(data) / 1024:.0f} KiB xlsx, {len(sheets)} sheets, "
          f"{cells:,} cells, {outcome.hands:,} hands; export peak memory {peak:.1f} MiB")
    print(f"  openpyxl write-only, same cells as plain values  {plain:6.2f} s")
    print(f"  season export (season_workbook)                  {export:6.2f} s   "
          f"export/openpyxl {export / plain:.2f}× (target ≤ {EXPORT_TARGET:.0f}×)")
    print(f"  season import (parse, check, write)              {imported:6.2f} s   "
          f"import/export {imported / export:.2f}× (target ≤ {IMPORT_TARGET:.0f}×)")


if __name__ == "__main__":
    with test_database():
        main()
