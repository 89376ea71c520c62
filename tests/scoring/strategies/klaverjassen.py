"""Valid Klaverjassen boompjes: two teams, any options, nat, pit, tegenpit, roem and revokes."""

from hypothesis import strategies as st

from scoring.games.klaverjassen import MAX_DEALS, NAT_ON_HALF, VERZAKEN

from .common import side_names

# Names that are also keys or values of a document would be renamed along with the sides.
RESERVED = {"game", "sides", "hands", "options", "played", "points", "roem", "pit", "verzaakt",
            "verzaakt_player", "deals", "nat_on_half", "pit_bonus", "verzaken",
            "verzaken_penalty", "roem_max", "forced_play", *NAT_ON_HALF, *VERZAKEN}

# Roem a team can make: 0, 20, or a multiple of 10 from 40 up.
roem_value = st.one_of(st.sampled_from([0, 0, 0, 20, 40, 50, 70, 100, 120, 200]),
                       st.integers(4, 45).map(lambda n: n * 10))


@st.composite
def _points(draw):
    """One team's card points: 0, 2..160 or 162 (never 1 or 161)."""
    return draw(st.one_of(st.sampled_from([0, 162, 81, 2, 160]), st.integers(2, 160)))


@st.composite
def _roem(draw, sides, roem_max, without=None):
    roem = {}
    for side in sides:
        value = 0 if side == without else draw(roem_value)
        room = roem_max - sum(roem.values())
        roem[side] = value if value <= room else 0
    return roem


@st.composite
def deal(draw, sides, options, played):
    """One valid deal taken on by ``played``."""
    roem_max = options.get("roem_max", 900)
    player_mode = options.get("verzaken") == "player"
    kind = draw(st.sampled_from(["plain", "plain", "plain", "pit", "revoke", "bare_revoke"]))
    if kind == "bare_revoke" and not player_mode:
        return {"played": played, "verzaakt": draw(st.sampled_from(sides))}
    if kind == "pit":
        pit = draw(st.sampled_from(sides))
        other = next(s for s in sides if s != pit)
        hand = {"played": played, "points": {pit: 162, other: 0},
                "roem": draw(_roem(sides, roem_max, without=other)), "pit": pit}
    else:
        first = draw(_points())
        hand = {"played": played, "points": {sides[0]: first, sides[1]: 162 - first}}
        shape = draw(st.sampled_from(["given", "null", "missing"]))
        if shape == "given":
            hand["roem"] = draw(_roem(sides, roem_max))
        elif shape == "null":
            hand["roem"] = None
    if kind in ("revoke", "bare_revoke"):
        hand["verzaakt"] = draw(st.sampled_from(sides))
        if player_mode or draw(st.booleans()):
            hand["verzaakt_player"] = draw(st.sampled_from([1, 2]))
    return hand


@st.composite
def options(draw):
    chosen = {}
    if draw(st.booleans()):
        chosen["deals"] = draw(st.one_of(st.sampled_from([16, 12, 8]),
                                         st.integers(1, MAX_DEALS)))
    for name, values in (("nat_on_half", NAT_ON_HALF), ("verzaken", VERZAKEN)):
        if draw(st.booleans()):
            chosen[name] = draw(st.sampled_from(values))
    for name in ("pit_bonus", "verzaken_penalty"):
        if draw(st.booleans()):
            chosen[name] = draw(st.integers(0, 500))
    if draw(st.booleans()):
        chosen["roem_max"] = draw(st.integers(0, 90).map(lambda n: n * 10))
    if draw(st.booleans()):
        chosen["forced_play"] = draw(st.booleans())
    return chosen


@st.composite
def valid_matches(draw):
    sides = draw(side_names(2, 2).filter(lambda names: not RESERVED & set(names)))
    chosen = draw(options())
    deals = chosen.get("deals", 16)
    count = deals if draw(st.booleans()) else draw(st.integers(0, deals))
    hands = []
    first = draw(st.integers(0, 1))  # under forced_play the teams alternate from here
    for number in range(count):
        if chosen.get("forced_play"):
            played = sides[(first + number) % 2]
        else:
            played = draw(st.sampled_from(sides))
        hands.append(draw(deal(sides, chosen, played)))
    doc = {"game": "klaverjassen", "sides": sides, "hands": hands}
    if chosen:
        doc["options"] = chosen
    else:
        shape = draw(st.sampled_from(["empty", "null", "missing"]))
        if shape != "missing":
            doc["options"] = {} if shape == "empty" else None
    return doc
