"""The secretary moves her club over from Excel, on a database without the demo.

A site admin starts the club; the club admin sets her password from the welcome mail, imports
her member sheet (Roepnaam / Tussenv. / Achternaam, no member numbers, a formula column, a name
twice, phone numbers that lost their 0, a broken e-mail address), sets up the competition with
her reglement typed over a preset, and runs two evenings (check-in, a call-off, the draw, the
scores through the table pages, closing). A member then reads the standings, checked against
values worked out by hand below from the scores entered, not by the site's own code.

With ``DOCS_SCREENSHOTS=docs/images`` each screen of the journey is saved there for the
secretary's guide (``make guide-pictures``); without it nothing is written.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from playwright.sync_api import expect

from clubmanager.models import Member, Role
from tests.conftest import PASSWORD
from tournaments.models import Competition

pytestmark = pytest.mark.django_db(transaction=True)

#: Who plays each evening, with the crowns each has in front of them when the game ends (the
#: winner of a table is whoever has the most; the winner's count is raised to the 10 needed).
#: Each evening one member calls off and one stays away without a word.
EVENINGS = [
    {"crowns": {"Jan van der Berg": 9, "Truus Bakker": 8, "Klaas de Vries": 7,
                "Ria Meijer": 6, "Hennie ter Horst": 5, "Gé Smeets": 4, "Annie van Dam": 3,
                "Bert Visser": 2},
     "called_off": "Riek Mulder", "away": "Piet Jansen"},
    {"crowns": {"Piet Jansen": 9, "Riek Mulder": 8, "Gé Smeets": 7, "Hennie ter Horst": 6,
                "Ria Meijer": 5, "Klaas de Vries": 4, "Truus Bakker": 3, "Jan van der Berg": 2},
     "called_off": "Annie van Dam", "away": "Bert Visser"},
]

SHEET = Path(__file__).resolve().parents[1] / "fixtures" / "members_libreoffice.xlsx"
#: The season starts last week: its evenings are this week and the next.
START = datetime.date.today() - datetime.timedelta(weeks=1)
SHOTS = os.environ.get("DOCS_SCREENSHOTS", "")


def picture(page: Any, name: str, *, full: bool = True) -> None:
    """One screen of the journey for the guide, 390 px wide (the phone's CSS pixels)."""
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"journey-{name}.png"
    # the top of the page, at most 1500 px: enough to recognise the screen, small to keep
    height = min(1500, page.evaluate("document.documentElement.scrollHeight")) if full else 844
    page.screenshot(path=str(path), full_page=full, scale="css",
                    clip={"x": 0, "y": 0, "width": 390, "height": height})
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o2", str(path)], check=False)


def label(page: Any, text: str) -> Any:
    """The field whose label is ``text`` (Django's labels end in a colon)."""
    return page.get_by_label(re.compile(rf"^{re.escape(text)}:?$"))


def expected_standings(played: list[tuple[list[list[str]], dict[str, Any]]],
                       ) -> dict[str, dict[str, Any]]:
    """The standings her reglement gives, worked out by hand from the tables as drawn and the
    crowns entered: at a table of four the places score 3, 2, 1, 0 (players minus place, the
    club's choice); who called off gets the evening's lowest score, who stayed away without a
    word gets nothing; the best 6 count, on the average; nobody has the 6 evenings needed to be
    ranked yet."""
    scores: dict[str, list[int | None]] = {}
    called: dict[str, list[bool]] = {}
    wins: dict[str, int] = {}
    for index, (tables, plan) in enumerate(played):
        tonight: dict[str, int] = {}
        for names in tables:
            ranked = sorted(names, key=lambda n: -plan["crowns"][n])
            for place, name in enumerate(ranked, start=1):
                tonight[name] = len(names) - place
                wins[name] = wins.get(name, 0) + (place == 1)
        lowest = min(tonight.values())
        for name in {*tonight, plan["called_off"], plan["away"]}:
            scores.setdefault(name, [None] * len(played))
            called.setdefault(name, [False] * len(played))
        for name, points in tonight.items():
            scores[name][index] = points
        scores[plan["called_off"]][index] = lowest
        called[plan["called_off"]][index] = True
    expected = {}
    for name, evenings in scores.items():
        counted = [p for p in evenings if p is not None]
        own = [p for p, off in zip(evenings, called[name], strict=True)
               if p is not None and not off]
        average = sum(counted) / len(counted)
        expected[name] = {
            "rank": "–", "average": f"{average:.1f}".replace(".", ","),
            "played": str(len(own)), "wins": str(wins.get(name, 0)),
            "best": str(max(own)) if own else "", "total": str(sum(counted)),
            "evenings": ["" if p is None else f"{p} (afgemeld)" if off else str(p)
                         for p, off in zip(evenings, called[name], strict=True)]}
    return expected


def question(page: Any, legend: str) -> Any:
    """The radio buttons of one question of the reglement, by its legend."""
    return page.get_by_role("group", name=legend, exact=True)


def log_in(page: Any, username: str, password: str = PASSWORD) -> None:
    page.get_by_label("Gebruikersnaam").fill(username)
    page.get_by_label("Wachtwoord").fill(password)
    page.get_by_role("button", name="Inloggen").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_the_secretary_moves_her_club_over_and_runs_two_evenings(
    browsing: Any, step: Any, make_user: Any,
) -> None:
    get_user_model().objects.create_superuser("beheer", "beheer@example.nl", PASSWORD)
    page = browsing.new_page(phone=True, language="nl")

    with step("the site admin starts the club"):
        page.goto("/site/clubs/new/")
        log_in(page, "beheer")
        label(page, "Clubnaam").fill("Klaverblad Dokkum")
        label(page, "Naam van de clubbeheerder").fill("Wilma Hoekstra")
        label(page, "Inlognaam van de clubbeheerder").fill("wilma")
        label(page, "E-mail van de clubbeheerder").fill("wilma@example.nl")
        picture(page, "01-club-aanmaken")
        page.get_by_role("button").filter(has_text=re.compile("aanmaken|Aanmaken")).click()
        expect(page.get_by_text("Klaverblad Dokkum").first).to_be_visible()

    with step("the club admin sets her password from the welcome mail"):
        # the mail's link is on the site's address (DJANGO_SITE_URL): its path, on this server
        found = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[-1].body)
        assert found, mail.outbox[-1].body
        link = found.group(1)
        page.context.clear_cookies()
        page.context.add_cookies([{"name": "django_language", "value": "nl",
                                   "url": browsing.base_url}])
        page.goto(link)
        label(page, "Nieuw wachtwoord").fill("klaverblad-dokkum-2026")
        label(page, "Nieuw wachtwoord bevestigen").fill("klaverblad-dokkum-2026")
        picture(page, "02-wachtwoord-kiezen")
        page.get_by_role("button", name="Nieuw wachtwoord opslaan").click()
        page.goto("/accounts/login/")
        log_in(page, "wilma", "klaverblad-dokkum-2026")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Klaverblad Dokkum")
        picture(page, "03-clubpagina")

    with step("she uploads her member sheet and reads the preview"):
        page.get_by_role("link", name="Leden").first.click()
        picture(page, "04-leden-leeg")
        page.get_by_role("link", name="Importeren").first.click()
        page.locator('input[type="file"]').set_input_files(str(SHEET))
        picture(page, "05-import-kiezen")
        page.get_by_role("button", name="Voorbeeld tonen").click()
        picture(page, "06-import-voorbeeld")
        preview = page.locator("table")
        # one group per member: her row and the details under it
        expect(preview.locator("tbody.member")).to_have_count(20)  # every member, none dropped
        jan = preview.locator("tbody.member", has_text="Jan van der Berg")  # three columns, joined
        expect(jan).to_contain_text("bewaard als 0612345678")  # the 0 Excel dropped
        expect(preview.locator("tbody.member", has_text="Henk Kok")).to_contain_text(
            "Telefoonnummer 912345678 is misschien zijn 0 vooraan kwijt")
        expect(preview.locator("tbody.member", has_text="Riek Mulder")).to_contain_text(
            "„riek.mulder@example,nl” is geen e-mailadres; het lid komt erin zonder.")
        expect(preview.locator("tbody.member").nth(5)).to_contain_text(
            "Waarschijnlijk dezelfde persoon als op rij 4")
        # the formula's saved value
        expect(preview.locator("tbody.member").nth(5)).to_contain_text("klaas De Vries")
        expect(page.get_by_text("Geboortedatum")).to_be_visible()  # a column not imported

    with step("she confirms the import"):
        page.get_by_role("button", name="Import bevestigen").click()
        expect(page.locator(".messages, [role=status]").first).to_contain_text("20")
        picture(page, "07-ledenlijst")

    with step("a new competition: her reglement typed over a preset"):
        page.goto("/")
        page.get_by_role("link", name="Klaverblad Dokkum").first.click()
        page.get_by_role("link", name="Alle competities").click()
        page.get_by_role("link", name="Nieuwe competitie").click()
        picture(page, "08-spel-kiezen")
        page.get_by_role("link", name="High Five (Frans, kronen)").click()
        label(page, "Naam").fill("Kroonjaar 2026-2027")
        label(page, "Begindatum").fill(START.isoformat())
        label(page, "Einddatum").fill((START + datetime.timedelta(weeks=40)).isoformat())
        preset = page.get_by_label("Beste 6 van 8, op gemiddelde")
        preset.check()  # fills the answers below; what she types after it is what counts
        expect(page.locator('input[name="count_n"]')).to_have_value("6")
        preset.scroll_into_view_if_needed()
        picture(page, "09-reglement-begin-met", full=False)
        question(page, "Wat krijgt wie zich heeft afgemeld?").get_by_label(
            "De slechtste score van die avond").check()
        question(page, "Wat krijgt wie er niet was (zonder afmelding)?").get_by_label(
            "Niets").check()
        question(page, "Wie krijgt een prijs?").get_by_label("De besten", exact=False).first.check()
        page.get_by_label("De besten: hoeveel prijzen?").fill("3")
        page.get_by_label("Poedelprijs voor de", exact=False).check()
        page.get_by_label("Punten naar plaats", exact=False).check()
        page.get_by_label("Poedelprijs voor de", exact=False).scroll_into_view_if_needed()
        picture(page, "10-reglement-prijzen", full=False)
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/new/" not in url)
        expect(page.get_by_role("heading", level=1)).to_contain_text("Kroonjaar 2026-2027")
        picture(page, "11-competitie")
    competition = Competition.objects.get()
    rules = competition.rules  # what the form showed when she saved, not the preset's
    assert (rules["count"], rules["rank_by"], rules["min_played"]) == ({"best": 6}, "average", 6)
    assert (rules["absent"]["notified"], rules["absent"]["unnotified"]) == ("worst", "nothing")
    assert rules["prizes"] == {"rule": {"top": 3}, "booby": True}, rules

    played: list[tuple[list[list[str]], dict[str, Any]]] = []
    for number, plan in enumerate(EVENINGS, start=1):
        day = START + datetime.timedelta(weeks=number)
        with step(f"evening {number}: planned"):
            page.goto(f"/clubs/{competition.club.slug}/competitions/{competition.pk}/")
            page.get_by_role("link", name="Avond plannen").click()
            label(page, "Datum").fill(day.isoformat())
            page.get_by_role("button", name="Opslaan").click()
            expect(page.get_by_role("heading", level=1)).to_contain_text(str(day.year))
            if number == 1:
                picture(page, "12-avond")
        with step(f"evening {number}: check-in and a call-off"):
            page.get_by_role("link", name="Aanwezigen aanmelden").click()
            page.get_by_role("button", name=f"{plan['called_off']} heeft zich afgemeld").click()
            expect(page.locator(".calloff-summary")).to_contain_text(plan["called_off"])
            for name in plan["crowns"]:
                button = page.get_by_role("button", name=name, exact=True)
                button.click()
                expect(button).to_have_attribute("aria-pressed", "true")
            if number == 1:
                picture(page, "13-aanmelden")
            page.get_by_role("link", name="Klaar: naar de avond").click()
        with step(f"evening {number}: the draw"):
            page.get_by_role("button", name="Ronde 1 loten").click()
            tables = page.locator(".draw-table")
            expect(tables).to_have_count(2)
            if number == 1:
                picture(page, "14-loting")
            seating = [tables.nth(i).locator(".seat-name").all_inner_texts() for i in range(2)]
            links = [tables.nth(i).locator("a.score-link").get_attribute("href")
                     for i in range(2)]
        played.append((seating, plan))
        for index, (names, href) in enumerate(zip(seating, links, strict=True), start=1):
            with step(f"evening {number}: the scores of table {index}"):
                page.goto(href)
                crowns = {name: plan["crowns"][name] for name in names}
                winner = max(crowns, key=crowns.__getitem__)
                form = page.locator("form.hand-form")
                form.locator(f'[name="h-winner"][value="{names.index(winner)}"]').click()
                for i, name in enumerate(names):
                    form.locator(f"#id-h-crowns-{i}").fill(
                        str(10 if name == winner else crowns[name]))
                    form.locator(f"#id-h-penalties-{i}").fill("1")
                # the live check answers the last field before she saves (on SQLite a check
                # still reading while the save writes finds the table locked)
                with page.expect_response(lambda r: "/check/" in r.url):
                    form.locator(f"#id-h-penalties-{len(names) - 1}").press("Tab")
                if number == 1 and index == 1:
                    picture(page, "15-scores-invoeren")
                form.locator("button.save").click()
                expect(page.locator("#match .message.success")).to_be_visible()
                if number == 1 and index == 1:
                    picture(page, "16-scores-klaar")
        with step(f"evening {number}: closed"):
            page.goto(f"/clubs/{competition.club.slug}/competitions/evenings/"
                      f"{competition.evenings.get(date=day).pk}/")
            page.once("dialog", lambda dialog: dialog.accept())
            page.get_by_role("button", name="Avond sluiten").click()
            expect(page.get_by_role("button", name="Avond heropenen")).to_be_visible()
            if number == 1:
                picture(page, "17-avond-gesloten")

    with step("a member reads the standings"):
        ria = Member.objects.get(club=competition.club, name="Ria Meijer")
        ria.user = make_user("ria", competition.club, Role.MEMBER)
        ria.save(update_fields=["user"])
        reader = browsing.new_page(phone=True, language="nl")
        reader.goto(f"/clubs/{competition.club.slug}/competitions/{competition.pk}/standings/")
        log_in(reader, "ria")
        picture(reader, "18-stand")
        table = reader.locator("table.standings")
        head = table.locator("thead th").all_inner_texts()
        assert head[:7] == ["#", "Naam", "Gemiddelde", "Avonden", "Winst", "Beste", "Totaal"], head
        for name, want in expected_standings(played).items():
            row = table.locator("tbody tr", has_text=name)
            cells = [" ".join(text.split()) for text in row.locator("td, th").all_inner_texts()]
            seen = {"rank": cells[0], "average": cells[2], "played": cells[3],
                    "wins": cells[4], "best": cells[5], "total": cells[6],
                    "evenings": cells[7:]}
            needed = 6 - int(want["played"])
            assert seen == want, (name, seen, want)
            expect(row).to_contain_text(f"nog {needed} avonden nodig")
