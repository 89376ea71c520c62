"""One name policy for every free text: control characters, noncharacters,
zero-width and text-direction characters and names of only spaces are refused with a sentence
naming the rule, wherever a name comes in (forms, the admin, the member import), the same on
SQLite and PostgreSQL; and a name stored before the policy never stops the season workbook."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from clubmanager.core.text import refusal, sheet_safe
from clubmanager.models import Club, Member
from tests.tournaments.competitions.test_competitions import add_url, form_data
from tournaments.models import Competition, Participant
from tournaments.workbook.selectors import season_workbook

pytestmark = pytest.mark.django_db

#: (text, what the Dutch sentence names) for each rule
HOSTILE = [
    ("Ctrl\x01Name", "onzichtbaar stuurteken (U+0001)"),
    ("Esc\x1bName", "onzichtbaar stuurteken (U+001B)"),
    ("Back\x08space", "onzichtbaar stuurteken (U+0008)"),
    ("Vertical\x0btab", "onzichtbaar stuurteken (U+000B)"),
    ("Nul\x00Name", "onzichtbaar stuurteken (U+0000)"),
    ("C1\x85Name", "onzichtbaar stuurteken (U+0085)"),
    ("Two\nlines", "Gebruik één regel"),
    ("Non\ufffechar", "code (U+FFFE) die geen letter of teken is"),
    ("Non\uffffchar", "code (U+FFFF) die geen letter of teken is"),
    ("Lone\ud800surrogate", "code (U+D800) die geen letter of teken is"),
    ("\u200b", "onzichtbaar teken (U+200B)"),
    ("Jan\u200dJansen", "onzichtbaar teken (U+200D)"),
    ("\u202eNASNAJ", "onzichtbaar teken (U+202E)"),
    ("Isolate\u2066x\u2069", "onzichtbaar teken (U+2066)"),
    ("\ufeffBom", "onzichtbaar teken (U+FEFF)"),
    ("   ", "alleen spaties"),
]
#: What a browser can post (no lone surrogate: UTF-8 cannot carry one); a form strips spaces, so
#: a name of only spaces is a name left empty.
POSTED = [(text, "Dit veld is verplicht" if not text.strip() else rule)
          for text, rule in HOSTILE if "\ud800" not in text]
FINE = ["Zoë de Vries-Öztürk", "O'Brien", "José María", "Åse 李", "محمد", "=1+1", "Jan 🂡"]


@pytest.mark.parametrize("text,rule", HOSTILE)
def test_the_policy_refuses_each_rule_with_a_sentence_naming_it(text: str, rule: str) -> None:
    assert rule in (refusal(text) or "")


@pytest.mark.parametrize("text", FINE)
def test_ordinary_names_in_any_script_pass(text: str) -> None:
    assert refusal(text) is None


def test_a_reason_may_hold_line_breaks_and_tabs_but_no_other_control_character() -> None:
    assert refusal("Eerste regel\nTweede\tregel\r\n", multiline=True) is None
    assert "U+0007" in (refusal("Bel\x07", multiline=True) or "")
    assert "hoogstens 200 tekens (dit zijn er 201)" in (
        refusal("x" * 201, multiline=True, max_length=200) or "")


@pytest.mark.parametrize("text,rule", HOSTILE)
def test_every_name_field_refuses_it_in_the_model(club: Club, text: str, rule: str) -> None:
    """The model validator: what the admin, and every service's ``full_clean``, run."""
    for instance, name in ((Club(name=text, slug="c"), "name"),
                           (Member(club=club, name=text, member_number="1"), "name"),
                           (Member(club=club, name="Ann", member_number=text), "member_number"),
                           (Competition(club=club, name=text, game="jokeren",
                                        start_date="2026-09-01", better="lower"), "name")):
        with pytest.raises(ValidationError) as error:
            instance.full_clean(exclude=["club", "user"])
        assert rule in " ".join(error.value.message_dict[name])


def test_the_admin_refuses_a_club_name_with_a_control_character(superuser: Any,
                                                                client_for: Any) -> None:
    admin = client_for(superuser)
    response = admin.post(reverse("admin:clubmanager_club_add"),
                          {"name": "Club\x1bA", "slug": "club-a", "language": "nl",
                           "public_pages": "on"})
    assert response.status_code == 200
    assert "onzichtbaar stuurteken (U+001B)" in response.content.decode()
    assert not Club.objects.filter(slug="club-a").exists()


