"""Privacy in a real browser on a phone (390x844): a member opens "Mijn
gegevens", hides their name from visitors and downloads their data; a club admin removes the
member after a confirmation page, and the standings show "Oud-lid 1" with the same figures. The
a11y checker of every browser test holds these pages to 44 px tap targets and 16 px text."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.tournaments.privacy import test_member_remove as removal

from .conftest import keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)

season = removal.season  # a member with results in two competitions, leaving the club


def test_a_member_takes_their_data_and_an_admin_removes_them(
        browsing: Any, step: Any, club: Any, season: dict[str, Any], admin_user: Any) -> None:
    slug = club.slug
    standings = reverse("tournaments:standings",
                        kwargs={"club": slug, "pk": season["singles"].pk})
    public = reverse("tournaments:public_standings",
                     kwargs={"club": slug, "pk": season["singles"].pk})
    member = browsing.new_page(phone=True)
    with step("the member opens Mijn gegevens from the club page"):
        log_in_dutch(browsing, member, reverse("clubmanager:club_home", kwargs={"club": slug}),
                     "hzwanenburg")
        member.get_by_role("link", name="Mijn gegevens").click()
        expect(member.get_by_role("heading", name="Mijn gegevens", exact=True)).to_be_visible()
        expect(member.get_by_text(removal.EMAIL)).to_be_visible()
        expect(member.get_by_label("voornaam en initiaal")).to_be_checked()  # the default
        keep(member, "privacy-my-data-phone.png")
    with step("the member hides their name from visitors"):
        member.get_by_label("afgeschermd (alleen lidnummer)").check()
        member.get_by_role("button", name="Keuze bewaren").click()
        expect(member.get_by_text("Uw keuze is bewaard.")).to_be_visible()
        expect(member.get_by_label("afgeschermd (alleen lidnummer)")).to_be_checked()
        visitor = browsing.new_page(phone=True, language="nl")
        visitor.goto(public)
        expect(visitor.get_by_text(f"lid {removal.NUMBER}").first).to_be_visible()
        expect(visitor.get_by_text("Hendrikus")).to_have_count(0)
    with step("the member downloads their data as a PDF and as JSON"):
        with member.expect_download() as pdf:
            member.get_by_role("link", name="Downloaden als PDF (leesbaar)").click()
        text = "".join(p.extract_text() for p in PdfReader(
            io.BytesIO(Path(pdf.value.path()).read_bytes())).pages)
        assert removal.NAME in text and "Uitslagen" in text and "Jokeren" in text
        with member.expect_download() as data:
            member.get_by_role("link", name="Downloaden voor een ander programma").click()
        assert removal.EMAIL in Path(data.value.path()).read_text()
    admin = browsing.new_page(phone=True)
    with step("the admin opens the member and asks to remove them"):
        log_in_dutch(browsing, admin, reverse("clubmanager:member_edit", kwargs={
            "club": slug, "pk": season["leaving"].pk}), admin_user.username)
        admin.get_by_role("link", name="Vertrokken lid verwijderen").click()
        expect(admin.get_by_role("heading", name=f"{removal.NAME} verwijderen?")).to_be_visible()
        keep(admin, "privacy-remove-confirm-phone.png")
    with step("confirmed, the member is gone and the standings show Oud-lid 1"):
        admin.get_by_role("button", name=f"Ja, {removal.NAME} verwijderen").click()
        expect(admin.get_by_text("De uitslagen blijven staan als Oud-lid 1.")).to_be_visible()
        admin.goto(standings)
        expect(admin.get_by_text("Oud-lid 1").first).to_be_visible()
        expect(admin.get_by_text("Hendrikus")).to_have_count(0)
        keep(admin, "privacy-standings-after-removal-phone.png")
    with step("the removed member's login no longer works"):
        member.goto(reverse("clubmanager:my_data", kwargs={"club": slug}))
        expect(member).to_have_url(re.compile("/accounts/login/"))
