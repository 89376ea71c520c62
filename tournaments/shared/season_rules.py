"""A competition's reglement as the rules engine's season document (docs/season-rules.md).

``Competition.rules`` holds the engine's ``rules`` object (``../shared/rules/season.md``) with
two things the site fills in when it asks the engine:

* ``better`` comes from the competition's game (``Competition.better``), never stored twice;
* periods are stored by the date each one starts (``periods.starts``, ISO dates): a period runs
  until the next one starts, so every evening falls in exactly one; and/or by evening
  (``periods.evenings``: evening id → period number), which wins over the dates. An evening
  not chosen, without dates, is in the period of the evening before it. The engine gets them
  as lists of evening ids (``periods.periods``).

The evening prizes are stored beside them under their own key, ``prizes``:
``{"rule": <the engine's prize rule>, "booby": true|false}`` (``scoring.prizes``); the standings
never see that key.

What the engine refuses comes back as its errors; nothing here raises.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring import prizes, standings
from tournaments.shared.sit_out_rules import KEYS as SIT_OUT_KEYS
from tournaments.shared.sit_out_rules import SCORE_MAX, sit_out_errors, sit_out_sentences

#: The most periods a season can have (the form offers this many).
MAX_PERIODS = 8

#: Starting points, named after what clubs write; "custom" (not here) keeps the answers of the
#: form. A club's defaults for new competitions name one (models/club_defaults.py).
PRESETS: dict[str, dict[str, Any]] = {
    "all": {"count": "all", "rank_by": "total", "min_played": 0},
    "best6avg": {"count": {"best": 6}, "rank_by": "average", "min_played": 6},
    "periods": {"count": "all", "rank_by": "total", "min_played": 0,
                "periods": {"count": {"best": 4}, "season_count": "all"}},
}


#: The largest whole number the competition form takes for any answer of the reglement.
ANSWER_MAX = 999
#: The longest list of chosen prize places the form takes, as typed ("1, 2, 3, 10").
PRIZE_POSITIONS_MAX_LENGTH = 200


@dataclass(frozen=True)
class Answer:
    """A whole number of the reglement as the competition form asks it: its question and its
    bounds. The form's fields are made from these (``competitions/forms/season_rules.py``,
    ``competitions/forms/prizes.py``), and ``answer_refusals`` holds stored rules to them: what the
    form refuses, the season import refuses too (one source of bounds)."""

    label: Any
    low: int
    high: int = ANSWER_MAX


ANSWERS: dict[str, Answer] = {
    "count_n": Answer(_("How many evenings (best) or how many left out (worst)?"), 0),
    "min_played": Answer(_("How many evenings must someone play to be ranked?"), 0),
    # Scores, not counts: a klaverjas evening is some 5,000 points a player.
    "absent_unnotified_fixed": Answer(_("Fixed score for someone who was not there"),
                                      -SCORE_MAX, SCORE_MAX),
    "absent_notified_fixed": Answer(_("Fixed score for someone who called off"), -SCORE_MAX,
                                    SCORE_MAX),
    "sit_out_fixed": Answer(_("Sit-out score: points"), -SCORE_MAX, SCORE_MAX),
    "sit_out_missed": Answer(_("Score for a round missed otherwise: points"), -SCORE_MAX,
                             SCORE_MAX),
    "absent_max": Answer(_("How many absences at most get a score?"), 0),
    "season_count": Answer(_("How many periods count (the best)?"), 1),
    "prize_top": Answer(_("The best few: how many prizes?"), 1),
    "prize_per": Answer(_("One prize per how many players?"), 1),
    "prize_first": Answer(_("Formula: prizes for places 1 up to"), 1),
    "prize_every": Answer(_("Formula: then every how many places?"), 1),
}


def period_starts(rules: dict[str, Any]) -> list[datetime.date]:
    periods = rules.get("periods") if isinstance(rules, dict) else None
    starts = periods.get("starts") if isinstance(periods, dict) else None
    out = []
    for value in starts if isinstance(starts, list) else []:
        try:
            out.append(datetime.date.fromisoformat(value))
        except (TypeError, ValueError):
            continue
    return sorted(out)


def period_of(day: datetime.date, starts: list[datetime.date]) -> int:
    """The period (0-based) an evening on ``day`` is in: the last one started by then; an
    evening before the first start is in the first."""
    return max(0, sum(1 for start in starts if start <= day) - 1)


def period_choice(rules: dict[str, Any]) -> dict[str, int]:
    """The evenings put in a period by hand (``periods.evenings``): evening id → period
    (1-based)."""
    periods = rules.get("periods") if isinstance(rules, dict) else None
    chosen = periods.get("evenings") if isinstance(periods, dict) else None
    if not isinstance(chosen, dict):
        return {}
    return {str(k): v for k, v in chosen.items()
            if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_PERIODS}


def period_count(rules: dict[str, Any]) -> int:
    return max(len(period_starts(rules)), max(period_choice(rules).values(), default=0), 1)


def _period_groups(rules: dict[str, Any],
                   evenings: list[tuple[str, datetime.date]]) -> list[list[str]]:
    """Each evening's period: the one chosen for it, else by the start dates, else (periods
    chosen by evening only) the period of the evening before it."""
    starts, chosen = period_starts(rules), period_choice(rules)
    groups: list[list[str]] = [[] for _ in range(period_count(rules))]
    index = 0
    for evening_id, day in evenings:
        if evening_id in chosen:
            index = chosen[evening_id] - 1
        elif starts:
            index = period_of(day, starts)
        groups[index].append(evening_id)
    return groups


def _absent_initial(value: Any) -> tuple[str, int | None]:
    if isinstance(value, dict) and "fixed" in value:
        return "fixed", value["fixed"]
    return (value, None) if value in ("worst", "average") else ("nothing", None)


def _count_initial(count: Any) -> tuple[str, int | None]:
    if isinstance(count, dict) and count:
        mode, n = next(iter(count.items()))
        return str(mode), n
    return "all", None


def rule_initial(rules: dict[str, Any]) -> dict[str, Any]:
    """The competition form's answers that give these stored rules."""
    rules = rules if isinstance(rules, dict) else {}
    periods = rules.get("periods") if isinstance(rules.get("periods"), dict) else None
    mode, n = _count_initial(periods.get("count") if periods else rules.get("count"))
    absent: dict[str, Any] = rules["absent"] if isinstance(rules.get("absent"), dict) else {}
    values: dict[str, Any] = {
        "preset": "custom", "count_mode": mode, "count_n": n,
        "rank_by": rules.get("rank_by", "total"), "min_played": rules.get("min_played", 0),
        "absent_max": absent.get("max_scored"), "champion": rules.get("champion") is True,
    }
    for kind in ("notified", "unnotified"):
        values[f"absent_{kind}"], values[f"absent_{kind}_fixed"] = _absent_initial(
            absent.get(kind, "nothing"))
    if periods:
        values["season_count"] = _count_initial(periods.get("season_count"))[1]
        for slot, start in enumerate(period_starts(rules), start=1):
            values[f"period_{slot}"] = start
    for slot, name in enumerate(rules.get("tiebreaks") or [], start=1):
        values[f"tiebreak_{slot}"] = name
    return values


