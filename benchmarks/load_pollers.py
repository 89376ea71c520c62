"""The live load test's viewers (``benchmarks/load_live.py``): the club TVs and the members at
home, each polling its page every ``--every`` seconds the way ``static/js/live.js`` does (htmx
``HX-Request``, the last ETag in ``If-None-Match``), on one asyncio loop in a process of its own.

The polls are offered on a fixed schedule (open loop): each viewer starts at a random moment of
its first interval and then keeps to it, whatever the server's answers take, as browsers on a
timer do; so the rate offered is the viewers ÷ the interval, and what the server cannot take
shows as slow answers, not as fewer polls asked. A viewer whose previous poll is still out when
its time comes skips that turn (a browser's htmx does not send a second poll before the first
answered): counted as ``skipped``; a poll still waiting for a connection when the time is up
is not sent (``unsent``). At most ``--connections`` polls are open at once (the rest
wait, and that wait is in their time), as a reverse proxy in front of the app servers would
keep them; each poll is one connection, as gunicorn's sync workers close it after the answer.

Before the measured time, every viewer fetches its page once (the warm-up, not measured; at
most ``--connections`` at a time), as viewers that have had the page open for a while hold its
ETag; ``--cold`` leaves it out, so the measured time starts with every viewer's first answer.

Run as ``python -m benchmarks.load_pollers --plan PLAN --ports P1,P2 --seconds S --out OUT``;
prints nothing, writes its figures to ``OUT`` as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any


class Tally:
    def __init__(self) -> None:
        self.times: list[float] = []  # from the poll's moment to its whole answer, s
        self.served: list[float] = []  # from its connection opened to its answer, s
        self.status: dict[str, int] = {}
        self.errors: dict[str, int] = {}
        self.skipped = 0
        self.unsent = 0
        self.sent = 0


async def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, str]:
    """One GET on its own connection: (status, ETag or "")."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
                 *(f"{k}: {v}" for k, v in headers.items()), "", ""]
        writer.write("\r\n".join(lines).encode())
        await writer.drain()
        # nothing more to send: half-close, as a proxy in front would close at once. Gunicorn's
        # sync worker lingers after its answer until the client closes (RFC 9112 9.6), and
        # this one loop, serving 6,300 viewers, would close late: the worker would wait idle.
        writer.write_eof()
        answer = await reader.read()
    finally:
        writer.close()
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    tag = next((line.split(":", 1)[1].strip() for line in head[1:]
                if line.lower().startswith("etag:")), "")
    return status, tag


def _headers(cookie: str, tag: str) -> dict[str, str]:
    headers = {"HX-Request": "true", "Accept-Language": "nl"}
    if cookie:
        headers["Cookie"] = cookie
    if tag:
        headers["If-None-Match"] = tag
    return headers


async def first_poll(port: int, path: str, cookie: str, gate: asyncio.Semaphore) -> str:
    """The warm-up: the page as a viewer that has just opened it has it (its ETag)."""
    async with gate:
        try:
            return (await asyncio.wait_for(get(port, path, _headers(cookie, "")), 300))[1]
        except (OSError, TimeoutError, ValueError, IndexError):
            return ""


async def viewer(port: int, path: str, cookie: str, every: float, start: float, end: float,
                 gate: asyncio.Semaphore, tally: Tally, rng: random.Random, tag: str) -> None:
    moment = start + rng.uniform(0, every)
    while moment < end:
        await asyncio.sleep(max(0.0, moment - time.perf_counter()))
        headers = _headers(cookie, tag)
        try:
            async with gate:
                opened = time.perf_counter()
                if opened >= end:  # still waiting for a connection when the time was up
                    tally.unsent += 1
                    return
                tally.sent += 1
                status, new_tag = await asyncio.wait_for(get(port, path, headers), 60)
        except (OSError, TimeoutError, ValueError, IndexError) as exc:
            tally.errors[type(exc).__name__] = tally.errors.get(type(exc).__name__, 0) + 1
        else:
            done = time.perf_counter()
            tally.times.append(done - moment)
            tally.served.append(done - opened)
            tally.status[str(status)] = tally.status.get(str(status), 0) + 1
            if status in (200, 304):
                tag = new_tag or tag
            else:
                tally.errors[f"HTTP {status}"] = tally.errors.get(f"HTTP {status}", 0) + 1
        moment += every
        while moment < time.perf_counter():  # the answer took longer than the interval
            tally.skipped += 1
            moment += every


async def run(plan: dict[str, Any], ports: list[int], seconds: float, every: float,
              connections: int, warm: bool) -> dict[str, Any]:
    tally, gate, rng = Tally(), asyncio.Semaphore(connections), random.Random(34)
    viewers = [(url, "") for url in plan["tvs"]] + [
        (url, f"sessionid={session}; django_language=nl") for url, session in plan["members"]]
    warmed = time.perf_counter()
    tags = [""] * len(viewers)
    if warm:
        tags = list(await asyncio.gather(*(first_poll(ports[n % len(ports)], url, cookie, gate)
                                           for n, (url, cookie) in enumerate(viewers))))
    warmed = time.perf_counter() - warmed
    start = time.perf_counter() + 0.5
    end = start + seconds
    wall_start = time.time() + 0.5
    await asyncio.gather(*(
        viewer(ports[n % len(ports)], url, cookie, every, start, end, gate, tally, rng, tags[n])
        for n, (url, cookie) in enumerate(viewers)))
    elapsed = time.perf_counter() - start
    return {"viewers": len(viewers), "tvs": len(plan["tvs"]), "members": len(plan["members"]),
            "every": every, "seconds": elapsed, "wall_start": wall_start,
            "wall_end": wall_start + elapsed, "sent": tally.sent,
            "answered": len(tally.times), "times": tally.times, "served": tally.served,
            "status": tally.status,            "errors": tally.errors, "skipped": tally.skipped,
            "unsent": tally.unsent, "warm_up_s": warmed if warm else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plan", type=Path, required=True)
    parser.add_argument("--ports", required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--every", type=float, default=5.0)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--cold", action="store_true",
                        help="no warm-up: every viewer's first measured poll has no ETag yet")
    args = parser.parse_args()
    plan = json.loads(args.plan.read_text())
    ports = [int(p) for p in args.ports.split(",")]
    result = asyncio.run(run(plan, ports, args.seconds, args.every, args.connections,
                             not args.cold))
    args.out.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
