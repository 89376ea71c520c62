"""Strategies shared by the per-game strategy modules."""

from hypothesis import strategies as st

# Side names as clubs type them: Dutch names, accents, emoji, spaces inside.
side_name = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12
).filter(lambda s: s.strip() != "")


def side_names(min_size: int, max_size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(side_name, min_size=min_size, max_size=max_size, unique=True)
