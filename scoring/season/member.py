"""One member's season: their score on each played counting evening, which scores count
(per period when there are periods), and the figures the order and the tie-breaks use."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

from .common import choose_best, round_half_up, two_decimals
from .document import Evening
from .rules import Absence, Count, Periods, Rules


class Slot(NamedTuple):
    """A member on one played counting evening: what they scored, and whether they were away.
    (A named tuple: a season makes one per member and evening, and it is read only.)"""

    evening: Evening
    score: int | None
    absent: str | None  # None (played), "notified" or "unnotified"


@dataclass(frozen=True)
class Standing:
    member: str
    slots: tuple[Slot, ...]
    counted: frozenset[int]  # indices into slots
    periods: list[dict[str, Any]] | None

    @cached_property
    def played_scores(self) -> list[int]:
        return [s.score for s in self.slots if s.absent is None and s.score is not None]

    @cached_property
    def total(self) -> int:
        return sum(self.counted_scores)

    @cached_property
    def counted_scores(self) -> list[int]:
        return [score for i in sorted(self.counted)
                if (score := self.slots[i].score) is not None]

    @cached_property
    def average(self) -> Fraction | None:
        scores = self.counted_scores
        return Fraction(sum(scores), len(scores)) if scores else None

    @cached_property
    def wins(self) -> int:
        member = self.member
        return sum(s.evening.wins.get(member, 0) for s in self.slots
                   if s.absent is None and s.evening.wins)

    def best_evening(self, higher: bool) -> int | None:
        played = self.played_scores
        return (max(played) if higher else min(played)) if played else None

    def played_average(self) -> Fraction | None:
        played = self.played_scores
        return Fraction(sum(played), len(played)) if played else None

    def row(self) -> dict[str, Any]:
        """The member's row, without ``rank`` and ``qualified`` (the order sets those)."""
        average = self.average
        return {
            "member": self.member,
            "total": self.total,
            "average": None if average is None else two_decimals(average),
            "played": len(self.played_scores),
            "counted": [self.slots[i].evening.id for i in sorted(self.counted)],
            "evenings": {s.evening.id: {"score": s.score, "absent": s.absent,
                                        "counted": i in self.counted}
                         for i, s in enumerate(self.slots)},
            "periods": self.periods,
        }


def _absence_score(absence: Absence, evening: Evening, own_average: int | None,
                   higher: bool) -> int | None:
    if absence.kind == "fixed":
        return absence.fixed
    if absence.kind == "worst":
        return evening.lowest if higher else evening.highest
    if absence.kind == "average":
        return own_average
    return None


def member_slots(member: str, evenings: Sequence[Evening], rules: Rules) -> list[Slot]:
    """The member on each played counting evening. At most ``max_scored`` absences score:
    the first ones in evening order among those their rule gives a score."""
    played = [e.scores[member] for e in evenings if member in e.scores]
    own_average = round_half_up(Fraction(sum(played), len(played))) if played else None
    budget = rules.max_scored
    slots = []
    for evening in evenings:
        if member in evening.scores:
            slots.append(Slot(evening, evening.scores[member], None))
            continue
        kind = "notified" if member in evening.notified else "unnotified"
        absence = rules.notified if kind == "notified" else rules.unnotified
        score = _absence_score(absence, evening, own_average, rules.higher)
        if score is not None and budget is not None:
            score, budget = (score, budget - 1) if budget > 0 else (None, 0)
        slots.append(Slot(evening, score, kind))
    return slots


def count_slots(slots: Sequence[Slot], indices: Sequence[int], count: Count,
                higher: bool) -> set[int]:
    """Which of the slots at ``indices`` count; E is the number of those evenings."""
    scored = [i for i in indices if slots[i].score is not None]
    values = [score for i in scored if (score := slots[i].score) is not None]
    chosen = choose_best(values, count.keep(len(indices)), higher)
    return {scored[k] for k in chosen}


def period_groups(evenings: Sequence[Evening], periods: Periods) -> list[list[int]]:
    """For each period, the indices of its played counting evenings (the same for everyone)."""
    where = {evening: p for p, period in enumerate(periods.periods) for evening in period}
    groups: list[list[int]] = [[] for _ in periods.periods]
    for index, evening in enumerate(evenings):
        groups[where[evening.id]].append(index)
    return groups


def count_periods(slots: Sequence[Slot], groups: Sequence[Sequence[int]], periods: Periods,
                  higher: bool) -> tuple[set[int], list[dict[str, Any]]]:
    """Counted slots and the period entries. A period is a candidate for the season count
    when it was played and the member has a score in it (a period missed without a score is
    what gets dropped, as an evening is); E is the number of played periods."""
    within = [count_slots(slots, indices, periods.count, higher) for indices in groups]
    totals = [sum(slots[i].score or 0 for i in chosen) for chosen in within]
    candidates = [p for p, indices in enumerate(groups)
                  if any(slots[i].score is not None for i in indices)]
    played = sum(1 for indices in groups if indices)
    chosen = choose_best([totals[p] for p in candidates],
                         periods.season_count.keep(played), higher)
    counted_periods = {candidates[k] for k in chosen}
    entries = [{"total": totals[p], "counted": p in counted_periods}
               for p in range(len(groups))]
    return {i for p in counted_periods for i in within[p]}, entries


def member_standing(member: str, evenings: Sequence[Evening], rules: Rules,
                    groups: Sequence[Sequence[int]] | None) -> Standing:
    """``groups``: from ``period_groups`` when the rules have periods."""
    slots = member_slots(member, evenings, rules)
    if rules.periods is None or groups is None:
        counted = count_slots(slots, range(len(slots)), rules.count, rules.higher)
        return Standing(member, tuple(slots), frozenset(counted), None)
    counted, entries = count_periods(slots, groups, rules.periods, rules.higher)
    return Standing(member, tuple(slots), frozenset(counted), entries)
