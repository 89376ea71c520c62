"""Views: score entry at the table, corrections, confirmation, history and the evening board.

Thin: parse the form (``forms.hands.HandForm``), call a service or selector, render. With htmx
the save swaps the match region (``#match``) and the live check swaps the form fields
(``#hand-fields``); without JavaScript every form posts normally and redirects.

The same pages serve a table code (``views.table_codes``, no login): who is entering, what they
may do and the URLs they post to come from ``entrant_of(request)`` (``views.entrant``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from clubmanager.access import View, club_object_view, club_view
from clubmanager.http import ClubRequest
from clubmanager.models import Role
from clubmanager.text import REASON_MAX_LENGTH, reason_refusal

from .. import entry_keys
from ..forms.hands import HandForm, adjusted_points_errors, adjusted_points_from
from ..forms.numbers import INT_MAX, id_or_404, whole_number
from ..games import site_game
from ..matches import MatchView, match_view, sides_of
from ..messages import issue_message, record_text
from ..models import Evening, Hand, Table
from ..selectors.evenings import TABLE_STATUS
from ..selectors.permissions import last_changed_by
from ..selectors.scores import (
    MatchState,
    evaluate_draft,
    evening_board,
    hand_in_club,
    match_state,
    seats_and_hands,
    table_access,
    table_in_club,
)
from ..services import scores as services
from .entrant import Entrant, entrant_of

TEMPLATE = "tournaments/scores/table.html"

def _locked_message(reason: str) -> str:
    texts = {
        "closed": _("The evening is closed: scores can no longer be changed."),
        "confirmed": _("This match has been confirmed: scores can no longer be changed."),
        "not_finished": _("Only a finished match can be confirmed."),
        "already_confirmed": _("This match was already confirmed."),
    }
    return texts.get(reason, reason)


def _version(request: ClubRequest) -> int:
    """The table version the form was rendered at; -1 (no version a table has, so "changed
    by someone else") for anything that is not a version (Table.version is an integer)."""
    version = whole_number(str(request.POST.get("version", "")))
    return version if version is not None and 0 <= version <= INT_MAX else -1


def _context(request: ClubRequest, table: Table, *, form: HandForm | None = None,
             editing: Hand | None = None, notice: str = "", error: str = "",
             match: MatchState | None = None, last_by: int | None = -1) -> dict[str, Any]:
    """``match`` and ``last_by`` (who made the latest change) when the caller knows them."""
    if match is None:
        match = match_state(table)
    entrant = entrant_of(request)
    can_enter = entrant.may_enter(table, match.seats)
    open_ = table.round.evening.is_open and table.confirmed_at is None
    if not table.finished:
        last_by = None
    elif last_by == -1:
        last_by = last_changed_by(table)
    if not (can_enter and open_ and (editing or not match.finished)):
        form = None  # e.g. closed or finished since the user's form was rendered
    elif form is None:
        before = _view_before(match, editing)
        form = HandForm(game=table.game, sides=match.sides, options=dict(match.view.options),
                        initial=(editing.data if editing
                                 else site_game(table.game).entry_initial(before.state)),
                        state=before.state)
    edit_urls = (_hand_edit_urls(entrant, table, match.hands) if can_enter and open_
                 else ["" for _hand in match.hands])
    game = table.game
    change = _("Change %(record)s %(n)s")
    return {
        # Shown as prepared here (numbers as text, one reverse for all edit links): the match
        # region is rendered on every save.
        "hand_lines": [
            (str(row.hand.number), row.cells, url,
             row.hand.adjusted_reason if row.hand.is_adjusted else "",
             record_text(game, change, n=row.hand.number) if url else "",
             editing is not None and row.hand.pk == editing.pk)
            for row, url in zip(match.hand_rows, edit_urls, strict=True)
        ],
        "row_span": len(match.sides) + 2,
        "state_in_fold": site_game(game).state_in_fold,
        "hand_count": len(match.hands),
        "status": table.status,
        "status_label": TABLE_STATUS[table.status],
        # The game's own word for an entry: deal, round, game or turn (SiteGame.record_nouns).
        "records_heading": record_text(game, "%(records)s"),
        "no_records": record_text(game, _("No %(records)s entered yet.")),
        "save_label": record_text(game, _("Save %(record)s")),
        "entry_heading": (record_text(game, change, n=editing.number) if editing else
                          record_text(game, pgettext("heading", "%(record)s %(n)s"),
                                      n=len(match.hands) + 1)),
        "delete_label": (record_text(game, _("Delete %(record)s %(n)s"), n=editing.number)
                         if editing else ""),
        "delete_question": (record_text(game, _("Delete %(record)s %(n)s?"), n=editing.number)
                            if editing else ""),
        "add_url": entrant.url("hand_add", table),
        "check_url": entrant.url("hand_check", table),
        "table_url": entrant.url("table_scores", table),
        "confirm_url": entrant.url("table_confirm", table),
        "edit_url": entrant.url("hand_edit", table, editing.pk) if editing else "",
        "delete_url": entrant.url("hand_delete", table, editing.pk) if editing else "",
        "via_code": entrant.via is not None,
        "reason_max_length": REASON_MAX_LENGTH,
        # Whose drafts and waiting saves offline.js keeps (its localStorage keys): this login's,
        # or this table code's; never shown or sent under another.
        "identity": entrant.identity,
        "move_urls": _move_urls(entrant, table) if can_enter and open_ else {},
        "table": table,
        "evening": table.round.evening,
        "competition": table.round.evening.competition,
        "match": match,
        "form": form,
        "editing": editing,
        "can_enter": can_enter and open_,
        "is_admin": entrant.is_admin,
        "can_confirm": table.finished and table.confirmed_at is None
        and table.round.evening.is_open
        and entrant.may_confirm(table, match.seats, last_by),
        "notice": notice,
        "error": error,
        # What the game shows above the hands (its template and what that reads beyond match).
        "state_template": site_game(game).state_template,
        "game_state": site_game(game).state_context(match),
        "sides_indexed": list(enumerate(match.sides)),
        "adjusted_values": _adjusted_values(request, match.sides, editing),
        # Each form a fresh idempotency key; offline.js puts a new one in after each save it
        # queues, so a re-post of the same form (a reload, a retry) repeats the same key.
        "entry_key": entry_keys.fresh_key(),
        # The heading of the next hand's form with the number left open (offline.js numbers
        # the hands typed while the connection is down).
        "entry_pattern": record_text(game, pgettext("heading", "%(record)s %(n)s"), n="{n}"),
        "delete_key": entry_keys.fresh_key() if editing else "",
    }


def _view_before(match: MatchState, editing: Hand | None) -> MatchView:
    """The match as the entry finds it: all hands for a new one, the hands before it for a
    correction (evaluated again only then)."""
    if editing is None:
        return match.view
    return match_view(match.table, match.seats, [(h.data, h.adjusted_points)
                                                 for h in match.hands if h.number < editing.number])


def _hand_edit_urls(entrant: Entrant, table: Table, hands: list[Hand]) -> list[str]:
    """Each hand's edit URL from one ``reverse`` (a placeholder pk, filled in per hand)."""
    marker = "2147483647"
    url = entrant.url("hand_edit", table, int(marker))
    head, _marker, tail = url.rpartition(marker)
    return [f"{head}{hand.pk}{tail}" for hand in hands]


def _move_urls(entrant: Entrant, table: Table) -> dict[str, str]:
    """A hand's edit and delete URLs here with a marker for its pk: where offline.js moves a
    save made through the table's old code (the same table, only its hands)."""
    marker = "2147483647"
    return {"edit": entrant.url("hand_edit", table, int(marker)),
            "delete": entrant.url("hand_delete", table, int(marker)), "marker": marker}


def _adjusted_values(request: ClubRequest, sides: list[str], editing: Hand | None) -> list[Any]:
    if request.method == "POST":
        values = [request.POST.get(f"adj-{i}", "") for i in range(len(sides))]
    elif editing is not None and editing.adjusted_points:
        values = [editing.adjusted_points.get(s, "") for s in sides]
    else:
        values = ["" for _s in sides]
    return list(zip(range(len(sides)), sides, values, strict=True))


def _render(request: ClubRequest, context: dict[str, Any], partial: str = "match",
            outcome: str = "") -> HttpResponse:
    template = f"{TEMPLATE}#{partial}" if request.htmx else TEMPLATE
    return _outcome(render(request, template, context), outcome)


def _outcome(response: HttpResponse, outcome: str, message: str = "") -> HttpResponse:
    """What became of a save, for offline.js (which sends saves kept on the phone and shows
    each one's outcome): ``saved``, ``refused`` (the rules, or the form), ``warned``,
    ``changed`` (by someone else) or ``locked``; with the message a saved hand gets."""
    if outcome:
        response["X-Entry-Outcome"] = outcome
    if message:
        response["X-Entry-Message"] = quote(message)
    return response


def _redirect_to_table(request: ClubRequest, table: Table, outcome: str,
                       message: str = "") -> HttpResponse:
    """Back to the table page (with htmx: the client goes there, as for a changed hand)."""
    url = entrant_of(request).url("table_scores", table)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
    else:
        response = redirect(url + "#hands")
    return _outcome(response, outcome, message)


def table_view(min_role: str) -> Callable[[View], View]:
    """``club_view`` for a table's pages: the club, the user's role there and the table (with
    its round, evening and competition) in one query; the view gets the table."""
    return club_object_view(min_role, table_access)


def _changed(context: dict[str, Any], game: str, number: int) -> dict[str, Any]:
    """The correction's result at its own row: "Round 2 was changed." under hand ``number``."""
    context["changed_number"] = str(number)
    context["changed_message"] = record_text(game, _("%(record)s %(n)s was changed."), n=number)
    return context


@table_view(Role.MEMBER)
@require_GET
def table_scores(request: ClubRequest, table: Table) -> HttpResponse:
    return table_page(request, table)


def table_page(request: ClubRequest, table: Table) -> HttpResponse:
    context = _context(request, table)
    changed = whole_number(str(request.GET.get("changed", "")))
    if changed is not None and 0 < changed <= context["hand_count"]:  # after a correction
        _changed(context, table.game, changed)
    return render(request, TEMPLATE, context)


def _posted_form(request: ClubRequest, table: Table, sides: list[str],
                 options: dict[str, Any], state: Any = None) -> HandForm:
    return HandForm(game=table.game, sides=sides, options=options, post=request.POST,
                    state=state)


def _completed(form: HandForm, view: MatchView) -> dict[str, Any]:
    """The posted entry with what follows from it filled in (``SiteGame.complete_entry``),
    shown in the form's fields."""
    data = form.parse()
    completed = site_game(form.game).complete_entry(data, view)
    form.show_completed(data, completed)
    return completed


@table_view(Role.MEMBER)
@require_POST
def hand_check(request: ClubRequest, table: Table) -> HttpResponse:
    return live_check(request, table)


def live_check(request: ClubRequest, table: Table) -> HttpResponse:
    """The live check: evaluate the stored hands plus the draft; re-render the fields."""
    match = match_state(table)
    if not entrant_of(request).may_enter(table, match.seats):
        raise PermissionDenied
    editing = None
    if request.POST.get("hand"):
        editing = get_object_or_404(Hand, pk=id_or_404(request.POST["hand"]), table=table)
    before = _view_before(match, editing)
    form = _posted_form(request, table, match.sides, dict(match.view.options), before.state)
    evaluation, number = evaluate_draft(match, _completed(form, before), editing)
    form.attach(evaluation["errors"], evaluation["warnings"], hand=number, while_typing=True)
    context = _context(request, table, form=form, editing=editing)
    context["checked"] = True
    return render(request, f"{TEMPLATE}#hand_fields", context)


def _require_enter(request: ClubRequest, table: Table, seats: list[Any]) -> None:
    if not entrant_of(request).may_enter(table, seats):
        raise PermissionDenied


def _save(request: ClubRequest, table: Table, editing: Hand | None) -> HttpResponse:
    # The match as stored at ``table.version``: the add service checks and evaluates this read
    # and writes only if the table is still at that version (no second read).
    seats, hands = seats_and_hands(table)
    _require_enter(request, table, seats)
    sides = sides_of(seats)
    before = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands
                                       if editing is None or h.number < editing.number])
    options = dict(before.options)
    form = _posted_form(request, table, sides, options, before.state)
    data = _completed(form, before)
    adjusted = adjusted_points_from(request.POST, sides)
    form.general_errors += adjusted_points_errors(adjusted, game=table.game, options=options,
                                                  sides_display=form.display)
    refused = reason_refusal(request.POST.get("adjusted_reason", ""))
    if refused is not None:  # the text policy (``clubmanager.text``), before anything is saved
        form.general_errors.append(_("Reason for the adjusted score: %(problem)s")
                                   % {"problem": refused})
    if form.has_errors:  # refused by the form itself (see HandForm.parse): nothing to save
        context = _context(request, table, form=form, editing=editing)
        context["refused"] = True
        return _render(request, context, outcome="refused")
    entrant = entrant_of(request)
    change = services.HandChange(
        data=data, expected_version=_version(request), key=entry_keys.posted_key(request.POST),
        acknowledge_warnings=bool(request.POST.get("acknowledge")),
        adjusted_reason=request.POST.get("adjusted_reason", ""), adjusted_points=adjusted)
    try:
        if editing is None:
            saved = services.hand_add(table=table, change=change, by=entrant.by,
                                      via=entrant.via, role=entrant.role, seats=seats,
                                      hands=hands)
        else:
            saved = services.hand_update(hand=editing, change=change, by=entrant.by,
                                         via=entrant.via)
    except services.TableChanged as changed:
        fresh = table_in_club(request.club, changed.table.pk)
        form = _posted_form(request, fresh, sides, options, before.state)
        context = _context(request, fresh, form=form, editing=editing)
        context["notice"] = (
            _("This table was just changed by someone else. Here is its new state; your "
              "input is kept below: check it and save again.") if context["form"] else
            _("This table was just changed by someone else. Here is its new state."))
        return _render(request, context, "match", outcome="changed")
    except services.TableLocked as locked:
        return _render(request, _context(request, table, error=_locked_message(locked.reason)),
                       outcome="locked")
    except services.HandRejected as rejected:
        context = _context(request, table, form=form, editing=editing)
        number = editing.number if editing else len(context["match"].hands) + 1
        form.attach(rejected.errors, rejected.warnings, hand=number)
        context["needs_ack"] = isinstance(rejected, services.WarningsNotAcknowledged)
        context["refused"] = not context["needs_ack"]
        return _render(request, context, outcome="warned" if context["needs_ack"] else "refused")
    if editing is not None:
        done = record_text(table.game, _("%(record)s %(n)s was changed."), n=saved.number)
        if request.htmx:  # the result at the corrected row, where the eye is
            answer = _render(request, _changed(_saved_context(request, saved), table.game,
                                               saved.number))
            return _outcome(answer, "saved", done)
        url = entrant.url("table_scores", table)
        # back at the corrected row, its result under it
        return _outcome(redirect(f"{url}?changed={saved.number}#hand-{saved.number}"),
                        "saved", done)
    done = record_text(table.game, _("%(record)s %(n)s saved."), n=saved.number)
    if request.htmx:
        context = _saved_context(request, saved)
        context["saved_message"] = done
        return _outcome(render(request, f"{TEMPLATE}#match", context), "saved", done)
    return _redirect_to_table(request, table, "saved", done)


