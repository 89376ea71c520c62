"""The club hides tonight's ranking for the last part of the evening. The one rule
(``tournaments/standings/selectors/live.py``) is followed by the live page, the standings pages
(members' and public), the evening results and the club TV; progress stays visible, everything
shows once the evening is closed, and each poll's ETag changes when the hidden state does."""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.tournaments.standings.test_standings import Season
from tournaments.models import Competition, Evening, Round
from tournaments.models.stamps import stamp_evening
from tournaments.standings.selectors.live import hidden_now

pytestmark = pytest.mark.django_db

HIDDEN = "De stand van vanavond is verborgen tot de avond is afgesloten"
PRIZES = {"prizes": {"rule": {"top": 2}, "booby": False}}


def _at(hour: int, minute: int = 0) -> datetime.datetime:
    """Today (the real date) at this local time."""
    return timezone.make_aware(datetime.datetime.combine(timezone.localdate(),
                                                         datetime.time(hour, minute)))


# -- the rule ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("status", "last_round", "from_round", "minutes", "now", "hidden"), [
    ("playing", 2, 3, None, 20, False),  # round 3 not drawn yet
    ("playing", 3, 3, None, 20, True),  # round 3 drawn: "from round 3"
    ("checkin", 4, 3, None, 20, True),
    ("closed", 3, 3, None, 20, False),  # closed: everything shows
    ("planned", 3, 3, None, 20, False),
    ("playing", 1, None, 150, 21, False),  # 19:30 + 150 minutes = 22:00
    ("playing", 1, None, 150, 22, True),
    ("closed", 1, None, 150, 23, False),
    ("playing", 1, None, None, 23, False),  # the club hides nothing
])
def test_the_rule_from_round_n_or_n_minutes_after_the_start(
        status: str, last_round: int, from_round: int | None, minutes: int | None, now: int,
        hidden: bool) -> None:
    assert hidden_now(status=status, date=timezone.localdate(), start_time=datetime.time(19, 30),
                      last_round=last_round, from_round=from_round, after_minutes=minutes,
                      now=_at(now)) is hidden


def test_an_evening_without_a_start_time_is_not_hidden_by_the_clock() -> None:
    assert not hidden_now(status="playing", date=timezone.localdate(), start_time=None,
                          last_round=1, from_round=None, after_minutes=0, now=_at(23))


# -- the pages ---------------------------------------------------------------------------------
@pytest.fixture
def tonight(club: Any, make_member: Any, make_competition: Any,
            make_evening: Any) -> dict[str, Any]:
    """Last week (closed): Ann 10, Bob 5, Cor 1. Tonight (playing, every table done): Ann 1,
    Bob 30, Cor 2: tonight Bob goes from second to first."""
    s = Season(club, make_member, make_competition, make_evening, game="big_five",
               names="Ann Bob Cor", better="higher", rules=PRIZES)
    last_week = s.evening({"Ann": 10, "Bob": 5, "Cor": 1})
    evening = s.evening({"Ann": 1, "Bob": 30, "Cor": 2})
    today = timezone.localdate()
    Evening.objects.filter(pk=last_week.pk).update(status="closed",
                                                   date=today - datetime.timedelta(days=7))
    Evening.objects.filter(pk=evening.pk).update(date=today, start_time=datetime.time(19, 30))
    return {"competition": s.competition, "evening": evening, "last_week": last_week,
            "season": s}


def _hide(competition: Competition, **fields: Any) -> None:
    """The setting, without moving the change stamp (what the pages must notice themselves)."""
    Competition.objects.filter(pk=competition.pk).update(**fields)


def _close(evening: Evening) -> None:
    """Closed as the evening's page closes it: the status and a new stamp."""
    Evening.objects.filter(pk=evening.pk).update(status="closed")
    stamp_evening(evening.pk)


def _url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def _totals(response: Any) -> dict[str, int]:
    return {row.name: row.total for row in response.context["standings"].rows}


def _poll(client: Any, url: str, tag: str | None = None) -> Any:
    headers = {"HX-Request": "true"}
    if tag:
        headers["If-None-Match"] = tag
    return client.get(url, headers=headers)


