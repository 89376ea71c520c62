"""The club-room TV fits the screen in every state of the evening.

Before the evening, during play, at prize time and once the evening is closed, on a 1280x720,
1920x1080 and 3840x2160 screen, with 10 and with 60 players: the page never scrolls, nothing
runs off the screen or is cut by a box around it, every name stays on one line (shortened with
"…" where it must, the whole name in its title), and the text keeps the size readable from 5 m.
When the rows do not all fit, the TV turns pages by itself and its legend says which page is
shown: across the pages every player is shown exactly once, and every page fits.

The season is built once per player count; each state is then one change to tonight's evening
and one page load per screen size.
"""

from __future__ import annotations

import datetime
import os
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from clubmanager.models import Member, PublicName
from tournaments.models import Evening, Table

from .conftest import ARTIFACTS
from .seeding import seed_round

pytestmark = pytest.mark.django_db(transaction=True)

# "The formula of 4" with a booby prize: with 60 players a prize list of 16 rows, the tallest
# the prize panel meets.
FORMULA = {"prizes": {"rule": {"first": 4, "then_every": 4}, "booby": True}}
SCREENS = {(1280, 720): 32, (1920, 1080): 48, (3840, 2160): 96}  # the TV's text, in px
STATES = ("before", "during", "prizes", "closed")
LONG = "Wilhelmina van Oranje-Nassau-Dietz tot Amsterdam"


def name_of(i: int) -> str:
    return f"{LONG} {i:02}" if i % 3 == 0 else f"Jan{i:02} Bakker"


def build(club: Any, competition: Any, players: int) -> Evening:
    """A season evening last week for everyone, and tonight's evening at tables of five: the
    long names show in full to visitors (the TV is a public page), so they must be shortened."""
    members = Member.objects.bulk_create(
        Member(club=club, member_number=f"T{i:03}", name=name_of(i),
               public_name=PublicName.FULL if i % 3 == 0 else PublicName.SHORT)
        for i in range(players))
    for date, status in ((timezone.localdate() - datetime.timedelta(days=7), "closed"),
                         (timezone.localdate(), "checkin")):
        evening = Evening.objects.create(competition=competition, date=date, status=status)
        # the long names score best: they win the prizes
        seed_round(evening, members, per_table=5, finished=status == "closed",
                   points=lambda i: 1000 - 10 * i + (1000 if i % 3 == 0 else 0))
    return evening


def set_state(evening: Evening, state: str) -> None:
    tables = Table.objects.filter(round__evening=evening).order_by("number")
    half = tables.count() // 2
    if state == "before":
        tables.update(finished=False, hand_count=0)
        evening.status = "checkin"
    elif state == "during":  # half the tables done, the others half way
        Table.objects.filter(pk__in=[t.pk for t in tables[:half]]).update(finished=True,
                                                                       hand_count=8)
        Table.objects.filter(pk__in=[t.pk for t in tables[half:]]).update(finished=False,
                                                                       hand_count=3)
        evening.status = "playing"
    else:
        tables.update(finished=True, hand_count=8)
        evening.status = "closed" if state == "closed" else "playing"
    evening.save()


# Everything the TV shows, on the page of the standings now visible: inside the screen, inside
# every box that could clip it, figures whole, every name on one line, a shortened name ending
# in "…" with the whole name in its title.
FIT = """n => {
  // page n of the standings, shown here and now: the TV's own turning cannot come in between
  document.querySelectorAll('.tv-page').forEach((p, i) => { p.hidden = i !== n; });
  const shown = el => el.getClientRects().length > 0;
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5
                           && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const say = el => `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
  const bad = [];
  const parts = [...document.querySelectorAll(
    '#screen h1, #screen .tv-evening, #screen .tv-legend, #screen .prize-list h2,'
    + ' table.tv-standings th, table.tv-standings td, table.prizes th, table.prizes td')]
    .filter(shown);
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (!inside(r, screen)) bad.push(`off the screen: ${say(el)}`);
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if ((style.overflowX !== 'visible' || style.overflowY !== 'visible')
          && !inside(r, box.getBoundingClientRect())) bad.push(`cut by ${say(box)}: ${say(el)}`);
    }
  }
  const names = [...document.querySelectorAll(
    'table.tv-standings tbody td:nth-child(2), table.prizes .tv-name, #screen h1')].filter(shown);
  let shortened = 0;
  for (const el of names) {
    const style = getComputedStyle(el);
    const height = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (height > 1.5 * parseFloat(style.lineHeight)) bad.push(`on two lines: ${say(el)}`);
    if (el.scrollWidth > el.clientWidth + 1) {
      shortened += 1;
      if (style.textOverflow !== 'ellipsis') bad.push(`cut without "…": ${say(el)}`);
      if (!el.title || !el.textContent.includes(el.title)) bad.push(`no whole name: ${say(el)}`);
    }
  }
  for (const td of document.querySelectorAll('table.tv-standings td, table.prizes td')) {
    if (shown(td) && td.cellIndex !== 1 && td.scrollWidth > td.clientWidth + 1) {
      bad.push(`figure cut: ${say(td)}`);
    }
  }
  const cells = [...document.querySelectorAll('table.tv-standings tbody td')].filter(shown);
  return {bad, shortened, scrollH: document.documentElement.scrollHeight,
          scrollW: document.documentElement.scrollWidth,
          text: Math.min(...cells.map(td => parseFloat(getComputedStyle(td).fontSize))),
          ranks: cells.filter(td => td.cellIndex === 0).map(td => td.innerText)};
}"""