def _saved_context(request: ClubRequest, saved: services.Saved) -> dict[str, Any]:
    """The page's context as the save wrote it (the same transaction's reads): no second read
    of the table or its match."""
    by = entrant_of(request).by
    match = match_state(saved.table, seats=saved.seats, hands=saved.hands, view=saved.match)
    return _context(request, saved.table, match=match,
                    # the save's history row is the latest (unless a repeat's)
                    last_by=-1 if saved.repeated else (by.pk if by else None))


@table_view(Role.MEMBER)
@require_POST
def hand_add(request: ClubRequest, table: Table) -> HttpResponse:
    return hand_save(request, table)


def hand_save(request: ClubRequest, table: Table) -> HttpResponse:
    """A new hand at the table."""
    return _save(request, table, None)


@club_view(Role.MEMBER)
def hand_edit(request: ClubRequest, pk: int) -> HttpResponse:
    hand = hand_in_club(request.club, pk)
    table = table_in_club(request.club, hand.table_id)
    return hand_page(request, table, hand)


def hand_page(request: ClubRequest, table: Table, hand: Hand) -> HttpResponse:
    """A saved hand's form (GET) or its change (POST)."""
    if request.method == "POST":
        return _save(request, table, hand)
    context = _context(request, table, editing=hand)
    if not context["can_enter"]:
        raise PermissionDenied
    return _render(request, context)  # htmx: the match, the form in the hand's own row


