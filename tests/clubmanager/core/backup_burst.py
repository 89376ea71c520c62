"""Helper process of tests/clubmanager/core/test_backup.py (not a test module).

``python -m tests.clubmanager.core.backup_burst burst --plan P --backup FILE --out O``: against the
database in ``DATABASE_URL`` (seeded by ``benchmarks.load seed``), one thread per scorekeeper
adds hands through the score service (``hand_add``) while the main thread, once hands are
flowing, runs ``manage.py backup FILE`` (``call_command``); the threads go on saving after it
returns. Writes O: the hands acknowledged before the backup began, every hand attempted, the
count of saves in flight when it began, and the source's hands at the end.

``python -m tests.clubmanager.core.backup_burst hands --out O``: the hands of the database in
``DATABASE_URL``, table → list of hand data in number order.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

WARM_UP_HANDS = 24  # acknowledged before the backup starts
AFTER_HANDS = 24  # acknowledged after it returned, before the burst stops


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    import django

    django.setup()


def hands_by_table() -> dict[str, list[Any]]:
    from tournaments.models import Hand

    out: dict[str, list[Any]] = {}
    for table_id, data in Hand.objects.order_by("table_id", "number").values_list(
            "table_id", "data"):
        out.setdefault(str(table_id), []).append(data)
    return out


class Burst:
    def __init__(self, plan: dict[str, Any]) -> None:
        self.plan = plan
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.acknowledged: list[tuple[int, int, Any]] = []
        self.attempted: list[tuple[int, int, Any]] = []
        self.in_flight = 0
        self.errors: list[str] = []

    def keeper(self, index: int) -> None:
        from django.contrib.auth import get_user_model
        from django.db import connection

        from tournaments.entry.services.scores import HandChange, hand_add
        from tournaments.games import sample_hands
        from tournaments.models import Table
        from tournaments.shared.matches import sides_of

        user = get_user_model().objects.get(username=self.plan["users"][index])
        try:
            for variant, round_tables in enumerate(self.plan["tables"]):
                table = Table.objects.get(pk=round_tables[index])
                deals = sample_hands("jokeren", sides_of(table.seats.all()), variant)
                for version, deal in enumerate(deals):
                    if self.stop.is_set():
                        return
                    with self.lock:
                        self.attempted.append((table.pk, version + 1, deal))
                        self.in_flight += 1
                    try:
                        hand_add(table=Table.objects.get(pk=table.pk), by=user,
                                 change=HandChange(data=deal, expected_version=version,
                                                   acknowledge_warnings=True))
                    finally:
                        with self.lock:
                            self.in_flight -= 1
                    with self.lock:
                        self.acknowledged.append((table.pk, version + 1, deal))
        except Exception as exc:  # noqa: BLE001 - reported to the test
            with self.lock:
                self.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    def wait_for(self, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while len(self.acknowledged) < count and time.monotonic() < deadline:
            if self.errors:
                return
            time.sleep(0.005)

    def run(self, backup: Path) -> dict[str, Any]:
        from django.core.management import call_command

        threads = [threading.Thread(target=self.keeper, args=(i,))
                   for i in range(len(self.plan["users"]))]
        for thread in threads:
            thread.start()
        self.wait_for(WARM_UP_HANDS)
        with self.lock:  # the backup begins now: what was acknowledged so far must be in it
            before = list(self.acknowledged)
            in_flight = self.in_flight
        started = time.perf_counter()
        call_command("backup", str(backup))
        took = time.perf_counter() - started
        with self.lock:
            during = len(self.acknowledged) - len(before)
        self.wait_for(len(self.acknowledged) + AFTER_HANDS)
        self.stop.set()
        for thread in threads:
            thread.join()
        return {"acknowledged": before, "attempted": self.attempted, "in_flight": in_flight,
                "acknowledged_during": during, "backup_seconds": took, "errors": self.errors,
                "acknowledged_total": len(self.acknowledged), "source": hands_by_table()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["burst", "hands"])
    parser.add_argument("--plan", type=Path)
    parser.add_argument("--backup", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    _django()
    if args.command == "hands":
        args.out.write_text(json.dumps(hands_by_table()))
        return
    result = Burst(json.loads(args.plan.read_text())).run(args.backup)
    args.out.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
