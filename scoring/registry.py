"""The registry of games: slug -> game object."""

from __future__ import annotations

from .base import Game
from .games.big_five import BigFive
from .games.high_five_1959 import HighFive1959
from .games.high_five_crowns import HighFiveCrowns
from .games.high_five_tiles import HighFiveTiles
from .games.jokeren import Jokeren

GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Jokeren(),
        HighFive1959(),
        BigFive(),
        HighFiveCrowns(),
        HighFiveTiles(),
    )
}


def register(game: Game) -> Game:
    """Add a game (an instance of a ``Game`` subclass) under its ``key``.

    The built-in games are registered above; a new game is one module in ``scoring/games/``
    and one line there. This is for games added at run time (the site's sixth-game test).
    """
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a scoring.base.Game")
    if game.key in GAMES:
        raise KeyError(f"{game.key!r} is registered already")
    GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove the game ``key`` (what ``register`` added; unknown keys are ignored)."""
    GAMES.pop(key, None)
