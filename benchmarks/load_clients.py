"""The load test's scorekeepers (``benchmarks/load.py``): one thread each, with its own
session, logs in through the login form, then enters the deals of its tables the way a phone
with htmx does, counting times, answers and errors in one shared :class:`Stats`.
"""

from __future__ import annotations

import http.client
import random
import re
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.load_db import CLUB, PASSWORD, setup_django

ROOT = Path(__file__).resolve().parent.parent


def jokeren_deals(sides: list[str], variant: int) -> list[dict[str, Any]]:
    sys.path.insert(0, str(ROOT))
    setup_django()  # the games' site modules read the settings (their words are translated)
    from tournaments.games import sample_hands

    return sample_hands("jokeren", sides, variant)


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    page: list[float] = field(default_factory=list)
    save: list[float] = field(default_factory=list)
    save_at: list[float] = field(default_factory=list)  # when each save answered (time.time)
    acknowledged_at: list[float] = field(default_factory=list)  # likewise, per hand saved
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

    def acknowledge(self, hand: tuple[int, int, Any]) -> None:
        """A hand the server answered "Deal N saved." for, and when."""
        with self.lock:
            self.acknowledged.append(hand)
            self.acknowledged_at.append(time.time())

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
                 balance: str = "split", drop: float = 0.0, pace: float = 0.0,
                 clubs: dict[int, str] | None = None) -> None:
        super().__init__(daemon=True)
        self.drop = drop
        # pace > 0: one hand every ``pace`` s (the live test's usual rate), else flat out;
        # clubs: each table's club (the live test's 300 clubs), else the one club ``CLUB``.
        self.pace, self.clubs, self.next_hand = pace, clubs or {}, 0.0
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
        path = f"/clubs/{self.clubs.get(table, CLUB)}/competitions/tables/{table}/"
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
            if not self.wait_for_turn():
                return False
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
                self.stats.acknowledge((table, number, deal))
            elif status == 200 and "just changed by someone else" in text:
                self.stats.error("save: table changed")
            else:
                self.stats.error(f"save: HTTP {status}", text)
        return False

    def wait_for_turn(self) -> bool:
        """With a pace: sleep until this scorekeeper's next hand is due (a random first one).
        False when the time is up."""
        if self.pace:
            now = time.perf_counter()
            if not self.next_hand:
                self.next_hand = now + self.chance.uniform(0, self.pace)
            self.stop_event.wait(max(0.0, self.next_hand - now))
            self.next_hand = max(self.next_hand + self.pace, now)
        return not self.stop_event.is_set()

    def save(self, path: str, body: dict[str, str], headers: dict[str, str]) -> tuple[int, str]:
        """POST a save; with ``--drop``, throw that share of answers away (the server has
        answered) and send the same save again with the same key until an answer is kept."""
        resent = False
        while True:
            status, text, _h, elapsed = self.request("POST", path, body, headers)
            with self.stats.lock:
                self.stats.save.append(elapsed)
                self.stats.save_at.append(time.time())
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
