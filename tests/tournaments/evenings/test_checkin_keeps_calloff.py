"""Check-in and call-off keep each other's history (evenings/services/calloffs.py): a member who
called off and is checked in after all (at the door or by the admin) and whose check-in is then
undone is called off again, as before, with who recorded it and when; the call-off's history says
why it went and why it came back."""

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.evenings.services import evenings as services
from tournaments.models import CallOff, EveningStatus, Participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def cor(club: Any, make_member: Any, member_user: Any) -> Any:
    return make_member(club, name="Cor Visser", user=member_user)


@pytest.fixture
def evening(club: Any, make_competition: Any, make_evening: Any) -> Any:
    evening = make_evening(make_competition(club, "jokeren"), status=EveningStatus.CHECKIN,
                           date=timezone.localdate() + datetime.timedelta(days=3))
    return services.evening_door_code_ensure(evening=evening)


def checkin_url(club: Any, evening: Any) -> str:
    return reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})


def member_calls_off(client: Client, club: Any, evening: Any, cor: Any, undo: bool = False
                     ) -> None:
    url = reverse("tournaments:calloff_self", kwargs={"club": club.slug, "pk": evening.pk})
    client.post(url, {"member": cor.pk, **({"action": "undo"} if undo else {})})


def door_checks_in(evening: Any, cor: Any) -> None:
    confirm = reverse("door:confirm", kwargs={"code": evening.door_code, "member_id": cor.pk})
    assert Client().post(confirm).status_code == 200


def admin_undoes(admin_client: Client, club: Any, evening: Any, cor: Any) -> None:
    participant = Participant.objects.get(evening=evening, member=cor)
    admin_client.post(checkin_url(club, evening), {"action": "out",
                                                   "participant": participant.pk})
    assert not Participant.objects.filter(evening=evening, member=cor).exists()


def test_undoing_a_door_check_in_brings_the_members_call_off_back(
        club: Any, evening: Any, cor: Any, member_user: Any, client_for: Any,
        admin_client: Client, admin_user: Any) -> None:
    member_calls_off(client_for(member_user), club, evening, cor)
    called_off = CallOff.objects.get(evening=evening, member=cor)
    door_checks_in(evening, cor)
    assert not CallOff.objects.filter(evening=evening, member=cor).exists()  # came after all

    admin_undoes(admin_client, club, evening, cor)

    back = CallOff.objects.get(evening=evening, member=cor)
    assert back.created == called_off.created  # as it was: when, and who recorded it
    assert back.created_by == member_user
    page = admin_client.get(checkin_url(club, evening)).content.decode()
    assert "1</strong> afgemeld: Cor Visser" in page
    history = list(CallOff.history.filter(member=cor).order_by("history_date", "history_id"))
    assert [(h.history_type, h.history_change_reason) for h in history] == [
        ("+", None), ("-", "checked in"), ("+", "check-in undone")]
    assert [h.history_user for h in history] == [member_user, None, admin_user]


def test_undoing_the_admins_check_in_brings_the_call_off_back(
        club: Any, evening: Any, cor: Any, admin_client: Client, admin_user: Any) -> None:
    url = checkin_url(club, evening)
    admin_client.post(url, {"action": "calloff", "member": cor.pk})
    admin_client.post(url, {"action": "in", "member": cor.pk})
    participant = Participant.objects.get(evening=evening, member=cor)
    assert participant.replaced_calloff_by == admin_user
    assert participant.history.first().replaced_calloff_at is not None  # in its history too
    assert not CallOff.objects.exists()
    admin_undoes(admin_client, club, evening, cor)
    assert CallOff.objects.get(evening=evening, member=cor).created_by == admin_user
    # and again: checked in, undone, called off
    admin_client.post(url, {"action": "in", "member": cor.pk})
    admin_undoes(admin_client, club, evening, cor)
    assert CallOff.objects.filter(evening=evening, member=cor).count() == 1


def test_undoing_a_check_in_without_a_call_off_calls_nobody_off(
        club: Any, evening: Any, cor: Any, admin_client: Client) -> None:
    door_checks_in(evening, cor)
    admin_undoes(admin_client, club, evening, cor)
    assert not CallOff.objects.exists()


def test_a_call_off_withdrawn_after_the_check_in_stays_withdrawn(
        club: Any, evening: Any, cor: Any, member_user: Any, client_for: Any,
        admin_client: Client) -> None:
    member = client_for(member_user)
    member_calls_off(member, club, evening, cor)
    door_checks_in(evening, cor)
    member_calls_off(member, club, evening, cor, undo=True)  # "Ik kom toch"
    admin_undoes(admin_client, club, evening, cor)
    assert not CallOff.objects.exists()


def test_a_checked_in_member_still_cannot_be_called_off(
        club: Any, evening: Any, cor: Any, member_user: Any, client_for: Any) -> None:
    door_checks_in(evening, cor)
    member_calls_off(client_for(member_user), club, evening, cor)
    assert not CallOff.objects.exists()
    assert Participant.objects.filter(evening=evening, member=cor).exists()
