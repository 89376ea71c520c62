"""Two people save the same table at the same moment: real transactions in two threads.

Both read the table at the same version. Either the first save holds the table (its write
transaction still open) while the second tries to save, or both have checked and evaluated
their hand before either writes. Exactly one save goes through; the other gets TableChanged
carrying the winner's state: nothing lost, nothing silent.
Runs on SQLite and, with DATABASE_URL set, on PostgreSQL.
"""

import sys
import threading
from typing import Any

import pytest
from django.db import connection, connections

from tournaments.entry.services import scores
from tournaments.entry.services.scores import (
    HandChange,
    TableChanged,
    checks,
    hand_add,
    hand_update,
    writes,
)
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(club, make_member, make_competition, make_evening, make_round, seat_table):
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    return seat_table(make_round(evening), list(evening.participants.all()))


def _race(monkeypatch, first: Any, second: Any, pause_in: str = "match_view"
          ) -> dict[str, Any]:
    """Run ``first`` and ``second`` in two threads; ``first`` pauses in ``pause_in`` (a name in
    ``services.scores.checks`` or ``.writes``) until ``second`` has started its save and had
    half a second.

    ``match_view``: a save (add or edit) pauses before it writes, having read the table (the
    evaluation in ``checks``). ``_write_hands``: a save pauses inside its write transaction,
    the table claimed (the second is blocked on the table's lock)."""
    inside = threading.Event()
    second_started = threading.Event()
    module = checks if pause_in == "match_view" else writes
    real = getattr(module, pause_in)
    results: dict[str, Any] = {}

    def slow(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == "first":
            inside.set()
            second_started.wait(5)
            threading.Event().wait(0.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, pause_in, slow)

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


FIRST = {"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}}
SECOND = {"penalties": {"Ann": 7, "Bob": 0, "Cor": 12}}


def _adds(table: Table, scorekeeper_user: Any, admin_user: Any) -> tuple[Any, Any]:
    # Both people loaded the page at version 0.
    seen_by_first, seen_by_second = Table.objects.get(pk=table.pk), Table.objects.get(pk=table.pk)
    return (
        lambda: hand_add(table=seen_by_first, by=scorekeeper_user,
                         change=HandChange(data=FIRST, expected_version=0)).hand,
        lambda: hand_add(table=seen_by_second, by=admin_user,
                         change=HandChange(data=SECOND, expected_version=0)).hand,
    )


def _one_add_won(results: dict[str, Any], table: Table, winner: str, data: Any) -> None:
    loser = "second" if winner == "first" else "first"
    assert isinstance(results[winner], Hand), results
    assert isinstance(results[loser], TableChanged), results
    # The refusal carries the winning save's state, and the winning save is there, alone.
    assert results[loser].table.version == 1
    assert results[loser].table.hand_count == 1
    assert list(Hand.objects.values_list("data", flat=True)) == [data]
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.version, fresh.hand_count) == (1, 1)
    assert connection.vendor in {"sqlite", "postgresql"}


def test_add_while_another_add_is_writing_gets_table_changed(monkeypatch, table,
                                                             scorekeeper_user, admin_user):
    results = _race(monkeypatch, *_adds(table, scorekeeper_user, admin_user),
                    pause_in="_write_hands")
    _one_add_won(results, table, "first", FIRST)


def test_two_adds_checked_at_the_same_version_only_one_is_written(monkeypatch, table,
                                                                  scorekeeper_user, admin_user):
    # The first has read and is evaluating when the second saves: the first's claim finds the
    # version moved on, so the first is refused although its own checks had passed.
    results = _race(monkeypatch, *_adds(table, scorekeeper_user, admin_user))
    _one_add_won(results, table, "second", SECOND)


def _edits(table: Table, scorekeeper_user: Any, admin_user: Any) -> tuple[Any, Any, Hand]:
    hand = hand_add(table=table, by=scorekeeper_user,
                    change=HandChange(data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}},
                                      expected_version=0)).hand
    seen_by_first, seen_by_second = Hand.objects.get(pk=hand.pk), Hand.objects.get(pk=hand.pk)
    return (
        lambda: hand_update(hand=seen_by_first, by=scorekeeper_user,
                            change=HandChange(data={"penalties": {"Ann": 0, "Bob": 40, "Cor": 12}},
                                              expected_version=1)),
        lambda: hand_update(hand=seen_by_second, by=admin_user,
                            change=HandChange(data={"penalties": {"Ann": 0, "Bob": 50, "Cor": 12}},
                                              expected_version=1)),
        hand,
    )


