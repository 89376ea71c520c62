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
2. starts gunicorn (``clubmanager.wsgi``, DEBUG off, whitenoise) on a free loopback port, or
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
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
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
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
PASSWORD = "load-test-password-1234"  # noqa: S105 - throw-away database
CLUB = "belasting"
PG_URL = os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432")


# -- inside the server's environment (subprocesses) -------------------------------------------
def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.settings")
    import django

    django.setup()


def seed(clients: int, rounds: int, out: Path) -> None:
    _django()
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from clubmanager.models import Club, ClubRole, Member, Role
    from tournaments.matches import assign_sides
    from tournaments.models import Competition, Evening, Participant, Round, Seat, Table

    club = Club.objects.create(name="Belasting", slug=CLUB)
    hashed = make_password(PASSWORD)
    User = get_user_model()
    users = User.objects.bulk_create(
        User(username=f"schrijver{i:02d}", password=hashed) for i in range(clients))
    ClubRole.objects.bulk_create(
        ClubRole(user=u, club=club, role=Role.SCOREKEEPER) for u in users)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Speler {i:03d}", member_number=f"L{i:03d}")
        for i in range(4 * clients))
    competition = Competition.objects.create(
        club=club, name="Jokeren", game="jokeren", start_date=datetime.date(2026, 9, 1),
        better="lower")
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 8),
                                     status="playing")
    people = Participant.objects.bulk_create(
        Participant(evening=evening, member=m) for m in members)
    plan: dict[str, Any] = {"users": [u.username for u in users], "tables": []}
    for r in range(1, rounds + 1):
        round_ = Round.objects.create(evening=evening, number=r, seed=r)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n + 1, game="jokeren", options={})
            for n in range(clients))
        seats = []
        for n, table in enumerate(tables):
            # a different foursome every round
            group = [people[(4 * n + k * (r * 4 + 1)) % len(people)] for k in range(4)]
            if len({p.pk for p in group}) < 4:
                group = people[4 * n: 4 * n + 4]
            sides = assign_sides("jokeren", [p.member.name for p in group])
            seats += [Seat(table=table, position=i, participant=p, side=side, team=team)
                      for i, (p, (side, team)) in enumerate(zip(group, sides, strict=True), 1)]
        Seat.objects.bulk_create(seats)
        plan["tables"].append([t.pk for t in tables])
    out.write_text(json.dumps(plan))


def verify(acks_path: Path) -> None:
    _django()
    from collections import defaultdict

    from tournaments.matches import evaluate_table, places_from_ranking
    from tournaments.models import Competition, Table
    from tournaments.selectors.standings import season_standings

    acks = json.loads(acks_path.read_text())
    sent: dict[int, dict[int, Any]] = defaultdict(dict)
    for table, number, data in acks["acknowledged"]:
        sent[table][number] = data
    attempted = {(t, n): d for t, n, d in acks["attempted"]}
    problems: list[str] = []
    stored_count = 0
    unacknowledged_stored = 0
    expected_totals: dict[int, int] = defaultdict(int)
    tables = Table.objects.filter(round__evening__competition__club__slug=CLUB).prefetch_related(
        "seats__participant__member", "hands")
    for table in tables:
        hands = sorted(table.hands.all(), key=lambda h: h.number)
        stored_count += len(hands)
        numbers = [h.number for h in hands]
        if numbers != list(range(1, len(hands) + 1)):
            problems.append(f"table {table.pk}: hand numbers {numbers}")
        by_number = {h.number: h.data for h in hands}
        for number, data in sent.get(table.pk, {}).items():
            if by_number.get(number) != data:
                problems.append(f"table {table.pk} hand {number}: acknowledged {data}, "
                                f"stored {by_number.get(number)}")
        for number, data in by_number.items():
            if number not in sent.get(table.pk, {}):
                if attempted.get((table.pk, number)) == data:
                    unacknowledged_stored += 1  # sent, stored, answer lost: not a loss
                else:
                    problems.append(f"table {table.pk} hand {number}: stored but never sent")
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        evaluation = evaluate_table(table, seats, [h.data for h in hands])
        places = places_from_ranking(evaluation["ranking"]) if hands else {}
        for seat in seats:
            want = (evaluation["totals"].get(seat.side, 0),
                    evaluation["competition_points"].get(seat.side, 0),
                    places.get(seat.side) if hands else None)
            got = (seat.points, seat.competition_points, seat.place)
            if want != got:
                problems.append(f"table {table.pk} seat {seat.position}: stored {got}, "
                                f"engine {want}")
            if evaluation["finished"]:
                expected_totals[seat.participant.member_id] += want[1]
        if bool(evaluation["finished"]) != table.finished or table.hand_count != len(hands):
            problems.append(f"table {table.pk}: finished/hand_count out of step")
    competition = Competition.objects.get(club__slug=CLUB)
    standings = {row.member_id: row.total for row in season_standings(competition).rows}
    if standings != dict(expected_totals):
        diff = {k: (standings.get(k), expected_totals.get(k))
                for k in set(standings) | set(expected_totals)
                if standings.get(k) != expected_totals.get(k)}
        problems.append(f"standings differ from the recomputation for {len(diff)} members: "
                        f"{list(diff.items())[:5]}")
    print(json.dumps({
        "acknowledged": len(acks["acknowledged"]), "stored": stored_count,
        "unacknowledged_stored": unacknowledged_stored, "standings_rows": len(standings),
        "problems": problems[:50], "problem_count": len(problems),
    }))


