"""Writes: undoing a member import. The members an import created
(``Member.member_import``) are deleted again while none of them has results: checked in at an
evening (which gives results) or called off. Members it updated keep the update. The import
row stays, with who undid it and when; each member's deletion is in the member's history with
the same user.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Club, Member, MemberImport

UNDONE = "import undone"


def member_import_undoable(*, batch: MemberImport) -> bool:
    """Not undone yet, and none of its members was ever at an evening."""
    members = Member.objects.filter(member_import=batch)
    return batch.undone_at is None and not (
        members.filter(participations__isnull=False).exists()
        or members.filter(calloffs__isnull=False).exists())


@transaction.atomic
def member_import_undo(*, club: Club, batch: MemberImport, by: User | None = None) -> int:
    """Delete the members ``batch`` created; how many. Refused for another club's import, one
    undone already, or one whose members have results."""
    batch = MemberImport.objects.select_for_update().get(pk=batch.pk)
    if batch.club_id != club.pk:
        raise ValidationError(_("This import belongs to another club."))
    if not member_import_undoable(batch=batch):
        raise ValidationError(_("This import can no longer be undone: it was undone already, "
                                "or its members have played or called off."))
    members = list(Member.objects.select_for_update().filter(member_import=batch))
    for member in members:
        member._history_user = by
        member._change_reason = UNDONE
        member.delete()
    batch.undone_at = timezone.now()
    batch.undone_by = by if getattr(by, "is_authenticated", False) else None
    batch.save(update_fields=["undone_at", "undone_by"])
    return len(members)
