"""The tournaments demo loader: a competition per game per club, tonight drawn, idempotent."""

import io

from django.utils import timezone

from clubmanager import demo as club_demo
from scoring import GAMES
from tournaments import demo
from tournaments.models import Competition, Evening, Round, Table


def test_demo_loader_is_idempotent_and_draws_tonight(db: None) -> None:
    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    counts = (Competition.objects.count(), Evening.objects.count(), Round.objects.count(),
              Table.objects.count())
    demo.load(io.StringIO())
    assert counts == (Competition.objects.count(), Evening.objects.count(),
                      Round.objects.count(), Table.objects.count())
    assert counts[0] == 2 * len(GAMES)
    assert set(Competition.objects.values_list("game", flat=True)) == set(GAMES)
    for evening in Evening.objects.filter(date=timezone.localdate()):
        assert evening.status == "playing"
        assert evening.participants.count() >= 16
        assert evening.rounds.get().tables.exists()
