"""JSON from users, read with a bound on its depth: the one way JSON text from outside is read.

Python's ``json.loads`` recurses once per level of nesting, and so do ``copy.deepcopy``,
``json.dumps`` and our own walks over a hand: ``"[" * 5000`` raises RecursionError (a 500)
before any check of ours runs. So the depth is measured first, without recursion: strings are
cut out (a bracket inside a string is text), then the brackets are counted in one pass.

The deepest JSON the site writes is three levels (a High Five 1959 hand: the hand, its
``sides``, one side; Jokeren's options: the options, the ``contracts`` list), so 32 leaves a
wide margin and stays far below the recursion limit.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: The deepest nesting of objects and arrays read from a user (a hand needs three).
MAX_JSON_DEPTH = 32

_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")


class JSONTooDeep(ValueError):
    """The text nests objects and arrays deeper than the limit."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested more than {limit} levels deep")
        self.limit = limit


def too_deep(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Does ``text`` nest deeper than ``limit``? Iterative; strings do not count. For text that
    is not JSON the answer may be either: ``json.loads`` refuses it then."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        elif depth:
            depth -= 1
    return False


def loads(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads``, refusing text nested deeper than ``limit`` before it recurses: raises
    JSONTooDeep or (not JSON) ValueError."""
    if too_deep(text, limit):
        raise JSONTooDeep(limit)
    return json.loads(text)


class BoundedJSONDecoder(json.JSONDecoder):
    """A decoder for Django's JSON form fields (the admin): too deep is invalid JSON."""

    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        if too_deep(s):
            raise json.JSONDecodeError(f"nested more than {MAX_JSON_DEPTH} levels deep", s, 0)
        return super().decode(s, *args, **kwargs)
