"""Saving at a table: a new hand, a changed hand, a deleted hand; each refusal's answer.

A save reads top-down, each module once and in layer order: read the match
(``selectors.scores.entry_read``), ask once whether the entrant may enter here, get the posted
form (``forms.hands.posted_hand``), call the service (``services.scores``) and render. A
refusal of the service is answered from one table, :data:`REFUSALS`, from the refusal to its
answer. Every answer carries ``X-Entry-Outcome`` for offline.js (``context.with_outcome``).

Why one write path, and what makes a save safe to send twice: docs/architecture.md ("One write
path for every save", "Offline, and a save that cannot be lost or doubled"); what a
scorekeeper sees: docs/scorekeeper-guide.md ("Score entry at the table", "Corrections").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.text import reason_refusal
from clubmanager.models import Role
from tournaments.entry import entry_keys
from tournaments.entry.forms import PostedHand, posted_form, posted_hand
from tournaments.entry.selectors.permissions import LAST_BY_UNKNOWN
from tournaments.entry.selectors.scores import EntryRead, entry_read, match_state
from tournaments.entry.services import scores as services
from tournaments.entry.views.access import entry_view, hand_in_reach, table_in_reach
from tournaments.entry.views.entrant import EntryRequest
from tournaments.entry.views.scores.context import (
    TEMPLATE,
    locked_message,
    page_context,
    posted_version,
    redirect_to_table,
    render_page,
    with_changed,
    with_outcome,
)
from tournaments.models import Hand, Table
from tournaments.shared import messages as sentences


@dataclass(frozen=True)
class Refused:
    """A save the service refused: what its answer is made of."""

    request: EntryRequest
    table: Table
    editing: Hand | None
    read: EntryRead
    posted: PostedHand


def _changed_meanwhile(refused: Refused, changed: Any) -> HttpResponse:
    """Someone else saved this table since the form was rendered: its new state, the user's
    input kept below (unless no entry is possible now)."""
    request, read = refused.request, refused.read
    fresh = table_in_reach(request, changed.table.pk)
    form = posted_form(request.POST, game=fresh.game, sides=read.sides, before=read.before)
    context = page_context(request, fresh, form=form, editing=refused.editing)
    context["notice"] = (
        _("This table was just changed by someone else. Here is its new state; your "
          "input is kept below: check it and save again.") if context["form"] else
        _("This table was just changed by someone else. Here is its new state."))
    return render_page(request, context, "match", outcome="changed")


def _locked(refused: Refused, locked: Any) -> HttpResponse:
    """The evening closed or the match confirmed meanwhile."""
    context = page_context(refused.request, refused.table, error=locked_message(locked.reason))
    return render_page(refused.request, context, outcome="locked")


def _rejected(refused: Refused, rejected: Any) -> HttpResponse:
    """The rules refused the hand, or ask to look again at its warnings."""
    form, editing = refused.posted.form, refused.editing
    context = page_context(refused.request, refused.table, form=form, editing=editing,
                           may_enter=True)
    number = editing.number if editing else len(context["match"].hands) + 1
    form.attach(rejected.errors, rejected.warnings, hand=number)
    context["needs_ack"] = isinstance(rejected, services.WarningsNotAcknowledged)
    context["refused"] = not context["needs_ack"]
    return render_page(refused.request, context,
                       outcome="warned" if context["needs_ack"] else "refused")


#: Each refusal of the score services, and its answer (a subclass finds its base's).
REFUSALS: dict[type[services.ScoreError], Callable[[Refused, Any], HttpResponse]] = {
    services.TableChanged: _changed_meanwhile,
    services.TableLocked: _locked,
    services.HandRejected: _rejected,
}


def _answer(refused: Refused, refusal: services.ScoreError) -> HttpResponse:
    for kind in type(refusal).__mro__:
        if kind in REFUSALS:
            return REFUSALS[kind](refused, refusal)
    raise refusal


def _save(request: EntryRequest, table: Table, editing: Hand | None) -> HttpResponse:
    entrant = request.entrant
    read = entry_read(table, editing)
    if not entrant.may_enter(table, read.seats):
        raise PermissionDenied
    posted = posted_hand(request.POST, game=table.game, sides=read.sides, before=read.before,
                         stored=editing.data if editing is not None else None)
    if posted.form.has_errors:  # refused by the form itself: nothing to save
        context = page_context(request, table, form=posted.form, editing=editing,
                               may_enter=True)
        context["refused"] = True
        return render_page(request, context, outcome="refused")
    change = services.HandChange(
        data=posted.data, expected_version=posted_version(request),
        key=entry_keys.posted_key(request.POST),
        acknowledge_warnings=bool(request.POST.get("acknowledge")),
        adjusted_reason=request.POST.get("adjusted_reason", ""), adjusted_points=posted.adjusted)
    try:
        if editing is None:
            saved = services.hand_add(table=table, change=change, by=entrant.by,
                                      via=entrant.via, role=entrant.role, seats=read.seats,
                                      hands=read.hands)
        else:
            saved = services.hand_update(hand=editing, change=change, by=entrant.by,
                                         via=entrant.via)
    except services.ScoreError as refusal:
        return _answer(Refused(request, table, editing, read, posted), refusal)
    return _saved(request, table, saved, editing)


def _saved(request: EntryRequest, table: Table, saved: services.Saved,
           editing: Hand | None) -> HttpResponse:
    """A saved hand: with htmx the match region as the save wrote it, else back to the table
    (a correction at its own row, its result under it)."""
    if editing is not None:
        done = sentences.record_text(table.game, _("%(record)s %(n)s was changed."), n=saved.number)
        if request.htmx:  # the result at the corrected row, where the eye is
            answer = render_page(request, with_changed(_saved_context(request, saved),
                                                       table.game, saved.number))
            return with_outcome(answer, "saved", done)
        url = request.entrant.url("table_scores", table)
        return with_outcome(redirect(f"{url}?changed={saved.number}#hand-{saved.number}"),
                            "saved", done)
    done = sentences.record_text(table.game, _("%(record)s %(n)s saved."), n=saved.number)
    if request.htmx:
        context = _saved_context(request, saved)
        context["saved_message"] = done
        return with_outcome(render(request, f"{TEMPLATE}#match", context), "saved", done)
    return redirect_to_table(request, table, "saved", done)


def _saved_context(request: EntryRequest, saved: services.Saved) -> dict[str, Any]:
    """The page's context as the save wrote it (the same transaction's reads): no second read
    of the table or its match."""
    by = request.entrant.by
    match = match_state(saved.table, seats=saved.seats, hands=saved.hands, view=saved.match)
    return page_context(request, saved.table, match=match,
                        # the save's history row is the latest (unless a repeat's)
                        last_by=(LAST_BY_UNKNOWN if saved.repeated
                                 else by.pk if by is not None else None))


@entry_view(Role.MEMBER)
@require_POST
def hand_add(request: EntryRequest, table: Table) -> HttpResponse:
    """A new hand at the table."""
    return _save(request, table, None)


@entry_view(Role.MEMBER, table=False)
def hand_edit(request: EntryRequest, pk: int) -> HttpResponse:
    """A saved hand's form (GET) or its change (POST)."""
    hand = hand_in_reach(request, pk)
    table = table_in_reach(request, hand.table_id)
    if request.method == "POST":
        return _save(request, table, hand)
    context = page_context(request, table, editing=hand)
    if not context["can_enter"]:
        raise PermissionDenied
    return render_page(request, context)  # htmx: the match, the form in the hand's own row


