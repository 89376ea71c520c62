"""JSON nested thousands of levels deep, wherever the site reads JSON a user typed or uploaded:
refused with a message, never a RecursionError (a 500). The season
workbook's cells are tested in ``tests/tournaments/workbook/test_season_import.py``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from clubmanager.core.json_limits import MAX_JSON_DEPTH, JSONTooDeep, loads, too_deep
from tournaments.models import Competition

DEEP = ["[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000,
        '{"penalties": ' + '{"a": ' * 900 + "0" + "}" * 901]


@pytest.mark.parametrize("text", DEEP)
def test_deep_json_is_refused_before_it_is_parsed(text: str) -> None:
    with pytest.raises(RecursionError):
        json.loads("[" * 100_000 + "]" * 100_000)  # what the bound is for
    with pytest.raises(JSONTooDeep):
        loads(text)
    with pytest.raises(JSONTooDeep):
        loads(text.encode())


def test_the_depth_is_that_of_the_brackets_outside_strings() -> None:
    limit = MAX_JSON_DEPTH
    assert loads("[" * limit + "]" * limit) is not None
    assert too_deep("[" * (limit + 1) + "]" * (limit + 1))
    assert loads(json.dumps({"a": "[" * 1000, "b": ['\\"[[[[' * 100]})) == {
        "a": "[" * 1000, "b": ['\\"[[[[' * 100]}
    # a hand as the site stores it, the deepest there is
    assert loads('{"end": "out", "out": "A", "sides": {"A": {"opened": true, "target": 60}}}')
    assert not too_deep("[]" * 100_000)  # many, but side by side
    with pytest.raises(ValueError):
        loads("[" * 10 + '"' + "[" * 100)  # not JSON: refused either way


@pytest.mark.django_db
@pytest.mark.parametrize("text", DEEP[:2])
def test_the_admin_refuses_deep_json_as_invalid_json(
        text: str, client_for: Callable[[Any], Any], superuser: Any, club: Any,
        make_competition: Callable[..., Any]) -> None:
    competition = make_competition(club, "jokeren")
    url = reverse("admin:tournaments_competition_change", args=[competition.pk])
    client = client_for(superuser)
    form = client.get(url).context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update({"options": text, "tiebreaks": "[]", "fixed_pairs-TOTAL_FORMS": "0",
                 "fixed_pairs-INITIAL_FORMS": "0"})
    response = client.post(url, data)
    assert response.status_code == 200
    assert "options" in response.context["adminform"].form.errors
    assert Competition.objects.get(pk=competition.pk).options == competition.options


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "option"), [("high_five_tiles", "points"),
                                              ("big_five", "cards_per_player")])
def test_the_competition_page_refuses_deep_json_in_an_option(
        game: str, option: str, admin_client: Any, club: Any,
        make_competition: Callable[..., Any]) -> None:
    """The two options once typed as JSON are number widgets now: deep JSON
    posted into them is a form error, not a 500."""
    competition = make_competition(club, game)
    url = reverse("tournaments:competition_edit",
                  kwargs={"club": club.slug, "pk": competition.pk})
    first = {"points": "high_card", "cards_per_player": ""}[option]
    name = f"opt_{option}_{first}" if first else f"opt_{option}"
    response = admin_client.post(url, {
        "name": competition.name, "start_date": "2026-09-01", "better": competition.better,
        "counting": "all", "absent_rule": "nothing", "min_evenings": "0", "table_min": "2",
        "table_max": "4", name: DEEP[0]})
    assert response.status_code == 200
    assert f"opt_{option}" in response.context["form"].errors
    assert Competition.objects.get(pk=competition.pk).options == competition.options
