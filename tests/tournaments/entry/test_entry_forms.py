"""Entry forms around what the table knows, through the views without JavaScript:
HIGH FIVE!'s tiles tapped (the combination and points follow), whose turn preselected, High Five
1959's number played for picked from the open numbers, a correction in the hand's own row."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from tests.tournaments.entry.test_score_views import url
from tournaments.models import Hand, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_table(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
               make_round: Any, seat_table: Any) -> Any:
    def make(game: str, players: int = 4) -> Table:
        members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")[:players]]
        evening = make_evening(make_competition(club, game), members)
        return seat_table(make_round(evening), list(evening.participants.all()))

    return make


@pytest.fixture
def client_en(client_for: Any, scorekeeper_user: Any) -> Any:
    client = client_for(scorekeeper_user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def _page(client: Any, table: Table) -> str:
    return client.get(url("table_scores", table), HTTP_ACCEPT_LANGUAGE="en").content.decode()


def _tiles_turn(client: Any, table: Table, side: int, tiles: list[str], placed: int,
                **extra: str) -> Any:
    table.refresh_from_db()
    post: dict[str, Any] = {"version": table.version, "h-side": str(side), "h-tiles": tiles,
                            "h-tiles-jokers": "0", "h-tiles_placed": str(placed), **extra}
    return client.post(url("hand_add", table), post)


def test_the_tiles_give_the_combination_and_an_earlier_turn_the_points(
        make_table: Any, client_en: Any) -> None:
    table = make_table("high_five_tiles", 3)
    client = client_en
    assert re.search(r'name="h-side" value="0" checked', _page(client, table))  # Ann's turn
    # Ann: a full house, its points typed (no club card, the first full house of the match).
    _tiles_turn(client, table, 0, ["5D", "3C", "3S", "5H", "3H"], 3, **{"h-points": "10"})
    first = Hand.objects.get()
    assert first.data["category"] == "full_house" and first.data["points"] == 10
    page = _page(client, table)
    assert re.search(r'name="h-side" value="1" checked', page)  # Bob's turn is preselected
    # Bob: another full house, nothing but the tiles and the count: the points follow.
    response = _tiles_turn(client, table, 1, ["7D", "7C", "9S", "9H", "7H"], 4)
    assert response.status_code == 302
    second = Hand.objects.get(number=2)
    assert second.data["category"] == "full_house" and second.data["points"] == 10
    assert second.data["tiles"] == ["7D", "7C", "9S", "9H", "7H"]


def test_the_live_check_shows_the_combination_the_tiles_make(
        make_table: Any, client_en: Any) -> None:
    table = make_table("high_five_tiles", 3)
    response = client_en.post(
        url("hand_check", table), {"version": 0, "h-side": "0", "h-tiles-jokers": "1",
                                   "h-tiles": ["7D", "7C", "7S", "7H"]},
        HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert re.search(r'name="h-category" value="high_five" checked data-filled', body)
    assert "Filled in from what you entered" in body


def test_the_tile_picker_speaks_dutch(make_table: Any, client_for: Any,
                                      scorekeeper_user: Any) -> None:
    table = make_table("high_five_tiles", 3)
    page = client_for(scorekeeper_user).get(url("table_scores", table),
                                            HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    for word in ("♣ klaveren", "♠ schoppen", "♥ harten", "♦ ruiten", "harten boer",
                 "ruiten vrouw", "klaveren heer", "schoppen aas", "jokers"):
        assert word in page, word
    assert re.search(r'value="JH"><span aria-hidden="true">B</span>', page)


def test_a_forced_turn_is_a_button_among_the_combinations(
        make_table: Any, client_en: Any) -> None:
    """The "no row: forced turn" is one more button of the combination, not a box of
    its own; choosing it is the whole turn (its one tile follows), and a correction shows it."""
    table = make_table("high_five_tiles", 3)
    page = _page(client_en, table)
    assert 'name="h-category" value="forced"' in page and 'name="h-forced"' not in page
    response = client_en.post(url("hand_add", table),
                              {"version": 0, "h-side": "0", "h-category": "forced"})
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.data == {"side": "Ann", "tiles_placed": 1, "forced": True}
    correction = client_en.get(url("hand_edit", table, pk=hand.pk)).content.decode()
    assert re.search(r'name="h-category" value="forced" checked', correction)
    assert not re.search(r'name="h-category" value="(?!forced)[a-z_]+" checked', correction)
    # Another combination chosen instead: no longer forced.
    response = client_en.post(url("hand_edit", table, pk=hand.pk), {
        "version": 1, "hand": hand.pk, "h-side": "0", "h-category": "pair", "h-points": "2",
        "h-tiles_placed": "3"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.data == {"side": "Ann", "tiles_placed": 3, "category": "pair", "points": 2}


def test_the_tiles_unfold_without_javascript(make_table: Any, client_en: Any) -> None:
    """The tile picker is folded behind a box: ticked and saved (here: refused, no combination
    yet), the page comes back with it open; a turn entered with tiles opens with them."""
    table = make_table("high_five_tiles", 3)
    toggle = re.compile(r'name="h-tiles-open" value="1"[^>]*?( checked)?>')
    match = toggle.search(_page(client_en, table))
    assert match is not None and match.group(1) is None  # folded as the page opens
    refused = client_en.post(url("hand_add", table), {"version": 0, "h-side": "0",
                                                      "h-tiles-open": "1"},
                             HTTP_ACCEPT_LANGUAGE="en").content.decode()
    match = toggle.search(refused)
    assert match is not None and match.group(1) == " checked"
    assert Hand.objects.count() == 0
    _tiles_turn(client_en, table, 0, ["5D", "3C", "3S", "5H", "3H"], 3, **{"h-points": "10"})
    hand = Hand.objects.get()
    correction = client_en.get(url("hand_edit", table, pk=hand.pk)).content.decode()
    match = toggle.search(correction)
    assert match is not None and match.group(1) == " checked"
    assert 'value="5D" checked' in correction


def test_the_number_played_for_is_one_of_the_open_numbers(
        make_table: Any, client_en: Any) -> None:
    table = make_table("high_five_1959")
    client = client_en
    page = _page(client, table)
    assert 'name="h-sides-0-target" value="60"' in page
    assert 'id="id-h-sides-0-target"' not in page  # never typed
    from tests.tournaments.entry.test_score_views import form_post
    from tournaments.games import sample_hands
    from tournaments.shared.matches import sides_of

    hand = sample_hands("high_five_1959", sides_of(table.seats.all()))[0]
    assert client.post(url("hand_add", table), form_post(table, hand)).status_code == 302
    page = _page(client, table)
    # Ann & Cor struck 60: it is no longer offered to them; Bob & Dirk (a cross) keep it.
    assert 'name="h-sides-0-target" value="60"' not in page
    assert 'name="h-sides-1-target" value="60"' in page


def test_a_correction_without_javascript_opens_and_answers_at_its_row(
        make_table: Any, client_en: Any) -> None:
    table = make_table("jokeren")
    client = client_en
    post = {"version": 0, "h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
            "h-penalties-3": "88"}
    client.post(url("hand_add", table), post)
    hand = Hand.objects.get()
    edit_url = reverse("tournaments:hand_edit", kwargs={"club": "harten-vrouw", "pk": hand.pk})
    assert f'href="{edit_url}#edit"' in _page(client, table)  # ✎ opens scrolled to the form
    page = client.get(edit_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    row = page.index('id="hand-1"')
    assert row < page.index('<tr class="editing-row" id="edit">') < page.index("hand-form")
    assert f'action="{edit_url}#edit"' in page
    refused = client.post(edit_url, {**post, "version": 1, "h-penalties-1": "1"},
                          HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert refused.index('id="edit"') < refused.index("field-error")
    response = client.post(edit_url, {**post, "version": 1, "h-penalties-1": "40"})
    assert response["Location"].endswith("?changed=1#hand-1")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.index('id="hand-1"') < page.index("Deal 1 was changed.")
    assert page.index("Deal 1 was changed.") < page.index("</table>", page.index('id="hand-1"'))


def test_a_team_that_never_came_on_the_table_needs_no_zeros(
        make_table: Any, client_en: Any) -> None:
    """"op tafel" left unticked is the one tap; the cards on the table, fives
    and straights of that team are 0 as the rules have them, and only its cards in hand are
    typed."""
    from tests.tournaments.entry.test_score_views import form_post
    from tournaments.shared.matches import sides_of

    table = make_table("high_five_1959")
    a, b = sides_of(table.seats.all())
    hand = {"end": "out", "out": a, "sides": {
        a: {"opened": True, "target": 60, "opening": 65, "table": 500, "fives": 5,
            "straights": 1, "hand": 25},
        b: {"opened": False, "target": None, "hand": 210}}}
    post = form_post(table, hand)
    assert not any(k.startswith("h-sides-1-") and k.split("-")[-1] in (
        "table", "fives", "straights") for k in post)  # nothing typed for them
    response = client_en.post(url("hand_add", table), post)
    assert response.status_code == 302, response.content.decode()[:2000]
    stored = Hand.objects.get(table=table).data["sides"][b]
    assert (stored["table"], stored["fives"], stored["straights"], stored["hand"]) == (
        0, 0, 0, 210)
    # a team that did come on the table still has to say what it laid
    table2 = make_table("high_five_1959")
    a2, b2 = sides_of(table2.seats.all())
    opened = {**hand, "out": a2, "sides": {a2: hand["sides"][a], b2: {
        "opened": True, "target": 60, "hand": 210}}}
    refused = client_en.post(url("hand_add", table2), form_post(table2, opened),
                             HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 200 and "field-error" in refused.content.decode()


def test_the_number_a_team_came_on_the_table_for_says_it_did(
        make_table: Any, client_en: Any) -> None:
    """Without JavaScript: per team one choice, its number or "not on the
    table"; there is no box "on the table" to tick, and a stored "not on the table" stays so."""
    from tournaments.shared.matches import sides_of

    table = make_table("high_five_1959")
    a, b = sides_of(table.seats.all())
    page = _page(client_en, table)
    assert 'name="h-sides-0-opened"' not in page
    assert re.search(r'name="h-sides-1-target" value="" checked> not on the table', page)
    post = {"version": 0, "h-end": "out", "h-out": "0",
            "h-sides-0-target": "60", "h-sides-0-opening": "65", "h-sides-0-table": "500",
            "h-sides-0-fives": "5", "h-sides-0-straights": "1", "h-sides-0-hand": "25",
            "h-sides-1-target": "", "h-sides-1-hand": "210"}
    assert client_en.post(url("hand_add", table), post).status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.data["sides"][a]["opened"] is True and hand.data["sides"][a]["target"] == 60
    assert hand.data["sides"][b] == {"opened": False, "target": None, "table": 0, "fives": 0,
                                     "straights": 0, "hand": 210}
    # A round stored with a number beside "not on the table" (the rules allow it): its
    # correction shows "not on the table", never "came on the table for 80".
    hand.data["sides"][b]["target"] = 80
    hand.save()
    edit = reverse("tournaments:hand_edit", kwargs={"club": "harten-vrouw", "pk": hand.pk})
    page = client_en.get(edit, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r'name="h-sides-1-target" value="" checked> not on the table', page)
    assert not re.search(r'name="h-sides-1-target" value="80" checked', page)


