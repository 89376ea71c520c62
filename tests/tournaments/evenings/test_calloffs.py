"""Call-offs ("afmelden"): the services, the check-in page and the member's own button
(docs/season-rules.md, "Afmelden")."""

import datetime
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.evenings.services.calloffs import calloff_add, calloff_remove, calloff_self_set
from tournaments.evenings.services.evenings import participant_checkin
from tournaments.models import CallOff, EveningStatus, Participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def planned(club: Any, make_member: Any, make_competition: Any, make_evening: Any) -> Any:
    competition = make_competition(club, "jokeren")
    evening = make_evening(competition, status=EveningStatus.PLANNED,
                           date=timezone.localdate() + datetime.timedelta(days=3))
    return evening, make_member(club, name="Cor")


def test_a_call_off_is_kept_once_with_who_and_its_history(planned: Any, admin_user: Any) -> None:
    evening, cor = planned
    first = calloff_add(evening=evening, member=cor, by=admin_user)
    assert calloff_add(evening=evening, member=cor, by=admin_user) == first
    assert first.created_by == admin_user and first.created is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        CallOff.objects.create(evening=evening, member=cor)
    calloff_remove(evening=evening, member=cor, by=admin_user)
    assert not CallOff.objects.exists()
    assert [h.history_type for h in CallOff.history.order_by("history_date")] == ["+", "-"]
    assert {h.history_user for h in CallOff.history.all()} == {admin_user}


def test_turning_up_after_all_checks_in_and_removes_the_call_off(planned: Any) -> None:
    evening, cor = planned
    calloff_add(evening=evening, member=cor)
    participant_checkin(evening=evening, member=cor)
    assert not CallOff.objects.exists()
    assert Participant.objects.filter(evening=evening, member=cor).exists()
    with pytest.raises(ValidationError, match="checked in"), translation.override("en"):
        calloff_add(evening=evening, member=cor)


def test_a_member_of_another_club_cannot_be_called_off(planned: Any, other_club: Any,
                                                       make_member: Any) -> None:
    evening, _cor = planned
    with pytest.raises(ValidationError):
        calloff_add(evening=evening, member=make_member(other_club, name="Vreemd"))


@pytest.mark.parametrize("status", [EveningStatus.PLAYING, EveningStatus.CLOSED])
def test_the_member_cannot_call_off_once_the_evening_has_started(planned: Any,
                                                                 status: str) -> None:
    evening, cor = planned
    evening.status = status
    evening.save()
    with pytest.raises(ValidationError):
        calloff_self_set(evening=evening, member=cor, called_off=True)
    assert not CallOff.objects.exists()


def test_the_member_cannot_call_off_after_the_start_time(planned: Any) -> None:
    evening, cor = planned
    now = timezone.localtime()
    evening.date, evening.start_time = now.date(), (now - datetime.timedelta(minutes=5)).time()
    evening.save()
    if evening.start_time > now.time():  # just after midnight: the start was yesterday
        evening.date -= datetime.timedelta(days=1)
        evening.save()
    with pytest.raises(ValidationError, match="already started"), translation.override("en"):
        calloff_self_set(evening=evening, member=cor, called_off=True)


def test_the_member_calls_off_and_undoes_it_before_the_evening(planned: Any) -> None:
    evening, cor = planned
    calloff_self_set(evening=evening, member=cor, called_off=True)
    assert CallOff.objects.filter(evening=evening, member=cor).exists()
    calloff_self_set(evening=evening, member=cor, called_off=False)
    assert not CallOff.objects.exists()
def test_the_admin_marks_a_member_called_off_on_the_check_in_page(
        planned: Any, admin_client: Any, club: Any) -> None:
    evening, cor = planned
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    response = admin_client.post(url, {"action": "calloff", "member": cor.pk}, follow=True)
    assert CallOff.objects.filter(evening=evening, member=cor).exists()
    body = response.content.decode()
    assert "Afgemeld" in body and "Cor" in body
    admin_client.post(url, {"action": "uncalloff", "member": cor.pk})
    assert not CallOff.objects.exists()


def test_the_member_calls_off_from_the_club_home_and_undoes_it(
        planned: Any, client_for: Any, member_user: Any, club: Any) -> None:
    evening, cor = planned
    cor.user = member_user
    cor.save()
    client = client_for(member_user)
    home = reverse("clubmanager:club_home", kwargs={"club": club.slug})
    assert "Ik kan niet komen" in client.get(home).content.decode()
    url = reverse("tournaments:calloff_self", kwargs={"club": club.slug, "pk": evening.pk})
    body = client.post(url, {"member": cor.pk}, follow=True).content.decode()
    assert CallOff.objects.filter(evening=evening, member=cor).exists()
    assert "U hebt zich afgemeld" in body and "Ik kom toch" in body
    client.post(url, {"member": cor.pk, "action": "undo"})
    assert not CallOff.objects.exists()


def test_the_member_is_told_when_the_evening_has_started(
        planned: Any, client_for: Any, member_user: Any, club: Any) -> None:
    evening, cor = planned
    cor.user = member_user
    cor.save()
    evening.status = EveningStatus.PLAYING
    evening.save()
    client = client_for(member_user)
    url = reverse("tournaments:calloff_self", kwargs={"club": club.slug, "pk": evening.pk})
    body = client.post(url, {"member": cor.pk}, follow=True).content.decode()
    assert "afmelden kan niet meer" in body
    assert "Ik kan niet komen" not in body  # no button for an evening that has started
    assert not CallOff.objects.exists()


def test_a_member_cannot_call_off_someone_else(planned: Any, client_for: Any, member_user: Any,
                                              club: Any, make_member: Any) -> None:
    evening, cor = planned
    make_member(club, name="Ann", user=member_user)
    client = client_for(member_user)
    url = reverse("tournaments:calloff_self", kwargs={"club": club.slug, "pk": evening.pk})
    body = client.post(url, {"member": cor.pk}, follow=True).content.decode()
    assert "geen lid van deze club" in body
    assert not CallOff.objects.exists()
