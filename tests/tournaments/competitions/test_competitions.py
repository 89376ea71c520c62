"""Competitions: the options editor generated from the engine, defaults per game, pages."""

import datetime
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring import GAMES
from tournaments.competitions.forms.competitions import OPTION_PREFIX, CompetitionForm
from tournaments.competitions.forms.ordered import OrderedChoicesWidget
from tournaments.competitions.services.competitions import competition_create, competition_update
from tournaments.games import site_game
from tournaments.models import Competition


def form_data(game: str, **overrides: Any) -> dict[str, Any]:
    """What the browser posts for a new competition of ``game`` left at its defaults."""
    data = page_data(CompetitionForm(game=game))
    data.update(name=f"Seizoen {game}", start_date="2026-09-01", end_date="2027-05-31")
    data.update(overrides)
    return data


def page_data(form: CompetitionForm, **overrides: Any) -> dict[str, Any]:
    """What the browser posts for ``form`` as it is shown."""
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        value = field.prepare_value(value) if hasattr(field, "prepare_value") else value
        if isinstance(field.widget, OrderedChoicesWidget):  # a select per position
            data.update(positions(name, *value))
            continue
        data[name] = "" if value is None else value
    data.update(overrides)
    return data


def positions(name: str, *codes: str, size: int = 20) -> dict[str, str]:
    """What the selects of an ordered list post: one code per position, the rest empty."""
    return {f"{name}_{i}": codes[i] if i < len(codes) else "" for i in range(size)}


CONTRACTS = OPTION_PREFIX + "contracts"


def add_url(club: Any, game: str | None = None) -> str:
    url = reverse("tournaments:competition_add", kwargs={"club": club.slug})
    return f"{url}?game={game}" if game else url


@pytest.mark.parametrize("game", sorted(GAMES))
def test_admin_creates_a_competition_for_each_game_with_its_defaults(
    admin_client: Any, club: Any, game: str
) -> None:
    response = admin_client.post(add_url(club, game), form_data(game))
    assert response.status_code == 302, response.content.decode()[:3000]
    competition = Competition.objects.get(club=club, game=game)
    assert competition.better == GAMES[game].better
    assert competition.options == {
        o["name"]: o["default"] for o in GAMES[game].describe()["options"]
    }
    detail = admin_client.get(response["Location"])
    assert site_game(game).name in detail.content.decode()


def test_defaults_follow_the_game() -> None:
    assert CompetitionForm(game="jokeren").initial["better"] == "lower"
    assert CompetitionForm(game="big_five").initial["better"] == "lower"
    assert CompetitionForm(game="high_five_1959").initial["better"] == "higher"
    assert CompetitionForm(game="high_five_crowns").initial["table_max"] == 6
    assert CompetitionForm(game="jokeren").initial["table_max"] == 4


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_of_the_game_gets_a_field(game: str) -> None:
    form = CompetitionForm(game=game)
    names = {o["name"] for o in GAMES[game].describe()["options"]}
    assert {n[len(OPTION_PREFIX):] for n in form.fields if n.startswith(OPTION_PREFIX)} == names


def test_game_choice_page_lists_every_game(admin_client: Any, club: Any) -> None:
    page = admin_client.get(add_url(club)).content.decode()
    for key in GAMES:
        assert f"?game={key}" in page and site_game(key).name in page


