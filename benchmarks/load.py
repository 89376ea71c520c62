"""Load test: 50 scorekeepers entering hands at once against the production server.

Run: ``make load`` (both databases) or ``.venv/bin/python -m benchmarks.load [--db sqlite|postgres|
both] [--seconds 60] [--clients 50] [--workers 4] [--instances 1] [--balance split|alternate]
[--drop 0.05]``.

For each database it

1. makes a fresh database (SQLite: a file in a temporary directory, set up as the settings
   set up any SQLite file: WAL, BEGIN IMMEDIATE; PostgreSQL:
   ``clubmanager_load_<pid>`` at 127.0.0.1:5432, dropped afterwards), migrates it and seeds a
   club with one Jokeren evening: 200 members, ``rounds`` rounds of 50 tables, 50 users with the
   scorekeeper role;
2. starts gunicorn (``clubmanager.project.wsgi``, DEBUG off, whitenoise) on a free loopback port, or
   ``--instances`` separate gunicorn instances (``--workers`` each) on as many ports, sharing
   only the database and the settings (one secret key), as several app servers would;
3. runs one thread per scorekeeper (stdlib ``http.client``, its own session): log in through the
   login form, then for ``--seconds``: GET the table page (version and CSRF token as a browser
   reads them), POST the next deal the way htmx does (``HX-Request``, ``X-CSRFToken``). A match
   of 7 deals finished, the scorekeeper moves to their table in the next round. Each save
   carries the form's idempotency key (``entry_key``); with ``--drop``, that share of the save
   answers is thrown away after the server answered (as when a phone loses the connection
   while the answer is on its way) and the same save is sent again with the same key, until an
   answer arrives: the server must answer "Deal N saved." for the first one. With several
   instances, ``--balance split`` gives each scorekeeper one instance (scorekeeper i talks to
   instance i mod N); ``alternate`` sends each request to the next instance, as a load balancer
   without sticky sessions would: logged in on one server, saving on another;
4. checks the database: every acknowledged hand ("Deal N saved.") is stored exactly once with the
   data sent, no hand is stored that was not sent, each seat's stored integers equal a fresh
   ``scoring.evaluate`` of the table's hands, and the standings selector's totals equal a
   recomputation from those evaluations;
5. prints requests per second, p50/p95 latency (page and save separately) and errors.

The machine's cores are shared by the server and the 50 clients: figures are for this machine,
at the speed it has at that moment. Before each run the report takes a reference of that speed:
one save at a time with nothing else running (``benchmarks.score_entry``, SQLite in memory, the
median), since the same 2-core machine has been seen to run the same code at speeds a third
apart within one hour.

The parts: this module starts the servers, runs the scorekeepers and reports;
``benchmarks/load_clients.py`` is the scorekeepers; ``benchmarks/load_db.py`` seeds and verifies
the database (``python -m benchmarks.load seed|verify``, inside the server's environment).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from benchmarks.load_clients import Scorekeeper, Stats
from benchmarks.load_db import seed, verify

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
PG_URL = os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


SAVE_MEDIAN = re.compile(r"save a hand\s+([\d.]+) ms median")


def machine_reference() -> float:
    """The machine's speed now: the median of one save at a time (``benchmarks.score_entry``,
    SQLite in memory, whatever database the run uses), in ms."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    out = subprocess.run([PYTHON, "-m", "benchmarks.score_entry"], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    found = SAVE_MEDIAN.search(out)
    if found is None:
        raise RuntimeError(f"benchmarks.score_entry printed no median: {out[-300:]}")
    return float(found.group(1))


def run_one(db: str, args: argparse.Namespace) -> dict[str, Any]:
    run = run_servers(db, args, prefix="load", prepare=_prepare,
                      play=lambda ports, plan, _work: _play(ports, plan, args))
    stats, elapsed = run.outcome
    return {**_figures(db, args, run.reference, elapsed, stats, run.ports),
            "server_tracebacks": run.tracebacks, "check": run.check}


