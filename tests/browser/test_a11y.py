"""Accessibility for older eyes and fingers, on a phone (390x844).

Every browser test runs axe-core and, on a phone, the size checks on every page it visits
(``tests/browser/a11y.py``, wired into the fixtures). Here: proof that both checks can fail, and
one walk over the pages of the site that the journeys use, as an admin and as a member on a
phone, so that every one of them is checked at phone size (the admin journeys themselves run on
a laptop).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.games import sample_hands
from tournaments.models import Table
from tournaments.shared.matches import sides_of

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

BAD_PAGE = """<!doctype html><html><head><title>Tafel</title></head><body>
<main><h1>Tafel 3</h1><img src="/x.png"><p><a href="/next/" style="font-size:12px">verder</a></p>
<label><input type="checkbox"> klein</label><p><abbr title="Competitiepunten">Comp.</abbr></p>
</main></body></html>"""


def serve_bad_page(page: Any, url: str) -> None:
    page.route(url, lambda route: route.fulfill(body=BAD_PAGE, content_type="text/html"))


def test_the_checks_find_what_an_older_member_would_trip_over(browsing: Any) -> None:
    page = browsing.new_page(phone=True)
    url = f"{browsing.base_url}/not-a-page-of-the-site/"
    serve_bad_page(page, url)
    page.goto(url)
    browsing.check_pages()
    found = "\n".join(browsing.a11y.findings.values())
    assert "axe html-has-lang" in found  # no language for the screen reader
    assert "axe image-alt" in found  # an image without a text
    assert 'tap-target on /not-a-page-of-the-site/ (phone): <a> "verder"' in found
    assert 'text-size on /not-a-page-of-the-site/ (phone): <a> "verder" is 12 px' in found
    assert 'tap-target on /not-a-page-of-the-site/ (phone): <input> "on"' in found  # its label
    assert 'hover-only on /not-a-page-of-the-site/ (phone): <abbr> "Comp."' in found
    with pytest.raises(pytest.fail.Exception, match="accessibility violation"):
        browsing.a11y.fail_on_violations()  # what the fixture runs after every browser test
    page.close()  # not of the site: the fixture's own last check would find the same again
    browsing.a11y.findings.clear()


def test_a_laptop_page_gets_axe_but_not_the_phone_sizes(browsing: Any) -> None:
    page = browsing.new_page()
    url = f"{browsing.base_url}/not-a-page-of-the-site/"
    serve_bad_page(page, url)
    page.goto(url)
    browsing.check_pages()
    rules = {key[1] for key in browsing.a11y.findings}
    assert "image-alt" in rules
    assert not rules & {"tap-target", "text-size", "hover-only"}
    page.close()
    browsing.a11y.findings.clear()


@pytest.fixture
def played_table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
                 make_evening: Callable[..., Any], make_round: Callable[..., Any],
                 seat_table: Callable[..., Any], scorekeeper_user: Any,
                 member_user: Any) -> Table:
    members = [make_member(club, name=name) for name in ("Ann", "Bob", "Cor", "Dirk")]
    members[0].user = member_user
    members[0].save()
    evening = make_evening(make_competition(club, "jokeren", name="Jokeren 2026"), members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    for version, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all()))[:3]):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    club.public_pages = True
    club.save()
    return table


def admin_pages(club: Any, table: Table) -> list[str]:
    round_ = table.round
    evening = round_.evening
    competition = evening.competition
    hand = table.hands.order_by("number").first()
    member = table.seats.first().participant.member
    slug = {"club": club.slug}
    return [
        reverse("clubmanager:club_home", kwargs=slug),
        reverse("tournaments:competition_list", kwargs=slug),
        reverse("tournaments:competition_add", kwargs=slug),
        reverse("tournaments:competition_detail", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:competition_edit", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:evening_add", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:evening_detail", kwargs={**slug, "pk": evening.pk}),
        reverse("tournaments:checkin", kwargs={**slug, "pk": evening.pk}),
        reverse("tournaments:evening_status_board", kwargs={**slug, "pk": evening.pk}),
        reverse("tournaments:seat_swap", kwargs={**slug, "pk": round_.pk}),
        reverse("tournaments:late_arrival", kwargs={**slug, "pk": round_.pk}),
        reverse("tournaments:round_draw_check", kwargs={**slug, "pk": round_.pk}),
        reverse("tournaments:table_scores", kwargs={**slug, "pk": table.pk}),
        reverse("tournaments:table_history", kwargs={**slug, "pk": table.pk}),
        reverse("tournaments:hand_edit", kwargs={**slug, "pk": hand.pk}),
        reverse("tournaments:standings", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:evening_results", kwargs={**slug, "pk": evening.pk}),
        reverse("tournaments:public_standings", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:public_evening", kwargs={**slug, "pk": evening.pk}),
        reverse("tournaments:public_pages_setting", kwargs=slug),
        reverse("tournaments:season_import", kwargs={**slug, "competition_id": competition.pk}),
        reverse("clubmanager:member_list", kwargs=slug),
        reverse("clubmanager:member_add", kwargs=slug),
        reverse("clubmanager:member_edit", kwargs={**slug, "pk": member.pk}),
        reverse("clubmanager:member_import", kwargs=slug),
        reverse("clubmanager:role_list", kwargs=slug),
        reverse("home"),
        reverse("password_change"),
    ]


def visit_all(browsing: Any, step: Any, page: Any, urls: list[str]) -> None:
    for url in urls:
        with step(f"phone {url}"):
            response = page.goto(url)
            assert response is not None and response.ok, (url, response and response.status)
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            # a page of the site, phone-sized: it does not scroll sideways
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{url} is {width} px wide on a 390 px phone"
    checked = browsing.a11y.pages_checked
    assert checked >= len(urls), f"only {checked} of {len(urls)} pages were checked"


def test_every_admin_page_on_a_phone(browsing: Any, step: Any, club: Any, admin_user: Any,
                                     played_table: Table) -> None:
    page = browsing.new_page(phone=True)
    with step("log in on a phone"):
        page.goto(reverse("login"))
        log_in(page, admin_user.username)
    visit_all(browsing, step, page, admin_pages(club, played_table))
    with step("the menu unfolded"):
        page.locator("summary", has_text="Menu").click()
        expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_the_wall_screens_on_a_laptop(browsing: Any, step: Any, club: Any, admin_user: Any,
                                      played_table: Table) -> None:
    """The projector and the TV are for a screen on the wall, not a phone: axe only."""
    page = browsing.new_page()
    page.goto(reverse("login"))
    log_in(page, admin_user.username)
    competition = played_table.round.evening.competition
    for url in (reverse("tournaments:round_projector",
                        kwargs={"club": club.slug, "pk": played_table.round_id}),
                reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk})):
        with step(f"laptop {url}"):
            response = page.goto(url)
            assert response is not None and response.ok
            expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_logged_out_pages_on_a_phone(browsing: Any, step: Any, club: Any) -> None:
    page = browsing.new_page(phone=True)
    visit_all(browsing, step, page, [reverse("login"), reverse("password_reset")])


def test_every_member_page_on_a_phone(browsing: Any, step: Any, club: Any, member_user: Any,
                                      played_table: Table) -> None:
    page = browsing.new_page(phone=True, language="nl")
    competition = played_table.round.evening.competition
    slug = {"club": club.slug}
    with step("log in on a phone"):
        page.goto(reverse("login"))
        page.get_by_label("Gebruikersnaam").fill(member_user.username)
        from tests.conftest import PASSWORD

        page.get_by_label("Wachtwoord").fill(PASSWORD)
        page.get_by_role("button", name="Inloggen").click()
    visit_all(browsing, step, page, [
        reverse("clubmanager:club_home", kwargs=slug),
        reverse("tournaments:my_results", kwargs=slug),
        reverse("tournaments:standings", kwargs={**slug, "pk": competition.pk}),
        reverse("tournaments:table_scores", kwargs={**slug, "pk": played_table.pk}),
    ])
