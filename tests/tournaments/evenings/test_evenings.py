"""Evenings: status transitions, reopening recorded, check-in (members and guests), dates."""

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from tournaments.evenings.services.evenings import (
    REOPENED,
    evening_create,
    evening_reopen,
    evening_status_set,
    participant_add_guest,
    participant_checkin,
    participant_remove,
)
from tournaments.models import Evening, EveningStatus, Participant

S = EveningStatus


@pytest.fixture
def competition(club: Any, make_competition: Callable[..., Any]) -> Any:
    return make_competition(club, "jokeren")


def url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def test_status_runs_planned_checkin_playing_closed(competition: Any, admin_user: Any) -> None:
    evening = evening_create(competition=competition, date=datetime.date(2026, 9, 8), by=admin_user)
    assert evening.status == S.PLANNED
    for status in (S.CHECKIN, S.PLAYING, S.CLOSED):
        evening = evening_status_set(evening=evening, status=status, by=admin_user)
        assert evening.status == status


@pytest.mark.parametrize(("start", "target"), [
    (S.PLANNED, S.PLAYING), (S.PLANNED, S.CLOSED), (S.PLAYING, S.PLANNED), (S.CLOSED, S.PLAYING),
    (S.PLAYING, "bogus"),
])
def test_illegal_transitions_are_refused(
    competition: Any, make_evening: Callable[..., Any], start: str, target: str
) -> None:
    evening = make_evening(competition, status=start)
    with pytest.raises(ValidationError):
        evening_status_set(evening=evening, status=target)
    evening.refresh_from_db()
    assert evening.status == start


def test_reopen_is_recorded_with_user_and_reason(
    competition: Any, make_evening: Callable[..., Any], admin_user: Any
) -> None:
    evening = make_evening(competition, status=S.CLOSED)
    evening_reopen(evening=evening, by=admin_user)
    evening.refresh_from_db()
    assert evening.status == S.PLAYING
    last = evening.history.order_by("-history_date", "-history_id").first()
    assert last.history_user == admin_user
    assert last.history_change_reason == REOPENED
    assert last.status == S.PLAYING
    with pytest.raises(ValidationError):
        evening_reopen(evening=evening, by=admin_user)


def test_reopen_through_the_page_by_the_admin(
    admin_client: Any, club: Any, competition: Any, make_evening: Callable[..., Any],
    admin_user: Any,
) -> None:
    evening = make_evening(competition, status=S.CLOSED)
    response = admin_client.post(url("evening_status", club, evening.pk), {"action": "reopen"})
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.status == S.PLAYING
    last = evening.history.order_by("-history_id").first()
    assert (last.history_user, last.history_change_reason) == (admin_user, REOPENED)
    page = admin_client.get(url("evening_detail", club, evening.pk)).content.decode()
    assert "hv-admin" in page  # the history lists who reopened


def test_status_buttons_change_the_status(
    admin_client: Any, club: Any, competition: Any, make_evening: Callable[..., Any]
) -> None:
    evening = make_evening(competition, status=S.PLANNED)
    admin_client.post(url("evening_status", club, evening.pk), {"status": S.CHECKIN})
    evening.refresh_from_db()
    assert evening.status == S.CHECKIN
    admin_client.post(url("evening_status", club, evening.pk), {"status": S.CLOSED})
    evening.refresh_from_db()
    assert evening.status == S.CHECKIN  # refused: not a next step


def test_new_evening_defaults_to_the_local_date(
    admin_client: Any, club: Any, competition: Any, settings: Any
) -> None:
    assert settings.TIME_ZONE == "Europe/Amsterdam"
    page = admin_client.get(url("evening_add", club, competition.pk))
    assert page.context["form"].initial["date"] == timezone.localdate()
    response = admin_client.post(url("evening_add", club, competition.pk),
                                 {"date": "2026-10-06", "start_time": "19:30"})
    evening = Evening.objects.get()
    assert response["Location"] == url("evening_detail", club, evening.pk)
    assert evening.start_time == datetime.time(19, 30)
    again = admin_client.post(url("evening_add", club, competition.pk), {"date": "2026-10-06"})
    assert again.status_code == 200 and "date" in again.context["form"].errors


