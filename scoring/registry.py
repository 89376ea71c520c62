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