@pytest.mark.parametrize("text,rule", POSTED)
def test_the_member_form_refuses_it(admin_client: Client, club: Club, text: str,
                                    rule: str) -> None:
    response = admin_client.post(reverse("clubmanager:member_add", kwargs={"club": club.slug}),
                                 {"name": text, "member_number": "77"})
    assert response.status_code == 200
    assert rule in response.content.decode()
    assert not Member.objects.exists()


@pytest.mark.parametrize("text,rule", POSTED[::3] + POSTED[-1:])
def test_the_competition_form_and_the_guest_check_in_refuse_it(
        admin_client: Client, club: Club, make_competition: Callable[..., Any],
        make_evening: Callable[..., Any], text: str, rule: str) -> None:
    response = admin_client.post(add_url(club, "jokeren"), form_data("jokeren", name=text))
    assert response.status_code == 200 and rule in response.content.decode()
    assert not Competition.objects.exists()
    evening = make_evening(make_competition(club, "jokeren"), status="checkin")
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    response = admin_client.post(checkin, {"action": "guest", "guest_name": text})
    assert response.status_code == 200 and rule in response.content.decode()
    assert not Participant.objects.exists()


# -- the member import: a NUL after the first 4096 bytes --------------------------------------
def _upload(client: Client, club: Club, data: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    return client.post(url, {"file": SimpleUploadedFile("leden.csv", data)})


def test_a_nul_deep_in_a_csv_is_a_row_error_and_the_confirm_writes_the_rest(
        admin_client: Client, club: Club) -> None:
    """On PostgreSQL the confirm answered 500 (a NUL in a text column); now the row is an
    error in the preview, on every database, and the other rows are imported."""
    filler = "".join(f"Lid {i};{i}\n" for i in range(1, 500)).encode()
    assert len(filler) > 4096
    data = b"naam;lidnummer\n" + filler + b"Nul\x00Naam;900\nZoe\xe2\x80\x8b;901\n"
    preview = _upload(admin_client, club, data)
    body = preview.content.decode()
    assert preview.status_code == 200
    assert "onzichtbaar stuurteken (U+0000)" in body and "onzichtbaar teken (U+200B)" in body
    confirm = reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug})
    response = admin_client.post(confirm, {"token": preview.context["token"]})
    assert response.status_code == 302
    assert Member.objects.filter(club=club).count() == 499
    assert not Member.objects.filter(member_number__in=["900", "901"]).exists()


# -- exports: whatever was stored before ------------------------------------------------------
def test_the_season_workbook_survives_names_stored_before_the_policy(
        club: Club, make_member: Callable[..., Any], make_competition: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any],
        seat_table: Callable[..., Any]) -> None:
    """Rows written straight to the database (no validation), as older versions stored them:
    every text the workbook holds is there, with what XML cannot hold replaced."""
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    competition = make_competition(club, "jokeren")
    evening = make_evening(competition, members=members, guests=["Gast"])
    seat_table(make_round(evening), list(evening.participants.order_by("pk")))
    bad = "Ctrl\x01\x1b\x08\x0b\ufffe\uffffName"
    Member.objects.filter(pk=members[0].pk).update(name=bad, member_number="X\x02")
    Participant.objects.filter(guest_name="Gast").update(guest_name="Gast\x1b")
    Competition.objects.filter(pk=competition.pk).update(name="Seizoen\x0b")
    Club.objects.filter(pk=club.pk).update(name="Club\x08")
    competition.refresh_from_db()
    book = load_workbook(io.BytesIO(season_workbook(competition)))
    texts = {str(v) for ws in book.worksheets for row in ws.iter_rows(values_only=True)
             for v in row if isinstance(v, str)}
    assert sheet_safe(bad) == "Ctrl\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdName"
    assert sheet_safe(bad) in texts
    assert {"X\ufffd", "Gast\ufffd"} <= texts
    assert book.properties.title == "Club\ufffd: Seizoen\ufffd"
