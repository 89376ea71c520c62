"""Template tags: the club's current competitions (for the club home page)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from ..selectors.competitions import current_competitions

register = template.Library()


@register.inclusion_tag("tournaments/includes/current_competitions.html")
def club_current_competitions(club: Any) -> dict[str, Any]:
    return {
        "club": club,
        "competitions": list(current_competitions(club=club, today=timezone.localdate())),
    }
