"""Migration 0011: every competition keeps exactly its standings.

Before, the selector counted by the competition's fields (counting, best_n, min_evenings,
absent_rule, absent_points, tiebreaks); now the rules engine counts by ``Competition.rules``.
``OLD`` below is the old selector's counting, kept as the reference: for every demo competition
and every old reglement, the old answer and the engine's answer under the converted rules are
the same list of rows. A second test runs the migration itself on a database at 0010.
"""

from __future__ import annotations

import datetime
import importlib
import io
import itertools
from collections import defaultdict
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from clubmanager.models import Club
from tournaments.demo import clubs as club_demo
from tournaments.demo import competitions as demo
from tournaments.demo import scores as score_demo
from tournaments.models import Competition
from tournaments.standings.selectors.standings import _evening_scores, season_standings

MIGRATION = importlib.import_module("tournaments.migrations.0011_season_rules")


def _half_up(value: Fraction) -> int:
    return int((Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("1"), rounding=ROUND_HALF_UP))


def _nullable(value: Any, higher: bool) -> tuple[int, Any]:
    return (1, 0) if value is None else (0, -value if higher else value)


def old_standings(competition: Competition, old: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The old selector's rows (rank, member, total, qualified, played, wins), in its order."""
    higher = competition.better == "higher"
    found = _evening_scores(competition)
    order = [e.pk for e in competition.evenings.order_by("date", "pk") if found.scores.get(e.pk)]
    own: dict[int, dict[int, int]] = defaultdict(dict)
    wins: dict[int, int] = defaultdict(int)
    for evening, scores in found.scores.items():
        for member, value in scores.items():
            own[member][evening] = value
            wins[member] += found.wins[evening][member]
    names = {m.pk: m.name for m in competition.club.members.all()}
    rows = []
    for member, played in own.items():
        values = list(played.values())
        average = Fraction(sum(values), len(values))
        scored = []
        for evening in order:
            if evening in played:
                scored.append(played[evening])
            elif old["absent_rule"] == "fixed":
                scored.append(old["absent_points"])
            elif old["absent_rule"] == "worst":
                scores = found.scores[evening].values()
                scored.append(min(scores) if higher else max(scores))
            elif old["absent_rule"] == "average":
                scored.append(_half_up(average))
        if old["counting"] == "best":
            scored = sorted(scored, reverse=higher)[:old["best_n"]]
        keys = {"evenings": -len(values), "wins": -wins[member],
                "best_evening": _nullable((max if higher else min)(values), higher),
                "average": _nullable(average, higher), "name": names[member].casefold()}
        rows.append({"member": member, "name": names[member], "total": sum(scored),
                     "qualified": len(values) >= old["min_evenings"], "played": len(values),
                     "wins": wins[member],
                     "key": (_nullable(sum(scored), higher),
                             *(keys[t] for t in old["tiebreaks"]))})
    rows.sort(key=lambda r: (not r["qualified"], r["key"], r["name"].casefold(), r["member"]))
    out, previous, rank = [], None, 0
    for position, row in enumerate(rows):
        if row["qualified"] and row["key"] != previous:
            rank, previous = position + 1, row["key"]
        out.append((rank if row["qualified"] else None, row["member"], row["total"],
                    row["qualified"], row["played"], row["wins"]))
    return out


def new_standings(competition: Competition) -> list[tuple[Any, ...]]:
    return [(r.rank, r.member_id, r.total, r.qualified, r.evenings_played, r.wins)
            for r in season_standings(competition).rows]


OLD_REGLEMENTS = [
    {"counting": counting, "best_n": best_n, "min_evenings": minimum, "absent_rule": absent,
     "absent_points": points, "tiebreaks": tiebreaks}
    for (counting, best_n), minimum, (absent, points), tiebreaks in itertools.product(
        [("all", None), ("best", 1), ("best", 2)], [0, 2],
        [("nothing", None), ("fixed", 7), ("fixed", -3), ("worst", None), ("average", None)],
        [[], ["evenings", "wins"], ["best_evening", "average", "name"]])
]


@pytest.mark.django_db
def test_every_demo_competition_keeps_its_standings_under_every_old_reglement() -> None:
    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    competitions = list(Competition.objects.select_related("club").order_by("pk"))
    assert len(competitions) >= 10
    compared = 0
    for competition in competitions:
        for old in OLD_REGLEMENTS:
            competition.rules = MIGRATION.rules_from_old(**old)
            assert new_standings(competition) == old_standings(competition, old), (
                competition.name, old)
            compared += 1
        assert old_standings(competition, OLD_REGLEMENTS[0])  # the demo has results
    assert compared == len(competitions) * len(OLD_REGLEMENTS)


@pytest.mark.django_db(transaction=True)
def test_the_migration_converts_each_competition_and_its_history(schema_restored: None) -> None:
    executor = MigrationExecutor(connection)
    before = [("tournaments", "0010_table_code_failures_per_code")]
    after = [("tournaments", "0011_season_rules")]
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    club = Club.objects.create(name="Oud", slug="oud")  # clubmanager stays migrated
    model = apps.get_model("tournaments", "Competition")
    made = {
        "best": {"counting": "best", "best_n": 6, "min_evenings": 6, "absent_rule": "fixed",
                 "absent_points": 150, "tiebreaks": ["evenings", "wins", "evenings", 3, "x"]},
        "all": {"counting": "all", "best_n": None, "min_evenings": 0, "absent_rule": "average",
                "absent_points": None, "tiebreaks": []},
    }
    for name, fields in made.items():
        model.objects.create(club_id=club.pk, name=name, game="jokeren", better="lower",
                             start_date=datetime.date(2026, 9, 1), **fields)
        apps.get_model("tournaments", "HistoricalCompetition").objects.create(
            id=1, club_id=club.pk, name=name, game="jokeren", better="lower",
            start_date=datetime.date(2026, 9, 1), history_date=datetime.datetime(
                2026, 9, 1, tzinfo=datetime.UTC), history_type="+", created=datetime.datetime(
                2026, 9, 1, tzinfo=datetime.UTC), **fields)
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    apps = executor.loader.project_state(after).apps
    rules = dict(apps.get_model("tournaments", "Competition").objects.values_list(
        "name", "rules"))
    assert rules["best"] == {
        "count": {"best": 6}, "min_played": 6,
        "absent": {"notified": {"fixed": 150}, "unnotified": {"fixed": 150}},
        "tiebreaks": ["played", "wins"]}
    assert rules["all"] == {"count": "all", "min_played": 0, "tiebreaks": [],
                            "absent": {"notified": "average", "unnotified": "average"}}
    history = apps.get_model("tournaments", "HistoricalCompetition").objects.order_by("name")
    assert [h.rules for h in history] == [rules["all"], rules["best"]]


@pytest.fixture
def schema_restored() -> Iterator[None]:
    """A test that migrates back leaves this worker's database at the newest migrations again,
    so a transactional test after it (pytest-django runs those last) sees the whole schema."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
