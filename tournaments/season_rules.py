"""A competition's reglement as the rules engine's season document (docs/season-rules.md).

``Competition.rules`` holds the engine's ``rules`` object (``../shared/rules/season.md``) with
two things the site fills in when it asks the engine:

* ``better`` comes from the competition's game (``Competition.better``), never stored twice;
* periods are stored by the date each one starts (``periods.starts``, ISO dates): a period runs
  until the next one starts, so every evening falls in exactly one. The engine gets them as
  lists of evening ids (``periods.periods``).

What the engine refuses comes back as its errors; nothing here raises.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext, ngettext

from scoring import standings


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


def engine_rules(rules: Any, better: str, evenings: list[tuple[str, datetime.date]]) -> Any:
    """The engine's ``rules`` for the stored ``rules``: ``evenings`` are (id, date) pairs."""
    if not isinstance(rules, dict):
        return rules
    document = {**rules, "better": better}
    periods = rules.get("periods")
    if isinstance(periods, dict):
        starts = period_starts(rules)
        groups: list[list[str]] = [[] for _ in starts] or [[]]
        for evening_id, day in evenings:
            groups[period_of(day, starts)].append(evening_id)
        document["periods"] = {**{k: v for k, v in periods.items() if k != "starts"},
                               "periods": groups}
    return document


def rules_errors(rules: Any, better: str) -> list[dict[str, Any]]:
    """The engine's errors for these rules alone (no evenings): empty when it accepts them."""
    if isinstance(rules, dict) and isinstance(rules.get("periods"), dict):
        starts = rules["periods"].get("starts")
        if not isinstance(starts, list) or not starts or len(period_starts(rules)) != len(
                starts) or len(set(starts)) != len(starts):
            return [{"code": "RULES_INVALID", "field": "periods.starts", "params": {}}]
    result = standings({"rules": engine_rules(rules, better, []), "evenings": []})
    return list(result["errors"])


def refusal_sentence(error: dict[str, Any]) -> str:
    """The engine's refusal of a rule as a sentence naming the question it comes from."""
    field = str(error.get("field") or "")
    if field == "rank_by":
        return gettext("Ranking by the average cannot be combined with periods.")
    if field.startswith("periods.starts"):
        return gettext("Fill in a different start date for each period.")
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
        starts = period_starts(rules)
        lines.append(ngettext("%(n)s period, starting %(dates)s.",
                              "%(n)s periods, starting %(dates)s.", len(starts)) % {
            "n": len(starts), "dates": ", ".join(f"{d:%d-%m-%Y}" for d in starts)})
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
    return lines
