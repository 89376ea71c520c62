from tests.tournaments.conftest import (  # noqa: F401
    make_competition,
    make_evening,
    make_round,
    seat_table,
)
