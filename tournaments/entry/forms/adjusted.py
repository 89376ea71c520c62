"""A club admin's adjusted score, as posted beside the hand: the points per side, and the
bound the game puts on them.

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from scoring import side_points_bounds
from tournaments.entry.forms.fields import number_of
from tournaments.shared.messages import record_text


def adjusted_points_from(post: Mapping[str, Any], sides: Sequence[str]) -> dict[str, Any] | None:
    """The admin's adjusted points per side (``adj-<index>``), or None if none were given."""
    values = {side: str(post.get(f"adj-{i}", "")).strip() for i, side in enumerate(sides)}
    if not any(values.values()):
        return None
    return {side: number_of(raw) if raw else None for side, raw in values.items()}


def adjusted_points_errors(points: Mapping[str, Any] | None, *, game: str,
                           options: Mapping[str, Any], sides_display: Mapping[str, str]
                           ) -> list[str]:
    """Adjusted points outside what the game allows one side in one hand: the engine's bound
    (``scoring.side_points_bounds``), as these points never pass through the game's rules.
    Text that is no whole number is left to the save, which names it."""
    if not points:
        return []
    low, high = side_points_bounds(game, options, len(points))
    sentence = _("Adjusted points of %(side)s: one side scores from %(low)s to %(high)s "
                 "points in one %(record)s of this game, not %(value)s.")
    return [record_text(game, sentence, side=sides_display.get(side, side), low=low, high=high,
                        value=value if abs(value) < 10**20 else "…")
            for side, value in points.items()
            if isinstance(value, int) and not low <= value <= high]