def prize_initial(rules: Any) -> dict[str, Any]:
    """The competition form's answers that give the stored prize rule."""
    stored = prize_rule(rules) or {}
    rule: dict[str, Any] = stored["rule"] if isinstance(stored.get("rule"), dict) else {}
    values: dict[str, Any] = {"prize_mode": "none", "prize_first": 4, "prize_every": 4,
                              "prize_booby": stored.get("booby") is True}
    if rule.get("top"):
        values.update(prize_mode="top", prize_top=rule["top"])
    elif "per" in rule:
        values.update(prize_mode="per", prize_per=rule["per"])
    elif "first" in rule:
        values.update(prize_mode="formula", prize_first=rule["first"],
                      prize_every=rule.get("then_every"))
    elif isinstance(rule.get("positions"), list):
        values.update(prize_mode="positions",
                      prize_positions=", ".join(str(p) for p in rule["positions"]))
    return values


def _answer_rule(name: str, rules: dict[str, Any]) -> str:
    """The rule (a key of the stored rules) an answer of the form is kept under."""
    if name.startswith("prize_"):
        return "prizes"
    if name.startswith("absent_"):
        return "absent"
    if name == "season_count" or name == "count_n" and isinstance(rules.get("periods"), dict):
        return "periods"
    return "count" if name == "count_n" else name


def _refused(validator: Any, value: Any) -> str | None:
    try:
        validator(value)
    except ValidationError as error:
        return str(error.messages[0])
    return None