@club_view(Role.MEMBER)
@require_POST
def hand_delete(request: ClubRequest, pk: int) -> HttpResponse:
    repeated = repeated_delete(request, pk)
    if repeated is not None:
        return repeated
    hand = hand_in_club(request.club, pk)
    return hand_removal(request, hand.table, hand)


def repeated_delete(request: ClubRequest, pk: int,
                    table: Table | None = None) -> HttpResponse | None:
    """A delete posted again with its key after the hand is gone: the answer to the first.
    ``table``: the only table it may be of (a table code's)."""
    gone = entry_keys.applied_delete(hand_pk=pk, key=entry_keys.posted_key(request.POST))
    if gone is None or (table is not None and gone.table_id != table.pk):
        return None
    table = table_in_club(request.club, gone.table_id)
    _require_enter(request, table, list(table.seats.select_related("participant__member")))
    return _deleted(request, table, gone.number)


def hand_removal(request: ClubRequest, table: Table, hand: Hand) -> HttpResponse:
    entrant = entrant_of(request)
    _require_enter(request, table, list(table.seats.select_related("participant__member")))
    refused = reason_refusal(request.POST.get("reason", ""))
    if refused is not None:  # the text policy (``clubmanager.text``): nothing is deleted
        messages.error(request, _("Reason for deleting: %(problem)s") % {"problem": refused})
        return _redirect_to_table(request, table, "refused")
    try:
        saved = services.hand_delete(hand=hand, by=entrant.by, via=entrant.via,
                                     expected_version=_version(request),
                                     reason=request.POST.get("reason", ""),
                                     key=entry_keys.posted_key(request.POST))
    except services.TableChanged:
        messages.error(request, _("This table was just changed by someone else: nothing was "
                                  "deleted. Check the new state."))
        return _redirect_to_table(request, table, "changed")
    except services.TableLocked as locked:
        messages.error(request, _locked_message(locked.reason))
        return _redirect_to_table(request, table, "locked")
    except services.HandRejected as rejected:
        context = _context(request, table, editing=hand)
        context["delete_errors"] = [
            record_text(table.game, _("%(record)s %(n)s: %(message)s"), n=issue.get("hand"),
                        message=issue_message(issue))
            for issue in rejected.errors]
        return _render(request, context, outcome="refused")
    return _deleted(request, table, saved.number)


