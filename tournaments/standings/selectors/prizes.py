"""Reads: one evening's prize list, as the rules engine gives it (``scoring.prizes``).

The evening's scores are the ones its results page ranks (``evening_results``: members and
guests, the sum of the competition points of their counting tables), so the prize list and the
ranking beside it always agree. The competition's stored prize rule
(``Competition.rules["prizes"]``, ``tournaments/shared/season_rules.py``) goes to the engine
with those scores; what comes back is shown as rows with names: a tie group that covers two prize
places is one row, "2nd/3rd shared", so the club can split the two prizes.

Queries: none when the results are handed in (the pages already have them, with names as the
viewer may see them); else the two of ``evening_results`` and, on a public page, one for the
members' name choices.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from clubmanager.privacy import rows_for_viewer
from scoring import prizes as engine_prizes
from tournaments.entry.selectors.scores import Board
from tournaments.models import Evening
from tournaments.shared.season_rules import prize_document, prize_rule
from tournaments.standings.selectors.standings import EveningResults, evening_results


@dataclass(frozen=True)
class PrizeRow:
    place: str  # "1e", "2e/3e gedeeld"; "Poedelprijs" for the booby prize
    names: list[str]
    score: int
    positions: list[int]  # the prize positions this row stands for; empty for the booby prize
    booby: bool = False

    @property
    def shared(self) -> bool:
        return len(self.names) > 1


@dataclass(frozen=True)
class EveningPrizes:
    rows: list[PrizeRow]  # the prizes best first, the booby prize last
    rule: str  # the prize rule in words
    errors: list[dict[str, Any]]  # the engine's, if it refused (rows are then empty)

    @property
    def prize_count(self) -> int:
        """Prizes to hand out: one per position, and the booby prize."""
        return sum(len(r.positions) or 1 for r in self.rows)


def ordinal(n: int) -> str:
    """A place as it is written: 1e, 2e in Dutch; 1st, 2nd in English."""
    if (get_language() or "nl").startswith("nl"):
        return f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(positions: list[int], shared: bool) -> str:
    places = "/".join(ordinal(p) for p in positions)
    return gettext("%(places)s shared") % {"places": places} if shared else places


def rule_words(stored: dict[str, Any]) -> str:
    """The stored prize rule in one sentence (the page, the PDFs)."""
    rule: dict[str, Any] = stored["rule"] if isinstance(stored.get("rule"), dict) else {}
    if rule.get("top"):
        text = ngettext("A prize for the winner.", "Prizes for places 1 to %(n)s.",
                        rule["top"]) % {"n": rule["top"]}
    elif "per" in rule:
        text = ngettext("One prize per player.", "One prize per %(n)s players.",
                        rule["per"]) % {"n": rule["per"]}
    elif "first" in rule:
        first, step = rule["first"], rule.get("then_every", 1)
        text = gettext("Prizes for places 1 to %(first)s, then every %(step)s places: "
                       "%(next)s, %(after)s, %(third)s and so on.") % {
            "first": first, "step": step, "next": first + step, "after": first + 2 * step,
            "third": first + 3 * step}
    elif isinstance(rule.get("positions"), list):
        text = gettext("Prizes for places %(places)s.") % {
            "places": ", ".join(str(p) for p in sorted(rule["positions"]))}
    else:
        text = gettext("No prizes for places.")
    if stored.get("booby"):
        text += " " + gettext("A booby prize (poedelprijs) for the worst score.")
    return text


def _names(keys: list[str], names: dict[str, str]) -> list[str]:
    return [names[key] for key in keys]


def _rows(award: dict[str, Any], names: dict[str, str]) -> list[PrizeRow]:
    rows: list[PrizeRow] = []
    for prize in award["prizes"]:
        members = _names(prize["members"], names)
        last = rows[-1] if rows else None
        if last is not None and last.names == members and not last.booby:
            rows[-1] = replace(last, positions=[*last.positions, prize["position"]])
        else:
            rows.append(PrizeRow("", members, prize["score"], [prize["position"]]))
    rows = [replace(r, place=place_words(r.positions, r.shared)) for r in rows]
    if award["booby"]:
        rows.append(PrizeRow(gettext("Booby prize"), _names(award["booby"]["members"], names),
                             award["booby"]["score"], [], booby=True))
    return rows


def evening_prizes(evening: Evening, *, results: EveningResults | None = None,
                   full: bool = True) -> EveningPrizes | None:
    """The evening's prize list under its competition's rule; None when it gives no prizes.

    ``results``: the evening's results as the page has them (names already as the viewer may
    see them); without them they are read here, with full names only when ``full``."""
    competition = evening.competition
    stored = prize_rule(competition.rules)
    if stored is None:
        return None
    if results is None:
        results = evening_results(evening)
        overall = rows_for_viewer(results.overall, club=competition.club, full=full)
    else:
        overall = results.overall
    # The engine's names must be unique: the shown name, then the row's place in the ranking
    # (two guests may share a name), so that A→Z still reads by name.
    names = {f"{row.name}\x00{index:06d}": row.name for index, row in enumerate(overall)}
    scores = {key: row.total for key, row in zip(names, overall, strict=True)}
    award = engine_prizes(prize_document(stored, competition.better, scores))
    rows = _rows(award, names) if award["valid"] else []
    return EveningPrizes(rows=rows, rule=rule_words(stored), errors=list(award["errors"]))


def evening_complete(board: Board | None) -> bool:
    """The evening is over: closed, or every table of every round counts (finished, and
    confirmed where the competition asks for it). Then the TV shows the prize list."""
    if board is None:
        return False
    return not board.evening.is_open or (bool(board.rows) and board.missing == 0)
