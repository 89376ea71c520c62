"""Every sentence the site says is true in each state: the evening's fee
line in every state of an evening, with and without a fee, and the TV's evening, which is never
a planned one."""

import datetime
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.evenings.services.evenings import participant_checkin
from tournaments.models import Evening, EveningStatus

pytestmark = pytest.mark.django_db
S = EveningStatus
NO_FEE = "Deze competitie heeft geen inleg."
PLANNED_FEE = "Inleg € 2,50 voor leden, € 1,00 voor gasten; nog niemand ingecheckt."


def detail(client: Any, evening: Evening) -> str:
    return client.get(reverse("tournaments:evening_detail", kwargs={
        "club": evening.competition.club.slug, "pk": evening.pk})).content.decode()


@pytest.mark.parametrize("status", [S.PLANNED, S.CHECKIN, S.PLAYING, S.CLOSED])
@pytest.mark.parametrize("fee", [0, 250])
def test_the_fee_line_is_true_in_every_state(admin_client: Any, club: Any, make_member: Any,
                                             make_competition: Any, make_evening: Any,
                                             status: str, fee: int) -> None:
    competition = make_competition(club, "jokeren", fee_member_cents=fee,
                                   fee_guest_cents=100 if fee else 0)
    evening = make_evening(competition, status=S.PLANNED)
    if status != S.PLANNED:
        participant_checkin(evening=evening, member=make_member(club, name="Ann"))
        Evening.objects.filter(pk=evening.pk).update(status=status)
    page = detail(admin_client, evening)
    if not fee:
        assert NO_FEE in page and "Ontvangen" not in page
    elif status == S.PLANNED:
        assert PLANNED_FEE in page.replace("\xa0", " ") and NO_FEE not in page
    else:
        assert NO_FEE not in page and "nog te betalen € 2,50" in page.replace("\xa0", " ")


def test_the_tv_never_shows_a_planned_evening(client: Any, club: Any, make_member: Any,
                                              make_competition: Any,
                                              make_evening: Any) -> None:
    today = timezone.localdate()
    competition = make_competition(club, "jokeren", start_date=today - datetime.timedelta(30))
    played = make_evening(competition, status=S.CLOSED, date=today - datetime.timedelta(7))
    tonight = make_evening(competition, status=S.PLANNED, date=today)
    tv = reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk})
    assert client.get(tv).context["evening"] == played
    page = client.get(tv).content.decode()
    assert "Vanavond" not in page
    tonight.status = S.CHECKIN
    tonight.save()  # moves the evening's change stamp, as the check-in service does
    assert client.get(tv).context["evening"] == tonight
