"""Valid HIGH FIVE! tile matches.

The simulation below keeps its own count of holdings, supply and turn order (it does not reuse
the engine's state), so a generated document is a second, independent reading of the rules.
"""

from hypothesis import strategies as st

from scoring.games.tiles_classifier import CATEGORIES, JOKER, TILE_CODES, classify

from .common import side_names

START_TILES = 5
DECK = 52
BOARD_START = 4


@st.composite
def points_cards(draw):
    """A score card: every combination a whole number >= 0, non-decreasing."""
    steps = draw(st.lists(st.integers(0, 8), min_size=len(CATEGORIES), max_size=len(CATEGORIES)))
    total, card = 0, {}
    for category, step in zip(CATEGORIES, steps, strict=True):
        total += step
        card[category] = total
    return card


@st.composite
def rows(draw, players):
    """Five tiles: distinct real tiles plus at most one joker per player."""
    jokers = draw(st.integers(0, players))
    real = draw(st.lists(st.sampled_from(TILE_CODES), min_size=5 - jokers,
                         max_size=5 - jokers, unique=True))
    return draw(st.permutations(real + [JOKER] * jokers))


@st.composite
def _options(draw):
    options = {}
    if draw(st.booleans()):
        options["points"] = draw(points_cards())
    if draw(st.booleans()):
        options["first_turn_tiles"] = draw(
            st.lists(st.integers(1, 4), min_size=1, max_size=4, unique=True)
        )
    if draw(st.booleans()):
        options["end_bonus"] = draw(st.integers(0, 10))
    return options


@st.composite
def _turn(draw, side, holding, first_turn, allowed, card, entered_card, players):
    """One legal turn for a side holding ``holding`` tiles."""
    counts = [n for n in (allowed if first_turn else range(1, 5)) if n <= holding]
    if not counts or draw(st.integers(0, 9)) == 0:
        turn = {"side": side, "tiles_placed": 1, "forced": True}
        if draw(st.booleans()):
            turn["points"] = 0
        return turn
    turn = {"side": side, "tiles_placed": draw(st.sampled_from(counts))}
    if draw(st.booleans()):
        turn["tiles"] = draw(rows(players))
        turn["category"] = classify(turn["tiles"])
    else:
        turn["category"] = draw(st.sampled_from(CATEGORIES))
    if card is None or draw(st.booleans()):
        turn["points"] = (card or entered_card)[turn["category"]]
    if draw(st.integers(0, 4)) == 0:
        turn["forced"] = False
    return turn


@st.composite
def valid_matches(draw):
    sides = draw(side_names(2, 4))
    options = draw(_options())
    card = options.get("points")
    # without a club card: the points the scorekeeper reads off the physical card
    entered_card = draw(points_cards())
    allowed = options.get("first_turn_tiles", [3, 4])
    holding = dict.fromkeys(sides, START_TILES)
    supply = DECK - BOARD_START - (START_TILES - 1) * len(sides)
    played = set()
    full = draw(st.integers(0, 3)) == 0
    limit = 60 if full else draw(st.integers(0, 30))
    hands, index = [], 0
    while len(hands) < limit and any(holding.values()):
        while holding[sides[index]] == 0:
            index = (index + 1) % len(sides)
        side = sides[index]
        turn = draw(_turn(side, holding[side], side not in played, allowed, card,
                          entered_card, len(sides)))
        played.add(side)
        drawn = min(2, supply)
        holding[side] += drawn - turn["tiles_placed"]
        supply -= drawn
        hands.append(turn)
        index = (index + 1) % len(sides)
    doc = {"game": "high_five_tiles", "sides": sides, "hands": hands}
    if options or draw(st.booleans()):
        doc["options"] = options or None
    return doc
