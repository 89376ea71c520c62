"""Evening prizes: the rule in the competition form, the prize list from the evening's results
(ties, the booby prize, guests, privacy), the pages, the PDFs and the TV, in fixed queries."""

import datetime
import io
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from clubmanager.models import PublicName
from tests.tournaments.competitions.test_competitions import add_url, form_data
from tests.tournaments.standings.test_standings import Season
from tournaments.models import Competition
from tournaments.models.stamps import stamp_evening
from tournaments.shared.season_rules import engine_rules, rules_errors
from tournaments.standings.selectors.prizes import evening_prizes
from tournaments.standings.selectors.standings import season_standings

pytestmark = pytest.mark.django_db

FORMULA = {"prizes": {"rule": {"first": 4, "then_every": 4}, "booby": True}}


@pytest.fixture
def season(club, make_member, make_competition, make_evening):
    def make(names: str = "Ann Bob Cor Dirk Eva Fem", **fields: Any) -> Season:
        fields.setdefault("better", "higher")  # Big Five's tables, scored as higher wins
        return Season(club, make_member, make_competition, make_evening, game="big_five",
                      names=names, **fields)

    return make


def prize_table(prizes) -> list[tuple[str, list[str], int]]:
    return [(r.place, r.names, r.score) for r in prizes.rows]


# -- storage -----------------------------------------------------------------------------------
def test_the_standings_never_see_the_prize_rule(season):
    rules = {"min_played": 0, **FORMULA}
    assert "prizes" not in engine_rules(rules, "higher", [])
    assert rules_errors(rules, "higher") == []
    bad = rules_errors({"prizes": {"rule": {"positions": [2, 2]}, "booby": True}}, "higher")
    assert [e["field"] for e in bad] == ["prizes.rule.positions"]
    s = season(rules=FORMULA)
    s.evening({"Ann": 10, "Bob": 8})
    standings = season_standings(s.competition)
    assert not standings.errors and [r.name for r in standings.rows] == ["Ann", "Bob"]


# -- the form ----------------------------------------------------------------------------------
def test_the_formula_of_4_with_a_booby_prize_is_set_in_the_form(admin_client, club):
    page = admin_client.get(add_url(club, "high_five_tiles")).content.decode()
    assert "Avondprijzen" in page and "Poedelprijs voor de laagste score" in page
    assert "daarna 8, 12, 16" in page  # the sentence under the formula choice
    data = form_data("high_five_tiles", prize_mode="formula", prize_first="4",
                     prize_every="4", prize_booby="on")
    assert admin_client.post(add_url(club, "high_five_tiles"), data).status_code == 302
    competition = Competition.objects.get()
    assert competition.rules["prizes"] == FORMULA["prizes"]
    edit = admin_client.get(reverse("tournaments:competition_edit",
                                    kwargs={"club": club.slug, "pk": competition.pk}))
    form = edit.context["form"]
    assert (form["prize_mode"].value(), form["prize_first"].value(),
            form["prize_every"].value(), form["prize_booby"].value()) == ("formula", 4, 4, True)


def test_lower_is_better_says_the_worst_score(admin_client, club):
    page = admin_client.get(add_url(club, "jokeren")).content.decode()
    assert "Poedelprijs voor de slechtste score, de hoogste" in page


@pytest.mark.parametrize(("answers", "stored"), [
    ({"prize_mode": "top", "prize_top": "5", "prize_booby": "on"},
     {"rule": {"top": 5}, "booby": True}),
    ({"prize_mode": "per", "prize_per": "4"}, {"rule": {"per": 4}, "booby": False}),
    ({"prize_mode": "positions", "prize_positions": "10, 1 2;3"},
     {"rule": {"positions": [10, 1, 2, 3]}, "booby": False}),
    ({"prize_mode": "none", "prize_booby": "on"}, {"rule": {"top": 0}, "booby": True}),
    ({"prize_mode": "none"}, None),
])
def test_each_prize_choice_is_stored(admin_client, club, answers, stored):
    assert admin_client.post(add_url(club, "big_five"),
                             form_data("big_five", **answers)).status_code == 302
    assert Competition.objects.get().rules.get("prizes") == stored