def _deleted(request: ClubRequest, table: Table, number: int) -> HttpResponse:
    done = record_text(table.game, _("%(record)s %(n)s was deleted."), n=number)
    messages.success(request, done)
    return _redirect_to_table(request, table, "saved", done)


def _confirmation_change(request: ClubRequest, table: Table, change: Any,
                         done: str) -> HttpResponse:
    """Confirm or withdraw a confirmation through ``change`` (a service); back to the table."""
    entrant = entrant_of(request)
    try:
        if entrant.via is not None:
            change(table=table, by=None, via=entrant.via)
        else:
            change(table=table, by=request.user)
    except services.TableLocked as locked:
        messages.error(request, _locked_message(locked.reason))
    else:
        messages.success(request, done)
    return redirect(entrant.url("table_scores", table))


@table_view(Role.MEMBER)
@require_POST
def table_confirm(request: ClubRequest, table: Table) -> HttpResponse:
    return confirmation(request, table)


def confirmation(request: ClubRequest, table: Table) -> HttpResponse:
    return _confirmation_change(request, table, services.table_confirm,
                                _("The result of this match is confirmed."))


@table_view(Role.ADMIN)
@require_POST
def table_unconfirm(request: ClubRequest, table: Table) -> HttpResponse:
    return _confirmation_change(
        request, table, services.table_unconfirm,
        _("The confirmation was withdrawn: the match can be corrected."))


