"""The workbook's sheet and column names, in one place for the writer and the reader.

Headed in the active language; the reader recognises either site language
(docs/architecture.md, docs/secretary-guide.md).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..games import site_game, site_games

MAX_SEATS = 6  # the largest table of any game (French HIGH FIVE)


def sheet_names() -> dict[str, str]:
    """Sheet key → name in the active language."""
    return {
        "standings": _("Standings"),
        "results": _("All results"),
        "members": _("Members"),
        "hands": _("Hands"),
        "rules": _("Rules"),
        "evenings": _("Evenings"),
        "calloffs": _("Call-offs"),
        "sit_outs": _("Sit-outs"),
        "money": _("Entry fees"),
        "info": _("Info"),
    }


def readable_columns(game: str | None) -> list[tuple[str, str]]:
    """(key, header) of a game's readable hand columns; ``None``: every game's (the import
    recognises any of them), each key once."""
    if game is not None:
        return site_game(game).workbook.columns()
    columns: dict[str, str] = {}
    for each in site_games():
        for key, header in each.workbook.columns():
            columns.setdefault(key, header)
    return list(columns.items())


def hands_columns(game: str | None = None) -> list[tuple[str, str]]:
    """(key, header) of the hands sheet, in order, in the active language: the table, the
    seats, the hand's readable columns (``readable_columns(game)``), an adjusted score and,
    last, the hand as the site stores it."""
    columns = [
        ("date", _("Date")),
        ("round", _("Round")),
        ("table", _("Table")),
        ("game", _("Game")),
        ("options", _("Game options (raw, for the import)")),
        ("first_dealer", _("First dealer (seat)")),
        ("scorekeeper", _("Scorekeeper (seat)")),
    ]
    for n in range(1, MAX_SEATS + 1):
        columns.append((f"seat{n}_number", _("Seat %(n)s member number") % {"n": n}))
        columns.append((f"seat{n}_name", _("Seat %(n)s name") % {"n": n}))
        columns.append((f"seat{n}_guest", _("Seat %(n)s guest number") % {"n": n}))
    columns.append(("hand", _("Hand")))
    columns += [(f"cell:{key}", header) for key, header in readable_columns(game)]
    columns += [
        ("adjusted_points", _("Adjusted points (raw, for the import)")),
        ("adjusted_reason", _("Reason for the adjusted score")),
        ("data", _("Hand as entered (raw, for the import)")),
    ]
    return columns


#: The hidden raw columns' former headers, which named the format ("JSON"): a workbook exported
#: before they were renamed still imports. In both languages, as they were written.
FORMER_HEADERS = {
    "options": ("Game options (JSON)", "Spelopties (JSON)"),
    "adjusted_points": ("Adjusted points (JSON)", "Aangepaste punten (JSON)"),
    "data": ("Hand as entered (JSON)", "Hand zoals ingevoerd (JSON)"),
    "value": ("Value (JSON)", "Waarde (JSON)"),
}


def members_columns() -> list[tuple[str, str]]:
    return [("member_number", _("Member number")), ("name", _("Name")), ("active", _("Active"))]


#: The reglement's settings, one row each on the rules sheet, in this order: the keys of
#: ``Competition.rules`` (``tournaments/shared/season_rules.py``; ``prizes``: the evening
#: prizes, ``champion``: the points champion, true or false).
RULE_KEYS = ("count", "rank_by", "min_played", "absent", "periods", "tiebreaks", "prizes",
             "champion", "sit_out", "pairs_movement")


def rule_questions() -> dict[str, str]:
    """A rule's key → the question it answers, as the competition form asks it."""
    return {
        "count": _("How many evenings count?"),
        "rank_by": _("What decides the ranking?"),
        "min_played": _("How many evenings must someone play to be ranked?"),
        "absent": _("What does someone get who was not there, or called off?"),
        "periods": _("Periods"),
        "tiebreaks": _("Tie-breaks"),
        "prizes": _("Evening prizes"),
        "champion": _("Also a points champion over all evenings"),
        "sit_out": _("What does someone get who sits out a round by the rota?"),
        "pairs_movement": _("Fixed pairs move each round"),
    }


def rules_columns() -> list[tuple[str, str]]:
    return [("rule", _("Rule")), ("question", _("Question")),
            ("value", _("Value (raw, for the import)")), ("answer", _("Answer"))]


def evenings_columns() -> list[tuple[str, str]]:
    return [("date", _("Date")), ("counts", _("Counts for the competition"))]


def calloffs_columns() -> list[tuple[str, str]]:
    return [("date", _("Date")), ("member_number", _("Member number")), ("name", _("Name"))]


def sit_outs_columns() -> list[tuple[str, str]]:
    """Who sat out which round by the rota; the points are what the reglement credited (the
    import reads who and when, and the reglement gives the points again)."""
    return [("date", _("Date")), ("round", _("Round")), ("member_number", _("Member number")),
            ("name", _("Name")), ("points", _("Points from the reglement"))]
