"""One word for a team and one for a game or deal in each game's texts.

Dutch: "partij" is the match at a table, everywhere on the site; High Five 1959's two partners
are a "team" (never "partij"); one entry of Big Five and French High Five is a "spel" (never
"partij", and "ronde" is High Five 1959's own word for its entries only).
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tournaments.games import site_game
from tournaments.shared.messages import record_text


def texts(key: str) -> list[str]:
    """Every text of the game's site side: labels, choices, option texts and sentences."""
    game = site_game(key)
    found = [str(t) for t in game.words.field_labels.values()]
    found += [str(t) for t in game.words.choice_labels.values()]
    found += [str(t) for pair in game.options.texts.values() for t in pair]
    found += [str(t) for choices in game.options.choices.values()
              for pair in choices.values() for t in pair]
    found += [str(t) for t in game.words.record_nouns]
    return found


def test_high_five_1959_calls_a_side_a_team_in_both_languages() -> None:
    with translation.override("nl"):
        dutch = " ".join(texts("high_five_1959")).lower()
        assert "team" in dutch
        # "de partij" (the match) stays; a side is never "een/elke/die partij"
        assert not re.search(r"\b(een|elke|die|dat|het|zo'n) partij\b", dutch)
    with translation.override("en"):
        english = " ".join(texts("high_five_1959")).lower()
        assert "team" in english and not re.search(r"\bsides?\b", english)


@pytest.mark.parametrize("key", ["big_five", "high_five_crowns"])
def test_a_game_of_big_five_and_french_high_five_is_a_spel(key: str) -> None:
    with translation.override("nl"):
        assert record_text(key, "%(record)s 2") == "Spel 2"
        assert record_text(key, "%(records)s") == "Spellen"
        words = " ".join(texts(key)).lower()
        assert not re.search(r"\bpartijen\b", words)
        assert not re.search(r"\brondes?\b", words)
