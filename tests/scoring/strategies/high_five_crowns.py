"""Valid HIGH FIVE (French card game) matches: 2 to 6 players, any options."""

from hypothesis import strategies as st

from scoring.games.high_five_crowns import MAX_GAMES, MAX_THRESHOLD, SCORINGS

from .common import side_names

# Names that are also keys or values of a document would be renamed along with the sides.
RESERVED = {"game", "sides", "hands", "options", "winner", "eliminated", "crowns",
            "penalties", "games", "threshold", "scoring", *SCORINGS}


@st.composite
def _game(draw, sides, threshold):
    order = draw(st.permutations(sides))
    out = draw(st.integers(0, len(sides) - 1))
    eliminated, remaining = list(order[:out]), [s for s in sides if s not in order[:out]]
    winner = draw(st.sampled_from(remaining))
    crowns = {}
    for side in remaining:
        if side == winner and len(remaining) > 1:
            crowns[side] = draw(st.integers(threshold, threshold + 4))
        else:
            crowns[side] = draw(st.integers(0, threshold + 4))
    penalties = {side: draw(st.integers(0, threshold + 2)) for side in remaining}
    return {"winner": winner, "eliminated": eliminated, "crowns": crowns,
            "penalties": penalties}


@st.composite
def _options(draw):
    options = {}
    if draw(st.booleans()):
        options["games"] = draw(st.one_of(st.integers(1, 5), st.integers(1, MAX_GAMES)))
    if draw(st.booleans()):
        options["threshold"] = draw(st.one_of(st.integers(1, 12), st.integers(1, MAX_THRESHOLD)))
    if draw(st.booleans()):
        options["scoring"] = draw(st.sampled_from(SCORINGS))
    return options


@st.composite
def valid_matches(draw):
    sides = draw(side_names(2, 6).filter(lambda names: not RESERVED & set(names)))
    options = draw(_options())
    games = options.get("games", 1)
    count = games if draw(st.booleans()) else draw(st.integers(0, games))
    threshold = options.get("threshold", 10)
    hands = [draw(_game(sides, threshold)) for _ in range(count)]
    doc = {"game": "high_five_crowns", "sides": sides, "hands": hands}
    if options:
        doc["options"] = options
    else:  # all defaults: an empty object, null, or no options at all
        shape = draw(st.sampled_from(["empty", "null", "missing"]))
        if shape != "missing":
            doc["options"] = {} if shape == "empty" else None
    return doc
