"""Live polls: what a poll costs, unchanged and changed, and how soon a save is seen.

Run: ``.venv/bin/python -m benchmarks.live``. In a temporary SQLite test database, the
standings bench's season (40 Jokeren evenings, 80 members, 3 rounds) plus tonight's evening in
play. Each figure is a ratio against one raw SQL ``GROUP BY`` over the same season
(``benchmarks.standings.RAW_SQL``), timed in the same run, interleaved:

1. an **unchanged poll** through the full middleware stack (Django's WSGI handler, DEBUG off,
   the settings' caches: the ``live`` one in files, cleared first): the htmx poll with the
   ETag of the last answer in ``If-None-Match``, answered 304, for the member's standings, the
   public standings and the TV (a visitor: the club has public pages) and tonight's live page
   (a member, a visitor). Target: at most 0.2× the raw SQL, about 1 ms;
2. a **changed standings page**, recomputed once: the competition's stamp moved (untimed), the
   same poll answered 200 with the page rendered again;
3. **from a save to the change seen** by a client polling every ``POLL_SECONDS``: a scorekeeper
   saves a hand through the view at a random moment between two polls of a member's client that
   keeps to its interval; the delay is from the start of the save to the answer of the first
   poll that brings the new ETag (a poll whose tick falls during the save reads the old stamp:
   the save's transaction has not committed). Expected: the save's time, half an interval on
   average (a whole one at worst), and the changed poll's time.

Times are medians of the wall clock and of this process's CPU time (SQLite runs in the process;
CPU time is what a busy, shared machine does not change).
"""

from __future__ import annotations

import datetime
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks._django import WsgiBrowser, test_database

TARGET_UNCHANGED = 0.2  # × the raw SQL


def _median_times(calls: dict[str, Callable[[], Any]], repeat: int,
                  before: Callable[[], Any] | None = None) -> dict[str, tuple[float, float]]:
    """(median wall s, median CPU s) per call, interleaved; ``before`` runs untimed first."""
    wall: dict[str, list[float]] = {key: [] for key in calls}
    cpu: dict[str, list[float]] = {key: [] for key in calls}
    for _ in range(repeat):
        for key, call in calls.items():
            if before is not None:
                before()
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            call()
            cpu[key].append(time.process_time() - start_cpu)
            wall[key].append(time.perf_counter() - start_wall)
    return {key: (statistics.median(wall[key]), statistics.median(cpu[key])) for key in calls}


class Poller:
    """One viewer's htmx poll of ``path``: sends the last ETag, keeps the new one."""

    def __init__(self, browser: WsgiBrowser, path: str) -> None:
        self.browser, self.path, self.tag = browser, path, ""

    def poll(self) -> int:
        headers = {"HTTP_HX_REQUEST": "true"}
        if self.tag:
            headers["HTTP_IF_NONE_MATCH"] = self.tag
        status, content = self.browser.get(self.path, headers)
        assert status in (200, 304), (status, content[:300])
        self.tag = self.browser.last_headers.get("ETag", self.tag)
        return status

    def unchanged(self) -> None:
        assert self.poll() == 304, self.path

    def changed(self) -> None:
        assert self.poll() == 200, self.path