# -- the orchestrator ------------------------------------------------------------------------
def jokeren_deals(sides: list[str], variant: int) -> list[dict[str, Any]]:
    sys.path.insert(0, str(ROOT))
    _django()  # the games' site modules read the settings (their words are translated)
    from tournaments.games import sample_hands

    return sample_hands("jokeren", sides, variant)


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    page: list[float] = field(default_factory=list)
    save: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    acknowledged: list[tuple[int, int, Any]] = field(default_factory=list)
    attempted: list[tuple[int, int, Any]] = field(default_factory=list)
    finished_tables: int = 0
    out_of_tables: int = 0
    warnings_acknowledged: int = 0
    examples: dict[str, str] = field(default_factory=dict)
    per_port: dict[int, int] = field(default_factory=dict)
    dropped: int = 0  # answers thrown away (--drop): each save sent again with its key
    resent: int = 0  # saves sent again (an answer of theirs thrown away)
    repeats_saved: int = 0  # such a save answered "Deal N saved." (the first one's answer)

    def error(self, kind: str, text: str = "") -> None:
        """Count an error; keep the first response's messages of each kind for the report."""
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            if text and kind not in self.examples:
                found = MESSAGES.findall(text)
                self.examples[kind] = " | ".join(found)[:300] or text[:300]


VERSION = re.compile(r'name="version" value="(\d+)"')
ENTRY_KEY = re.compile(r'name="entry_key" value="([^"]+)"')
MESSAGES = re.compile(r'class="(?:message [a-z]+|errorlist[^"]*)"[^>]*>(.*?)</', re.S)
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NEXT_HAND = re.compile(r'id="entry-h">\D*(\d+)')
SIDE_LABEL = re.compile(r'<label class="side-input[^"]*" for="id-h-penalties-(\d+)"[^>]*>'
                        r"<span>([^<]+)</span>")