def test_the_side_that_went_out_not_on_the_table_is_refused_at_its_choice(
        make_table: Any, client_en: Any) -> None:
    table = make_table("high_five_1959")
    post = {"version": 0, "h-end": "out", "h-out": "0", "h-sides-0-target": "",
            "h-sides-0-hand": "25", "h-sides-1-target": "80", "h-sides-1-opening": "85",
            "h-sides-1-table": "310", "h-sides-1-fives": "4", "h-sides-1-straights": "1",
            "h-sides-1-hand": "115"}
    body = client_en.post(url("hand_add", table), post,
                          HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="id-h-sides-0-target-err"' in body
    assert not Hand.objects.filter(table=table).exists()


def _radios(page: str, name: str) -> list[tuple[str, bool, str]]:
    """The radios of ``name`` on the page: (value, checked, label), in order."""
    found = re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"( checked)?[^>]*>'
                       r'\s*([^<]*)</label>', page)
    return [(value, bool(checked), label.strip()) for value, checked, label in found]


def test_an_optional_side_choice_starts_at_none_and_none_takes_a_tap_back(
        make_table: Any, client_en: Any) -> None:
    """Klaverjassen's pit and revoke are a choice of a team the deal may leave out.
    "none" is their first choice, chosen until a team is tapped, so a team tapped by mistake
    is taken back with one tap, without JavaScript too. Who played is always a team: no
    "none" there."""
    table = make_table("klaverjassen")
    page = _page(client_en, table)
    for name in ("h-pit", "h-verzaakt"):
        radios = _radios(page, name)
        assert radios[0] == ("", True, "none"), radios
        assert [(v, c) for v, c, _label in radios[1:]] == [("0", False), ("1", False)]
    assert [v for v, _c, _l in _radios(page, "h-played")] == ["0", "1"]
    # Pit tapped, then "none": the post says "" and the deal is stored without a pit.
    post = {"version": 0, "h-played": "0", "h-points-0": "102", "h-points-1": "",
            "h-pit": "", "h-verzaakt": ""}
    assert client_en.post(url("hand_add", table), post).status_code == 302
    assert Hand.objects.get(table=table).data["pit"] is None
    # A page refused on another field keeps "none" chosen where it was posted.
    refused = client_en.post(url("hand_add", table), {
        "version": 1, "h-played": "1", "h-points-0": "300", "h-pit": "", "h-verzaakt": ""},
        HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "field-error" in refused
    assert _radios(refused, "h-pit")[0] == ("", True, "none")


def test_a_side_asked_only_when_another_field_calls_for_it_has_no_none(
        make_table: Any, client_en: Any) -> None:
    """High Five 1959's side that went out is asked only when the round ended that way: it
    names who, so it offers no "none" (the engine would refuse it)."""
    page = _page(client_en, make_table("high_five_1959"))
    assert [v for v, _c, _l in _radios(page, "h-out")] == ["0", "1"]