def test_localdate_is_amsterdam_not_utc(settings: Any) -> None:
    # 23:30 UTC on 1 March is already 2 March in Amsterdam.
    instant = datetime.datetime(2027, 3, 1, 23, 30, tzinfo=datetime.UTC)
    assert timezone.localdate(instant) == datetime.date(2027, 3, 2)


def test_checkin_members_and_guests(
    competition: Any, make_evening: Callable[..., Any], make_member: Callable[..., Any],
    club: Any, other_club: Any,
) -> None:
    evening = make_evening(competition, status=S.PLANNED)
    ann = make_member(club, name="Ann")
    participant_checkin(evening=evening, member=ann)
    participant_checkin(evening=evening, member=ann)  # idempotent
    evening.refresh_from_db()
    assert evening.status == S.CHECKIN  # checking in opens the check-in
    guest = participant_add_guest(evening=evening, name="  Gast Piet ")
    assert guest.guest_name == "Gast Piet" and guest.is_guest
    assert evening.participants.count() == 2
    with pytest.raises(ValidationError):
        participant_checkin(evening=evening, member=make_member(other_club))
    with pytest.raises(ValidationError):
        participant_add_guest(evening=evening, name="   ")
    participant_remove(participant=guest)
    assert evening.participants.count() == 1


def test_checkin_page_taps_without_js_and_with_htmx(
    admin_client: Any, club: Any, competition: Any, make_evening: Callable[..., Any],
    make_member: Callable[..., Any], django_assert_max_num_queries: Any,
) -> None:
    members = [make_member(club, name=f"Speler {i:02}") for i in range(20)]
    evening = make_evening(competition, status=S.PLANNED)
    checkin_url = url("checkin", club, evening.pk)
    with django_assert_max_num_queries(10):
        page = admin_client.get(checkin_url)
    assert page.status_code == 200
    assert "Speler 19" in page.content.decode()
    response = admin_client.post(checkin_url, {"action": "in", "member": members[0].pk})
    assert response.status_code == 302  # plain form: back to the page
    response = admin_client.post(
        checkin_url, {"action": "in", "member": members[1].pk}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    fragment = response.content.decode()
    assert 'id="checkin"' in fragment and "<html" not in fragment
    assert fragment.count('aria-pressed="true"') == 2
    response = admin_client.post(checkin_url, {"action": "guest", "guest_name": "Bezoeker"})
    assert Participant.objects.filter(evening=evening, guest_name="Bezoeker").exists()
    response = admin_client.post(checkin_url, {"action": "guest", "guest_name": ""})
    assert response.status_code == 200 and response.context["guest_form"].errors
    participant = Participant.objects.get(evening=evening, member=members[0])
    admin_client.post(checkin_url, {"action": "out", "participant": participant.pk})
    assert not Participant.objects.filter(pk=participant.pk).exists()


def test_checkin_cannot_touch_another_clubs_member(
    admin_client: Any, club: Any, other_club: Any, competition: Any,
    make_evening: Callable[..., Any], make_member: Callable[..., Any],
) -> None:
    evening = make_evening(competition, status=S.CHECKIN)
    stranger = make_member(other_club)
    response = admin_client.post(url("checkin", club, evening.pk),
                                 {"action": "in", "member": stranger.pk})
    assert response.status_code == 404
    assert not evening.participants.exists()


def test_closed_evening_refuses_checkin(
    competition: Any, make_evening: Callable[..., Any], make_member: Callable[..., Any],
    club: Any,
) -> None:
    evening = make_evening(competition, status=S.CLOSED)
    with pytest.raises(ValidationError):
        participant_checkin(evening=evening, member=make_member(club))


def test_a_planned_evening_offers_one_way_to_check_in(
    admin_client: Any, club: Any, make_competition: Any, make_evening: Any
) -> None:
    """Not "Check-in" beside "Start check-in": one button that says what it does."""
    evening = make_evening(make_competition(club), status=S.PLANNED)
    with override("nl"):
        page = admin_client.get(url("evening_detail", club, evening.pk),
                                HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Aanwezigen aanmelden" in page
    assert "Aanmelden starten" not in page