def _setup(evenings: int, members: int, rounds: int, tables: int) -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from benchmarks.season import build_jokeren_season, seat_table
    from clubmanager.models import Club, ClubRole, Role
    from tournaments.models import Evening, EveningStatus, Participant, Round

    club = Club.objects.create(name="Benchmark", slug="benchmark", public_pages=True)
    started = time.perf_counter()
    season = build_jokeren_season(club, evenings=evenings, members=members, rounds=rounds)
    built = time.perf_counter() - started
    tonight = Evening.objects.create(
        competition=season, status=EveningStatus.PLAYING,
        date=season.start_date + datetime.timedelta(weeks=evenings + 1))
    four = season.club.members.order_by("member_number")[:4]
    people = Participant.objects.bulk_create(Participant(evening=tonight, member=m)
                                             for m in four)
    played = []
    for r in range(1, tables + 1):
        round_ = Round.objects.create(evening=tonight, number=r, seed=r)
        played.append(seat_table(round_, people, 1)[0])
    User = get_user_model()
    member = User.objects.create_user("lid", password="x" * 20)
    keeper = User.objects.create_user("schrijver", password="x" * 20)
    ClubRole.objects.create(user=member, club=club, role=Role.MEMBER)
    ClubRole.objects.create(user=keeper, club=club, role=Role.SCOREKEEPER)
    kwargs = {"club": club.slug, "pk": season.pk}
    member_browser, visitor = WsgiBrowser(member), WsgiBrowser(None)
    return {
        "club": club, "season": season, "tables": played, "built": built,
        "keeper": WsgiBrowser(keeper),
        "pollers": {
            "standings (member)": Poller(member_browser, reverse("tournaments:standings",
                                                                 kwargs=kwargs)),
            "public standings (visitor)": Poller(visitor, reverse(
                "tournaments:public_standings", kwargs=kwargs)),
            "TV (visitor)": Poller(visitor, reverse("tournaments:tv", kwargs=kwargs)),
            "live page (member)": Poller(member_browser, reverse(
                "tournaments:evening_live", kwargs={"club": club.slug, "pk": tonight.pk})),
            "live page (visitor)": Poller(visitor, reverse(
                "tournaments:evening_live", kwargs={"club": club.slug, "pk": tonight.pk})),
        },
    }


def _saves(club: Any, tables: list[Any]) -> list[tuple[str, dict[str, str]]]:
    """Every hand of ``tables`` as the scorekeeper's phone posts it, in order."""
    from benchmarks.score_entry import _posts

    saves = []
    for table in tables:
        url, posts = _posts(club, table)
        saves += [(url, post) for post in posts]
    return saves


def seen_after_save(keeper: WsgiBrowser, poller: Poller, saves: list[tuple[str, dict[str, str]]],
                    interval: float, rng: random.Random) -> dict[str, list[float]]:
    """Save at random moments between the polls of a client polling every ``interval`` s;
    per save: the save's time, the delay until a poll brought the change, the changed poll's
    time, and how many polls in between were answered 304."""
    poller.poll()
    origin = time.perf_counter()  # the client's poll ticks: origin + k × interval

    def tick_after(moment: float) -> float:
        return origin + math.ceil((moment - origin) / interval) * interval

    def sleep_until(moment: float) -> None:
        time.sleep(max(0.0, moment - time.perf_counter()))

    found: dict[str, list[float]] = {"save": [], "seen": [], "poll": [], "unchanged": []}
    for url, post in saves:
        save_at = tick_after(time.perf_counter()) + rng.uniform(0, interval)
        unchanged = 0
        while (tick := tick_after(time.perf_counter())) < save_at:
            sleep_until(tick)
            poller.unchanged()
            unchanged += 1
        sleep_until(save_at)
        start = time.perf_counter()
        status, content = keeper.post(url, post)
        saved = time.perf_counter()
        assert status == 200 and b"saved." in content, content[:300]
        while True:
            sleep_until(tick_after(time.perf_counter()))
            polled = time.perf_counter()
            if poller.poll() == 200:
                break
        end = time.perf_counter()
        found["save"].append(saved - start)
        found["seen"].append(end - start)
        found["poll"].append(end - polled)
        found["unchanged"].append(unchanged)
    return found


def _clear_caches() -> None:
    """What the caches kept from another database's ids (an earlier run) goes first."""
    from django.core.cache import caches

    for cache in caches.all(initialized_only=False):
        cache.clear()


