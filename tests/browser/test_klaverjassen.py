"""Klaverjassen at the table on a phone (390×844), through the table's code: a whole boompje of
16 deals as the tellijst has them, with a nat, a pit, roem from the buttons and a revoke, and
the totals the digest's worked boompje gives (../shared/rules/klaverjassen.md): deal 16 first
as a revoke, then corrected to the digest's row 16 with "geen" taking the revoke back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.draws import services as draws
from tournaments.models import Hand, Seat
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db(transaction=True)

# The digest's boompje, "Wij" first: (played 0/1, Wij's points typed, roem Wij, roem Zij, pit).
# Deal 16 (Zij played, Wij–Zij 83–79, roem 0–20: 83–99) is entered as a revoke by Wij first:
# Zij gets 162 + 100 roem. So the totals are the digest's 1523 and 1639 less deal 16, plus the
# revoke: Wij 1523 − 83 = 1440, Zij 1639 − 99 + 262 = 1802. Corrected to the digest's row 16
# ("geen" takes the revoke back), they are the digest's 1523 and 1639.
DEALS = (
    (0, 102, 20, 0, False), (1, 45, 0, 20, False), (0, 74, 20, 0, False), (1, 91, 0, 0, False),
    (0, 162, 50, 0, True), (1, 58, 0, 50, False), (0, 81, 0, 0, False), (1, 30, 20, 20, False),
    (0, 110, 0, 0, False), (1, 66, 0, 20, False), (0, 97, 100, 0, False), (1, 72, 0, 0, False),
    (0, 60, 20, 0, False), (1, 12, 0, 70, False), (0, 120, 20, 20, False),
)
BUTTONS = (100, 50, 20)


def _roem_taps(roem: int) -> list[int]:
    taps = []
    for amount in BUTTONS:
        while roem >= amount and (roem - amount) not in (10, 30):
            taps.append(amount)
            roem -= amount
    assert roem == 0
    return taps


@pytest.fixture
def boompje_table(club: Any, make_member: Callable[..., Any],
                  make_competition: Callable[..., Any], make_evening: Callable[..., Any]) -> Any:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    competition = make_competition(club, "klaverjassen", name="Klaverjassen", table_min=4,
                                   table_max=4)
    evening = make_evening(competition, members)
    return draws.round_draw(evening=evening, seed=3).tables.get()


def _saved(page: Any, table: Any, count: int) -> None:
    """The page says the deal is saved (the database is not asked while the phone works: the
    test's in-memory SQLite would lock the live check out)."""
    expect(page.locator("#match .message.success")).to_contain_text(f"Spel {count} opgeslagen")


def test_a_whole_boompje_through_the_table_code(browsing: Any, step: Callable[[str], Any],
                                                boompje_table: Any) -> None:
    table = boompje_table
    phone = browsing.new_page(phone=True, language="nl")
    phone.goto(f"/t/{table.codes.get().code}/")
    phone.wait_for_selector("form.hand-form")
    phone.wait_for_load_state("load")
    for number, (played, points, roem_wij, roem_zij, pit) in enumerate(DEALS, start=1):
        with step(f"deal {number}"):
            phone.locator(f'input[name="h-played"][value="{played}"]').click()
            if number == 1:  # pit tapped by mistake: "geen" takes it back, one tap
                phone.locator('input[name="h-pit"][value="0"]').click()
                phone.locator('input[name="h-pit"][value=""]').click()
                expect(phone.locator('input[name="h-pit"][value=""]')).to_be_checked()
            phone.locator("#id-h-points-0").click()
            phone.keyboard.type(str(points))
            # Zij's points are 162 minus Wij's: filled in, never typed.
            expect(phone.locator("#id-h-points-1")).to_have_value(str(162 - points))
            simple = not (roem_wij or roem_zij or pit)
            for side, roem in ((0, roem_wij), (1, roem_zij)):
                for amount in _roem_taps(roem):
                    phone.locator(f'button[data-for="h-roem-{side}"][data-adds="{amount}"]').click()
                if roem:
                    expect(phone.locator(f"#id-h-roem-{side}")).to_have_value(str(roem))
            if pit:
                phone.locator('input[name="h-pit"][value="0"]').click()
            if number == 13:  # Wij played 60 + 20 roem against 102: nat, said in plain Dutch
                expect(phone.locator(".outcome")).to_contain_text(
                    "is nat: 60 + 20 roem is niet meer dan de helft")
            if number == 7:
                expect(phone.locator(".outcome")).to_contain_text(
                    "precies de helft is niet genoeg")
            if simple:
                phone.keyboard.press("Enter")  # nothing else empty: Enter saves
            else:
                phone.locator("form.hand-form button.save").click()
            _saved(phone, table, number)
    with step("deal 16: a revoke by Wij, two taps"):
        phone.locator('input[name="h-played"][value="1"]').click()
        phone.locator('input[name="h-verzaakt"][value="0"]').click()
        phone.locator("form.hand-form button.save").click()
        _saved(phone, table, 16)
    sides = sides_of(table.seats.all())
    points = {s.side: s.points for s in Seat.objects.filter(table=table)}
    assert [points[s] for s in sides] == [1440, 1802]
    expect(phone.locator("#match")).to_contain_text("1440")
    expect(phone.locator("#match")).to_contain_text("1802")
    table.refresh_from_db()
    assert table.finished
    assert Hand.objects.get(table=table, number=16).data["verzaakt"] == sides[0]
    with step("deal 16 corrected: 'geen' takes the revoke back, the digest's row 16"):
        phone.locator("#hand-16 a.edit-link").click()
        row = phone.locator("#hand-16 + tr.editing-row")
        expect(row.locator('input[name="h-verzaakt"][value="0"]')).to_be_checked()
        expect(row.locator('input[name="h-played"][value="1"]')).to_be_checked()
        row.locator('input[name="h-verzaakt"][value=""]').click()
        row.locator("#id-h-points-0").click()
        phone.keyboard.type("83")
        expect(row.locator("#id-h-points-1")).to_have_value("79")
        row.locator('button[data-for="h-roem-1"][data-adds="20"]').click()
        expect(row.locator("#id-h-roem-1")).to_have_value("20")
        row.locator("button.save").click()
        expect(phone.locator("#hand-16 + tr.row-message .message")).to_be_visible()
        expect(phone.locator("tr.editing-row")).to_have_count(0)
    expect(phone.locator("#match .score-totals")).to_contain_text("1523")
    expect(phone.locator("#match .score-totals")).to_contain_text("1639")
    phone.screenshot(path="/tmp/kjtable-corrected.png", full_page=True)
    points = {s.side: s.points for s in Seat.objects.filter(table=table)}
    assert [points[s] for s in sides] == [1523, 1639]  # the digest's worked boompje
    deal16 = Hand.objects.get(table=table, number=16).data
    assert deal16["verzaakt"] is None and deal16["played"] == sides[1]
    assert deal16["points"] == {sides[0]: 83, sides[1]: 79}
    assert deal16["roem"] == {sides[0]: 0, sides[1]: 20}
    assert Hand.objects.get(table=table, number=1).data["pit"] is None  # tapped, then "geen"
    nat = Hand.objects.get(table=table, number=13).data
    assert nat["points"] == {sides[0]: 60, sides[1]: 102}  # as typed: the engine makes it nat
    assert Hand.objects.get(table=table, number=5).data["pit"] == sides[0]
