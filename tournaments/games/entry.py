"""The entry form's traits of a game: the order of its fields, the help below them, the
choices the table picks from, the fields entered by tapping, the yes/no fields asked as a
choice, and what follows from an entry. A game subclasses :class:`Entry` for what it changes
(``entry_class`` on its ``SiteGame``); the hand form (``tournaments/entry/forms/``) asks
``site_game(key).entry``. docs/architecture.md ("The hand form") shows both sides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .parts import Part

if TYPE_CHECKING:
    from tournaments.shared.matches import MatchView


# Choices offered for a field, per side: field (or per-side sub-field) name → side → choices.
FieldChoices = dict[str, dict[str, list[tuple[str, str]]]]


@dataclass(frozen=True)
class Picker:
    """A text-list field entered by tapping: groups of (legend, [(code, shown, spoken)]) of
    toggles, one per code, and a joker count (0 to ``jokers``) posted as ``<name>-jokers``."""

    groups: list[tuple[str, list[tuple[str, str, str]]]]
    joker_code: str = ""
    joker_label: str = ""
    jokers: int = 0
    # Folded away behind a box to tick with this label (the field is optional), or "": always
    # shown. Open when something is picked, or when the box is posted ticked.
    fold: Any = ""
    # Per group a short mark shown beside its codes instead of its legend (the legend is still
    # what is read aloud), e.g. a suit's symbol; () shows the legends above the groups.
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChoiceFlag:
    """A per-side yes/no sub-field that is not asked on its own: it is yes when the side
    chooses a value of ``choice`` (a nullable per-side choice), no when it chooses ``label``
    (offered as that choice's empty value). ``fields``: the sub-fields that apply only on yes,
    hidden (and not sent) on no; the game's ``Entry.complete`` says what they then are."""

    flag: str
    choice: str
    label: Any
    fields: tuple[str, ...] = ()
    legend: Any = ""  # the choices' heading (else the choice's field label)


@dataclass(frozen=True)
class FlagChoice:
    """A yes/no field that is not asked on its own: it is one more button (``value``, shown as
    ``label``) among the choices of the choice field ``choice``. Choosing it says yes and names
    no value of ``choice``; choosing a value of ``choice`` says no (the flag is left out)."""

    flag: str
    choice: str
    value: str
    label: Any


class Entry(Part):
    """What the table knows, offered as choices, and what follows from an entry."""

    # The form's order of the hand fields (the engine's order for those not named).
    field_order: ClassVar[tuple[str, ...]] = ()
    input_help: ClassVar[Mapping[str, tuple[Any, str]]] = {}  # field → (help, placeholder)
    # A per-side object entered choices first: every side's choices (buttons), then every
    # side's numbers in one grid (a row per field, a column per side), typed in one run.
    choices_first: ClassVar[bool] = False
    # A yes/no sub-field that follows from a choice (``ChoiceFlag``), or None.
    choice_flag: ClassVar[ChoiceFlag | None] = None
    # A yes/no field offered as one more button of a choice field (``FlagChoice``), or None.
    flag_choice: ClassVar[FlagChoice | None] = None
    # Per-side number fields whose two sides add up to a fixed total (field → total), at a
    # table of two sides: one side's value is typed, the other's is filled in (total minus it,
    # marked as filled), never typed; the form fills it for a post without it too.
    complements: ClassVar[Mapping[str, int]] = {}
    # Per-side number fields entered by buttons that add up (field → the buttons' amounts), or
    # typed; the Enter walk passes them by (they are tapped, or typed after a tap).
    adders: ClassVar[Mapping[str, tuple[int, ...]]] = {}

    def initial(self, state: Any) -> dict[str, Any]:
        """What a new entry starts with, read from the engine's state (e.g. whose turn)."""
        return {}

    def choices(self, state: Any, options: Mapping[str, Any]) -> FieldChoices:
        """Number fields the table picks from a short list the engine's state gives (e.g. the
        numbers still open on a score list), per side; offered as buttons, never typed."""
        return {}

    def picker(self, field: str, sides: int) -> Picker | None:
        """A text-list field entered by tapping its items (e.g. tiles), or None to type it."""
        return None

    def complete(self, data: dict[str, Any], view: MatchView) -> dict[str, Any]:
        """The entry with what follows from it through the engine filled in (e.g. the
        combination of the tiles), before the engine checks it; ``view`` is the match before
        this entry. A new dict; ``data`` is not changed."""
        return data

    def outcome(self, hand: Mapping[str, Any], derived: Mapping[str, Any],
                display: Mapping[str, str]) -> str:
        """What an accepted new entry gives, in one sentence that names the rule applied (the
        live check shows it under the fields), or "" for nothing to say. ``hand``: the entry as
        the engine read it; ``derived``: the engine's derived values of it."""
        return ""

    def kept_on_correction(self, stored: Mapping[str, Any], data: dict[str, Any]
                           ) -> dict[str, Any]:
        """A correction's entry (``data``) with what the stored entry holds and the form does
        not ask kept, so that correcting a hand never drops what was entered. A new dict."""
        return data
