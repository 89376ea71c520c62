"""Members: model constraints, services and the member pages."""

from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.urls import reverse
from django.utils import translation

from clubmanager import services
from clubmanager.models import Club, ClubRole, Member, Role


@pytest.fixture(autouse=True)
def english() -> Any:
    with translation.override("en"):
        yield


def url(name: str, club: Club, **kwargs: Any) -> str:
    return reverse(f"clubmanager:{name}", kwargs={"club": club.slug, **kwargs})


def en(client: Any) -> Any:
    client.cookies["django_language"] = "en"
    return client


# --- Model and constraints -------------------------------------------------------------------


def test_member_number_is_unique_within_a_club_only(club: Club, other_club: Club) -> None:
    Member.objects.create(club=club, name="A", member_number="7")
    Member.objects.create(club=other_club, name="B", member_number="7")
    with pytest.raises(IntegrityError), transaction.atomic():
        Member.objects.create(club=club, name="C", member_number="7")


def test_one_role_row_per_user_per_club(club: Club, member_user: Any) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        ClubRole.objects.create(user=member_user, club=club, role=Role.ADMIN)


def test_a_login_is_linked_to_at_most_one_member_per_club(
    club: Club, other_club: Club, member_user: Any, make_member: Any
) -> None:
    make_member(club, user=member_user)
    make_member(other_club, user=member_user)  # another club: fine
    make_member(club)  # no login: fine, many may have none
    make_member(club)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_member(club, user=member_user)


def test_a_user_may_hold_roles_in_several_clubs(
    client_for: Any, club: Club, other_club: Club, member_user: Any
) -> None:
    ClubRole.objects.create(user=member_user, club=other_club, role=Role.ADMIN)
    client = en(client_for(member_user))
    home = client.get(reverse("home")).content.decode()
    assert club.name in home and other_club.name in home
    assert client.get(url("role_list", other_club)).status_code == 200
    assert client.get(url("role_list", club)).status_code == 403


def test_roles_are_ordered() -> None:
    assert Role.at_least(Role.ADMIN, Role.SCOREKEEPER)
    assert Role.at_least(Role.SCOREKEEPER, Role.MEMBER)
    assert not Role.at_least(Role.MEMBER, Role.SCOREKEEPER)
    assert not Role.at_least(None, Role.MEMBER)


# --- Services --------------------------------------------------------------------------------


def test_member_create_refuses_a_taken_number(club: Club, make_member: Any) -> None:
    make_member(club, member_number="12")
    with pytest.raises(services.ValidationError):
        services.member_create(club=club, name="Dubbel", member_number=" 12 ")
    assert club.members.count() == 1


def test_member_changes_are_kept_in_history(club: Club) -> None:
    member = services.member_create(club=club, name="Jan", member_number="1")
    services.member_update(member=member, name="Jan Smit")
    services.member_deactivate(member=member)
    history = list(member.history.order_by("history_date").values_list("name", "is_active"))
    assert history == [("Jan", True), ("Jan Smit", True), ("Jan Smit", False)]


@pytest.fixture
def has_results(monkeypatch: Any) -> None:
    """Deleting any member hits a row that protects it, as tournaments' results do."""

    def protected_delete(self: Member, *args: Any, **kwargs: Any) -> Any:
        raise ProtectedError("Cannot delete: referenced by results", {self})

    monkeypatch.setattr(Member, "delete", protected_delete)


def test_member_with_results_is_never_deleted(
    admin_client: Any, club: Club, make_member: Any, has_results: None
) -> None:
    member = make_member(club, name="Speler")
    with pytest.raises(services.MemberHasResults):
        services.member_delete(member=member)
    response = en(admin_client).post(url("member_delete", club, pk=member.pk), follow=True)
    assert "has results and cannot be deleted" in response.content.decode()
    assert Member.objects.filter(pk=member.pk).exists()


def test_member_without_results_can_be_deleted(
    admin_client: Any, club: Club, make_member: Any
) -> None:
    member = make_member(club)
    response = admin_client.post(url("member_delete", club, pk=member.pk))
    assert response.status_code == 302
    assert not Member.objects.filter(pk=member.pk).exists()


# --- Pages -----------------------------------------------------------------------------------


def test_member_list_searches_name_number_and_email(
    client_for: Any, scorekeeper_user: Any, club: Club, make_member: Any
) -> None:
    make_member(club, name="Jan Jansen", member_number="101")
    make_member(club, name="Piet Bakker", member_number="102", email="piet@bakker.nl")
    make_member(club, name="Oud Lid", member_number="103", is_active=False)
    client = client_for(scorekeeper_user)

    def names(**params: str) -> list[str]:
        response = client.get(url("member_list", club), params)
        assert response.status_code == 200
        return [m.name for m in response.context["page"].object_list]

    assert names() == ["Jan Jansen", "Piet Bakker"]
    assert names(q="jan") == ["Jan Jansen"]
    assert names(q="102") == ["Piet Bakker"]
    assert names(q="bakker.nl") == ["Piet Bakker"]
    assert names(status="inactive") == ["Oud Lid"]
    assert names(status="all") == ["Jan Jansen", "Oud Lid", "Piet Bakker"]
    assert names(q="niemand") == []


