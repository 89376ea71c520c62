"""The bridge between stored tables and the rules engine.

A table's match document is built from its seats (the engine's sides) and its stored hands (as
entered); the engine's evaluation is written back as per-seat integers. Nothing here decides a
rule: every legality check, total and ranking comes from ``scoring.evaluate``.

Two orders of the sides: the document lists them in *playing order*, from the table's drawn
first dealer on (the engine's contract: the first side deals first, or starts), so who deals
or plays next is the engine's answer; the site shows them in *seat order*, as drawn
(``sides_of``, ``MatchView.sides``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from scoring import GAMES, evaluate
from scoring.values import rank
from tournaments.models import Seat, Table


def is_team_table(game: str, seat_count: int) -> bool:
    """High Five 1959 at four players: two teams of two partners; else each for themselves."""
    return bool(GAMES[game].team_game) and seat_count == 4


def assign_sides(game: str, names: Sequence[str]) -> list[tuple[str, int | None]]:
    """The engine side (and team number) of each seat, given the players' names in seat order.

    Team tables: partners sit opposite each other (seats 1 & 3 against 2 & 4); the side is named
    after both partners. Elsewhere each player is a side, named after the player; equal names get
    a seat number so that sides stay unique.
    """
    if is_team_table(game, len(names)):
        teams = {1: f"{names[0]} & {names[2]}", 2: f"{names[1]} & {names[3]}"}
        if teams[1] == teams[2]:
            teams = {1: f"{teams[1]} (1)", 2: f"{teams[2]} (2)"}
        return [(teams[1], 1), (teams[2], 2), (teams[1], 1), (teams[2], 2)]
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return [
        (f"{name} ({position})" if seen[name] > 1 else name, None)
        for position, name in enumerate(names, start=1)
    ]


def sides_of(seats: Iterable[Seat]) -> list[str]:
    """The engine's sides in seat order, each once (partners share a side)."""
    return _unique_sides(sorted(seats, key=lambda s: s.position))


def _unique_sides(seats: Iterable[Seat]) -> list[str]:
    sides: list[str] = []
    for seat in seats:
        if seat.side not in sides:
            sides.append(seat.side)
    return sides


def playing_order(table: Table, seats: Iterable[Seat]) -> list[str]:
    """The engine's sides in playing order: the side of the first dealer's seat, then each next
    seat's side, round the table (partners share a side). A first dealer who is no seat of the
    table (not drawn yet) counts as seat 1."""
    ordered = sorted(seats, key=lambda s: s.position)
    start = next((i for i, seat in enumerate(ordered) if seat.position == table.first_dealer), 0)
    return _unique_sides(ordered[start:] + ordered[:start])


def table_document(
    table: Table, seats: Iterable[Seat], hands: Iterable[dict[str, Any]]
) -> dict[str, Any]:
    """The match document of a table: its game, options, sides in playing order and hands as
    entered."""
    return {
        "game": table.game,
        "options": table.options,
        "sides": playing_order(table, seats),
        "hands": list(hands),
    }


def places_from_ranking(ranking: Sequence[Sequence[str]]) -> dict[str, int]:
    """Sports places: 1 + the number of sides ahead (1, 2, 2, 4)."""
    places: dict[str, int] = {}
    ahead = 0
    for group in ranking:
        for side in group:
            places[side] = ahead + 1
        ahead += len(group)
    return places


def apply_evaluation(table: Table, seats: Sequence[Seat], evaluation: dict[str, Any]) -> None:
    """Copy the engine's derived values onto the table and its seats (in memory; caller saves)."""
    places = places_from_ranking(evaluation["ranking"])
    for seat in seats:
        seat.points = evaluation["totals"].get(seat.side, 0)
        seat.competition_points = evaluation["competition_points"].get(seat.side, 0)
        seat.place = places.get(seat.side) if evaluation["hands"] else None
    table.hand_count = len(evaluation["hands"])
    table.finished = bool(evaluation["finished"])


def evaluate_table(
    table: Table, seats: Sequence[Seat], hands: Iterable[dict[str, Any]]
) -> dict[str, Any]:
    return evaluate(table_document(table, seats, hands))


