"""A game lives in two places: its engine module and its site module (``tournaments/games/``).

Nothing else on the site names a game's key or branches on one: it asks the registry.
"""

from __future__ import annotations

import pathlib
import re
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import GAMES
from scoring.issues import COMMON_CODES
from tournaments.games import GAMES_ENTERED, NO_STATE, game_keys, site_game, site_games

ROOT = pathlib.Path(__file__).resolve().parents[3]
GAME_TEMPLATES = ROOT / "templates" / "tournaments" / "games"
# Where the site's own code, templates and scripts are; tournaments/games/ and the migrations
# are left out (a game's own module names its key; 0001 wrote the old constraint's list).
SEARCHED = ("clubmanager", "tournaments", "templates", "static")
SUFFIXES = {".py", ".html", ".js"}


def _site_files() -> list[pathlib.Path]:
    files = []
    for top in SEARCHED:
        for path in (ROOT / top).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if relative.startswith(("tournaments/games/", "templates/tournaments/games/")):
                continue
            if "/migrations/" in relative:
                continue
            files.append(path)
    return files


def test_the_site_and_the_engine_know_the_same_games() -> None:
    assert game_keys() == list(GAMES)
    assert [g.key for g in site_games()] == list(GAMES)


def test_no_site_file_outside_the_games_names_a_game_key() -> None:
    files = _site_files()
    assert len(files) > 50  # the search found the site
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b")
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert hits == []


def test_the_games_templates_are_only_those_the_registry_names() -> None:
    """templates/tournaments/games/ is not searched above because each file there belongs to
    the game module that names it (``ScorePage.state_template``), or to every game."""
    named = {site_game(key).page.state_template for key in GAMES} | {NO_STATE, GAMES_ENTERED}
    present = {f"tournaments/games/{p.name}" for p in GAME_TEMPLATES.glob("*.html")}
    assert present == named


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_labels_its_own_fields_and_choices(key: str) -> None:
    game = site_game(key)
    described = GAMES[key].describe()
    fields = set()
    choices = set()
    for spec in described["hand_fields"]:  # what the form shows: fields and their parts
        item = spec.get("item") or {}  # a per-side item is labelled by the side's name
        fields.add(spec["name"])
        for one in [spec, item, *item.get("fields", [])]:
            if one is not spec and one is not item:
                fields.add(one["name"])
            if one.get("kind") == "choice":  # radio buttons, one per choice
                choices.update(one["choices"])
    words = game.words
    assert fields <= set(words.field_labels), fields - set(words.field_labels)
    assert choices <= set(words.choice_labels), choices - set(words.choice_labels)
    own = set(described["error_codes"] + described["warning_codes"]) - set(COMMON_CODES)
    assert own <= set(words.messages), own - set(words.messages)


# What each game shows above the hands (its state partial) and below a field (its input help).
STATE_TEXTS = {
    "jokeren": ["Deal 1 of 7: dealer Ann · <strong>three of a kind</strong>"],
    "high_five_1959": ["Struck-through numbers are done", "no crosses"],
    "big_five": ["Games entered: 0 of 1."],
    "high_five_crowns": ["Games entered: 0 of 1."],
    "high_five_tiles": ["Next turn: Ann", "supply: ", 'name="h-tiles" value="QH"',
                        "Tap the tiles (optional)", "no row: forced turn"],
    "klaverjassen": ["Deals entered: 0 of 16.", "are 162 minus", "+50"],
}


@pytest.mark.parametrize("key", list(GAMES))
def test_the_score_page_shows_the_games_own_state_and_help(
        key: str, club: Any, admin_client: Any, make_member: Any, make_competition: Any,
        make_evening: Any, make_round: Any, seat_table: Any) -> None:
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    evening = make_evening(make_competition(club, key), members)
    table = seat_table(make_round(evening), list(evening.participants.order_by("pk")),
                       first_dealer=1)
    page = admin_client.get(reverse("tournaments:table_scores",
                                    kwargs={"club": club.slug, "pk": table.pk}))
    text = page.content.decode()
    for expected in STATE_TEXTS[key]:
        assert expected in text, (key, expected)
    others = {t for k, texts in STATE_TEXTS.items() if k != key for t in texts} - set(
        STATE_TEXTS[key])
    assert not [t for t in others if t in text and "Games entered" not in t]
