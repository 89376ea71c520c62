"""Every benchmark, one report: ``make bench`` (``.venv/bin/python -m benchmarks.run``).

1. the rules engine: evaluations per second per game (benchmarks/engine.py), and the season
   rules: ``scoring.standings`` on a 40-evening, 60-member season (benchmarks/season_rules.py);
2. score entry: a save's time and queries through the full middleware;
3. the standings page of a 40-evening, 80-member season against one raw SQL GROUP BY (target
   ≤ 3×) and its query count against a 5-evening season's (must be equal);
4. a 20-table round's score sheets (PDF) and a 40-evening season's workbook (benchmarks/sheets.py,
   benchmarks/workbook.py): the export against openpyxl writing the same cells as plain values
   (target ≤ 3×) and the import against the export (target ≤ 2×), side by side;
5. crafted uploads (decompression bombs and the like) against both imports: time and extra peak
   memory of each refusal (benchmarks/uploads.py);
6. logo uploads: CPU time and peak memory of the worst picture still accepted and of the largest
   ordinary logos (benchmarks/logo.py);
7. live polls: an unchanged poll (304) and a changed standings page against the same raw SQL
   GROUP BY (target ≤ 0.2× for the unchanged poll), and the delay from a save to the change
   seen by a client polling every 3 s (benchmarks/live.py).

Each database benchmark gets its own temporary SQLite test database. Timings are wall-clock on
this machine: on a shared or busy machine run it twice.
"""

from __future__ import annotations

import time


def main() -> None:
    from benchmarks import (
        engine,
        live,
        logo,
        score_entry,
        season_rules,
        sheets,
        standings,
        uploads,
        workbook,
    )
    from benchmarks._django import test_database

    started = time.perf_counter()
    sections = [("rules engine", engine.main, False),
                ("season rules engine", season_rules.main, False),
                ("score entry", score_entry.main, True),
                ("standings", standings.main, True),
                ("score sheets PDF", sheets.main, True),
                ("season workbook", workbook.main, True),
                ("crafted uploads", uploads.main, False),
                ("logo uploads", logo.main, False),
                ("live polls", live.main, True)]
    for title, run, needs_db in sections:
        print(f"\n=== {title}")
        if needs_db:
            with test_database():
                run()
        else:
            run()
    print(f"\n(all benchmarks: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
