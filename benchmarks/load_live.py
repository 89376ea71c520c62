"""Load test of the live pages: many club evenings at once, watched while they are played.

Run: ``make load LOAD_ARGS="--live"`` or ``.venv/bin/python -m benchmarks.load --live [--db
sqlite|postgres|both] [--seconds 30] [--evenings 300] [--viewers 20] [--every 5]
[--hand-every 180] [--clients 50] [--workers 4] [--pg-db NAME]``.

For each database it seeds ``--evenings`` clubs with public pages, each with one Jokeren evening
in play tonight: ``--viewers`` members (tables of four; each member a user with a session made
at seeding, as if logged in on their phone at home), ``--rounds`` rounds. Then, against gunicorn
as ``benchmarks/load.py`` starts it:

1. **without pollers**, for ``--seconds``: ``--clients`` scorekeepers (``load_clients``, logged
   in through the form) save hands at the usual rate, each table one hand every
   ``--hand-every`` seconds (a Jokeren deal takes about three minutes): tables ÷ hand-every
   hands a second over all clubs, each scorekeeper serving the tables of its own clubs;
2. **with pollers**, after a warm-up in which each viewer fetches its page once (not measured;
   ``--cold`` leaves it out), for as long again, the same scorekeepers going on, while every
   club's TV (a visitor: the TV page) and every member (the evening's live page, logged in)
   poll every ``--every`` seconds (``load_pollers``: one asyncio process, open loop):
   300 evenings × (1 TV + 20 members) ÷ 5 s = 1,260 polls a second offered.

It reports the polls answered a second (and how many were 304), their p50/p95 time, the hands
saved a second and a save's p50/p95 in both phases, the machine's load (``os.getloadavg``) and
errors; then checks the database as ``benchmarks.load`` does (every acknowledged hand stored
exactly once, seats = engine, standings = recomputation), over every club.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import secrets
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.load import (
    PYTHON,
    ROOT,
    percentile,
    run_servers,
)
from benchmarks.load_clients import Scorekeeper, Stats
from benchmarks.load_db import PASSWORD, setup_django


def seed_live(evenings: int, viewers: int, keepers: int, rounds: int, out: Path) -> None:
    """The clubs, their evenings tonight, members with sessions, scorekeepers; the plan."""
    setup_django()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.urls import reverse
    from django.utils import timezone

    from clubmanager.models import Club, ClubRole, Member, Role
    from tournaments.models import Competition, Evening, Participant

    User = get_user_model()
    hashed = make_password(PASSWORD)
    clubs = Club.objects.bulk_create(
        Club(name=f"Club {c:03d}", slug=f"club{c:03d}", public_pages=True)
        for c in range(evenings))
    competitions = Competition.objects.bulk_create(
        Competition(club=club, name="Jokeren", game="jokeren", better="lower",
                    start_date=timezone.localdate()) for club in clubs)
    tonight = Evening.objects.bulk_create(
        Evening(competition=c, date=timezone.localdate(), status="playing")
        for c in competitions)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Lid {c:03d}-{i:02d}", member_number=f"M{i:02d}")
        for c, club in enumerate(clubs) for i in range(viewers))
    users = User.objects.bulk_create(
        User(username=f"lid{c:03d}-{i:02d}", password=hashed)
        for c in range(evenings) for i in range(viewers))
    ClubRole.objects.bulk_create(ClubRole(user=user, club=clubs[n // viewers], role=Role.MEMBER)
                                 for n, user in enumerate(users))
    sessions = _sessions(users)
    keeper_users = User.objects.bulk_create(
        User(username=f"schrijver{k:02d}", password=hashed) for k in range(keepers))
    ClubRole.objects.bulk_create(
        ClubRole(user=keeper_users[c % keepers], club=club, role=Role.SCOREKEEPER)
        for c, club in enumerate(clubs))
    participants = Participant.objects.bulk_create(
        Participant(evening=tonight[n // viewers], member=m) for n, m in enumerate(members))
    tables = _seat_rounds(tonight, participants, viewers, rounds)
    slugs = {table: clubs[c].slug for c, rounds_ in enumerate(tables)
             for round_ in rounds_ for table in round_}
    keeper_tables: list[list[int]] = [[] for _ in range(keepers)]
    for r in range(rounds):
        for t in range(viewers // 4):
            for c in range(evenings):
                keeper_tables[c % keepers].append(tables[c][r][t])
    out.write_text(json.dumps({
        "users": [u.username for u in keeper_users], "keeper_tables": keeper_tables,
        "clubs": slugs, "tables_at_once": evenings * (viewers // 4),
        "tvs": [reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk})
                for club, competition in zip(clubs, competitions, strict=True)],
        "members": [(reverse("tournaments:evening_live", kwargs={
            "club": clubs[n // viewers].slug, "pk": tonight[n // viewers].pk}), s.session_key)
            for n, s in enumerate(sessions)],
    }))


def _sessions(users: list[Any]) -> list[Any]:
    """A session for each user, as if each had logged in on their phone."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    backend = settings.AUTHENTICATION_BACKENDS[-1]  # the one a login through the form records
    store, expires = SessionStore(), timezone.now() + datetime.timedelta(days=1)
    return Session.objects.bulk_create(Session(
        session_key=secrets.token_hex(16), expire_date=expires, session_data=store.encode({
            "_auth_user_id": str(user.pk), "_auth_user_backend": backend,
            "_auth_user_hash": user.get_session_auth_hash()})) for user in users)


