"""Member import: parsing sheets, classifying rows, the preview and confirm pages."""

import io
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook

from clubmanager import member_preview as previews
from clubmanager import member_sheet as imports
from clubmanager.models import Member

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(autouse=True)
def english(settings: Any) -> Any:
    """Messages are asserted in English (the source language); the site defaults to Dutch."""
    with translation.override("en"):
        yield


def xlsx(rows: list[list[Any]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def parse(data: bytes, name: str = "leden.xlsx") -> imports.ParsedSheet:
    return imports.parse_members(data, name)


def file_error(data: bytes, name: str = "leden.xlsx") -> str:
    with pytest.raises(imports.ImportFileError) as info:
        imports.parse_members(data, name)
    return str(info.value)


# --- Parsing ---------------------------------------------------------------------------------


def test_sample_xlsx_with_dutch_headers_is_read() -> None:
    sheet = parse((FIXTURES / "members_sample.xlsx").read_bytes())
    assert len(sheet.rows) == 10
    first = sheet.rows[0]
    assert (first.line, first.name, first.member_number) == (2, "Gerrit Hoekstra", "301")
    assert first.email == "gerrit.hoekstra@example.nl"
    assert first.phone == "06-11223344"
    assert sheet.ignored_headers == ["Opmerking"]


def test_sample_csv_with_semicolons_and_bom_is_read() -> None:
    sheet = parse((FIXTURES / "members_sample.csv").read_bytes(), "leden.csv")
    assert [r.member_number for r in sheet.rows][:3] == ["301", "302", "303"]
    assert sheet.rows[0].name == "Gerrit Hoekstra"
    assert sheet.rows[3].email == ""


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (["naam", "lidnummer", "e-mail", "telefoon"], ("name", "member_number", "email", "phone")),
        (["Name", "Member number", "Email", "Phone"], ("name", "member_number", "email", "phone")),
        (
            ["  NAAM ", "Lid nr.", "E-mailadres", "Tel."],
            ("name", "member_number", "email", "phone"),
        ),
        (["Telefoon", "Naam", "Nr"], ("phone", "name", "member_number")),
    ],
)
def test_headers_in_dutch_or_english_any_order_and_spelling(
    headers: list[str], expected: tuple[str, ...]
) -> None:
    values = {
        "name": "Jan Smit",
        "member_number": "7",
        "email": "jan@example.nl",
        "phone": "06-1",
    }
    row = [values[f] for f in expected]
    sheet = parse(xlsx([headers, row]))
    parsed = sheet.rows[0]
    for f in expected:
        assert getattr(parsed, f) == values[f]


def test_comma_csv_in_cp1252_is_read() -> None:
    data = "name,member number,email\nJosé Müller,12,\n".encode("cp1252")
    sheet = parse(data, "members.csv")
    assert sheet.rows[0].name == "José Müller"
    assert sheet.columns == ("member_number", "email", "full_name")


def test_numbers_from_excel_become_plain_member_numbers() -> None:
    sheet = parse(xlsx([["Naam", "Lidnummer"], ["A", 12.0], ["B", 13]]))
    assert [r.member_number for r in sheet.rows] == ["12", "13"]


def test_blank_rows_are_skipped_but_line_numbers_kept() -> None:
    sheet = parse(xlsx([["Naam", "Lidnummer"], ["A", 1], [None, None], ["B", 2]]))
    assert [(r.line, r.name) for r in sheet.rows] == [(2, "A"), (4, "B")]


def test_not_a_spreadsheet() -> None:
    assert "not an Excel file" in file_error(b"%PDF-1.4 hello", "leden.xlsx")
    assert "Only Excel (.xlsx) and CSV" in file_error(b"hello", "leden.pdf")
    assert "old Excel format" in file_error(b"\xd0\xcf\x11\xe0", "leden.xls")
    assert "not a CSV text file" in file_error(b"\x00\x01\x02binary", "leden.csv")


def test_damaged_xlsx() -> None:
    assert "cannot be read" in file_error(b"PK\x03\x04" + b"garbage" * 20)


def test_empty_files() -> None:
    assert "empty" in file_error(b"", "leden.csv")
    assert "empty" in file_error(b"\n\n ;\n", "leden.csv")
    assert "empty" in file_error(xlsx([]))
    assert "no members" in file_error(xlsx([["Naam", "Lidnummer"]]))


def test_missing_required_columns_names_the_columns_found() -> None:
    message = file_error(xlsx([["Voornaam", "E-mail"], ["Jan", "j@x.nl"]]))
    assert "Achternaam" in message  # a first name alone is not a name
    assert "Voornaam, E-mail" in message


