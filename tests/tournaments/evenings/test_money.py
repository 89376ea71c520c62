"""Evening money (tournaments/evenings/services/money.py): the entry fee per
evening for members and guests, "betaald" per person at check-in (cash or bank), the evening's total
and who still owes, the season per member, and the attendance list PDF; whole cents, every
change in the history, and the same figures to the cent everywhere."""

import io
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tests.tournaments.test_pdf import pdf_text
from tournaments.evenings.services import evenings as evening_services
from tournaments.evenings.services import money as services
from tournaments.models import EveningStatus, Participant
from tournaments.shared.money import format_cents
from tournaments.workbook.selectors import season_workbook

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club: Any, make_member: Any, make_competition: Any, make_evening: Any) -> dict[str, Any]:
    competition = make_competition(club, "jokeren", name="Jokeren")
    services.competition_fees_set(competition=competition, member_cents=500, guest_cents=750)
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    first = make_evening(competition, status=EveningStatus.CHECKIN)
    second = make_evening(competition, status=EveningStatus.CHECKIN)
    for member in members:
        evening_services.participant_checkin(evening=first, member=member)
    evening_services.participant_add_guest(evening=first, name="Gast Gerda")
    for member in members[:2]:
        evening_services.participant_checkin(evening=second, member=member)
    return {"competition": competition, "members": members, "first": first, "second": second}


def _person(evening: Any, name: str) -> Participant:
    return next(p for p in evening.participants.select_related("member") if p.name == name)


def test_check_in_fixes_the_fee_for_a_member_and_for_a_guest(season):
    first = season["first"]
    assert _person(first, "Ann").fee_cents == 500
    assert _person(first, "Gast Gerda").fee_cents == 750


