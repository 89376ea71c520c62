"""Dutch by default, English after switching; the translations are complete."""

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import Client
from django.urls import reverse

LOCALE = Path(settings.BASE_DIR) / "locale"


def test_dutch_by_default_even_for_an_english_browser(client: Client) -> None:
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    content = response.content.decode()
    assert '<html lang="nl">' in content
    assert "Inloggen" in content
    assert "Gebruikersnaam" in content


def test_switching_to_english_and_back(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("login")})
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    content = client.get(reverse("login")).content.decode()
    assert '<html lang="en">' in content and "Log in" in content and "Inloggen" not in content
    client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    assert "Inloggen" in client.get(reverse("login")).content.decode()


def test_language_switch_is_a_plain_form_on_every_page(client: Client) -> None:
    content = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("set_language")}" method="post"' in content
    assert 'name="language"' in content


def test_club_pages_are_dutch(client_for: Any, admin_user: Any, club: Any) -> None:
    content = (
        client_for(admin_user)
        .get(reverse("clubmanager:member_list", kwargs={"club": club.slug}))
        .content.decode()
    )
    assert "Leden" in content and "Zoeken" in content


def read_po(path: Path) -> list[dict[str, Any]]:
    """Entries of a .po file: {"flags": str, "msgid": str, "msgstr": [str, ...]}."""
    entries: list[dict[str, Any]] = []
    entry: dict[str, Any] = {}
    key = ""
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry:
                entries.append(entry)
            entry, key = {}, ""
        elif line.startswith("#,"):
            entry["flags"] = line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += line[1:-1]
        else:
            key, _space, value = line.partition(" ")
            entry[key] = value[1:-1]
    return entries


def assert_compiled(po: Path, tmp_path: Path) -> None:
    """The committed .mo holds exactly what the .po says (compiled afresh and compared by
    content: a file's time says nothing after a git checkout)."""
    fresh = tmp_path / f"{po.parent.parent.name}-{po.stem}.mo"
    subprocess.run(["msgfmt", "-o", str(fresh), str(po)], check=True, timeout=60)

    def catalogue(path: Path) -> dict[Any, str]:
        with path.open("rb") as handle:
            return dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]

    assert catalogue(po.with_suffix(".mo")) == catalogue(fresh), f"compile {po}"


def test_dutch_translation_is_complete_and_compiled(tmp_path: Path) -> None:
    po = LOCALE / "nl" / "LC_MESSAGES" / "django.po"
    assert_compiled(po, tmp_path)
    entries = [e for e in read_po(po) if e.get("msgid")]
    assert len(entries) > 100
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in e.get("flags", "")]
    empty = [
        e["msgid"]
        for e in entries
        for key, value in e.items()
        if key.startswith("msgstr") and value == ""
    ]
    assert not fuzzy, f"fuzzy Dutch translations (check and unmark them): {fuzzy}"
    assert not empty, f"strings without a Dutch translation: {empty}"


def test_every_string_in_the_code_is_in_the_catalogue(tmp_path: Path) -> None:
    """``make messages`` over a copy of the code finds no string the committed catalogue lacks
    (a string added to the code without running it would show in English on a Dutch page)."""
    assert shutil.which("xgettext"), "needs gettext: apt-get install gettext (.ci/run does)"
    root = Path(settings.BASE_DIR)
    skip = shutil.ignore_patterns("__pycache__", "locale")
    for name in ("clubmanager", "tournaments", "scoring", "templates"):
        shutil.copytree(root / name, tmp_path / name, ignore=skip)
    shutil.copy2(root / "manage.py", tmp_path / "manage.py")
    (tmp_path / "locale").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "nl", "--no-wrap",
         "--ignore=scoring"],
        cwd=tmp_path, env=env, check=True, capture_output=True, timeout=300,
    )

    def keys(po: Path) -> set[tuple[str, str]]:
        return {(e.get("msgctxt", ""), e["msgid"]) for e in read_po(po) if e.get("msgid")}

    found = keys(tmp_path / "locale" / "nl" / "LC_MESSAGES" / "django.po")
    committed = keys(LOCALE / "nl" / "LC_MESSAGES" / "django.po")
    assert found - committed == set(), "run `make messages` and translate the new strings"


def test_every_string_of_the_offline_client_is_in_the_javascript_catalogue(tmp_path: Path) -> None:
    """The score page's scripts take their texts from the djangojs catalogue (JavaScriptCatalog):
    ``makemessages -d djangojs`` over them finds nothing the committed catalogues lack, and each
    has its Dutch and English text."""
    assert shutil.which("xgettext"), "needs gettext: apt-get install gettext (.ci/run does)"
    root = Path(settings.BASE_DIR)
    shutil.copytree(root / "static" / "js", tmp_path / "static" / "js")
    for name in ("clubmanager", "tournaments", "scoring"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(root / "manage.py", tmp_path / "manage.py")
    (tmp_path / "locale").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-d", "djangojs", "-l", "nl", "--no-wrap",
         "--ignore=scoring"],
        cwd=tmp_path, env=env, check=True, capture_output=True, timeout=300,
    )
    found = {e["msgid"] for e in read_po(tmp_path / "locale" / "nl" / "LC_MESSAGES" / "djangojs.po")
             if e.get("msgid")}
    assert len(found) > 15
    for language in ("nl", "en"):
        po = LOCALE / language / "LC_MESSAGES" / "djangojs.po"
        entries = {e["msgid"]: e for e in read_po(po) if e.get("msgid")}
        assert found - set(entries) == set(), f"{language}: translate the new strings"
        assert not [m for m, e in entries.items()
                    if any(k.startswith("msgstr") and not v for k, v in e.items())]
        assert_compiled(po, tmp_path)