class ServedRun(NamedTuple):
    """What :func:`run_servers` found: the machine's reference save time (ms), the seeded
    plan, the servers' ports, what ``play`` returned, the tracebacks in the servers' logs and
    the check that every acknowledged hand is stored exactly once."""
    reference: float
    plan: dict[str, Any]
    ports: list[int]
    outcome: Any
    tracebacks: int
    check: dict[str, Any]


def run_servers(db: str, args: argparse.Namespace, *, prefix: str,
                prepare: Callable[[dict[str, str], Path, argparse.Namespace], dict[str, Any]],
                play: Callable[[list[int], dict[str, Any], Path], Any]) -> ServedRun:
    """Against a fresh database (``db``: sqlite or postgres): seed it (``prepare``), start
    ``args.instances`` gunicorn instances as ``make run`` does, run ``play`` (its result's first
    item is the scorekeepers' :class:`Stats`), stop the servers, and check every hand."""
    reference = machine_reference()
    work = Path(tempfile.mkdtemp(prefix=f"{prefix}-{db}-"))
    pg_name = args.pg_db or f"clubmanager_load_{os.getpid()}"
    if db == "sqlite":
        url = f"sqlite:///{work / 'load.sqlite3'}"
    else:
        url = f"{PG_URL}/{pg_name}"
        _pg_admin(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
        _pg_admin(f'CREATE DATABASE "{pg_name}"')
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_LOG_LEVEL": "WARNING",
           # the live cache of this run's fresh database: a folder left by another run would
           # hold its clubs' ids and stamps
           "DJANGO_LIVE_CACHE_DIR": str(work / "live-cache")}
    env.pop("DJANGO_DB_CONN_MAX_AGE", None)  # the production default, as under make run
    servers: list[subprocess.Popen[bytes]] = []
    try:
        plan = prepare(env, work, args)
        ports = [free_port() for _ in range(args.instances)]
        logs = [work / f"gunicorn-{n}.log" for n in range(args.instances)]
        for port, log in zip(ports, logs, strict=True):
            servers.append(_start_server(port, log, env, args.workers))
        for port in ports:
            _wait_for(port)
        outcome = play(ports, plan, work)
        stats: Stats = outcome[0]
        acks_path = work / "acks.json"
        acks_path.write_text(json.dumps({"acknowledged": stats.acknowledged,
                                         "attempted": stats.attempted}))
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(timeout=30)
        tracebacks = sum(log.read_text().count("Traceback") for log in logs)
        checked = json.loads(subprocess.run(
            [PYTHON, "-m", "benchmarks.load", "verify", "--acks", str(acks_path)],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout)
        return ServedRun(reference, plan, ports, outcome, tracebacks, checked)
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
        if db == "postgres":
            _pg_admin(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
        shutil.rmtree(work, ignore_errors=True)


def _prepare(env: dict[str, str], work: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Migrate and seed the fresh database; the plan: each scorekeeper's user and tables."""
    def manage(*cmd: str) -> None:
        subprocess.run([PYTHON, "manage.py", *cmd], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)

    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput", "--verbosity", "0")
    plan_path = work / "plan.json"
    subprocess.run([PYTHON, "-m", "benchmarks.load", "seed", "--clients", str(args.clients),
                    "--rounds", str(args.rounds), "--out", str(plan_path)],
                   cwd=ROOT, env=env, check=True)
    plan: dict[str, Any] = json.loads(plan_path.read_text())
    return plan


def _play(ports: list[int], plan: dict[str, Any],
          args: argparse.Namespace) -> tuple[Stats, float]:
    """Every scorekeeper logged in, then playing until the time is up: the stats and the time
    played."""
    stats = Stats()
    barrier = threading.Barrier(args.clients + 1)
    stop = threading.Event()
    threads = [
        Scorekeeper(ports, plan["users"][i], [r[i] for r in plan["tables"]], stats, barrier,
                    stop, i, args.balance, args.drop)
        for i in range(args.clients)
    ]
    for thread in threads:
        thread.start()
    try:
        barrier.wait(timeout=900)
    except threading.BrokenBarrierError:
        raise RuntimeError(f"not every scorekeeper logged in: {stats.errors}") from None
    started = time.perf_counter()
    # Until the time is up, or earlier if every scorekeeper has played all their tables
    # (then the rates are over the time it took, and the report says so).
    while (time.perf_counter() - started < args.seconds
           and any(thread.is_alive() for thread in threads)):
        time.sleep(0.05)
    elapsed = time.perf_counter() - started
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
    return stats, elapsed


def _figures(db: str, args: argparse.Namespace, reference: float, elapsed: float,
             stats: Stats, ports: list[int]) -> dict[str, Any]:
    """What the scorekeepers measured, as :func:`report` prints it."""
    requests = len(stats.page) + len(stats.save)
    return {
        "db": db, "seconds": elapsed, "clients": args.clients, "workers": args.workers,
        "reference_save_ms": reference,
        "instances": args.instances, "balance": args.balance,
        "per_instance": [stats.per_port.get(port, 0) for port in ports],
        "requests": requests, "rps": requests / elapsed,
        "hands_per_s": len(stats.acknowledged) / elapsed,
        "page_p50": percentile(stats.page, 50), "page_p95": percentile(stats.page, 95),
        "save_p50": percentile(stats.save, 50), "save_p95": percentile(stats.save, 95),
        "save_mean": statistics.fmean(stats.save) if stats.save else float("nan"),
        "errors": dict(stats.errors), "error_examples": dict(stats.examples),
        "warnings_acknowledged": stats.warnings_acknowledged,
        "drop": args.drop, "dropped": stats.dropped, "resent": stats.resent,
        "repeats_saved": stats.repeats_saved,
        "finished_tables": stats.finished_tables, "out_of_tables": stats.out_of_tables,
    }


def _start_server(port: int, log: Path, env: dict[str, str],
                  workers: int) -> subprocess.Popen[bytes]:
    with log.open("w") as out:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [GUNICORN, "clubmanager.project.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(workers), "--timeout", "60", "--backlog", "256"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def _pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG_URL}/postgres", autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


def _wait_for(port: int) -> None:
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/accounts/login/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("gunicorn did not start")


def report(result: dict[str, Any]) -> None:
    ms = 1000
    check = result["check"]
    errors = sum(result["errors"].values())
    servers = (f"{result['workers']} workers" if result.get("instances", 1) == 1 else
               f"{result['instances']} instances × {result['workers']} workers, "
               f"{result['balance']} (requests per instance: "
               f"{', '.join(map(str, result['per_instance']))})")
    print(f"\n== {result['db']}: {result['clients']} scorekeepers, gunicorn {servers}, "
          f"{result['seconds']:.0f} s")
    print(f"machine       one save alone {result['reference_save_ms']:.2f} ms (median, "
          "benchmarks.score_entry just before the run: this machine's speed at the time)")
    if result["out_of_tables"]:
        print(f"(all work done early: {result['out_of_tables']} of {result['clients']} "
              "scorekeepers played every table of the plan; raise --rounds)")
    print(f"requests      {result['requests']} ({result['rps']:.1f}/s), hands saved "
          f"{check['acknowledged']} ({result['hands_per_s']:.1f}/s), tables finished "
          f"{result['finished_tables']}, warnings acknowledged "
          f"{result.get('warnings_acknowledged', 0)}")
    if result.get("drop"):
        print(f"answers lost  {result['dropped']} ({result['drop']:.0%} dropped after the server "
              f"answered) on {result['resent']} saves, each sent again with its key until an "
              f"answer was kept: {result['repeats_saved']} of them answered \"Deal N saved.\"")
    print(f"table page    p50 {result['page_p50'] * ms:.0f} ms, p95 "
          f"{result['page_p95'] * ms:.0f} ms")
    print(f"save a hand   p50 {result['save_p50'] * ms:.0f} ms, p95 "
          f"{result['save_p95'] * ms:.0f} ms")
    print(f"errors        {errors} {result['errors'] or ''} (server tracebacks: "
          f"{result['server_tracebacks']})")
    for kind, example in result.get("error_examples", {}).items():
        print(f"  first {kind}: {example}")
    ok = check["problem_count"] == 0
    print(f"check         {'OK' if ok else 'FAILED'}: {check['acknowledged']} acknowledged, "
          f"{check['stored']} stored ({check['unacknowledged_stored']} stored whose answer "
          f"was lost), seats = engine, standings ({check['standings_rows']} rows) = "
          f"recomputation" if ok else f"{check['problem_count']} problems")
    for problem in check["problems"]:
        print("   ", problem)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    seed_cmd = sub.add_parser("seed")
    seed_cmd.add_argument("--clients", type=int, required=True)
    seed_cmd.add_argument("--rounds", type=int, required=True)
    seed_cmd.add_argument("--out", type=Path, required=True)
    verify_cmd = sub.add_parser("verify")
    verify_cmd.add_argument("--acks", type=Path, required=True)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=int, default=None,
                        help="default 60; with --live 30 a phase (alone, then polled)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=None, help="default 40; with --live 2")
    parser.add_argument("--pg-db", default="",
                        help="PostgreSQL database name (default clubmanager_load_<pid>)")
    live = parser.add_argument_group("the live pages (--live, benchmarks/load_live.py)")
    live.add_argument("--live", action="store_true",
                      help="club evenings watched by TVs and members while they are played")
    live.add_argument("--evenings", type=int, default=300)
    live.add_argument("--viewers", type=int, default=20,
                      help="members per evening, polling its live page (a multiple of 4)")
    live.add_argument("--every", type=float, default=5.0, help="seconds between polls")
    live.add_argument("--hand-every", type=float, default=180.0,
                      help="seconds between a table's hands (the usual rate)")
    live.add_argument("--cold", action="store_true",
                      help="no warm-up: the measured polls start without an ETag")
    parser.add_argument("--instances", type=int, default=1,
                        help="gunicorn instances on as many ports, one database (default 1)")
    parser.add_argument("--balance", choices=["split", "alternate"], default="split",
                        help="with several instances: each scorekeeper on one instance (split) "
                             "or every request to the next instance (alternate)")
    parser.add_argument("--drop", type=float, default=0.0,
                        help="share of save answers to throw away after the server answered; "
                             "each such save is sent again with its idempotency key "
                             "(e.g. 0.05)")
    return parser


def main() -> None:
    parser = _parser()
    args = parser.parse_args()
    if args.command == "seed":
        seed(args.clients, args.rounds, args.out)
        return
    if args.command == "verify":
        verify(args.acks)
        return
    if args.seconds is None:
        args.seconds = 30 if args.live else 60
    if args.rounds is None:
        args.rounds = 2 if args.live else 40
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be between 1 and 600")
    if not 0 <= args.drop < 1:
        parser.error("--drop must be at least 0 and below 1")
    if not 1 <= args.instances <= 8:
        parser.error("--instances must be between 1 and 8")
    if args.live and (args.viewers % 4 or args.viewers < 4 or args.evenings < args.clients):
        parser.error("--viewers must be a multiple of 4, --evenings at least --clients")
    failed = False
    for db in (["sqlite", "postgres"] if args.db == "both" else [args.db]):
        if args.live:
            from benchmarks import load_live

            result = load_live.run_live(db, args)
            load_live.report(result)
        else:
            result = run_one(db, args)
            report(result)
        failed |= result["check"]["problem_count"] > 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
