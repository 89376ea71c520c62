"""A model-based test of the table page on a shared phone: seeded random sequences of what a
club's phone lives through (type, save, go offline, come back online, reload, close and reopen
the tab, log out, another login or the table's code, come back), with the CPU at a quarter of
its speed, checked against a model of what must be, kept here in Python beside the browser.

Three at the phone, on one Jokeren table of Ann, Bob and Cor: scorekeeper A and scorekeeper B
(logins) and the table's code C (no login). The model knows, for each of them, the half deal
typed and not saved (the draft: which box holds what) and the saves waiting on the phone; and
the deals the server stored, in order, each with who sent it.

After every step the page shown is checked: the boxes hold exactly what its own scorekeeper
typed (nobody else's, nothing lost), the heading numbers on from the deals stored and this
scorekeeper's waiting ones. After each sequence, back online and each scorekeeper looked in
once more: every saved or queued deal is stored exactly once, in order, each number against the
player it was typed for and sent under the login or code it was typed under; every half deal is
still there for its own scorekeeper.

The phone is one browser context (one phone, its storage and its service worker), one tab at a
time. What the model leaves out, so that each sequence has one right outcome: a save while
another scorekeeper's saves wait (those would meet a table that moved on: refused as "changed
meanwhile", which ``test_offline`` covers), and a reload without Wi-Fi of a page older than the
last deal stored (the phone cannot know it).

``OFFLINE_MODEL_SEED=<n>`` replays a sequence (every test id then runs that seed); each
sequence prints its seed, and a failure names it with the steps that led there.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import expect

from clubmanager.models import Role
from tournaments.models import Table

from .conftest import PHONE, REPORT_CSP_VIOLATIONS, TIMEOUT_MS
from .offline_helpers import (
    Saves,
    boxes,
    code_url,
    hand_count,
    heading,
    jokeren_table,
    log_in_at,
    log_out,
    sides,
    stored,
    table_url,
    throttle,
    typists,
    wait_until_kept,
)

pytestmark = pytest.mark.django_db(transaction=True)

SEQUENCES = 20
STEPS = 30
DEALS = 20  # the round's deals (Jokeren's contracts: up to 20), more than a sequence saves
CPU_RATE = 4
SEED = os.environ.get("OFFLINE_MODEL_SEED")
ACTIONS = ("type", "save", "offline", "online", "reload", "reopen", "log out", "another",
           "come back")
# A login costs the most time: a third of the switches go through one (another, come back).
WEIGHTS = (6, 5, 3, 3, 2, 2, 1, 1, 1)


def a_deal(rng: random.Random) -> tuple[int, int, int]:
    """Jokeren's simplest legal deal: one player went out (0), the others hold at least a 2;
    numbers that differ, so that one typed in the wrong box shows."""
    values = [0, *rng.sample(range(2, 100), 2)]
    rng.shuffle(values)
    return (values[0], values[1], values[2])


@dataclass
class Phone:
    """The model: what must be, whatever the browser shows."""

    online: bool = True
    at: str | None = None  # whose table page the tab shows (None: another page)
    session: str | None = None  # the login of the browser's session
    drafts: dict[str, dict[int, int]] = field(default_factory=dict)
    deal: dict[str, tuple[int, int, int] | None] = field(default_factory=dict)
    waiting: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    stored: list[tuple[tuple[int, int, int], str]] = field(default_factory=list)
    kept: dict[str, int] = field(default_factory=dict)  # deals stored when last kept, per who
    before: str | None = None  # who was at the phone before the last switch

    def others_wait(self, who: str) -> bool:
        return any(items for other, items in self.waiting.items() if other != who)

    def may_show_offline(self, who: str) -> bool:
        """The phone kept this scorekeeper's page, and nothing was stored since."""
        return self.kept.get(who, -1) == len(self.stored)


