"""What a game's sentence for an engine code is written with: the params of one issue
(:class:`Ctx`), the side it is about (:func:`for_side`) and the shape of a sentence
(:data:`Formatter`).

It imports nothing of the site, so a game's module writes its own sentences without importing
``tournaments.shared.messages``, which reads the registry: imports run one way
(docs/architecture.md, "Layers").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

__all__ = ["Ctx", "Formatter", "for_side"]


def _field_name(name: str | None) -> str:
    return name or ""


class Ctx:
    """The params of one issue, with display helpers; missing values read as '?'.

    ``field_label`` names a hand field for the page (``tournaments.shared.messages`` passes the
    registry's labels); without it a field reads as its name.
    """

    def __init__(self, issue: Mapping[str, Any], sides_display: Mapping[str, str] | None,
                 field_label: Callable[[str | None], str] = _field_name):
        self.issue = issue
        self.params: Mapping[str, Any] = issue.get("params") or {}
        self.display = sides_display or {}
        self.field_label = field_label

    def get(self, name: str, default: Any = "?") -> Any:
        value = self.params.get(name)
        return default if value is None else value

    def name(self, side: Any) -> str:
        if side is None:
            return "?"
        return str(self.display.get(str(side), side))

    def names(self, sides: Any) -> str:
        if not isinstance(sides, list | tuple) or not sides:
            return "?"
        shown = [self.name(s) for s in sides]
        if len(shown) == 1:
            return shown[0]
        return _("%(first)s and %(last)s") % {"first": ", ".join(shown[:-1]), "last": shown[-1]}

    @property
    def side(self) -> str:
        return self.name(self.issue.get("side"))

    @property
    def has_side(self) -> bool:
        return self.issue.get("side") is not None

    @property
    def field(self) -> str:
        return self.field_label(self.issue.get("field")) or "?"

    def numbers(self, values: Any) -> str:
        if not isinstance(values, list | tuple) or not values:
            return "–"
        return ", ".join(str(v) for v in values)


def for_side(c: Ctx, sentence: str) -> str:
    """Prefix a sentence with the side it is about, when the issue names one."""
    if c.has_side:
        return _("%(side)s: %(sentence)s") % {"side": c.side, "sentence": sentence}
    return sentence


#: A code's sentence: the issue's params in, one translated sentence out.
Formatter = Callable[[Ctx], str]
