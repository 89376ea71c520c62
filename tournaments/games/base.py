"""The site side of a game: one small interface, and the registry the site asks.

A game's rules live in ``scoring/games/<key>.py`` (the engine). What the site alone knows about
the game lives in ``tournaments/games/<key>.py``: its words (field and choice labels, the
sentences for its own codes, its word for an entry, the option texts), the help of an input,
the table sizes of the draw, the score-sheet grid, the state shown above the hands and sample
hands (demo, tests and benchmarks play the same ones). Site code asks ``site_game(key)``; it
never branches on a key, so Django's database backends are the model: code elsewhere asks
``connection.features``, never ``if vendor == ...``.

The engine's registry (``scoring.GAMES``) and this one hold the same keys (a test checks it).
``register``/``unregister`` add and remove a game at run time (the sixth-game test uses them).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override, pgettext_lazy

from scoring import GAMES

from .sentences import Formatter
from .workbook_fields import SIDE as SIDE  # re-exported: the games import them from here
from .workbook_fields import CellProblem as CellProblem
from .workbook_fields import WorkbookField as WorkbookField
from .workbook_fields import _get, _has, _put, _side

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from tournaments.pdf.grid import Sheet
    from tournaments.shared.matches import MatchView


# The template of the state shown when a game has none of its own: nothing.
NO_STATE = "tournaments/games/no_state.html"
# "Games entered: n of m" (the option ``games``), for games played as a fixed number of games.
GAMES_ENTERED = "tournaments/games/games_entered.html"
# For games played as a fixed number of games (Big Five, French HIGH FIVE): the word for an
# entry and the texts of the option ``games``.
GAME_NOUNS = (pgettext_lazy("one entry of a match", "game"),
              pgettext_lazy("entries of a match", "games"))
GAMES_OPTION = (gettext_lazy("Games per match"), gettext_lazy("Games in the match."))


# -- the competition form's shape of a ``custom`` option (competitions/forms/options.py; never typed
# JSON) --
CHOICE_NUMBERS = "choice_numbers"  # a whole number per engine choice (a score card), all or none
PLAYER_COUNT_NUMBERS = "player_count_numbers"  # a whole number per player count, each optional
WHOLE_NUMBER = "whole_number"  # a whole number (or none when the option is nullable)


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
    hidden (and not sent) on no; the game's ``complete_entry`` says what they then are."""

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


