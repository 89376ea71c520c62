"""A table's history: every added, changed and deleted hand, before and after, newest first.

Read from django-simple-history's rows of the hands (``Hand.history``), each shown with the
hand form's own labels (``forms.hands.HandForm``), not as raw JSON. For club admins. Why every
change is recorded: docs/architecture.md ("One write path for every save").
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubmanager.models import Role
from tournaments.entry.forms import HandForm
from tournaments.entry.selectors.scores import match_state
from tournaments.entry.views.access import entry_view
from tournaments.entry.views.entrant import EntryRequest
from tournaments.models import Hand, Table
from tournaments.shared.messages import record_text


@entry_view(Role.ADMIN)
@require_GET
def table_history(request: EntryRequest, table: Table) -> HttpResponse:
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
