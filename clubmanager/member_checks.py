"""The checks of one member's cells in an import: a bad cell is left out with a note, never the
member (docs/secretary-guide.md). Phone numbers that lost their leading 0 in Excel, e-mail
addresses, and the names compared for likely duplicates.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

#: First digit of a 9-digit number that is a Dutch number without its 0, for certain: 01-05
#: and 07 are the area codes, 06 the mobiles. 08 and 09 are service numbers, and a 9-digit
#: number starting with them may be something else: flagged, not changed.
_CERTAIN_FIRST_DIGITS = "1234567"


def name_key(name: str) -> str:
    """A name compared for duplicates: case, spaces, accents and punctuation do not count."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", plain).split())


def phone(value: str) -> tuple[str, str | None]:
    """(the number to keep, a note for the preview or None).

    Excel stores 0612345678 typed as a number as 612345678: 9 digits. A mobile (6…) or an
    area code (1…5, 7…) makes the lost 0 certain and it is put back; otherwise it is flagged."""
    digits = value.strip()
    if not digits.isdigit() or len(digits) != 9:
        return value, None
    if digits[0] in _CERTAIN_FIRST_DIGITS:
        restored = "0" + digits
        return restored, (
            _("Phone number %(old)s had lost its leading 0 (Excel drops it): saved as "
              "%(new)s.") % {"old": digits, "new": restored}
        )
    return value, (
        _("Phone number %(number)s may have lost its leading 0; check it after the import.")
        % {"number": digits}
    )


#: How a phone number begins: a digit, "+" and a digit, or "(" (words may follow: "06-12345678
#: (werk)"). Anything else ("-2+3", "@SUM(1)") is no number, and in a spreadsheet it would be
#: read as a formula.
_PHONE_START = re.compile(r"(\d|\+\d|\()")


def phone_ok(value: str) -> bool:
    return bool(_PHONE_START.match(value.strip())) and any(c.isdigit() for c in value)


def email_ok(value: str) -> bool:
    try:
        validate_email(value)
    except ValidationError:
        return False
    return True