def _one_edit_won(results: dict[str, Any], table: Table, hand: Hand, winner: str,
                  bob: int) -> None:
    loser = "second" if winner == "first" else "first"
    assert isinstance(results[winner], scores.Saved), results
    assert isinstance(results[loser], TableChanged), results
    assert results[loser].table.version == 2
    assert Hand.objects.get(pk=hand.pk).data["penalties"]["Bob"] == bob
    assert Table.objects.get(pk=table.pk).version == 2
    # history holds the add and the one change that went through
    assert Hand.history.filter(id=hand.pk).count() == 2


def test_edit_while_another_edit_is_writing_gets_table_changed(monkeypatch, table,
                                                               scorekeeper_user, admin_user):
    first, second, hand = _edits(table, scorekeeper_user, admin_user)
    results = _race(monkeypatch, first, second, pause_in="_write_hands")
    _one_edit_won(results, table, hand, "first", 40)


def test_two_edits_checked_at_the_same_version_only_one_is_written(monkeypatch, table,
                                                                   scorekeeper_user,
                                                                   admin_user):
    first, second, hand = _edits(table, scorekeeper_user, admin_user)
    results = _race(monkeypatch, first, second)
    _one_edit_won(results, table, hand, "second", 50)


# -- the same save twice (its answer lost, sent again while the first is still under way) -----
KEY = "same-save-key-0123456789"


def _same_add_twice(table: Table, user: Any) -> tuple[Any, Any]:
    seen_by_first, seen_by_second = Table.objects.get(pk=table.pk), Table.objects.get(pk=table.pk)
    return (
        lambda: scores.hand_add(table=seen_by_first, by=user,
                                change=scores.HandChange(data=FIRST, expected_version=0, key=KEY)),
        lambda: scores.hand_add(table=seen_by_second, by=user,
                                change=scores.HandChange(data=FIRST, expected_version=0, key=KEY)),
    )


def _both_answered_one_hand(results: dict[str, Any], table: Table) -> None:
    """Both attempts answer "hand 1 saved", one of them as the repeat; one hand stored."""
    assert all(isinstance(r, scores.Saved) for r in results.values()), results
    assert sorted(r.repeated for r in results.values()) == [False, True]
    assert [r.number for r in results.values()] == [1, 1]
    assert list(Hand.objects.values_list("data", "entry_key")) == [(FIRST, KEY)]
    assert Table.objects.get(pk=table.pk).version == 1


@pytest.mark.parametrize("pause_in", ["match_view", "_write_hands"])
def test_the_same_add_sent_twice_at_once_is_stored_once(monkeypatch, table, scorekeeper_user,
                                                        pause_in):
    results = _race(monkeypatch, *_same_add_twice(table, scorekeeper_user), pause_in=pause_in)
    _both_answered_one_hand(results, table)


def test_a_repeat_that_passes_the_version_check_is_stopped_by_the_constraint(
        monkeypatch, table, scorekeeper_user):
    # The repeat claims the next version (a client that sent it with the version the first
    # attempt produced); the key's hand is then refused by the database's unique constraint
    # and the repeat is answered with the first hand. The key is looked up once, then: a first
    # attempt costs no look-up.
    first = scores.hand_add(table=table, by=scorekeeper_user,
                            change=scores.HandChange(data=FIRST, expected_version=0, key=KEY))
    real = writes.applied_change
    calls: list[tuple[str, str]] = []

    def lookup(**kwargs: Any) -> Any:
        calls.append((kwargs["key"], type(sys.exc_info()[1]).__name__))  # while handling what
        return real(**kwargs)

    monkeypatch.setattr(writes, "applied_change", lookup)
    again = scores.hand_add(table=Table.objects.get(pk=table.pk), by=scorekeeper_user,
                            change=scores.HandChange(data=FIRST, expected_version=1, key=KEY))
    assert (first.repeated, again.repeated, again.number) == (False, True, 1)
    assert Hand.objects.count() == 1
    assert Table.objects.get(pk=table.pk).version == 1
    assert calls == [(KEY, "IntegrityError")]


def test_a_change_repeated_at_the_version_it_produced_is_made_once(table, scorekeeper_user):
    # A change leaves no keyed row for a constraint to refuse, so a repeat that passes the
    # version check (sent with the version the first attempt produced) is found by its key
    # before anything is written: answered with the first change, one change in the history.
    hand = hand_add(table=table, by=scorekeeper_user,
                    change=HandChange(data=FIRST, expected_version=0)).hand
    first = hand_update(hand=hand, by=scorekeeper_user,
                        change=HandChange(data=SECOND, expected_version=1, key=KEY))
    again = hand_update(hand=hand, by=scorekeeper_user,
                        change=HandChange(data=SECOND, expected_version=2, key=KEY))
    assert (first.repeated, again.repeated, again.number) == (False, True, 1)
    assert Table.objects.get(pk=table.pk).version == 2
    assert Hand.history.filter(history_type="~").count() == 1
