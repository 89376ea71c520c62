"""The registry of games: slug -> game object.

``ALL_GAMES`` holds every game the engine plays (``evaluate`` and ``side_points_bounds`` look
games up there). ``GAMES`` is the list the site offers: every game of ``ALL_GAMES`` except those
in ``UNLISTED``, games whose rules are built and tested here but whose site side
(``tournaments/games/<key>.py``) has not landed yet. The site and its tests enumerate ``GAMES``
and expect a site side for each; the step that adds a game's site side takes its key out of
``UNLISTED``.
"""

from __future__ import annotations

from .base import Game
from .games.big_five import BigFive
from .games.high_five_1959 import HighFive1959
from .games.high_five_crowns import HighFiveCrowns
from .games.high_five_tiles import HighFiveTiles
from .games.jokeren import Jokeren
from .games.klaverjassen import Klaverjassen

ALL_GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Jokeren(),
        HighFive1959(),
        BigFive(),
        HighFiveCrowns(),
        HighFiveTiles(),
        Klaverjassen(),
    )
}

#: Engine-only for now: evaluate knows them, GAMES (what the site lists) does not.
UNLISTED: frozenset[str] = frozenset()

GAMES: dict[str, Game] = {key: game for key, game in ALL_GAMES.items() if key not in UNLISTED}


def register(game: Game) -> Game:
    """Add a game (an instance of a ``Game`` subclass) under its ``key``, listed in ``GAMES``.

    The built-in games are registered above; a new game is one module in ``scoring/games/``
    and one line there. This is for games added at run time (the site's sixth-game test).
    """
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a scoring.base.Game")
    if game.key in ALL_GAMES:
        raise KeyError(f"{game.key!r} is registered already")
    ALL_GAMES[game.key] = game
    GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove the game ``key`` (what ``register`` added; unknown keys are ignored)."""
    GAMES.pop(key, None)
    ALL_GAMES.pop(key, None)