@pytest.mark.parametrize("page", ["standings", "public_standings"])
def test_the_standings_leave_tonight_out_while_hidden(
        client: Any, client_for: Callable[[Any], Any], member_user: Any, club: Any,
        tonight: dict[str, Any], page: str) -> None:
    viewer = client_for(member_user) if page == "standings" else client
    url = _url(page, club, tonight["competition"].pk)
    shown = viewer.get(url)
    assert _totals(shown) == {"Ann": 11, "Bob": 35, "Cor": 3}
    assert HIDDEN not in shown.content.decode()

    _hide(tonight["competition"], live_hide_from_round=1)
    for hidden in (viewer.get(url), _poll(viewer, url)):
        body = hidden.content.decode()
        assert _totals(hidden) == {"Ann": 10, "Bob": 5, "Cor": 1}  # as before tonight
        assert HIDDEN in body and "zoals hij was vóór vanavond" in body
        # no column, no link to tonight's results
        assert f"/evenings/{tonight['evening'].pk}/" not in body
        assert f"/evenings/{tonight['last_week'].pk}/" in body

    Evening.objects.filter(pk=tonight["evening"].pk).update(status="closed")
    closed = viewer.get(url)
    assert _totals(closed) == {"Ann": 11, "Bob": 35, "Cor": 3}
    assert HIDDEN not in closed.content.decode()


def test_the_standings_are_in_english_too(client: Any, club: Any,
                                          tonight: dict[str, Any]) -> None:
    _hide(tonight["competition"], live_hide_from_round=1)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    for page in ("public_standings", "tv"):
        body = client.get(_url(page, club, tonight["competition"].pk)).content.decode()
        assert "Tonight's standings are hidden until the evening is closed." in body


def test_the_tv_shows_no_ranking_nor_prizes_of_tonight_while_hidden(
        client: Any, club: Any, tonight: dict[str, Any]) -> None:
    url = _url("tv", club, tonight["competition"].pk)
    shown = client.get(url)
    assert _totals(shown) == {"Ann": 11, "Bob": 35, "Cor": 3}
    assert shown.context["prizes"] is not None and "Bob" in shown.content.decode()

    _hide(tonight["competition"], live_hide_from_round=1)
    hidden = client.get(url)
    body = hidden.content.decode()
    assert _totals(hidden) == {"Ann": 10, "Bob": 5, "Cor": 1}
    assert hidden.context["prizes"] is None and "tv-prizes" not in body
    assert HIDDEN in body
    assert "uitgespeeld 1" in body  # tonight's progress stays: its one table finished

    _close(tonight["evening"])
    closed = client.get(url)
    assert _totals(closed) == {"Ann": 11, "Bob": 35, "Cor": 3}
    assert closed.context["prizes"] is not None and HIDDEN not in closed.content.decode()


@pytest.mark.parametrize("page", ["evening_results", "public_evening"])
def test_tonights_results_page_keeps_the_ranking_hidden_too(
        client: Any, client_for: Callable[[Any], Any], member_user: Any, club: Any,
        tonight: dict[str, Any], page: str) -> None:
    viewer = client_for(member_user) if page == "evening_results" else client
    url = _url(page, club, tonight["evening"].pk)
    assert "Avondprijzen" in viewer.get(url).content.decode()
    _hide(tonight["competition"], live_hide_from_round=1)
    body = viewer.get(url).content.decode()
    assert HIDDEN in body and "Avondprijzen" not in body
    assert "Tafel 1" in body  # the tables, as the live page shows them
    last_week = viewer.get(_url(page, club, tonight["last_week"].pk)).content.decode()
    assert HIDDEN not in last_week and "Avondprijzen" in last_week


# -- the polls notice the hidden state ---------------------------------------------------------
POLLED = [("tv", "competition"), ("public_standings", "competition"),
          ("evening_live", "evening")]


