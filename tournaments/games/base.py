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

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring import GAMES

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from ..matches import MatchView
    from ..messages import Ctx
    from ..pdf.grid import Sheet
    from ..selectors.scores import MatchState

Formatter = Callable[["Ctx"], str]

# The template of the state shown when a game has none of its own: nothing.
NO_STATE = "tournaments/games/no_state.html"
# "Games entered: n of m" (the option ``games``), for games played as a fixed number of games.
GAMES_ENTERED = "tournaments/games/games_entered.html"
# For games played as a fixed number of games (Big Five, French HIGH FIVE): the word for an
# entry and the texts of the option ``games``.
GAME_NOUNS = (pgettext_lazy("one entry of a match", "game"),
              pgettext_lazy("entries of a match", "games"))
GAMES_OPTION = (gettext_lazy("Games per match"), gettext_lazy("Games in the match."))


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

    @property
    def team_game(self) -> bool:
        """Four players in two teams of partners: the engine's word, not a second truth."""
        return bool(GAMES[self.key].team_game)

    @property
    def name(self) -> str:
        return str(GAMES[self.key].name)

    def state_context(self, match: MatchState) -> dict[str, Any]:
        """What ``state_template`` shows beyond ``match`` (e.g. the next deal)."""
        return {}

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
