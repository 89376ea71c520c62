"""The parts a game's site side is assembled from, each one concern: its words, the
competition form's options, the score page, the score sheet and the sample hands. (The entry
form's traits are in ``entry``, the workbook's columns in ``workbook_fields``.)

A game subclasses only the parts it changes and names them on its ``SiteGame``
(``words_class = JokerenWords``), which makes one of each with the game itself, as Django's
``DatabaseWrapper`` makes ``self.ops = self.ops_class(self)``. Site code then asks
``site_game(key).words.field_labels`` or ``.sheet.render(sheet)``, never a key.
docs/architecture.md ("Where a game lives") has the map.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring import GAMES

from .sentences import Formatter

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from tournaments.pdf.grid import Sheet


class Game(Protocol):
    """What a part reads of the game it belongs to (``base.SiteGame`` has it; named here so
    that the parts do not import the class that imports them)."""

    @property
    def key(self) -> str: ...
    @property
    def table_range(self) -> tuple[int, int]: ...
    @property
    def words(self) -> Words: ...


class Part:
    """One concern of a game's site side; ``game`` is the game it belongs to."""

    def __init__(self, game: Game) -> None:
        self.game = game


# -- words and sentences ------------------------------------------------------------------------
# For games played as a fixed number of games (Big Five, French HIGH FIVE): the word for an entry.
GAME_NOUNS = (pgettext_lazy("one entry of a match", "game"),
              pgettext_lazy("entries of a match", "games"))


class Words(Part):
    """What the game's things are called and what its own codes say."""

    # One entry of a match and several, as the game's players call it (deal, round, turn...).
    record_nouns: ClassVar[tuple[Any, Any]] = (
        pgettext_lazy("one entry of a match", "entry"),
        pgettext_lazy("entries of a match", "entries"),
    )
    field_labels: ClassVar[Mapping[str, Any]] = {}  # hand field name → label
    choice_labels: ClassVar[Mapping[str, Any]] = {}  # choice value → label
    messages: ClassVar[Mapping[str, Formatter]] = {}  # the game's own codes → sentence
    # A deal in which one side takes every trick, with its article ("a mars"), for a game whose
    # engine values one (``scoring.sweep_points``): what a reglement may credit to a sit-out.
    sweep: ClassVar[Any] = ""

    @classmethod
    def choice_label(cls, value: Any) -> str:
        """The translated label of one of the game's choice values (the value itself when the
        game has no label for it)."""
        label = cls.choice_labels.get(value) if isinstance(value, str) else None
        if label is not None:
            return str(label)
        return "" if value is None else str(value)


# -- the competition form's options -------------------------------------------------------------
# The texts of the option ``games``, for games played as a fixed number of games.
GAMES_OPTION = (gettext_lazy("Games per match"), gettext_lazy("Games in the match."))
# The competition form's shape of a ``custom`` option (forms/options.py; never typed JSON).
CHOICE_NUMBERS = "choice_numbers"  # a whole number per engine choice (a score card), all or none
PLAYER_COUNT_NUMBERS = "player_count_numbers"  # a whole number per player count, each optional
WHOLE_NUMBER = "whole_number"  # a whole number (or none when the option is nullable)


class Options(Part):
    """How the competition form asks for the game's options, in the club's words."""

    texts: ClassVar[Mapping[str, tuple[Any, Any]]] = {}  # option → (label, help)
    # Choice options → value → (label, sentence): radio buttons in the club's words.
    choices: ClassVar[Mapping[str, Mapping[str, tuple[Any, Any]]]] = {}
    # Options whose value is a list of the game's choices in play order → the label of one
    # position ("Deal %(n)s"): one select per position (forms/ordered.py), not a typed list.
    ordered: ClassVar[Mapping[str, Any]] = {}
    # Options the engine describes as ``custom`` → their shape in the form (CHOICE_NUMBERS,
    # PLAYER_COUNT_NUMBERS, WHOLE_NUMBER).
    shapes: ClassVar[Mapping[str, str]] = {}


# -- the score page: the state above the hands, the list of hands -------------------------------
# The template of the state shown when a game has none of its own: nothing.
NO_STATE = "tournaments/games/no_state.html"
# "Games entered: n of m" (the option ``games``), for games played as a fixed number of games.
GAMES_ENTERED = "tournaments/games/games_entered.html"


class ScorePage(Part):
    """What the score page shows of the game beyond its points."""

    state_template: ClassVar[str] = NO_STATE  # shown above the hands
    # A state that is long (score lists) folds away with the totals while hands are entered.
    state_in_fold: ClassVar[bool] = False
    #: Says what the list's cells show when ``hand_cells`` shows more than points ("" for none).
    hand_cells_note: ClassVar[Any] = ""

    #: The option that fixes how many hands a match has: a count, or a list with one item per
    #: hand. Empty when the play decides when the match ends (then no "of N" is shown).
    deals_option: ClassVar[str] = ""

    def deals(self, options: Mapping[str, Any] | None) -> int | None:
        """How many hands a match with these options has (the live page's "deal 5 of 7"), the
        option's default when the table's options leave it out; None when play decides."""
        if not self.deals_option:
            return None
        value = (options or {}).get(self.deals_option)
        if value is None:
            value = next(o.default for o in GAMES[self.game.key].options
                         if o.name == self.deals_option)
        return len(value) if isinstance(value, list) else int(value)

    def state_context(self, state: Any) -> dict[str, Any]:
        """What ``state_template`` shows beyond ``match``, from the engine's ``state`` of the
        match (e.g. the next deal)."""
        return {}

    def hand_cells(self, data: Mapping[str, Any], points: list[str],
                   sides: Sequence[str]) -> list[str]:
        """One hand's cells in the list of hands, per side in seat order: its points (``points``,
        as text), or what was typed where that says more (``data``: the hand as entered)."""
        return points


# -- the score sheet and the sample hands: every game has its own -------------------------------
class ScoreSheet(Part, ABC):
    """The printed score sheet of one table."""

    @abstractmethod
    def render(self, sheet: Sheet) -> list[Flowable]:
        """The score-sheet grid of one table, like the game's paper sheet."""


class Samples(Part, ABC):
    """Sample hands: the demo, the tests and the benchmarks play the same ones."""

    #: Rounds a club evening of the game has (the demo's latest played evening plays them).
    rounds_per_evening: ClassVar[int] = 1
    #: The name of the game's competition in fixed pairs that move by the koppel movement
    #: (even pairs stay, odd pairs move one table on: ``rules["pairs_movement"]``), where
    #: clubs play one; the demo's club of the game then has one. None: not played so.
    pairs_competition: ClassVar[Any] = None

    @abstractmethod
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        """A complete, valid match with the default options, in the engine's hand format;
        ``variant`` varies the values (the demo and the load test play many)."""
