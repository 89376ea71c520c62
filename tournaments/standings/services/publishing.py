"""Club settings for the public pages (standings, evening results, TV)."""


from django.contrib.auth.models import User
from django.db import transaction

from clubmanager.models import Club


@transaction.atomic
def club_public_pages_set(*, club: Club, public: bool, by: User | None) -> Club:
    """Turn the club's public (no login) standings pages on or off."""
    club.public_pages = public
    club._history_user = by  # type: ignore[attr-defined]  # the club's history: who
    club.save(update_fields=["public_pages"])
    return club
