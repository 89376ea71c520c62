"""Valid Amerikaans Jokeren matches."""

from hypothesis import strategies as st

from scoring.games.jokeren import CONTRACTS, OUT_AT_ONCE_MIN_TOTAL

from .common import side_names


@st.composite
def _deal(draw, sides, contract):
    winner = draw(st.sampled_from(sides))
    losers = [s for s in sides if s != winner]
    low = 31 if contract == "out_at_once" else 2
    while True:
        values = [draw(st.integers(low, 200)) for _ in losers]
        if contract != "out_at_once" or sum(values) >= OUT_AT_ONCE_MIN_TOTAL[len(losers)]:
            break
    penalties = {winner: 0, **dict(zip(losers, values, strict=True))}
    return {"penalties": {s: penalties[s] for s in sides}}


@st.composite
def valid_matches(draw):
    sides = draw(side_names(2, 4))
    contracts = draw(
        st.one_of(st.none(), st.lists(st.sampled_from(CONTRACTS), min_size=1, max_size=9))
    )
    played = contracts or list(CONTRACTS)
    count = draw(st.integers(0, len(played)))
    hands = [draw(_deal(sides, played[i])) for i in range(count)]
    doc = {"game": "jokeren", "sides": sides, "hands": hands}
    if contracts is not None:
        doc["options"] = {"contracts": contracts}
    return doc