@table_view(Role.ADMIN)
@require_GET
def table_history(request: ClubRequest, table: Table) -> HttpResponse:
    match = match_state(table)
    records = list(
        Hand.history.filter(table_id=table.pk).select_related("history_user")
        .order_by("history_date", "history_id")
    )
    previous: dict[int, Any] = {}
    changes = []
    for record in records:
        before = previous.get(record.id)
        after = None if record.history_type == "-" else record
        changes.append({
            "record": record,
            "before": _readable(table, match.sides, before),
            "after": _readable(table, match.sides, after),
            "kind": {"+": _("added"), "~": _("changed"), "-": _("deleted")}[record.history_type],
            "what": record_text(table.game, "%(record)s %(n)s", n=record.number),
        })
        previous[record.id] = record
    changes.reverse()  # newest first
    return render(request, "tournaments/scores/history.html", {
        "table": table, "evening": table.round.evening, "changes": changes,
    })


def _readable(table: Table, sides: list[str], record: Any) -> list[tuple[str, str]] | None:
    """A hand version as the form's labels and values (not raw JSON)."""
    if record is None:
        return None
    form = HandForm(game=table.game, sides=sides, options=table.options or {},
                    initial=record.data if isinstance(record.data, dict) else {})
    rows: list[tuple[str, str]] = [(record_text(table.game, "%(record)s"), str(record.number))]
    for block in form.blocks:
        for inp in block.inputs:
            rows.append((_label(block.label, inp), _shown(inp)))
        for side_label, _index, inputs in block.groups:
            for inp in inputs:
                rows.append((f"{side_label}: {inp.label}", _shown(inp)))
    if record.adjusted_points is not None:
        rows.append((_("adjusted points"), ", ".join(
            f"{s}: {v}" for s, v in record.adjusted_points.items())))
        rows.append((_("reason"), record.adjusted_reason))
    return rows


