"""Privacy on the public pages (docs/privacy.md): a visitor who is not logged
in to the club sees each member's name as the member chose, by default the first name and
initial; logged-in members of the club see full names. Every public page of a club is checked:
the ones the URL matrix (tests/security/test_url_matrix.py) lists as open to anyone."""

from typing import Any

import pytest
from django.urls import reverse

from clubmanager.models import Member, PublicName
from tests.security.test_url_matrix import EXPECTED, PUBLIC, _expected

pytestmark = pytest.mark.django_db

NAMES = ("Henk van Leeuwen", "Alie de Jong", "Gerrit Hoekstra")
SHORT = ("Henk L.", "Alie J.", "Gerrit H.")
#: The club's pages anyone may open (the site pages, like the login, show no member).
PUBLIC_CLUB_PAGES = sorted(name for name, rows in EXPECTED.items()
                           if rows["GET"] == _expected(PUBLIC) and name.startswith("tournaments:"))


@pytest.fixture
def played(club: Any, play_big_five: Any) -> dict[str, Any]:
    return play_big_five(club, NAMES)


def pages(club: Any, played: dict[str, Any]) -> list[str]:
    ids = {"tournaments:public_evening": played["evening"].pk,
           "tournaments:evening_live": played["evening"].pk}
    return [reverse(name, kwargs={"club": club.slug,
                                  "pk": ids.get(name, played["competition"].pk)})
            for name in PUBLIC_CLUB_PAGES]


def test_every_public_page_is_checked() -> None:
    assert PUBLIC_CLUB_PAGES == ["tournaments:evening_live", "tournaments:public_evening",
                                 "tournaments:public_standings", "tournaments:tv"]


def test_an_anonymous_visitor_never_sees_a_full_name_by_default(
    client: Any, club: Any, played: dict[str, Any]
) -> None:
    for url in pages(club, played):
        body = client.get(url).content.decode()
        for full, short in zip(NAMES, SHORT, strict=True):
            assert full not in body, url
            assert short in body, url
        assert "Leeuwen" not in body and "Hoekstra" not in body, url


def test_each_member_chooses_and_members_of_the_club_see_full_names(
    client: Any, client_for: Any, club: Any, played: dict[str, Any], member_user: Any,
    other_admin_user: Any
) -> None:
    henk, alie, _gerrit = played["members"]
    Member.objects.filter(pk=henk.pk).update(public_name=PublicName.FULL)
    Member.objects.filter(pk=alie.pk).update(public_name=PublicName.HIDDEN)
    for url in pages(club, played):
        body = client.get(url).content.decode()
        assert "Henk van Leeuwen" in body, url
        assert "Alie" not in body and f"lid {alie.member_number}" in body, url
        assert "Gerrit H." in body and "Hoekstra" not in body, url
        # another club's admin is a visitor here
        assert "Gerrit Hoekstra" not in client_for(other_admin_user).get(url).content.decode()
        member_page = client_for(member_user).get(url).content.decode()
        assert all(name in member_page for name in NAMES), url


def test_existing_and_new_members_get_the_default(make_member: Any, club: Any) -> None:
    assert make_member(club, name="Ann Smit").public_name == PublicName.SHORT


def test_a_club_admin_sets_it_on_the_members_form(
    admin_client: Any, club: Any, make_member: Any
) -> None:
    ann = make_member(club, name="Ann Smit")
    url = reverse("clubmanager:member_edit", kwargs={"club": club.slug, "pk": ann.pk})
    page = admin_client.get(url).content.decode()
    assert "Naam op openbare pagina" in page
    response = admin_client.post(url, {"name": "Ann Smit", "member_number": ann.member_number,
                                       "public_name": PublicName.HIDDEN})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.public_name == PublicName.HIDDEN
