"""The member sheet's columns: which header means what, and a name from its parts.

Clubs keep names in one column ("Naam", "Volledige naam") or in three (Voornaam or Roepnaam,
Tussenvoegsel, Achternaam); the parts are joined the Dutch way, "Jan van der Berg", with the
tussenvoegsel in lower case as it is written after a first name (docs/secretary-guide.md).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from .core.spreadsheet import ImportFileError

#: Header spellings per field, compared after lower-casing and removing spaces and punctuation.
#: "name" is the plain "Naam": the whole name, or the surname when the sheet also has a
#: first-name column and no surname column ("Voornaam | Naam").
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("naam", "name", "lidnaam", "membername", "naamlid"),
    "full_name": ("volledigenaam", "fullname", "naamvolledig", "volledignaam", "voorenachternaam",
                  "naamvoluit"),
    "call_name": ("roepnaam", "roepnamen", "callname", "nickname"),
    "first_name": ("voornaam", "voornamen", "firstname", "givenname", "first", "forename"),
    "insertion": ("tussenvoegsel", "tussenvoegsels", "tussenv", "tv", "tussen", "voorvoegsel",
                  "voorvoegsels", "insertion", "prefix", "infix"),
    "last_name": ("achternaam", "familienaam", "geslachtsnaam", "lastname", "surname",
                  "familyname", "last"),
    "member_number": ("lidnummer", "lidnr", "lidno", "nummer", "nr", "no", "membernumber",
                      "memberno", "membernr", "number", "membershipnumber", "relatienummer",
                      "bondsnummer"),
    "email": ("email", "emailadres", "emailaddress", "mail", "mailadres"),
    "phone": ("telefoon", "telefoonnummer", "tel", "telnr", "telefoonnr", "mobiel",
              "mobielnummer", "mobieltelefoon", "gsm", "phone", "phonenumber", "telephone",
              "mobile", "cell"),
}
_ALIAS_TO_FIELD = {alias: f for f, aliases in HEADER_ALIASES.items() for alias in aliases}
NAME_PARTS = ("call_name", "first_name", "insertion", "last_name")


def normalise_header(text: str) -> str:
    return re.sub(r"[\s\-_.:#/()]+", "", text.strip().lower())


def find_columns(header_texts: list[str]) -> tuple[dict[str, int], list[str]]:
    """(field → column index, ignored headers) of the header row, or ImportFileError."""
    columns: dict[str, int] = {}
    ignored: list[str] = []
    for index, header in enumerate(header_texts):
        if not header:
            continue
        target = _ALIAS_TO_FIELD.get(normalise_header(header))
        if target is None:
            ignored.append(header)
        elif target in columns:
            raise ImportFileError(
                _("Two columns mean the same thing (%(field)s): keep one of them.")
                % {"field": header}
            )
        else:
            columns[target] = index
    has_first = "first_name" in columns or "call_name" in columns
    if "name" in columns and has_first and "last_name" not in columns:
        columns["last_name"] = columns.pop("name")  # "Voornaam | Naam": Naam is the surname
    elif "name" in columns:
        if "full_name" in columns:
            raise ImportFileError(
                _("Two columns mean the same thing (%(field)s): keep one of them.")
                % {"field": header_texts[columns["name"]]}
            )
        columns["full_name"] = columns.pop("name")
    if "full_name" not in columns and "last_name" not in columns:
        found = ", ".join(h for h in header_texts if h) or _("none")
        raise ImportFileError(
            _(
                "The first row must name the columns, with the name in one column (Naam) or in "
                "parts (Voornaam, Tussenvoegsel, Achternaam). Columns found: %(found)s."
            )
            % {"found": found}
        )
    return columns, ignored


def _squash(text: str) -> str:
    return " ".join(text.split())


def joined_name(parts: dict[str, str]) -> str:
    """The name from its parts, the Dutch way: "Jan", "Van der", "Berg" → "Jan van der Berg".

    The call name (roepnaam) goes before the official first names when both are given."""
    first = _squash(parts.get("call_name", "") or parts.get("first_name", ""))
    insertion = _squash(parts.get("insertion", ""))
    last = _squash(parts.get("last_name", ""))
    if first and insertion:
        insertion = insertion.lower()  # after a first name: "Jan van der Berg"
    return " ".join(p for p in (first, insertion, last) if p)