def _seat_rounds(evenings: list[Any], participants: list[Any], viewers: int,
                 rounds: int) -> list[list[list[int]]]:
    """Every evening's rounds of tables of four, a different foursome each round: the table
    ids by evening, round, table."""
    from tournaments.models import Round, Seat, Table
    from tournaments.shared.matches import assign_sides

    round_rows = Round.objects.bulk_create(
        Round(evening=e, number=r + 1, seed=r + 1) for e in evenings for r in range(rounds))
    per_round = viewers // 4
    table_rows = Table.objects.bulk_create(
        Table(round=round_, number=t + 1, game="jokeren", options={})
        for round_ in round_rows for t in range(per_round))
    seats = []
    ids: list[list[list[int]]] = [[[] for _ in range(rounds)] for _ in evenings]
    for n, table in enumerate(table_rows):
        e, r, t = n // (rounds * per_round), n // per_round % rounds, n % per_round
        people = participants[e * viewers:(e + 1) * viewers]
        group = [people[(4 * t + k * (r * 4 + 1)) % viewers] for k in range(4)]
        if len({p.pk for p in group}) < 4:
            group = people[4 * t:4 * t + 4]
        sides = assign_sides("jokeren", [p.member.name for p in group])
        seats += [Seat(table=table, position=i, participant=p, side=side, team=team)
                  for i, (p, (side, team)) in enumerate(zip(group, sides, strict=True), 1)]
        ids[e][r].append(table.pk)
    Seat.objects.bulk_create(seats)
    return ids


def run_live(db: str, args: argparse.Namespace) -> dict[str, Any]:
    run = run_servers(db, args, prefix="load-live", prepare=_prepare,
                      play=lambda ports, plan, work: _play(ports, plan, work, args))
    stats, phases, polls = run.outcome
    return {"db": db, "reference_save_ms": run.reference, "plan": _plan_figures(run.plan, args),
            "phases": phases, "polls": polls, "errors": dict(stats.errors),
            "error_examples": dict(stats.examples), "server_tracebacks": run.tracebacks,
            "check": run.check, "workers": args.workers, "instances": args.instances}


