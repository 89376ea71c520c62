"""Crafted input never answers 500 and stores nothing.

Each test is one finding: a number of 5,000 digits in a hand field (add, live check, edit), a
hand number that is not a whole number on the live check, a huge ``version``, adjusted points
outside what the game allows a side in one hand, a check-in id that is not a number, and model
fields whose range the database would overflow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.forms import IntegerField
from django.test import Client
from django.urls import reverse

from scoring import GAMES
from tournaments.competitions.forms.competitions import CompetitionForm, ListInput
from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.evenings.forms.draws import DrawForm
from tournaments.models import Competition, Hand, Participant, Round, Table
from tournaments.shared.numbers import INT_MAX, INT_MIN, column_range

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HUGE = "9" * 5000
DEAL = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
        "h-penalties-3": "88"}


@pytest.fixture
def table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any], admin_user: Any) -> Table:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    hand_add(table=table, by=admin_user,
             change=HandChange(data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}},
                               expected_version=0))
    return Table.objects.get(pk=table.pk)


def _url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def _hand(table: Table) -> Hand:
    return Hand.objects.get(table=table, number=1)


def _snapshot(table: Table) -> tuple[Any, ...]:
    return (Table.objects.get(pk=table.pk).version, Hand.objects.count(),
            Hand.history.count(), list(Hand.objects.values_list("data", flat=True)))


@pytest.mark.parametrize("field", list(DEAL))
@pytest.mark.parametrize("where", ["add", "check", "edit"])
def test_a_number_of_5000_digits_is_refused_with_a_message(
        club: Any, admin_client: Client, table: Table, field: str, where: str) -> None:
    before = _snapshot(table)
    post = {**DEAL, field: HUGE, "version": str(table.version)}
    if where == "add":
        response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    elif where == "check":
        response = admin_client.post(_url("hand_check", club, table.pk), post, **HTMX)
    else:
        response = admin_client.post(_url("hand_edit", club, _hand(table).pk), post, **HTMX)
    assert response.status_code == 200
    assert "Dit getal is veel te groot." in response.content.decode()
    assert _snapshot(table) == before


@pytest.mark.parametrize("hand", ["abc", "1.5", "١", HUGE, "-1", str(2**63)])
def test_the_live_check_refuses_a_hand_number_that_is_no_id(
        club: Any, admin_client: Client, table: Table, hand: str) -> None:
    response = admin_client.post(_url("hand_check", club, table.pk),
                                 {**DEAL, "hand": hand, "version": "1"}, **HTMX)
    assert response.status_code == 404


@pytest.mark.parametrize("version", [str(10**30), str(2**63), str(2**31), HUGE, "-5", "x"])
def test_a_huge_version_is_a_changed_table_on_edit_and_delete(
        club: Any, admin_client: Client, table: Table, version: str) -> None:
    before = _snapshot(table)
    edit = admin_client.post(_url("hand_edit", club, _hand(table).pk),
                             {**DEAL, "h-penalties-1": "46", "version": version}, **HTMX)
    assert edit.status_code == 200
    assert "zojuist gewijzigd door iemand anders" in edit.content.decode()
    delete = admin_client.post(_url("hand_delete", club, _hand(table).pk),
                               {"version": version, "reason": "x"}, follow=True)
    assert delete.status_code == 200
    assert "er is niets verwijderd" in delete.content.decode()
    assert _snapshot(table) == before


REFUSED = {"version": "1", "h-penalties-0": "0", "h-penalties-1": "1", "h-penalties-2": "12",
           "h-penalties-3": "88", "adjusted_reason": "director's decision"}  # 1 is impossible


@pytest.mark.parametrize("points", [str(10**30), "-1000000", "793", "-1", HUGE])
def test_adjusted_points_are_bounded_by_what_the_game_allows_a_side_in_one_hand(
        club: Any, admin_client: Client, table: Table, points: str) -> None:
    before = _snapshot(table)
    post = {**REFUSED, "adj-0": "0", "adj-1": points, "adj-2": "12", "adj-3": "88"}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert response.status_code == 200
    # Jokeren: a penalty from 0 to 792 (scoring.side_points_bounds)
    assert "één kant scoort van 0 tot 792 punten" in response.content.decode()
    assert _snapshot(table) == before


def test_adjusted_points_at_the_bounds_are_saved(club: Any, admin_client: Client,
                                                 table: Table) -> None:
    post = {**REFUSED, "adj-0": "0", "adj-1": "792", "adj-2": "12", "adj-3": "0"}
    admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert Hand.objects.get(table=table, number=2).adjusted_points == {
        "Ann": 0, "Bob": 792, "Cor": 12, "Dirk": 0}


@pytest.mark.parametrize("value", ["a\x00b", "4\x005"])
def test_a_nul_character_in_a_hand_field_is_refused_at_its_input(
        club: Any, admin_client: Client, table: Table, value: str) -> None:
    """Even an admin's adjusted save (which stores the hand as entered) cannot store it."""
    before = _snapshot(table)
    post = {**REFUSED, "h-penalties-1": value, "adj-0": "0", "adj-1": "2", "adj-2": "12",
            "adj-3": "88"}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert response.status_code == 200
    assert "Hierin staat een teken dat niet kan worden opgeslagen." in response.content.decode()
    assert _snapshot(table) == before


