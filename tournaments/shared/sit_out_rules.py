"""The reglement's sit-out scores and the koppel movement, stored beside the season rules.

Games played only at full tables (klaverjas: four) leave the rest sitting out a round
(``tournaments/draws/rota.py``). What such a round scores is the club's reglement, stored in
``Competition.rules`` under the site's own keys (``season_rules.SITE_KEYS``; the engine never
sees them):

* ``sit_out``: ``{"score": {"fixed": N} | "average", "sweep": true, "missed": {"fixed": M}}``.
  ``score`` is what a player who sits out by the rota gets for that round (De Pitslag, AOBK:
  1600; or the round's average score per player); ``sweep`` adds what the game's engine says a
  deal with every trick is worth (``scoring.sweep_points``: a mars, 162 + the pit
  bonus: De Pitslag's "1600 punten en een mars"), only for a game that has one; ``missed`` what
  someone checked in gets for a round they were not drawn in otherwise (came late: De Pitslag
  1450). Each may be left out: nothing.
* ``pairs_movement``: ``true`` draws fixed pairs by the koppel movement (even pairs stay, odd
  pairs move one table on) instead of at random.

Nothing here raises; bad stored values come back as errors in the engine's shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

#: The largest sit-out score the form takes (a klaverjas round is about 1,600 points a player).
SCORE_MAX = 99_999
KEYS = ("sit_out", "pairs_movement")


@dataclass(frozen=True)
class SitOutRule:
    """The sit-out scores of a reglement: ``fixed`` (None: none), ``average`` (the round's
    average per player), ``sweep`` (and the game's best deal: a mars) and ``missed`` (None:
    nothing for a round missed otherwise)."""

    fixed: int | None = None
    average: bool = False
    missed: int | None = None
    sweep: bool = False

    @property
    def scores(self) -> bool:
        return self.average or self.sweep or self.fixed is not None or self.missed is not None


def _fixed(value: Any) -> int | None:
    if isinstance(value, dict) and set(value) == {"fixed"}:
        number = value["fixed"]
        if isinstance(number, int) and not isinstance(number, bool) and abs(number) <= SCORE_MAX:
            return number
    return None


def sit_out_rule(rules: Any) -> SitOutRule:
    """The stored sit-out scores (a bad value reads as none; ``sit_out_errors`` names it)."""
    stored = rules.get("sit_out") if isinstance(rules, dict) else None
    if not isinstance(stored, dict):
        return SitOutRule()
    score = stored.get("score")
    return SitOutRule(fixed=_fixed(score), average=score == "average",
                      missed=_fixed(stored.get("missed")), sweep=stored.get("sweep") is True)


def pairs_movement(rules: Any) -> bool:
    return isinstance(rules, dict) and rules.get("pairs_movement") is True


def sit_out_errors(rules: Any) -> list[dict[str, Any]]:
    """What is wrong with the stored keys, as the engine's errors (empty: nothing)."""
    if not isinstance(rules, dict):
        return []
    errors = []
    if not isinstance(rules.get("pairs_movement", False), bool):
        errors.append({"code": "RULES_INVALID", "field": "pairs_movement", "params": {}})
    stored = rules.get("sit_out")
    if stored is None:
        return errors
    if not isinstance(stored, dict) or set(stored) - {"score", "missed", "sweep"}:
        return [*errors, {"code": "RULES_INVALID", "field": "sit_out", "params": {}}]
    score, missed = stored.get("score"), stored.get("missed")
    if score is not None and score != "average" and _fixed(score) is None:
        errors.append({"code": "RULES_INVALID", "field": "sit_out.score", "params": {}})
    if not isinstance(stored.get("sweep", False), bool):
        errors.append({"code": "RULES_INVALID", "field": "sit_out.sweep", "params": {}})
    if missed is not None and _fixed(missed) is None:
        errors.append({"code": "RULES_INVALID", "field": "sit_out.missed", "params": {}})
    return errors


def sit_out_sentences(rules: Any, sweep: str | None = None) -> list[str]:
    """The sit-out rules in words, for the reglement's sentences. ``sweep`` names the game's
    best deal and its worth ("een mars (262 punten)": ``tournaments.games.sweep_words``); the
    words of any game stand in without it."""
    rule, lines = sit_out_rule(rules), []
    deal = {"deal": sweep or gettext("a deal with every trick")} if rule.sweep else None
    if rule.fixed is not None and deal:
        lines.append(gettext("Who sits out a round by the rota gets %(n)s points and %(deal)s "
                             "for it.") % {"n": rule.fixed, **deal})
    elif rule.fixed is not None:
        lines.append(gettext("Who sits out a round by the rota gets %(n)s points for it.")
                     % {"n": rule.fixed})
    elif rule.average and deal:
        lines.append(gettext("Who sits out a round by the rota gets the round's average score "
                             "and %(deal)s for it.") % deal)
    elif rule.average:
        lines.append(gettext("Who sits out a round by the rota gets the round's average score "
                             "for it."))
    elif deal:
        lines.append(gettext("Who sits out a round by the rota gets %(deal)s for it.") % deal)
    if rule.missed is not None:
        lines.append(gettext("A round missed otherwise scores %(n)s points.") % {"n": rule.missed})
    if pairs_movement(rules):
        lines.append(gettext("Fixed pairs move each round: even pairs stay, odd pairs move one "
                             "table on."))
    return lines
