"""The Content-Security-Policy as the browser applies it, and proof that the check that every
journey runs (no violation on any page, tests/browser/conftest.py) can fail."""

from __future__ import annotations

from typing import Any

import pytest

INLINE = """() => {
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  document.head.appendChild(script);
  document.head.insertAdjacentHTML("beforeend", "<style>body { color: red }</style>");
  document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>');
}"""


def test_an_inline_script_on_a_page_of_the_site_is_blocked_and_reported(
        browsing: Any) -> None:
    page = browsing.new_page()
    response = page.goto("/accounts/login/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert browsing.csp_violations == []  # the login page itself needs nothing inline
    page.evaluate(INLINE)
    page.wait_for_function("() => true")  # let the reports reach the test
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.inlineRan") is None, "the inline script ran"
    directives = {v["directive"] for v in browsing.csp_violations}
    assert {"script-src-elem", "style-src-elem", "style-src-attr"} <= directives, directives
    with pytest.raises(pytest.fail.Exception, match="Content-Security-Policy violation"):
        browsing.check_csp()  # what the fixture runs after every browser test
    browsing.csp_violations.clear()
    page.close()  # the injected paragraph is not the site's: keep it from the axe check


def test_htmx_runs_without_its_inline_indicator_style(browsing: Any) -> None:
    """htmx adds a <style> for its request indicator unless the htmx-config meta tag in
    base.html switches that off; the indicator's rules are in site.css instead."""
    page = browsing.new_page()
    page.goto("/accounts/login/")
    assert page.evaluate("() => htmx.config.includeIndicatorStyles") is False
    assert page.evaluate("() => document.querySelectorAll('style').length") == 0
    assert browsing.csp_violations == []
