"""Moving and cancelling a planned evening: asked first, refused once the
evening has results, kept in the history, and never for another club's evening."""

import datetime
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.evenings.services.calloffs import calloff_add
from tournaments.evenings.services.planning import evening_cancel, evening_move
from tournaments.models import CallOff, Evening, EveningStatus

pytestmark = pytest.mark.django_db
D = datetime.date


def url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


@pytest.fixture
def planned(club: Any, make_member: Any, make_competition: Any, make_evening: Any) -> Any:
    competition = make_competition(club, "jokeren")
    evening = make_evening(competition, status=EveningStatus.PLANNED, date=D(2026, 10, 1))
    calloff_add(evening=evening, member=make_member(club, name="Cor"))
    return evening


def test_moving_asks_then_moves_with_the_call_offs(admin_client: Any, club: Any,
                                                   planned: Evening, admin_user: Any) -> None:
    page = admin_client.get(url("evening_move", club, planned.pk)).content.decode()
    assert "De 1 afmelding gaat mee." in page
    response = admin_client.post(url("evening_move", club, planned.pk),
                                 {"date": "2026-10-08", "start_time": "20:00"})
    assert response.status_code == 302
    planned.refresh_from_db()
    assert planned.date == D(2026, 10, 8)
    assert CallOff.objects.get().evening == planned
    last = planned.history.latest("history_date")
    assert (last.history_user, last.history_change_reason) == (admin_user, "moved")
    detail = admin_client.get(url("evening_detail", club, planned.pk)).content.decode()
    assert "verplaatst naar 8-10-2026" in detail


def test_moving_onto_another_evening_of_the_competition_is_refused(
        planned: Evening, make_evening: Any) -> None:
    make_evening(planned.competition, status=EveningStatus.PLANNED, date=D(2026, 10, 8))
    with pytest.raises(ValidationError):
        evening_move(evening=planned, date=D(2026, 10, 8))


def test_cancelling_asks_first_then_deletes_it_and_its_call_offs_with_history(
        admin_client: Any, club: Any, planned: Evening, admin_user: Any) -> None:
    page = admin_client.get(url("evening_cancel", club, planned.pk)).content.decode()
    assert "Cor" in page and "Ja, annuleer de avond" in page
    assert Evening.objects.filter(pk=planned.pk).exists()  # asking changes nothing
    admin_client.post(url("evening_cancel", club, planned.pk))
    assert not Evening.objects.filter(pk=planned.pk).exists()
    assert not CallOff.objects.exists()
    gone = Evening.history.get(id=planned.pk, history_type="-")
    assert (gone.history_user, gone.history_change_reason) == (admin_user, "cancelled")
    assert CallOff.history.filter(history_type="-", history_user=admin_user).count() == 1
    competition = admin_client.get(url("competition_detail", club, planned.competition_id))
    assert "Geannuleerde avonden" in competition.content.decode()


@pytest.mark.parametrize("status", [EveningStatus.CHECKIN, EveningStatus.PLAYING,
                                    EveningStatus.CLOSED])
def test_an_evening_under_way_is_neither_moved_nor_cancelled(
        admin_client: Any, club: Any, planned: Evening, status: str) -> None:
    Evening.objects.filter(pk=planned.pk).update(status=status)
    with pytest.raises(ValidationError):
        evening_cancel(evening=planned)
    with pytest.raises(ValidationError):
        evening_move(evening=planned, date=D(2026, 10, 8))
    admin_client.post(url("evening_cancel", club, planned.pk))
    assert Evening.objects.filter(pk=planned.pk).exists()
    assert "Verplaats de avond" not in admin_client.get(
        url("evening_detail", club, planned.pk)).content.decode()


def test_a_planned_evening_with_results_stays(play_big_five: Any, club: Any) -> None:
    evening = play_big_five(club, ["Ann", "Bob"])["evening"]
    Evening.objects.filter(pk=evening.pk).update(status=EveningStatus.PLANNED)
    with pytest.raises(ValidationError):
        evening_cancel(evening=evening)


def test_another_clubs_admin_cannot_move_or_cancel(client_for: Any, other_admin_user: Any,
                                                   other_club: Any, planned: Evening) -> None:
    client = client_for(other_admin_user)
    for name in ("evening_move", "evening_cancel"):
        assert client.post(url(name, other_club, planned.pk),
                           {"date": "2026-10-08"}).status_code == 404
    planned.refresh_from_db()
    assert planned.date == D(2026, 10, 1)


def test_a_member_cannot_cancel(client_for: Any, member_user: Any, club: Any,
                                planned: Evening) -> None:
    assert client_for(member_user).post(url("evening_cancel", club, planned.pk)).status_code == 403
    assert Evening.objects.filter(pk=planned.pk).exists()
