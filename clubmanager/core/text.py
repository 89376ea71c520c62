"""One policy for the free text a user types: names (one line) and reasons and notes.

Every name a person types and the site shows or exports (a member, a guest, a competition, a
club, a member number, a phone number) and every reason (for an adjusted score, for a delete)
passes ``refusal``: it refuses what a reader cannot see or what breaks a page, a PDF or a
workbook:

* control characters (C0, DEL, C1); a multi-line text (a reason, notes) may hold line breaks and
  tabs, a name none (a name is one line);
* noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF, …) and lone surrogates, which no file format
  stores;
* zero-width and text-direction characters (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069,
  U+FEFF), and the Unicode line and paragraph separators: a name of only a zero-width space looks
  empty, and a right-to-left override shows a name other than the one stored;
* a text that is only spaces (once stripped, nothing is left);
* a text longer than its limit (``max_length``), where the column does not say so itself.

The same check runs everywhere, whatever the database: as a model field validator
(``TextPolicy``: the admin, ``full_clean`` in the services), in the forms, in the member import
and in the season import. PostgreSQL refuses a NUL in a text column with an error, SQLite stores
it: refused here, both behave the same.

What was stored before this policy may still break a file; the writers replace what a file
format cannot hold (``sheet_safe``).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

NAME_MAX_LENGTH = 200  # a member's, a guest's, a competition's, a club's name
REASON_MAX_LENGTH = 200  # the reason for an adjusted score or a delete
NOTES_MAX_LENGTH = 2000  # a member's notes

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_MULTILINE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029]")
_NONCHARACTER = re.compile(
    "[\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
    + "".join(f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}"
              for plane in range(1, 17))
    + "]"
)
#: What an .xlsx (XML 1.0) cannot hold: C0 controls but tab and line breaks, U+FFFE, U+FFFF and
#: lone surrogates.
_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT = "\ufffd"


def _code(match: re.Match[str]) -> str:
    return f"U+{ord(match.group()):04X}"


def refusal(text: str, *, multiline: bool = False, max_length: int | None = None) -> str | None:
    """Why ``text`` cannot be stored, as a sentence for the user; None when it can."""
    control = (_CONTROL_MULTILINE if multiline else _CONTROL).search(text)
    if control is not None:
        if not multiline and control.group() in "\n\r\t":
            return _("Use one line: no line breaks or tabs.")
        return _("This contains an invisible control character (%(code)s), for example from a "
                 "copied text; type it again without it.") % {"code": _code(control)}
    nonchar = _NONCHARACTER.search(text)
    if nonchar is not None:
        return _("This contains a code (%(code)s) that is no letter or sign; type it again "
                 "without it.") % {"code": _code(nonchar)}
    invisible = _INVISIBLE.search(text)
    if invisible is not None:
        return _("This contains an invisible character (%(code)s) that hides or reverses "
                 "text; zero-width and text-direction characters are not allowed.") % {
                     "code": _code(invisible)}
    if text and not text.strip():
        return _("This holds only spaces; enter visible text.")
    if max_length is not None and len(text) > max_length:
        return ngettext("Use at most %(limit)s character (this has %(length)s).",
                        "Use at most %(limit)s characters (this has %(length)s).",
                        max_length) % {"limit": max_length, "length": len(text)}
    return None


@deconstructible
class TextPolicy:
    """The policy as a validator of a model or form field (see the module)."""

    def __init__(self, *, multiline: bool = False, max_length: int | None = None) -> None:
        self.multiline = multiline
        self.max_length = max_length

    def __call__(self, value: Any) -> None:
        if not isinstance(value, str):
            return
        message = refusal(value, multiline=self.multiline, max_length=self.max_length)
        if message is not None:
            raise ValidationError(message, code="text_policy")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TextPolicy) and self.multiline == other.multiline
                and self.max_length == other.max_length)

    def __hash__(self) -> int:
        return hash((self.multiline, self.max_length))


#: One line of text (a name); its length is the column's own ``max_length``.
validate_line = TextPolicy()
#: A reason for an adjusted score or a delete: line breaks allowed, at most REASON_MAX_LENGTH.
validate_reason = TextPolicy(multiline=True, max_length=REASON_MAX_LENGTH)
#: A member's notes.
validate_notes = TextPolicy(multiline=True, max_length=NOTES_MAX_LENGTH)


def reason_refusal(text: str) -> str | None:
    """Why a reason (adjusted score, delete) cannot be stored, or None."""
    return refusal(text.strip(), multiline=True, max_length=REASON_MAX_LENGTH)


def sheet_safe(text: str) -> str:
    """``text`` with each character a workbook (XML) cannot hold replaced by U+FFFD: a name
    stored before the policy never stops an export."""
    return _NOT_IN_XML.sub(REPLACEMENT, text) if _NOT_IN_XML.search(text) else text
