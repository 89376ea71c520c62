"""The registry of games: slug -> game object."""

from __future__ import annotations

from .base import Game
from .games.big_five import BigFive
from .games.jokeren import Jokeren

GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Jokeren(),
        BigFive(),
    )
}