def _report_unchanged(unchanged: dict[str, tuple[float, float]], queries: dict[str, int],
                      raw_wall: float, raw_cpu: float, *, in_process: bool) -> dict[str, float]:
    """Print each unchanged poll against the raw SQL; the ratios judged. SQLite runs in this
    process: its CPU time is the figure (the wall clock moves with the machine's load). A
    database server's work is not this process's CPU: there the wall."""
    result: dict[str, float] = {"raw_ms": raw_wall * 1000, "raw_cpu_ms": raw_cpu * 1000}
    print(f"  (the ratio judged: {'CPU' if in_process else 'wall'} time)")
    for name, (wall, cpu) in unchanged.items():
        ratio = cpu / raw_cpu if in_process else wall / raw_wall
        print(f"  unchanged poll, {name:26} {wall * 1000:6.2f} ms wall ({wall / raw_wall:.2f}×),"
              f" {cpu * 1000:6.2f} ms CPU ({ratio:.2f}×), {queries[name]} queries, 304; target "
              f"≤ {TARGET_UNCHANGED}×: {'met' if ratio <= TARGET_UNCHANGED else 'MISSED'}")
        result["unchanged_" + "_".join(name.lower().replace("(", "").replace(")", "").split())
               + "_ratio"] = ratio
    return result


def main(evenings: int = 40, members: int = 80, rounds: int = 3, repeat: int = 25,
         samples: int = 8, interval: float | None = None) -> dict[str, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from benchmarks.standings import RAW_SQL
    from tournaments.models.stamps import stamp_competition
    from tournaments.standings.views.polling import POLL_SECONDS

    interval = POLL_SECONDS if interval is None else interval
    _clear_caches()
    setup = _setup(evenings, members, rounds, tables=math.ceil(samples / 7))
    season, pollers = setup["season"], setup["pollers"]

    def raw() -> list[Any]:
        with connection.cursor() as cursor:
            cursor.execute(RAW_SQL, [season.pk])
            return cursor.fetchall()

    for poller in pollers.values():
        poller.poll()  # the first answer (200) and its ETag; warms templates and the cache
    queries = {}
    for name, poller in pollers.items():
        with CaptureQueriesContext(connection) as captured:
            poller.unchanged()
        queries[name] = len(captured)
    rows = len(raw())
    unchanged = _median_times({**{name: p.unchanged for name, p in pollers.items()},
                               "raw SQL": raw}, repeat)
    standings = pollers["standings (member)"]
    changed = _median_times({"changed": standings.changed}, max(3, repeat // 3),
                            before=lambda: stamp_competition(season))
    raw_wall, raw_cpu = unchanged.pop("raw SQL")
    print(f"Live polls: {evenings} evenings, {members} members, {rows} member-evenings "
          f"(built in {setup['built']:.0f} s); medians of {repeat}, interleaved, against one "
          f"raw SQL GROUP BY: {raw_wall * 1000:.2f} ms wall, {raw_cpu * 1000:.2f} ms CPU")
    in_process = connection.vendor == "sqlite"
    result = _report_unchanged(unchanged, queries, raw_wall, raw_cpu, in_process=in_process)
    wall, cpu = changed["changed"]
    print(f"  changed standings page, once   {wall * 1000:6.1f} ms wall ({wall / raw_wall:.1f}×), "
          f"{cpu * 1000:6.1f} ms CPU ({cpu / raw_cpu:.1f}×), 200")
    result["changed_ratio"] = cpu / raw_cpu if in_process else wall / raw_wall
    found = seen_after_save(setup["keeper"], standings, _saves(setup["club"], setup["tables"])
                            [:samples], interval, random.Random(34))
    save, poll = statistics.mean(found["save"]), statistics.mean(found["poll"])
    seen = found["seen"]
    print(f"  save → seen by a client polling every {interval:g} s ({len(seen)} saves at random "
          f"moments): mean {statistics.mean(seen):.2f} s, max {max(seen):.2f} s "
          f"(expected: mean {save + interval / 2 + poll:.2f} s, at most "
          f"{save + interval + poll:.2f} s = save {save * 1000:.0f} ms + the wait for the next "
          f"poll + the changed poll {poll * 1000:.0f} ms); target ≤ 5 s: "
          f"{'met' if max(seen) <= 5 else 'MISSED'}")
    result.update({"seen_mean_s": statistics.mean(seen), "seen_max_s": max(seen)})
    return result


if __name__ == "__main__":
    with test_database():
        main()
