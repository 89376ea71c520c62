"""The engine's errors and warnings put at their fields (and sides); the rest on top.

See docs/architecture.md ("The hand form"); the package's why: ``forms/hands/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from ...messages import (
    issue_message,
    missing_value_message,
    record_text,
)
from .fields import (
    MISSING_CODES,
    Block,
    FormBase,
    Input,
)


class Issues(FormBase):
    # -- messages ----
    def attach(self, errors: Sequence[Mapping[str, Any]] = (),
               warnings: Sequence[Mapping[str, Any]] = (), *, hand: int | None = None,
               while_typing: bool = False) -> None:
        """Put each issue at its field (and side); issues of another hand or no field go on
        top. ``hand`` is the table's number of the hand this form is for.

        A field left empty gets "… is not filled in" instead of the engine's "must be a whole
        number". ``while_typing`` (the live check): a field not filled in yet is not an error
        yet, so its issues are left out until the hand is saved."""
        for issues, attr in ((errors, "errors"), (warnings, "warnings")):
            for issue in issues:
                if hand is not None and issue.get("hand") not in (None, hand):
                    text = issue_message(issue, sides_display=self.display)
                    text = record_text(self.game, _("%(record)s %(n)s: %(message)s"),
                                       n=issue.get("hand"), message=text)
                    getattr(self, "general_" + attr).append(text)
                    continue
                target = self._locate(issue)
                if isinstance(target, Input) and target.name in self.refused:
                    continue  # the form's own message is there already
                blank = target is not None and self._is_blank(target)
                if blank and while_typing:
                    self.incomplete = True
                    continue
                if blank and issue.get("code") in MISSING_CODES:
                    text = missing_value_message(issue, sides_display=self.display)
                else:
                    text = issue_message(issue, sides_display=self.display)
                if target is None:
                    getattr(self, "general_" + attr).append(text)
                else:
                    getattr(target, attr).append(text)

    def _is_blank(self, target: Input | Block) -> bool:
        """Nothing entered: an empty box, no choice made (a box left unticked is a value)."""
        inputs = [target] if isinstance(target, Input) else self._all_inputs(target)
        return bool(inputs) and all(
            i.widget != "checkbox" and str(i.value).strip() == "" for i in inputs)

    def _locate(self, issue: Mapping[str, Any]) -> Input | Block | None:
        name, side = issue.get("field"), issue.get("side")
        index = self.sides.index(side) if side in self.sides else None
        flag = self.site.entry.choice_flag
        if flag is not None and name == flag.flag:
            name = flag.choice  # the yes/no is the choice's (Entry.choice_flag)
        asked_as = self.site.entry.flag_choice
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

    @property
    def has_errors(self) -> bool:
        return bool(self.general_errors) or any(
            b.errors or any(i.errors for i in self._all_inputs(b)) for b in self.blocks)

    @property
    def has_warnings(self) -> bool:
        return bool(self.general_warnings) or any(
            b.warnings or any(i.warnings for i in self._all_inputs(b)) for b in self.blocks)
