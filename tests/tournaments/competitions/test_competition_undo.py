"""Deleting, archiving and restoring a competition: asked first, a
competition with results is archived rather than deleted, an archived one is hidden from the
members (their list, my results, the standings, the TV) but kept for the admin, each step is in
the history, and another club's admin cannot touch it."""

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.competitions.services.undo import competition_archive, competition_delete
from tournaments.evenings.services.calloffs import calloff_add
from tournaments.models import CallOff, Competition, Evening, EveningStatus

pytestmark = pytest.mark.django_db


def url(name: str, club: Any, **kw: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, **kw})


def test_a_competition_without_results_is_deleted_after_asking(
        admin_client: Any, club: Any, admin_user: Any, make_competition: Any,
        make_evening: Any, make_member: Any) -> None:
    competition = make_competition(club, "jokeren", name="Proef")
    evening = make_evening(competition, status=EveningStatus.PLANNED)
    calloff_add(evening=evening, member=make_member(club, name="Cor"))
    page = admin_client.get(url("competition_remove", club, pk=competition.pk)).content.decode()
    assert "Ja, verwijder" in page and "archiveer" not in page.lower().split("<main")[-1]
    assert Competition.objects.filter(pk=competition.pk).exists()
    admin_client.post(url("competition_remove", club, pk=competition.pk), {"action": "delete"})
    assert not Competition.objects.filter(pk=competition.pk).exists()
    assert not Evening.objects.exists() and not CallOff.objects.exists()
    gone = Competition.history.get(id=competition.pk, history_type="-")
    assert (gone.history_user, gone.history_change_reason) == (admin_user, "deleted")
    listing = admin_client.get(url("competition_list", club)).content.decode()
    assert "Verwijderde competities" in listing and "Proef" in listing


def test_a_competition_with_results_is_archived_not_deleted(
        admin_client: Any, client_for: Any, member_user: Any, club: Any, admin_user: Any,
        play_big_five: Any) -> None:
    played = play_big_five(club, ["Ann", "Bob"])
    competition = played["competition"]
    played["members"][0].user = member_user
    played["members"][0].save()
    with pytest.raises(ValidationError):
        competition_delete(competition=competition)
    page = admin_client.get(url("competition_remove", club, pk=competition.pk)).content.decode()
    assert "Ja, archiveer" in page and "Ja, verwijder" not in page
    member = client_for(member_user)
    pages = [url("competition_detail", club, pk=competition.pk),
             url("standings", club, pk=competition.pk),
             url("evening_detail", club, pk=played["evening"].pk),
             url("evening_results", club, pk=played["evening"].pk)]
    assert all(member.get(p).status_code == 200 for p in pages)
    admin_client.post(url("competition_remove", club, pk=competition.pk), {"action": "archive"})
    competition.refresh_from_db()
    assert competition.is_archived
    last = competition.history.latest("history_date")
    assert (last.history_user, last.history_change_reason) == (admin_user, "archived")
    # hidden from the members, everywhere
    assert all(member.get(p).status_code == 404 for p in pages)
    assert competition.name not in member.get(url("competition_list", club)).content.decode()
    assert competition.name not in member.get(reverse(
        "tournaments:my_results", kwargs={"club": club.slug})).content.decode()
    assert client_for(None).get(url("tv", club, pk=competition.pk)).status_code == 404
    assert client_for(None).get(url("public_standings", club, pk=competition.pk)
                                ).status_code == 404
    # kept for the admin, and restorable
    assert admin_client.get(url("standings", club, pk=competition.pk)).status_code == 200
    assert "Gearchiveerd" in admin_client.get(url("competition_list", club)).content.decode()
    admin_client.post(url("competition_remove", club, pk=competition.pk), {"action": "restore"})
    assert all(member.get(p).status_code == 200 for p in pages)


def test_another_clubs_admin_cannot_delete_or_archive(
        client_for: Any, other_admin_user: Any, other_club: Any, club: Any,
        make_competition: Any) -> None:
    competition = make_competition(club, "jokeren")
    client = client_for(other_admin_user)
    for action in ("delete", "archive"):
        response = client.post(url("competition_remove", other_club, pk=competition.pk),
                               {"action": action})
        assert response.status_code == 404
    competition.refresh_from_db()
    assert not competition.is_archived


def test_a_member_cannot_delete(client_for: Any, member_user: Any, club: Any,
                                make_competition: Any) -> None:
    competition = make_competition(club, "jokeren")
    response = client_for(member_user).post(url("competition_remove", club, pk=competition.pk),
                                            {"action": "delete"})
    assert response.status_code == 403
    assert Competition.objects.filter(pk=competition.pk).exists()


def test_archiving_twice_keeps_the_first_date(make_competition: Any, club: Any) -> None:
    competition = competition_archive(competition=make_competition(club, "jokeren"))
    again = competition_archive(competition=competition)
    assert again.archived_at == competition.archived_at
