"""The hand form of one table: what it holds and shows (blocks of inputs, messages on top),
assembled from the modules of one responsibility each: ``building`` makes the blocks from the
game, ``parsing`` reads the post into the engine's hand, ``issues`` turns the engine's codes
into messages at their inputs.

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring import GAMES
from tournaments.games import site_game

from .building import Builder
from .fields import Input, display_value
from .issues import Placer, is_blank, issue_sentence, other_hand_sentence
from .parsing import Reader


class HandForm:
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
        self.refused: set[str] = set()  # inputs the form itself refused (see ``parse``)
        self.outcome = ""  # what the entry gives, in the game's words (``describe``)
        self.blocks = Builder(game=game, entry=self.site.entry, sides=self.sides,
                              options=self.options, specs=self.specs, post=post,
                              initial=self.initial, display=self.display,
                              choices=self.choices).blocks()

    # -- the post, read ----------------------------------------------------------------------
    def parse(self) -> dict[str, Any]:
        """The posted form as a hand in the engine's format. An input the form refuses itself
        (the model could not store it) gets its message, and its issues are not shown."""
        reader = Reader(entry=self.site.entry, sides=self.sides, options=self.options,
                        specs=self.specs, post=self.post or {})
        data = reader.parse()
        for inp in (i for block in self.blocks for i in block.all_inputs):
            if inp.name in reader.filled:
                inp.value, inp.filled = display_value(reader.filled[inp.name]), True
        for key, message in reader.refusals:
            self.refused.add(key)
            found = next((inp for block in self.blocks for inp in block.all_inputs
                          if inp.name == key), None)
            (found.errors if found is not None else self.general_errors).append(message)
        return data

    def show_completed(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
        """Show what ``Entry.complete`` filled in (``before`` → ``after``) in the
        entry's own fields, marked as filled in."""
        for block in self.blocks:
            name = block.name
            if name in after and after[name] != before.get(name) and block.kind == "per_side":
                self._show_completed_sides(block, before.get(name), after[name])
            elif name in after and after[name] != before.get(name) and block.inputs:
                inp = block.inputs[0]
                if inp.widget in ("radio", "number"):
                    value = after[name]
                    if block.kind == "side" and value in self.sides:
                        value = self.sides.index(value)
                    inp.value, inp.filled = display_value(value), True

    def _show_completed_sides(self, block: Any, before: Any, after: Any) -> None:
        """A per-side number block's values that ``Entry.complete`` filled in, per side."""
        if not isinstance(after, Mapping) or block.groups:
            return
        before = before if isinstance(before, Mapping) else {}
        for inp, side in zip(block.inputs, self.sides, strict=False):
            if inp.widget == "number" and after.get(side) != before.get(side):
                inp.value, inp.filled = display_value(after.get(side)), True

    # -- the engine's issues, placed ---------------------------------------------------------
    def attach(self, errors: Sequence[Mapping[str, Any]] = (),
               warnings: Sequence[Mapping[str, Any]] = (), *, hand: int | None = None,
               while_typing: bool = False) -> None:
        """Put each issue at its field (and side); issues of another hand or no field go on
        top. ``hand`` is the table's number of the hand this form is for.

        ``while_typing`` (the live check): a field not filled in yet is not an error yet, so
        its issues are left out until the hand is saved."""
        placer = Placer(self.blocks, self.sides, self.site.entry)
        for issues, on_top, is_error in ((errors, self.general_errors, True),
                                         (warnings, self.general_warnings, False)):
            for issue in issues:
                if hand is not None and issue.get("hand") not in (None, hand):
                    on_top.append(other_hand_sentence(issue, game=self.game,
                                                      display=self.display))
                    continue
                target = placer.locate(issue)
                if isinstance(target, Input) and target.name in self.refused:
                    continue  # the form's own message is there already
                blank = target is not None and is_blank(target)
                if blank and while_typing:
                    self.incomplete = True
                    continue
                text = issue_sentence(issue, display=self.display, blank=blank)
                if target is None:
                    on_top.append(text)
                else:
                    (target.errors if is_error else target.warnings).append(text)

    def describe(self, hand: Mapping[str, Any], evaluation: Mapping[str, Any]) -> None:
        """The game's sentence on what an accepted new entry gives (``Entry.outcome``):
        ``hand`` the entry as checked, ``evaluation`` the match with it added last."""
        hands = evaluation.get("hands") or []
        if hands and not evaluation.get("errors") and not self.has_errors:
            self.outcome = self.site.entry.outcome(hand, hands[-1], self.display)

    @property
    def has_errors(self) -> bool:
        return bool(self.general_errors) or any(
            b.errors or any(i.errors for i in b.all_inputs) for b in self.blocks)

    @property
    def has_warnings(self) -> bool:
        return bool(self.general_warnings) or any(
            b.warnings or any(i.warnings for i in b.all_inputs) for b in self.blocks)
