"""Every sentence the site says is true in each state: the evening's fee
line in every state of an evening, with and without a fee; the TV's evening, which is never a
planned one; and a competition planned, in play, closed and archived: what its removal page
offers, whether the standings say there are no results, what members and visitors see of it,
and the TV. (The phone standings' figures, whole however far the table is swiped:
tests/browser/test_standings_scrolled.py.)"""

import datetime
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.evenings.services.evenings import participant_checkin
from tournaments.models import Evening, EveningStatus

pytestmark = pytest.mark.django_db
S = EveningStatus
NO_FEE = "Deze competitie heeft geen inleg."
PLANNED_FEE = "Inleg € 2,50 voor leden, € 1,00 voor gasten; nog niemand ingecheckt."


def detail(client: Any, evening: Evening) -> str:
    return client.get(reverse("tournaments:evening_detail", kwargs={
        "club": evening.competition.club.slug, "pk": evening.pk})).content.decode()


@pytest.mark.parametrize("status", [S.PLANNED, S.CHECKIN, S.PLAYING, S.CLOSED])
@pytest.mark.parametrize("fee", [0, 250])
def test_the_fee_line_is_true_in_every_state(admin_client: Any, club: Any, make_member: Any,
                                             make_competition: Any, make_evening: Any,
                                             status: str, fee: int) -> None:
    competition = make_competition(club, "jokeren", fee_member_cents=fee,
                                   fee_guest_cents=100 if fee else 0)
    evening = make_evening(competition, status=S.PLANNED)
    if status != S.PLANNED:
        participant_checkin(evening=evening, member=make_member(club, name="Ann"))
        Evening.objects.filter(pk=evening.pk).update(status=status)
    page = detail(admin_client, evening)
    if not fee:
        assert NO_FEE in page and "Ontvangen" not in page
    elif status == S.PLANNED:
        assert PLANNED_FEE in page.replace("\xa0", " ") and NO_FEE not in page
    else:
        assert NO_FEE not in page and "nog te betalen € 2,50" in page.replace("\xa0", " ")


def test_the_tv_never_shows_a_planned_evening(client: Any, club: Any, make_member: Any,
                                              make_competition: Any,
                                              make_evening: Any) -> None:
    today = timezone.localdate()
    competition = make_competition(club, "jokeren", start_date=today - datetime.timedelta(30))
    played = make_evening(competition, status=S.CLOSED, date=today - datetime.timedelta(7))
    tonight = make_evening(competition, status=S.PLANNED, date=today)
    tv = reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk})
    assert client.get(tv).context["evening"] == played
    page = client.get(tv).content.decode()
    assert "Vanavond" not in page
    tonight.status = S.CHECKIN
    tonight.save()  # moves the evening's change stamp, as the check-in service does
    assert client.get(tv).context["evening"] == tonight


# -- a competition in each state: planned, in play, closed, archived ---------------------------
COMPETITION_STATES = ["planned", "in play", "closed", "archived"]


def competition_in(state: str, club: Any, make_member: Any, make_competition: Any,
                   make_evening: Any, make_round: Any, seat_table: Any, by: Any) -> Any:
    """A Jokeren competition of one evening: planned (no results), in play (a table with 3 of
    its 7 deals), closed (the table finished) or closed and archived."""
    from tournaments.competitions.services.undo import competition_archive
    from tournaments.entry.services.scores import HandChange, hand_add
    from tournaments.games import sample_hands
    from tournaments.shared.matches import sides_of

    competition = make_competition(club, "jokeren", name="Seizoen 2026")
    if state == "planned":
        make_evening(competition, status=S.PLANNED, date=timezone.localdate())
        return competition
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    evening = make_evening(competition, members, date=timezone.localdate())
    table = seat_table(make_round(evening), list(evening.participants.all()))
    hands = sample_hands("jokeren", sides_of(table.seats.all()))
    for version, hand in enumerate(hands[:3] if state == "in play" else hands):
        hand_add(table=table, by=by, change=HandChange(data=hand, expected_version=version))
    if state != "in play":
        Evening.objects.filter(pk=evening.pk).update(status=S.CLOSED)
    if state == "archived":
        competition_archive(competition=competition, by=by)
    return competition


@pytest.mark.parametrize("state", COMPETITION_STATES)
def test_what_the_competition_pages_say_is_true_in_every_state(
    client_for: Any, admin_user: Any, member_user: Any, club: Any, make_member: Any,
    make_competition: Any, make_evening: Any, make_round: Any, seat_table: Any, state: str,
) -> None:
    """The removal page offers what can be done (delete without results, archive with, restore
    when archived), the standings say "no results yet" only when there are none, members and
    visitors never see an archived competition, and the TV never shows a planned evening."""
    club.public_pages = True
    club.save()
    competition = competition_in(state, club, make_member, make_competition, make_evening,
                                 make_round, seat_table, admin_user)
    kw = {"club": club.slug, "pk": competition.pk}
    admin, member = client_for(admin_user), client_for(member_user)
    remove = admin.get(reverse("tournaments:competition_remove", kwargs=kw)).content.decode()
    detail = admin.get(reverse("tournaments:competition_detail", kwargs=kw)).content.decode()
    expected = {"planned": "heeft nog geen uitslagen",
                "in play": "heeft uitslagen en kan dus niet verwijderd worden",
                "closed": "heeft uitslagen en kan dus niet verwijderd worden",
                "archived": "is gearchiveerd"}[state]
    assert expected in remove, remove
    assert ("Gearchiveerd op" in detail) == (state == "archived")
    listing = member.get(reverse("tournaments:competition_list",
                                 kwargs={"club": club.slug})).content.decode()
    public = [reverse(f"tournaments:{name}", kwargs=kw)
              for name in ("public_standings", "tv", "standings")]
    if state == "archived":
        assert "Seizoen 2026" not in listing
        assert [client_for(None).get(public[0]).status_code, client_for(None).get(public[1])
                .status_code, member.get(public[2]).status_code] == [404, 404, 404]
        return
    assert "Seizoen 2026" in listing
    standings = member.get(public[2]).content.decode()
    # a table still playing counts for nothing yet: the standings have no results either
    assert ("Nog geen uitslagen." in standings) == (state in ("planned", "in play")), standings
    tv = client_for(None).get(public[1])
    assert (tv.context["evening"] is None) == (state == "planned")
    if state == "planned":
        assert "Vanavond" not in tv.content.decode()
        return
    # tonight's evening, with its table still playing while it is in play
    assert "Vanavond" in tv.content.decode()
    assert tv.context["board"].counts["in_progress"] == (1 if state == "in play" else 0)
