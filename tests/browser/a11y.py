"""Accessibility checks that every browser test runs on every page it visits.

- **axe-core** (the copy bundled in the pinned ``axe-playwright-python`` package), all its rules
  but the experimental ones. It goes in as a Playwright init script: the DevTools protocol puts
  it into the page, which the page's Content-Security-Policy does not govern, so the site's
  policy stays on (and the CSP check stays meaningful) while axe runs. The one exception: the
  club-room TV refreshes itself (``<meta http-equiv="refresh">``, axe's ``meta-refresh``), which
  is what a screen nobody touches must do.
- **Older eyes and fingers**, on a phone-sized page (390x844): every control (link, button,
  field, ``<summary>``; for a tick box or radio button the label around it, which is what a
  finger taps) is at least 44x44 CSS px, no visible text is under 16 px, and no abbreviation
  explains itself only on hover (``<abbr title>``: a phone cannot hover).

``Checker.watch`` puts both checks into every document of a test's browser context, to run after
its load (in the page, reporting through a binding, as the CSP reporter does); the browser
fixtures also check every open page at the end of each step and of the test (htmx swaps have no
load event). Violations are collected, each reported once, and fail the test at its end.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT

MIN_TARGET = 44  # CSS px, both ways
MIN_TEXT = 16  # CSS px
# The TV screen's path: its self-refresh is the one exception (README, "Browser and security
# tests").
TV_PATH = re.compile(r"/tv/$")

# Runs in every document of a test's pages before the page's own scripts (an init script, like
# the CSP reporter: the DevTools protocol puts it there, the page's policy does not apply): axe,
# and a queue of checks, one after each load and one whenever the test asks (window.__a11yCheck).
# Each check reports through a binding, as the CSP reporter does.
CHECK_IN_PAGE = """
(() => {
  if (window.top !== window || !location.protocol.startsWith("http")) return;
  __AXE__
  const PHONE = __PHONE__, MIN_TARGET = __TARGET__, MIN_TEXT = __TEXT__;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const name = (el) => {
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || el.name || "")
      .trim().replace(/\\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""}> "${text}"`;
  };
  const measure = () => {
    const found = [];
    const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary, "
      + "[role=button], [tabindex]:not([tabindex='-1'])";
    for (const el of document.querySelectorAll(controls)) {
      if (el.matches(".skip-link")) continue;  // off screen until focused (then 49 px tall)
      const target = el.matches("input[type=checkbox], input[type=radio]")
        ? (el.closest("label") || el) : el;
      if (!shown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width < MIN_TARGET - 0.5 || box.height < MIN_TARGET - 0.5) {
        found.push({rule: "tap-target", what: name(el),
                    detail: `${Math.round(box.width)}x${Math.round(box.height)} px`});
      }
    }
    for (const el of document.querySelectorAll("abbr[title]")) {  // a phone cannot hover
      if (shown(el)) found.push({rule: "hover-only", what: name(el), detail: el.title});
    }
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || seen.has(el)) continue;
      seen.add(el);
      if (el.closest("select, option, script, style, noscript, template") || !shown(el)) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < MIN_TEXT - 0.01) {
        found.push({rule: "text-size", what: name(el), detail: `${size} px`});
      }
    }
    return found;
  };
  // A check the test asks for runs only when the page changed since the last one (a step that
  // only read the page costs nothing).
  let changed = true;
  const watcher = new MutationObserver(() => { changed = true; });
  watcher.observe(document, {subtree: true, childList: true, attributes: true,
                             characterData: true});
  let queue = Promise.resolve();
  const check = (always) => {
    queue = queue.then(async () => {
      if (document.contentType !== "text/html" || !document.body) return;
      if (!always && !changed) return;
      changed = false;
      const options = {resultTypes: ["violations"]};
      if (TV_PATH.test(location.pathname)) options.rules = {"meta-refresh": {enabled: false}};
      const results = await axe.run(document, options);
      const violations = results.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(" "), html: n.html.slice(0, 160),
                                   summary: (n.failureSummary || "").slice(0, 300)})),
      }));
      const sizes = PHONE ? measure() : [];
      watcher.takeRecords();  // axe's own marks on the page are no change
      await window.__a11yReport({path: location.pathname, violations, sizes});
    });
    return queue;
  };
  const TV_PATH = new RegExp(__TV__);
  window.__a11yCheck = check;
  window.addEventListener("load", () => { check(true); });
})();
"""


class Checker:
    """The accessibility findings of one test, each reported once."""

    def __init__(self) -> None:
        self.findings: dict[tuple[str, str, str], str] = {}
        self.pages_checked = 0

    def watch(self, context: Any, *, phone: bool) -> None:
        """Check every document of ``context`` after its load (and when ``check`` asks)."""
        context.expose_binding("__a11yReport", self._report)
        script = CHECK_IN_PAGE
        for name, value in (("__PHONE__", json.dumps(phone)), ("__TARGET__", str(MIN_TARGET)),
                            ("__TEXT__", str(MIN_TEXT)), ("__TV__", json.dumps(TV_PATH.pattern)),
                            ("__AXE__", AXE_SCRIPT)):
            script = script.replace(name, value)
        context.add_init_script(script)

    def check(self, page: Any) -> None:
        """One more check of the page as it is now if it changed since the last one (htmx
        swaps have no load), waiting for the checks still under way."""
        if page.is_closed() or not page.url.startswith("http"):
            return
        try:
            page.evaluate("() => window.__a11yCheck && window.__a11yCheck(false)")
        except Exception as error:  # noqa: BLE001
            # The page is navigating: the next document is checked after its load.
            if any(w in str(error) for w in ("context was destroyed", "navigat", "closed")):
                return
            raise

    def _report(self, _source: Any, report: dict[str, Any]) -> None:
        self.pages_checked += 1
        path = report["path"]
        for violation in report["violations"]:
            for node in violation["nodes"]:
                key = (path, violation["id"], node["target"])
                self.findings.setdefault(key, (
                    f"axe {violation['id']} ({violation['impact']}) on {path}: "
                    f"{violation['help']}; {node['html']} {node['summary']}"))
        for size in report["sizes"]:
            key = (path, size["rule"], size["what"])
            self.findings.setdefault(
                key, f"{size['rule']} on {path} (phone): {size['what']} is {size['detail']}")

    def fail_on_violations(self) -> None:
        if self.findings:
            listed = "\n  ".join(list(self.findings.values())[:15])
            pytest.fail(f"{len(self.findings)} accessibility violation(s):\n  {listed}",
                        pytrace=False)
