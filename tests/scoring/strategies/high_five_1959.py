"""Valid High Five 1959 matches: rounds consistent with each side's open numbers and crosses.

The match state is simulated here, independently of the engine, from the rules digest
../shared/rules/high_five_1959.md.
"""

from hypothesis import strategies as st

from scoring.games.high_five_1959 import HighFive1959

from .common import side_names

DECK = 1740
DEFAULTS = {opt.name: opt.default_value() for opt in HighFive1959.options}
# Keys of the document: a side with one of these names would be renamed along with the key
# by the generic rename property, so the strategy never uses them as side names.
KEYS = {"game", "options", "sides", "hands", "end", "out", "opened", "target", "opening",
        "table", "fives", "straights", "hand", *DEFAULTS}


def _fives(low, high):
    return st.integers(low, high).map(lambda n: 5 * n)


@st.composite
def _options(draw):
    """None, absent, or some options with legal values (targets small enough to be struck)."""
    kind = draw(st.sampled_from(["absent", "null", "some"]))
    if kind != "some":
        return kind
    choices = {
        "targets": st.lists(_fives(1, 40), min_size=1, max_size=6),
        "cross_limit": st.integers(1, 10),
        "divisor": st.integers(1, 1000),
        "negative": st.sampled_from(["clamp", "truncate"]),
        "failing_side_points": st.sampled_from(["formula", "zero"]),
    }
    names = draw(st.lists(st.sampled_from(sorted(choices)), unique=True))
    return {name: draw(choices[name]) for name in names}


@st.composite
def _plan(draw, open_numbers, must_go_out, give_numbers):
    """A side's entry, apart from the card values: (entry, minimum table value)."""
    opened = must_go_out or draw(st.booleans())
    entry = {"opened": opened}
    if not opened:
        target = draw(st.none() | st.sampled_from(open_numbers))
        if target is not None or draw(st.booleans()):
            entry["target"] = target
        if give_numbers:
            entry.update(table=0, fives=0, straights=0)
        return entry, 0
    target = draw(st.sampled_from(open_numbers))
    entry["target"] = target
    if not give_numbers:
        return entry, 0
    fives = draw(st.integers(5 if must_go_out else 0, 8))
    straights = draw(st.integers(1 if must_go_out else 0, 3))
    opening = draw(st.none() | _fives(target // 5, target // 5 + 10))
    if opening is not None or draw(st.booleans()):
        entry["opening"] = opening
    entry.update(fives=fives, straights=straights)
    return entry, max(opening or target, 25 * fives + 30 * straights)


@st.composite
def _round(draw, sides, open_numbers):
    """One legal round for sides whose open numbers are given."""
    end = draw(st.sampled_from(["out", "out", "out", "stock_exhausted"]))
    out = draw(st.sampled_from(sides)) if end == "out" else None
    give_numbers = end == "out" or draw(st.booleans())
    plans = {s: draw(_plan(open_numbers[s], s == out, give_numbers)) for s in sides}
    spare = DECK - sum(minimum for _, minimum in plans.values())
    entries = {}
    for side, (entry, minimum) in plans.items():
        if give_numbers:
            extra = 5 * draw(st.integers(0, min(spare // 5, 120))) if entry["opened"] else 0
            hand = 5 * draw(st.integers(0, min((spare - extra) // 5, 60)))
            spare -= extra + hand
            entry.update(table=minimum + extra, hand=hand)
        entries[side] = entry
    hand = {"end": end, "sides": entries}
    if out is not None:
        hand["out"] = out
    elif draw(st.booleans()):
        hand["out"] = None
    return hand


def _struck(entry, end):
    return end == "out" and entry["opened"] and entry["fives"] >= 5 and entry["straights"] >= 1


@st.composite
def valid_matches(draw):
    sides = draw(side_names(2, 3).filter(lambda names: not KEYS & set(names)))
    options = draw(_options())
    resolved = {**DEFAULTS, **(options if isinstance(options, dict) else {})}
    open_numbers = {s: list(resolved["targets"]) for s in sides}
    crosses = dict.fromkeys(sides, 0)
    hands = []
    for _ in range(draw(st.integers(0, len(resolved["targets"]) + resolved["cross_limit"]))):
        if any(not open_numbers[s] or crosses[s] >= resolved["cross_limit"] for s in sides):
            break
        hand = draw(_round(sides, open_numbers))
        for side, entry in hand["sides"].items():
            if _struck(entry, hand["end"]):
                open_numbers[side].remove(entry["target"])
            else:
                crosses[side] += 1
        hands.append(hand)
    doc = {"game": "high_five_1959", "sides": sides, "hands": hands}
    if options != "absent":
        doc["options"] = None if options == "null" else options
    return doc
