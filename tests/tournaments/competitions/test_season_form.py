"""The reglement in the club's own words: periods chosen by evening, and a
reglement changed in the middle of the season recomputes the standings and stays in the
competition's history."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.competitions.test_competitions import form_data
from tournaments.competitions.forms.competitions import CompetitionForm
from tournaments.models import Competition
from tournaments.shared.season_rules import engine_rules, rules_errors, rules_sentences
from tournaments.standings.selectors.standings import season_standings

pytestmark = pytest.mark.django_db

DAYS = [datetime.date(2026, 9, 1) + datetime.timedelta(weeks=w) for w in range(5)]
EVENINGS = [(str(n), day) for n, day in enumerate(DAYS, start=1)]


def test_an_evening_chosen_for_a_period_wins_over_the_dates() -> None:
    rules = {"periods": {"starts": ["2026-09-01", "2026-09-15"], "count": "all",
                         "evenings": {"2": 2}}}
    assert engine_rules(rules, "higher", EVENINGS)["periods"]["periods"] == [
        ["1"], ["2", "3", "4", "5"]]


def test_without_dates_an_evening_follows_the_one_before_it() -> None:
    rules = {"periods": {"count": "all", "evenings": {"1": 1, "3": 2, "5": 3}}}
    assert engine_rules(rules, "higher", EVENINGS)["periods"]["periods"] == [
        ["1", "2"], ["3", "4"], ["5"]]
    assert rules_errors(rules, "higher") == []
    assert rules_sentences(rules)[0] == "3 perioden; de club koos de avonden van elke."


@pytest.mark.parametrize("periods", [
    {"count": "all"},  # neither dates nor evenings
    {"count": "all", "evenings": {"1": 0}},  # no period 0
    {"count": "all", "evenings": {"1": 9}},  # at most 8
    {"count": "all", "evenings": ["1"]},
])
def test_periods_without_a_way_to_place_the_evenings_are_refused(periods: Any) -> None:
    assert [e["field"] for e in rules_errors({"periods": periods}, "higher")] == [
        "periods.starts"]


@pytest.fixture
def season(club: Any) -> Competition:
    from benchmarks.season import build_jokeren_season

    return build_jokeren_season(club, evenings=4, members=4, rounds=1, name="Winter")


def _edit(season: Competition) -> str:
    return reverse("tournaments:competition_edit", kwargs={"club": season.club.slug,
                                                           "pk": season.pk})


def _edit_data(season: Competition, **overrides: Any) -> dict[str, Any]:
    form = CompetitionForm(game=season.game, competition=season)
    data = form_data(season.game, name=season.name,
                     start_date=season.start_date.isoformat(), end_date="2026-06-30")
    data.update({name: "" for name in form.fields if name.startswith("evening_period_")})
    data.update(better=season.better, **overrides)
    return data


def test_the_edit_form_puts_evenings_in_periods_by_choice(admin_client: Any,
                                                          season: Competition) -> None:
    first, second, third, fourth = season.evenings.order_by("date")
    page = admin_client.get(_edit(season)).content.decode()
    assert "Of kies de periode van elke avond" in page
    data = _edit_data(season, count_mode="best", count_n="1", **{
        f"evening_period_{first.pk}": "1", f"evening_period_{third.pk}": "2"})
    response = admin_client.post(_edit(season), data)
    assert response.status_code == 302, response.context["form"].errors
    season.refresh_from_db()
    assert season.rules["periods"]["evenings"] == {str(first.pk): 1, str(third.pk): 2}
    standings = season_standings(season)
    assert standings.periods == [[first.pk, second.pk], [third.pk, fourth.pk]]
    row = standings.rows[0]
    assert len(row.counted) == 2  # the best evening of each period
    # the form shows the choice back
    form = admin_client.get(_edit(season)).context["form"]
    assert form[f"evening_period_{third.pk}"].value() == "2"
    assert form[f"evening_period_{second.pk}"].value() in ("", None)


def test_a_reglement_changed_mid_season_recomputes_and_is_kept_in_the_history(
        admin_client: Any, season: Competition) -> None:
    before = {r.member_id: r.total for r in season_standings(season).rows}
    assert all(len(r.counted) == 4 for r in season_standings(season).rows)
    response = admin_client.post(_edit(season), _edit_data(
        season, count_mode="best", count_n="2"))
    assert response.status_code == 302, response.context["form"].errors
    season.refresh_from_db()
    after = season_standings(season).rows
    assert all(len(r.counted) == 2 and len(r.dropped) == 2 for r in after)
    assert any(r.total != before[r.member_id] for r in after)
    page = admin_client.get(reverse("tournaments:standings", kwargs={
        "club": season.club.slug, "pk": season.pk})).content.decode()
    assert "De beste 2 avonden tellen mee." in page
    history = [h.rules.get("count") for h in season.history.order_by("history_id")]
    assert history[0] != {"best": 2} and history[-1] == {"best": 2}
    # the competition's page shows the change: now best 2, before all evenings
    detail = admin_client.get(reverse("tournaments:competition_detail", kwargs={
        "club": season.club.slug, "pk": season.pk})).content.decode()
    assert "2 reglementen dit seizoen" in detail
    now, before = detail.split("Sinds ", 1)[1].split("Vanaf ", 1)
    assert "De beste 2 avonden tellen mee." in now
    assert "Alle avonden tellen." in before.split("</details>")[0]
