"""Every game's site side, behind one interface (``base.SiteGame``) and a registry.

Each module next to ``base`` (one per game, named by its key) registers its game when imported;
:func:`autodiscover` imports them all, and ``TournamentsConfig.ready()`` calls it once, as
Django's admin finds the ``admin`` modules. A new game is a new module here, no list to extend.
``base`` says what a game holds; docs/architecture.md says how to add one.
"""

from importlib import import_module
from pkgutil import iter_modules

from .base import (
    CHOICE_NUMBERS,
    GAMES_ENTERED,
    NO_STATE,
    PLAYER_COUNT_NUMBERS,
    SIDE,
    WHOLE_NUMBER,
    CellProblem,
    ChoiceFlag,
    FlagChoice,
    Picker,
    SiteGame,
    WorkbookField,
    game_keys,
    register,
    sample_hands,
    site_game,
    site_games,
    unregister,
)

#: The modules of this package that are not a game.
NOT_GAMES = frozenset({"base", "sentences"})


def autodiscover() -> None:
    """Import every game's module, which registers the game (importing twice does nothing)."""
    for module in iter_modules(__path__):
        if module.name not in NOT_GAMES:
            import_module(f"{__name__}.{module.name}")


__all__ = ["CHOICE_NUMBERS", "GAMES_ENTERED", "NO_STATE", "PLAYER_COUNT_NUMBERS", "SIDE",
           "WHOLE_NUMBER", "CellProblem", "ChoiceFlag", "FlagChoice", "Picker", "SiteGame",
           "WorkbookField", "autodiscover", "game_keys", "register", "sample_hands",
           "site_game", "site_games", "unregister"]
