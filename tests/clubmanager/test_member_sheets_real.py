"""Member import from the sheets clubs really keep: name parts, no member numbers,
formulas, phone numbers without their 0, broken e-mail addresses and likely duplicates, read
from files saved by Excel (openpyxl), LibreOffice, Google Sheets and Windows (tests/fixtures,
made by make_member_samples.py)."""

from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from clubmanager import member_checks
from clubmanager import member_preview as previews
from clubmanager import member_sheet as imports
from clubmanager.member_columns import joined_name

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(autouse=True)
def english() -> Any:
    with translation.override("en"):
        yield


def preview_of(name: str, existing: dict[str, Any] | None = None) -> list[previews.PreviewRow]:
    sheet = imports.parse_members((FIXTURES / name).read_bytes(), name)
    return previews.classify(sheet.rows, existing or {})


def by_name(preview: list[previews.PreviewRow]) -> dict[str, previews.PreviewRow]:
    return {item.row.name: item for item in preview}


@pytest.mark.parametrize(
    "name", ["members_excel.xlsx", "members_libreoffice.xlsx", "members_google.xlsx",
             "members_windows.csv"])
def test_every_member_of_a_real_sheet_comes_in(name: str) -> None:
    preview = preview_of(name)
    assert all(item.status == previews.NEW for item in preview)
    rows = by_name(preview)
    jan = rows["Jan van der Berg"]  # Roepnaam / Tussenv. / Achternaam, joined the Dutch way
    assert jan.row.phone == "0612345678"  # the 0 Excel dropped is back
    riek = rows["Riek Mulder"]  # a broken address does not drop the member
    assert riek.row.email == ""
    assert any("riek.mulder@example,nl" in note for note in riek.notes)
    klaas = rows["Klaas de Vries"]
    assert any("same person as on row 7" in note for note in klaas.notes)


def test_sheet_without_member_numbers_gets_the_next_free_numbers() -> None:
    preview = preview_of("members_libreoffice.xlsx")
    assert [item.member_number for item in preview] == [str(n) for n in range(1, 21)]


def test_windows_csv_keeps_accents_and_its_own_numbers() -> None:
    rows = by_name(preview_of("members_windows.csv"))
    assert rows["Renée Müller-Lüdenscheidt"].member_number == "413"
    assert rows["Gé Smeets"].member_number == "407"


def test_formula_saved_without_value_is_named_per_row_and_the_name_comes_from_its_parts() -> None:
    preview = preview_of("members_excel.xlsx")  # openpyxl saves no value with a formula
    assert len(preview) == 20
    for item in preview:
        assert any(f"D{item.row.line}" in note and "never computed" in note
                   for note in item.notes)
    assert preview[0].row.name == "Jan van der Berg"


def test_libreoffice_saved_formulas_are_read_by_their_value() -> None:
    preview = preview_of("members_libreoffice.xlsx")
    assert not any("formula" in note for item in preview for note in item.notes)
    # The formula's own value is the name: TRIM("klaas" & " " & "De" & " " & "Vries ").
    assert preview[5].row.name == "klaas De Vries"
    assert any("same person as on row 4" in note for note in preview[5].notes)


@pytest.mark.parametrize(
    ("headers", "cells", "expected"),
    [
        (["Voornaam", "Tussenvoegsel", "Achternaam"], ["Jan", "Van der", "Berg"],
         "Jan van der Berg"),
        (["Roepnaam", "Tussenv.", "Achternaam"], ["Jan", "van der", "Berg"], "Jan van der Berg"),
        (["Voornaam", "tussenvoegsels", "Naam"], ["Jan", "van der", "Berg"], "Jan van der Berg"),
        (["First name", "Last name"], ["Jan", "van der Berg"], "Jan van der Berg"),
        (["Volledige naam"], ["Jan  van der Berg"], "Jan van der Berg"),
        (["Naam"], ["Jan van der Berg"], "Jan van der Berg"),
        (["Voornamen", "Roepnaam", "Achternaam"], ["Johannes", "Jan", "Berg"], "Jan Berg"),
    ],
)
def test_name_columns_are_recognised(headers: list[str], cells: list[str], expected: str) -> None:
    data = (";".join(headers) + "\n" + ";".join(cells) + "\n").encode()
    assert imports.parse_members(data, "leden.csv").rows[0].name == expected


def test_a_tussenvoegsel_without_first_name_keeps_its_capital() -> None:
    assert joined_name({"insertion": "Van der", "last_name": "Berg"}) == "Van der Berg"
    assert joined_name({"first_name": "Jan", "insertion": "Van 't", "last_name": "Hof"}) == (
        "Jan van 't Hof")


def test_likely_duplicate_of_an_existing_member_names_that_member(
    club: Any, make_member: Any
) -> None:
    known = make_member(club, name="José Müller", member_number="12")
    data = "Lidnummer;Naam\n40;jose  MULLER\n;José Müller\n".encode()
    sheet = imports.parse_members(data, "leden.csv")
    preview = previews.classify(sheet.rows, {known.member_number: known})
    assert preview[0].status == previews.NEW
    assert any("member 12, José Müller" in note for note in preview[0].notes)
    # Without a member number the row is that member: nothing new, nothing twice.
    assert preview[1].status == previews.UNCHANGED
    assert preview[1].member_number == "12"


@pytest.mark.parametrize(
    ("typed", "saved", "flagged"),
    [
        ("612345678", "0612345678", True),  # mobile: certain
        ("201234567", "0201234567", True),  # Amsterdam: certain
        ("912345678", "912345678", True),  # 09…? flagged, not changed
        ("0612345678", "0612345678", False),
        ("06-12345678", "06-12345678", False),
        ("+31612345678", "+31612345678", False),
    ],
)
def test_phone_numbers_that_lost_their_zero(typed: str, saved: str, flagged: bool) -> None:
    number, note = member_checks.phone(typed)
    assert number == saved
    assert (note is not None) == flagged


def test_error_value_in_a_cell_is_left_out_with_a_note() -> None:
    data = b"Naam;E-mail\nJan;#N/A\n"
    preview = previews.classify(imports.parse_members(data, "x.csv").rows, {})
    assert preview[0].status == previews.NEW
    assert preview[0].row.email == ""
    assert "B2 shows the error #N/A" in preview[0].notes[0]


def test_her_sheet_uploaded_and_confirmed_brings_all_twenty_in(
    admin_client: Any, club: Any
) -> None:
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    admin_client.cookies["django_language"] = "en"
    data = (FIXTURES / "members_libreoffice.xlsx").read_bytes()
    page = admin_client.post(url, {"file": SimpleUploadedFile("leden.xlsx", data)})
    html = page.content.decode()
    assert "is not an e-mail address" in html and "had lost its leading 0" in html
    admin_client.post(reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}),
                      {"token": page.context["token"]})
    members = {m.name: m for m in club.members.all()}
    assert len(members) == 20
    assert members["Riek Mulder"].email == ""
    assert members["Truus Bakker"].phone == "0512345678"
    assert members["Henk Kok"].phone == "912345678"
