"""The season workbook of a 40-evening season: 80 members, 3 rounds an evening, 20 tables a
round (Jokeren, 7 deals a table: 2,400 tables, 16,800 hands).

Run: ``.venv/bin/python -m benchmarks.workbook``. Builds the season in a temporary test database
(that takes a while), then times ``season_workbook`` and reports the peak memory (tracemalloc),
and the season import of that workbook into an empty competition.
"""

from __future__ import annotations

from benchmarks._django import measure, test_database


def main() -> None:
    import time

    from benchmarks.season import build_jokeren_season
    from clubmanager.models import Club
    from tournaments.exports import season_workbook
    from tournaments.models import Competition
    from tournaments.season_import import parse_season
    from tournaments.services.season_import import season_import

    club = Club.objects.create(name="Benchmark", slug="benchmark")
    start = time.perf_counter()
    competition = build_jokeren_season(club, evenings=40, members=80, rounds=3)
    print(f"(season built in {time.perf_counter() - start:.0f} s)")
    data, seconds, peak = measure(lambda: season_workbook(competition))
    print(f"40-evening season workbook: {seconds:.2f} s, peak {peak:.1f} MiB, "
          f"{len(data) / 1024:.0f} KiB xlsx")
    target = Competition.objects.create(club=club, name="Import", game="jokeren",
                                        start_date=competition.start_date, better="lower")
    start = time.perf_counter()
    outcome = season_import(competition=target, parsed=parse_season(data, "s.xlsx"), by=None)
    print(f"season import of that workbook: {time.perf_counter() - start:.2f} s "
          f"({outcome.hands} hands)")


if __name__ == "__main__":
    with test_database():
        main()
