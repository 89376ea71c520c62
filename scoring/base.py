"""The interface every game implements, and what it hands back to the engine."""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .issues import COMMON_CODES, OPTION_INVALID, Issue
from .spec import PER_SIDE, SIDE_LIST, SIDES_COUNT, ExceptSides, Field, Option, When
from .values import rank


@dataclass
class Outcome:
    """What one hand did: its issues, its derived values and the state after it.

    Issues carry no hand number; the engine attaches it. When ``errors`` is not empty,
    ``derived`` and ``state`` are ignored.
    """

    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    derived: dict[str, Any] = field(default_factory=dict)  # must hold "points": {side: int}
    state: Any = None


@dataclass
class Conclusion:
    """The match values after the hands checked so far."""

    totals: dict[str, int]
    competition_points: dict[str, int]
    ranking: list[list[str]]
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. {"state": ...}


class Game(ABC):
    """One game's rules. Instances are stateless; the match state is passed around."""

    key: ClassVar[str]
    name: ClassVar[str]
    min_sides: ClassVar[int]
    max_sides: ClassVar[int]
    better: ClassVar[str]  # "higher" or "lower"
    options: ClassVar[tuple[Option, ...]]
    hand_fields: ClassVar[tuple[Field, ...]]
    error_codes: ClassVar[tuple[str, ...]]
    warning_codes: ClassVar[tuple[str, ...]] = ()
    team_game: ClassVar[bool] = False
    extra_keys: ClassVar[tuple[str, ...]] = ()  # extra keys of the evaluation, e.g. ("state",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "hand_fields" in cls.__dict__:
            check_conditions(cls.hand_fields, getattr(cls, "options", ()))

    # -- options --------------------------------------------------------------------------
    def resolve_options(
        self, raw: object, sides: Sequence[str] | None
    ) -> tuple[dict[str, Any], list[Issue]]:
        """Every option resolved (defaults filled in), and an OPTION_INVALID per bad one.

        A bad value resolves to the default, so the evaluation can still echo every option.
        ``sides`` is None when the sides are not usable.
        """
        resolved = {opt.name: opt.default_value() for opt in self.options}
        if raw is None:
            return resolved, self.check_options(resolved, sides)
        if not isinstance(raw, dict):
            return resolved, [Issue(OPTION_INVALID, field="options", params={"option": None})]
        known = {opt.name: opt for opt in self.options}
        issues: list[Issue] = []
        for name, value in raw.items():
            opt = known.get(name) if isinstance(name, str) else None
            if opt is None:
                issues.append(Issue(OPTION_INVALID, field="options", params={"option": str(name)}))
            elif not opt.accepts(value, sides):
                params: dict[str, Any] = {"option": name}
                found, item = opt.refused_item(value)
                if found and (item is None or isinstance(item, int | str)):
                    params["value"] = item
                issues.append(Issue(OPTION_INVALID, field="options", params=params))
            else:
                resolved[name] = copy.deepcopy(value)
        if not issues:
            issues = self.check_options(resolved, sides)
        return resolved, issues

    def check_options(
        self, options: dict[str, Any], sides: Sequence[str] | None
    ) -> list[Issue]:
        """Checks that involve several options or the sides; override where needed."""
        return []

    # -- the match ------------------------------------------------------------------------
    @abstractmethod
    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> Any:
        """The state before the first hand."""

    @abstractmethod
    def play(self, state: Any, hand: dict[str, Any]) -> Outcome:
        """Check one hand (already known to be an object) against ``state``."""

    @abstractmethod
    def finished(self, state: Any) -> bool:
        """The match is over: a further hand is MATCH_FINISHED."""

    @abstractmethod
    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """The least and the most one side can score in one hand under these (resolved,
        valid) options, as the rules allow; see ``scoring.bounds``."""

    def sweep_points(self, options: Mapping[str, Any]) -> int | None:
        """What one side scores for a deal in which it takes every trick, under these
        (resolved, valid) options; None: the game has no such deal. A reglement can credit it
        to a player who sits out a round ("1600 punten en een mars"); see ``scoring.bounds``."""
        return None

    def conclude(self, state: Any, totals: dict[str, int]) -> Conclusion:
        """Match values from the summed points; override for reductions and bonuses."""
        sides = list(totals)
        return Conclusion(totals, dict(totals), rank(sides, totals, self.better))

    # -- description for the site -----------------------------------------------------------
    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "key": cls.key,
            "name": cls.name,
            "sides": {"min": cls.min_sides, "max": cls.max_sides},
            "better": cls.better,
            "team_game": cls.team_game,
            "options": [opt.describe() for opt in cls.options],
            "hand_fields": [f.describe() for f in cls.hand_fields],
            "error_codes": list(COMMON_CODES) + list(cls.error_codes),
            "warning_codes": list(cls.warning_codes),
        }

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)


def check_conditions(fields: Sequence[Field], options: Sequence[Option]) -> None:
    """Every field condition names what the game has: another hand field, one of its options or
    the number of sides; ``ExceptSides`` a side-list field. Raises ValueError (at import, when
    the game's class is defined) instead of a condition that could never be evaluated."""
    kinds = {f.name: f.kind for f in fields}
    option_names = {o.name for o in options}
    for one in fields:
        for condition in one.condition:
            if isinstance(condition, ExceptSides):
                if kinds.get(condition.field) != SIDE_LIST or one.kind != PER_SIDE:
                    raise ValueError(f"{one.name}: ExceptSides({condition.field!r}) needs a "
                                     "per-side field and a side-list field of the game")
            elif isinstance(condition, When):
                subject = condition.subject
                known = (subject == SIDES_COUNT
                         or condition.option in option_names
                         or (subject in kinds and subject != one.name))
                if not known:
                    raise ValueError(f"{one.name}: the condition names {subject!r}, which is no "
                                     "other field, option or 'sides' of this game")

