"""Valid Big Five matches: 2 to 4 players (default, uniform or handicap deals) or solitaire."""

from hypothesis import strategies as st

from scoring.games.big_five import (
    DEALT_CARDS,
    DEFAULT_DEALT,
    ENDS,
    MAX_GAMES,
    SOLITAIRE_MAX_FREE,
    SOLITAIRE_MAX_MUST_LAY,
)

from .common import side_names

# Names that are also keys or values of a document would be renamed along with the sides.
RESERVED = {"game", "sides", "hands", "options", "end", "cards_left", "discards",
            "games", "cards_per_player", "solitaire_must_lay", *ENDS}


@st.composite
def _handicap(draw, sides):
    """Each side at least 1 card, at most 99 in all."""
    spare = DEALT_CARDS - len(sides)
    extra = [draw(st.integers(0, spare // len(sides) * 2)) for _ in sides]
    while sum(extra) > spare:
        extra = [e // 2 for e in extra]
    return {side: 1 + e for side, e in zip(sides, extra, strict=True)}


def _cards_per_player(sides):
    n = len(sides)
    return st.one_of(
        st.just(None),
        st.integers(1, DEALT_CARDS // n),
        _handicap(sides),
    )


@st.composite
def _game(draw, sides, dealt):
    end = draw(st.sampled_from(ENDS))
    out = draw(st.sampled_from(sides)) if end == "went_out" else None
    cards = {
        side: 0 if side == out else draw(st.integers(1, dealt[side]))
        for side in sides
    }
    return {"end": end, "cards_left": cards}


def _dealt(sides, cards_per_player):
    if cards_per_player is None:
        return dict.fromkeys(sides, DEFAULT_DEALT[len(sides)])
    if isinstance(cards_per_player, dict):
        return dict(cards_per_player)
    return dict.fromkeys(sides, cards_per_player)


@st.composite
def _options(draw, sides):
    options = {}
    if draw(st.booleans()):
        options["games"] = draw(st.one_of(st.integers(1, 5), st.integers(1, MAX_GAMES)))
    if len(sides) > 1 and draw(st.booleans()):
        options["cards_per_player"] = draw(_cards_per_player(sides))
    if draw(st.booleans()):
        options["solitaire_must_lay"] = draw(st.booleans())
    return options


@st.composite
def valid_matches(draw):
    sides = draw(side_names(1, 4).filter(lambda names: not RESERVED & set(names)))
    options = draw(_options(sides))
    games = options.get("games", 1)
    full = draw(st.booleans())
    count = games if full else draw(st.integers(0, games))
    if len(sides) == 1:
        bound = (SOLITAIRE_MAX_MUST_LAY if options.get("solitaire_must_lay", True)
                 else SOLITAIRE_MAX_FREE)
        hands = [{"discards": draw(st.integers(0, bound))} for _ in range(count)]
    else:
        dealt = _dealt(sides, options.get("cards_per_player"))
        hands = [draw(_game(sides, dealt)) for _ in range(count)]
    doc = {"game": "big_five", "sides": sides, "hands": hands}
    if options:
        doc["options"] = options
    else:  # all defaults: an empty object, null, or no options at all
        shape = draw(st.sampled_from(["empty", "null", "missing"]))
        if shape != "missing":
            doc["options"] = {} if shape == "empty" else None
    return doc
