"""Every game's site side, behind one interface (``base.SiteGame``) and a registry.

Importing this package imports each module next to ``base`` (one per game, named by its key),
and each registers its game: a new game is a new module here, no list to extend (like Django's
admin autodiscovery). ``base`` says what a game holds.
"""

from importlib import import_module
from pkgutil import iter_modules

from .base import (
    GAMES_ENTERED,
    NO_STATE,
    SIDE,
    CellProblem,
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

for _module in iter_modules(__path__):
    if _module.name != "base":
        import_module(f"{__name__}.{_module.name}")

__all__ = ["GAMES_ENTERED", "NO_STATE", "SIDE", "CellProblem", "Picker", "SiteGame",
           "WorkbookField", "game_keys", "register", "sample_hands", "site_game", "site_games",
           "unregister"]
