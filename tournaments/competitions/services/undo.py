"""Writes: undoing a competition. One without results (no hand at any table)
may be deleted; one with results is archived instead: hidden from the members, kept, and
restorable by a club admin. The history (simple-history) keeps each step with who did it: the
deletion as the competition's deletion row with the reason "deleted", archiving and restoring
as a change of ``archived_at``.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.competitions.selectors import competition_has_results
from tournaments.models import CallOff, Competition, Evening

DELETED = "deleted"
ARCHIVED = "archived"
RESTORED = "restored"


def _locked(competition: Competition) -> Competition:
    return Competition.objects.select_for_update().get(pk=competition.pk)


@transaction.atomic
def competition_delete(*, competition: Competition, by: User | None = None) -> None:
    """Delete a competition without results, its planned evenings and call-offs with it (each
    deletion in the history, with who did it)."""
    competition = _locked(competition)
    if competition_has_results(competition=competition):
        raise ValidationError(_("This competition has results: archive it instead."))
    for calloff in CallOff.objects.filter(evening__competition=competition):
        calloff._history_user, calloff._change_reason = by, DELETED
        calloff.delete()
    for evening in Evening.objects.filter(competition=competition):
        evening._history_user, evening._change_reason = by, DELETED
        evening.delete()
    competition._history_user, competition._change_reason = by, DELETED
    competition.delete()


@transaction.atomic
def competition_archive(*, competition: Competition, by: User | None = None) -> Competition:
    """Hide a competition from the members; its results are kept (idempotent)."""
    competition = _locked(competition)
    if competition.archived_at is None:
        competition.archived_at = timezone.now()
        competition._history_user, competition._change_reason = by, ARCHIVED
        competition.save()
    return competition


@transaction.atomic
def competition_restore(*, competition: Competition, by: User | None = None) -> Competition:
    """Bring an archived competition back for the members (idempotent)."""
    competition = _locked(competition)
    if competition.archived_at is not None:
        competition.archived_at = None
        competition._history_user, competition._change_reason = by, RESTORED
        competition.save()
    return competition
