"""`manage.py demo_data`: two clubs, members, a login per role; running it twice changes nothing."""

import io
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubmanager.models import Club, ClubRole, Member, Role
from tournaments.demo.clubs import DEMO_PASSWORD


def everything() -> dict[str, list[dict[str, Any]]]:
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for model in apps.get_models()
        if model._meta.label_lower not in {"sessions.session", "axes.accesslog"}
    }


def test_demo_data_is_complete_and_idempotent(db: None) -> None:
    out = io.StringIO()
    call_command("demo_data", stdout=out)
    first = everything()
    call_command("demo_data", stdout=io.StringIO())
    assert everything() == first

    assert set(Club.objects.values_list("slug", flat=True)) >= {"harten-vrouw", "ons-genoegen"}
    for club in Club.objects.filter(slug__in=["harten-vrouw", "ons-genoegen"]):
        assert 20 <= club.members.count() <= 30
        assert club.members.filter(is_active=False).exists()
        assert set(ClubRole.objects.filter(club=club).values_list("role", flat=True)) == set(
            Role.values
        )
    printed = out.getvalue()
    for username in (
        "hv-admin",
        "hv-schrijver",
        "hv-lid",
        "og-admin",
        "og-schrijver",
        "og-lid",
        "admin",
    ):
        assert username in printed
        assert get_user_model().objects.get(username=username).check_password(DEMO_PASSWORD)
    assert Member.objects.filter(user__username="hv-lid").count() == 1


def test_demo_logins_work_and_clubs_are_isolated(db: None) -> None:
    call_command("demo_data", stdout=io.StringIO())
    client = Client()
    response = client.post(reverse("login"), {"username": "hv-admin", "password": DEMO_PASSWORD})
    assert response.status_code == 302
    own = reverse("clubmanager:member_list", kwargs={"club": "harten-vrouw"})
    other = reverse("clubmanager:member_list", kwargs={"club": "ons-genoegen"})
    assert client.get(own).status_code == 200
    assert client.get(other).status_code == 404
