"""Standings page of a 40-evening, 80-member Jokeren season against one raw SQL GROUP BY.

Run: ``.venv/bin/python -m benchmarks.standings``. Builds the season (3 rounds of 20 tables an
evening: 2,400 tables, 9,600 seats) in a temporary SQLite test database under a real reglement's
rules: periods and best N (``RULES``: 8 periods of 5 evenings, the best 4 evenings of each and
the best 6 periods, with tie-breaks), then times the member's standings page (WSGI handler, full
middleware, logged in) and its query count, the selector alone (``season_standings``), and the
one raw aggregate over the same seats (per member and evening: competition points and table
wins), interleaved in one run. Target: the page within 3× the raw SQL. The query count must
equal a 5-evening season's.
"""

from __future__ import annotations

import datetime
import statistics
import time
from typing import Any

from benchmarks._django import WsgiBrowser, test_database

REPEAT = 15
PERIOD_WEEKS = 5  # 40 weekly evenings: 8 periods

# The stored form (tournaments/shared/season_rules.py): periods by the date each one starts.
RULES: dict[str, Any] = {
    "periods": {"starts": [], "count": {"best": 4}, "season_count": {"best": 6}},
    "tiebreaks": ["played", "best_evening", "wins"],
}

RAW_SQL = """
SELECT p.member_id, r.evening_id, SUM(s.competition_points), SUM(CASE WHEN s.place = 1
       THEN 1 ELSE 0 END)
FROM tournaments_seat s
JOIN tournaments_participant p ON p.id = s.participant_id
JOIN tournaments_table t ON t.id = s.table_id
JOIN tournaments_round r ON r.id = t.round_id
JOIN tournaments_evening e ON e.id = r.evening_id
WHERE e.competition_id = %s AND t.finished AND p.member_id IS NOT NULL
GROUP BY p.member_id, r.evening_id
"""


def _best_of(function: Any, repeat: int, clock: Any = time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        function()
        times.append(clock() - start)
    return statistics.median(times)


def _cpu_times(calls: dict[str, Any]) -> dict[str, float]:
    """Median CPU time of this process per call, interleaved (SQLite runs in the process): what
    a busy, shared machine does to the wall clock does not count, so the ratio is the code's."""
    times: dict[str, list[float]] = {key: [] for key in calls}
    for _ in range(REPEAT):
        for key, call in calls.items():
            times[key].append(_best_of(call, 1, time.process_time))
    return {key: statistics.median(values) for key, values in times.items()}


def _print_cpu(cpu_s: dict[str, float]) -> float:
    """Print the CPU times; the page ÷ raw SQL ratio."""
    ratio = cpu_s["page"] / cpu_s["raw"]
    print(f"  CPU time: page {cpu_s['page'] * 1000:.1f} ms, selector "
          f"{cpu_s['selector'] * 1000:.1f} ms ({cpu_s['selector'] / cpu_s['raw']:.1f}×), raw "
          f"{cpu_s['raw'] * 1000:.1f} ms; page ÷ raw {ratio:.1f}× "
          f"({'met' if ratio <= 3 else 'MISSED'})")
    return ratio


def set_rules(*competitions: Any) -> None:
    """``RULES``, with a period starting every ``PERIOD_WEEKS`` weeks of the 40."""
    for competition in competitions:
        starts = [competition.start_date + datetime.timedelta(weeks=w)
                  for w in range(0, 40, PERIOD_WEEKS)]
        competition.rules = {**RULES, "periods": {**RULES["periods"], "starts": [
            d.isoformat() for d in starts]}}
        competition.save(update_fields=["rules"])


def main() -> dict[str, float]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from benchmarks.season import build_jokeren_season
    from clubmanager.models import Club, ClubRole, Role
    from tournaments.standings.selectors.standings import season_standings

    club = Club.objects.create(name="Benchmark", slug="benchmark")
    start = time.perf_counter()
    season = build_jokeren_season(club, evenings=40, members=80, rounds=3)
    built = time.perf_counter() - start
    small = build_jokeren_season(club, evenings=5, members=80, rounds=3, name="Kort")
    set_rules(season, small)
    assert season_standings(season).errors == []
    user = get_user_model().objects.create_user("lid", password="x" * 20)
    ClubRole.objects.create(user=user, club=club, role=Role.MEMBER)
    browser = WsgiBrowser(user)

    def page(competition: Any) -> bytes:
        status, content = browser.get(reverse("tournaments:standings",
                                              kwargs={"club": club.slug, "pk": competition.pk}))
        assert status == 200, content[:500]
        return content

    def raw() -> list[Any]:
        with connection.cursor() as cursor:
            cursor.execute(RAW_SQL, [season.pk])
            return cursor.fetchall()

    page(season)  # warm the template cache
    counts = {}
    for competition in (small, season):
        with CaptureQueriesContext(connection) as captured:
            page(competition)
        counts[competition.pk] = len(captured)
    rows = raw()
    # Interleaved, so a shared machine's changing speed weighs on both alike.
    page_times, selector_times, raw_times = [], [], []
    for _ in range(REPEAT):
        page_times.append(_best_of(lambda: page(season), 1))
        selector_times.append(_best_of(lambda: season_standings(season), 1))
        raw_times.append(_best_of(raw, 1))
    cpu_s = _cpu_times({"page": lambda: page(season), "raw": raw,
                        "selector": lambda: season_standings(season)})
    page_s, raw_s = statistics.median(page_times), statistics.median(raw_times)
    selector_s, ratio = statistics.median(selector_times), page_s / raw_s
    print(f"Standings: 40 evenings, 80 members, {len(rows)} member-evenings, 8 periods, best 4 "
          f"of each and best 6 (built in {built:.0f} s), median of {REPEAT}, interleaved")
    print(f"  standings page   {page_s * 1000:7.1f} ms   {counts[season.pk]} queries "
          f"(5-evening season: {counts[small.pk]})")
    print(f"  selector alone   {selector_s * 1000:7.1f} ms   "
          f"({selector_s / raw_s:.1f}× the raw SQL)")
    print(f"  raw SQL GROUP BY {raw_s * 1000:7.1f} ms")
    print(f"  ratio            {ratio:7.1f}×   target ≤ 3×: {'met' if ratio <= 3 else 'MISSED'}"
          f"; query count {'constant' if counts[season.pk] == counts[small.pk] else 'GROWS'}")
    return {"page_ms": page_s * 1000, "selector_ms": selector_s * 1000, "raw_ms": raw_s * 1000,
            "ratio": ratio, "cpu_ratio": _print_cpu(cpu_s)}


if __name__ == "__main__":
    with test_database():
        main()