class Run:
    """One sequence: the browser, the model, and the steps so far (for the failure message)."""

    def __init__(self, browsing: Any, step: Callable[[str], Any], table: Table,
                 users: dict[str, Any], seed: int) -> None:
        self.browsing = browsing
        self.step = step
        self.table = table
        self.users = users
        self.rng = random.Random(seed)
        self.seed = seed
        self.model = Phone()
        self.log: list[str] = []
        self.timings: list[tuple[str, float]] = []
        self.saved = 0.0  # when the last save was stored online
        self.names = sides(table)
        self.urls = {"A": table_url(table), "B": table_url(table), "C": code_url(table)}
        self.codes = {"A": f"u{users['A'].pk}", "B": f"u{users['B'].pk}",
                      "C": f"c{table.codes.get(revoked_at__isnull=True).pk}"}
        self.context = browsing.browser.new_context(
            base_url=browsing.base_url, locale="nl-NL", **PHONE)
        self.context.set_default_timeout(TIMEOUT_MS)
        self.context.expose_binding("__cspViolation", browsing._csp_violation)
        self.context.add_init_script(REPORT_CSP_VIOLATIONS)
        self.context.add_cookies([{"name": "django_language", "value": "en",
                                   "url": browsing.base_url}])
        browsing.contexts.append(self.context)  # a failure's screenshot shows it
        self.saves = Saves(self.context)
        self.page = self.new_tab()

    # -- the browser ----------------------------------------------------------------------------
    def new_tab(self) -> Any:
        page = self.context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        throttle(page, CPU_RATE)
        return page

    def open(self, who: str) -> None:
        """The tab to ``who``'s table page (a login logs in first when the session is not
        theirs: the one before logs out)."""
        m = self.model
        if who in ("A", "B") and m.session != who:
            if m.session is not None:
                log_out(self.page)
                self.logged_out()
            log_in_at(self.page, self.urls[who], self.users[who])
            m.session = who
        else:
            self.page.goto(self.urls[who])
        m.at = who
        self.arrived()

    def logged_out(self) -> None:
        """The tab is on the page the logout led to; the kept table pages went with it."""
        m = self.model
        m.session = None
        m.kept = {who: -1 for who in m.kept}
        m.at = None

    def arrived(self) -> None:
        """A table page loaded: what waits goes when online; the page is then kept."""
        m = self.model
        who = m.at
        if who is None:
            return
        expect(self.page.locator("form.hand-form")).to_be_visible()
        self.page.wait_for_load_state("load")
        if m.online:
            self.flush(who)
            m.kept[who] = len(m.stored)  # made sure of before the Wi-Fi goes

    def flush(self, who: str) -> None:
        """Online with ``who``'s page: their waiting saves are sent, in order."""
        m = self.model
        if not m.waiting.get(who):
            return
        self.saves.wait(self.page, len(m.stored) + len(m.waiting[who]))
        m.stored.extend((deal, who) for deal in m.waiting[who])
        m.waiting[who] = []
        self.saved = time.monotonic()  # the kept copy follows (a moment, as after any save)

    # -- the steps ------------------------------------------------------------------------------
    def allowed(self, action: str) -> bool:
        m = self.model
        who = m.at
        total = len(m.stored) + sum(len(w) for w in m.waiting.values())
        return {
            "type": who is not None and len(m.drafts.get(who, {})) < 3,
            "save": who is not None and not m.others_wait(who) and total < DEALS - 1,
            "offline": m.online,
            "online": not m.online,
            "reload": who is not None and (m.online or m.may_show_offline(who)),
            "reopen": who is not None and (m.online or m.may_show_offline(who)),
            "log out": m.online and m.session is not None,
            "another": m.online,
            "come back": m.online and m.before is not None and m.before != who,
        }[action]

    def do(self, action: str) -> None:
        m = self.model
        who = m.at
        if action == "type":
            deal = m.deal.get(who) or a_deal(self.rng)
            m.deal[who] = deal
            draft = m.drafts.setdefault(who, {})
            free = [i for i in range(3) if i not in draft]
            for i in self.rng.sample(free, self.rng.randint(1, min(2, len(free)))):
                box = boxes(self.page).nth(i)
                box.click()
                box.fill(str(deal[i]))
                draft[i] = deal[i]
            self.log[-1] += f" {draft}"
        elif action == "save":
            deal = m.deal.get(who) or a_deal(self.rng)
            draft = m.drafts.setdefault(who, {})
            for i in range(3):
                if draft.get(i) != deal[i]:
                    boxes(self.page).nth(i).fill(str(deal[i]))
            self.page.get_by_role("button", name="Save deal").click()
            m.drafts[who] = {}
            m.deal[who] = None
            self.log[-1] += f" {deal}"
            if m.online:
                self.saves.wait(self.page, len(m.stored) + 1)
                m.stored.append((deal, who))
                m.kept[who] = len(m.stored)  # the kept copy follows every save
                self.saved = time.monotonic()
            else:
                m.waiting.setdefault(who, []).append(deal)
        elif action == "offline":
            if who is not None:
                wait_until_kept(self.page)
                # A scorekeeper's moment after a save: the phone keeps the page as it left it.
                self.page.wait_for_timeout(max(0, 2000 - (time.monotonic() - self.saved) * 1000))
            self.context.set_offline(True)
            m.online = False
        elif action == "online":
            self.context.set_offline(False)
            m.online = True
            if who is not None:
                self.flush(who)
                m.kept[who] = len(m.stored)
        elif action == "reload":
            self.page.reload()
            self.arrived()
        elif action == "reopen":
            self.page.close()
            self.page = self.new_tab()
            self.page.goto(self.urls[who])
            self.arrived()
        elif action == "log out":
            log_out(self.page)
            self.logged_out()
        elif action in ("another", "come back"):
            if action == "another":
                other = self.rng.choice([w for w in ("A", "B", "C") if w != who])
            else:
                assert m.before is not None
                other = m.before
            m.before = who
            self.log[-1] += f" → {other}"
            self.open(other)

    # -- what the page must show ----------------------------------------------------------------
    def check_page(self) -> None:
        m = self.model
        who = m.at
        if who is None:
            return
        draft = m.drafts.get(who, {})
        for i in range(3):
            expect(boxes(self.page).nth(i)).to_have_value(str(draft.get(i, "")))
        number = len(m.stored) + len(m.waiting.get(who, [])) + 1
        expect(heading(self.page)).to_have_text(f"Deal {number}")

    def check_end(self) -> None:
        """Back online; each scorekeeper looks in once more; then the database."""
        m = self.model
        if not m.online:
            self.do_step("online")
        for who in ("A", "B", "C"):
            if m.waiting.get(who) or m.drafts.get(who):
                self.do_step(f"look in as {who}", lambda w=who: self.open(w))
        self.saves.wait(self.page, len(m.stored))
        self.page.wait_for_timeout(1000)  # a save sent twice would be here by now
        want = [dict(zip(self.names, deal, strict=True)) for deal, _who in m.stored]
        assert hand_count(self.table) == len(want), "a deal stored more or less than once"
        assert stored(self.table) == want, "deals not as typed, or not in order"
        assert typists(self.table) == [self.codes[w] for _deal, w in m.stored], (
            "a deal sent under another login or code than it was typed under")

    def do_step(self, action: str, run: Callable[[], None] | None = None) -> None:
        self.log.append(f"{len(self.log) + 1}. {action}"
                        f" ({'online' if self.model.online else 'offline'}, at {self.model.at})")
        started = time.monotonic()
        with self.step(self.log[-1]):
            if run is None:
                self.do(action)
            else:
                run()
            self.check_page()
        self.timings.append((action.split()[0], time.monotonic() - started))

    def play(self) -> None:
        self.do_step("open as A", lambda: self.open("A"))
        for _ in range(STEPS):
            choices = [(a, w) for a, w in zip(ACTIONS, WEIGHTS, strict=True) if self.allowed(a)]
            action = self.rng.choices([a for a, _ in choices], [w for _, w in choices])[0]
            self.do_step(action)
        self.check_end()


