"""The rules engine: plain Python, no Django.

>>> from scoring import evaluate, GAMES
>>> evaluate({"game": "jokeren", "sides": ["Ann", "Bob"], "hands": []})["valid"]
True
"""

from .bounds import side_points_bounds
from .engine import evaluate
from .registry import GAMES

__all__ = ["GAMES", "evaluate", "side_points_bounds"]
