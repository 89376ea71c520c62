"""The ``id`` path converter: an object id as it can be in the database, else no match (404).

Django's ``int`` takes any run of digits, and a lookup with a number past the id column
(BigAutoField: up to 2**63 - 1) fails in the database (SQLite: OverflowError) instead of
finding nothing. Eighteen digits are always below 2**63, and no club will reach 10**18 rows.
"""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(int(value))
