"""The standings on a phone, swiped sideways: every figure in view is whole.

A member read 844 as "344": scrolled fully right, the table stopped with the 8 half under the
name column, which stays put while the figures slide under it. The table now stops only where a
column begins beside the name, also fully right. Checked at 390x844 on a wide season (14
evenings), at the left, at a few arbitrary swipes and fully right: every figure cell that shows
begins right of the rank and name, and the point at each end of its text is the cell itself
(nothing covers it).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubmanager.models import Member
from tournaments.models import Competition, Evening
from tournaments.models.stamps import stamp_competition

from .conftest import ARTIFACTS
from .seeding import seed_round

pytestmark = pytest.mark.django_db(transaction=True)


def wide_season(competition: Any, club: Any, *, members: int, evenings: int) -> None:
    """``members`` members on ``evenings`` weekly evenings, three-digit scores (844 and so on)."""
    people = Member.objects.bulk_create(
        Member(club=club, member_number=f"W{i:03}", name=f"Lid {i:02}") for i in range(members))
    for e in range(evenings):
        evening = Evening.objects.create(
            competition=competition, status="closed",
            date=datetime.date(2026, 9, 1) + datetime.timedelta(7 * e))
        seed_round(evening, people, per_table=2, points=lambda i, e=e: 844 - i - e)


# Every figure cell (the third column on) that shows at all begins right of the name column,
# and nothing covers either end of its text. (At the phone's right edge a column may run on:
# that is where the swipe goes on, and the swipe shows it whole.)
HALF_SHOWN = """(wrap) => {
  const table = wrap.querySelector('table');
  const w = wrap.getBoundingClientRect();
  const nameRight = table.rows[0].cells[1].getBoundingClientRect().right;
  const bad = [];
  for (const row of table.rows) {
    for (const cell of [...row.cells].slice(2)) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const t = range.getBoundingClientRect();
      if (!t.width) continue;
      const left = Math.max(nameRight, w.left), right = Math.min(w.right, innerWidth);
      if (t.right <= left + 0.5 || t.left >= right - 0.5) continue;  // out of view: fine
      const where = `${cell.innerText} (${Math.round(t.left)}-${Math.round(t.right)} px)`;
      if (t.left < left - 0.5) { bad.push('half under the name: ' + where); continue; }
      if (t.right > right + 0.5) continue;  // at the right edge, where the swipe goes on
      const y = t.top + t.height / 2;
      for (const x of [t.left + 1, t.right - 1]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !cell.contains(hit)) bad.push(`covered at ${Math.round(x)}: ${where}`);
      }
    }
  }
  return bad;
}"""


@pytest.fixture
def standings_url(club: Any, make_competition: Any) -> str:
    competition = make_competition(club, "jokeren", name="Jokeren 2026")
    club.public_pages = True
    club.save()
    wide_season(competition, club, members=6, evenings=14)
    return reverse("tournaments:public_standings",
                   kwargs={"club": club.slug, "pk": competition.pk})


def test_no_figure_is_half_under_the_name_however_far_the_table_is_swiped(
    browsing: Any, standings_url: str,
) -> None:
    page = browsing.new_page(phone=True, language="nl")
    page.goto(standings_url)
    wrap = page.locator(".table-wrap").first
    expect(wrap.locator("tbody tr")).to_have_count(6)
    assert wrap.evaluate(HALF_SHOWN) == []
    widest = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
    assert widest > 700, widest  # 14 evenings: far more than a phone shows
    stops = set()
    for asked in (37, 151, widest // 2 + 13, widest - 29):
        wrap.evaluate(f"w => {{ w.scrollLeft = {asked}; }}")
        settle(page, wrap)
        stops.add(wrap.evaluate("w => w.scrollLeft"))
        assert wrap.evaluate(HALF_SHOWN) == [], asked
    assert len(stops) >= 3, stops  # it did move
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    settle(page, wrap)
    right = wrap.evaluate("w => w.scrollLeft")
    # the page polls every 3 s: a hand saved meanwhile swaps the table in again, and it stays
    # swiped where the reader put it (static/js/live.js)
    # The table on the page now is marked; the wait ends when a settled swap has put another
    # table there (not at the first swap of anything: that may be another region, or a poll
    # that came before the save).
    wrap.evaluate("w => { w.dataset.before = 'yes'; }")
    page.evaluate("document.addEventListener('htmx:afterSettle', () => {"
                  " const w = document.querySelector('.table-wrap');"
                  " if (w && !w.dataset.before) window.swapped = true; })")
    stamp_competition(Competition.objects.get(name="Jokeren 2026"))
    page.wait_for_function("() => window.swapped === true", timeout=15_000)
    wrap = page.locator(".table-wrap").first
    assert wrap.evaluate("w => w.dataset.before") is None  # the swapped-in table
    assert wrap.evaluate("w => w.scrollLeft") == right
    page.screenshot(path=str(ARTIFACTS / "standings-phone-fully-right.png"))
    assert wrap.evaluate(HALF_SHOWN) == []
    # fully right, the last evening (1 December) shows whole, with its figures
    last = page.locator("table.standings thead th").last
    expect(last).to_have_text("1-12")
    assert wrap.evaluate(
        "(w, th) => { const r = th.getBoundingClientRect(), b = w.getBoundingClientRect();"
        " return r.left >= b.left && r.right <= b.right; }", last.element_handle())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def settle(page: Any, wrap: Any) -> None:
    """Wait until the snapped scroll has come to rest: the same place on four looks 200 ms
    apart (a busy machine starts and animates the snap late)."""
    page.wait_for_function(
        "w => { const now = w.scrollLeft; w._same = w._last === now ? (w._same || 0) + 1 : 0;"
        " w._last = now; return w._same >= 3; }", arg=wrap.element_handle(), polling=200,
        timeout=10_000)
