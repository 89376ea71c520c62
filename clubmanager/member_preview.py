"""The member import's preview: each row of the sheet against the club's members, marked new,
updated, unchanged or error, with the notes the secretary should read (docs/secretary-guide.md).

Only a row without a name is refused. A bad cell (an e-mail address that is not one, a member
number or phone number the site cannot keep) is left out and the member comes in without it; a
phone number that lost its leading 0 gets it back when the digits make that certain. A row
without a member number is the existing member of that name, or a new member with the next free
number. Likely duplicates, in the sheet or with a member already there, are flagged.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import member_checks
from .core.text import NAME_MAX_LENGTH, refusal
from .member_sheet import ParsedRow

NEW = "new"
UPDATED = "updated"
UNCHANGED = "unchanged"
ERROR = "error"
MAX_LENGTH = {"name": NAME_MAX_LENGTH, "member_number": 32, "email": 254, "phone": 40}


@dataclass
class PreviewRow:
    #: the row as it will be saved: bad cells left out, a lost 0 restored, a number given
    row: ParsedRow
    status: str
    #: why the row is refused (status error) or what changes (status updated)
    reasons: list[str]
    before: dict[str, str]
    #: what the secretary should know: cells left out, a phone repaired, a likely duplicate
    notes: list[str] = field(default_factory=list)

    @property
    def member_number(self) -> str:
        return self.row.member_number

    def changes(self) -> dict[str, str]:
        fields = ("name", *self.row.columns)
        return {
            f: getattr(self.row, f) for f in fields if getattr(self.row, f) != self.before.get(f)
        }

    def values_for_create(self) -> dict[str, str]:
        return {
            "name": self.row.name,
            "member_number": self.row.member_number,
            "email": self.row.email,
            "phone": self.row.phone,
        }


def _field_label(name: str) -> str:
    return {
        "name": _("name"),
        "member_number": _("member number"),
        "email": _("email"),
        "phone": _("phone"),
    }[name]


def _cell_refused(row: ParsedRow, name: str) -> str | None:
    """Why the site cannot keep this cell's text (the text policy or the length), or None."""
    value = getattr(row, name)
    refused = refusal(value)  # the site's text policy (``clubmanager.core.text``)
    if refused is not None:
        return _("%(field)s: %(problem)s") % {"field": _field_label(name).capitalize(),
                                              "problem": refused}
    if len(value) > MAX_LENGTH[name]:
        return ngettext(
            "The %(field)s is longer than %(limit)s character.",
            "The %(field)s is longer than %(limit)s characters.",
            MAX_LENGTH[name],
        ) % {"field": _field_label(name), "limit": MAX_LENGTH[name]}
    return None


def clean(row: ParsedRow) -> tuple[ParsedRow, list[str], list[str]]:
    """(the row to save, errors that refuse it, notes): a bad cell is left out, with a note."""
    notes = list(row.notes)
    errors: list[str] = []
    if not row.name:
        errors.append(_("The name is missing."))
    elif (refused := _cell_refused(row, "name")) is not None:
        errors.append(refused)
    dropped: set[str] = set()
    for name in ("member_number", "email", "phone"):
        if getattr(row, name) and (refused := _cell_refused(row, name)) is not None:
            notes.append(_("%(problem)s Left out.") % {"problem": refused})
            dropped.add(name)
    if row.email and "email" not in dropped and not member_checks.email_ok(row.email):
        notes.append(_("“%(email)s” is not an e-mail address; the member comes in without it.")
                     % {"email": row.email})
        dropped.add("email")
    if row.phone and "phone" not in dropped and not member_checks.phone_ok(row.phone):
        notes.append(_("“%(phone)s” is not a phone number; the member comes in without it.")
                     % {"phone": row.phone})
        dropped.add("phone")
    cleaned = replace(row, columns=tuple(c for c in row.columns if c not in dropped))
    for name in dropped:
        setattr(cleaned, name, "")
    if cleaned.phone:
        phone, note = member_checks.phone(cleaned.phone)
        cleaned.phone = phone
        notes.extend([note] if note else [])
    return cleaned, errors, notes