def test_ten_thousand_rows_is_refused_with_the_limit() -> None:
    lines = ["naam;lidnummer"] + [f"Lid {i};{i}" for i in range(10_000)]
    message = file_error("\n".join(lines).encode(), "leden.csv")
    assert "more than 5,000 rows" in message


def test_ten_thousand_rows_xlsx_is_refused() -> None:
    rows = [["naam", "lidnummer"]] + [[f"Lid {i}", i] for i in range(10_000)]
    assert "more than 5,000 rows" in file_error(xlsx(rows))


def test_five_thousand_rows_are_fine() -> None:
    lines = ["naam;lidnummer"] + [f"Lid {i};{i}" for i in range(5_000)]
    assert len(parse("\n".join(lines).encode(), "leden.csv").rows) == 5_000


def test_formula_never_computed_is_left_out_with_a_note_naming_the_cell() -> None:
    # openpyxl, like other programs that write files, saves a formula without its value.
    data = xlsx([["Naam", "Lidnummer"], ["Jan", "=A1+1"], ["Piet", 5]])
    preview = previews.classify(parse(data).rows, {})
    assert preview[0].status == previews.NEW  # the member still comes in
    assert preview[0].member_number == "6"  # without the cell: the next free number
    assert any("B2" in note and "never computed" in note for note in preview[0].notes)
    assert preview[1].status == previews.NEW


def test_formula_in_csv_is_an_error_too() -> None:
    preview = previews.classify(parse(b"naam;nr\n=HYPERLINK(1);4\n", "x.csv").rows, {})
    assert preview[0].status == previews.ERROR
    assert preview[0].reasons == ["The name is missing."]
    assert "A2" in preview[0].notes[0]


def test_a_name_beginning_with_equals_is_text_in_xlsx_and_a_formula_in_csv() -> None:
    # In an .xlsx the cell says what it is: a text "=Jan" (typed as '=Jan) is that member's name.
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Naam", "Lidnummer"])
    sheet.append(["", 7])
    sheet["A2"].value, sheet["A2"].data_type = "=Jan", "s"
    buffer = io.BytesIO()
    workbook.save(buffer)
    from_xlsx = previews.classify(parse(buffer.getvalue()).rows, {})
    assert (from_xlsx[0].status, from_xlsx[0].row.name) == (previews.NEW, "=Jan")
    # A CSV keeps only what cells showed: "=Jan" there is a formula saved as its text (Excel
    # reads it back as one). It is never stored as a name; the preview names the cell and says
    # what to upload instead.
    from_csv = previews.classify(parse(b"naam;lidnummer\n=Jan;7\n", "leden.csv").rows, {})
    assert from_csv[0].status == previews.ERROR
    assert from_csv[0].notes == [
        "Cell A2 holds the formula “=Jan”, not its value. Save the sheet as .xlsx (Excel "
        "workbook) and upload that."]


def test_formula_in_header_is_a_file_error() -> None:
    assert "header row holds a formula" in file_error(xlsx([["=1", "Lidnummer"], ["a", 1]]))


# --- Classifying -----------------------------------------------------------------------------


def rows(*data: tuple[str, str, str]) -> list[imports.ParsedRow]:
    return [
        imports.ParsedRow(line=i + 2, name=n, member_number=m, email=e, columns=("email",))
        for i, (n, m, e) in enumerate(data)
    ]


def test_duplicate_member_numbers_in_the_file_are_errors_on_both_rows() -> None:
    preview = previews.classify(rows(("A", "1", ""), ("B", "2", ""), ("C", "1", "")), {})
    assert [p.status for p in preview] == [previews.ERROR, previews.NEW, previews.ERROR]
    assert "row 4" in preview[0].reasons[0]
    assert "row 2" in preview[2].reasons[0]


def test_only_a_missing_name_refuses_a_row_a_bad_email_is_left_out() -> None:
    preview = previews.classify(rows(("", "1", ""), ("B", "", ""), ("C", "3", "geen-mail")), {})
    assert [p.status for p in preview] == [previews.ERROR, previews.NEW, previews.NEW]
    assert preview[0].reasons == ["The name is missing."]
    assert preview[1].member_number == "4"  # one past the highest number, 3
    assert preview[2].row.email == "" and preview[2].row.columns == ()
    assert "“geen-mail” is not an e-mail address" in preview[2].notes[0]


def test_existing_members_are_updated_or_unchanged(club: Any, make_member: Any) -> None:
    same = make_member(club, name="A", member_number="1", email="a@x.nl", phone="06")
    changed = make_member(club, name="B", member_number="2", email="old@x.nl")
    existing = {m.member_number: m for m in (same, changed)}
    preview = previews.classify(rows(("A", "1", "a@x.nl"), ("B", "2", "new@x.nl")), existing)
    assert [p.status for p in preview] == [previews.UNCHANGED, previews.UPDATED]
    # Only columns in the sheet are compared: the phone of A is not wiped.
    assert preview[0].changes() == {}
    assert preview[1].changes() == {"email": "new@x.nl"}
    assert "old@x.nl" in preview[1].reasons[0]