def _label(block_label: str, inp: Any) -> str:
    return block_label if inp.label == block_label else f"{block_label} – {inp.label}"


def _shown(inp: Any) -> str:
    if inp.widget == "checkbox":
        return _("yes") if inp.checked else _("no")
    if inp.choices:
        return dict(inp.choices).get(str(inp.value), str(inp.value)) if inp.value != "" else "–"
    return str(inp.value) if inp.value != "" else "–"


@club_view(Role.MEMBER)
@require_GET
def evening_status_board(request: ClubRequest, pk: int) -> HttpResponse:
    evening = get_object_or_404(
        Evening.objects.select_related("competition"),
        pk=pk, competition__club=request.club,
    )
    context = {"evening": evening, "competition": evening.competition,
               "board": evening_board(evening)}
    template = "tournaments/scores/board.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context)


urlpatterns: list[URLPattern] = [
    path("tables/<id:pk>/", table_scores, name="table_scores"),
    path("tables/<id:pk>/check/", hand_check, name="hand_check"),
    path("tables/<id:pk>/hands/add/", hand_add, name="hand_add"),
    path("tables/<id:pk>/confirm/", table_confirm, name="table_confirm"),
    path("tables/<id:pk>/unconfirm/", table_unconfirm, name="table_unconfirm"),
    path("tables/<id:pk>/history/", table_history, name="table_history"),
    path("hands/<id:pk>/edit/", hand_edit, name="hand_edit"),
    path("hands/<id:pk>/delete/", hand_delete, name="hand_delete"),
    path("evenings/<id:pk>/board/", evening_status_board, name="evening_status_board"),
]
