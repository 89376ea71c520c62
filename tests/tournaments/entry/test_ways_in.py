"""Both ways in, a login and a table code, reach the one view function of each score action."""

from __future__ import annotations

import pytest
from django.urls import resolve, reverse

from tournaments.entry import table_code_urls

#: The score actions a table code has; their login URLs carry the club and a table's or a
#: hand's id, their code URLs the code (and a hand's id).
ACTIONS = {
    "table_scores": False, "hand_check": False, "hand_add": False, "table_confirm": False,
    "hand_edit": True, "hand_delete": True,
}


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_login_and_code_resolve_to_the_same_view(name: str) -> None:
    login = reverse(f"tournaments:{name}", kwargs={"club": "a-club", "pk": 7})
    code = reverse(f"table_code:{name}",
                   kwargs={"code": "abc", **({"pk": 7} if ACTIONS[name] else {})})
    assert resolve(login).func is resolve(code).func


def test_every_code_url_is_a_score_action() -> None:
    """No code URL without its login twin: the code reaches nothing a login's score page lacks."""
    assert {p.name for p in table_code_urls.urlpatterns} == set(ACTIONS)