def answer_refusals(rules: Any) -> list[tuple[str, str]]:
    """What the competition form refuses when it shows these stored rules again, as (rule,
    sentence naming the question and the form's own message); empty when the form saves them
    as they are. The engine's own checks are ``rules_errors``'s."""
    if not isinstance(rules, dict):
        return []
    answers = {**rule_initial(rules), **prize_initial(rules)}
    found = []
    for name, answer in ANSWERS.items():
        value = answers.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue  # the engine's to refuse
        for validator in (MinValueValidator(answer.low), MaxValueValidator(answer.high)):
            problem = _refused(validator, value)
            if problem is not None:
                found.append((_answer_rule(name, rules), gettext(
                    "“%(answer)s” is %(value)s: %(problem)s") % {
                    "answer": answer.label, "value": value, "problem": problem}))
    positions = answers.get("prize_positions")
    problem = _refused(MaxLengthValidator(PRIZE_POSITIONS_MAX_LENGTH), positions or "")
    if problem is not None:
        found.append(("prizes", gettext("“%(answer)s”: %(problem)s") % {
            "answer": gettext("Chosen places"), "problem": problem}))
    if len(period_starts(rules)) > MAX_PERIODS:
        found.append(("periods", gettext("more than %(n)s periods: the competition form has "
                                         "room for %(n)s.") % {"n": MAX_PERIODS}))
    return found


SITE_KEYS = ("prizes", "champion", *SIT_OUT_KEYS)


def engine_rules(rules: Any, better: str, evenings: list[tuple[str, datetime.date]]) -> Any:
    """The engine's ``rules`` for the stored ``rules``: ``evenings`` are (id, date) pairs in
    date order."""
    if not isinstance(rules, dict):
        return rules
    # The site's own keys: the evening prizes (``prize_document``) and the points champion
    # (``selectors.standings.season_and_champion``) are ranked by calls of their own.
    document = {**{k: v for k, v in rules.items() if k not in SITE_KEYS}, "better": better}
    periods = rules.get("periods")
    if isinstance(periods, dict):
        document["periods"] = {**{k: v for k, v in periods.items()
                                  if k not in ("starts", "evenings")},
                               "periods": _period_groups(rules, evenings)}
    return document


def _periods_refused(periods: dict[str, Any], rules: dict[str, Any]) -> bool:
    starts = periods.get("starts", [])
    chosen = periods.get("evenings", {})
    if not isinstance(starts, list) or len(period_starts(rules)) != len(starts) or len(
            set(starts)) != len(starts):
        return True
    if not isinstance(chosen, dict) or len(period_choice(rules)) != len(chosen):
        return True
    return not starts and not chosen


def rules_errors(rules: Any, better: str) -> list[dict[str, Any]]:
    """The engine's errors for these rules alone (no evenings): empty when it accepts them."""
    if isinstance(rules, dict) and isinstance(rules.get("periods"), dict) and _periods_refused(
            rules["periods"], rules):
        return [{"code": "RULES_INVALID", "field": "periods.starts", "params": {}}]
    if isinstance(rules, dict) and not isinstance(rules.get("champion", False), bool):
        return [{"code": "RULES_INVALID", "field": "champion", "params": {}}]
    result = standings({"rules": engine_rules(rules, better, []), "evenings": []})
    return list(result["errors"]) + prize_errors(rules, better) + sit_out_errors(rules)


def prize_rule(rules: Any) -> dict[str, Any] | None:
    """The stored evening prize rule (``{"rule": …, "booby": …}``), or None when there is none."""
    stored = rules.get("prizes") if isinstance(rules, dict) else None
    return stored if isinstance(stored, dict) else None


def prize_document(stored: dict[str, Any], better: str,
                   scores: dict[str, int]) -> dict[str, Any]:
    """The engine's ``prizes`` document for one evening's scores under the stored rule."""
    return {"better": better, "scores": scores, "rule": stored.get("rule"),
            "booby": stored.get("booby", False)}


def prize_errors(rules: Any, better: str) -> list[dict[str, Any]]:
    """The engine's errors for the stored prize rule (checked on no scores), fields prefixed
    ``prizes.``; empty when there is no prize rule or the engine accepts it."""
    if not isinstance(rules, dict) or rules.get("prizes") is None:
        return []
    stored = prize_rule(rules)
    if stored is None:
        return [{"code": "RULES_INVALID", "field": "prizes", "params": {}}]
    errors = prizes(prize_document(stored, better, {}))["errors"]
    return [{**e, "field": f"prizes.{e.get('field') or ''}".rstrip(".")} for e in errors]


