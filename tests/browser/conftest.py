"""Browser tests: real Chromium (Debian's package) driven by Playwright's sync API.

One browser per test session (per xdist worker), a fresh context (cookies, viewport) per test,
pytest-django's ``live_server`` against the transactional test database. Every journey is split
into ``step("name")`` blocks: when a step fails, a screenshot of each open page is kept in
``test-artifacts/<test>-<step>.png`` (git-ignored); a failure outside a step keeps
``<test>-end.png``.

Every page reports Content-Security-Policy violations (``securitypolicyviolation`` events, sent to
the test through a binding that an init script wires up before any of the page's own scripts
run): a test that saw one fails at its end, naming the directive and what was blocked. So no
journey passes while a page of the site needs an inline script or style.

Every page is also checked by axe-core (``tests/browser/a11y.py``) after each load, at the end of
each step and at the end of the test; on a phone-sized page the same moments check that every
control is a 44x44 px tap target and no text is under 16 px. A test that saw a violation fails
at its end, naming the rule, the page and the element.

Chromium must be installed (``apt-get install -y chromium``; ``.ci/run`` does it): without it
these tests fail with that message, they are not skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

# The tournaments app's data fixtures, shared with these journeys.
from tests.tournaments.conftest import (  # noqa: F401
    make_competition,
    make_evening,
    make_round,
    seat_table,
)

from .a11y import Checker

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
TIMEOUT_MS = 15_000
# CI runs these beside the rest of the suite on 2 cores: give assertions the same patience as
# actions (Playwright's expect() otherwise gives up after 5 s).
expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's package "
            "(apt-get install -y chromium) or set CHROMIUM to its path. "
            "Browser tests are never skipped.",
            pytrace=False,
        )
    # Django refuses sync ORM calls from a thread with a running event loop; Playwright's sync
    # API runs one. The ORM calls in these tests happen between Playwright calls, on this
    # thread, never inside the loop.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_")[:120]


# Runs in every frame before the page's scripts; the binding bypasses the page's policy.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolation({directive: e.violatedDirective, blocked: e.blockedURI,
                         url: e.documentURI, sample: e.sample, line: e.lineNumber});
});
"""


