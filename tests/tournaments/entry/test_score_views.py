"""Score entry through HTTP: a complete match of every game, the live check, access."""

from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import GAMES
from tournaments.entry.forms import HandForm
from tournaments.games import sample_hands
from tournaments.models import Hand, Seat, Table
from tournaments.shared.matches import playing_order, sides_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PLAYERS = {"jokeren": 4, "high_five_1959": 4, "big_five": 3, "high_five_crowns": 3,
           "high_five_tiles": 2, "klaverjassen": 4}


def form_post(table: Table, hand: dict[str, Any]) -> dict[str, Any]:
    """What a browser posts for ``hand``: the generated form's inputs filled in."""
    sides = sides_of(table.seats.all())
    form = HandForm(game=table.game, sides=sides, options=table.options or {}, initial=hand)
    post: dict[str, Any] = {"version": table.version}
    for block in form.blocks:
        inputs = block.inputs + [i for _l, _n, group in block.groups for i in group]
        for inp in inputs:
            if inp.widget == "checkbox":
                if inp.checked:
                    post[inp.name] = "on"
            elif inp.value != "":
                post[inp.name] = inp.value
    return post


@pytest.fixture
def make_table(club, make_member, make_competition, make_evening, make_round, seat_table):
    def make(game: str, players: int | None = None, **competition_fields: Any) -> Table:
        count = players or PLAYERS[game]
        members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")[:count]]
        evening = make_evening(make_competition(club, game, **competition_fields), members)
        return seat_table(make_round(evening), list(evening.participants.all()))

    return make


def url(name: str, table: Table, **kw: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": "harten-vrouw",
                                                  "pk": kw.get("pk", table.pk)})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_complete_match_of_every_game_through_the_views(game, make_table, client_for,
                                                       scorekeeper_user):
    table = make_table(game)
    client = client_for(scorekeeper_user)
    page = client.get(url("table_scores", table))
    assert page.status_code == 200
    assert 'inputmode="numeric"' in page.content.decode() or game == "high_five_crowns"
    hands = sample_hands(game, playing_order(table, table.seats.all()))
    for number, hand in enumerate(hands, start=1):
        table.refresh_from_db()
        post = form_post(table, hand)
        check = client.post(url("hand_check", table), post, **HTMX)
        assert check.status_code == 200
        assert "field-error" not in check.content.decode(), check.content.decode()[:2000]
        response = client.post(url("hand_add", table), post, **HTMX)
        assert response.status_code == 200
        body = response.content.decode()
        assert 'id="match"' in body and "<html" not in body  # only the match region
        assert Hand.objects.filter(table=table).count() == number, body[:3000]
        assert Hand.objects.get(table=table, number=number).data == hand
    table.refresh_from_db()
    assert table.finished and table.hand_count == len(hands)
    # the seats carry the engine's totals
    assert Seat.objects.filter(table=table, place=1).exists()


def test_team_table_shows_teams_and_partners_get_team_points(make_table, client_for,
                                                             scorekeeper_user):
    table = make_table("high_five_1959", 4)
    client = client_for(scorekeeper_user)
    sides = sides_of(table.seats.all())
    assert sides == ["Ann & Cor", "Bob & Dirk"]
    for hand in sample_hands("high_five_1959", sides):
        table.refresh_from_db()
        client.post(url("hand_add", table), form_post(table, hand))
    seats = {s.participant.name: s.competition_points
             for s in Seat.objects.filter(table=table).select_related("participant__member")}
    # Ann & Cor: 1130 → 11 but 2 crosses; Bob & Dirk: 445 with 3 crosses → 0
    assert seats == {"Ann": 11, "Cor": 11, "Bob": 0, "Dirk": 0}
    page = client.get(url("table_scores", table)).content.decode()
    assert "Ann &amp; Cor" in page


