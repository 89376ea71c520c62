"""Template tags: tonight's evenings, the member's next evenings (to call off) and the club's
current competitions (club home page)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from clubmanager.selectors import own_member_ids
from tournaments.competitions.selectors import current_competitions, evenings_tonight
from tournaments.evenings.selectors.calloffs import next_evenings

register = template.Library()


@register.inclusion_tag("tournaments/includes/current_competitions.html", takes_context=True)
def club_current_competitions(context: Any, club: Any) -> dict[str, Any]:
    today = timezone.localdate()
    user = context.get("user")
    own = own_member_ids(club=club, user=user)
    return {
        "club": club,
        "tonight": evenings_tonight(club=club, today=today, user=user),
        "competitions": list(current_competitions(club=club, today=today)),
        "has_member": bool(own),
        "next_evenings": next_evenings(club=club, member_ids=own),
    }