def check_every_page(page: Any, size: tuple[int, int], players: int, label: str) -> int:
    """Every page of the standings fits; returns how many pages there are."""
    expect(page.locator(".tv-page").first).to_be_attached()
    pages = page.locator(".tv-page").count()
    paging = page.locator(".tv-paging")
    if pages > 1:
        expect(paging).to_be_visible()
        expect(paging).to_contain_text(f"van {pages}")
    else:
        expect(paging).to_be_hidden()
    seen: list[str] = []
    for n in range(pages):
        got = page.evaluate(FIT, n)
        assert got["bad"] == [], (label, n, got["bad"][:5])
        assert got["scrollH"] <= size[1] and got["scrollW"] <= size[0], (label, n, got)
        assert got["text"] == pytest.approx(SCREENS[size], abs=1), (label, got)
        seen += got["ranks"]
    assert sorted(seen, key=int) == [str(n) for n in range(1, players + 1)], (label, seen)
    return pages


@pytest.mark.parametrize("players", [10, 60])
def test_the_tv_fits_every_state_on_every_screen(
    browsing: Any, step: Any, club: Any, make_competition: Any, players: int,
) -> None:
    club.public_pages = True
    club.save()
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar 2026",
                                   rules=FORMULA)
    evening = build(club, competition, players)
    url = reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk})
    page = browsing.new_page(language="nl")
    pages_at: dict[tuple[str, tuple[int, int]], int] = {}
    for state in STATES:
        set_state(evening, state)
        for size in SCREENS:
            label = f"{players} players, {state}, {size[0]}x{size[1]}"
            with step(label):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                page.goto(url)
                prizes = page.locator(".tv-prizes table.prizes")
                if state in ("prizes", "closed"):
                    expect(prizes).to_be_visible()
                    expect(prizes.locator("tbody tr").first).to_contain_text(LONG[:10])
                else:
                    expect(prizes).to_have_count(0)
                    expect(page.locator(".tv-evening")).to_contain_text(
                        "niet begonnen" if state == "before" else "bezig")
                if os.environ.get("KEEP_SCREENSHOTS") and size != (3840, 2160):
                    ARTIFACTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(
                        ARTIFACTS / f"tv-fits-{players}-{state}-{size[0]}x{size[1]}.png"))
                pages_at[state, size] = check_every_page(page, size, players, label)
    if players == 10:  # ten players fit one page, whatever the screen and the state
        assert set(pages_at.values()) == {1}, pages_at
    else:  # sixty do not: pages, fewer where the screen has the room
        assert all(n > 1 for n in pages_at.values()), pages_at


def test_the_tv_turns_its_pages_by_itself(
    browsing: Any, step: Any, club: Any, make_competition: Any,
) -> None:
    """Sixty players on 1920x1080 during play: page 1, and 15 seconds later page 2 (the page
    follows the clock, so a poll or a reload does not start the turning again)."""
    club.public_pages = True
    club.save()
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar 2026",
                                   rules=FORMULA)
    set_state(build(club, competition, 60), "during")
    page = browsing.new_page(language="nl")
    page.clock.install(time=datetime.datetime(2026, 9, 8, 20, 0, 0, tzinfo=datetime.UTC))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    paging = page.locator(".tv-paging")
    expect(paging).to_contain_text("Pagina 1 van 2: spelers 1–30 van 60, wisselt elke 15 s")
    first = page.locator(".tv-page:not([hidden]) tbody tr").first.inner_text()
    page.clock.run_for(15_000)
    expect(paging).to_contain_text("Pagina 2 van 2: spelers 31–60 van 60")
    assert page.locator(".tv-page:not([hidden]) tbody tr").first.inner_text() != first
    page.clock.run_for(15_000)
    expect(paging).to_contain_text("Pagina 1 van 2")