def test_the_admin_sets_the_fee_in_euros_and_it_is_kept_in_cents(club, season, admin_client):
    url = reverse("tournaments:competition_money",
                  kwargs={"club": club.slug, "pk": season["competition"].pk})
    with translation.override("nl"):
        response = admin_client.post(url, {"member": "4,50", "guest": "6,25"},
                                     HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 302
    season["competition"].refresh_from_db()
    assert (season["competition"].fee_member_cents, season["competition"].fee_guest_cents) == (
        450, 625)
    # the open evenings' unpaid people follow the new fee
    assert _person(season["first"], "Ann").fee_cents == 450
    assert _person(season["first"], "Gast Gerda").fee_cents == 625


@pytest.mark.parametrize("bad", ["-1", "1000,01", "abc", "5,001", "1e9"])
def test_a_bad_fee_is_refused_with_a_sentence_not_a_500(club, season, admin_client, bad):
    url = reverse("tournaments:competition_money",
                  kwargs={"club": club.slug, "pk": season["competition"].pk})
    response = admin_client.post(url, {"member": bad, "guest": "0"})
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    season["competition"].refresh_from_db()
    assert season["competition"].fee_member_cents == 500


def test_a_changed_fee_leaves_closed_evenings_and_payments_alone(season):
    first, second = season["first"], season["second"]
    services.participant_paid_set(participant=_person(second, "Ann"), method="cash")
    first.status = EveningStatus.CLOSED
    first.save()
    services.competition_fees_set(competition=season["competition"], member_cents=600,
                                  guest_cents=750)
    assert _person(first, "Bob").fee_cents == 500  # closed
    assert _person(second, "Ann").fee_cents == 500  # paid
    assert _person(second, "Bob").fee_cents == 600


def test_paid_is_ticked_at_check_in_and_undone_and_kept_in_the_history(club, season,
                                                                       admin_client, admin_user):
    first = season["first"]
    ann = _person(first, "Ann")
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": first.pk})
    admin_client.post(url, {"action": "paid", "participant": ann.pk, "method": "bank"})
    ann.refresh_from_db()
    assert (ann.paid_cents, ann.paid_method) == (500, "bank")
    admin_client.post(url, {"action": "paid", "participant": ann.pk, "method": ""})
    ann.refresh_from_db()
    assert (ann.paid_cents, ann.paid_method) == (0, "")
    changes = list(ann.history.order_by("history_date"))
    assert [c.paid_cents for c in changes][-2:] == [500, 0]
    assert changes[-1].history_user == admin_user


def test_paying_is_refused_without_a_fee_and_with_a_made_up_method(club, season, admin_client):
    first = season["first"]
    ann = _person(first, "Ann")
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": first.pk})
    admin_client.post(url, {"action": "paid", "participant": ann.pk, "method": "bitcoin"})
    ann.refresh_from_db()
    assert ann.paid_cents == 0
    free = Participant.objects.filter(pk=ann.pk)
    free.update(fee_cents=0)
    admin_client.post(url, {"action": "paid", "participant": ann.pk, "method": "cash"})
    assert free.get().paid_cents == 0


def test_the_money_adds_up_to_the_cent_everywhere(club, season, admin_client):
    first, second = season["first"], season["second"]
    services.participant_paid_set(participant=_person(first, "Ann"), method="cash")
    services.participant_paid_set(participant=_person(first, "Gast Gerda"), method="bank")
    services.participant_paid_set(participant=_person(second, "Bob"), method="cash")
    # first evening: due 3 × 5,00 + 7,50 = 22,50; received 12,50 (cash 5,00, bank 7,50)
    kwargs = {"club": club.slug, "pk": first.pk}
    with translation.override("nl"):
        evening_page = admin_client.get(reverse("tournaments:evening_detail", kwargs=kwargs),
                                        HTTP_ACCEPT_LANGUAGE="nl").content.decode()
        received, owed = format_cents(1250), format_cents(1000)
    assert received in evening_page and owed in evening_page
    assert "Bob" in evening_page.split(owed)[-1] and "Cor" in evening_page.split(owed)[-1]
    pdf = "\n".join(pdf_text(admin_client.get(
        reverse("tournaments:attendance_pdf", kwargs=kwargs)).content))
    for figure in ("22,50", "12,50", "10,00", "Gast Gerda", "Cor"):
        assert figure in pdf
    # the season: Ann 2 evenings 10,00 due 5,00 paid; Bob 2, 10,00, 5,00; Cor 1, 5,00, 0
    money = admin_client.get(reverse("tournaments:competition_money", kwargs={
        "club": club.slug, "pk": season["competition"].pk}))
    season_money = money.context["season"]
    assert [(r.name, r.evenings, r.due, r.paid) for r in season_money.rows] == [
        ("Ann", 2, 1000, 500), ("Bob", 2, 1000, 500), ("Cor", 1, 500, 0),
        (season_money.rows[-1].name, 1, 750, 750)]
    assert (season_money.due, season_money.paid, season_money.owed) == (3250, 1750, 1500)
    # the season workbook's Entry fees sheet: the same figures, exact to the cent
    book = load_workbook(io.BytesIO(season_workbook(season["competition"])), data_only=True)
    sheet = book["Inleg"]
    rows = [tuple(c.value for c in row) for row in sheet.iter_rows(min_row=2)]
    assert [(r[0], r[1], Decimal(str(r[2])), Decimal(str(r[3])), Decimal(str(r[4])))
            for r in rows] == [
        ("Ann", 2, Decimal("10"), Decimal("5"), Decimal("5")),
        ("Bob", 2, Decimal("10"), Decimal("5"), Decimal("5")),
        ("Cor", 1, Decimal("5"), Decimal("0"), Decimal("5")),
        ("Gasten", 1, Decimal("7.5"), Decimal("7.5"), Decimal("0")),
        ("Totaal", 2, Decimal("32.5"), Decimal("17.5"), Decimal("15"))]
    assert sheet["C2"].number_format.startswith('"€"')


def test_a_payment_changes_the_season_workbook_download(club, season, admin_client):
    url = reverse("tournaments:season_xlsx",
                  kwargs={"club": club.slug, "competition_id": season["competition"].pk})
    first = _body(admin_client.get(url))
    services.participant_paid_set(participant=_person(season["first"], "Cor"), method="cash")
    assert _body(admin_client.get(url)) != first


def _body(response: Any) -> bytes:
    return (b"".join(response.streaming_content) if response.streaming
            else response.content)


def test_the_season_money_page_runs_a_fixed_number_of_queries(
        club, season, admin_client, make_member, make_evening, django_assert_max_num_queries):
    url = reverse("tournaments:competition_money",
                  kwargs={"club": club.slug, "pk": season["competition"].pk})
    admin_client.get(url)
    for _ in range(5):
        evening = make_evening(season["competition"], status=EveningStatus.CHECKIN)
        for i in range(4):
            evening_services.participant_checkin(evening=evening,
                                                 member=make_member(club, name=f"X{_}{i}"))
    with django_assert_max_num_queries(12):
        assert admin_client.get(url).status_code == 200


def test_members_and_other_clubs_cannot_see_the_money(club, season, client_for, member_user,
                                                      other_admin_user):
    kwargs = {"club": club.slug, "pk": season["competition"].pk}
    assert client_for(member_user).get(
        reverse("tournaments:competition_money", kwargs=kwargs)).status_code == 403
    assert client_for(other_admin_user).get(
        reverse("tournaments:competition_money", kwargs=kwargs)).status_code == 404
    evening = {"club": club.slug, "pk": season["first"].pk}
    assert client_for(member_user).get(
        reverse("tournaments:attendance_pdf", kwargs=evening)).status_code == 403


# -- typing an amount: Dutch notation taken, digits that only look like digits refused ----------
def _post_fee(client: Any, club: Any, competition: Any, text: str, language: str = "nl") -> Any:
    url = reverse("tournaments:competition_money", kwargs={"club": club.slug,
                                                            "pk": competition.pk})
    with translation.override(language):
        return client.post(url, {"member": text, "guest": "0"}, HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize(("text", "cents"), [
    ("1.000,00", 100_000), ("1.000", 100_000), ("€ 2,50", 250), ("€2,50", 250),
    ("2,50 €", 250), ("2.50", 250), ("2,5", 250), ("  7 ", 700), ("5,-", 500),
    ("€\u00a01.000,00", 100_000), ("0", 0), ("1,000.00", 100_000), ("999.99", 99_999)])
@pytest.mark.parametrize("language", ["nl", "en"])
def test_a_fee_typed_the_dutch_way_is_taken(club, season, admin_client, text, cents, language):
    response = _post_fee(admin_client, club, season["competition"], text, language)
    assert response.status_code == 302, response.context["form"].errors
    season["competition"].refresh_from_db()
    assert season["competition"].fee_member_cents == cents


BOUNDS = "van €\u00a00,00 tot en met €\u00a01.000,00"


@pytest.mark.parametrize(("text", "words"), [
    ("1_000", "zonder “_”"), ("1_0,00", "zonder “_”"),
    ("٣", "cijfers 0 tot en met 9"), ("３", "cijfers 0 tot en met 9"),
    ("٣,٥٠", "cijfers 0 tot en met 9"), ("1٠", "cijfers 0 tot en met 9"),
    ("5,001", "hoogstens twee cijfers na de komma"),
    ("1,000", "hoogstens twee cijfers na de komma"),
    ("1000,01", BOUNDS), ("-1", BOUNDS), ("9" * 5000, BOUNDS),
    ("1,000,000", "hoogstens twee cijfers na de komma"),
    ("1.00.0", "bijvoorbeeld 2,50 of 1.000,00"),
    ("abc", "bijvoorbeeld 2,50 of 1.000,00"), ("1e9", "bijvoorbeeld 2,50 of 1.000,00"),
    ("NaN", "bijvoorbeeld 2,50 of 1.000,00"), ("Infinity", "bijvoorbeeld 2,50 of 1.000,00"),
    ("2,", "bijvoorbeeld 2,50 of 1.000,00"), ("+5", "bijvoorbeeld 2,50 of 1.000,00")])
def test_a_fee_that_is_no_amount_is_refused_with_a_sentence(club, season, admin_client, text,
                                                           words):
    response = _post_fee(admin_client, club, season["competition"], text)
    assert response.status_code == 200
    assert words in response.content.decode()
    season["competition"].refresh_from_db()
    assert season["competition"].fee_member_cents == 500


def test_every_money_input_takes_the_same_notation(club, admin_client):
    """The money page, a new competition's fee and the club's default fee: one parser."""
    from tests.tournaments.competitions.test_competitions import add_url, form_data
    from tournaments.models import ClubDefaults, Competition

    defaults = reverse("clubmanager:club_defaults_save", kwargs={"club": club.slug})
    response = admin_client.post(defaults, {"game": "jokeren", "member": "1.000,00",
                                            "guest": "€ 2,50", "season_preset": ""})
    assert response.status_code == 302
    assert (ClubDefaults.objects.get(club=club).fee_member_cents,
            ClubDefaults.objects.get(club=club).fee_guest_cents) == (100_000, 250)
    page = admin_client.get(add_url(club, "jokeren")).content.decode()
    assert 'value="1000,00"' in page and 'value="2,50"' in page
    data = form_data("jokeren", fee_member="1.000,00", fee_guest="1_000")
    response = admin_client.post(add_url(club, "jokeren"), data)
    assert response.status_code == 200 and "zonder “_”" in response.content.decode()
    data = form_data("jokeren", fee_member="1.000,00", fee_guest="2.50")
    assert admin_client.post(add_url(club, "jokeren"), data).status_code == 302
    created = Competition.objects.get(club=club)
    assert (created.fee_member_cents, created.fee_guest_cents) == (100_000, 250)
    response = admin_client.post(defaults, {"game": "jokeren", "member": "٣", "guest": "0",
                                            "season_preset": ""})
    assert response.status_code == 200
    assert "cijfers 0 tot en met 9" in response.content.decode()
    assert ClubDefaults.objects.get(club=club).fee_member_cents == 100_000
