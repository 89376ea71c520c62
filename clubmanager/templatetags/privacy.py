"""``{{ participant|shown_name:full_names }}``: a participant's name as the viewer may see it
(clubmanager/privacy.py decides; ``full_names`` comes from the view, absent means not)."""

from typing import Any

from django import template

from clubmanager.privacy import participant_name

register = template.Library()


@register.filter
def shown_name(participant: Any, full_names: Any = False) -> str:
    return participant_name(participant, full=bool(full_names))