# --- Pages -----------------------------------------------------------------------------------


def upload(client: Any, club: Any, data: bytes, name: str) -> Any:
    url = reverse("clubmanager:member_import", kwargs={"club": club.slug})
    client.cookies["django_language"] = "en"
    return client.post(url, {"file": _file(data, name)})


def _file(data: bytes, name: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)


def test_preview_shows_every_row_and_writes_nothing(admin_client: Any, club: Any) -> None:
    response = upload(
        admin_client, club, (FIXTURES / "members_sample.xlsx").read_bytes(), "leden.xlsx"
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert content.count('<tr class="new">') == 10
    assert "Gerrit Hoekstra" in content
    assert "Opmerking" in content  # the ignored column is named
    assert Member.objects.count() == 0


def test_confirm_writes_the_members_to_this_club_only(
    admin_client: Any, club: Any, other_club: Any, make_member: Any
) -> None:
    make_member(other_club, name="Ander", member_number="301")
    response = upload(
        admin_client, club, (FIXTURES / "members_sample.xlsx").read_bytes(), "leden.xlsx"
    )
    token = response.context["token"]
    confirm = reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug})
    response = admin_client.post(confirm, {"token": token}, follow=True)
    assert response.status_code == 200
    assert "10 new" in response.content.decode()
    assert club.members.count() == 10
    assert club.members.get(member_number="304").name == "Grietje Postma"
    assert other_club.members.get().name == "Ander"
    # The preview cannot be applied twice.
    admin_client.post(confirm, {"token": token})
    assert club.members.count() == 10


def test_confirm_updates_existing_and_skips_errors(
    admin_client: Any, club: Any, make_member: Any
) -> None:
    make_member(club, name="Oude Naam", member_number="1", phone="06-1")
    data = b"naam;lidnummer;email\nNieuwe Naam;1;n@x.nl\nZonder;;\nNieuw;2;\n"
    token = upload(admin_client, club, data, "leden.csv").context["token"]
    admin_client.post(
        reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}), {"token": token}
    )
    updated = club.members.get(member_number="1")
    assert (updated.name, updated.email, updated.phone) == ("Nieuwe Naam", "n@x.nl", "06-1")
    # A row without a member number comes in with the next free number.
    assert set(club.members.values_list("member_number", flat=True)) == {"1", "2", "3"}
    assert club.members.get(member_number="3").name == "Zonder"
    assert updated.history.count() == 2  # created + import update, both kept


def test_confirm_revalidates_against_the_database(
    admin_client: Any, club: Any, make_member: Any
) -> None:
    token = upload(admin_client, club, b"naam;nr\nJan;5\n", "leden.csv").context["token"]
    make_member(club, name="Intussen Toegevoegd", member_number="5")
    admin_client.post(
        reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}), {"token": token}
    )
    assert club.members.get(member_number="5").name == "Jan"  # an update, not a duplicate
    assert club.members.count() == 1


def test_wrong_token_applies_nothing(admin_client: Any, club: Any) -> None:
    upload(admin_client, club, b"naam;nr\nJan;5\n", "leden.csv")
    response = admin_client.post(
        reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}),
        {"token": "verzonnen"},
        follow=True,
    )
    assert club.members.count() == 0
    assert response.redirect_chain[-1][0].endswith("/members/import/")


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"%PDF-1.7", "leden.xlsx", "not an Excel file"),
        (b"", "leden.csv", "empty"),
        (b"hello", "foto.jpg", "Only Excel"),
        (
            "\n".join(["naam;nr"] + [f"L{i};{i}" for i in range(10_000)]).encode(),
            "x.csv",
            "more than 5,000 rows",
        ),
    ],
)
def test_bad_files_rerender_the_form_with_a_message(
    admin_client: Any, club: Any, data: bytes, name: str, message: str
) -> None:
    response = upload(admin_client, club, data, name)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Member.objects.count() == 0


def test_too_large_upload_is_refused(admin_client: Any, club: Any, settings: Any) -> None:
    settings.MEMBER_IMPORT_MAX_BYTES = 1024
    response = upload(admin_client, club, b"naam;nr\n" + b"x;1\n" * 1000, "x.csv")
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    assert Member.objects.count() == 0


def test_duplicate_numbers_show_as_error_rows_in_the_preview(admin_client: Any, club: Any) -> None:
    response = upload(admin_client, club, b"naam;nr\nA;1\nB;1\n", "x.csv")
    assert response.content.decode().count('<tr class="error">') == 2
    assert response.context["can_apply"] is False
