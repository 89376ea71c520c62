"""'Mijn gegevens': a member sees their profile, chooses how visitors see their
name, and downloads their own data as JSON and PDF; a club admin downloads a member's data, never
another club's."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from clubmanager.models import Member, PublicName
from tests.tournaments.privacy import test_member_remove as removal

pytestmark = pytest.mark.django_db

season = removal.season  # the same season: a leaving member with results in two competitions
NAME, NUMBER, EMAIL, PHONE = removal.NAME, removal.NUMBER, removal.EMAIL, removal.PHONE


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(name: str, club: Any, **kwargs: Any) -> str:
    return reverse(f"clubmanager:{name}", kwargs={"club": club.slug, **kwargs})


def test_the_member_sees_their_profile_and_chooses_their_public_name(
        season: dict[str, Any], club: Any, django_assert_max_num_queries: Any) -> None:
    client = _client(season["login"])
    with django_assert_max_num_queries(12):
        page = client.get(_url("my_data", club))
    text = page.content.decode()
    assert page.status_code == 200
    for shown in (NAME, NUMBER, EMAIL, PHONE):
        assert shown in text
    assert 'value="short" checked' in text.replace("\n", " ") or 'checked' in text

    saved = client.post(_url("my_data", club), {"public_name": PublicName.HIDDEN})
    assert saved.status_code == 302
    assert Member.objects.get(pk=season["leaving"].pk).public_name == PublicName.HIDDEN
    # a visitor now sees only the member number on the public standings
    public = Client().get(reverse("tournaments:public_standings",
                                  kwargs={"club": club.slug, "pk": season["singles"].pk}))
    assert f"lid {NUMBER}" in public.content.decode() and "Hendrikus" not in public.content.decode()

    wrong = client.post(_url("my_data", club), {"public_name": "everyone"})
    assert wrong.status_code == 200 and "errorlist" in wrong.content.decode()
    assert Member.objects.get(pk=season["leaving"].pk).public_name == PublicName.HIDDEN


def test_the_member_downloads_their_data_as_json(season: dict[str, Any], club: Any) -> None:
    response = _client(season["login"]).get(_url("my_data_json", club))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["profile"]["name"] == NAME and data["profile"]["email"] == EMAIL
    assert data["profile"]["login"] == "hzwanenburg"
    assert len(data["results"]) == 4  # two evenings in each of two competitions
    assert {r["competition"] for r in data["standings"]} == {"Jokeren", "High Five"}
    assert all(r["rank"] for r in data["standings"])
    assert [h["change"] for h in data["history"] if h["what"] == "member"][0] == "created"
    # data only: nothing that runs
    assert b"<script" not in response.content and b"function" not in response.content


def test_the_member_downloads_a_readable_pdf(season: dict[str, Any], club: Any) -> None:
    response = _client(season["login"]).get(_url("my_data_pdf", club))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    for shown in (NAME, EMAIL, PHONE, "Jokeren", "High Five", "Profiel", "Uitslagen",
                  "Historie"):
        assert shown in text


def test_a_club_admin_downloads_a_members_data_but_not_another_clubs(
        season: dict[str, Any], club: Any, other_club: Any, admin_user: Any,
        make_member: Any, other_admin_user: Any) -> None:
    member = season["leaving"]
    admin = _client(admin_user)
    data = json.loads(admin.get(_url("member_data_json", club, pk=member.pk)).content)
    assert data["profile"]["name"] == NAME
    assert admin.get(_url("member_data_pdf", club, pk=member.pk)).status_code == 200
    stranger = make_member(other_club, name="Vreemde Eend")
    for name in ("member_data_json", "member_data_pdf", "member_remove"):
        assert admin.get(_url(name, club, pk=stranger.pk)).status_code == 404
        assert _client(other_admin_user).get(
            _url(name, other_club, pk=member.pk)).status_code == 404


def test_removal_asks_for_confirmation_first(season: dict[str, Any], club: Any,
                                             admin_user: Any) -> None:
    member = season["leaving"]
    admin = _client(admin_user)
    confirm = admin.get(_url("member_remove", club, pk=member.pk))
    assert confirm.status_code == 200 and NAME in confirm.content.decode()
    assert Member.objects.get(pk=member.pk).name == NAME  # nothing happened yet
    done = admin.post(_url("member_remove", club, pk=member.pk), follow=True)
    assert "Oud-lid 1" in done.content.decode()
    assert Member.objects.get(pk=member.pk).name == "Oud-lid 1"


def test_a_removed_member_cannot_be_filled_in_again(season: dict[str, Any], club: Any,
                                                    admin_user: Any) -> None:
    member = season["leaving"]
    admin = _client(admin_user)
    admin.post(_url("member_remove", club, pk=member.pk))
    page = admin.get(_url("member_edit", club, pk=member.pk))
    assert page.status_code == 200 and 'name="email"' not in page.content.decode()
    admin.post(_url("member_edit", club, pk=member.pk),
               {"name": NAME, "member_number": NUMBER, "email": EMAIL})
    admin.post(_url("member_activate", club, pk=member.pk))
    member.refresh_from_db()
    assert (member.name, member.email, member.is_active) == ("Oud-lid 1", "", False)


def test_a_login_without_a_member_downloads_what_the_club_keeps_about_the_login(
        club: Any, make_user: Any) -> None:
    user = make_user("schrijver-zonder-lid", club, "scorekeeper", email="schrijver@voorbeeld.nl")
    client = _client(user)
    page = client.get(_url("my_data", club))
    assert page.status_code == 200 and "niet gekoppeld" in page.content.decode()
    data = json.loads(client.get(_url("my_data_json", club)).content)
    assert data["profile"]["login"] == "schrijver-zonder-lid"
    assert data["profile"]["email"] == "schrijver@voorbeeld.nl"
    assert data["profile"]["role"] == "scorekeeper" and data["results"] == []
    assert client.get(_url("my_data_pdf", club)).status_code == 200
    assert client.post(_url("my_data", club), {"public_name": "full"}).status_code == 404