@dataclass(frozen=True)
class MatchView:
    """A table's evaluation as the site reads it, built once per request by :func:`match_view`.

    ``engine`` is the engine's answer, never changed; what the site adds (adjusted hands, the
    table's hand numbers) lives beside it. Per table hand (entries in playing order):
    ``hand_map`` is the index into ``engine["hands"]`` (None for an adjusted hand) and
    ``engine_numbers`` the engine's 1-based hand number (None likewise).
    """

    engine: Mapping[str, Any]
    sides: tuple[str, ...]  # seat order, each side once
    hand_map: tuple[int | None, ...]
    adjusted: Mapping[str, int]  # points per side from adjusted hands
    totals: Mapping[str, int]
    competition_points: Mapping[str, int]
    ranking: tuple[tuple[str, ...], ...]
    adjusted_hands: tuple[Mapping[str, int] | None, ...]  # per table hand: the admin's points

    @property
    def engine_numbers(self) -> tuple[int | None, ...]:
        return tuple(None if i is None else i + 1 for i in self.hand_map)

    @property
    def errors(self) -> list[dict[str, Any]]:
        return cast("list[dict[str, Any]]", self.engine["errors"])

    @property
    def warnings(self) -> list[dict[str, Any]]:
        return cast("list[dict[str, Any]]", self.engine["warnings"])

    @property
    def options(self) -> Mapping[str, Any]:
        return self.engine.get("options") or {}

    @property
    def finished(self) -> bool:
        return bool(self.engine.get("finished"))

    @property
    def state(self) -> Any:
        return self.engine.get("state")

    @property
    def places(self) -> dict[str, int]:
        """Sports places (1, 2, 2, 4); none before the first hand."""
        return places_from_ranking(self.ranking) if self.hand_map else {}

    def derived(self, position: int) -> Mapping[str, Any] | None:
        """The engine's derived values of the table's hand at ``position`` (0-based); None for
        an adjusted hand or one the engine did not reach (an error before it)."""
        index = self.hand_map[position]
        hands = self.engine["hands"]
        return hands[index] if index is not None and index < len(hands) else None

    def hand_points(self, position: int) -> Mapping[str, Any]:
        """Each side's points in the table's hand at ``position`` (0-based): the engine's, an
        adjusted hand's as the admin entered them, or none for a hand the engine did not reach
        (an error before it)."""
        derived = self.derived(position)
        if derived is not None:
            return cast("Mapping[str, Any]", derived["points"])
        return self.adjusted_hands[position] or {}

    def as_dict(self) -> dict[str, Any]:
        """A new dict: the engine's keys with the site's totals and ranking, plus ``hand_map``,
        ``engine_numbers`` and ``adjusted`` (for the exports and imports that read a dict)."""
        return {**self.engine, "totals": dict(self.totals),
                "competition_points": dict(self.competition_points),
                "ranking": [list(group) for group in self.ranking],
                "hand_map": list(self.hand_map), "engine_numbers": list(self.engine_numbers),
                "adjusted": dict(self.adjusted)}


def match_view(
    table: Table,
    seats: Sequence[Seat],
    entries: Sequence[tuple[dict[str, Any], dict[str, int] | None]],
) -> MatchView:
    """Evaluate a table's hands, some of which may be a club admin's adjusted score.

    ``entries`` are ``(data, adjusted_points)`` in playing order; ``adjusted_points`` is None for
    an ordinary hand. An adjusted hand is one the engine refused and a club admin saved anyway
    with a reason, so the engine cannot be fed it. How such a match is derived (kept simple and
    honest):

    * the engine evaluates the ordinary hands, in order, the adjusted ones left out (so every
      ordinary hand is still checked, against the state the ordinary hands before it left);
    * each adjusted hand's points stand as the admin entered them: they are added to the side's
      total *and* to its competition points, one for one;
    * with an adjusted hand the ranking is by competition points (``scoring.values.rank``, the
      engine's own), ties shared;
    * whether the match is finished is the engine's call on the ordinary hands.
    """
    engine = evaluate_table(table, seats, [data for data, adjusted in entries if adjusted is None])
    hand_map: list[int | None] = []
    index = 0
    for _data, adjusted in entries:
        hand_map.append(None if adjusted is not None else index)
        index += adjusted is None
    sides = tuple(sides_of(seats))
    extra = {side: 0 for side in sides}
    for _data, adjusted in entries:
        for side, points in (adjusted or {}).items():
            if side in extra:
                extra[side] += int(points)
    totals, competition = engine["totals"], engine["competition_points"]
    ranking = engine["ranking"]
    if any(adjusted is not None for _data, adjusted in entries) and sides:
        totals = {s: totals.get(s, 0) + extra[s] for s in sides}
        competition = {s: competition.get(s, 0) + extra[s] for s in sides}
        ranking = rank(sides, competition, engine.get("better") or "lower")
    return MatchView(engine, sides, tuple(hand_map), extra, totals, competition,
                     tuple(tuple(group) for group in ranking),
                     tuple(adjusted for _data, adjusted in entries))