def refusal_sentence(error: dict[str, Any]) -> str:
    """The engine's refusal of a rule as a sentence naming the question it comes from."""
    field = str(error.get("field") or "")
    if field == "rank_by":
        return gettext("Ranking by the average cannot be combined with periods.")
    if field.startswith("periods.starts"):
        return gettext("Fill in a different start date for each period.")
    if field.startswith("prizes"):
        return gettext("The evening prizes are not set right: fill in whole numbers of at "
                       "least 1, each position once.")
    if field.startswith(("sit_out", "pairs_movement")):
        return gettext("The sit-out scores are not set right: fill in whole numbers.")
    if field.endswith(".best"):
        return gettext("At least 1 evening (or period) must count.")
    return gettext("The rules engine refuses these rules: %(fields)s") % {"fields": field}


def _count_words(count: Any, periods: bool) -> str:
    if isinstance(count, dict) and "best" in count:
        text = ngettext("The best evening counts.", "The best %(n)s evenings count.",
                        count["best"])
        if periods:
            text = ngettext("The best evening of each period counts.",
                            "The best %(n)s evenings of each period count.", count["best"])
        return text % {"n": count["best"]}
    if isinstance(count, dict) and "drop" in count:
        return ngettext("Each member's worst evening is left out.",
                        "Each member's %(n)s worst evenings are left out.",
                        count["drop"]) % {"n": count["drop"]}
    return gettext("All evenings count.")


def _absent_words(rule: Any) -> str | None:
    if isinstance(rule, dict) and "fixed" in rule:
        return gettext("%(n)s points") % {"n": rule["fixed"]}
    return {"worst": gettext("the evening's worst score"),
            "average": gettext("their own average")}.get(rule)


def rules_sentences(rules: Any, sweep: str | None = None) -> list[str]:
    """The reglement in words, one sentence each, for the standings pages, PDF and workbook."""
    rules = rules if isinstance(rules, dict) else {}
    periods = rules.get("periods") if isinstance(rules.get("periods"), dict) else None
    lines = []
    if periods:
        starts, count = period_starts(rules), period_count(rules)
        if starts and not period_choice(rules):
            lines.append(ngettext("%(n)s period, starting %(dates)s.",
                                  "%(n)s periods, starting %(dates)s.", count) % {
                "n": count, "dates": ", ".join(f"{d:%d-%m-%Y}" for d in starts)})
        else:
            lines.append(ngettext("%(n)s period; the club chose its evenings.",
                                  "%(n)s periods; the club chose the evenings of each.",
                                  count) % {"n": count})
    lines.append(_count_words(periods.get("count") if periods else rules.get("count"),
                              bool(periods)))
    season = periods.get("season_count") if periods else None
    if isinstance(season, dict) and "best" in season:
        lines.append(gettext("The best %(n)s periods count.") % {"n": season["best"]})
    if rules.get("rank_by") == "average":
        lines.append(gettext("Ranked by the average over the evenings that count."))
    if rules.get("min_played"):
        lines.append(gettext("At least %(n)s evenings to qualify.") % {"n": rules["min_played"]})
    absent = rules.get("absent") if isinstance(rules.get("absent"), dict) else {}
    unnotified, notified = (_absent_words(absent.get(k)) for k in ("unnotified", "notified"))
    if unnotified and unnotified == notified:
        lines.append(gettext("An absence scores %(rule)s.") % {"rule": unnotified})
    else:
        if unnotified:
            lines.append(gettext("Absent without calling off: %(rule)s.") % {"rule": unnotified})
        if notified:
            lines.append(gettext("Called off: %(rule)s.") % {"rule": notified})
    if isinstance(absent.get("max_scored"), int) and (unnotified or notified):
        lines.append(gettext("At most %(n)s absences score.") % {"n": absent["max_scored"]})
    if unnotified or notified:
        lines.append(gettext("In the evening columns such a score is in italics."))
    if rules.get("champion") is True:
        lines.append(gettext("There is also a points champion: the total over every evening "
                             "played."))
    return lines + sit_out_sentences(rules, sweep)


def periods_keyed(rules: Any, keys: dict[str, str]) -> Any:
    """``rules`` with the evenings chosen per period (``periods.evenings``) keyed anew by
    ``keys`` (old key → new key; an evening ``keys`` does not name is left out). The workbook
    writes them by date (an evening's id means nothing in another database) and the import
    reads them back to the ids of the evenings it made."""
    if not isinstance(rules, dict) or not isinstance(rules.get("periods"), dict):
        return rules
    chosen = rules["periods"].get("evenings")
    if not isinstance(chosen, dict):
        return rules
    moved = {keys[str(k)]: v for k, v in chosen.items() if str(k) in keys}
    return {**rules, "periods": {**rules["periods"], "evenings": moved}}
