"""Writes: a competition's fixed pairs (partners who always play together in a team game).

The database keeps a member in at most one pair per position (``first`` or ``second``); that a
member is in at most one pair at all, in either position, is checked here, under a row lock on
the competition so that two admins pairing the same member at once cannot both succeed.
The draw (``services.draws``) seats every pair as partners at the same table.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubmanager.models import Member
from tournaments.games import site_game
from tournaments.models import Competition, FixedPair


def _check_member(*, competition: Competition, member: Member, field: str) -> None:
    if member.club_id != competition.club_id or not member.is_active:
        raise ValidationError(
            {field: _("%(name)s is not an active member of this club.") % {"name": member.name}}
        )
    taken = FixedPair.objects.filter(
        Q(first=member) | Q(second=member), competition=competition
    ).exists()
    if taken:
        raise ValidationError({field: _(
            "%(name)s already plays in a fixed pair in this competition."
        ) % {"name": member.name}})


@transaction.atomic
def fixed_pair_create(
    *, competition: Competition, first: Member, second: Member, by: User | None = None
) -> FixedPair:
    """Pair ``first`` and ``second`` for the whole competition.

    ``by`` is the user who does it (the same signature as the other services; fixed pairs keep
    no history of their own).
    """
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if not site_game(competition.game).team_game:
        raise ValidationError(_(
            "Fixed pairs are only for team games; %(game)s is not played in teams."
        ) % {"game": site_game(competition.game).name})
    if first.pk == second.pk:
        raise ValidationError({"second": _("Choose two different people for a pair.")})
    _check_member(competition=competition, member=first, field="first")
    _check_member(competition=competition, member=second, field="second")
    return FixedPair.objects.create(competition=competition, first=first, second=second)


@transaction.atomic
def fixed_pair_delete(*, pair: FixedPair, by: User | None = None) -> None:
    """Split a fixed pair: from the next draw on, both play with whoever the draw gives them."""
    list(  # the same lock as fixed_pair_create: one change to a competition's pairs at a time
        Competition.objects.select_for_update().filter(pk=pair.competition_id)
        .values_list("pk", flat=True)
    )
    FixedPair.objects.filter(pk=pair.pk).delete()