class Browsing:
    """The contexts of one test, so that a failure can screenshot every page that is open."""

    def __init__(self, browser: Any, base_url: str, test_name: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.test_name = test_name
        self.contexts: list[Any] = []
        self.csp_violations: list[dict[str, Any]] = []
        self.a11y = Checker()

    def _csp_violation(self, _source: Any, violation: dict[str, Any]) -> None:
        self.csp_violations.append(violation)

    def check_csp(self) -> None:
        """Fail when any page of this test reported a Content-Security-Policy violation."""
        if self.csp_violations:
            seen = "; ".join(
                f"{v['directive']} blocked {v['blocked'] or 'inline'} on {v['url']}"
                f"{' (' + v['sample'] + ')' if v.get('sample') else ''}"
                for v in self.csp_violations[:5])
            pytest.fail(f"{len(self.csp_violations)} Content-Security-Policy violation(s): "
                        f"{seen}", pytrace=False)

    def new_page(self, *, phone: bool = False, language: str = "en") -> Any:
        context = self.browser.new_context(
            base_url=self.base_url, locale="nl-NL", accept_downloads=True,
            **(PHONE if phone else LAPTOP),
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.expose_binding("__cspViolation", self._csp_violation)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        # The visitor's language choice (the footer's switch stores this cookie).
        context.add_cookies([{"name": "django_language", "value": language,
                              "url": self.base_url}])
        self.a11y.watch(context, phone=phone)
        self.contexts.append(context)
        return context.new_page()

    def check_pages(self) -> None:
        """axe-core (and on a phone the sizes) on every page open now."""
        for context in self.contexts:
            for page in context.pages:
                self.a11y.check(page)

    def screenshot(self, label: str) -> list[Path]:
        ARTIFACTS.mkdir(exist_ok=True)
        saved = []
        pages = [page for context in self.contexts for page in context.pages]
        for index, page in enumerate(pages):
            suffix = f"-{index + 1}" if len(pages) > 1 else ""
            path = ARTIFACTS / f"{_safe(self.test_name)}-{_safe(label)}{suffix}.png"
            try:
                page.screenshot(path=str(path), full_page=True)
            except Exception:  # noqa: BLE001, S112 - a closed page: keep the others
                continue
            saved.append(path)
        return saved

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def browsing(browser: Any, live_server: Any, request: pytest.FixtureRequest) -> Iterator[Browsing]:
    session = Browsing(browser, live_server.url, request.node.name)
    yield session
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and not getattr(request.node, "_step_failed", False):
        session.screenshot("end")
    if report is not None and report.passed:
        session.check_pages()
    session.close()
    session.check_csp()
    session.a11y.fail_on_violations()


@pytest.fixture
def page(browsing: Browsing) -> Any:
    """A laptop-sized page (English)."""
    return browsing.new_page()


@pytest.fixture
def step(browsing: Browsing, request: pytest.FixtureRequest) -> Callable[[str], Any]:
    """``with step("enter deal 3"): ...``: on failure, screenshots named after the step."""

    @contextmanager
    def run(name: str) -> Iterator[None]:
        try:
            yield
        except BaseException:
            if not getattr(request.node, "_step_failed", False):
                request.node._step_failed = True
                browsing.screenshot(name)
            raise
        browsing.check_pages()  # what the step left on screen (htmx swaps have no load)

    return run


LOGIN_LOAD_MS = 45_000


def log_in(page: Any, username: str, password: str | None = None) -> None:
    """Fill the login form the page shows (after a redirect to it), submit it and wait for the
    page it leads to."""
    from tests.conftest import PASSWORD

    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password or PASSWORD)
    # The click waits for the page it leads to, loaded: its scripts have run (drafts put back,
    # keyboard hints set); a test typing earlier would type into a page a scorekeeper cannot
    # have in hand yet. A score page loads slowly on a CI machine running two browsers (it
    # took over 15 s there): this one wait gets LOGIN_LOAD_MS.
    page.get_by_role("button", name="Log in").click(timeout=LOGIN_LOAD_MS)
    page.wait_for_url(lambda url: "/accounts/login/" not in url, timeout=LOGIN_LOAD_MS)


def log_in_dutch(browsing: Any, page: Any, url: str, username: str) -> None:
    """Log in (the login page in English), then on in Dutch, as the language switch leaves it."""
    page.goto(url)
    log_in(page, username)
    page.context.add_cookies([{"name": "django_language", "value": "nl",
                               "url": browsing.base_url}])
    page.goto(url)


def keep(page: Any, name: str) -> None:
    """A screenshot to look at (test-artifacts/, git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


@pytest.fixture
def table(request: pytest.FixtureRequest, club: Any, make_member: Callable[..., Any]) -> Any:
    """Ann, Bob, Cor and Dirk at a Jokeren table of tonight's first round (a module may define
    its own ``table``)."""
    fixture = request.getfixturevalue  # the tournaments fixtures this module imports
    members = [make_member(club, name=name) for name in ("Ann", "Bob", "Cor", "Dirk")]
    evening = fixture("make_evening")(fixture("make_competition")(club, "jokeren"), members)
    return fixture("seat_table")(fixture("make_round")(evening),
                                 list(evening.participants.all()))


@pytest.fixture
def deals(table: Any) -> list[dict[str, int]]:
    """Jokeren deals for the conftest's ``table`` (its penalties per player)."""
    from tournaments.games import sample_hands
    from tournaments.shared.matches import sides_of

    sides = sides_of(table.seats.all())
    return [hand["penalties"] for hand in sample_hands("jokeren", sides)]


@pytest.fixture
def table_url(club: Any, table: Any) -> str:
    """The score page of ``table`` for a login."""
    from django.urls import reverse

    return reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": table.pk})
