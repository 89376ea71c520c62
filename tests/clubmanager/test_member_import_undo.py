"""Undoing a member import: asked first, it deletes the members the import
created while none has played or called off, keeps who undid it, and never reaches another
club's import."""

import datetime
import io
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubmanager.import_undo import member_import_undo
from clubmanager.models import Member, MemberImport
from tournaments.evenings.services.evenings import participant_checkin
from tournaments.models import Competition, Evening, EveningStatus

pytestmark = pytest.mark.django_db


def imported(client: Any, club: Any, sheet: bytes) -> MemberImport:
    upload = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    with io.BytesIO(sheet) as handle:
        handle.name = "leden.csv"
        token = client.post(upload, {"file": handle}).context["token"]
    client.post(reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}),
                {"token": token})
    return MemberImport.objects.get(club=club)


def undo_url(club: Any, batch: MemberImport) -> str:
    return reverse("clubmanager:member_import_undo", kwargs={"club": club.slug, "pk": batch.pk})


def test_an_import_is_undone_after_asking(admin_client: Any, club: Any, admin_user: Any,
                                          make_member: Any) -> None:
    kept = make_member(club, name="Oud Lid", member_number="1")
    batch = imported(admin_client, club, b"naam;nr\nAnn;11\nBob;12\nOud Lid;1\n")
    assert batch.created_count == 2 and batch.created_by == admin_user
    page = admin_client.get(undo_url(club, batch)).content.decode()
    assert "Ann" in page and "Bob" in page and "Oud Lid" not in page
    assert Member.objects.filter(club=club).count() == 3  # asking changes nothing
    admin_client.post(undo_url(club, batch))
    assert list(Member.objects.filter(club=club)) == [kept]
    batch.refresh_from_db()
    assert batch.undone_at is not None and batch.undone_by == admin_user
    assert Member.history.filter(history_type="-", history_user=admin_user).count() == 2
    listing = admin_client.get(reverse("clubmanager:member_imports",
                                       kwargs={"club": club.slug})).content.decode()
    assert "ongedaan gemaakt" in listing


def test_an_import_whose_members_played_stays(admin_client: Any, club: Any) -> None:
    batch = imported(admin_client, club, b"naam;nr\nAnn;11\n")
    competition = Competition.objects.create(club=club, name="Proef", game="jokeren",
                                             start_date=datetime.date(2026, 9, 1),
                                             better="lower")
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 8),
                                     status=EveningStatus.PLANNED)
    participant_checkin(evening=evening, member=Member.objects.get(name="Ann"))
    with pytest.raises(ValidationError):
        member_import_undo(club=club, batch=batch)
    admin_client.post(undo_url(club, batch))
    assert Member.objects.filter(name="Ann").exists()


def test_another_clubs_import_is_out_of_reach(admin_client: Any, club: Any, other_club: Any,
                                              client_for: Any, other_admin_user: Any) -> None:
    batch = imported(admin_client, club, b"naam;nr\nAnn;11\n")
    client = client_for(other_admin_user)
    response = client.post(reverse("clubmanager:member_import_undo",
                                   kwargs={"club": other_club.slug, "pk": batch.pk}))
    assert response.status_code == 404
    with pytest.raises(ValidationError):
        member_import_undo(club=other_club, batch=batch)
    assert Member.objects.filter(name="Ann").exists()