@pytest.mark.parametrize(("page", "of"), POLLED)
def test_a_poll_notices_when_the_clock_passes_the_threshold(
        client: Any, club: Any, tonight: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        page: str, of: str) -> None:
    _hide(tonight["competition"], live_hide_after_minutes=150)  # from 22:00
    url = _url(page, club, tonight[of].pk)
    early, late = _at(21, 50), _at(22, 0)
    monkeypatch.setattr(timezone, "now", lambda: early)
    before = _poll(client, url)
    assert before.status_code == 200 and HIDDEN not in before.content.decode()
    assert _poll(client, url, before["ETag"]).status_code == 304  # nothing changed
    monkeypatch.setattr(timezone, "now", lambda: late)
    after = _poll(client, url, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    body = after.content.decode()
    assert "verborgen" in body and "Bob" in body  # hidden; the tables' progress stays
    assert _poll(client, url, after["ETag"]).status_code == 304


@pytest.mark.parametrize(("page", "of"), POLLED)
def test_a_poll_notices_the_round_reached_and_the_evening_closed(
        client: Any, club: Any, tonight: dict[str, Any], page: str, of: str) -> None:
    _hide(tonight["competition"], live_hide_from_round=2)
    url = _url(page, club, tonight[of].pk)
    first = _poll(client, url)
    assert HIDDEN not in first.content.decode()
    Round.objects.create(evening=tonight["evening"], number=2, seed=2)  # no stamp moved
    drawn = _poll(client, url, first["ETag"])
    assert drawn.status_code == 200 and "verborgen" in drawn.content.decode()
    Evening.objects.filter(pk=tonight["evening"].pk).update(status="closed")  # nor here
    closed = _poll(client, url, drawn["ETag"])
    assert closed.status_code == 200 and "verborgen" not in closed.content.decode()


# -- a fixed number of queries -----------------------------------------------------------------
@pytest.mark.parametrize("page", ["standings", "public_standings", "tv"])
def test_hidden_pages_read_in_a_fixed_number_of_queries(
        client: Any, client_for: Callable[[Any], Any], member_user: Any, club: Any,
        tonight: dict[str, Any], django_assert_max_num_queries: Any, page: str) -> None:
    viewer = client_for(member_user) if page == "standings" else client
    _hide(tonight["competition"], live_hide_from_round=1, live_hide_after_minutes=60)
    url = _url(page, club, tonight["competition"].pk)
    viewer.get(url)  # the session, the club
    _forget_renders()  # each answer rendered, not the one kept for its ETag
    with CaptureQueriesContext(connection) as small:
        assert HIDDEN in viewer.get(url).content.decode()
        assert HIDDEN in _poll(viewer, url).content.decode()
    season: Season = tonight["season"]
    for _ in range(4):  # more evenings played, a round more tonight
        Evening.objects.filter(pk=season.evening({"Ann": 3, "Bob": 4, "Cor": 5}).pk).update(
            status="closed")
    Round.objects.create(evening=tonight["evening"], number=2, seed=2)
    _forget_renders()
    with django_assert_max_num_queries(len(small)):
        assert HIDDEN in viewer.get(url).content.decode()
        assert HIDDEN in _poll(viewer, url).content.decode()


# -- the PDFs ----------------------------------------------------------------------------------
def _pdf_text(content: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages
                             ).split())


def test_a_members_pdfs_keep_tonight_hidden_a_club_admins_do_not(
        client_for: Callable[[Any], Any], member_user: Any, admin_user: Any, club: Any,
        tonight: dict[str, Any]) -> None:
    _hide(tonight["competition"], live_hide_from_round=1)
    standings = reverse("tournaments:standings_pdf", kwargs={
        "club": club.slug, "competition_id": tonight["competition"].pk})
    evening_pdfs = [reverse(f"tournaments:{name}", kwargs={
        "club": club.slug, "evening_id": tonight["evening"].pk})
        for name in ("evening_results_pdf", "prize_list_pdf")]
    member, admin = client_for(member_user), client_for(admin_user)
    bob = r"Bob \d+ {} "  # name, member number, total
    assert re.search(bob.format(5), _pdf_text(member.get(standings).content))  # before tonight
    assert re.search(bob.format(35), _pdf_text(admin.get(standings).content))
    for url in evening_pdfs:
        assert member.get(url).status_code == 404
        assert admin.get(url).status_code == 200
    _close(tonight["evening"])
    assert re.search(bob.format(35), _pdf_text(member.get(standings).content))
    for url in evening_pdfs:
        assert member.get(url).status_code == 200


def _forget_renders() -> None:
    for cache in caches.all():
        cache.clear()
