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
from typing import Any

from django.utils.translation import gettext, ngettext

from scoring import prizes, standings

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


SITE_KEYS = ("prizes", "champion")


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
    return list(result["errors"]) + prize_errors(rules, better)


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


def rules_sentences(rules: Any) -> list[str]:
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
    return lines


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
