"""Login, logout, password change and throttling of failed logins."""

from typing import Any

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD


@pytest.fixture
def client() -> Client:
    client = Client(REMOTE_ADDR="10.0.0.1")
    client.cookies["django_language"] = "en"
    return client


def login(client: Client, username: str, password: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password})


def test_login_and_logout(client: Client, member_user: Any, club: Any) -> None:
    response = login(client, "hv-lid", PASSWORD)
    assert response.status_code == 302
    # One club: straight to that club's page, not a list of one.
    assert response["Location"] == reverse("clubmanager:club_home", kwargs={"club": club.slug})
    assert club.name in client.get(reverse("home")).content.decode()
    assert client.get(reverse("logout")).status_code == 405  # logout is a POST (CSRF-safe)
    assert client.post(reverse("logout")).status_code == 302
    assert (
        client.get(reverse("clubmanager:club_home", kwargs={"club": club.slug})).status_code == 302
    )


def test_logout_keeps_the_logins_typed_work_and_forgets_its_kept_pages(
        client: Client, member_user: Any) -> None:
    """What a scorekeeper typed and did not send stays on the phone for that login (no
    Clear-Site-Data "storage": it wiped every login's); the kept table pages go: the cookie
    site.js reads, and the cm-who cookie the service worker checks is removed."""
    login(client, "hv-lid", PASSWORD)
    client.get("/")
    response = client.post(reverse("logout"))
    assert "Clear-Site-Data" not in response
    assert response.cookies["cm-logged-out"].value == "1"
    assert response.cookies["cm-logged-out"]["max-age"] == 600
    assert response.cookies["cm-who"]["max-age"] == 0


def test_login_with_several_clubs_lands_on_the_list(client: Client, member_user: Any,
                                                    club: Any) -> None:
    from clubmanager.models import Club, ClubRole, Role

    other = Club.objects.create(name="De Troefkaart", slug="troefkaart")
    ClubRole.objects.create(user=member_user, club=other, role=Role.MEMBER)
    response = login(client, "hv-lid", PASSWORD)
    assert response["Location"] == reverse("home")
    page = client.get(reverse("home")).content.decode()
    assert club.name in page and other.name in page


def test_login_returns_to_the_page_asked_for(client: Client, member_user: Any, club: Any) -> None:
    page = reverse("clubmanager:club_home", kwargs={"club": club.slug})
    redirect = client.get(page)
    assert redirect["Location"] == f"{reverse('login')}?next={page}"
    response = client.post(
        reverse("login"), {"username": "hv-lid", "password": PASSWORD, "next": page}
    )
    assert response["Location"] == page


def test_wrong_password_rerenders_with_a_message(client: Client, member_user: Any) -> None:
    response = login(client, "hv-lid", "fout")
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_password_change(client_for: Any, member_user: Any) -> None:
    client = client_for(member_user)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "Nieuw-Wachtwoord-42",
            "new_password2": "Nieuw-Wachtwoord-42",
        },
    )
    assert response["Location"] == reverse("password_change_done")
    member_user.refresh_from_db()
    assert member_user.check_password("Nieuw-Wachtwoord-42")


def test_password_change_needs_login(client: Client) -> None:
    assert client.get(reverse("password_change")).status_code == 302


def test_five_failed_logins_lock_the_account_from_that_address(
    client: Client, member_user: Any
) -> None:
    for _ in range(4):
        assert login(client, "hv-lid", "fout").status_code == 200
    locked = login(client, "hv-lid", "fout")
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    # Even the right password is refused while locked.
    assert login(client, "hv-lid", PASSWORD).status_code == 429
    # Another username from the same address, and the same user elsewhere, still work.
    assert AccessAttempt.objects.count() == 1
    other_place = Client(REMOTE_ADDR="10.0.0.2")
    assert login(other_place, "hv-lid", PASSWORD).status_code == 302


def test_lockout_page_is_dutch_by_default(member_user: Any) -> None:
    client = Client(REMOTE_ADDR="10.0.0.3")
    for _ in range(5):
        response = login(client, "hv-lid", "fout")
    assert response.status_code == 429
    assert "Te veel mislukte" in response.content.decode()


def test_successful_login_resets_the_count(client: Client, member_user: Any) -> None:
    for _ in range(4):
        login(client, "hv-lid", "fout")
    assert login(client, "hv-lid", PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        assert login(client, "hv-lid", "fout").status_code == 200
