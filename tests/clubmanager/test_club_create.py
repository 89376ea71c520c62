"""A real club starts on an empty install: ``manage.py club_create`` makes
the club and its first club admin, who sets a password through the printed one-time link,
logs in, imports the members and runs a first competition and evening."""

import io
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from clubmanager.core.mail import wait_for_mail
from clubmanager.models import Club, ClubRole, Member, Role
from tests.tournaments.competitions.test_competitions import form_data
from tests.tournaments.entry.test_score_views import form_post
from tournaments.games import sample_hands
from tournaments.models import Competition, Evening, Table
from tournaments.shared.matches import playing_order

pytestmark = pytest.mark.django_db

SITE = "https://club.example.nl"
LINK = re.compile(re.escape(SITE) + r"(/accounts/password/reset/\S+/)")
NEW_PASSWORD = "een-lang-nieuw-wachtwoord-42"  # noqa: S105 - test only


@pytest.fixture(autouse=True)
def _site_url(settings: Any) -> None:
    settings.SITE_URL = SITE


def create(**options: str) -> str:
    out = io.StringIO()
    call_command("club_create", "--no-input", stdout=out, **options)
    return out.getvalue()


def club_options(**overrides: str) -> dict[str, str]:
    options = {"name": "Klaverjasclub De Vrolijke Boer", "admin_name": "Henk van Leeuwen",
               "login": "henk", "email": "henk@example.nl"}
    options.update(overrides)
    return options


def set_password_through(link_path: str) -> Client:
    client = Client()
    form = client.get(link_path, follow=True)
    assert form.status_code == 200 and "new_password1" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {
        "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True)
    assert done.status_code == 200
    return client


def test_a_club_starts_from_an_empty_install(settings: Any) -> None:
    assert not Club.objects.exists() and not get_user_model().objects.exists()
    printed = create(**club_options())
    club = Club.objects.get()
    assert club.slug == "klaverjasclub-de-vrolijke-boer"
    henk = get_user_model().objects.get(username="henk")
    assert not henk.has_usable_password()  # no password went over the command line
    assert ClubRole.objects.get(user=henk, club=club).role == Role.ADMIN
    link = LINK.search(printed)
    assert link is not None, printed

    set_password_through(link.group(1))
    # The link works once.
    again = Client().get(link.group(1), follow=True)
    assert "new_password1" not in again.content.decode()

    client = Client()
    login = client.post(reverse("login"), {"username": "henk", "password": NEW_PASSWORD})
    assert login.status_code == 302 and login["Location"] == club.get_absolute_url()
    assert client.get(reverse("clubmanager:member_list", kwargs={"club": club.slug})
                      ).status_code == 200

    sheet = SimpleUploadedFile("leden.csv", b"naam;lidnummer\nAnn de Vries;1\nBert Jansen;2\n"
                               b"Cor Bakker;3\nDirk Smit;4\n", content_type="text/csv")
    preview = client.post(reverse("clubmanager:member_import", kwargs={"club": club.slug}),
                          {"file": sheet})
    assert preview.status_code == 200, preview.content.decode()[:2000]
    client.post(reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}),
                {"token": preview.context["token"]})
    assert Member.objects.filter(club=club).count() == 4

    added = client.post(reverse("tournaments:competition_add", kwargs={"club": club.slug})
                        + "?game=jokeren", form_data("jokeren"))
    assert added.status_code == 302, added.content.decode()[:2000]
    competition = Competition.objects.get(club=club)
    evening = client.post(reverse("tournaments:evening_add",
                                  kwargs={"club": club.slug, "pk": competition.pk}),
                          {"date": "2026-10-06", "start_time": "19:30"})
    assert evening.status_code == 302
    made = Evening.objects.get(competition=competition)
    assert client.get(evening["Location"]).status_code == 200
    assert made.date.isoformat() == "2026-10-06"

    # The evening itself: check in the four, draw the round, play the table, see the standings.
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": made.pk})
    for member in Member.objects.filter(club=club):
        client.post(checkin, {"action": "in", "member": member.pk})
    assert made.participants.count() == 4
    client.post(reverse("tournaments:round_draw", kwargs={"club": club.slug, "pk": made.pk}))
    table = Table.objects.get(round__evening=made)
    hands = sample_hands("jokeren", playing_order(table, table.seats.all()))
    for hand in hands:
        table.refresh_from_db()
        saved = client.post(reverse("tournaments:hand_add",
                                    kwargs={"club": club.slug, "pk": table.pk}),
                            form_post(table, hand))
        assert saved.status_code in (200, 302), saved.content.decode()[:2000]
    table.refresh_from_db()
    assert table.finished and table.hand_count == len(hands)
    standings = client.get(reverse("tournaments:standings",
                                   kwargs={"club": club.slug, "pk": competition.pk}))
    body = standings.content.decode()
    assert all(name in body for name in ("Ann de Vries", "Bert Jansen", "Cor Bakker",
                                         "Dirk Smit"))
    assert [row.rank for row in standings.context["standings"].rows] == [1, 2, 3, 4]


@pytest.mark.parametrize("taken", ["slug", "login"])
def test_a_taken_short_name_or_login_is_refused_with_a_sentence(taken: str) -> None:
    create(**club_options())
    other = club_options(name="Andere club", login="piet")
    if taken == "slug":
        other["name"] = "Klaverjasclub De Vrolijke Boer"
    else:
        other["login"] = "HENK"
    with pytest.raises(CommandError) as refused:
        create(**other)
    assert ("De Vrolijke Boer".lower().replace(" ", "-") in str(refused.value)
            if taken == "slug" else "HENK" in str(refused.value))
    assert Club.objects.count() == 1 and get_user_model().objects.count() == 1


def test_it_asks_for_what_is_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["Bridgeclub Oost", "Ann Smit", "ann", "ann@example.nl"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out = io.StringIO()
    call_command("club_create", stdout=out)
    assert Club.objects.get().slug == "bridgeclub-oost"
    assert LINK.search(out.getvalue())


def test_a_superuser_starts_a_club_and_the_admin_gets_the_link_by_mail(
    superuser: Any, client_for: Any, make_user: Any
) -> None:
    page = client_for(superuser)
    assert reverse("club_add") in page.get(reverse("home")).content.decode()
    response = page.post(reverse("club_add"), {
        "name": "Jokerclub Noord", "slug": "", "admin_name": "Ann Smit", "login": "ann",
        "email": "ann@example.nl"})
    wait_for_mail()
    club = Club.objects.get(slug="jokerclub-noord")
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ann@example.nl"]
    link = LINK.search(mail.outbox[0].body)
    assert link is not None and "Jokerclub Noord" in mail.outbox[0].body
    set_password_through(link.group(1))
    assert Client().post(reverse("login"), {"username": "ann", "password": NEW_PASSWORD}
                         ).status_code == 302

    # The same short name again: a sentence on the form, no second club, no mail.
    again = page.post(reverse("club_add"), {
        "name": "Jokerclub Noord", "admin_name": "Bert", "login": "bert",
        "email": "bert@example.nl"})
    wait_for_mail()
    assert again.status_code == 200 and "jokerclub-noord" in again.content.decode()
    assert Club.objects.count() == 1 and len(mail.outbox) == 1

    # Only a superuser: a club admin is refused.
    admin = make_user("carla", club=club, role=Role.ADMIN)
    assert client_for(admin).get(reverse("club_add")).status_code == 403