@pytest.mark.parametrize("action", ["in", "out"])
@pytest.mark.parametrize("value", ["abc", "1.5", "", "٣", HUGE, str(2**63), "-3", "1\x00"])
def test_a_checkin_id_that_is_no_id_is_404(club: Any, admin_client: Client,
                                           make_member: Callable[..., Any],
                                           make_competition: Callable[..., Any],
                                           make_evening: Callable[..., Any], action: str,
                                           value: str) -> None:
    member = make_member(club, name="Els")
    evening = make_evening(make_competition(club, "jokeren"), [member], status="checkin")
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    key = "member" if action == "in" else "participant"
    response = admin_client.post(url, {"action": action, key: value})
    assert response.status_code == 404
    assert Participant.objects.filter(evening=evening).count() == 1


# -- forms: every integer has a bound that follows from the game or the model --------------
OVERFLOW = [str(2**31), str(-(2**31) - 1), str(2**63), HUGE]


def _integer_fields(form: Any) -> list[str]:
    return [name for name, field in form.fields.items()
            if isinstance(field, IntegerField)
            or (isinstance(field, ListInput) and field.integers)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_integer_of_the_competition_form_is_bounded(game: str) -> None:
    form = CompetitionForm(game=game)
    for name in _integer_fields(form):
        field = form.fields[name]
        low = getattr(field, "min_value", getattr(field, "minimum", None))
        high = getattr(field, "max_value", getattr(field, "maximum", None))
        assert low is not None and high is not None, name
        assert INT_MIN <= low <= high <= INT_MAX, name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_competition_number_past_its_column_is_refused_by_the_form(
        admin_client: Client, club: Any, game: str) -> None:
    from tests.tournaments.competitions.test_competitions import add_url, form_data
    names = _integer_fields(CompetitionForm(game=game))
    assert "absent_unnotified_fixed" in names and "count_n" in names
    for name in names:
        for value in OVERFLOW:
            response = admin_client.post(add_url(club, game), form_data(game, **{name: value}))
            assert response.status_code == 200, (name, value)
    assert not Competition.objects.exists()


def test_the_draw_seed_fits_its_bigint_column() -> None:
    seed = DrawForm().fields["seed"]
    low, high = column_range(Round, "seed")
    assert low <= seed.min_value <= seed.max_value <= high  # type: ignore[attr-defined]


# -- text a database cannot store, and ids in the URL ---------------------------------------
def test_a_nul_in_the_adjusted_reason_is_refused(club: Any, admin_client: Client,
                                                 table: Table) -> None:
    before = _snapshot(table)
    post = {**REFUSED, "adjusted_reason": "beslissing\x00", "adj-0": "0", "adj-1": "2",
            "adj-2": "12", "adj-3": "88"}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert "Reden voor de aangepaste score: Hierin staat een onzichtbaar stuurteken (U+0000)" \
        in response.content.decode()
    assert _snapshot(table) == before


def test_a_nul_in_the_delete_reason_is_refused(club: Any, admin_client: Client,
                                               table: Table) -> None:
    before = _snapshot(table)
    response = admin_client.post(_url("hand_delete", club, _hand(table).pk),
                                 {"version": str(table.version), "reason": "fout\x00"},
                                 follow=True)
    assert "Reden voor het verwijderen: Hierin staat een onzichtbaar stuurteken (U+0000)" \
        in response.content.decode()
    assert _snapshot(table) == before


@pytest.mark.parametrize("pk", [2**63, 2**64, 10**30])
def test_an_id_past_every_column_in_the_url_is_404(club: Any, admin_client: Client,
                                                   pk: int) -> None:
    for name in ("table_scores", "hand_edit", "evening_detail", "competition_detail"):
        url = _url(name, club, 987654).replace("987654", str(pk))
        assert admin_client.get(url).status_code == 404, name


@pytest.mark.parametrize("seed", ["abc", "-1", str(2**62 + 1), HUGE, "1.5", "1\x00"])
def test_a_seed_that_is_no_seed_is_refused_not_drawn_at_random(
        club: Any, admin_client: Client, make_member: Callable[..., Any],
        make_competition: Callable[..., Any], make_evening: Callable[..., Any],
        seed: str) -> None:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members, status="playing")
    url = reverse("tournaments:round_draw", kwargs={"club": club.slug, "pk": evening.pk})
    response = admin_client.post(url, {"seed": seed}, follow=True)
    assert response.status_code == 200
    assert "Lotingsgetal (optioneel): " in response.content.decode()
    assert not Round.objects.filter(evening=evening).exists()
    admin_client.post(url, {"seed": "42"})
    assert Round.objects.get(evening=evening).seed == 42