@pytest.mark.parametrize(("answers", "field", "sentence"), [
    ({"prize_mode": "top", "prize_top": ""}, "prize_top", "Vul een getal in."),
    ({"prize_mode": "formula", "prize_every": "0"}, "prize_every", None),
    ({"prize_mode": "positions", "prize_positions": "1, twee"}, "prize_positions",
     "Vul plaatsen in als hele getallen, bijvoorbeeld 1, 2, 3, 10."),
    ({"prize_mode": "positions", "prize_positions": "1, 2, 2"}, "prize_positions",
     "Vul elke plaats één keer in, elk minstens 1."),
    ({"prize_mode": "positions", "prize_positions": "0, 1"}, "prize_positions",
     "Vul elke plaats één keer in, elk minstens 1."),
])
def test_a_prize_rule_that_cannot_work_is_refused_in_words(admin_client, club, answers, field,
                                                           sentence):
    response = admin_client.post(add_url(club, "big_five"), form_data("big_five", **answers))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors
    if sentence:
        assert errors[field] == [sentence]
    assert not Competition.objects.exists()


# -- the selector ------------------------------------------------------------------------------
def test_formula_of_4_shares_tied_places_and_gives_the_booby_prize(season):
    s = season(names=" ".join(f"P{i:02d}" for i in range(1, 11)), rules=FORMULA)
    # ten players: P01 best; P02 and P03 tie for 2nd/3rd; P08 8th; P10 last
    scores = {"P01": 90, "P02": 80, "P03": 80, "P04": 70, "P05": 60, "P06": 50, "P07": 40,
              "P08": 30, "P09": 20, "P10": 10}
    evening = s.evening(scores)
    prizes = evening_prizes(evening)
    assert prize_table(prizes) == [
        ("1e", ["P01"], 90), ("2e/3e gedeeld", ["P02", "P03"], 80), ("4e", ["P04"], 70),
        ("8e", ["P08"], 30), ("Poedelprijs", ["P10"], 10)]
    assert prizes.rows[-1].booby and prizes.prize_count == 6
    assert "formule" not in prizes.rule and "1 t/m 4" in prizes.rule


def test_lower_is_better_gives_the_booby_prize_to_the_highest(season):
    s = season(rules={"prizes": {"rule": {"top": 1}, "booby": True}}, better="lower")
    evening = s.evening({"Ann": 10, "Bob": 30, "Cor": 20})
    assert prize_table(evening_prizes(evening)) == [
        ("1e", ["Ann"], 10), ("Poedelprijs", ["Bob"], 30)]


def test_guests_take_part_and_a_tied_last_place_shares_the_booby_prize(season):
    s = season(rules={"prizes": {"rule": {"top": 1}, "booby": True}})
    evening = s.evening({"Ann": 10, "Bob": 5, "Cor": 5}, guests={"Gast Gerrit": 12})
    assert prize_table(evening_prizes(evening)) == [
        ("1e", ["Gast Gerrit"], 12), ("Poedelprijs", ["Bob", "Cor"], 5)]


def test_no_rule_no_prize_list_and_a_tie_over_the_last_prize_place(season):
    s = season()
    evening = s.evening({"Ann": 10, "Bob": 8})
    assert evening_prizes(evening) is None
    s.competition.rules = {"prizes": {"rule": {"top": 2}, "booby": True}}
    s.competition.save()
    later = s.evening({"Ann": 10, "Bob": 8, "Cor": 8})
    # Bob and Cor tie for 2nd/3rd, one prize place: shared; the booby group holds a prize
    assert prize_table(evening_prizes(later)) == [("1e", ["Ann"], 10),
                                                  ("2e gedeeld", ["Bob", "Cor"], 8)]


def test_public_names_on_a_public_prize_list(season, club):
    s = season(names="Ann", rules=FORMULA)
    hidden = s.members["Ann"]
    hidden.name, hidden.member_number, hidden.public_name = "Ann de Vries", "7", PublicName.HIDDEN
    hidden.save()
    s.members = {hidden.name: hidden}
    evening = s.evening({"Ann de Vries": 10}, guests={"Gerrit Jansen": 5})
    assert prize_table(evening_prizes(evening, full=False)) == [
        ("1e", ["lid 7"], 10), ("2e", ["Gerrit J."], 5)]
    assert prize_table(evening_prizes(evening)) == [
        ("1e", ["Ann de Vries"], 10), ("2e", ["Gerrit Jansen"], 5)]


# -- pages, PDFs, TV ---------------------------------------------------------------------------
def _played(season, guests=None):
    s = season(rules=FORMULA)
    evening = s.evening({"Ann": 30, "Bob": 20, "Cor": 20, "Dirk": 10, "Eva": 5, "Fem": 1},
                        guests=guests)
    return s, evening