def test_live_check_shows_the_rule_at_the_field(make_table, client_for, scorekeeper_user):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"  # the language switch sets this
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "1", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    response = client.post(url("hand_check", table), post, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert "a penalty of 1 is impossible" in body
    assert 'id="id-h-penalties-1-err"' in body  # at Bob's field
    assert not Hand.objects.exists()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_live_check_waits_for_fields_not_filled_in_yet(game, make_table, client_for,
                                                       scorekeeper_user):
    # The scorekeeper has typed into the first field only: nothing is red yet, and the engine's
    # "Accepted by the rules engine" is not shown for a hand that is not complete.
    table = make_table(game)
    client = client_for(scorekeeper_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    full = form_post(table, sample_hands(game, playing_order(table, table.seats.all()))[0])
    first = next(k for k, v in full.items() if k.startswith("h-") and v not in ("", "on"))
    post = {"version": 0, first: full[first]}
    body = client.post(url("hand_check", table), post, **HTMX).content.decode()
    assert "field-error" not in body, body[:3000]
    assert "Accepted by the rules engine" not in body
    complete = client.post(url("hand_check", table), full, **HTMX).content.decode()
    assert "Accepted by the rules engine" in complete


def test_saving_with_an_empty_field_says_it_is_not_filled_in(make_table, client_for,
                                                             scorekeeper_user):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12"}
    body = client.post(url("hand_add", table), post, **HTMX).content.decode()
    assert "Dirk: “penalty points” is not filled in." in body
    assert "must be a whole number" not in body
    post["h-penalties-3"] = "x"  # typed, but not a number: the engine's own words
    body = client.post(url("hand_add", table), post, **HTMX).content.decode()
    assert "Dirk: “penalty points” must be a whole number." in body
    assert not Hand.objects.exists()


def test_refused_save_rerenders_with_200_and_keeps_input(make_table, client_for,
                                                         scorekeeper_user):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "0",
            "h-penalties-3": "88"}
    response = client.post(url("hand_add", table), post)  # no JS
    body = response.content.decode()
    assert response.status_code == 200
    assert "Only one player can go out in a deal" in body or "Er kan maar één speler" in body
    assert 'value="45"' in body
    assert not Hand.objects.exists()


def test_warning_asks_for_confirmation_then_saves(make_table, client_for, scorekeeper_user):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "175", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    body = client.post(url("hand_add", table), post, **HTMX).content.decode()
    assert 'name="acknowledge"' in body and not Hand.objects.exists()
    client.post(url("hand_add", table), {**post, "acknowledge": "1"}, **HTMX)
    assert Hand.objects.count() == 1


def test_stale_version_says_the_table_was_just_changed(make_table, client_for,
                                                       scorekeeper_user, admin_user):
    table = make_table("jokeren")
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    client_for(admin_user).post(url("hand_add", table), post)
    other = {**post, "h-penalties-1": "44"}
    response = client_for(scorekeeper_user).post(url("hand_add", table), other,
                                                 HTTP_ACCEPT_LANGUAGE="en", **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert "just changed" in body or "zojuist gewijzigd" in body
    assert 'value="44"' in body  # the user's input is kept
    assert 'name="version" value="1"' in body  # with the new version
    assert Hand.objects.count() == 1


def test_edit_and_delete_through_views_and_history(make_table, client_for, scorekeeper_user,
                                                   admin_user):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    client.post(url("hand_add", table), post)
    hand = Hand.objects.get()
    edit_url = reverse("tournaments:hand_edit", kwargs={"club": "harten-vrouw", "pk": hand.pk})
    assert 'value="45"' in client.get(edit_url).content.decode()
    response = client.post(edit_url, {**post, "version": 1, "h-penalties-1": "40"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.data["penalties"]["Bob"] == 40
    delete_url = reverse("tournaments:hand_delete", kwargs={"club": "harten-vrouw",
                                                            "pk": hand.pk})
    assert client.post(delete_url, {"version": 2, "reason": "wrong table"}).status_code == 302
    assert not Hand.objects.exists()
    assert client.get(url("table_history", table)).status_code == 403
    history = client_for(admin_user).get(url("table_history", table), HTTP_ACCEPT_LANGUAGE="en")
    body = history.content.decode()
    assert history.status_code == 200
    assert body.count("hv-schrijver") >= 3 and "wrong table" in body
    assert "<del>45</del>" in body and "penalty points" in body.lower() or "strafpunten" in body


def test_admin_adjusted_score_through_the_view(make_table, client_for, admin_user):
    table = make_table("jokeren")
    client = client_for(admin_user)
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "1", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    body = client.post(url("hand_add", table), post).content.decode()
    assert 'name="adjusted_reason"' in body and not Hand.objects.exists()
    client.post(url("hand_add", table), {**post, "adjusted_reason": "director's decision",
                                         "adj-0": "0", "adj-1": "2", "adj-2": "12",
                                         "adj-3": "88"})
    hand = Hand.objects.get()
    assert hand.adjusted_reason == "director's decision" and hand.adjusted_points["Bob"] == 2


def test_access_scorekeeper_member_other_club(make_table, client_for, scorekeeper_user,
                                              member_user, other_admin_user):
    table = make_table("jokeren")
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    member = client_for(member_user)
    page = member.get(url("table_scores", table))
    assert page.status_code == 200 and "hand-form" not in page.content.decode()
    assert member.post(url("hand_add", table), post).status_code == 403
    assert member.post(url("hand_check", table), post).status_code == 403
    other = client_for(other_admin_user)
    assert other.get(url("table_scores", table)).status_code == 404
    assert other.post(url("hand_add", table), post).status_code == 404
    assert not Hand.objects.exists()
    assert client_for(scorekeeper_user).post(url("hand_add", table), post).status_code == 302


def test_confirmation_and_board(make_table, client_for, scorekeeper_user, admin_user,
                                make_user, club):
    table = make_table("big_five", requires_confirmation=True)
    client = client_for(scorekeeper_user)
    sides = sides_of(table.seats.all())
    client.post(url("hand_add", table), form_post(table, sample_hands("big_five", sides)[0]))
    table.refresh_from_db()
    assert table.status == "finished"
    evening = table.round.evening
    board_url = reverse("tournaments:evening_status_board",
                        kwargs={"club": "harten-vrouw", "pk": evening.pk})
    board = client.get(board_url, **HTMX).content.decode()
    assert 'hx-trigger="every 10s"' in board and "status-finished" in board
    # the scorekeeper entered it and is not seated: may not confirm
    assert client.post(url("table_confirm", table)).status_code == 403
    table.refresh_from_db()
    assert table.status == "finished"
    client_for(admin_user).post(url("table_confirm", table))
    table.refresh_from_db()
    assert table.status == "confirmed"
    assert "status-confirmed" in client.get(board_url).content.decode()


def test_form_from_before_the_evening_closed_is_refused_and_the_table_shows_closed(
        make_table, client_for, scorekeeper_user, admin_user):
    from tournaments.evenings.services.evenings import evening_status_set

    table = make_table("jokeren")
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    evening_status_set(evening=table.round.evening, status="closed", by=admin_user)
    response = client_for(scorekeeper_user).post(url("hand_add", table), post, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert "zojuist gewijzigd" in body
    assert "De avond is gesloten" in body  # the new state: no form, the reason instead
    assert 'name="version"' not in body
    assert Hand.objects.count() == 0


def test_saving_a_hand_runs_the_same_few_queries_for_hand_1_and_hand_7(
        make_table, client_for, scorekeeper_user, django_assert_max_num_queries):
    table = make_table("jokeren")
    client = client_for(scorekeeper_user)
    sides = sides_of(table.seats.all())
    counts = []
    for hand in sample_hands("jokeren", sides):
        post = form_post(table, hand)
        # session, user, the table with its club and the user's role, seats, hands; the write:
        # claim (version, finished), hand, its history, seats (one executemany), the evening's
        # and the competition's change stamps; plus the test's savepoints
        with django_assert_max_num_queries(17) as captured:  # one UPDATE per seat
            response = client.post(url("hand_add", table), post, **HTMX)
        assert response.status_code == 200 and "opgeslagen" in response.content.decode()
        counts.append(len(captured.captured_queries))
        table.refresh_from_db()
    assert table.finished and len(set(counts)) == 1, counts


WORDS = {"jokeren": ("deal", "Spel"), "high_five_1959": ("round", "Ronde"),
         "big_five": ("game", "Spel"), "high_five_crowns": ("game", "Spel"),
         "high_five_tiles": ("turn", "Beurt"), "klaverjassen": ("deal", "Spel")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_calls_an_entry_by_its_own_word(game, make_table, client_for,
                                                 scorekeeper_user):
    """A Jokeren deal, a High Five round, a Big Five game, a tiles turn: the words on the
    players' own score sheets, in English and in Dutch (the default); never "hand"."""
    english, dutch = WORDS[game]
    table = make_table(game)
    client = client_for(scorekeeper_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page_en = client.get(url("table_scores", table)).content.decode()
    assert f'id="entry-h">{english.capitalize()} 1</h2>' in page_en
    assert f'class="save"><span class="idle">Save {english}</span>' in page_en
    assert f'id="hands-h">{english.capitalize()}s <small' in page_en
    assert f"No {english}s entered yet." in page_en
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    page = client.get(url("table_scores", table)).content.decode()
    assert f'id="entry-h">{dutch} 1</h2>' in page
    assert f'class="save"><span class="idle">{dutch} opslaan</span>' in page
    assert "Bezig met opslaan…</span></button>" in page  # while its save is under way
    assert f"Nog geen {dutch.lower()}" in page
    hand = sample_hands(game, playing_order(table, table.seats.all()))[0]
    saved = client.post(url("hand_add", table), form_post(table, hand), **HTMX).content.decode()
    assert f"{dutch} 1 opgeslagen." in saved
    assert f'<span class="visually-hidden">{dutch} 1 wijzigen</span>' in saved
    for text in (page_en, page, saved):
        assert ">Hand" not in text and " hand " not in text.lower()


def _high_five_round_with(make_table, client_for, scorekeeper_user, typed: str) -> Table:
    """Post a High Five 1959 round whose first side has "typed" as its cards on the table."""
    table = make_table("high_five_1959", players=4)
    hand = sample_hands("high_five_1959", sides_of(table.seats.all()))[0]
    first = next(iter(hand["sides"]))
    hand["sides"][first]["table"] = 1170
    post = form_post(table, hand)
    key = next(k for k, v in post.items() if v == "1170")
    client_for(scorekeeper_user).post(url("hand_add", table), {**post, key: typed}, **HTMX)
    return table


@pytest.mark.parametrize("typed", ["1.170", "1 170", "1170"])
def test_numbers_take_the_dutch_thousands_separator(make_table, client_for, scorekeeper_user,
                                                    typed):
    """High Five 1959 values run into the thousands; "1.170" written the Dutch way is 1170, not
    "not a whole number" (scores have no decimals, so the dot can only group thousands)."""
    table = _high_five_round_with(make_table, client_for, scorekeeper_user, typed)
    hand = Hand.objects.get(table=table)
    assert 1170 in [side["table"] for side in hand.data["sides"].values()]


@pytest.mark.parametrize("typed", ["1.17", "1,170", "1.1700", "12.34.567"])
def test_a_dot_that_is_not_a_thousands_separator_is_refused(make_table, client_for,
                                                            scorekeeper_user, typed):
    table = _high_five_round_with(make_table, client_for, scorekeeper_user, typed)
    assert not Hand.objects.filter(table=table).exists()


def test_the_confirmation_names_the_person_not_the_login(
        make_table, client_for, scorekeeper_user, admin_user, make_member, club):
    """Not "Bevestigd door hv-admin", read as a login: the page names the member."""
    table = make_table("big_five", requires_confirmation=True)
    make_member(club, name="Gerda de Vries", user=admin_user)
    sides = sides_of(table.seats.all())
    client = client_for(scorekeeper_user)
    client.post(url("hand_add", table), form_post(table, sample_hands("big_five", sides)[0]))
    client_for(admin_user).post(url("table_confirm", table))
    page = client.get(url("table_scores", table)).content.decode()
    assert "Bevestigd door Gerda de Vries op" in page
    assert "hv-admin" not in page


def test_a_correction_keeps_the_number_of_a_team_that_never_came_on_the_table(
        make_table, client_for, scorekeeper_user):
    """High Five 1959: a team that never came on the table may have named its number (the
    cross is recorded against it). The form offers "niet op tafel" or a number, so correcting
    another figure of that round must keep the stored number, not drop it."""
    table = make_table("high_five_1959", 4)
    sides = sides_of(table.seats.all())
    went_out, other = sides
    hand = {"end": "out", "out": went_out, "sides": {
        went_out: {"opened": True, "target": 50, "opening": 55, "table": 500, "fives": 5,
                   "straights": 1, "hand": 25},
        other: {"opened": False, "target": 80, "table": 0, "fives": 0, "straights": 0,
                "hand": 210}}}
    client = client_for(scorekeeper_user)
    saved = client.post(url("hand_add", table), form_post(table, hand))
    assert saved.status_code in (200, 302)
    stored = Hand.objects.get(table=table)
    stored.data = hand  # as entered before the choices came first (or from a workbook)
    stored.save(update_fields=["data"])
    table.refresh_from_db()
    edit_url = reverse("tournaments:hand_edit", kwargs={"club": "harten-vrouw",
                                                        "pk": stored.pk})
    post = form_post(table, {**hand, "sides": {**hand["sides"], other: {
        **hand["sides"][other], "hand": 200}}})
    assert "h-sides-1-target" not in post or post["h-sides-1-target"] == ""  # "niet op tafel"
    response = client.post(edit_url, {**post, "version": table.version})
    assert response.status_code == 302, response.content.decode()[:2000]
    stored.refresh_from_db()
    assert stored.data["sides"][other] == {**hand["sides"][other], "hand": 200}