@pytest.fixture
def round_of_twenty(club: Any, make_member: Callable[..., Any],
                    request: pytest.FixtureRequest) -> Table:
    """Ann, Bob and Cor at Jokeren, a round of 20 deals of the simplest contract."""
    return jokeren_table(club, make_member, request.getfixturevalue, players=3,
                         contracts=["set3"] * DEALS)


@pytest.mark.parametrize("sequence", range(SEQUENCES), ids=lambda n: f"sequence-{n:02d}")
def test_a_shared_phone_keeps_every_deal_for_whoever_typed_it(
        browsing: Any, step: Callable[[str], Any], round_of_twenty: Table,
        scorekeeper_user: Any, make_user: Callable[..., Any], club: Any,
        sequence: int) -> None:
    seed = int(SEED) if SEED else random.SystemRandom().randrange(2**31)
    print(f"\noffline model, sequence {sequence}: seed {seed} "
          f"(replay: OFFLINE_MODEL_SEED={seed})")
    users = {"A": scorekeeper_user, "B": make_user("hv-schrijver-b", club, Role.SCOREKEEPER)}
    run = Run(browsing, step, round_of_twenty, users, seed)
    started = time.monotonic()
    try:
        run.play()
        took: dict[str, float] = {}
        for action, seconds in run.timings:
            took[action] = took.get(action, 0) + seconds
        print(f"offline model, sequence {sequence}: {time.monotonic() - started:.1f} s; "
              + ", ".join(f"{a} {s:.1f}" for a, s in sorted(took.items(), key=lambda x: -x[1])))
    except AssertionError as failure:
        steps = "\n  ".join(run.log[-12:])
        raise AssertionError(f"seed {seed} (OFFLINE_MODEL_SEED={seed}); the last steps:\n  "
                             f"{steps}\n{failure}") from failure

