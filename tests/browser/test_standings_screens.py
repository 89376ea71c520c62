"""The club-room TV and the standings: nothing is ever cut off.

- The TV, from 1280x720 to 3840x2160: whole ranks (the rank column used to be 40 px, so rank 17
  showed as "1", under the name beside it), every name on one line (a long one shortened with
  "…", the whole name in its title), and it uses the screen, a page at a time
  (tests/browser/test_tv_fits.py: every state of the evening, 10 and 60 players).
- The standings on a phone: whole ranks and names, the member's own row highlighted, and while
  the evening columns scroll sideways the rank and the name stay put, under a visible hint that
  the table scrolls.

Ranks up to 999: the season has 120 members (ranks up to 120 from the standings themselves), and
then every rank cell is made to read "999", the widest rank, and must still fit. (A real season of
999 rows takes axe-core, which checks every page a test visits, minutes to check.)
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubmanager.models import Member, PublicName
from tournaments.models import Evening, Participant, Round, Seat, Table

from .conftest import ARTIFACTS, log_in
from .seeding import seed_round

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAME = "Wilhelmina van Oranje-Nassau"


def name_of(i: int) -> str:
    return f"{LONG_NAME} {i:03}" if i % 7 == 0 else f"Lid {i:03}"


def build_season(competition: Any, club: Any, count: int) -> list[Member]:
    """``count`` members, one evening at tables of two, everyone a different total (bulk: a
    season this size is thousands of rows)."""
    # The long names chose to be shown in full to visitors (the TV is a public page), so the
    # screen has to fit them whole.
    members = Member.objects.bulk_create(
        Member(club=club, member_number=f"S{i:04}", name=name_of(i),
               public_name=PublicName.FULL if i % 7 == 0 else PublicName.SHORT)
        for i in range(count))
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 8),
                                     status="closed")
    seed_round(evening, members, per_table=2, points=lambda i: i * 2)
    return members


@pytest.fixture
def season(club: Any, make_competition: Any) -> Any:
    competition = make_competition(club, "jokeren", name="Jokeren 2026")
    club.public_pages = True
    club.save()
    return competition, build_season(competition, club, 120)


# Every rank cell holds its number whole and ends before its name begins; every name cell
# shows its whole name (it wraps, it is never clipped) inside the screen.
CUT_OFF = """(table) => {
  const cut = [];
  for (const row of table.tBodies[0].rows) {
    const [rank, name] = row.cells;
    const r = rank.getBoundingClientRect(), n = name.getBoundingClientRect();
    if (rank.scrollWidth > rank.clientWidth || r.right > n.left + 1) {
      cut.push(`rank ${rank.innerText}: ${rank.scrollWidth} px in ${rank.clientWidth} px`);
    }
    if (name.scrollWidth > name.clientWidth || n.right > innerWidth) {
      cut.push(`name ${name.innerText}: ${name.scrollWidth} px in ${name.clientWidth} px`);
    }
  }
  return cut;
}"""


# The TV: the same, except that a name too long for its column may be shortened with "…", on one
# line, with the whole name in its title.
TV_CUT_OFF = """(table) => {
  const cut = [];
  for (const row of table.tBodies[0].rows) {
    const [rank, name] = row.cells;
    const r = rank.getBoundingClientRect(), n = name.getBoundingClientRect();
    if (rank.scrollWidth > rank.clientWidth || r.right > n.left + 1) {
      cut.push(`rank ${rank.innerText}: ${rank.scrollWidth} px in ${rank.clientWidth} px`);
    }
    const style = getComputedStyle(name);
    const shortened = style.textOverflow === 'ellipsis' && name.title
                      && name.textContent.includes(name.title);
    if ((name.scrollWidth > name.clientWidth && !shortened) || n.right > innerWidth
        || n.height > 1.5 * parseFloat(style.lineHeight) + 4) {
      cut.push(`name ${name.innerText}: ${name.scrollWidth} px in ${name.clientWidth} px`);
    }
  }
  return cut;
}"""

AS_999 = "t => [...t.tBodies[0].rows].forEach(r => { r.cells[0].textContent = '999'; })"
# The tables of the TV's page on screen now (tv.js deals the rows into columns and pages).
SHOWN = ".tv-page:not([hidden]) table.standings"


def ranks_of(table: Any) -> list[str]:
    return table.evaluate("t => [...t.tBodies[0].rows].map(r => r.cells[0].innerText)")


# One look at the TV's page on screen, taken in one go: the screen polls every 3 s (htmx swaps
# it, then tv.js deals the rows out again) and turns to its next page every 15 s by the clock, so
# a look taken a table at a time could mix two pages, or find none between a swap and its layout
# (null then: wait_for_function looks again). Last, every rank is made the widest, "999".
TV_LOOK = """(longName) => {
  const cutOff = """ + TV_CUT_OFF + """;
  const shown = [...document.querySelectorAll('""" + SHOWN + """')];
  const pages = document.querySelectorAll('.tv-page').length;
  if (!shown.length || !pages) return null;
  const box = (t) => { const r = t.getBoundingClientRect();
                       return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  const look = {
    columns: shown.length, pages,
    paging: document.querySelector('.tv-paging').textContent,
    ranks: shown.flatMap((t) => [...t.tBodies[0].rows].map((r) => r.cells[0].innerText)),
    cut: shown.flatMap(cutOff),
    longNames: shown.flatMap((t) => [...t.querySelectorAll('td[title]')])
      .filter((td) => td.title.startsWith(longName)).length,
    scrollH: document.documentElement.scrollHeight,
    scrollW: document.documentElement.scrollWidth,
    first: box(shown[0]), last: box(shown[shown.length - 1]),
  };
  shown.forEach((t) => { (""" + AS_999 + """)(t); });
  look.cut999 = shown.flatMap(cutOff);
  return look;
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_tv_shows_whole_ranks_and_names_on_any_screen(
    browsing: Any, club: Any, season: Any, size: tuple[int, int],
) -> None:
    competition, _members = season
    page = browsing.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    expect(page.locator(SHOWN).first).to_be_visible()
    look = page.wait_for_function(TV_LOOK, arg=LONG_NAME).json_value()
    columns, pages, shown = look["columns"], look["pages"], look["ranks"]
    assert columns >= 2, look  # as many as the short names leave room for
    # 120 members do not fit one screen: pages of 2 columns, the legend says which
    assert f" of {pages}: players " in look["paging"], look["paging"]
    assert look["cut"] == [], size
    assert shown == [str(n) for n in range(int(shown[0]), int(shown[0]) + len(shown))]
    assert pages >= 2 and len(shown) >= 120 // pages, (pages, shown)
    assert look["longNames"] > 0
    # the widest rank: the TV shows all 120, a page at a time
    assert look["cut999"] == [], f"999 does not fit at {size}"
    # the TV uses the screen: nothing scrolls, and the standings fill most of its height
    assert look["scrollH"] <= size[1] and look["scrollW"] <= size[0], look
    box, last = look["first"], look["last"]
    assert box["y"] + box["height"] > 0.6 * size[1]
    # the columns take the screen's width
    assert last["x"] + last["width"] - box["x"] > 0.9 * size[0]


def test_phone_standings_keep_rank_and_name_while_the_rest_scrolls(
    browsing: Any, step: Any, club: Any, member_user: Any, season: Any,
) -> None:
    competition, members = season
    mine = members[70]
    mine.user = member_user
    mine.save()
    page = browsing.new_page(phone=True)
    with step("open the standings"):
        page.goto(reverse("tournaments:standings", kwargs={"club": club.slug,
                                                           "pk": competition.pk}))
        log_in(page, member_user.username)
        table = page.locator("table.standings")
        expect(table.locator("tbody tr")).to_have_count(120)

    with step("three-digit ranks and long names, whole"):
        ranks = ranks_of(table)
        assert ranks[0] == "1" and ranks[-1] == "120"
        assert table.evaluate(CUT_OFF) == []

    with step("the own row stands out"):
        own = table.locator("tr.own")
        expect(own).to_have_count(1)
        expect(own).to_contain_text(f"{mine.name} (you)")
        own.scroll_into_view_if_needed()
        background = own.locator("td").nth(2).evaluate("td => getComputedStyle(td).backgroundColor")
        other = table.locator("tbody tr").nth(0).locator("td").nth(2).evaluate(
            "td => getComputedStyle(td).backgroundColor")
        assert background != other
        assert own.locator("td").nth(1).evaluate("td => getComputedStyle(td).fontWeight") == "700"

    with step("a visible hint that the table scrolls"):
        hint = page.locator(".scroll-hint")
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("Swipe the table sideways")
        wrap = page.locator(".table-wrap").first
        assert wrap.evaluate("w => w.scrollWidth > w.clientWidth"), "nothing to scroll"
        box = hint.bounding_box()
        assert box["y"] < wrap.bounding_box()["y"]  # above the table, where the eye starts

    with step("rank and name stay put while the rest scrolls"):
        first = table.locator("tbody tr").first
        cells = [first.locator("td").nth(i) for i in range(3)]
        before = [cell.bounding_box()["x"] for cell in cells]
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        page.wait_for_function("() => document.querySelector('.table-wrap').scrollLeft > 0")
        after = [cell.bounding_box()["x"] for cell in cells]
        assert after[0] == before[0] and after[1] == before[1], (before, after)
        assert after[2] < before[2] - 20, "the total column did not scroll"
        # the last evening's column comes into view beside the name, not under it
        name_right = cells[1].bounding_box()
        last = first.locator("td").last.bounding_box()
        assert last["x"] >= name_right["x"] + name_right["width"] - 1
        assert last["x"] + last["width"] <= 390 + 1

    with step("rank 999 fits as well, scrolled or not"):
        table.evaluate(AS_999)
        assert table.evaluate(CUT_OFF) == []
        wrap.evaluate("w => { w.scrollLeft = 0; }")
        assert table.evaluate(CUT_OFF) == []


# The TV from 5 m: the text grows with the screen, 48 px at 1920x1080.
TV_TEXT = {(1280, 720): 32, (1920, 1080): 48, (3840, 2160): 96}

SIZES = """() => {
  const px = el => parseFloat(getComputedStyle(el).fontSize);
  const cells = [...document.querySelectorAll('table.standings tbody td')];
  const tables = [...document.querySelectorAll('table.standings')];
  const legend = document.querySelector('.tv-legend');
  // (words for screen readers only are clipped on purpose)
  const out = [...document.querySelectorAll('main *:not(.visually-hidden)')].filter(el => {
    const r = el.getBoundingClientRect();
    // (a name shortened with "…", its whole self in its title, is shortened on purpose)
    const shortened = getComputedStyle(el).textOverflow === 'ellipsis' && el.title
                      && el.textContent.includes(el.title);
    const clipped = el.scrollWidth > el.clientWidth + 1 && !shortened
                    && getComputedStyle(el).overflowX !== 'visible';
    return r.width && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || clipped);
  }).map(el => el.tagName + '.' + el.className + ': ' + el.innerText.slice(0, 40));
  return {cell: Math.min(...cells.map(px)), name: px(cells[1]),
          bottom: Math.max(...tables.map(t => t.getBoundingClientRect().bottom)),
          legend: legend.innerText, legendBottom: legend.getBoundingClientRect().bottom,
          scrollH: document.documentElement.scrollHeight,
          scrollW: document.documentElement.scrollWidth, out};
}"""


@pytest.mark.parametrize("size", list(TV_TEXT))
def test_the_tv_is_readable_from_five_metres(
    browsing: Any, club: Any, season: Any, size: tuple[int, int],
) -> None:
    competition, _members = season
    page = browsing.new_page(language="nl")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    expect(page.locator(SHOWN).first).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"tv-{size[0]}x{size[1]}.png"))
    got = page.evaluate(SIZES)
    # the text scales with the screen: at least 48 px at 1920x1080
    assert got["cell"] == pytest.approx(TV_TEXT[size], abs=1), got
    # the standings use most of the height, and nothing runs off the screen
    assert got["bottom"] > 0.75 * size[1], got
    assert got["out"] == [], got
    assert got["scrollH"] <= size[1] and got["scrollW"] <= size[0], got
    # which way is better, from the competition's (the engine's) ranking: Jokeren, lower
    assert got["legend"].startswith("Lager is beter."), got
    assert got["legendBottom"] <= size[1], got