def _next_numbers(rows: list[ParsedRow], existing: dict[str, Any]) -> int:
    """The first free number: one past the highest plain number in the club or the sheet."""
    numbers = [int(n) for n in [*existing, *(r.member_number for r in rows)]
               if n.isdigit() and len(n) < 10]
    return max(numbers, default=0) + 1


def classify(rows: list[ParsedRow], existing: dict[str, Any]) -> list[PreviewRow]:
    """Compare rows with the club's members (``existing``: member number → Member)."""
    cleaned = [clean(row) for row in rows]
    lines_by_number: dict[str, list[int]] = {}
    lines_by_name: dict[str, list[int]] = {}
    for row, _errors, _notes in cleaned:
        if row.member_number:
            lines_by_number.setdefault(row.member_number, []).append(row.line)
        if row.name:
            lines_by_name.setdefault(member_checks.name_key(row.name), []).append(row.line)
    members_by_name: dict[str, list[Any]] = {}
    for member in existing.values():
        members_by_name.setdefault(member_checks.name_key(member.name), []).append(member)
    next_number = _next_numbers([row for row, _e, _n in cleaned], existing)

    preview: list[PreviewRow] = []
    for row, errors, notes in cleaned:
        key = member_checks.name_key(row.name)
        same_number = lines_by_number.get(row.member_number, [])
        if len(same_number) > 1:
            errors.append(
                _("Member number %(number)s also appears on row %(rows)s of the file.")
                % {"number": row.member_number,
                   "rows": ", ".join(str(n) for n in same_number if n != row.line)}
            )
        notes.extend(_same_name_in_sheet(row, lines_by_name.get(key, [])))
        namesakes = members_by_name.get(key, []) if row.name else []
        if not row.member_number and not errors:
            if len(namesakes) > 1:
                errors.append(_("Several members are called %(name)s (numbers %(numbers)s): give "
                                "this row its member number.") % {
                    "name": row.name,
                    "numbers": ", ".join(sorted(m.member_number for m in namesakes))})
            elif namesakes:
                row.member_number = namesakes[0].member_number
                notes.append(_("No member number: this is member %(number)s, %(name)s, by the "
                               "name.") % {"number": row.member_number,
                                           "name": namesakes[0].name})
            else:
                row.member_number = str(next_number)
                next_number += 1
                notes.append(_("No member number: the site gives number %(number)s.")
                             % {"number": row.member_number})
        elif row.member_number not in existing:
            notes.extend(_like_members(namesakes))
        preview.append(_compared(row, errors, notes, existing.get(row.member_number)))
    return preview


def _same_name_in_sheet(row: ParsedRow, lines: list[int]) -> list[str]:
    others = [str(n) for n in lines if n != row.line]
    if not others:
        return []
    return [_("Likely the same person as on row %(rows)s of the file (same name).")
            % {"rows": ", ".join(others)}]


def _like_members(namesakes: list[Any]) -> list[str]:
    return [_("Likely the same person as member %(number)s, %(name)s (same name, another "
              "member number).") % {"number": m.member_number, "name": m.name}
            for m in namesakes]


def _compared(row: ParsedRow, errors: list[str], notes: list[str], member: Any) -> PreviewRow:
    before = ({f: getattr(member, f) for f in ("name", "member_number", "email", "phone")}
              if member is not None else {})
    if errors:
        return PreviewRow(row=row, status=ERROR, reasons=errors, before=before, notes=notes)
    if member is None:
        return PreviewRow(row=row, status=NEW, reasons=[], before={}, notes=notes)
    item = PreviewRow(row=row, status=UNCHANGED, reasons=[], before=before, notes=notes)
    changes = item.changes()
    if changes:
        item.status = UPDATED
        item.reasons = [
            _("%(field)s: “%(old)s” → “%(new)s”")
            % {"field": _field_label(f), "old": before.get(f, ""), "new": value}
            for f, value in changes.items()
        ]
    return item