def test_results_pages_list_the_prizes_in_fixed_queries(season, club, client, client_for,
                                                        member_user,
                                                        django_assert_max_num_queries):
    s, evening = _played(season)
    member = client_for(member_user)
    url = reverse("tournaments:evening_results", kwargs={"club": club.slug, "pk": evening.pk})
    with django_assert_max_num_queries(12) as small:
        body = member.get(url).content.decode()
    queries = len(small)  # now: the next request clears the connection's query log
    assert "Avondprijzen" in body and "2e/3e gedeeld" in body and "Poedelprijs" in body
    assert reverse("tournaments:prize_list_pdf",
                   kwargs={"club": club.slug, "evening_id": evening.pk}) in body
    public = reverse("tournaments:public_evening", kwargs={"club": club.slug, "pk": evening.pk})
    body = client.get(public).content.decode()
    assert "2e/3e gedeeld" in body and "prizes.pdf" not in body
    # more players and tables: the same number of queries
    _more, big = _played(season, guests={f"Gast {i}": i for i in range(12)})
    with django_assert_max_num_queries(queries):
        member.get(reverse("tournaments:evening_results",
                           kwargs={"club": club.slug, "pk": big.pk}))

    detail = member.get(reverse("tournaments:evening_detail",
                                kwargs={"club": club.slug, "pk": evening.pk})).content.decode()
    assert "Prijslijst (PDF)" in detail


def _pdf_text(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(data)).pages))


def test_the_results_pdf_and_the_prize_list_pdf_list_the_prizes(season, club, client_for,
                                                                member_user):
    _s, evening = _played(season)
    member = client_for(member_user)
    kwargs = {"club": club.slug, "evening_id": evening.pk}
    results = _pdf_text(member.get(reverse("tournaments:evening_results_pdf",
                                           kwargs=kwargs)).content)
    assert "Avondprijzen" in results and "2e/3e gedeeld" in results
    assert "Poedelprijs Fem" in results
    response = member.get(reverse("tournaments:prize_list_pdf", kwargs=kwargs))
    assert response["Content-Type"] == "application/pdf"
    text = _pdf_text(response.content)
    assert "Prijslijst" in text and "Uitgereikt" in text
    assert "2e/3e gedeeld Bob 20 Cor" in text and "Poedelprijs Fem 1" in text


def test_the_tv_shows_the_prize_list_when_tonight_is_over(season, club, client):
    s, evening = _played(season)
    url = reverse("tournaments:tv", kwargs={"club": club.slug, "pk": s.competition.pk})
    assert "Avondprijzen" not in client.get(url).content.decode()  # not tonight
    evening.date = timezone.localdate()
    evening.save()
    body = client.get(url).content.decode()
    assert "Avondprijzen" in body and "2e/3e gedeeld" in body and "Poedelprijs" in body
    # a table still being played: the evening is not over yet
    table = evening.rounds.get().tables.get()
    table.finished = False
    table.save()
    stamp_evening(evening)  # as the hand services do in the same transaction
    assert "Avondprijzen" not in client.get(url).content.decode()
    evening.status = "closed"
    evening.save()
    assert "Avondprijzen" in client.get(url).content.decode()


def test_planned_days_ahead_do_not_count_as_tonight(season, club, client, make_evening):
    s, evening = _played(season)
    evening.date = timezone.localdate() - datetime.timedelta(days=7)
    evening.status = "closed"
    evening.save()
    url = reverse("tournaments:tv", kwargs={"club": club.slug, "pk": s.competition.pk})
    assert "Avondprijzen" not in client.get(url).content.decode()


def test_the_demo_gives_evening_prizes_with_a_booby_prize(db):
    from tournaments.demo import clubs as club_demo
    from tournaments.demo import competitions as demo
    from tournaments.demo import scores as score_demo

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    with_prizes = Competition.objects.filter(club__slug="harten-vrouw", rules__has_key="prizes")
    competition = with_prizes.get()
    assert competition.rules["prizes"] == {"rule": {"top": 5}, "booby": True}
    lists = [evening_prizes(e) for e in competition.evenings.order_by("date")]
    assert any(p.rows and p.rows[0].positions[0] == 1 for p in lists)
    assert any(p.rows and p.rows[-1].booby for p in lists)


def test_places_in_english(season):
    from django.utils import translation

    s = season(rules={"prizes": {"rule": {"positions": [1, 2, 3, 11, 12, 22]}, "booby": False}},
               names=" ".join(f"P{i:02d}" for i in range(1, 23)))
    evening = s.evening({f"P{i:02d}": 100 - i if i != 3 else 98 for i in range(1, 23)})
    with translation.override("en"):
        prizes = evening_prizes(evening)
    assert [r.place for r in prizes.rows] == ["1st", "2nd/3rd shared", "11th", "12th", "22nd"]
    assert prizes.rule == "Prizes for places 1, 2, 3, 11, 12, 22."
