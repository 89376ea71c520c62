"""Change stamps: what the live pages poll.

Every competition and every evening carries ``changed``, a random UUID. Every write that changes
what the standings, the TV or a live evening page show gives it a new value **in the same
transaction** as the change: a hand saved, changed or deleted, a confirmation, a draw, a seat
swap, a check-in, a call-off, closing and reopening, the competition's settings, a member's name
or the name they show visitors. So a reader that sees a stamp sees at least the data it stands
for; the pages use it as their ETag and as the key of what they rendered for it
(``tournaments/standings/views/polling.py``).

A random value rather than a counter: a database restored from a backup, or a test database
that was rolled back, never hands out a stamp a cache already holds for other data.

``stamp_evening`` moves an evening's stamp and its competition's (two single-row UPDATEs);
``stamp_competition`` a competition's alone; ``stamp_club`` every competition and evening of a
club (a member's name or public name, the club's own settings), which the receivers below do
for every save of a member or a club. ``tests/tournaments/standings/test_live.py`` walks every
service: each one moves the stamp or is listed with the reason it need not.

Each also moves, once the transaction commits, the generations under which the polls keep what
they read (``clubmanager/core/live_cache.py``): ``evening:<pk>`` and ``competition:<pk>``, every
evening of a competition whose settings changed, ``club:<pk>`` for the club, ``clubs`` for a
club saved or deleted (its short name, its public pages) and ``role:<user>:<club>`` for a role
given, changed or taken. So an unchanged poll answers from the cache without a query, and a
changed one sees the write as soon as it is committed, never before.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from clubmanager.core.live_cache import moved
from clubmanager.models import Club, ClubRole, Member

from .competitions import Competition
from .evenings import CallOff, Evening, Participant


def stamp_evening(evening: Evening | int) -> None:
    """A new stamp for the evening and its competition. Call it inside the write's transaction."""
    stamp = uuid.uuid4()
    if isinstance(evening, Evening):
        Evening.objects.filter(pk=evening.pk).update(changed=stamp)
        Competition.objects.filter(pk=evening.competition_id).update(changed=stamp)
        moved(f"evening:{evening.pk}", f"competition:{evening.competition_id}")
    else:
        Evening.objects.filter(pk=evening).update(changed=stamp)
        Competition.objects.filter(evenings=evening).update(changed=stamp)
        moved(f"evening:{evening}", later=lambda: _competitions_of_evening(evening))


def stamp_competition(competition: Competition | int) -> None:
    """A new stamp for the competition (its standings, its TV). Inside the write's transaction."""
    pk = competition if isinstance(competition, int) else competition.pk
    Competition.objects.filter(pk=pk).update(changed=uuid.uuid4())
    # its evenings' polls read its settings too (archived, when the ranking hides)
    moved(f"competition:{pk}", later=lambda: _evenings_of_competition(pk))


def stamp_club(club_id: int) -> None:
    """A new stamp for every competition and evening of the club (names shown everywhere)."""
    stamp = uuid.uuid4()
    Competition.objects.filter(club_id=club_id).update(changed=stamp)
    Evening.objects.filter(competition__club_id=club_id).update(changed=stamp)
    moved(f"club:{club_id}")  # every poll of the club depends on it


def _competitions_of_evening(evening_id: int) -> list[str]:
    return [f"competition:{pk}" for pk in
            Competition.objects.filter(evenings=evening_id).values_list("pk", flat=True)]


def _evenings_of_competition(competition_id: int) -> list[str]:
    return [f"evening:{pk}" for pk in
            Evening.objects.filter(competition_id=competition_id).values_list("pk", flat=True)]


# -- saves through the ORM move the stamp themselves -------------------------------------------
# An evening or a competition saved writes back the stamp it was read with: the receiver gives
# it a new one right after, in the same transaction. Check-ins and call-offs are saved and
# deleted one by one. The writes that go through ``update()`` (a hand's table and seats, a
# confirmation, the draws) call ``stamp_evening`` themselves.
@receiver(post_save, sender=Evening, dispatch_uid="stamp_evening_saved")
def _evening_saved(sender: Any, instance: Evening, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        stamp_evening(instance)


@receiver(post_save, sender=Competition, dispatch_uid="stamp_competition_saved")
def _competition_saved(sender: Any, instance: Competition, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        stamp_competition(instance)


@receiver(post_save, sender=Participant, dispatch_uid="stamp_participant_saved")
@receiver(post_delete, sender=Participant, dispatch_uid="stamp_participant_deleted")
@receiver(post_save, sender=CallOff, dispatch_uid="stamp_calloff_saved")
@receiver(post_delete, sender=CallOff, dispatch_uid="stamp_calloff_deleted")
def _taking_part(sender: Any, instance: Participant | CallOff, **kwargs: Any) -> None:
    """Who is there, who called off: the live page and the standings show both."""
    if not kwargs.get("raw"):
        stamp_evening(instance.evening_id)


@receiver(post_save, sender=Member, dispatch_uid="stamp_member_saved")
@receiver(post_delete, sender=Member, dispatch_uid="stamp_member_deleted")
def _member_changed(sender: Any, instance: Member, **kwargs: Any) -> None:
    """A member's name, number or public name shows on the pages: in the save's transaction."""
    if not kwargs.get("raw"):
        stamp_club(instance.club_id)


@receiver(post_save, sender=Club, dispatch_uid="stamp_club_saved")
def _club_changed(sender: Any, instance: Club, created: bool, **kwargs: Any) -> None:
    """The club's name and settings show on the pages (a new club has nothing to stamp)."""
    if not created and not kwargs.get("raw"):
        stamp_club(instance.pk)
    moved("clubs")  # a poll finds its club by the short name: a new one, a changed one


@receiver(post_delete, sender=Club, dispatch_uid="club_deleted")
def _club_deleted(sender: Any, instance: Club, **kwargs: Any) -> None:
    moved("clubs", f"club:{instance.pk}")


@receiver(post_save, sender=ClubRole, dispatch_uid="club_role_saved")
@receiver(post_delete, sender=ClubRole, dispatch_uid="club_role_deleted")
def _role_changed(sender: Any, instance: ClubRole, **kwargs: Any) -> None:
    """A role given, changed or taken: the polls keep each viewer's role in the club."""
    moved(f"role:{instance.user_id}:{instance.club_id}")