# -- an adjusted correction stores whole numbers, and reasons have one stated limit ----------
ADJUSTED = {**REFUSED, "adj-0": "0", "adj-1": "2", "adj-2": "12", "adj-3": "88"}


@pytest.mark.parametrize("typed", ["a" * 10_000, "twaalf", "1,5"])
def test_an_adjusted_correction_refuses_text_in_a_score_field(
        club: Any, admin_client: Client, table: Table, typed: str) -> None:
    """The adjustment overrides the rules, not what a hand holds: the hand is stored as
    entered, and text there made the club's own export unimportable."""
    before = _snapshot(table)
    post = {**ADJUSTED, "h-penalties-2": typed}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert response.status_code == 200
    assert "moet een geheel getal zijn" in response.content.decode()
    assert _snapshot(table) == before


def test_the_service_refuses_an_adjusted_hand_that_is_not_of_its_kinds(
        table: Table, admin_user: Any) -> None:
    from tournaments.entry.services.scores import HandChange, HandRejected

    bad = {"penalties": {"Ann": 0, "Bob": 1, "Cor": "x" * 100, "Dirk": 88}}
    with pytest.raises(HandRejected) as rejected:
        hand_add(table=table, by=admin_user,
                 change=HandChange(data=bad, expected_version=1, adjusted_reason="beslissing",
                                   adjusted_points={"Ann": 0, "Bob": 2, "Cor": 12, "Dirk": 88}))
    assert [(e["code"], e["side"]) for e in rejected.value.errors] == [
        ("VALUE_NOT_INTEGER", "Cor")]
    assert Hand.objects.count() == 1


def test_an_adjusted_correction_with_whole_numbers_exports_and_imports_again(
        club: Any, admin_client: Client, table: Table) -> None:
    from tests.tournaments.workbook.test_season_import import do_import, empty_like
    from tournaments.workbook.selectors import season_workbook

    admin_client.post(_url("hand_add", club, table.pk), ADJUSTED, **HTMX)
    assert Hand.objects.get(table=table, number=2).adjusted_points["Bob"] == 2
    competition = table.round.evening.competition
    target = empty_like(competition)
    assert do_import(season_workbook(competition), target).hands == 2
    assert Hand.objects.get(table__round__evening__competition=target, number=2
                            ).adjusted_reason == "director's decision"


LIMIT = "Gebruik hoogstens 200 tekens (dit zijn er 201)"


def test_an_adjusted_reason_over_the_limit_is_refused_with_the_limit(
        club: Any, admin_client: Client, table: Table) -> None:
    """A 10,000-character reason gave a 3.6 MB history page: 200 characters at most."""
    before = _snapshot(table)
    response = admin_client.post(_url("hand_add", club, table.pk),
                                 {**ADJUSTED, "adjusted_reason": "x" * 201}, **HTMX)
    assert f"Reden voor de aangepaste score: {LIMIT}" in response.content.decode()
    assert _snapshot(table) == before
    reason = "Besluit van de spelleider:\n" + "y" * 173
    assert len(reason) == 200
    admin_client.post(_url("hand_add", club, table.pk), {**ADJUSTED, "adjusted_reason": reason},
                      **HTMX)
    hand = Hand.objects.get(table=table, number=2)
    assert hand.adjusted_reason == reason
    assert hand.history.latest("history_date").history_change_reason == reason


def test_a_delete_reason_is_kept_whole_up_to_the_limit_and_refused_past_it(
        club: Any, admin_client: Client, table: Table) -> None:
    """Delete reasons were silently cut to 100 characters."""
    before = _snapshot(table)
    url = _url("hand_delete", club, _hand(table).pk)
    response = admin_client.post(url, {"version": str(table.version), "reason": "z" * 201},
                                 follow=True)
    assert f"Reden voor het verwijderen: {LIMIT}" in response.content.decode()
    assert _snapshot(table) == before
    hand_pk = _hand(table).pk
    admin_client.post(url, {"version": str(table.version), "reason": "w" * 200})
    assert not Hand.objects.filter(pk=hand_pk).exists()
    assert Hand.history.get(id=hand_pk, history_type="-").history_change_reason == "w" * 200


def test_the_database_refuses_an_adjusted_reason_over_the_limit(table: Table) -> None:
    from django.db import IntegrityError, transaction

    hand = _hand(table)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.filter(pk=hand.pk).update(adjusted_reason="r" * 201,
                                               adjusted_points={"Ann": 0})
