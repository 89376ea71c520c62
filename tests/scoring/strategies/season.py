"""Valid season and prize documents (../shared/rules/season.md)."""

from hypothesis import strategies as st

from .common import side_names

# Few distinct values, so ties (in evenings, in totals, in tie-breaks) are common.
score = st.integers(-20, 60)


@st.composite
def _evening(draw, number, members):
    players = draw(st.lists(st.sampled_from(members), unique=True)) if members else []
    evening = {"id": f"e{number}", "scores": {m: draw(score) for m in players}}
    if draw(st.booleans()):
        evening["wins"] = {m: draw(st.integers(0, 3)) for m in players if draw(st.booleans())}
    if draw(st.booleans()):
        evening["notified"] = [m for m in members if m not in players and draw(st.booleans())]
    if draw(st.integers(0, 5)) == 0:
        evening["counts"] = False
    return evening


count = st.one_of(st.just("all"), st.builds(lambda n: {"best": n}, st.integers(1, 6)),
                  st.builds(lambda k: {"drop": k}, st.integers(0, 4)))
absence = st.one_of(st.sampled_from(["nothing", "worst", "average"]),
                    st.builds(lambda n: {"fixed": n}, score))


@st.composite
def _periods(draw, ids):
    cuts = sorted(draw(st.sets(st.integers(1, max(len(ids) - 1, 1)), max_size=4)))
    bounds = [0, *[c for c in cuts if c < len(ids)], len(ids)]
    return {"periods": [ids[a:b] for a, b in zip(bounds, bounds[1:], strict=False)],
            "count": draw(count), "season_count": draw(count)}


@st.composite
def rules(draw, ids, periods=None):
    use_periods = draw(st.booleans()) if periods is None else periods
    chosen = {
        "better": draw(st.sampled_from(["higher", "lower"])),
        "min_played": draw(st.integers(0, 3)),
        "absent": {"notified": draw(absence), "unnotified": draw(absence),
                   "max_scored": draw(st.one_of(st.none(), st.integers(0, 3)))},
        "tiebreaks": draw(st.permutations(["played", "best_evening", "wins", "average", "name"])
                          .flatmap(lambda p: st.integers(0, 5).map(lambda n: p[:n]))),
    }
    if use_periods and ids:
        chosen["periods"] = draw(_periods(ids))
    else:
        chosen["rank_by"] = draw(st.sampled_from(["total", "average"]))
        chosen["count"] = draw(count)
    return chosen


@st.composite
def seasons(draw, periods=None, max_evenings=8):
    members = draw(side_names(1, 6))
    evenings = [draw(_evening(i, members)) for i in range(draw(st.integers(0, max_evenings)))]
    doc = {"evenings": evenings,
           "rules": draw(rules([e["id"] for e in evenings], periods=periods))}
    if draw(st.booleans()):
        doc["members"] = members
    return doc


@st.composite
def prize_documents(draw):
    players = draw(side_names(0, 12))
    rule = draw(st.one_of(
        st.builds(lambda n: {"top": n}, st.integers(0, 14)),
        st.builds(lambda k: {"per": k}, st.integers(1, 5)),
        st.builds(lambda f, s: {"first": f, "then_every": s}, st.integers(0, 5),
                  st.integers(1, 5)),
        st.builds(lambda p: {"positions": p}, st.lists(st.integers(1, 15), unique=True)),
    ))
    return {"better": draw(st.sampled_from(["higher", "lower"])),
            "scores": {p: draw(st.integers(0, 6)) for p in players},
            "rule": rule, "booby": draw(st.booleans())}
