"""Role management by club admins."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from clubmanager.models import Club, ClubRole, Role


@pytest.fixture(autouse=True)
def english() -> Any:
    with translation.override("en"):
        yield


def url(name: str, club: Club, **kwargs: Any) -> str:
    return reverse(f"clubmanager:{name}", kwargs={"club": club.slug, **kwargs})


def role_of(user: Any, club: Club) -> str | None:
    return ClubRole.objects.filter(user=user, club=club).values_list("role", flat=True).first()


def test_role_page_lists_the_clubs_logins_only(
    admin_client: Any, club: Club, scorekeeper_user: Any, other_admin_user: Any
) -> None:
    content = admin_client.get(url("role_list", club)).content.decode()
    assert "hv-schrijver" in content and "hv-admin" in content
    assert "og-admin" not in content


def test_give_an_existing_user_a_role(admin_client: Any, club: Club, other_admin_user: Any) -> None:
    response = admin_client.post(
        url("role_list", club), {"username": "og-admin", "role": Role.SCOREKEEPER}
    )
    assert response.status_code == 302
    assert role_of(other_admin_user, club) == Role.SCOREKEEPER


def test_create_a_login_linked_to_a_member(admin_client: Any, club: Club, make_member: Any) -> None:
    member = make_member(club, name="Jan Smit")
    admin_client.post(
        url("role_list", club),
        {
            "username": "jan",
            "role": Role.MEMBER,
            "member": member.pk,
            "password": "Kaarten-Schudden-7",
        },
    )
    user = get_user_model().objects.get(username="jan")
    assert user.check_password("Kaarten-Schudden-7")
    assert role_of(user, club) == Role.MEMBER
    member.refresh_from_db()
    assert member.user == user


def test_new_login_without_or_with_weak_password_is_refused(admin_client: Any, club: Club) -> None:
    for password in ("", "1234"):
        response = admin_client.post(
            url("role_list", club), {"username": "nieuw", "role": Role.MEMBER, "password": password}
        )
        assert response.status_code == 200
        assert response.context["form"].errors
    assert not get_user_model().objects.filter(username="nieuw").exists()


def test_cannot_link_a_member_of_another_club(
    admin_client: Any, club: Club, other_club: Any, make_member: Any
) -> None:
    theirs = make_member(other_club)
    response = admin_client.post(
        url("role_list", club),
        {"username": "x", "role": Role.MEMBER, "member": theirs.pk, "password": "Lang-Genoeg-99"},
    )
    assert response.status_code == 200
    assert "member" in response.context["form"].errors
    theirs.refresh_from_db()
    assert theirs.user is None


def test_change_and_remove_a_role(
    admin_client: Any, club: Club, member_user: Any, make_member: Any
) -> None:
    linked = make_member(club, user=member_user)
    admin_client.post(url("role_change", club, user_id=member_user.pk), {"role": Role.SCOREKEEPER})
    assert role_of(member_user, club) == Role.SCOREKEEPER
    admin_client.post(url("role_remove", club, user_id=member_user.pk))
    assert role_of(member_user, club) is None
    linked.refresh_from_db()
    assert linked.user is None  # the login no longer sees this club's member data


def test_the_last_club_admin_cannot_be_demoted_or_removed(
    admin_client: Any, club: Club, admin_user: Any
) -> None:
    admin_client.cookies["django_language"] = "en"
    response = admin_client.post(
        url("role_change", club, user_id=admin_user.pk), {"role": Role.MEMBER}, follow=True
    )
    assert "at least one club admin" in response.content.decode()
    admin_client.post(url("role_remove", club, user_id=admin_user.pk))
    assert role_of(admin_user, club) == Role.ADMIN


def test_an_admin_can_step_down_when_another_admin_remains(
    admin_client: Any, club: Club, admin_user: Any, make_user: Any
) -> None:
    make_user("tweede-admin", club, Role.ADMIN)
    admin_client.post(url("role_change", club, user_id=admin_user.pk), {"role": Role.MEMBER})
    assert role_of(admin_user, club) == Role.MEMBER
    assert admin_client.get(url("role_list", club)).status_code == 403


# -- a login's password is its own -------------------------------------------------------------
def test_a_password_for_an_existing_login_is_refused_not_ignored(
        admin_client: Any, club: Club, scorekeeper_user: Any) -> None:
    """The page said "role saved" and ignored the password. A login is the person's own (for
    every club it has a role in): the roles page never changes its password, and says so."""
    response = admin_client.post(url("role_list", club), {
        "username": "hv-schrijver", "role": Role.SCOREKEEPER, "password": "Nieuw-Wachtwoord-9"})
    assert response.status_code == 200
    assert "het wachtwoord daarvan wordt hier niet gewijzigd" in response.content.decode()
    scorekeeper_user.refresh_from_db()
    assert not scorekeeper_user.check_password("Nieuw-Wachtwoord-9")
    assert role_of(scorekeeper_user, club) == Role.SCOREKEEPER


def test_moving_a_member_link_from_another_login_asks_first(
        admin_client: Any, club: Club, make_member: Any, member_user: Any) -> None:
    member = make_member(club, name="Jan Smit", user=member_user)
    post = {"username": "jan2", "role": Role.MEMBER, "member": member.pk,
            "password": "Kaarten-Schudden-7"}
    asked = admin_client.post(url("role_list", club), post)
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Jan Smit is gekoppeld aan de inlog hv-lid" in page
    assert 'type="checkbox" name="move_link"' in page
    member.refresh_from_db()
    assert member.user == member_user  # nothing moved, no login made
    assert not get_user_model().objects.filter(username="jan2").exists()
    moved = admin_client.post(url("role_list", club), {**post, "move_link": "on"})
    assert moved.status_code == 302
    member.refresh_from_db()
    assert member.user.get_username() == "jan2"
