"""Turning the engine's issues into the form's messages: where each one goes (the input of its
field and side, the field's block, or on top) and the sentence it reads as ("… is not filled
in" for a field left empty; "Deal 3: …" for another hand's).

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from tournaments.games import Entry
from tournaments.shared.messages import (
    issue_message,
    missing_value_message,
    record_text,
)

from .fields import (
    MISSING_CODES,
    Block,
    Input,
)


class Placer:
    """Where an issue of the engine goes in the form's ``blocks`` of a table of ``sides``;
    ``entry``: the game's traits that ask one field as another (``choice_flag``,
    ``flag_choice``), whose issues go to the field asked."""

    def __init__(self, blocks: Sequence[Block], sides: Sequence[str], entry: Entry) -> None:
        self.blocks, self.sides, self.entry = blocks, list(sides), entry

    def locate(self, issue: Mapping[str, Any]) -> Input | Block | None:
        """The input (or block) the issue is about, or None: it goes on top."""
        name, side = issue.get("field"), issue.get("side")
        index = self.sides.index(side) if side in self.sides else None
        flag = self.entry.choice_flag
        if flag is not None and name == flag.flag:
            name = flag.choice  # the yes/no is the choice's (Entry.choice_flag)
        asked_as = self.entry.flag_choice
        if asked_as is not None and name == asked_as.flag:
            name = asked_as.choice  # the yes/no is a button of the choice (flag_choice)
        for block in self.blocks:
            if block.groups and index is not None:
                for _label, group_index, inputs in block.groups:
                    if group_index == index:
                        for inp in inputs:
                            if inp.name.endswith("-" + str(name)):
                                return inp
                        if name == block.name:
                            return inputs[0] if inputs else block
            if block.name != name:
                continue
            if block.kind == "per_side" and index is not None:
                for inp in block.inputs:
                    if inp.side_index == index:
                        return inp
            return block
        return None


def is_blank(target: Input | Block) -> bool:
    """Nothing entered: an empty box, no choice made (a box left unticked is a value)."""
    inputs = [target] if isinstance(target, Input) else target.all_inputs
    return bool(inputs) and all(
        i.widget != "checkbox" and str(i.value).strip() == "" for i in inputs)


def issue_sentence(issue: Mapping[str, Any], *, display: Mapping[str, str], blank: bool) -> str:
    """The issue as one sentence; a field left empty reads "… is not filled in" instead of the
    engine's "must be a whole number"."""
    if blank and issue.get("code") in MISSING_CODES:
        return missing_value_message(issue, sides_display=display)
    return issue_message(issue, sides_display=display)


def other_hand_sentence(issue: Mapping[str, Any], *, game: str,
                        display: Mapping[str, str]) -> str:
    """An issue of another hand than the form's, named by its number ("Deal 3: …")."""
    text = issue_message(issue, sides_display=display)
    return record_text(game, _("%(record)s %(n)s: %(message)s"), n=issue.get("hand"),
                       message=text)
