"""What the score page shows, built in small pieces: the hands, the words, the URLs, the form.

The page (``page``), a save's answer (``save``) and a table code's pages all render the same
template, ``tournaments/scores/table.html``, from :func:`page_context`. It was one function of
37 keys; each builder here gives the keys of one concern, so a newcomer can find where a key
comes from. How a save and its answers fit together: docs/architecture.md ("One write path for
every save"); what a scorekeeper sees: docs/scorekeeper-guide.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubmanager.core.text import REASON_MAX_LENGTH
from tournaments.entry import entry_keys
from tournaments.entry.forms import HandForm
from tournaments.entry.selectors.permissions import LAST_BY_UNKNOWN, last_changed_by
from tournaments.entry.selectors.scores import MatchState, confirmer_name, match_state
from tournaments.entry.services.scores import NO_VERSION
from tournaments.entry.views.entrant import Entrant, EntryRequest
from tournaments.evenings.selectors.evenings import TABLE_STATUS
from tournaments.games import site_game
from tournaments.models import Hand, Table
from tournaments.shared.matches import MatchView, match_view
from tournaments.shared.messages import record_text
from tournaments.shared.numbers import INT_MAX, whole_number

TEMPLATE = "tournaments/scores/table.html"
#: A pk no hand has (the largest the column holds), so one ``reverse`` gives every hand's URL,
#: the marker replaced per hand, and offline.js finds it in a URL without a second meaning.
MARKER = str(INT_MAX)


@dataclass(frozen=True)
class Rights:
    """What the entrant may do at the table now: enter (the evening open, the match not
    confirmed) and confirm."""

    can_enter: bool
    can_confirm: bool


def locked_message(reason: str) -> str:
    texts = {
        "closed": _("The evening is closed: scores can no longer be changed."),
        "confirmed": _("This match has been confirmed: scores can no longer be changed."),
        "not_finished": _("Only a finished match can be confirmed."),
        "already_confirmed": _("This match was already confirmed."),
    }
    return texts.get(reason, reason)


def posted_version(request: EntryRequest) -> int:
    """The table version the form was rendered at; :data:`NO_VERSION` ("changed by someone
    else") for anything that is not a version (Table.version is an integer)."""
    version = whole_number(str(request.POST.get("version", "")))
    return version if version is not None and 0 <= version <= INT_MAX else NO_VERSION


def rights(entrant: Entrant, table: Table, match: MatchState, last_by: int | None,
           may_enter: bool | None = None) -> Rights:
    """``may_enter``: the answer when the caller asked already (a save asks once)."""
    if may_enter is None:
        may_enter = entrant.may_enter(table, match.seats)
    open_ = table.round.evening.is_open and table.confirmed_at is None
    can_confirm = (table.finished and open_
                   and entrant.may_confirm(table, match.seats, last_by))
    return Rights(can_enter=may_enter and open_, can_confirm=can_confirm)


def page_context(request: EntryRequest, table: Table, *, form: HandForm | None = None,
                 editing: Hand | None = None, notice: str = "", error: str = "",
                 match: MatchState | None = None, last_by: int | None = LAST_BY_UNKNOWN,
                 may_enter: bool | None = None) -> dict[str, Any]:
    """``match`` and ``last_by`` (who made the latest change) when the caller knows them;
    ``may_enter`` when the caller asked already."""
    if match is None:
        match = match_state(table)
    entrant = request.entrant
    if not table.finished:
        last_by = None
    elif last_by == LAST_BY_UNKNOWN:
        last_by = last_changed_by(table)
    can = rights(entrant, table, match, last_by, may_enter)
    return {
        "table": table, "evening": table.round.evening,
        "competition": table.round.evening.competition, "match": match,
        "editing": editing, "can_enter": can.can_enter, "can_confirm": can.can_confirm,
        "is_admin": entrant.is_admin, "notice": notice, "error": error,
        "status": table.status, "status_label": TABLE_STATUS[table.status],
        "confirmer": confirmer_name(table),
        **_hand_rows(entrant, table, match, editing, can.can_enter),
        **_game_view(table.game, match),
        **_words(table.game, match, editing),
        **_urls(entrant, table, editing, can.can_enter),
        **_entry(request, table, match, editing, form, can.can_enter),
    }


def _hand_rows(entrant: Entrant, table: Table, match: MatchState, editing: Hand | None,
               can_enter: bool) -> dict[str, Any]:
    """The hands as shown: numbers as text, one ``reverse`` for all edit links (the match
    region is rendered on every save)."""
    edit_urls = (_hand_edit_urls(entrant, table, match.hands) if can_enter
                 else ["" for _hand in match.hands])
    change = _("Change %(record)s %(n)s")
    page = site_game(table.game).page
    return {
        "hand_lines": [
            (str(row.hand.number), page.hand_cells(row.hand.data, row.cells, match.sides), url,
             row.hand.adjusted_reason if row.hand.is_adjusted else "",
             record_text(table.game, change, n=row.hand.number) if url else "",
             editing is not None and row.hand.pk == editing.pk)
            for row, url in zip(match.hand_rows, edit_urls, strict=True)
        ],
        "hand_count": len(match.hands),
        "hand_cells_note": page.hand_cells_note,
    }


def _game_view(game: str, match: MatchState) -> dict[str, Any]:
    """What the game shows above the hands (its template and what that reads beyond match)."""
    page = site_game(game).page
    return {
        "row_span": len(match.sides) + 2,
        "state_in_fold": page.state_in_fold,
        "state_template": page.state_template,
        "game_state": page.state_context(match.state),
        "sides_indexed": list(enumerate(match.sides)),
    }


def _words(game: str, match: MatchState, editing: Hand | None) -> dict[str, Any]:
    """The game's own word for an entry: deal, round, game or turn (Words.record_nouns)."""
    change = _("Change %(record)s %(n)s")
    heading = pgettext("heading", "%(record)s %(n)s")
    return {
        "records_heading": record_text(game, "%(records)s"),
        "no_records": record_text(game, _("No %(records)s entered yet.")),
        "save_label": record_text(game, _("Save %(record)s")),
        "entry_heading": (record_text(game, change, n=editing.number) if editing else
                          record_text(game, heading, n=len(match.hands) + 1)),
        "delete_label": (record_text(game, _("Delete %(record)s %(n)s"), n=editing.number)
                         if editing else ""),
        "delete_question": (record_text(game, _("Delete %(record)s %(n)s?"), n=editing.number)
                            if editing else ""),
        # The heading of the next hand's form with the number left open (offline.js numbers
        # the hands typed while the connection is down).
        "entry_pattern": record_text(game, heading, n="{n}"),
    }


def _urls(entrant: Entrant, table: Table, editing: Hand | None,
          can_enter: bool) -> dict[str, Any]:
    return {
        "add_url": entrant.url("hand_add", table),
        "check_url": entrant.url("hand_check", table),
        "table_url": entrant.url("table_scores", table),
        "confirm_url": entrant.url("table_confirm", table),
        "edit_url": entrant.url("hand_edit", table, editing.pk) if editing else "",
        "delete_url": entrant.url("hand_delete", table, editing.pk) if editing else "",
        "move_urls": _move_urls(entrant, table) if can_enter else {},
    }


def _entry(request: EntryRequest, table: Table, match: MatchState, editing: Hand | None,
           form: HandForm | None, can_enter: bool) -> dict[str, Any]:
    """The entry form (None when no entry is possible: e.g. closed or finished since the
    user's form was rendered), with what offline.js needs to keep and send it."""
    entrant = request.entrant
    if not (can_enter and (editing or not match.finished)):
        form = None
    elif form is None:
        before = view_before(match, editing)
        form = HandForm(game=table.game, sides=match.sides, options=dict(match.view.options),
                        initial=(editing.data if editing
                                 else site_game(table.game).entry.initial(before.state)),
                        state=before.state)
    return {
        "form": form,
        "adjusted_values": _adjusted_values(request, match.sides, editing),
        "via_code": entrant.via is not None,
        "reason_max_length": REASON_MAX_LENGTH,
        # Whose drafts and waiting saves offline.js keeps (its localStorage keys): this login's,
        # or this table code's; never shown or sent under another.
        "identity": entrant.identity,
        # Each form a fresh idempotency key; offline.js puts a new one in after each save it
        # queues, so a re-post of the same form (a reload, a retry) repeats the same key.
        "entry_key": entry_keys.fresh_key(),
        "delete_key": entry_keys.fresh_key() if editing else "",
    }


def view_before(match: MatchState, editing: Hand | None) -> MatchView:
    """The match as the entry finds it: all hands for a new one, the hands before it for a
    correction (evaluated again only then)."""
    if editing is None:
        return match.view
    return match_view(match.table, match.seats, [(h.data, h.adjusted_points)
                                                 for h in match.hands if h.number < editing.number])


def _hand_edit_urls(entrant: Entrant, table: Table, hands: list[Hand]) -> list[str]:
    """Each hand's edit URL from one ``reverse`` (a placeholder pk, filled in per hand)."""
    url = entrant.url("hand_edit", table, int(MARKER))
    head, _marker, tail = url.rpartition(MARKER)
    return [f"{head}{hand.pk}{tail}" for hand in hands]


def _move_urls(entrant: Entrant, table: Table) -> dict[str, str]:
    """A hand's edit and delete URLs here with a marker for its pk: where offline.js moves a
    save made through the table's old code (the same table, only its hands)."""
    return {"edit": entrant.url("hand_edit", table, int(MARKER)),
            "delete": entrant.url("hand_delete", table, int(MARKER)), "marker": MARKER}


def _adjusted_values(request: EntryRequest, sides: list[str], editing: Hand | None) -> list[Any]:
    if request.method == "POST":
        values = [request.POST.get(f"adj-{i}", "") for i in range(len(sides))]
    elif editing is not None and editing.adjusted_points:
        values = [editing.adjusted_points.get(s, "") for s in sides]
    else:
        values = ["" for _s in sides]
    return list(zip(range(len(sides)), sides, values, strict=True))


def with_changed(context: dict[str, Any], game: str, number: int) -> dict[str, Any]:
    """The correction's result at its own row: "Round 2 was changed." under hand ``number``."""
    context["changed_number"] = str(number)
    context["changed_message"] = record_text(game, _("%(record)s %(n)s was changed."), n=number)
    return context


# -- answers ----------------------------------------------------------------------------------
def render_page(request: EntryRequest, context: dict[str, Any], partial: str = "match",
                outcome: str = "") -> HttpResponse:
    template = f"{TEMPLATE}#{partial}" if request.htmx else TEMPLATE
    return with_outcome(render(request, template, context), outcome)


def with_outcome(response: HttpResponse, outcome: str, message: str = "") -> HttpResponse:
    """What became of a save, for offline.js (which sends saves kept on the phone and shows
    each one's outcome): ``saved``, ``refused`` (the rules, or the form), ``warned``,
    ``changed`` (by someone else) or ``locked``; with the message a saved hand gets."""
    if outcome:
        response["X-Entry-Outcome"] = outcome
    if message:
        response["X-Entry-Message"] = quote(message)
    return response


def redirect_to_table(request: EntryRequest, table: Table, outcome: str,
                      message: str = "") -> HttpResponse:
    """Back to the table page (with htmx: the client goes there, as for a changed hand)."""
    url = request.entrant.url("table_scores", table)
    response: HttpResponse
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
    else:
        response = redirect(url + "#hands")
    return with_outcome(response, outcome, message)
