"""Klaverjassen on the site: the tellijst's entry (the other team's points filled in, roem,
an outcome sentence naming the rule), the score sheet, the workbook both ways and the
standings, as for the other games."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tournaments.models import Hand

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def kj_table(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
             make_round: Any, seat_table: Any) -> Any:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "klaverjassen"), members)
    return seat_table(make_round(evening), list(evening.participants.order_by("pk")))


def _url(name: str, table: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": table.round.evening.competition.club.slug,
                                                  "pk": table.pk})


def _post(table: Any, **fields: str) -> dict[str, Any]:
    table.refresh_from_db()
    return {"version": table.version, **fields}


def test_one_teams_points_typed_the_others_follow(kj_table: Any, client_for: Any,
                                                 scorekeeper_user: Any) -> None:
    client = client_for(scorekeeper_user)
    post = _post(kj_table, **{"h-played": "0", "h-points-0": "102", "h-points-1": "",
                              "h-roem-0": "20", "h-roem-1": ""})
    check = client.post(_url("hand_check", kj_table), post, **HTMX).content.decode()
    assert 'value="60" data-filled' in check
    client.post(_url("hand_add", kj_table), post, **HTMX)
    post = _post(kj_table, **{"h-played": "1", "h-points-0": "45", "h-points-1": "117",
                              "h-roem-0": "", "h-roem-1": "20"})
    body = client.post(_url("hand_add", kj_table), post, **HTMX).content.decode()
    assert Hand.objects.filter(table=kj_table).count() == 2, body[:4000]
