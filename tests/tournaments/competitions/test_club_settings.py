"""The club settings page (docs/secretary-guide.md "Clubinstellingen"): a club
admin changes the club's name, public pages, table codes and language, its logo and the defaults
for new competitions; nobody else can, and every change is kept in the history. The logo shows
on the pages, the PDFs and the TV; the defaults fill the new competition form."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader

from clubmanager.models import Club, ClubLogo
from tests.tournaments.competitions.test_competitions import form_data
from tournaments.models import ClubDefaults, Competition
from tournaments.shared.season_rules import PRESETS

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "De Harten Vrouw 1923", "public_pages": "0", "code_self_confirm": "1",
            "language": "en"}
DEFAULTS = {"game": "high_five_1959", "member": "5,00", "guest": "7,50",
            "season_preset": "best6avg"}


def url(club: Club, name: str = "club_settings", **kwargs: Any) -> str:
    return reverse(f"clubmanager:{name}", kwargs={"club": club.slug, **kwargs})


def png(size: tuple[int, int] = (200, 100), colour: tuple[int, int, int] = (0, 90, 160),
        kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format=kind)
    return out.getvalue()


def upload_logo(client: Any, club: Club, data: bytes, name: str = "logo.png") -> Any:
    return client.post(url(club, "club_logo_upload"),
                       {"file": SimpleUploadedFile(name, data, content_type="image/png")})


def test_the_admin_changes_every_club_setting_and_the_history_keeps_it(
        client_for: Any, admin_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    page = client.get(url(club))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Clubinstellingen" in text and 'value="De Harten Vrouw"' in text
    response = client.post(url(club), SETTINGS)
    assert response.status_code == 302 and response["Location"] == url(club)
    club.refresh_from_db()
    assert (club.name, club.slug, club.public_pages, club.code_self_confirm, club.language) == (
        "De Harten Vrouw 1923", "harten-vrouw", False, True, "en")
    last = club.history.first()  # type: ignore[attr-defined]
    assert last.history_user == admin_user and last.name == "De Harten Vrouw 1923"
    assert last.prev_record is None or last.prev_record.name == "De Harten Vrouw"
    home = client.get(reverse("clubmanager:club_home", kwargs={"club": club.slug}))
    assert "De Harten Vrouw 1923" in home.content.decode()


def test_a_bad_name_is_shown_again_with_a_message_and_nothing_saved(
        client_for: Any, admin_user: Any, club: Club) -> None:
    response = client_for(admin_user).post(url(club), {**SETTINGS, "name": ""})
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    club.refresh_from_db()
    assert club.name == "De Harten Vrouw" and club.public_pages


@pytest.mark.parametrize("who", ["member_user", "scorekeeper_user"])
def test_a_member_or_scorekeeper_cannot_change_the_settings(
        request: Any, client_for: Any, who: str, club: Club) -> None:
    client = client_for(request.getfixturevalue(who))
    assert client.get(url(club)).status_code == 403
    for name, body in (("club_settings", SETTINGS), ("club_defaults_save", DEFAULTS),
                       ("club_logo_remove", {})):
        assert client.post(url(club, name), body).status_code == 403
    assert upload_logo(client, club, png()).status_code == 403
    club.refresh_from_db()
    assert club.name == "De Harten Vrouw" and not club.logo_version
    assert not ClubDefaults.objects.exists()


def test_another_clubs_admin_cannot_even_see_the_page(
        client_for: Any, other_admin_user: Any, club: Club) -> None:
    client = client_for(other_admin_user)
    assert client.get(url(club)).status_code == 404
    assert client.post(url(club), SETTINGS).status_code == 404
    assert upload_logo(client, club, png()).status_code == 404
    club.refresh_from_db()
    assert club.name == "De Harten Vrouw" and not club.logo_version


def test_the_page_and_the_menu_link_it_for_admins_only(
        client_for: Any, admin_user: Any, member_user: Any, club: Club) -> None:
    home = reverse("clubmanager:club_home", kwargs={"club": club.slug})
    assert url(club) in client_for(admin_user).get(home).content.decode()
    assert url(club) not in client_for(member_user).get(home).content.decode()


def test_the_settings_page_runs_a_fixed_number_of_queries(
        client_for: Any, admin_user: Any, club: Club, django_assert_max_num_queries: Any) -> None:
    client = client_for(admin_user)
    upload_logo(client, club, png())
    client.post(url(club, "club_defaults_save"), DEFAULTS)
    with django_assert_max_num_queries(4):  # session, user, club and role, defaults
        assert client.get(url(club)).status_code == 200


def test_the_logo_is_kept_re_encoded_shown_in_the_header_and_removed(
        client_for: Any, admin_user: Any, member_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    response = upload_logo(client, club, png((1200, 600), kind="JPEG"), name="../evil.svg")
    assert response.status_code == 302
    club.refresh_from_db()
    stored = ClubLogo.objects.get(club=club)
    assert (stored.width, stored.height) == (512, 256) and bytes(stored.png).startswith(b"\x89PNG")
    logo_url = url(club, "club_logo", version=club.logo_version)
    home = client_for(member_user).get(reverse("clubmanager:club_home",
                                               kwargs={"club": club.slug}))
    assert f'src="{logo_url}"' in home.content.decode()
    served = client_for(None).get(logo_url)  # public pages: the TV's visitors see it too
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in served["Content-Security-Policy"]
    assert served.content == bytes(stored.png)
    assert client.get(url(club, "club_logo", version="0" * 16)).status_code == 302
    assert club.history.first().history_user == admin_user  # type: ignore[attr-defined]
    assert client.post(url(club, "club_logo_remove")).status_code == 302
    club.refresh_from_db()
    assert not club.logo_version and not ClubLogo.objects.exists()
    assert client_for(None).get(logo_url).status_code == 404


def test_a_refused_logo_says_why_in_dutch_and_keeps_the_old_one(
        client_for: Any, admin_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    upload_logo(client, club, png())
    club.refresh_from_db()
    before = club.logo_version
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    response = upload_logo(client, club, svg, name="logo.png")
    assert response.status_code == 200
    assert "Dit bestand is geen afbeelding" in response.content.decode()
    club.refresh_from_db()
    assert club.logo_version == before


def test_a_private_clubs_logo_is_for_its_members_only(
        client_for: Any, admin_user: Any, other_admin_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    client.post(url(club), {**SETTINGS, "public_pages": "0"})
    upload_logo(client, club, png())
    club.refresh_from_db()
    logo_url = url(club, "club_logo", version=club.logo_version)
    assert client.get(logo_url)["Cache-Control"].startswith("private")
    assert client_for(None).get(logo_url).status_code == 302  # to the login
    assert client_for(other_admin_user).get(logo_url).status_code == 404


def test_the_logo_is_on_the_tv(client_for: Any, admin_user: Any, club: Club,
                               make_competition: Any) -> None:
    upload_logo(client_for(admin_user), club, png())
    club.refresh_from_db()
    competition = make_competition(club)
    tv = client_for(None).get(reverse("tournaments:tv", kwargs={"club": club.slug,
                                                                "pk": competition.pk}))
    assert url(club, "club_logo", version=club.logo_version) in tv.content.decode()


def _images(content: bytes) -> list[Any]:
    return [image for page in PdfReader(io.BytesIO(content)).pages for image in page.images]


def test_the_logo_is_on_the_standings_pdf_and_the_score_sheets(
        client_for: Any, admin_user: Any, club: Club, make_competition: Any,
        make_evening: Any, make_member: Any, make_round: Any, seat_table: Any,
        tmp_path: Path) -> None:
    client = client_for(admin_user)
    competition = make_competition(club)
    evening = make_evening(competition, [make_member(club) for _ in range(4)])
    round_ = make_round(evening)
    seat_table(round_, list(evening.participants.all()))
    standings = reverse("tournaments:standings_pdf", kwargs={
        "club": club.slug, "competition_id": competition.pk})
    sheets = reverse("tournaments:round_sheets", kwargs={"club": club.slug,
                                                         "round_id": round_.pk})
    assert not _images(client.get(standings).content)
    upload_logo(client, club, png((300, 100), colour=(220, 20, 20)))
    for address in (standings, sheets):
        content = client.get(address).content
        images = _images(content)
        assert images, address
        assert {image.image.size for image in images} == {(300, 100)}
    # Drawn where it belongs: red in the top right corner of the printed page.
    (tmp_path / "standings.pdf").write_bytes(client.get(standings).content)
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-singlefile",
                    str(tmp_path / "standings.pdf"), str(tmp_path / "page")], check=True)
    page = Image.open(tmp_path / "page.png").convert("RGB")
    corner = page.crop((page.width * 3 // 4, 0, page.width, page.height // 10))
    assert any(r > 180 and g < 80 and b < 80 for r, g, b in corner.get_flattened_data())  # type: ignore[misc]


def test_the_defaults_fill_the_new_competition_form_and_the_fees_are_kept(
        client_for: Any, admin_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    assert client.post(url(club, "club_defaults_save"), DEFAULTS).status_code == 302
    defaults = ClubDefaults.objects.get(club=club)
    assert (defaults.game, defaults.fee_member_cents, defaults.fee_guest_cents,
            defaults.season_preset) == ("high_five_1959", 500, 750, "best6avg")
    assert defaults.history.first().history_user == admin_user  # type: ignore[attr-defined]
    add = reverse("tournaments:competition_add", kwargs={"club": club.slug})
    form = client.get(add)  # straight to the club's game, no game to choose first
    context = form.context["form"]
    assert context.game == "high_five_1959"
    assert context["fee_member"].value() == 5 and context["fee_guest"].value() == 7.5
    assert context["preset"].value() == "best6avg" and context["rank_by"].value() == "average"
    assert 'value="5,00"' in form.content.decode() and 'value="7,50"' in form.content.decode()
    assert "?choose=1" in form.content.decode()
    assert "competition_game" in client.get(add + "?choose=1").templates[0].name
    data = form_data("high_five_1959", fee_member="5,00", fee_guest="7,50", preset="best6avg",
                     count_mode="best", count_n="6", rank_by="average", min_played="6")
    assert client.post(add, data).status_code == 302
    created = Competition.objects.get(club=club)
    assert (created.fee_member_cents, created.fee_guest_cents) == (500, 750)
    assert created.rules["rank_by"] == PRESETS["best6avg"]["rank_by"]


def test_a_fee_or_game_out_of_bounds_is_refused_with_the_form_shown_again(
        client_for: Any, admin_user: Any, club: Club) -> None:
    client = client_for(admin_user)
    for bad in ({"member": "5000,00"}, {"game": "poker"}, {"season_preset": "x"}):
        response = client.post(url(club, "club_defaults_save"), {**DEFAULTS, **bad})
        assert response.status_code == 200 and "errorlist" in response.content.decode()
    assert not ClubDefaults.objects.exists()


def test_without_defaults_a_new_competition_asks_for_the_game(
        client_for: Any, admin_user: Any, club: Club) -> None:
    add = reverse("tournaments:competition_add", kwargs={"club": club.slug})
    response = client_for(admin_user).get(add)
    assert "competition_game" in response.templates[0].name
