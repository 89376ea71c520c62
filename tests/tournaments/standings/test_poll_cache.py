"""An unchanged poll answers from the live cache without a query, and still sees every committed
write and every access rule (clubmanager/core/live_cache.py, tournaments/models/stamps.py).

These tests commit (``transaction=True``): the cache is moved after a commit, and a test wrapped
in one transaction never commits (there, the polls read the database)."""

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from django.urls import reverse

from clubmanager.services import club_role_remove
from tournaments.competitions.services.undo import competition_archive
from tournaments.entry.services.scores import hand_delete
from tournaments.models import Competition, Hand
from tournaments.standings.services.publishing import club_public_pages_set

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC = ("tv", "public_standings")


@pytest.fixture
def played(club: Any, play_big_five: Callable[..., Any]) -> dict[str, Any]:
    return dict(play_big_five(club, ("Ann Jansen", "Bob Smit", "Cor Vos")))


def _urls(club: Any, played: dict[str, Any]) -> dict[str, str]:
    def url(name: str, pk: int) -> str:
        return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})

    return {**{page: url(page, played["competition"].pk) for page in PUBLIC},
            "live": url("evening_live", played["evening"].pk)}


class Poller:
    """A browser polling one page with htmx: sends the last ETag, keeps the new one."""

    def __init__(self, client: Any, url: str) -> None:
        self.client, self.url, self.tag = client, url, ""

    def poll(self) -> Any:
        headers = {"HX-Request": "true", **({"If-None-Match": self.tag} if self.tag else {})}
        answer = self.client.get(self.url, headers=headers)
        self.tag = answer.get("ETag", self.tag)
        return answer


def _delete_last_hand(played: dict[str, Any], by: Any) -> None:
    table = played["table"]
    table.refresh_from_db()
    hand = Hand.objects.filter(table=table).order_by("-number").first()
    assert hand is not None
    hand_delete(hand=hand, by=by, expected_version=table.version)


def test_an_unchanged_public_poll_runs_no_query(
        club: Any, played: dict[str, Any], django_assert_num_queries: Any) -> None:
    for url in _urls(club, played).values():
        poller = Poller(Client(), url)
        assert poller.poll().status_code == 200
        assert poller.poll().status_code == 304  # the first one read the database
        with django_assert_num_queries(0):
            assert poller.poll().status_code == 304, url


def test_a_members_unchanged_poll_runs_no_query(
        club: Any, played: dict[str, Any], member_user: Any, client_for: Callable[[Any], Any],
        django_assert_num_queries: Any) -> None:
    """The session (cached_db) and the user (clubmanager/core/auth_backend.py) come from the
    live cache too."""
    client = client_for(member_user)
    standings = reverse("tournaments:standings",
                        kwargs={"club": club.slug, "pk": played["competition"].pk})
    for url in (standings, _urls(club, played)["live"]):
        poller = Poller(client, url)
        poller.poll()
        poller.poll()
        with django_assert_num_queries(0):
            assert poller.poll().status_code == 304, url


@pytest.mark.parametrize("change", ["password", "deactivated"])
def test_a_new_password_or_a_closed_account_ends_a_members_poll_at_once(
        club: Any, played: dict[str, Any], member_user: Any, client_for: Callable[[Any], Any],
        change: str) -> None:
    """The user is kept in the live cache until it is saved: the next poll of every session
    sees the new password (the session's hash no longer matches) or the closed account."""
    client = client_for(member_user)
    poller = Poller(client, _urls(club, played)["live"])
    poller.poll()
    assert poller.poll().status_code == 304
    assert poller.poll().status_code == 304  # now from the cache
    if change == "password":
        member_user.set_password("een-heel-nieuw-wachtwoord")
    else:
        member_user.is_active = False
    member_user.save()
    answer = poller.poll()
    # the live page is public here: the visitor's answer (no longer logged in) is a new one
    assert answer.status_code == 200
    assert client.get(reverse("home")).context["user"].is_anonymous


