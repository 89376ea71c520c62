"""Table codes in real Chromium: the QR codes on the evening and projector pages
(no Content-Security-Policy violation), and the printed sheet's QR, decoded with zbarimg from
the PDF, entering a hand in a fresh phone browser without a login."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from clubmanager.models import Role
from tests.browser.conftest import ARTIFACTS, log_in
from tests.tournaments.entry.test_table_codes import decode_qr
from tournaments.draws import services as draws
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tonight(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
            make_evening: Callable[..., Any], make_user: Callable[..., Any]) -> dict[str, Any]:
    members = [make_member(club, name=n) for n in
               ("Ann", "Bob", "Cor", "Dirk", "Els", "Fien", "Gert", "Hans")]
    competition = make_competition(club, "jokeren", name="Jokeren", table_min=4, table_max=4)
    evening = make_evening(competition, members)
    round_ = draws.round_draw(evening=evening, seed=7)
    return {"evening": evening, "round": round_, "admin": make_user("beheer", club, Role.ADMIN),
            "tables": list(round_.tables.order_by("number"))}


def test_the_printed_qr_code_enters_a_hand_in_a_fresh_browser_without_a_login(
        browsing: Any, step: Callable[[str], Any], tonight: dict[str, Any],
        tmp_path: Path) -> None:
    admin = browsing.new_page()
    with step("the evening page shows each table's code"):
        admin.goto(f"/clubs/harten-vrouw/competitions/evenings/{tonight['evening'].pk}/")
        log_in(admin, "beheer")
        codes = admin.locator("details.table-code")
        expect(codes).to_have_count(2)
        codes.first.locator("summary").click()
        svg = codes.first.locator("svg.qr-code")
        expect(svg).to_be_visible()
        box = svg.bounding_box()
        assert box and box["width"] >= 150 and box["width"] == box["height"]
    with step("the projector page shows them large"):
        admin.goto(f"/clubs/harten-vrouw/competitions/rounds/{tonight['round'].pk}/projector/")
        expect(admin.locator(".projector-qr svg")).to_have_count(2)
        expect(admin.locator(".projector-qr svg").first).to_be_visible()
    with step("print the sheets and read the QR codes on them"):
        pdf = admin.request.get(
            f"/clubs/harten-vrouw/competitions/rounds/{tonight['round'].pk}/sheets.pdf")
        assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
        urls = decode_qr(pdf.body(), tmp_path)
        assert len(urls) == 2 and urls[0].startswith(browsing.base_url + "/t/"), urls
    phone = browsing.new_page(phone=True)
    table = tonight["tables"][0]
    with step("scan: the table's entry page opens without a login"):
        phone.goto(urls[0])
        expect(phone.get_by_role("heading", name="Table 1 · round 1")).to_be_visible()
        expect(phone.get_by_role("link", name="History of changes")).to_have_count(0)
    with step("enter a deal"):
        for index, value in enumerate(("0", "25", "40", "12")):
            phone.locator(f'[name="h-penalties-{index}"]').fill(value)
        phone.get_by_role("button", name="Save deal").click()
        expect(phone.get_by_text("Deal 1 saved.")).to_be_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "table-code-phone.png"), full_page=True)
    with step("stored once, through the code, with the phone's user agent"):
        hand = Hand.objects.get(table=table)
        assert sorted(hand.data["penalties"].values()) == [0, 12, 25, 40]
        record = hand.history.get()
        assert record.table_code.table_id == table.pk and record.history_user is None
        assert "Mobile" in record.user_agent or "Chrome" in record.user_agent
        assert Table.objects.get(pk=table.pk).hand_count == 1
    with step("the phone got no login: the club's pages still ask for one"):
        phone.goto(f"/clubs/harten-vrouw/competitions/tables/{table.pk}/history/")
        expect(phone.get_by_label("Username")).to_be_visible()


def test_a_save_waiting_on_a_renewed_code_stops_and_can_be_discarded_or_moved_to_the_new_code(
        browsing: Any, step: Callable[[str], Any], tonight: dict[str, Any]) -> None:
    """A phone saves a deal offline through the table's code; the club admin renews the code
    meanwhile. Back online, the save gets "this code no longer works" once and is not sent
    again (it used to retry until the address was locked out); it waits with a Discard button.
    The table's new code, scanned on the same phone, offers to send it there; the other table's
    code does not (a hand never goes to another table)."""
    from tournaments.entry.services.table_codes import table_code_renew

    table, other = tonight["tables"]
    old = table.codes.get().code
    phone = browsing.new_page(phone=True)
    sent: list[str] = []
    phone.on("requestfinished",  # answered (not the ones the offline phone could not send)
             lambda r: sent.append(r.url) if r.method == "POST" else None)
    with step("a deal saved offline through the code waits on the phone"):
        phone.goto(f"/t/{old}/")
        phone.context.set_offline(True)
        for index, value in enumerate(("0", "25", "40", "12")):
            phone.locator(f'[name="h-penalties-{index}"]').fill(value)
        phone.get_by_role("button", name="Save deal").click()
        expect(phone.locator("#offline")).to_contain_text("(1 waiting)")
    new = table_code_renew(table=table).code
    with step("back online: the answer says the code no longer works; not sent again"):
        phone.context.set_offline(False)
        expect(phone.locator("#offline")).to_contain_text("this table code no longer works")
        expect(phone.locator("#offline")).not_to_contain_text("waiting)")
        phone.wait_for_timeout(3000)  # the back-off would have sent it again by now
        old_url = f"{browsing.base_url}/t/{old}/hands/add/"
        assert [u for u in sent if u == old_url] == [old_url]
        box = phone.locator("#offline")
        expect(box.get_by_role("button", name="Discard")).to_be_visible()
        expect(box.get_by_role("button", name="Send it here")).to_have_count(0)
    with step("the other table's code offers nothing"):
        phone.goto(f"/t/{other.codes.get().code}/")
        expect(phone.locator("form.hand-form")).to_be_visible()
        phone.wait_for_load_state("load")
        expect(phone.locator("#offline")).to_be_hidden()
    with step("the table's new code, scanned on this phone, sends it there"):
        phone.goto(f"/t/{new}/")
        row = phone.locator("#offline li", has_text="through this table's old code")
        expect(row).to_be_visible()
        phone.once("dialog", lambda dialog: dialog.accept())
        row.get_by_role("button", name="Send it here").click()
        expect(phone.locator("#offline")).to_contain_text("Deal 1 saved.")
        hand = Hand.objects.get(table=table)
        assert sorted(hand.data["penalties"].values()) == [0, 12, 25, 40]
        assert hand.history.get().table_code.code == new
        assert not Hand.objects.filter(table=other).exists()
        assert phone.evaluate("Object.keys(localStorage).filter(k => k.includes(':queue'))") == []


def test_a_save_waiting_on_a_renewed_code_can_be_discarded(
        browsing: Any, tonight: dict[str, Any]) -> None:
    from tournaments.entry.services.table_codes import table_code_renew

    table = tonight["tables"][0]
    old = table.codes.get().code
    phone = browsing.new_page(phone=True)
    phone.goto(f"/t/{old}/")
    table_code_renew(table=table)
    for index, value in enumerate(("0", "25", "40", "12")):
        phone.locator(f'[name="h-penalties-{index}"]').fill(value)
    phone.get_by_role("button", name="Save deal").click()  # online: refused at once
    row = phone.locator("#offline li", has_text="this table code no longer works")
    expect(row).to_be_visible()
    expect(phone.locator("#entry-h")).to_have_text("Deal 2")  # the form is free for the next
    phone.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Discard").click()
    expect(phone.locator("#offline li")).to_have_count(0)
    assert phone.evaluate("Object.keys(localStorage).filter(k => k.includes(':queue'))") == []
    assert not Hand.objects.filter(table=table).exists()
