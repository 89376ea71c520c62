"""The hand form of one table: built (``building``), parsed (``parsing``), annotated
(``issues``).

See docs/architecture.md ("The hand form"); the package's why: ``forms/hands/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring import GAMES

from ...games import site_game
from .building import Building
from .issues import Issues
from .parsing import Parsing


class HandForm(Building, Parsing, Issues):
    """Build, fill, parse and annotate the hand form of one table."""

    def __init__(
        self,
        *,
        game: str,
        sides: Sequence[str],
        options: Mapping[str, Any],
        post: Mapping[str, Any] | None = None,
        initial: Mapping[str, Any] | None = None,
        sides_display: Mapping[str, str] | None = None,
        state: Any = None,
    ) -> None:
        """``state``: the engine's state before this entry, for the choices the game offers
        (``Entry.choices``); None offers none."""
        self.game = game
        self.site = site_game(game)
        self.sides = list(sides)
        self.options = dict(options)
        self.post = post
        self.initial = dict(initial or {})
        self.display = dict(sides_display or {})
        order = {name: i for i, name in enumerate(self.site.entry.field_order)}
        self.specs = sorted(GAMES[game].describe()["hand_fields"],
                            key=lambda spec: order.get(spec["name"], len(order)))
        self.choices = (self.site.entry.choices(state, self.options) if state is not None
                        else {})
        self.general_errors: list[str] = []
        self.general_warnings: list[str] = []
        self.incomplete = False  # the live check left out issues of fields not filled in yet
        self.refused: set[str] = set()  # inputs the form itself refused (see ``_refuse``)
        self.blocks = [b for spec in self.specs if (b := self._block(spec)) is not None]