class SiteGame(ABC):
    """Everything the site knows about one game. Subclass, set ``key`` and register an
    instance; the class attributes have plain defaults so a small game states little."""

    key: ClassVar[str]
    # One entry of a match and several, as the game's players call it (deal, round, turn...).
    record_nouns: ClassVar[tuple[Any, Any]] = (
        pgettext_lazy("one entry of a match", "entry"),
        pgettext_lazy("entries of a match", "entries"),
    )
    field_labels: ClassVar[Mapping[str, Any]] = {}  # hand field name → label
    choice_labels: ClassVar[Mapping[str, Any]] = {}  # choice value → label
    messages: ClassVar[Mapping[str, Formatter]] = {}  # the game's own codes → sentence
    option_texts: ClassVar[Mapping[str, tuple[Any, Any]]] = {}  # option → (label, help)
    input_help: ClassVar[Mapping[str, tuple[Any, str]]] = {}  # field → (help, placeholder)
    table_range: ClassVar[tuple[int, int]] = (2, 4)  # the draw's default table sizes
    state_template: ClassVar[str] = NO_STATE  # shown above the hands on the score page
    # A state that is long (score lists) folds away with the totals while hands are entered.
    state_in_fold: ClassVar[bool] = False
    # The entry form's order of the hand fields (the engine's order for those not named).
    field_order: ClassVar[tuple[str, ...]] = ()
    # A per-side object entered choices first: every side's choices (buttons), then every
    # side's numbers in one grid (a row per field, a column per side), typed in one run.
    choices_first: ClassVar[bool] = False
    # A yes/no sub-field that follows from a choice (``ChoiceFlag``), or None.
    choice_flag: ClassVar[ChoiceFlag | None] = None
    # A yes/no field offered as one more button of a choice field (``FlagChoice``), or None.
    flag_choice: ClassVar[FlagChoice | None] = None
    # Options whose value is a list of the game's choices in play order → the label of one
    # position ("Deal %(n)s"): the competition form shows one select per position
    # (competitions/forms/ordered.py) instead of a typed list.
    ordered_options: ClassVar[Mapping[str, Any]] = {}
    # Options the engine describes as ``custom`` → their shape in the form (CHOICE_NUMBERS,
    # PLAYER_COUNT_NUMBERS, WHOLE_NUMBER).
    option_shapes: ClassVar[Mapping[str, str]] = {}
    # Choice options → value → (label, sentence): radio buttons in the club's words.
    option_choices: ClassVar[Mapping[str, Mapping[str, tuple[Any, Any]]]] = {}
    # The game's name as the club knows it (the engine's name is the developers').
    display_name: ClassVar[Any] = None

    @property
    def team_game(self) -> bool:
        """Four players in two teams of partners: the engine's word, not a second truth."""
        return bool(GAMES[self.key].team_game)

    @property
    def name(self) -> str:
        """The game's name in the active language (``display_name``; else the engine's)."""
        return str(self.display_name or GAMES[self.key].name)

    @property
    def better(self) -> str:
        """Which total wins, the engine's "lower" or "higher"."""
        return str(GAMES[self.key].better)

    def names(self) -> set[str]:
        """Every name the game goes by, lower case: the engine's and ours in each language (a
        workbook names its game in the language of the club that wrote it)."""
        found = {str(GAMES[self.key].name).lower(), self.key}
        for code, _language in settings.LANGUAGES:
            with override(code):
                found.add(self.name.lower())
        return found

    @classmethod
    def choice_label(cls, value: Any) -> str:
        """The translated label of one of the game's choice values (the value itself when the
        game has no label for it)."""
        label = cls.choice_labels.get(value) if isinstance(value, str) else None
        if label is not None:
            return str(label)
        return "" if value is None else str(value)

    def state_context(self, state: Any) -> dict[str, Any]:
        """What ``state_template`` shows beyond ``match``, from the engine's ``state`` of the
        match (e.g. the next deal)."""
        return {}

    # -- the season workbook: readable columns per field and side ------------------------------
    #: The hand's fields in the hands sheet's readable columns; fields not listed (and every
    #: field of another game) travel in the machine-readable document only.
    workbook_fields: ClassVar[Sequence[WorkbookField]] = ()

    @property
    def workbook_sides(self) -> int:
        """Side columns per per-side field: the largest table's sides."""
        return self.table_range[1]

    def workbook_columns(self) -> list[tuple[str, str]]:
        """(key, header) of the readable columns, in order, headed in the active language."""
        columns: list[tuple[str, str]] = []
        for item in self.workbook_fields:
            label = capfirst(str(self.field_labels.get(
                next(p for p in reversed(item.path) if p != SIDE), item.path[-1])))
            if item.per_side:
                columns += [(item.key(n), _("%(field)s, side %(n)s") % {"field": label, "n": n})
                            for n in range(1, self.workbook_sides + 1)]
            else:
                columns.append((item.key(), label))
        return columns

    def workbook_cells(self, hand: Mapping[str, Any] | None, sides: Sequence[str]
                       ) -> list[Any]:
        """The readable cells of one hand (``sides``: the table's sides in seat order), in the
        order of ``workbook_columns``; None where the hand has no value."""
        cells: list[Any] = []
        for item in self.workbook_fields:
            numbers: Sequence[int | None] = (
                range(1, self.workbook_sides + 1) if item.per_side else [None])
            for n in numbers:
                if hand is None or (n is not None and n > len(sides)):
                    cells.append(None)
                    continue
                value = _get(hand, item.path, sides[n - 1] if n is not None else "")
                cells.append(self._to_cell(item.kind, value))
        return cells

    def _to_cell(self, kind: str, value: Any) -> Any:
        if value is None:
            return None
        if kind == "number":
            return value if isinstance(value, int | float) and not isinstance(value, bool) \
                else str(value)
        if kind == "bool":
            return bool(value)
        if kind == "choice":
            label = self.choice_labels.get(value) if isinstance(value, str) else None
            return str(label) if label is not None else str(value)
        if kind in ("sides", "words") and isinstance(value, list):
            return ("; " if kind == "sides" else " ").join(str(v) for v in value)
        return str(value)

    def workbook_hand(self, document: Mapping[str, Any] | None, cells: Mapping[str, Any],
                      sides: Sequence[str], file_sides: Sequence[str],
                      choices: Mapping[str, str]) -> dict[str, Any]:
        """The hand to import: the machine-readable ``document`` (its sides already those of
        the seats), each field shown in a readable column set from its cell. Columns absent
        from the file leave the document's value; an emptied cell empties the field. A side is
        named in a cell by the file's name (``file_sides``) or today's (``sides``), by seat.
        ``choices`` maps a choice's label (any language, lower case) to its value. Raises
        CellProblem for a cell that cannot be read; the engine checks the rest."""
        hand: dict[str, Any] = copy.deepcopy(dict(document)) if document else {}
        for item in self.workbook_fields:
            numbers: Sequence[int | None] = (
                range(1, len(sides) + 1) if item.per_side else [None])
            for n in numbers:
                key = item.key(n)
                if key not in cells:
                    continue
                side = sides[n - 1] if n is not None else ""
                try:
                    value = self._from_cell(item.kind, cells[key], sides, file_sides, choices)
                except CellProblem as problem:
                    header = dict(self.workbook_columns()).get(key, key)
                    raise CellProblem(_("%(column)s: %(problem)s") % {
                        "column": header, "problem": problem}) from None
                if value is None and not _has(hand, item.path, side):
                    continue
                _put(hand, item.path, side, value)
        return hand

    def _from_cell(self, kind: str, cell: Any, sides: Sequence[str],
                   file_sides: Sequence[str], choices: Mapping[str, str]) -> Any:
        if cell is None or (isinstance(cell, str) and not cell.strip()):
            return None
        text = str(cell).strip()
        if kind == "number":
            if isinstance(cell, bool):
                raise CellProblem(_("not a number."))
            if isinstance(cell, float) and cell.is_integer():
                return int(cell)
            if isinstance(cell, int | float):
                return cell
            try:
                return int(text)
            except ValueError:
                raise CellProblem(_("not a whole number.")) from None
        if kind == "bool":
            if isinstance(cell, bool | int | float):
                return bool(cell)
            truth = {"true": True, "waar": True, "ja": True, "yes": True, "1": True,
                     "false": False, "onwaar": False, "nee": False, "no": False, "0": False}
            if text.lower() in truth:
                return truth[text.lower()]
            raise CellProblem(_("not yes or no (TRUE or FALSE)."))
        if kind == "choice":
            return choices.get(text.lower(), text)
        if kind == "side":
            return _side(text, sides, file_sides)
        if kind == "sides":
            return [_side(part.strip(), sides, file_sides) for part in text.split(";")
                    if part.strip()]
        if kind == "words":
            return text.replace(",", " ").split()
        return text


    # -- the list of hands on the score page ----------------------------------------------
    #: Says what the list's cells show when ``hand_cells`` shows more than points ("" for none).
    hand_cells_note: ClassVar[Any] = ""

    def hand_cells(self, data: Mapping[str, Any], points: list[str],
                   sides: Sequence[str]) -> list[str]:
        """One hand's cells in the list of hands, per side in seat order: its points (``points``,
        as text), or what was typed where that says more (``data``: the hand as entered)."""
        return points

    # -- the entry form: what the table knows, offered as choices, and what follows ---------
    def entry_initial(self, state: Any) -> dict[str, Any]:
        """What a new entry starts with, read from the engine's state (e.g. whose turn)."""
        return {}

    def entry_choices(self, state: Any, options: Mapping[str, Any]) -> FieldChoices:
        """Number fields the table picks from a short list the engine's state gives (e.g. the
        numbers still open on a score list), per side; offered as buttons, never typed."""
        return {}

    def picker(self, field: str, sides: int) -> Picker | None:
        """A text-list field entered by tapping its items (e.g. tiles), or None to type it."""
        return None

    def complete_entry(self, data: dict[str, Any], view: MatchView) -> dict[str, Any]:
        """The entry with what follows from it through the engine filled in (e.g. the
        combination of the tiles), before the engine checks it; ``view`` is the match before
        this entry. A new dict; ``data`` is not changed."""
        return data

    def kept_on_correction(self, stored: Mapping[str, Any], data: dict[str, Any]
                           ) -> dict[str, Any]:
        """A correction's entry (``data``) with what the stored entry holds and the form does
        not ask kept, so that correcting a hand never drops what was entered. A new dict."""
        return data

    @abstractmethod
    def render_sheet(self, sheet: Sheet) -> list[Flowable]:
        """The score-sheet grid of one table, like the game's paper sheet."""

    @abstractmethod
    def sample_hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        """A complete, valid match with the default options, in the engine's hand format;
        ``variant`` varies the values (the demo and the load test play many)."""


_REGISTRY: dict[str, SiteGame] = {}


def register(game: SiteGame) -> SiteGame:
    """Add a game's site side; its engine side must be in ``scoring.GAMES`` already."""
    if game.key not in GAMES:
        raise KeyError(f"{game.key!r} is not a game of the rules engine (scoring.GAMES)")
    if game.key in _REGISTRY:
        raise KeyError(f"{game.key!r} is registered already")
    _REGISTRY[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove a game's site side (tests that add a game take it away again)."""
    _REGISTRY.pop(key, None)


def site_game(key: str) -> SiteGame:
    """The site side of the game ``key`` (KeyError when the site does not know it)."""
    return _REGISTRY[key]


def site_games() -> Iterator[SiteGame]:
    """Every registered game, in the engine's order."""
    return (_REGISTRY[key] for key in GAMES if key in _REGISTRY)


def game_keys() -> list[str]:
    """The keys of the games the site can play: known to the engine and to the site."""
    return [game.key for game in site_games()]


def sample_hands(key: str, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
    """``site_game(key).sample_hands(...)``: the one set of sample hands of every game."""
    return site_game(key).sample_hands(sides, variant)
