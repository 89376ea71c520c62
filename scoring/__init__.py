"""The rules engine: plain Python, no Django.

>>> from scoring import evaluate, GAMES
>>> evaluate({"game": "jokeren", "sides": ["Ann", "Bob"], "hands": []})["valid"]
True
"""

from .bounds import side_points_bounds, sweep_points
from .engine import evaluate
from .registry import ALL_GAMES, GAMES, register, unregister
from .season import prizes, standings

__all__ = [
    "ALL_GAMES", "GAMES", "evaluate", "prizes", "register", "side_points_bounds", "standings",
    "sweep_points", "unregister",
]
