"""The pages where a secretary undoes or confirms something, at 390x844 in Dutch: moving and
cancelling a planned evening, deleting, archiving and restoring a competition, undoing a member
import, closing an evening with unfinished tables and the member import's preview with its
flags. Each page is checked by the phone checks every browser test runs (44 px tap targets,
16 px text, axe-core); the screenshots are kept in test-artifacts/ to look at."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubmanager.models import MemberImport
from tournaments.competitions.services.undo import competition_archive
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.evenings.services.calloffs import calloff_add
from tournaments.games import sample_hands
from tournaments.models import EveningStatus
from tournaments.shared.matches import sides_of

from .conftest import ARTIFACTS, keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)

SHEET = (b"naam;nr;telefoon;e-mail\n"
         b"Ann de Vries;11;612345678;ann@voorbeeld.nl\n"
         b"Ann de Vries;12;0201234567;ann-at-voorbeeld\n"
         b"Bob Jansen;13;12345;bob@voorbeeld.nl\n")


def tu(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def test_the_undo_and_confirm_pages_on_a_phone(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any, make_evening: Any, make_round: Any, seat_table: Any,
    tmp_path: Path,
) -> None:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    planned_in = make_competition(club, "jokeren", name="Proefcompetitie")
    planned = make_evening(planned_in, status=EveningStatus.PLANNED,
                           date=datetime.date.today() + datetime.timedelta(7))
    calloff_add(evening=planned, member=members[0])
    played_in = make_competition(club, "jokeren", name="Seizoen 2026")
    evening = make_evening(played_in, members)
    table = seat_table(make_round(evening), list(evening.participants.all()), number=3)
    for version, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all()))[:3]):
        hand_add(table=table, by=admin_user,
                 change=HandChange(data=hand, expected_version=version))
    archived = competition_archive(competition=make_competition(club, "jokeren", name="Oud"))
    page = browsing.new_page(phone=True)
    log_in_dutch(browsing, page, tu("evening_move", club, planned.pk), admin_user.username)
    ARTIFACTS.mkdir(exist_ok=True)

    for name, url in [
        ("move", tu("evening_move", club, planned.pk)),
        ("cancel", tu("evening_cancel", club, planned.pk)),
        ("delete", tu("competition_remove", club, planned_in.pk)),
        ("archive", tu("competition_remove", club, played_in.pk)),
        ("restore", tu("competition_remove", club, archived.pk)),
    ]:
        with step(name):
            page.goto(url)
            expect(page.locator("main button[type=submit]").first).to_be_visible()
            keep(page, f"undo-{name}.png")

    with step("close with unfinished tables"):
        page.goto(tu("evening_detail", club, evening.pk))
        page.on("dialog", lambda dialog: dialog.accept())
        page.locator("form:has(input[name=status][value=closed]) button").click()
        expect(page.get_by_text("3 van 7 spellen")).to_be_visible()
        keep(page, "undo-close-unfinished.png")

    with step("member import preview with flags"):
        page.goto(reverse("clubmanager:member_import", kwargs={"club": club.slug}))
        sheet = tmp_path / "leden.csv"
        sheet.write_bytes(SHEET)
        page.locator("input[type=file]").set_input_files(str(sheet))
        page.locator("main button[type=submit]").first.click()
        expect(page.locator("main")).to_contain_text("Bob Jansen")
        keep(page, "undo-import-preview.png")
        # what to check reads across the screen, whole: not a word a line in a fifth column
        # cut off at the phone's edge
        notes = page.locator("ul.notes li")
        assert notes.count() >= 3, notes.all_inner_texts()
        for i in range(notes.count()):
            box = notes.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, notes.nth(i).inner_text()
            assert box["width"] > 250, (box, notes.nth(i).inner_text())
        wrap = page.locator(".table-wrap")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
        page.locator("main form button[type=submit]").last.click()

    with step("undo the member import"):
        batch = MemberImport.objects.get(club=club)
        page.goto(reverse("clubmanager:member_import_undo",
                          kwargs={"club": club.slug, "pk": batch.pk}))
        expect(page.locator("main")).to_contain_text("Bob Jansen")
        keep(page, "undo-import-undo.png")
