"""The failure screenshots themselves: a failing step leaves test-artifacts/<test>-<step>.png."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ARTIFACTS, _safe

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_failing_step_keeps_a_screenshot(browsing: Any, step: Any, request: Any) -> None:
    page = browsing.new_page(phone=True)
    page.set_content("<h1>Tafel 3</h1>")
    target = ARTIFACTS / f"{_safe(request.node.name)}-{_safe('read the table')}.png"
    target.unlink(missing_ok=True)
    with pytest.raises(AssertionError), step("read the table"):
        raise AssertionError("the step failed")
    assert target.exists() and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    target.unlink()
    request.node._step_failed = False  # this test itself passes: no end-of-test screenshot
