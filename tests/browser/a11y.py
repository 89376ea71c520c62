"""Accessibility checks that every browser test runs on every page it visits.

- **axe-core** (the copy bundled in the pinned ``axe-playwright-python`` package), all its rules
  but the experimental ones. It is injected with ``page.evaluate``: Playwright evaluates through
  the DevTools protocol, which the page's Content-Security-Policy does not govern, so the site's
  policy stays on (and the CSP check stays meaningful) while axe runs. The one exception: the
  club-room TV refreshes itself (``<meta http-equiv="refresh">``, axe's ``meta-refresh``), which
  is what a screen nobody touches must do.
- **Older eyes and fingers**, on a phone-sized page (390x844): every control (link, button,
  field, ``<summary>``; for a tick box or radio button the label around it, which is what a
  finger taps) is at least 44x44 CSS px, and no visible text is under 16 px.

``Checker.watch`` checks a page after each load; the browser fixtures also check every open
page at the end of each step and of the test (htmx swaps have no load event). Violations are
collected, each reported once, and fail the test at its end.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.base import AXE_SCRIPT

MIN_TARGET = 44  # CSS px, both ways
MIN_TEXT = 16  # CSS px
# The TV screen's path: its self-refresh is the one exception (README, "Browser and security
# tests").
TV_PATH = re.compile(r"/tv/$")

RUN_AXE = """async (options) => {
  const results = await axe.run(document, options);
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), html: n.html.slice(0, 160),
                               summary: (n.failureSummary || "").slice(0, 300)})),
  }));
}"""

MEASURE = """([minTarget, minText]) => {
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
  };
  const name = (el) => {
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || el.name || "")
      .trim().replace(/\\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""}> "${text}"`;
  };
  const found = [];
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    + "[role=button], [tabindex]:not([tabindex='-1'])";
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest(".skip-link") === el) continue;  // off screen until focused (then 49 px)
    const target = el.matches("input[type=checkbox], input[type=radio]")
      ? (el.closest("label") || el) : el;
    if (!shown(target)) continue;
    const box = target.getBoundingClientRect();
    if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5) {
      found.push({rule: "tap-target", what: name(el),
                  detail: `${Math.round(box.width)}x${Math.round(box.height)} px`});
    }
  }
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest("select, option, script, style, noscript, template")) continue;
    if (!shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < minText - 0.01) {
      found.push({rule: "text-size", what: name(el), detail: `${size} px`});
    }
  }
  return found;
}"""


class Checker:
    """The accessibility findings of one test, each reported once."""

    def __init__(self) -> None:
        self.findings: dict[tuple[str, str, str], str] = {}
        self.phones: set[int] = set()
        self.pages_checked = 0
        self.running = False

    def watch(self, page: Any, *, phone: bool) -> None:
        if phone:
            self.phones.add(id(page))
        page.on("load", lambda loaded: self.check(loaded))

    def check(self, page: Any) -> None:
        """axe-core, and on a phone the sizes, on the page as it is now."""
        if self.running or page.is_closed() or not page.url.startswith("http"):
            return  # a load while another check waits: the next step's check covers it
        self.running = True
        try:
            self._check(page)
        finally:
            self.running = False

    def _check(self, page: Any) -> None:
        try:
            if page.evaluate("document.contentType") != "text/html":
                return
            if not page.evaluate("typeof window.axe === 'object'"):
                page.evaluate(AXE_SCRIPT)
            path = urlsplit(page.url).path
            options: dict[str, Any] = {"resultTypes": ["violations"]}
            if TV_PATH.search(path):
                options["rules"] = {"meta-refresh": {"enabled": False}}
            violations = page.evaluate(RUN_AXE, options)
            sizes = (page.evaluate(MEASURE, [MIN_TARGET, MIN_TEXT])
                     if id(page) in self.phones else [])
        except Exception as error:  # noqa: BLE001
            # The page navigated away while being checked: its next load is checked instead.
            if any(w in str(error) for w in ("context was destroyed", "navigat", "closed")):
                return
            raise
        self.pages_checked += 1
        for violation in violations:
            for node in violation["nodes"]:
                key = (path, violation["id"], node["target"])
                self.findings.setdefault(key, (
                    f"axe {violation['id']} ({violation['impact']}) on {path}: "
                    f"{violation['help']}; {node['html']} {node['summary']}"))
        for size in sizes:
            key = (path, size["rule"], size["what"])
            self.findings.setdefault(
                key, f"{size['rule']} on {path} (phone): {size['what']} is {size['detail']}")

    def fail_on_violations(self) -> None:
        if self.findings:
            listed = "\n  ".join(list(self.findings.values())[:15])
            pytest.fail(f"{len(self.findings)} accessibility violation(s):\n  {listed}",
                        pytrace=False)
