"""Score entry: saving a Jokeren hand through the real view, one request at a time.

Run: ``.venv/bin/python -m benchmarks.score_entry``. In a temporary SQLite test database, a
scorekeeper (logged in, the full middleware stack: sessions, CSRF, auth, messages, htmx,
history, axes) saves hands the way a phone does (htmx POST with the CSRF header, the
``#match`` partial back), straight into Django's WSGI handler with DEBUG off, as under
gunicorn. Reports the save's median and p95 time and its queries (counted in a separate,
untimed pass), the same for hand 1 and hand 7. What a busy evening does to a save is
``benchmarks/load.py``'s measure.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from benchmarks._django import test_database

TABLES = 40  # × 7 deals = 280 saves, plus one table whose saves count the queries


def _setup() -> tuple[Any, list[Any], Any, Any]:
    import datetime

    from django.contrib.auth import get_user_model

    from benchmarks._django import WsgiBrowser
    from clubmanager.models import Club, ClubRole, Member, Role
    from tournaments.models import Competition, Evening, Participant, Round, Seat, Table
    from tournaments.shared.matches import assign_sides

    club = Club.objects.create(name="Benchmark", slug="benchmark")
    user = get_user_model().objects.create_user("schrijver", password="x" * 20)
    ClubRole.objects.create(user=user, club=club, role=Role.SCOREKEEPER)
    competition = Competition.objects.create(club=club, name="Jokeren", game="jokeren",
                                             start_date=datetime.date(2026, 9, 1),
                                             better="lower")
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 8),
                                     status="playing")
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Speler {i:03d}", member_number=str(i)) for i in range(4))
    people = Participant.objects.bulk_create(Participant(evening=evening, member=m)
                                             for m in members)
    tables = []
    for r in range(1, TABLES + 2):
        round_ = Round.objects.create(evening=evening, number=r, seed=r)
        table = Table.objects.create(round=round_, number=1, game="jokeren")
        sides = assign_sides("jokeren", [p.member.name for p in people])
        Seat.objects.bulk_create(
            Seat(table=table, position=i, participant=p, side=side, team=team)
            for i, (p, (side, team)) in enumerate(zip(people, sides, strict=True), start=1))
        tables.append(table)
    return club, tables, evening, WsgiBrowser(user, language="en")


def _posts(club: Any, table: Any) -> tuple[str, list[dict[str, str]]]:
    """The table's URL and the 7 deals as a phone posts them (version 0, 1, …)."""
    from django.urls import reverse

    from tournaments.entry.forms import HandForm
    from tournaments.games import sample_hands
    from tournaments.shared.matches import sides_of

    sides = sides_of(table.seats.all())
    posts = []
    for number, hand in enumerate(sample_hands("jokeren", sides), start=1):
        form = HandForm(game="jokeren", sides=sides, options={}, initial=hand)
        post = {"version": str(number - 1)}
        post.update({i.name: i.value for i in form.blocks[0].inputs})
        posts.append(post)
    return reverse("tournaments:hand_add", kwargs={"club": club.slug, "pk": table.pk}), posts


def main() -> dict[str, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Hand

    club, tables, _evening, browser = _setup()
    counted, timed = tables[0], tables[1:]
    real: list[float] = []
    queries: dict[int, int] = {}
    url, posts = _posts(club, counted)
    for number, post in enumerate(posts, start=1):  # untimed: the query log costs time
        with CaptureQueriesContext(connection) as captured:
            status, content = browser.post(url, post)
        assert status == 200 and f"Deal {number} saved".encode() in content, content[:500]
        queries[number] = len(captured)
    for table in timed:
        url, posts = _posts(club, table)
        for number, post in enumerate(posts, start=1):
            start = time.perf_counter()
            status, content = browser.post(url, post)
            real.append(time.perf_counter() - start)
            assert status == 200 and f"Deal {number} saved".encode() in content, content[:500]
    assert Hand.objects.count() == 7 * len(tables), "not every hand was saved"
    median_ms = statistics.median(real) * 1000
    p95_ms = statistics.quantiles(real, n=20)[-1] * 1000
    print("Score entry: htmx POST of a Jokeren hand, full middleware, WSGI handler, DEBUG off, "
          f"SQLite ({len(real)} saves)")
    print(f"  save a hand      {median_ms:7.2f} ms median, {p95_ms:.2f} ms p95   "
          f"({queries[1]} queries for hand 1, {queries[7]} for hand 7)")
    return {"save_ms": median_ms, "save_p95_ms": p95_ms, "queries": queries[7]}


if __name__ == "__main__":
    with test_database():
        main()