def test_a_club_logo_on_the_tv_still_leaves_everything_on_the_screen(
    browsing: Any, club: Any, admin_user: Any, season: Any,
) -> None:
    """The club's logo sits beside its name in the TV's title: the standings, the legend and
    the line saying which page of the standings is shown still fit a 1920x1080 screen."""
    import io

    from PIL import Image

    from clubmanager.logo import logo_from_upload
    from clubmanager.services import club_logo_set

    picture = io.BytesIO()
    Image.new("RGB", (400, 300), (0, 90, 160)).save(picture, format="PNG")
    picture.seek(0)
    club_logo_set(club=club, by=admin_user, logo=logo_from_upload(picture))
    competition, _members = season
    page = browsing.new_page(language="nl")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    logo = page.locator("img.tv-logo")
    expect(logo).to_be_visible()
    assert logo.evaluate("img => img.complete && img.naturalWidth > 0")
    page.screenshot(path=str(ARTIFACTS / "tv-logo-1920x1080.png"))
    got = page.evaluate(SIZES)
    assert got["out"] == [] and got["scrollH"] <= 1080 and got["legendBottom"] <= 1080, got
    assert got["cell"] == pytest.approx(48, abs=1), got


def test_the_tv_legend_explains_the_dash_and_says_higher_is_better(
    browsing: Any, club: Any, season: Any,
) -> None:
    competition, _members = season
    competition.better = "higher"
    competition.rules = {**competition.rules, "min_played": 2}  # one evening: nobody placed
    competition.save()
    page = browsing.new_page(language="nl")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    tables = page.locator(SHOWN)
    expect(tables.first).to_be_visible()
    assert set(ranks_of(tables.first)) == {"–"}
    legend = page.locator(".tv-legend")
    expect(legend).to_contain_text("Hoger is beter.")
    expect(legend).to_contain_text("– = nog geen plaats")
    page.screenshot(path=str(ARTIFACTS / "tv-legend-1920x1080.png"))
    # every unplaced row says how many evenings it still needs, on one line: nothing runs off
    got = page.evaluate(SIZES)
    assert got["out"] == [] and got["scrollH"] <= 1080, got
    assert got["legendBottom"] <= 1080, got
    assert tables.first.locator("thead th").last.inner_text() == "Nog"
    assert set(tables.first.evaluate(  # the figure, and words for a screen reader
        "t => [...t.tBodies[0].rows].map(r => r.cells[r.cells.length - 1].innerText)")) == {
        "1\nnog 1 avond nodig"}


