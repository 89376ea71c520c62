"""Score sheets of a 20-table round (80 players, Jokeren, all 7 deals entered), blank and filled.

Run: ``.venv/bin/python -m benchmarks.sheets``. Builds the round in a temporary test database,
then times ``round_sheets_pdf`` (with its 3 queries) and reports the peak memory (tracemalloc).
"""

from __future__ import annotations

from benchmarks._django import measure, test_database


def main() -> None:
    from benchmarks.season import build_jokeren_season
    from clubmanager.models import Club
    from tournaments.entry.pdf.sheets import round_sheets_pdf
    from tournaments.entry.selectors.sheets import round_tables
    from tournaments.models import Round

    club = Club.objects.create(name="Benchmark", slug="benchmark")
    competition = build_jokeren_season(club, evenings=1, members=80, rounds=1)
    round_ = Round.objects.select_related("evening__competition__club").get(
        evening__competition=competition)
    for filled in (False, True):
        data, seconds, peak = measure(
            lambda f=filled: round_sheets_pdf(round_, round_tables(round_), filled=f))
        label = "filled" if filled else "blank"
        print(f"20-table round, {label}: {seconds:.2f} s, peak {peak:.1f} MiB, "
              f"{len(data) / 1024:.0f} KiB PDF")


if __name__ == "__main__":
    with test_database():
        main()