def _prepare(env: dict[str, str], work: Path, args: argparse.Namespace) -> dict[str, Any]:
    for cmd in (["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"]):
        subprocess.run([PYTHON, "manage.py", *cmd], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    plan_path = work / "plan.json"
    subprocess.run([PYTHON, "-m", "benchmarks.load_live", "--evenings", str(args.evenings),
                    "--viewers", str(args.viewers), "--clients", str(args.clients),
                    "--rounds", str(args.rounds), "--out", str(plan_path)],
                   cwd=ROOT, env=env, check=True)
    plan: dict[str, Any] = json.loads(plan_path.read_text())
    plan["path"] = str(plan_path)
    return plan


def _plan_figures(plan: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    viewers = len(plan["tvs"]) + len(plan["members"])
    return {"evenings": args.evenings, "tvs": len(plan["tvs"]), "members": len(plan["members"]),
            "every": args.every, "offered_polls": viewers / args.every,
            "tables": plan["tables_at_once"], "hand_every": args.hand_every,
            "offered_hands": plan["tables_at_once"] / args.hand_every,
            "clients": args.clients, "seconds": args.seconds}


def _play(ports: list[int], plan: dict[str, Any], work: Path,
          args: argparse.Namespace) -> tuple[Stats, dict[str, Any], dict[str, Any]]:
    """Scorekeepers alone for ``--seconds``, then with the pollers as long again."""
    stats, stop = Stats(), threading.Event()
    barrier = threading.Barrier(args.clients + 1)
    pace = args.clients * args.hand_every / plan["tables_at_once"]
    clubs = {int(table): slug for table, slug in plan["clubs"].items()}
    threads = [Scorekeeper(ports, plan["users"][i], plan["keeper_tables"][i], stats, barrier,
                           stop, i, pace=pace, clubs=clubs) for i in range(args.clients)]
    for thread in threads:
        thread.start()
    try:
        barrier.wait(timeout=900)
    except threading.BrokenBarrierError:
        raise RuntimeError(f"not every scorekeeper logged in: {stats.errors}") from None
    alone = (time.time(), os.getloadavg()[0])
    time.sleep(args.seconds)
    alone_end = time.time()
    out = work / "polls.json"
    subprocess.run([PYTHON, "-m", "benchmarks.load_pollers", "--plan", plan["path"],
                    "--ports", ",".join(map(str, ports)), "--seconds", str(args.seconds),
                    "--every", str(args.every), "--out", str(out),
                    *(["--cold"] if args.cold else [])], cwd=ROOT, check=True)
    load_after = os.getloadavg()[0]
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
    polls = json.loads(out.read_text())
    phases = {"alone": _phase(stats, alone[0], alone_end) | {"load": alone[1]},
              "polled": _phase(stats, polls["wall_start"], polls["wall_end"])
              | {"load": load_after}}
    times, served = polls.pop("times"), polls.pop("served")
    polls.update({"p50": percentile(times, 50), "p95": percentile(times, 95),
                  "served_p95": percentile(served, 95),
                  "answered_per_s": polls["answered"] / polls["seconds"],
                  "sent_per_s": polls["sent"] / polls["seconds"]})
    return stats, phases, polls


def _phase(stats: Stats, start: float, end: float) -> dict[str, Any]:
    saves = [t for at, t in zip(stats.save_at, stats.save, strict=False) if start <= at < end]
    hands = sum(start <= at < end for at in stats.acknowledged_at)
    return {"seconds": end - start, "hands": hands, "hands_per_s": hands / (end - start),
            "save_p50": percentile(saves, 50), "save_p95": percentile(saves, 95)}


def _warm_up(polls: dict[str, Any]) -> str:
    seconds = polls.get("warm_up_s")
    return "none (--cold)" if seconds is None else f"{seconds:.0f} s"


def report(result: dict[str, Any]) -> None:
    plan, polls, check = result["plan"], result["polls"], result["check"]
    alone, polled = result["phases"]["alone"], result["phases"]["polled"]
    ms = 1000
    print(f"\n== live, {result['db']}: {plan['evenings']} evenings at once, {plan['tvs']} TVs + "
          f"{plan['members']} members polling every {plan['every']:g} s "
          f"({plan['offered_polls']:.0f} polls/s offered); {plan['tables']} tables, one hand "
          f"every {plan['hand_every']:g} s each ({plan['offered_hands']:.1f} hands/s offered) "
          f"by {plan['clients']} scorekeepers; gunicorn {result['instances']} × "
          f"{result['workers']} workers; {plan['seconds']} s a phase")
    print(f"machine       one save alone {result['reference_save_ms']:.2f} ms (median, "
          f"benchmarks.score_entry just before); {os.cpu_count()} cores, load average "
          f"{alone['load']:.1f} before, {polled['load']:.1f} after the pollers")
    print(f"polls         sent {polls['sent_per_s']:.0f}/s, answered {polls['answered_per_s']:.0f}"
          f"/s ({polls['answered']} in {polls['seconds']:.0f} s; by status {polls['status']}), "
          f"turns skipped (previous poll still out) {polls['skipped']}, still waiting for a "
          f"connection at the end {polls.get('unsent', 0)}; warm-up (each viewer's first "
          f"answer, not measured): {_warm_up(polls)}")
    print(f"poll time     p50 {polls['p50'] * ms:.0f} ms, p95 {polls['p95'] * ms:.0f} ms "
          f"(from its moment); p95 {polls['served_p95'] * ms:.0f} ms from its connection")
    for name, phase in (("without polls", alone), ("with polls", polled)):
        print(f"{name:13} hands saved {phase['hands_per_s']:.1f}/s ({phase['hands']}), save p50 "
              f"{phase['save_p50'] * ms:.0f} ms, p95 {phase['save_p95'] * ms:.0f} ms")
    rate = polled["hands_per_s"] / alone["hands_per_s"] if alone["hands_per_s"] else 0
    print(f"saves' rate   with polls {rate:.0%} of without")
    errors = sum(result["errors"].values()) + sum(polls["errors"].values())
    print(f"errors        {errors} (scorekeepers {result['errors'] or 0}, polls "
          f"{polls['errors'] or 0}; server tracebacks: {result['server_tracebacks']})")
    for kind, example in result["error_examples"].items():
        print(f"  first {kind}: {example}")
    ok = check["problem_count"] == 0
    print(f"check         {'OK' if ok else 'FAILED'}: {check['acknowledged']} acknowledged, "
          f"{check['stored']} stored, seats = engine, standings ({check['standings_rows']} "
          f"rows) = recomputation" if ok else f"{check['problem_count']} problems")
    for problem in check["problems"]:
        print("   ", problem)


def main() -> None:
    parser = argparse.ArgumentParser(description="seed the live load test's database")
    parser.add_argument("--evenings", type=int, required=True)
    parser.add_argument("--viewers", type=int, required=True)
    parser.add_argument("--clients", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    seed_live(args.evenings, args.viewers, args.clients, args.rounds, args.out)


if __name__ == "__main__":
    main()