def evaluate_entries(
    table: Table,
    seats: Sequence[Seat],
    entries: Sequence[tuple[dict[str, Any], dict[str, int] | None]],
) -> dict[str, Any]:
    """:func:`match_view` as a new dict (:meth:`MatchView.as_dict`)."""
    return match_view(table, seats, entries).as_dict()


def apply_view(table: Table, seats: Sequence[Seat], view: MatchView) -> None:
    """Copy the view's derived values onto the table and its seats (in memory; caller saves)."""
    places = view.places
    for seat in seats:
        seat.points = view.totals.get(seat.side, 0)
        seat.competition_points = view.competition_points.get(seat.side, 0)
        seat.place = places.get(seat.side)
    table.hand_count = len(view.hand_map)
    table.finished = view.finished


def apply_entries(
    table: Table, seats: Sequence[Seat], evaluation: dict[str, Any], hand_count: int
) -> None:
    """``apply_evaluation`` for a match that may hold adjusted hands (see evaluate_entries)."""
    apply_evaluation(table, seats, evaluation)
    table.hand_count = hand_count
    if hand_count:
        places = places_from_ranking(evaluation["ranking"])
        for seat in seats:
            seat.place = places.get(seat.side)


def malformed(game: str, data: Any, sides: Sequence[str], hand: int | None
              ) -> list[dict[str, Any]]:
    """What in a hand is not of its field's kind (``GAMES[game].describe()``), as the engine's
    issues: a number field holding anything but a whole number (``VALUE_NOT_INTEGER``), a
    choice, side or code that is not one of the field's (``HAND_INVALID``). An empty field
    (null) is of every kind.

    The engine reports these as well, but an adjusted hand (a club admin's decision) is saved
    past the engine's errors: it must still hold what a hand can hold, so that every page,
    export and import reads it back."""
    issues: list[dict[str, Any]] = []
    if not isinstance(data, dict):
        return [{"code": "HAND_INVALID", "hand": hand, "side": None, "field": None,
                 "params": {}}]

    def bad(spec: Mapping[str, Any], value: Any, side: str | None) -> None:
        code = _kind_refusal(spec, value, sides)
        if code is not None:
            issues.append({"code": code, "hand": hand, "side": side, "field": spec["name"],
                           "params": {}})

    for spec in GAMES[game].describe()["hand_fields"]:
        value = data.get(spec["name"])
        if spec["kind"] != "per_side" or not isinstance(value, dict):
            bad(spec, value, None)
            continue
        item = spec.get("item") or {}
        for side, entry in value.items():
            if item.get("kind") == "object" and isinstance(entry, dict):
                for sub in item.get("fields", []):
                    bad(sub, entry.get(sub["name"]), side)
            else:
                bad(item, entry, side)
    return issues


def _kind_refusal(spec: Mapping[str, Any], value: Any, sides: Sequence[str]) -> str | None:
    """The code for ``value`` that is not of ``spec``'s kind; None when it is (or is empty)."""
    kind, choices = spec.get("kind"), spec.get("choices") or []
    if value is None:
        return None
    if kind == "integer":
        return None if isinstance(value, int) and not isinstance(value, bool) else (
            "VALUE_NOT_INTEGER")
    if kind == "boolean":
        return None if isinstance(value, bool) else "HAND_INVALID"
    if kind == "per_side":
        return None if isinstance(value, dict) else "HAND_INVALID"
    allowed = list(sides) if kind in ("side", "side_list") else choices
    items = value if kind in ("side_list", "text_list") else [value]
    if not isinstance(items, list) or any(not isinstance(v, str) for v in items):
        return "HAND_INVALID"
    return None if not allowed or all(v in allowed for v in items) else "HAND_INVALID"
