"""The points champion beside the standings ("5 of the 7 count; there is also a points
champion over all evenings"): everyone's total over every evening played, also the evenings that
do not count, without absence scores or minimum; on the standings page, the public page (names
as chosen) and the standings PDF, carried by the workbook (tests/tournaments/
test_workbook_reglement.py)."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from typing import Any

import pytest
from django.db.models import Sum
from django.urls import reverse
from pypdf import PdfReader

from clubmanager.models import PublicName
from tournaments.models import CallOff, Seat
from tournaments.shared.season_rules import rules_errors, rules_sentences
from tournaments.standings.selectors.standings import season_and_champion

pytestmark = pytest.mark.django_db

RULES = {"count": {"best": 3}, "min_played": 4, "champion": True,
         "absent": {"notified": "worst", "unnotified": "nothing"}}


@pytest.fixture
def season(club: Any) -> Any:
    from benchmarks.season import build_jokeren_season

    competition = build_jokeren_season(club, evenings=6, members=8, rounds=1, name="Winter")
    evenings = list(competition.evenings.order_by("date"))
    evenings[-1].counts = False  # the closing evening does not count for the competition
    evenings[-1].save()
    # Speler 008 plays only the first evening, and called off for the second
    Seat.objects.filter(participant__member__member_number="B008",
                        table__round__evening__in=evenings[1:]).delete()
    member = evenings[0].participants.get(member__member_number="B008").member
    CallOff.objects.create(evening=evenings[1], member=member)
    competition.rules = RULES
    competition.save()
    return competition


def every_evening_total(competition: Any) -> dict[str, int]:
    totals: dict[str, int] = defaultdict(int)
    for number, points in Seat.objects.filter(
            table__round__evening__competition=competition, table__finished=True).values_list(
            "participant__member__member_number").annotate(points=Sum("competition_points")):
        totals[number] += points
    return dict(totals)


def test_the_champion_counts_every_evening_played_and_nothing_else(season: Any) -> None:
    standings, champion = season_and_champion(season)
    assert champion is not None
    totals = {row.member_number: row.total for row in champion.rows}
    assert totals == every_evening_total(season)  # the closing evening too, best 3 or not
    # lowest wins (Jokeren), in order, and nobody needs a minimum
    assert [row.total for row in champion.rows] == sorted(totals.values())
    assert all(row.qualified and row.rank is not None for row in champion.rows)
    lone = next(row for row in champion.rows if row.member_number == "B008")
    assert lone.evenings_played == 1 and not lone.absent_scores  # no score for calling off
    # the standings themselves are the reglement's: best 3, the called-off evening scored
    ranked = next(row for row in standings.rows if row.member_number == "B008")
    assert ranked.absent_scores and not ranked.qualified
    assert {row.member_number: row.total for row in standings.rows} != totals


def test_without_it_there_is_none_and_the_rules_say_so(season: Any) -> None:
    assert "Er is ook een puntenkampioen: het totaal over elke gespeelde avond." in (
        rules_sentences(season.rules))
    season.rules = {k: v for k, v in RULES.items() if k != "champion"}
    assert season_and_champion(season)[1] is None
    assert rules_errors({**RULES, "champion": "yes"}, "lower") == [
        {"code": "RULES_INVALID", "field": "champion", "params": {}}]
    assert rules_errors(RULES, "lower") == []


def test_the_page_and_the_public_page_show_it(season: Any, client_for: Any, member_user: Any,
                                             client: Any, club: Any,
                                             django_assert_max_num_queries: Any) -> None:
    page = client_for(member_user)
    url = reverse("tournaments:standings", kwargs={"club": club.slug, "pk": season.pk})
    page.get(url)
    with django_assert_max_num_queries(13):  # the same 4 queries serve both rankings
        body = page.get(url).content.decode()
    assert "Puntenkampioen" in body and "Speler 008" in body
    champion = body.split('id="champion-title"', 1)[1]
    first = min(every_evening_total(season).items(), key=lambda item: item[1])
    assert f"<strong>{first[1]}</strong>" in champion.split("</tr>", 2)[1]
    # visitors see the names as each member chose: "Speler 0." by default
    season.club.members.filter(member_number="B001").update(public_name=PublicName.HIDDEN)
    club.public_pages = True
    club.save()
    public = client.get(reverse("tournaments:public_standings",
                                kwargs={"club": club.slug, "pk": season.pk})).content.decode()
    champion = public.split('id="champion-title"', 1)[1]
    assert "Speler 008" not in champion and "Speler 0." in champion


def test_the_pdf_shows_it(season: Any, admin_client: Any, club: Any) -> None:
    url = reverse("tournaments:standings_pdf", kwargs={"club": club.slug,
                                                       "competition_id": season.pk})
    content = admin_client.get(url).content
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages
                             ).split())
    assert "Puntenkampioen" in text
    after = text.split("Puntenkampioen", 1)[1]
    assert "alle gespeelde avonden" in after or "elke gespeelde avond" in after
    for number, total in every_evening_total(season).items():
        assert f"Speler {number[1:]} {total}" in after


def test_the_form_sets_it(admin_client: Any, club: Any, season: Any) -> None:
    from tests.tournaments.competitions.test_competitions import form_data

    url = reverse("tournaments:competition_edit", kwargs={"club": club.slug, "pk": season.pk})
    form = admin_client.get(url).content.decode()
    assert 'name="champion"' in form and "Ook een puntenkampioen" in form
    data = form_data("jokeren")
    data.update({"name": season.name, "start_date": "2025-09-02", "count_mode": "best",
                 "count_n": "3"})
    data.pop("champion", None)
    admin_client.post(url, data)
    season.refresh_from_db()
    assert "champion" not in season.rules
    admin_client.post(url, {**data, "champion": "on"})
    season.refresh_from_db()
    assert season.rules["champion"] is True
    form = admin_client.get(url).content.decode()
    assert re.search(r'<input[^>]*name="champion"[^>]*checked', form)
