"""The one generator of codes, and what a code may look like before it is looked up.

A code is ``secrets.token_urlsafe(16)``: 128 random bits, 22 characters of the URL-safe base64
alphabet, never derived from a seed or an id. Guessing one is hopeless; the limit on wrong codes
(``throttle``) only bounds what one wrong code costs.
"""

from __future__ import annotations

import re
import secrets

#: 16 random bytes: 128 bits.
CODE_BYTES = 16
#: How long a new code is: 16 bytes in base64 without padding.
CODE_LENGTH = 22
#: Longer input is never looked up (a code of the past might be a little longer, none longer).
CODE_MAX = 64
#: The URL-safe base64 alphabet ``token_urlsafe`` writes.
WELL_FORMED = re.compile(r"[A-Za-z0-9_-]+")


def code_new() -> str:
    """A new code: 128 random bits, 22 URL-safe characters."""
    return secrets.token_urlsafe(CODE_BYTES)


def code_well_formed(code: str) -> bool:
    """Could ``code`` be one of ours (not empty, at most :data:`CODE_MAX` characters, the
    alphabet of :func:`code_new`)? Anything else is wrong without a query."""
    return 0 < len(code) <= CODE_MAX and WELL_FORMED.fullmatch(code) is not None
