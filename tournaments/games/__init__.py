"""Every game's site side, behind one interface (``base.SiteGame`` and its parts) and a registry.

Each module next to ``base`` (one per game, named by its key; a package when a game grows, as
``high_five_1959/``) registers its game when imported; :func:`autodiscover` imports them all,
and ``TournamentsConfig.ready()`` calls it once, as Django's admin finds the ``admin`` modules.
A new game is a new module here, no list to extend. ``base`` says what a game holds;
docs/architecture.md says how to add one.
"""

from importlib import import_module
from pkgutil import iter_modules

from .base import SiteGame, game_keys, register, sample_hands, site_game, site_games, unregister
from .entry import ChoiceFlag, Entry, FieldChoices, FlagChoice, Picker
from .parts import (
    CHOICE_NUMBERS,
    GAME_NOUNS,
    GAMES_ENTERED,
    GAMES_OPTION,
    NO_STATE,
    PLAYER_COUNT_NUMBERS,
    WHOLE_NUMBER,
    Options,
    Samples,
    ScorePage,
    ScoreSheet,
    Words,
)
from .workbook_fields import SIDE, CellProblem, WorkbookColumns, WorkbookField

#: The modules of this package that are not a game: the interface and its parts.
NOT_GAMES = frozenset({"base", "entry", "parts", "sentences", "workbook_fields"})


def autodiscover() -> None:
    """Import every game's module, which registers the game (importing twice does nothing)."""
    for module in iter_modules(__path__):
        if module.name not in NOT_GAMES:
            import_module(f"{__name__}.{module.name}")


__all__ = ["CHOICE_NUMBERS", "GAMES_ENTERED", "GAMES_OPTION", "GAME_NOUNS", "NO_STATE",
           "PLAYER_COUNT_NUMBERS", "SIDE", "WHOLE_NUMBER", "CellProblem", "ChoiceFlag", "Entry",
           "FieldChoices", "FlagChoice", "Options", "Picker", "Samples", "ScorePage",
           "ScoreSheet", "SiteGame", "Words", "WorkbookColumns", "WorkbookField", "autodiscover",
           "game_keys", "register", "sample_hands", "site_game", "site_games", "unregister"]
