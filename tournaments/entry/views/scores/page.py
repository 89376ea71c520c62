"""The score page of a table: shown, and checked while typing.

Thin: read the match (``selectors.scores``), build the page (``context``), render. With htmx
the live check swaps the form fields (``#hand-fields``). Each view serves a login and a table
code alike (``views.access.entry_view``): who is entering is ``request.entrant``. What a
scorekeeper sees: docs/scorekeeper-guide.md ("Score entry at the table").
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from clubmanager.models import Role
from tournaments.entry.forms import completed_entry, posted_form
from tournaments.entry.selectors.scores import evaluate_draft, match_state
from tournaments.entry.views.access import entry_view
from tournaments.entry.views.entrant import EntryRequest
from tournaments.entry.views.scores.context import TEMPLATE, page_context, view_before, with_changed
from tournaments.models import Hand, Table
from tournaments.shared.numbers import id_or_404, whole_number


@entry_view(Role.MEMBER)
@require_GET
def table_scores(request: EntryRequest, table: Table) -> HttpResponse:
    context = page_context(request, table)
    changed = whole_number(str(request.GET.get("changed", "")))
    if changed is not None and 0 < changed <= context["hand_count"]:  # after a correction
        with_changed(context, table.game, changed)
    return render(request, TEMPLATE, context)


@entry_view(Role.MEMBER)
@require_POST
def hand_check(request: EntryRequest, table: Table) -> HttpResponse:
    """The live check: evaluate the stored hands plus the draft; re-render the fields."""
    match = match_state(table)
    if not request.entrant.may_enter(table, match.seats):
        raise PermissionDenied
    editing = None
    if request.POST.get("hand"):
        editing = get_object_or_404(Hand, pk=id_or_404(request.POST["hand"]), table=table)
    before = view_before(match, editing)
    form = posted_form(request.POST, game=table.game, sides=match.sides, before=before)
    draft = completed_entry(form, before)
    evaluation, number = evaluate_draft(match, draft, editing)
    form.attach(evaluation["errors"], evaluation["warnings"], hand=number, while_typing=True)
    if editing is None:
        form.describe(draft, evaluation)
    context = page_context(request, table, form=form, editing=editing, match=match,
                           may_enter=True)
    context["checked"] = True
    return render(request, f"{TEMPLATE}#hand_fields", context)
