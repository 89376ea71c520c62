"""Two people save the same table at the same moment: real transactions in two threads.

The first save holds the table (its transaction is still open) while the second, with the same
(now stale) version, tries to save. The second must get TableChanged carrying the first's state,
and both the first hand and the refusal must be visible: nothing lost, nothing silent.
Runs on SQLite and, with DATABASE_URL set, on PostgreSQL.
"""

import threading
from typing import Any

import pytest
from django.db import connection, connections

from tournaments import matches
from tournaments.models import Hand, Table
from tournaments.services import scores
from tournaments.services.scores import TableChanged, hand_add, hand_update

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(club, make_member, make_competition, make_evening, make_round, seat_table):
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    return seat_table(make_round(evening), list(evening.participants.all()))


def _race(monkeypatch, first: Any, second: Any) -> dict[str, Any]:
    """Run ``first`` and ``second`` in two threads; ``first`` evaluates (inside its open
    transaction, the table claimed) and waits until ``second`` has started its save."""
    inside = threading.Event()
    second_started = threading.Event()
    real = matches.evaluate_entries
    results: dict[str, Any] = {}

    def slow_evaluate(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == "first":
            inside.set()
            second_started.wait(5)
            threading.Event().wait(0.5)  # the second is now blocked on the table's lock
        return real(*args, **kwargs)

    monkeypatch.setattr(scores, "evaluate_entries", slow_evaluate)

    def run(name: str, job: Any) -> None:
        try:
            results[name] = job()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            results[name] = exc
        finally:
            connections.close_all()

    t1 = threading.Thread(target=run, name="first", args=("first", first))
    t1.start()
    assert inside.wait(5)

    def second_job() -> Any:
        second_started.set()
        return second()

    t2 = threading.Thread(target=run, name="second", args=("second", second_job))
    t2.start()
    t1.join(20)
    t2.join(20)
    return results


def test_second_concurrent_add_gets_table_changed(monkeypatch, table, scorekeeper_user,
                                                  admin_user):
    # Both people loaded the page at version 0.
    seen_by_first, seen_by_second = Table.objects.get(pk=table.pk), Table.objects.get(pk=table.pk)
    results = _race(
        monkeypatch,
        lambda: hand_add(table=seen_by_first,
                         data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}},
                         by=scorekeeper_user, expected_version=0),
        lambda: hand_add(table=seen_by_second,
                         data={"penalties": {"Ann": 7, "Bob": 0, "Cor": 12}},
                         by=admin_user, expected_version=0),
    )
    assert isinstance(results["first"], Hand), results
    assert isinstance(results["second"], TableChanged), results
    # The refusal carries the first save's state, and the first save is there.
    assert results["second"].table.version == 1
    assert results["second"].table.hand_count == 1
    assert list(Hand.objects.values_list("data", flat=True)) == [
        {"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}}]
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.version, fresh.hand_count) == (1, 1)
    assert connection.vendor in {"sqlite", "postgresql"}


def test_concurrent_edits_of_the_same_hand(monkeypatch, table, scorekeeper_user, admin_user):
    hand = hand_add(table=table, data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}},
                    by=scorekeeper_user, expected_version=0)
    seen_by_first, seen_by_second = Hand.objects.get(pk=hand.pk), Hand.objects.get(pk=hand.pk)
    results = _race(
        monkeypatch,
        lambda: hand_update(hand=seen_by_first,
                            data={"penalties": {"Ann": 0, "Bob": 40, "Cor": 12}},
                            by=scorekeeper_user, expected_version=1),
        lambda: hand_update(hand=seen_by_second,
                            data={"penalties": {"Ann": 0, "Bob": 50, "Cor": 12}},
                            by=admin_user, expected_version=1),
    )
    assert isinstance(results["first"], Hand), results
    assert isinstance(results["second"], TableChanged), results
    assert Hand.objects.get(pk=hand.pk).data["penalties"]["Bob"] == 40
    assert Table.objects.get(pk=table.pk).version == 2
    # history holds the add and the one change that went through
    assert Hand.history.filter(id=hand.pk).count() == 2