def test_htmx_search_returns_only_the_results_region(
    client_for: Any, scorekeeper_user: Any, club: Club, make_member: Any
) -> None:
    make_member(club, name="Jan Jansen")
    make_member(club, name="Piet Bakker")
    response = client_for(scorekeeper_user).get(
        url("member_list", club),
        {"q": "piet"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="member-results",
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "Piet Bakker" in content and "Jan Jansen" not in content
    assert "<html" not in content and "<form" not in content


def test_full_page_search_works_without_javascript(
    client_for: Any, scorekeeper_user: Any, club: Club, make_member: Any
) -> None:
    make_member(club, name="Piet Bakker")
    content = client_for(scorekeeper_user).get(url("member_list", club), {"q": "piet"}).content
    assert b"<html" in content and b'id="member-results"' in content and b"Piet Bakker" in content


def test_member_list_runs_a_fixed_number_of_queries(
    client_for: Any,
    scorekeeper_user: Any,
    club: Club,
    make_member: Any,
    django_assert_max_num_queries: Any,
) -> None:
    client = client_for(scorekeeper_user)
    for i in range(3):
        make_member(club, name=f"Lid {i}")
    with django_assert_max_num_queries(8) as few:
        client.get(url("member_list", club))
    for i in range(60):
        make_member(club, name=f"Meer {i}", user=None)
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(url("member_list", club))


def test_scorekeeper_sees_no_edit_links_but_admin_does(
    client_for: Any, scorekeeper_user: Any, admin_user: Any, club: Club, make_member: Any
) -> None:
    member = make_member(club, name="Jan")
    edit = url("member_edit", club, pk=member.pk)
    assert edit not in client_for(scorekeeper_user).get(url("member_list", club)).content.decode()
    assert edit in client_for(admin_user).get(url("member_list", club)).content.decode()


def test_add_member(admin_client: Any, club: Club) -> None:
    response = admin_client.post(
        url("member_add", club),
        {"name": "Nieuw Lid", "member_number": "55", "email": "", "phone": "06", "notes": ""},
    )
    assert response.status_code == 302
    member = club.members.get(member_number="55")
    assert (member.name, member.phone, member.is_active) == ("Nieuw Lid", "06", True)


def test_invalid_member_form_rerenders_with_200_and_saves_nothing(
    admin_client: Any, club: Club, make_member: Any
) -> None:
    make_member(club, member_number="55")
    response = en(admin_client).post(
        url("member_add", club), {"name": "", "member_number": "55", "email": "geen-email"}
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert set(errors) == {"name", "member_number", "email"}
    assert "already in use" in response.content.decode()
    assert club.members.count() == 1


def test_edit_member_keeps_own_number(admin_client: Any, club: Club, make_member: Any) -> None:
    member = make_member(club, name="Jan", member_number="9")
    response = admin_client.post(
        url("member_edit", club, pk=member.pk),
        {"name": "Jan Smit", "member_number": "9", "email": "jan@x.nl", "phone": "", "notes": "x"},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.name, member.email, member.notes) == ("Jan Smit", "jan@x.nl", "x")


def test_deactivate_and_activate(admin_client: Any, club: Club, make_member: Any) -> None:
    member = make_member(club)
    assert admin_client.get(url("member_deactivate", club, pk=member.pk)).status_code == 405
    admin_client.post(url("member_deactivate", club, pk=member.pk))
    member.refresh_from_db()
    assert member.is_active is False
    admin_client.post(url("member_activate", club, pk=member.pk))
    member.refresh_from_db()
    assert member.is_active is True


def test_club_home_shows_counts_and_menu_per_role(
    client_for: Any, member_user: Any, admin_user: Any, club: Club, make_member: Any
) -> None:
    make_member(club)
    make_member(club, is_active=False)
    member_page = en(client_for(member_user)).get(url("club_home", club))
    assert member_page.context["counts"] == {"active": 1, "inactive": 1}
    member_html = member_page.content.decode()
    assert url("member_list", club) not in member_html
    assert url("role_list", club) not in member_html
    admin_html = en(client_for(admin_user)).get(url("club_home", club)).content.decode()
    assert url("member_list", club) in admin_html and url("role_list", club) in admin_html


def test_all_models_are_in_the_admin(client_for: Any, superuser: Any) -> None:
    client = client_for(superuser)
    for model in ("club", "member", "clubrole"):
        assert client.get(f"/admin/clubmanager/{model}/").status_code == 200
        assert client.get(f"/admin/clubmanager/{model}/add/").status_code == 200