def test_option_the_engine_refuses_is_shown_at_its_field(admin_client: Any, club: Any) -> None:
    data = form_data("high_five_1959", **{OPTION_PREFIX + "targets": "50, 53"})
    response = admin_client.post(add_url(club, "high_five_1959"), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert OPTION_PREFIX + "targets" in form.errors
    assert "High Five (kaartspel, teams)" in str(form.errors[OPTION_PREFIX + "targets"])
    assert "“53”" in str(form.errors[OPTION_PREFIX + "targets"])  # the refused value, named
    assert not Competition.objects.exists()


def test_a_refused_list_item_is_named_in_the_clubs_words(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", **positions(CONTRACTS, "set3", "poker", "run3"))
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200
    errors = str(response.context["form"].errors[CONTRACTS])
    assert "“poker”" in errors and "set3" not in errors
    # the refused code stays where it was typed, selected, so the admin sees which deal
    page = response.content.decode()
    assert '<option value="poker" selected>poker</option>' in page


def test_choice_list_and_json_options_are_parsed(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", **positions(CONTRACTS, "set3", "", "run3", "set3"))
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    # in order, the empty position left out, a repeat kept
    assert Competition.objects.get(game="jokeren").options["contracts"] == [
        "set3", "run3", "set3"]
    data = form_data("big_five", **{OPTION_PREFIX + "cards_per_player": "15"})
    assert admin_client.post(add_url(club, "big_five"), data).status_code == 302
    assert Competition.objects.get(game="big_five").options["cards_per_player"] == 15


def test_bad_number_and_unknown_choice_rerender_with_200(admin_client: Any, club: Any) -> None:
    data = form_data("big_five", **{OPTION_PREFIX + "cards_per_player": "{oops"})
    response = admin_client.post(add_url(club, "big_five"), data)
    assert response.status_code == 200 and response.context["form"].errors
    data = form_data("jokeren", **positions(CONTRACTS, "set3", "poker"))
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200
    assert OPTION_PREFIX + "contracts" in response.context["form"].errors


SCORE_CARD = {"high_card": 0, "pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 4,
              "flush": 5, "full_house": 6, "four_of_a_kind": 8, "straight_flush": 10,
              "royal_flush": 15, "high_five": 20}


def card_rows(card: dict[str, int | str]) -> dict[str, str]:
    return {f"{OPTION_PREFIX}points_{key}": str(value) for key, value in card.items()}


def test_the_score_card_is_a_table_of_numbers_with_dutch_names(
        admin_client: Any, club: Any) -> None:
    """HIGH FIVE!'s score card: one number per combination, named in Dutch; what it stores is
    the object the engine took as JSON before."""
    page = admin_client.get(add_url(club, "high_five_tiles")).content.decode()
    assert 'name="opt_points_three_of_a_kind"' in page and ">Drie gelijke<" in page
    assert "JSON" not in page and "<textarea" not in page
    data = form_data("high_five_tiles", **card_rows(SCORE_CARD))
    assert admin_client.post(add_url(club, "high_five_tiles"), data).status_code == 302
    competition = Competition.objects.get(game="high_five_tiles")
    assert competition.options["points"] == SCORE_CARD
    # the stored card loads back into the table
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = admin_client.get(edit).content.decode()
    assert 'name="opt_points_royal_flush" id="id_opt_points_royal_flush" value="15"' in page
    # all empty: no card (the scorekeeper types the points)
    data = form_data("high_five_tiles", name="Zonder kaart")
    assert admin_client.post(add_url(club, "high_five_tiles"), data).status_code == 302
    assert Competition.objects.get(name="Zonder kaart").options["points"] is None


def test_a_half_filled_or_falling_score_card_is_refused(admin_client: Any, club: Any) -> None:
    half = card_rows({"high_card": 0, "pair": 1})
    response = admin_client.post(add_url(club, "high_five_tiles"),
                                 form_data("high_five_tiles", **half))
    assert response.status_code == 200
    errors = str(response.context["form"].errors[OPTION_PREFIX + "points"])
    assert "Vul elke regel in" in errors and "Nog leeg: twee paar, drie gelijke" in errors
    falling = card_rows({**SCORE_CARD, "flush": 1})  # below the straight: the engine refuses
    response = admin_client.post(add_url(club, "high_five_tiles"),
                                 form_data("high_five_tiles", **falling))
    assert response.status_code == 200 and OPTION_PREFIX + "points" in response.context[
        "form"].errors
    assert not Competition.objects.exists()


def test_cards_per_player_is_a_number_with_a_table_per_player_count(
        admin_client: Any, club: Any) -> None:
    page = admin_client.get(add_url(club, "big_five")).content.decode()
    assert 'type="number" name="opt_cards_per_player"' in page
    assert 'name="opt_cards_by_players_3"' in page and "3 spelers" in page
    data = form_data("big_five", **{OPTION_PREFIX + "cards_per_player": "20",
                                    OPTION_PREFIX + "cards_by_players_2": "40",
                                    OPTION_PREFIX + "cards_by_players_3": "",
                                    OPTION_PREFIX + "cards_by_players_4": "15"})
    assert admin_client.post(add_url(club, "big_five"), data).status_code == 302
    competition = Competition.objects.get(game="big_five")
    assert competition.options["cards_per_player"] == 20
    assert competition.options["cards_by_players"] == {"2": 40, "4": 15}
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = admin_client.get(edit).content.decode()
    assert 'id="id_opt_cards_by_players_2" value="40"' in page
    assert 'id="id_opt_cards_by_players_3" value=""' in page
    data[OPTION_PREFIX + "cards_by_players_3"] = "34"  # 3 × 34 > 99: the engine refuses
    data["name"] = "Te veel"
    response = admin_client.post(add_url(club, "big_five"), data)
    assert response.status_code == 200
    assert OPTION_PREFIX + "cards_by_players" in response.context["form"].errors


@pytest.mark.parametrize(("game", "option", "values"), [
    ("high_five_1959", "negative", ("clamp", "truncate")),
    ("high_five_1959", "failing_side_points", ("formula", "zero")),
    ("high_five_crowns", "scoring", ("wins", "places")),
])
def test_every_choice_has_a_dutch_label_and_a_sentence(
        admin_client: Any, club: Any, game: str, option: str, values: tuple[str, ...]) -> None:
    page = admin_client.get(add_url(club, game)).content.decode()
    for value in values:
        radio = f'name="{OPTION_PREFIX}{option}" value="{value}"'
        assert radio in page
        label = page[page.index(radio):page.index("</label>", page.index(radio))]
        assert value not in label.split("value=", 1)[1].split(">", 1)[1]  # no code shown
        assert 'class="choice-help"' in label
    data = form_data(game, **{OPTION_PREFIX + option: values[1]})
    assert admin_client.post(add_url(club, game), data).status_code == 302
    assert Competition.objects.get(game=game).options[option] == values[1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_option_asks_for_json(admin_client: Any, club: Any, game: str) -> None:
    page = admin_client.get(add_url(club, game)).content.decode()
    assert "JSON" not in page and "<textarea" not in page


def test_standings_rules_are_validated(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", count_mode="best", count_n="", absent_unnotified="fixed",
                     absent_unnotified_fixed="", end_date="2026-01-01", tiebreak_1="wins",
                     tiebreak_2="wins")
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"count_n", "absent_unnotified_fixed", "end_date", "tiebreak_1"} <= set(errors)


def test_the_answers_become_the_engines_rules(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", count_mode="best", count_n="10", tiebreak_1="wins",
                     tiebreak_2="played", absent_unnotified="worst",
                     absent_notified="fixed", absent_notified_fixed="40", min_played="3")
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    competition = Competition.objects.get()
    assert competition.tiebreaks == ["wins", "played"]
    assert competition.rules == {
        "count": {"best": 10}, "rank_by": "total", "min_played": 3,
        "absent": {"notified": {"fixed": 40}, "unnotified": "worst", "max_scored": None},
        "tiebreaks": ["wins", "played"]}
    # the edit form asks the same questions with the stored answers
    page = admin_client.get(reverse("tournaments:competition_edit",
                                    kwargs={"club": club.slug, "pk": competition.pk}))
    form = page.context["form"]
    assert (form["count_mode"].value(), form["count_n"].value(),
            form["absent_notified_fixed"].value()) == ("best", 10, 40)
    body = page.content.decode()
    assert "Hoeveel avonden tellen mee?" in body and "Wat krijgt wie zich heeft afgemeld?" in body
    assert "Beste 6 van 8, op gemiddelde" in body
    assert "Een gemiste avond valt als eerste af." in body  # the sentence under a choice


def apply_preset(client: Any, club: Any, preset: str, **typed: Any) -> dict[str, Any]:
    """Pick ``preset`` and press "Toepassen" (no script): the page comes back filled in,
    nothing saved; what it then posts."""
    response = client.post(add_url(club, "jokeren"),
                           form_data("jokeren", preset=preset, apply_preset="1", **typed))
    assert response.status_code == 200 and not Competition.objects.exists()
    assert not response.context["form"].is_bound  # shown again, no errors
    return page_data(response.context["form"])


def test_a_preset_fills_the_answers_and_the_saved_rules_are_what_the_page_showed(
        admin_client: Any, club: Any) -> None:
    data = apply_preset(admin_client, club, "best6avg", name="Proef")
    assert (data["count_mode"], data["count_n"], data["rank_by"], data["min_played"]) == (
        "best", 6, "average", 6)
    assert data["name"] == "Proef"  # what she typed stays
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    rules = Competition.objects.get().rules
    assert (rules["count"], rules["rank_by"], rules["min_played"]) == ({"best": 6}, "average", 6)


def test_answers_typed_over_a_preset_are_saved_not_the_preset(admin_client: Any,
                                                             club: Any) -> None:
    data = apply_preset(admin_client, club, "best6avg")
    data.update(count_n="4")  # "4 beste avonden" over the preset's 6
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    assert Competition.objects.get().rules["count"] == {"best": 4}


def test_periods_by_their_start_dates(admin_client: Any, club: Any) -> None:
    data = apply_preset(admin_client, club, "periods")
    data.update(period_1="2027-01-01", period_2="2026-09-01")
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    rules = Competition.objects.get().rules
    assert rules["count"] == "all"
    assert rules["periods"] == {"count": {"best": 4}, "season_count": "all",
                                "starts": ["2026-09-01", "2027-01-01"]}


def test_periods_with_an_average_are_refused_in_words(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", rank_by="average", period_1="2026-09-01")
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Op gemiddelde rangschikken kan niet samen met perioden."]


def test_a_rules_change_is_kept_in_the_history(club: Any, make_competition: Any) -> None:
    competition = make_competition(club, "jokeren")
    competition_update(competition=competition, options=competition.options,
                       rules={"count": {"best": 6}})
    assert [h.rules for h in competition.history.order_by("history_id")] == [
        {}, {"count": {"best": 6}}]


def test_game_cannot_change_once_there_are_evenings(
    club: Any, make_competition: Callable[..., Any], make_evening: Callable[..., Any]
) -> None:
    competition = make_competition(club, "jokeren")
    competition_update(competition=competition, game="big_five", options={})
    competition.refresh_from_db()
    assert competition.game == "big_five"
    make_evening(competition)
    with pytest.raises(ValidationError) as refused:
        competition_update(competition=competition, game="jokeren", options={})
    assert "game" in refused.value.message_dict


def test_edit_page_switches_game_only_without_evenings(
    admin_client: Any, club: Any, make_competition: Callable[..., Any],
    make_evening: Callable[..., Any],
) -> None:
    competition = make_competition(club, "jokeren")
    url = reverse("tournaments:competition_edit", kwargs={"club": club.slug, "pk": competition.pk})
    page = admin_client.get(url + "?game=high_five_1959")
    assert page.context["form"].game == "high_five_1959"
    make_evening(competition)
    page = admin_client.get(url + "?game=high_five_1959")
    assert page.context["form"].game == "jokeren"
    data = form_data("jokeren", name="Nieuwe naam")
    assert admin_client.post(url, data).status_code == 302
    competition.refresh_from_db()
    assert competition.name == "Nieuwe naam" and competition.game == "jokeren"


def test_service_refuses_options_the_engine_refuses(club: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        competition_create(
            club=club, game="jokeren", options={"contracts": []}, name="X",
            start_date=datetime.date(2026, 1, 1),
        )
    assert "options" in refused.value.message_dict


def test_list_and_detail_are_scoped_to_the_club(
    client_for: Callable[[Any], Any], member_user: Any, club: Any, other_club: Any,
    make_competition: Callable[..., Any], make_evening: Callable[..., Any],
    django_assert_max_num_queries: Any,
) -> None:
    ours = make_competition(club, "jokeren", name="Onze competitie")
    make_competition(other_club, "jokeren", name="Andermans competitie")
    for _ in range(3):
        make_evening(ours)
    client = client_for(member_user)
    with django_assert_max_num_queries(8):
        page = client.get(reverse("tournaments:competition_list", kwargs={"club": club.slug}))
    text = page.content.decode()
    assert "Onze competitie" in text and "Andermans competitie" not in text
    assert "New competition" not in text and "Nieuwe competitie" not in text  # members only view
    with django_assert_max_num_queries(8):
        detail = client.get(reverse("tournaments:competition_detail",
                                    kwargs={"club": club.slug, "pk": ours.pk}))
    assert detail.status_code == 200
    assert len(detail.context["evenings"]) == 3


def test_every_game_option_has_a_translated_label_and_help():
    """The option editor shows the site's own words, in Dutch too, for every engine option."""
    from django.utils import translation

    from scoring import GAMES
    from tournaments.games import site_game

    for key, game in GAMES.items():
        texts = site_game(key).options.texts
        names = {opt.name for opt in game.options}
        assert names <= set(texts), key
        with translation.override("nl"):
            for name in names:
                label, help_text = (str(t) for t in texts[name])
                with translation.override("en"):
                    english = [str(t) for t in texts[name]]
                assert label != english[0] and help_text != english[1], name


def test_jokeren_contracts_are_a_list_of_dutch_choices(admin_client: Any, club: Any) -> None:
    """One select per deal, in the club's words, the default seven chosen and three spare; no
    JavaScript needed (a plain form post)."""
    page = admin_client.get(add_url(club, "jokeren")).content.decode()
    assert '<label for="id_opt_contracts_0">Spel 1</label>' in page
    assert '<option value="set3" selected>drie gelijke</option>' in page
    assert '<option value="out_at_once" selected>in één keer uit</option>' in page
    assert 'name="opt_contracts_9"' in page and 'name="opt_contracts_10"' not in page
    assert "Kies uit" not in page  # no list of codes to type from


def test_emptying_every_contract_is_refused(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", **positions(CONTRACTS))
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200
    assert CONTRACTS in response.context["form"].errors
    assert not Competition.objects.exists()


def test_a_longer_list_gets_more_positions_when_edited(admin_client: Any, club: Any) -> None:
    data = form_data("jokeren", **positions(CONTRACTS, *["run4"] * 10))
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    competition = Competition.objects.get()
    assert competition.options["contracts"] == ["run4"] * 10
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = admin_client.get(edit).content.decode()
    assert 'name="opt_contracts_12"' in page and 'name="opt_contracts_13"' not in page


# -- names a club recognises -------------------------------------------------------------------
NAMES = {
    "nl": {"high_five_1959": "High Five (kaartspel, teams)",
           "high_five_tiles": "HIGH FIVE! (tegelspel)",
           "high_five_crowns": "High Five (Frans, kronen)",
           "jokeren": "Amerikaans Jokeren", "big_five": "Big Five",
           "klaverjassen": "Klaverjassen"},
    "en": {"high_five_1959": "High Five (card game, teams)",
           "high_five_tiles": "HIGH FIVE! (tile game)",
           "high_five_crowns": "High Five (French, crowns)",
           "jokeren": "American Jokeren", "big_five": "Big Five",
           "klaverjassen": "Klaverjassen"},
}


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_three_high_fives_are_told_apart_in_each_language(
        admin_client: Any, club: Any, language: str) -> None:
    from django.conf import settings
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = admin_client.get(add_url(club)).content.decode()
    for key, name in NAMES[language].items():
        assert f"{name}</span>" in page, key
    assert "jeu de cartes" not in page and "(tiles)" not in page
    assert len(set(NAMES[language].values())) == len(GAMES)


def test_option_values_are_english_in_english(admin_client: Any, club: Any) -> None:
    from django.conf import settings
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = admin_client.get(add_url(club, "high_five_1959")).content.decode()
    assert "Options of High Five (card game, teams)" in page
    assert "Negative competition points" in page and "Its points by the formula" in page
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    page = admin_client.get(add_url(club, "high_five_1959")).content.decode()
    assert "Negatieve competitiepunten" in page and "De punten volgens de formule" in page


class _Posted(HTMLParser):
    """What a browser posts for the page's competition form, left as it loads."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, Any] = {}
        self._select: str | None = None
        self._first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name") and a.get("type") != "submit":
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data[a["name"]] = a.get("value", "on" if a.get("type") == "checkbox" else "")
        elif tag == "select":
            self._select, self._first = a.get("name"), None
        elif tag == "option" and self._select:
            if self._first is None:
                self._first = a.get("value", "")
            if "selected" in a:
                self.data[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self._select:
            self.data.setdefault(self._select, self._first or "")
            self._select = None


STORED = [  # options as competitions saved them before the widgets (engine keys and values)
    ("high_five_tiles", {"points": SCORE_CARD, "first_turn_tiles": [3], "end_bonus": 5}),
    ("high_five_tiles", {"points": None, "first_turn_tiles": [3, 4], "end_bonus": 2}),
    ("big_five", {"games": 3, "cards_per_player": 15, "solitaire_must_lay": False}),
    ("big_five", {"games": 1, "cards_per_player": None, "solitaire_must_lay": True}),
    ("high_five_1959", {"targets": [50, 60], "cross_limit": 2, "divisor": 10,
                        "negative": "truncate", "failing_side_points": "zero"}),
    ("high_five_crowns", {"games": 2, "threshold": 8, "scoring": "places"}),
    ("jokeren", {"contracts": ["set3", "run3", "out_at_once"]}),
]


@pytest.mark.parametrize(("game", "stored"), STORED)
def test_a_stored_competition_loads_into_the_widgets_and_saves_unchanged(
        admin_client: Any, club: Any, make_competition: Callable[..., Any], game: str,
        stored: dict[str, Any]) -> None:
    """Posting the widgets as they load gives the engine the options the
    competition had (an option added since, such as Big Five's cards by table size, at its
    default)."""
    competition = make_competition(club, game, options=stored,
                                   end_date=datetime.date(2027, 5, 31))
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    parser = _Posted()
    parser.feed(admin_client.get(edit).content.decode())
    response = admin_client.post(edit, parser.data)
    assert response.status_code == 302, response.context["form"].errors
    competition.refresh_from_db()
    defaults = {o["name"]: o["default"] for o in GAMES[game].describe()["options"]}
    assert competition.options == {**defaults, **stored}