@pytest.fixture
def best_of_two(club: Any, make_competition: Any) -> Any:
    """Best 1 of 2 evenings, 22 members: each member's worse evening does not count."""
    competition = make_competition(club, "jokeren", name="Jokeren 2026",
                                   rules={"count": {"best": 1}})
    club.public_pages = True
    club.save()
    members = build_season(competition, club, 22)  # 8 September: member i scores 2i
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 15),
                                     status="closed")
    people = Participant.objects.bulk_create(
        Participant(evening=evening, member=member) for member in members)
    round_ = Round.objects.create(evening=evening, number=1, seed=1)
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n + 1, game=competition.game, finished=True, hand_count=1)
        for n in range(11))
    # 15 September: the first eleven score 100 (dropped: lower is better), the rest 1 (counts)
    Seat.objects.bulk_create(
        Seat(table=tables[i // 2], position=i % 2 + 1, participant=person, side=person.name,
             points=100 if i < 11 else 1, competition_points=100 if i < 11 else 1,
             place=i % 2 + 1)
        for i, person in enumerate(people))
    return competition


def test_the_tv_strikes_through_the_evenings_that_do_not_count(
    browsing: Any, club: Any, best_of_two: Any,
) -> None:
    """The TV shows the last evenings per member, struck through where they do not count, with
    words for screen readers and a legend; "Telt" says how many count."""
    competition = best_of_two
    page = browsing.new_page(language="nl")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    tables_ = page.locator(SHOWN)
    expect(tables_).to_have_count(2)  # 22 members: one page of two columns
    head = tables_.first.locator("thead th")
    assert [head.nth(i).inner_text() for i in range(head.count())] == [
        "#", "Naam", "Totaal", "8-9", "15-9", "Telt"]
    # each member's worse evening is struck through: the 100s of 15 September, and the
    # 8 September scores of those who scored 1 on the 15th
    dropped = page.locator("td.dropped")
    expect(dropped).to_have_count(22)
    struck = dropped.locator("s").all_inner_texts()
    assert struck.count("100") == 11 and set(struck) - {"100"} == {
        str(2 * i) for i in range(11, 22)}, struck
    expect(dropped.first).to_contain_text("telt niet mee")  # the screen reader's words
    expect(page.locator("td.counts").first).to_contain_text("1/2")
    expect(page.locator(".tv-legend")).to_contain_text("= telt niet mee")
    page.screenshot(path=str(ARTIFACTS / "tv-dropped-1920x1080.png"))
    got = page.evaluate(SIZES)
    assert got["cell"] == pytest.approx(48, abs=1), got
    assert got["out"] == [] and got["scrollH"] <= 1080, got


def test_struck_through_evenings_never_widen_the_phone_page(
    browsing: Any, club: Any, best_of_two: Any,
) -> None:
    """The words for screen readers in a dropped cell stay inside the table's scrolling box:
    the page itself never scrolls sideways at 390 px."""
    page = browsing.new_page(phone=True)
    page.goto(reverse("tournaments:public_standings",
                      kwargs={"club": club.slug, "pk": best_of_two.pk}))
    expect(page.locator("td.dropped").first).to_be_attached()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