class Scorekeeper(threading.Thread):
    def __init__(self, ports: list[int], username: str, tables: list[int], stats: Stats,
                 start: threading.Barrier, stop: threading.Event, index: int,
                 balance: str = "split", drop: float = 0.0) -> None:
        super().__init__(daemon=True)
        self.drop = drop
        self.chance = random.Random(index)  # noqa: S311 - which answers get lost, not secrets
        self.ports, self.username, self.tables = ports, username, tables
        self.stats, self.start_barrier, self.stop_event, self.index = stats, start, stop, index
        self.balance, self.sent = balance, 0
        self.cookies: dict[str, str] = {"django_language": "en"}  # the language switch

    @property
    def port(self) -> int:
        """The instance of this request: the scorekeeper's own (split), or the next one."""
        if self.balance == "alternate":
            return self.ports[(self.index + self.sent) % len(self.ports)]
        return self.ports[self.index % len(self.ports)]

    def request(self, method: str, path: str, body: dict[str, str] | None = None,
                headers: dict[str, str] | None = None,
                timeout: float = 60) -> tuple[int, str, dict[str, str], float]:
        port = self.port
        self.sent += 1
        with self.stats.lock:
            self.stats.per_port[port] = self.stats.per_port.get(port, 0) + 1
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        all_headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                       **(headers or {})}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers=all_headers)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()
        elapsed = time.perf_counter() - started
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, text, dict(response.getheaders()), elapsed

    def log_in(self) -> None:
        # Before the measured time, all at once: 50 password hashes queue on a busy machine.
        status, text, _h, _t = self.request("GET", "/accounts/login/", timeout=600)
        token = CSRF_INPUT.search(text)
        assert status == 200 and token, f"login page: {status}"
        status, _text, headers, _t = self.request(
            "POST", "/accounts/login/",
            {"username": self.username, "password": PASSWORD,
             "csrfmiddlewaretoken": token.group(1)}, timeout=600)
        assert status == 302 and "sessionid" in self.cookies, f"login: {status} {headers}"

    def run(self) -> None:
        try:
            self.log_in()
        except Exception as exc:  # noqa: BLE001
            self.stats.error(f"login: {exc}")
            self.start_barrier.abort()
            return
        try:
            self.start_barrier.wait()
        except threading.BrokenBarrierError:
            return
        for round_index, table in enumerate(self.tables):
            if not self.play(table, round_index):
                return
        self.stats.out_of_tables += 1

    def play(self, table: int, variant: int) -> bool:
        """Enter the table's 7 deals; False when time is up."""
        path = f"/clubs/{CLUB}/competitions/tables/{table}/"
        deals: list[dict[str, Any]] | None = None
        while not self.stop_event.is_set():
            try:
                status, text, _h, elapsed = self.request("GET", path)
            except OSError as exc:
                self.stats.error(f"page: {type(exc).__name__}")
                continue
            with self.stats.lock:
                self.stats.page.append(elapsed)
            if status != 200:
                self.stats.error(f"page: HTTP {status}")
                continue
            version = VERSION.search(text)
            if version is None:  # no form: the match is finished
                with self.stats.lock:
                    self.stats.finished_tables += 1
                return True
            if deals is None:
                sides = [name for _i, name in sorted(SIDE_LABEL.findall(text))]
                deals = jokeren_deals(sides, variant)
                side_index = {name: i for i, name in enumerate(sides)}
            number = int(NEXT_HAND.search(text).group(1))  # type: ignore[union-attr]
            deal = deals[number - 1]
            key = ENTRY_KEY.search(text)
            body = {"version": version.group(1), "entry_key": key.group(1) if key else ""}
            for side, value in deal["penalties"].items():
                body[f"h-penalties-{side_index[side]}"] = str(value)
            headers = {"HX-Request": "true", "X-CSRFToken": self.cookies.get("csrftoken", ""),
                       "Referer": f"http://127.0.0.1:{self.port}{path}"}
            with self.stats.lock:
                self.stats.attempted.append((table, number, deal))
            try:
                status, text = self.save(path + "hands/add/", body, headers)
            except OSError as exc:
                self.stats.error(f"save: {type(exc).__name__}")
                continue
            if status == 200 and 'name="acknowledge"' in text:
                # The engine warns (e.g. an unusually high penalty): like the scorekeeper,
                # tick "I checked this: save anyway" and save again.
                with self.stats.lock:
                    self.stats.warnings_acknowledged += 1
                try:
                    status, text = self.save(path + "hands/add/", {**body, "acknowledge": "1"},
                                             headers)
                except OSError as exc:
                    self.stats.error(f"save: {type(exc).__name__}")
                    continue
            if status == 200 and f"Deal {number} saved." in text:
                with self.stats.lock:
                    self.stats.acknowledged.append((table, number, deal))
            elif status == 200 and "just changed by someone else" in text:
                self.stats.error("save: table changed")
            else:
                self.stats.error(f"save: HTTP {status}", text)
        return False

    def save(self, path: str, body: dict[str, str], headers: dict[str, str]) -> tuple[int, str]:
        """POST a save; with ``--drop``, throw that share of answers away (the server has
        answered) and send the same save again with the same key until an answer is kept."""
        resent = False
        while True:
            status, text, _h, elapsed = self.request("POST", path, body, headers)
            with self.stats.lock:
                self.stats.save.append(elapsed)
            if self.chance.random() >= self.drop:
                break
            resent = True
            with self.stats.lock:
                self.stats.dropped += 1
        if resent:
            with self.stats.lock:
                self.stats.resent += 1
        if resent and status == 200 and re.search(r"Deal \d+ saved\.", text):
            with self.stats.lock:
                self.stats.repeats_saved += 1
        elif resent and "acknowledge" not in body and 'name="acknowledge"' not in text:
            self.stats.error("save: a repeat not answered as the first", text)
        return status, text


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
    reference = machine_reference()
    work = Path(tempfile.mkdtemp(prefix=f"load-{db}-"))
    pg_name = f"clubmanager_load_{os.getpid()}"
    if db == "sqlite":
        url = f"sqlite:///{work / 'load.sqlite3'}"
    else:
        url = f"{PG_URL}/{pg_name}"
        _pg_admin(f'DROP DATABASE IF EXISTS "{pg_name}"')
        _pg_admin(f'CREATE DATABASE "{pg_name}"')
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_LOG_LEVEL": "WARNING"}
    env.pop("DJANGO_DB_CONN_MAX_AGE", None)  # the production default, as under make run
    servers: list[subprocess.Popen[bytes]] = []
    try:
        def manage(*cmd: str) -> None:
            subprocess.run([PYTHON, "manage.py", *cmd], cwd=ROOT, env=env, check=True,
                           stdout=subprocess.DEVNULL)

        manage("migrate", "--noinput")
        manage("collectstatic", "--noinput", "--verbosity", "0")
        plan_path = work / "plan.json"
        subprocess.run([PYTHON, "-m", "benchmarks.load", "seed", "--clients", str(args.clients),
                        "--rounds", str(args.rounds), "--out", str(plan_path)],
                       cwd=ROOT, env=env, check=True)
        plan = json.loads(plan_path.read_text())
        ports = [free_port() for _ in range(args.instances)]
        logs = [work / f"gunicorn-{n}.log" for n in range(args.instances)]
        for port, log in zip(ports, logs, strict=True):
            servers.append(_start_server(port, log, env, args.workers))
        for port in ports:
            _wait_for(port)
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
        acks_path = work / "acks.json"
        acks_path.write_text(json.dumps({"acknowledged": stats.acknowledged,
                                         "attempted": stats.attempted}))
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(timeout=30)
        server_errors = sum(log.read_text().count("Traceback") for log in logs)
        checked = json.loads(subprocess.run(
            [PYTHON, "-m", "benchmarks.load", "verify", "--acks", str(acks_path)],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout)
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
            "server_tracebacks": server_errors,
            "finished_tables": stats.finished_tables, "out_of_tables": stats.out_of_tables,
            "check": checked,
        }
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
        if db == "postgres":
            _pg_admin(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
        shutil.rmtree(work, ignore_errors=True)


def _start_server(port: int, log: Path, env: dict[str, str],
                  workers: int) -> subprocess.Popen[bytes]:
    with log.open("w") as out:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [GUNICORN, "clubmanager.wsgi", "--bind", f"127.0.0.1:{port}",
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    seed_cmd = sub.add_parser("seed")
    seed_cmd.add_argument("--clients", type=int, required=True)
    seed_cmd.add_argument("--rounds", type=int, required=True)
    seed_cmd.add_argument("--out", type=Path, required=True)
    verify_cmd = sub.add_parser("verify")
    verify_cmd.add_argument("--acks", type=Path, required=True)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--instances", type=int, default=1,
                        help="gunicorn instances on as many ports, one database (default 1)")
    parser.add_argument("--balance", choices=["split", "alternate"], default="split",
                        help="with several instances: each scorekeeper on one instance (split) "
                             "or every request to the next instance (alternate)")
    parser.add_argument("--drop", type=float, default=0.0,
                        help="share of save answers to throw away after the server answered; "
                             "each such save is sent again with its idempotency key "
                             "(e.g. 0.05)")
    args = parser.parse_args()
    if args.command == "seed":
        seed(args.clients, args.rounds, args.out)
        return
    if args.command == "verify":
        verify(args.acks)
        return
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be between 1 and 600")
    if not 0 <= args.drop < 1:
        parser.error("--drop must be at least 0 and below 1")
    if not 1 <= args.instances <= 8:
        parser.error("--instances must be between 1 and 8")
    failed = False
    for db in (["sqlite", "postgres"] if args.db == "both" else [args.db]):
        result = run_one(db, args)
        report(result)
        failed |= result["check"]["problem_count"] > 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
