"""The club home page: tonight's evenings first, with a button to the member's own table."""

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def home(client: Any, club: Any) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client.get(reverse("clubmanager:club_home", kwargs={"club": club.slug})
                      ).content.decode()


def test_tonight_lists_todays_evenings_and_the_users_own_table(
        club: Any, member_user: Any, make_member: Callable[..., Any],
        make_competition: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any], seat_table: Callable[..., Any],
        client_for: Callable[..., Any], django_assert_max_num_queries: Any) -> None:
    me = make_member(club, name="Ann", user=member_user)
    others = [make_member(club, name=n) for n in ("Bob", "Cor", "Dirk", "Eva")]
    competition = make_competition(club, "jokeren", name="Jokeren")
    tonight = make_evening(competition, [others[0], others[1], me, others[2]],
                           date=timezone.localdate())
    people = list(tonight.participants.all())
    seat_table(make_round(tonight), people[:2], number=1)
    second = make_round(tonight)
    seat_table(second, people[2:], number=7)  # the latest round: Ann at table 7
    make_evening(make_competition(club, "big_five", name="Big Five"), others,
                 date=timezone.localdate() + datetime.timedelta(days=7), status="planned")
    client = client_for(member_user)
    with django_assert_max_num_queries(10):
        body = home(client, club)
    assert "<h2>Tonight</h2>" in body
    assert body.index("<h2>Tonight</h2>") < body.index("<h2>Competitions</h2>")
    assert "Your table: table 7, round 2" in body
    own = reverse("tournaments:table_scores", kwargs={
        "club": club.slug, "pk": second.tables.get().pk})
    assert f'href="{own}"' in body
    tonight_part = body[body.index("<h2>Tonight</h2>"):body.index("<h2>Competitions</h2>")]
    assert "Jokeren" in tonight_part and "Big Five" not in tonight_part  # next week's


def test_no_tonight_section_without_an_evening_today(club: Any, member_user: Any,
                                                     client_for: Callable[..., Any]) -> None:
    assert "<h2>Tonight</h2>" not in home(client_for(member_user), club)


def test_a_closed_evening_is_not_tonight_and_no_own_table_without_a_seat(
        club: Any, scorekeeper_user: Any, make_member: Callable[..., Any],
        make_competition: Callable[..., Any], make_evening: Callable[..., Any],
        client_for: Callable[..., Any]) -> None:
    members = [make_member(club, name=n) for n in ("Bob", "Cor")]
    make_evening(make_competition(club, "jokeren", name="Gisteren"), members,
                 date=timezone.localdate(), status="closed")
    make_evening(make_competition(club, "big_five", name="Vanavond"), members,
                 date=timezone.localdate())
    body = home(client_for(scorekeeper_user), club)
    tonight_part = body[body.index("<h2>Tonight</h2>"):body.index("<h2>Competitions</h2>")]
    assert "Vanavond" in tonight_part and "Gisteren" not in tonight_part
    assert "Your table" not in body