# -- deleting -----------------------------------------------------------------------------------
def _require_enter(request: EntryRequest, table: Table) -> None:
    if not request.entrant.may_enter(
            table, list(table.seats.select_related("participant__member"))):
        raise PermissionDenied


@entry_view(Role.MEMBER, table=False)
@require_POST
def hand_delete(request: EntryRequest, pk: int) -> HttpResponse:
    repeated = _repeated_delete(request, pk)  # its answer was lost: the same answer again
    if repeated is not None:
        return repeated
    hand = hand_in_reach(request, pk)
    return _removal(request, request.code_table or hand.table, hand)


def _repeated_delete(request: EntryRequest, pk: int) -> HttpResponse | None:
    """A delete posted again with its key after the hand is gone: the answer to the first
    (of a table within reach: a code's own table only)."""
    gone = entry_keys.applied_delete(hand_pk=pk, key=entry_keys.posted_key(request.POST))
    code_table = request.code_table
    if gone is None or (code_table is not None and gone.table_id != code_table.pk):
        return None
    table = table_in_reach(request, gone.table_id)
    _require_enter(request, table)
    return _deleted(request, table, gone.number)


def _removal(request: EntryRequest, table: Table, hand: Hand) -> HttpResponse:
    entrant = request.entrant
    _require_enter(request, table)
    refused = reason_refusal(request.POST.get("reason", ""))
    if refused is not None:  # the text policy (``clubmanager.core.text``): nothing is deleted
        messages.error(request, _("Reason for deleting: %(problem)s") % {"problem": refused})
        return redirect_to_table(request, table, "refused")
    try:
        saved = services.hand_delete(hand=hand, by=entrant.by, via=entrant.via,
                                     expected_version=posted_version(request),
                                     reason=request.POST.get("reason", ""),
                                     key=entry_keys.posted_key(request.POST))
    except services.TableChanged:
        messages.error(request, _("This table was just changed by someone else: nothing was "
                                  "deleted. Check the new state."))
        return redirect_to_table(request, table, "changed")
    except services.TableLocked as locked:
        messages.error(request, locked_message(locked.reason))
        return redirect_to_table(request, table, "locked")
    except services.HandRejected as rejected:
        context = page_context(request, table, editing=hand)
        context["delete_errors"] = [
            sentences.record_text(table.game, _("%(record)s %(n)s: %(message)s"),
                                  n=issue.get("hand"), message=sentences.issue_message(issue))
            for issue in rejected.errors]
        return render_page(request, context, outcome="refused")
    return _deleted(request, table, saved.number)


def _deleted(request: EntryRequest, table: Table, number: int) -> HttpResponse:
    done = sentences.record_text(table.game, _("%(record)s %(n)s was deleted."), n=number)
    messages.success(request, done)
    return redirect_to_table(request, table, "saved", done)


# -- confirming ---------------------------------------------------------------------------------
def _confirmation_change(request: EntryRequest, table: Table, change: Any,
                         done: str) -> HttpResponse:
    """Confirm or withdraw a confirmation through ``change`` (a service); back to the table."""
    entrant = request.entrant
    try:
        if entrant.via is not None:
            change(table=table, by=None, via=entrant.via)
        else:
            change(table=table, by=entrant.by)
    except services.TableLocked as locked:
        messages.error(request, locked_message(locked.reason))
    else:
        messages.success(request, done)
    return redirect(entrant.url("table_scores", table))


@entry_view(Role.MEMBER)
@require_POST
def table_confirm(request: EntryRequest, table: Table) -> HttpResponse:
    return _confirmation_change(request, table, services.table_confirm,
                                _("The result of this match is confirmed."))


@entry_view(Role.ADMIN)
@require_POST
def table_unconfirm(request: EntryRequest, table: Table) -> HttpResponse:
    return _confirmation_change(
        request, table, services.table_unconfirm,
        _("The confirmation was withdrawn: the match can be corrected."))
