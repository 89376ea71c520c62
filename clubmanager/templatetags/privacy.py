"""``{{ participant|shown_name:full_names }}``: a participant's name as the viewer may see it;
``{% team_name table seat full_names %}``: the label of the seat's team (the partners at the
table), each partner's name as the viewer may see it;
``{% partner_names table seat full_names %}``: the same without the seat itself (a player's
partners under her name). clubmanager/privacy.py decides;
``full_names`` comes from the view, absent means not."""

from typing import Any

from django import template

from clubmanager.privacy import participant_name
from clubmanager.privacy import team_name as team_label

register = template.Library()


@register.filter
def shown_name(participant: Any, full_names: Any = False) -> str:
    return participant_name(participant, full=bool(full_names))


@register.simple_tag
def team_name(table: Any, seat: Any, full_names: Any = False) -> str:
    """Reads the table's seats as the view fetched them (no query when prefetched)."""
    partners = sorted((s for s in table.seats.all() if s.team == seat.team),
                      key=lambda s: s.position)
    return team_label([s.participant for s in partners], full=bool(full_names))


@register.simple_tag
def partner_names(table: Any, seat: Any, full_names: Any = False) -> str:
    """The seat's partners at the table, without the seat itself ("" when she plays alone)."""
    partners = sorted((s for s in table.seats.all() if s.team == seat.team and s.pk != seat.pk),
                      key=lambda s: s.position)
    return team_label([s.participant for s in partners], full=bool(full_names))
