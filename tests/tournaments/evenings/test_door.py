"""Self check-in at the door (tournaments/evenings/views/door.py): the admin shows
the door QR, a member scans it, taps their name and confirms; the admin's check-in page shows it and
can undo it. The door code checks in only, only while check-in is open, each name once, and at
most DOOR_CHECKINS_PER_MINUTE a minute."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.evenings.services import evenings as services
from tournaments.models import CallOff, EveningStatus, Participant

pytestmark = pytest.mark.django_db


@pytest.fixture
def door(club: Any, make_member: Any, make_competition: Any, make_evening: Any) -> dict[str, Any]:
    henk = make_member(club, name="Henk van Leeuwen")
    alie = make_member(club, name="Alie de Jong")
    evening = make_evening(make_competition(club), [alie], status=EveningStatus.CHECKIN)
    evening = services.evening_door_code_ensure(evening=evening)
    return {"evening": evening, "henk": henk, "alie": alie, "code": evening.door_code}


def names_url(code: str) -> str:
    return reverse("door:names", kwargs={"code": code})


def confirm_url(code: str, member: Any) -> str:
    return reverse("door:confirm", kwargs={"code": code, "member_id": member.pk})


def test_the_admin_shows_a_qr_that_opens_the_door_list(club, door, admin_client):
    page = admin_client.get(reverse("tournaments:door_screen",
                                    kwargs={"club": club.slug, "pk": door["evening"].pk}))
    body = page.content.decode()
    assert page.status_code == 200 and "<svg" in body
    assert names_url(door["code"]) in body
    assert len(door["code"]) >= 22  # 128 random bits


def test_a_member_picks_their_name_confirms_and_is_checked_in(door):
    visitor = Client()  # not logged in
    names = visitor.get(names_url(door["code"])).content.decode()
    assert "Henk van Leeuwen" in names
    assert "Alie de Jong" not in names  # already checked in: not on the list
    confirm = visitor.get(confirm_url(door["code"], door["henk"])).content.decode()
    assert "Bent u Henk van Leeuwen?" in confirm or "Are you Henk van Leeuwen?" in confirm
    assert not Participant.objects.filter(member=door["henk"]).exists()  # a tap is not a check-in
    done = visitor.post(confirm_url(door["code"], door["henk"]))
    assert done.status_code == 200
    participant = Participant.objects.get(evening=door["evening"], member=door["henk"])
    assert participant.self_checkin


def test_a_name_already_checked_in_cannot_be_taken_twice(door):
    visitor = Client()
    assert visitor.post(confirm_url(door["code"], door["henk"])).status_code == 200
    again = visitor.post(confirm_url(door["code"], door["henk"]))
    assert again.status_code == 409
    assert "Henk van Leeuwen" in again.content.decode()
    assert Participant.objects.filter(member=door["henk"]).count() == 1
    assert visitor.post(confirm_url(door["code"], door["alie"])).status_code == 409


@pytest.mark.parametrize("status", [EveningStatus.PLANNED, EveningStatus.PLAYING,
                                    EveningStatus.CLOSED])
def test_the_door_works_only_while_check_in_is_open(door, status):
    evening = door["evening"]
    evening.status = status
    evening.save()
    visitor = Client()
    assert visitor.get(names_url(door["code"])).status_code == 403
    assert visitor.post(confirm_url(door["code"], door["henk"])).status_code == 403
    assert not Participant.objects.filter(member=door["henk"]).exists()


def test_a_wrong_code_is_404_and_blocked_after_the_limit(door, settings):
    settings.TABLE_CODE_FAILURE_LIMIT = 3
    visitor = Client()
    for _ in range(3):
        assert visitor.get(names_url("not-a-code")).status_code == 404
    assert visitor.get(names_url("not-a-code")).status_code == 429
    assert visitor.get(names_url(door["code"])).status_code == 200  # the right code still works


def test_the_door_code_enters_no_scores_and_opens_no_other_page(door):
    visitor = Client()
    assert visitor.get(f"/t/{door['code']}/").status_code == 404  # not a table code
    evening = door["evening"]
    club = evening.competition.club
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    assert visitor.get(checkin + f"?code={door['code']}").status_code == 302  # to the login


def test_another_clubs_member_cannot_be_checked_in(door, other_club, make_member):
    stranger = make_member(other_club, name="Vreemde")
    visitor = Client()
    assert visitor.get(confirm_url(door["code"], stranger)).status_code == 404
    assert visitor.post(confirm_url(door["code"], stranger)).status_code == 404
    assert not Participant.objects.filter(member=stranger).exists()


def test_the_door_is_rate_limited_per_evening(door, club, make_member, monkeypatch):
    monkeypatch.setattr(services, "DOOR_CHECKINS_PER_MINUTE", 2)
    others = [make_member(club, name=f"Lid {i}") for i in range(3)]
    visitor = Client()
    assert visitor.post(confirm_url(door["code"], others[0])).status_code == 200
    assert visitor.post(confirm_url(door["code"], others[1])).status_code == 200
    busy = visitor.post(confirm_url(door["code"], others[2]))
    assert busy.status_code == 429
    assert not Participant.objects.filter(member=others[2]).exists()


def test_a_called_off_member_who_checks_in_at_the_door_is_no_longer_called_off(door):
    CallOff.objects.create(evening=door["evening"], member=door["henk"])
    Client().post(confirm_url(door["code"], door["henk"]))
    assert not CallOff.objects.filter(evening=door["evening"], member=door["henk"]).exists()


def test_the_admin_sees_who_checked_in_at_the_door_and_can_undo_it(club, door, admin_client):
    Client().post(confirm_url(door["code"], door["henk"]))
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": door["evening"].pk})
    page = admin_client.get(url).content.decode()
    assert "bij de deur" in page or "at the door" in page
    participant = Participant.objects.get(member=door["henk"])
    admin_client.post(url, {"action": "out", "participant": participant.pk})
    assert not Participant.objects.filter(member=door["henk"]).exists()


def test_the_door_code_is_not_kept_in_the_evenings_history(door):
    assert not hasattr(door["evening"].history.model, "door_code")


# -- the door is a door: its own page, no admin session, it ends with the evening ----------------

def test_the_door_page_shows_only_the_check_in_even_in_an_admins_browser(door, admin_client,
                                                                         admin_user):
    for url in (names_url(door["code"]), confirm_url(door["code"], door["henk"])):
        body = admin_client.get(url).content.decode()
        assert "Uitloggen" not in body and "Menu" not in body and "<nav" not in body
        assert "hv-admin" not in body and "logout" not in body
        links = re.findall(r'(?:href|action)="([^"]*)"', body)
        assert links and all(link.startswith((f"/deur/{door['code']}/", "/static/"))
                             for link in links), links
    # and the check-in is the door's, not the admin's
    assert admin_client.post(confirm_url(door["code"], door["henk"])).status_code == 200
    participant = Participant.objects.get(member=door["henk"])
    assert participant.history.get().history_user is None


def test_the_admins_door_screen_gives_the_link_to_open_on_the_tablet(club, door, admin_client):
    page = admin_client.get(reverse("tournaments:door_screen",
                                    kwargs={"club": club.slug, "pk": door["evening"].pk}))
    body = page.content.decode()
    assert "Open deze link op de tablet of de tv bij de deur" in body
    assert f'href="http://testserver{names_url(door["code"])}"' in body


def test_a_closed_evenings_door_says_the_door_is_closed(door):
    evening = door["evening"]
    evening.status = EveningStatus.CLOSED
    evening.save()
    response = Client().get(names_url(door["code"]))
    assert response.status_code == 403
    assert "Deze avond is afgelopen: de deur is dicht." in response.content.decode()
    assert "tik op uw naam" not in response.content.decode()


# -- the limits: per device, per address, and a ceiling per evening ------------------------------

def check_in(client: Client, code: str, member: Any) -> int:
    client.get(names_url(code))  # a browser opens the list first: it gets its device cookie
    return client.post(confirm_url(code, member)).status_code


def test_one_device_with_the_code_cannot_lock_out_the_others(door, club, make_member):
    others = [make_member(club, name=f"Lid {i:02}") for i in range(21)]
    abuser = Client()  # more than the whole evening's old limit of 20 a minute
    answers = [check_in(abuser, door["code"], member) for member in others]
    assert answers.count(200) == services.DOOR_CHECKINS_PER_DEVICE  # then this device waits
    assert answers[-1] == 429
    assert check_in(Client(), door["code"], door["henk"]) == 200  # Henk's own phone: in at once


def test_a_script_that_drops_its_cookie_is_counted_per_address(door, club, make_member,
                                                               monkeypatch):
    monkeypatch.setattr(services, "DOOR_CHECKINS_PER_DEVICE", 2)
    others = [make_member(club, name=f"Lid {i}") for i in range(3)]
    script = Client(REMOTE_ADDR="203.0.113.9")
    answers = []
    for member in others:
        script.cookies.clear()
        answers.append(script.post(confirm_url(door["code"], member)).status_code)
    assert answers == [200, 200, 429]
    member = Client(REMOTE_ADDR="203.0.113.9")  # a real phone behind the same address
    assert check_in(member, door["code"], door["henk"]) == 200


def test_one_address_and_the_whole_evening_have_a_ceiling(door, club, make_member, monkeypatch):
    monkeypatch.setattr(services, "DOOR_CHECKINS_PER_ADDRESS", 2)
    monkeypatch.setattr(services, "DOOR_CHECKINS_PER_MINUTE", 3)
    others = [make_member(club, name=f"Lid {i}") for i in range(4)]
    hall = [Client(REMOTE_ADDR="198.51.100.1") for _ in range(3)]
    assert [check_in(phone, door["code"], member)
            for phone, member in zip(hall, others, strict=False)] == [200, 200, 429]
    assert check_in(Client(REMOTE_ADDR="198.51.100.2"), door["code"], others[2]) == 200
    busy = Client(REMOTE_ADDR="198.51.100.3")
    response = busy.post(confirm_url(door["code"], others[3]))
    assert response.status_code == 429 and response["Retry-After"] == "60"


def test_the_device_cookie_is_the_doors_only(door):
    response = Client().get(names_url(door["code"]))
    cookie = response.cookies["door_device"]
    assert cookie["path"] == "/deur/" and cookie["httponly"] and cookie["samesite"] == "Lax"
    assert len(cookie.value) >= 22