def test_a_save_is_seen_after_it_commits_and_a_rolled_back_one_never(
        club: Any, played: dict[str, Any], scorekeeper_user: Any) -> None:
    pollers = [Poller(Client(), url) for url in _urls(club, played).values()]
    for poller in pollers:
        poller.poll()
    generation = caches["live"].get(f"gen:competition:{played['competition'].pk}")
    assert generation is not None

    class RolledBack(Exception):
        pass

    with pytest.raises(RolledBack), transaction.atomic():
        _delete_last_hand(played, scorekeeper_user)
        assert caches["live"].get(f"gen:competition:{played['competition'].pk}") == generation
        raise RolledBack
    assert [p.poll().status_code for p in pollers] == [304, 304, 304]
    assert caches["live"].get(f"gen:competition:{played['competition'].pk}") == generation

    with transaction.atomic():
        _delete_last_hand(played, scorekeeper_user)
        # not committed: the polls' cache still holds the old state
        assert caches["live"].get(f"gen:competition:{played['competition'].pk}") == generation
    assert caches["live"].get(f"gen:competition:{played['competition'].pk}") != generation
    tags = [p.tag for p in pollers]
    assert [p.poll().status_code for p in pollers] == [200, 200, 200]
    assert all(p.tag != tag for p, tag in zip(pollers, tags, strict=True))


def test_a_cleared_cache_falls_back_to_the_database(
        club: Any, played: dict[str, Any], django_assert_num_queries: Any) -> None:
    pollers = [Poller(Client(), url) for url in _urls(club, played).values()]
    for poller in pollers:
        poller.poll()
    # another server moved the stamp while this cache was lost (or a restore did)
    import uuid

    Competition.objects.filter(pk=played["competition"].pk).update(changed=uuid.uuid4())
    caches["live"].clear()
    tv, standings, live = pollers
    assert tv.poll().status_code == 200 and standings.poll().status_code == 200
    assert live.poll().status_code == 304  # the evening's own stamp did not move
    with django_assert_num_queries(0):
        assert [p.poll().status_code for p in pollers] == [304, 304, 304]


def test_an_archived_competition_is_404_to_a_poll_with_its_last_etag(
        club: Any, played: dict[str, Any], admin_user: Any) -> None:
    pollers = [Poller(Client(), url) for url in _urls(club, played).values()]
    for poller in pollers:
        poller.poll()
        assert poller.poll().status_code == 304
    competition_archive(competition=played["competition"], by=admin_user)
    for poller in pollers:
        for _ in range(2):  # the first reads the database, the second the cache
            answer = poller.poll()
            assert answer.status_code == 404, poller.url
            assert "Ann" not in answer.content.decode()


def test_public_pages_switched_off_stop_a_visitors_poll_at_once(
        club: Any, played: dict[str, Any], admin_user: Any) -> None:
    pollers = [Poller(Client(), url) for url in _urls(club, played).values()]
    for poller in pollers:
        poller.poll()
    club_public_pages_set(club=club, public=False, by=admin_user)
    for poller in pollers:
        answer = poller.poll()
        assert answer.status_code == 302 and "login" in answer["Location"], poller.url


def test_a_role_taken_stops_a_members_poll_at_once(
        club: Any, played: dict[str, Any], member_user: Any, client_for: Callable[[Any], Any],
        admin_user: Any) -> None:
    club_public_pages_set(club=club, public=False, by=admin_user)
    client = client_for(member_user)
    standings = reverse("tournaments:standings",
                        kwargs={"club": club.slug, "pk": played["competition"].pk})
    pollers = [Poller(client, url) for url in (standings, *_urls(club, played).values())]
    for poller in pollers:
        poller.poll()
        assert poller.poll().status_code == 304, poller.url
    club_role_remove(club=club, user=member_user)
    for poller in pollers:
        assert poller.poll().status_code == 404, poller.url


def test_another_clubs_competition_and_a_planned_evening_stay_404(
        club: Any, played: dict[str, Any], other_club: Any, make_competition: Any,
        make_evening: Any, make_member: Any) -> None:
    theirs = make_competition(other_club, "big_five")
    planned = make_evening(played["competition"], played["members"], status="planned")
    for name, pk in (("tv", theirs.pk), ("public_standings", theirs.pk),
                     ("evening_live", planned.pk)):
        poller = Poller(Client(), reverse(f"tournaments:{name}",
                                          kwargs={"club": club.slug, "pk": pk}))
        assert [poller.poll().status_code for _ in range(3)] == [404, 404, 404], name


def test_a_logout_ends_a_members_poll_at_once(
        club: Any, played: dict[str, Any], member_user: Any, client_for: Callable[[Any], Any]
) -> None:
    """The session is read through the live cache (cached_db): a logout removes it there."""
    client = client_for(member_user)
    session = client.cookies["sessionid"].value
    poller = Poller(client, reverse("tournaments:standings", kwargs={
        "club": club.slug, "pk": played["competition"].pk}))
    poller.poll()
    assert poller.poll().status_code == 304
    client.post(reverse("logout"))
    again = Client()  # the old session's cookie, as a phone that kept it would send
    again.cookies["sessionid"] = session
    answer = Poller(again, poller.url).poll()
    assert answer.status_code == 302 and "login" in answer["Location"]
