"""Table codes: a table's QR opens its score entry without a login; what a code may
do, and nothing else; renewing, turning off, the history, the rate limit and the printed QR."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubmanager.models import Role
from tournaments.competitions.forms.competitions import CompetitionForm
from tournaments.competitions.forms.ordered import OrderedChoicesWidget
from tournaments.draws import services as draws
from tournaments.entry.services import scores
from tournaments.entry.services.table_codes import ViaCode, table_code_renew, table_codes_issue
from tournaments.games import sample_hands
from tournaments.models import EveningStatus, Hand, Table, TableCode, TableCodeFailure
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db

PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36"
DEAL = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
        "h-penalties-3": "88"}


@pytest.fixture
def world(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], admin_user: Any) -> dict[str, Any]:
    """Tonight's Jokeren evening with round 1 drawn by the draw service: two tables of four."""
    members = [make_member(club, name=n) for n in
               ("Ann", "Bob", "Cor", "Dirk", "Els", "Fien", "Gert", "Hans")]
    competition = make_competition(club, "jokeren", name="Jokeren", table_min=4, table_max=4)
    evening = make_evening(competition, members)
    round_ = draws.round_draw(evening=evening, seed=42, by=admin_user)
    tables = list(round_.tables.order_by("number"))
    return {"evening": evening, "round": round_, "tables": tables,
            "codes": [t.codes.get().code for t in tables], "competition": competition}


def phone() -> Client:
    return Client(HTTP_USER_AGENT=PHONE)


def code_url(name: str, code: str, **kwargs: Any) -> str:
    return reverse(f"table_code:{name}", kwargs={"code": code, **kwargs})


def deal_post(table: Table) -> dict[str, str]:
    table.refresh_from_db()
    return {"version": str(table.version), **DEAL}


# -- the code itself ----------------------------------------------------------------------------
def test_every_drawn_table_gets_a_random_code_of_128_bits(world: dict[str, Any],
                                                           admin_user: Any) -> None:
    codes = world["codes"]
    assert len(codes) == 2 and len(set(codes)) == 2
    assert all(len(c) >= 22 for c in codes)  # token_urlsafe(16): 128 bits
    # not from the seed: the same seed drawn again gives the same tables and new codes
    again = draws.round_redraw(round=world["round"], seed=42, by=admin_user)
    assert not set(codes) & {t.codes.get().code for t in again.tables.all()}
    assert TableCode.objects.filter(code__in=codes).count() == 0  # went with the old tables


def test_a_table_has_one_active_code_and_codes_are_long(world: dict[str, Any]) -> None:
    table = world["tables"][0]
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCode.objects.create(table=table, code="x" * 30)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCode.objects.create(table=table, code="short", revoked_at="2026-01-01T00:00Z")


def test_a_late_arrivals_new_table_gets_a_code(club: Any, make_member: Callable[..., Any],
                                               make_competition: Callable[..., Any],
                                               make_evening: Callable[..., Any]) -> None:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    competition = make_competition(club, "jokeren", table_min=2, table_max=3)
    evening = make_evening(competition, members[:3])
    round_ = draws.round_draw(evening=evening, seed=1)
    late = evening.participants.create(member=members[3])
    seat = draws.seat_late_arrival(round=round_, participant=late)  # a full table gives one
    assert round_.tables.count() == 2 and seat.table.codes.get().is_active
    assert TableCode.objects.filter(table__round=round_, revoked_at=None).count() == 2


# -- entry through the code ----------------------------------------------------------------------
def test_scanning_opens_the_tables_entry_page_without_a_login(world: dict[str, Any]) -> None:
    table, code = world["tables"][0], world["codes"][0]
    page = phone().get(code_url("table_scores", code))
    assert page.status_code == 200
    body = page.content.decode()
    assert 'class="hand-form"' in body
    assert f'action="{code_url("hand_add", code)}"' in body
    assert reverse("tournaments:table_history", kwargs={"club": "harten-vrouw",
                                                        "pk": table.pk}) not in body
    for seat in table.seats.all():
        assert seat.participant.name in body


def test_a_hand_entered_through_the_code_is_in_the_history_with_the_device(
        world: dict[str, Any], client_for: Callable[..., Client], admin_user: Any) -> None:
    table, code = world["tables"][0], world["codes"][0]
    client = phone()
    response = client.post(code_url("hand_add", code), deal_post(table))
    assert response.status_code == 302
    assert response["Location"] == code_url("table_scores", code) + "#hands"
    hand = Hand.objects.get(table=table)
    assert hand.created_by is None
    record = hand.history.get()
    assert record.via_table_code and record.table_code.code == code
    assert record.user_agent == PHONE and record.history_user is None
    # corrected through the code: recorded the same way
    edit = client.post(code_url("hand_edit", code, pk=hand.pk),
                       {**deal_post(table), "h-penalties-1": "50"})
    assert edit.status_code == 302
    assert sorted(Hand.objects.get(pk=hand.pk).data["penalties"].values()) == [0, 12, 50, 88]
    assert hand.history.filter(table_code__code=code).count() == 2
    # the club admin reads it on the history page
    history = client_for(admin_user).get(reverse(
        "tournaments:table_history", kwargs={"club": "harten-vrouw", "pk": table.pk}))
    text = history.content.decode()
    assert "via tafelcode" in text and PHONE in text


def test_a_delete_through_the_code_is_recorded_too(world: dict[str, Any]) -> None:
    table, code = world["tables"][0], world["codes"][0]
    client = phone()
    client.post(code_url("hand_add", code), deal_post(table))
    hand = Hand.objects.get(table=table)
    response = client.post(code_url("hand_delete", code, pk=hand.pk),
                           {"version": str(Table.objects.get(pk=table.pk).version),
                            "reason": "verkeerd"})
    assert response.status_code == 302 and not Hand.objects.filter(table=table).exists()
    deleted = Hand.history.get(id=hand.pk, history_type="-")
    assert deleted.table_code.code == code and deleted.user_agent == PHONE


def test_htmx_save_through_the_code_swaps_the_match(world: dict[str, Any]) -> None:
    table, code = world["tables"][0], world["codes"][0]
    response = phone().post(code_url("hand_add", code), deal_post(table),
                            HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and 'id="match"' in body and "<html" not in body
    assert "opgeslagen" in body  # "Deal 1 saved." in Dutch
    assert code_url("hand_edit", code, pk=Hand.objects.get(table=table).pk) in body


def test_a_code_reaches_nothing_but_its_own_table(world: dict[str, Any]) -> None:
    table_a, (code_a, code_b) = world["tables"][0], world["codes"]
    client = phone()
    client.post(code_url("hand_add", code_a), deal_post(table_a))
    hand_a = Hand.objects.get(table=table_a)
    # another table's hand through this code: not found, nothing changed
    assert client.get(code_url("hand_edit", code_b, pk=hand_a.pk)).status_code == 404
    assert client.post(code_url("hand_edit", code_b, pk=hand_a.pk),
                       deal_post(table_a)).status_code == 404
    assert client.post(code_url("hand_delete", code_b, pk=hand_a.pk),
                       deal_post(table_a)).status_code == 404
    assert Hand.objects.get(pk=hand_a.pk).data == hand_a.data
    # the club's pages stay behind the login, the code gives no session
    club = "harten-vrouw"
    for name, kwargs in [("tournaments:table_history", {"pk": table_a.pk}),
                         ("tournaments:table_scores", {"pk": table_a.pk}),
                         ("tournaments:evening_detail", {"pk": world["evening"].pk}),
                         ("tournaments:standings", {"pk": world["competition"].pk}),
                         ("clubmanager:member_list", {})]:
        response = client.get(reverse(name, kwargs={"club": club, **kwargs}))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], name


def test_closed_evening_and_codes_off_refuse_the_code(world: dict[str, Any]) -> None:
    table, code = world["tables"][0], world["codes"][0]
    client = phone()
    competition = world["competition"]
    competition.table_codes = False
    competition.save()
    refused = client.get(code_url("table_scores", code))
    assert refused.status_code == 403 and "uitgeschakeld" in refused.content.decode()
    assert client.post(code_url("hand_add", code), deal_post(table)).status_code == 403
    competition.table_codes = True
    competition.save()
    evening = world["evening"]
    evening.status = EveningStatus.CLOSED
    evening.save()
    refused = client.get(code_url("table_scores", code))
    assert refused.status_code == 403 and "gesloten" in refused.content.decode()
    assert client.post(code_url("hand_add", code), deal_post(table)).status_code == 403
    assert not Hand.objects.filter(table=table).exists()


def test_the_services_refuse_a_code_of_a_closed_evening(world: dict[str, Any],
                                                        admin_user: Any) -> None:
    table = world["tables"][0]
    via = ViaCode(table.codes.get(), PHONE)
    world["evening"].status = EveningStatus.CLOSED
    world["evening"].save()
    with pytest.raises(scores.TableLocked):
        scores.hand_add(table=Table.objects.get(pk=table.pk), by=None, via=via,
                        change=scores.HandChange(data={"penalties": {}}, expected_version=0))


# -- renewing ---------------------------------------------------------------------------------
def test_renewing_stops_the_old_code_at_once(world: dict[str, Any],
                                             client_for: Callable[..., Client],
                                             admin_user: Any) -> None:
    table, old = world["tables"][0], world["codes"][0]
    client = phone()
    assert client.get(code_url("table_scores", old)).status_code == 200
    response = client_for(admin_user).post(reverse(
        "tournaments:table_code_renew", kwargs={"club": "harten-vrouw", "pk": table.pk}))
    assert response.status_code == 302
    new = table.codes.get(revoked_at=None).code
    assert new != old
    assert client.get(code_url("table_scores", old)).status_code == 404
    assert client.post(code_url("hand_add", old), deal_post(table)).status_code == 404
    assert client.get(code_url("table_scores", new)).status_code == 200


def test_a_save_under_way_when_the_code_is_renewed_is_refused(world: dict[str, Any]) -> None:
    table = world["tables"][0]
    via = ViaCode(table.codes.get(), PHONE)  # read before the renewal
    table_code_renew(table=table)
    hand = sample_hands("jokeren", sides_of(table.seats.all()))[0]
    with pytest.raises(PermissionDenied):
        scores.hand_add(table=Table.objects.select_related("round__evening__competition")
                        .get(pk=table.pk), by=None, via=via,
                        change=scores.HandChange(data=hand, expected_version=0))
    assert not Hand.objects.filter(table=table).exists()


def test_only_a_club_admin_renews(world: dict[str, Any], client_for: Callable[..., Client],
                                  scorekeeper_user: Any) -> None:
    table = world["tables"][0]
    url = reverse("tournaments:table_code_renew", kwargs={"club": "harten-vrouw",
                                                          "pk": table.pk})
    assert client_for(scorekeeper_user).post(url).status_code == 403
    assert phone().post(url).status_code == 302  # to the login
    assert table.codes.get(revoked_at=None).code == world["codes"][0]


def test_issuing_for_new_tables_only_adds(world: dict[str, Any]) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        table_codes_issue(tables=[world["tables"][0]])  # it has one already


# -- confirmation -------------------------------------------------------------------------------
def _play_out(table: Table, *, via: ViaCode | None = None, by: Any = None) -> None:
    for version, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all()))):
        scores.hand_add(table=Table.objects.get(pk=table.pk), by=by, via=via,
                        change=scores.HandChange(data=hand, expected_version=version,
                                                 acknowledge_warnings=True))


def test_a_code_does_not_confirm_its_own_entries_unless_the_club_allows(
        world: dict[str, Any], club: Any) -> None:
    table, code = world["tables"][0], world["codes"][0]
    _play_out(table, via=ViaCode(table.codes.get(), PHONE))
    client = phone()
    page = client.get(code_url("table_scores", code)).content.decode()
    assert code_url("table_confirm", code) not in page
    assert "met een eigen inlog" in page  # who confirms instead
    assert client.post(code_url("table_confirm", code)).status_code == 403
    assert Table.objects.get(pk=table.pk).confirmed_at is None
    club.code_self_confirm = True
    club.save()
    assert code_url("table_confirm", code) in client.get(
        code_url("table_scores", code)).content.decode()
    assert client.post(code_url("table_confirm", code)).status_code == 302
    confirmed = Table.objects.get(pk=table.pk)
    assert confirmed.confirmed_at and confirmed.confirmed_by is None
    assert confirmed.confirmed_via.code == code and confirmed.confirmed_user_agent == PHONE
    assert "via de tafelcode" in client.get(code_url("table_scores", code)).content.decode()


def test_a_code_confirms_a_match_entered_with_a_login(world: dict[str, Any],
                                                      admin_user: Any) -> None:
    table, code = world["tables"][0], world["codes"][0]
    _play_out(table, by=admin_user)
    response = phone().post(code_url("table_confirm", code))
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).confirmed_via_id is not None


# -- rate limit ----------------------------------------------------------------------------------
def test_wrong_codes_never_lock_out_a_right_code(world: dict[str, Any], settings: Any) -> None:
    """A club hall behind one NAT (or every club behind one reverse proxy): one address. Wrong
    codes from it, and an old renewed sheet scanned again and again, leave the right code
    working for every phone there."""
    settings.TABLE_CODE_FAILURE_LIMIT = 5
    table, right_code = world["tables"][0], world["codes"][0]
    right = code_url("table_scores", right_code)
    hall = phone()  # every phone of the hall: one REMOTE_ADDR
    for attempt in range(8):
        response = hall.get(code_url("table_scores", f"wrong-code-{attempt:02d}-abcdefghijk"))
        assert response.status_code == 404
        assert "werkt niet" in response.content.decode()
    old = right_code
    table_code_renew(table=table)
    for _scan in range(8):
        hall.get(code_url("table_scores", old))
    assert hall.get(right).status_code == 429  # the renewed code itself: tried too often
    new = code_url("table_scores", table.codes.get(revoked_at__isnull=True).code)
    assert hall.get(new).status_code == 200
    assert hall.post(code_url("hand_add", world["codes"][1]),
                     deal_post(world["tables"][1])).status_code == 302
    assert Hand.objects.filter(table=world["tables"][1]).count() == 1


def test_a_wrong_code_tried_too_often_is_429_and_its_attempts_stop_being_written(
        world: dict[str, Any], settings: Any) -> None:
    settings.TABLE_CODE_FAILURE_LIMIT = 3
    wrong = code_url("table_scores", "wrong-code-00-abcdefghijk")
    for _attempt in range(3):
        assert phone().get(wrong).status_code == 404
    blocked = phone().get(wrong)
    assert blocked.status_code == 429 and "te vaak" in blocked.content.decode()
    assert blocked["Retry-After"] == "900"
    assert TableCodeFailure.objects.count() == 3  # not one row more per request
    assert "wrong-code" not in str(list(TableCodeFailure.objects.values_list("code_hash")))
    # another wrong code has its own count
    assert phone().get(code_url("table_scores", "wrong-code-01-abcdefghijk")).status_code == 404


def test_the_limit_holds_for_every_server_and_ends_with_the_cooloff(world: dict[str, Any],
                                                                     settings: Any) -> None:
    settings.TABLE_CODE_FAILURE_LIMIT = 2
    wrong = code_url("table_scores", "wrong-code-00-abcdefghijk")
    for _attempt in range(2):  # a fresh client each time: any worker of any app server
        phone().get(wrong)
    assert phone().get(wrong).status_code == 429
    TableCodeFailure.objects.update(at=timezone.now() - timedelta(minutes=16))
    assert phone().get(wrong).status_code == 404  # 15 minutes on: counted afresh
    assert TableCodeFailure.objects.count() == 1  # the old rows went


def test_a_save_sent_to_a_renewed_code_says_what_became_of_it(world: dict[str, Any]) -> None:
    """The answer a waiting save gets on a renewed code (or codes turned off, or a closed
    evening) names its outcome, so offline.js stops sending it and offers to discard or move."""
    table, old = world["tables"][0], world["codes"][0]
    table_code_renew(table=table)
    for post in (phone().post(code_url("hand_add", old), deal_post(table)),
                 phone().post(code_url("hand_add", old), deal_post(table), HTTP_HX_REQUEST="true")):
        assert post.status_code == 404 and post["X-Entry-Outcome"] == "code-void"
    new = table.codes.get(revoked_at__isnull=True).code
    world["competition"].table_codes = False
    world["competition"].save()
    off = phone().post(code_url("hand_add", new), deal_post(table))
    assert off.status_code == 403 and off["X-Entry-Outcome"] == "code-void"
    world["competition"].table_codes = True
    world["competition"].save()
    world["evening"].status = EveningStatus.CLOSED
    world["evening"].save()
    closed = phone().post(code_url("hand_add", new), deal_post(table))
    assert closed.status_code == 403 and closed["X-Entry-Outcome"] == "locked"
    assert not Hand.objects.filter(table=table).exists()


# -- what the pages and the sheets show ------------------------------------------------------
def test_round_page_and_projector_show_the_qr_codes(world: dict[str, Any],
                                                    client_for: Callable[..., Client],
                                                    scorekeeper_user: Any) -> None:
    client = client_for(scorekeeper_user)
    evening = client.get(reverse("tournaments:evening_detail", kwargs={
        "club": "harten-vrouw", "pk": world["evening"].pk})).content.decode()
    projector = client.get(reverse("tournaments:round_projector", kwargs={
        "club": "harten-vrouw", "pk": world["round"].pk})).content.decode()
    for body in (evening, projector):
        assert body.count('<svg role="img"') == 2 and 'class="qr-dark"' in body
        assert " style=" not in body.split("<svg", 1)[1]  # CSP: no inline style
    assert "Code vernieuwen" not in evening  # renewing is for the club admin
    world["evening"].status = EveningStatus.CLOSED
    world["evening"].save()
    closed = client.get(reverse("tournaments:round_projector", kwargs={
        "club": "harten-vrouw", "pk": world["round"].pk})).content.decode()
    assert "<svg" not in closed  # a code of a closed evening does not work: not shown


def _tables_with_a_qr(body: str) -> list[int]:
    """The table ids whose block on the evening page shows a QR code."""
    blocks = body.split('id="table-')[1:]
    return [int(block.split('"', 1)[0]) for block in blocks if '<svg role="img"' in block]


@pytest.mark.parametrize("who", ["admin", "scorekeeper", "member seated", "member not seated",
                                 "other club"])
def test_who_sees_which_table_codes(who: str, world: dict[str, Any],
                                    client_for: Callable[..., Client], admin_user: Any,
                                    scorekeeper_user: Any, member_user: Any,
                                    other_admin_user: Any, make_user: Callable[..., Any],
                                    tmp_path: Path) -> None:
    """A code is a key. A member sees, online, only the code of the table
    they sit at; every table's code (the projector, the sheets) is for the club admin and the
    scorekeepers."""
    tables = world["tables"]
    seated_table = tables[1]
    if who == "member seated":
        user = make_user("ann-lid", world["competition"].club, Role.MEMBER)
        seat = seated_table.seats.select_related("participant__member").first()
        seat.participant.member.user = user
        seat.participant.member.save()
    else:
        user = {"admin": admin_user, "scorekeeper": scorekeeper_user,
                "member not seated": member_user, "other club": other_admin_user}[who]
    client = client_for(user)
    pages = {
        "evening": reverse("tournaments:evening_detail", kwargs={
            "club": "harten-vrouw", "pk": world["evening"].pk}),
        "projector": reverse("tournaments:round_projector", kwargs={
            "club": "harten-vrouw", "pk": world["round"].pk}),
        "sheets": reverse("tournaments:round_sheets", kwargs={
            "club": "harten-vrouw", "round_id": world["round"].pk}),
    }
    answers = {name: client.get(url) for name, url in pages.items()}
    if who == "other club":
        assert {name: a.status_code for name, a in answers.items()} == {
            "evening": 404, "projector": 404, "sheets": 404}
        return
    assert all(a.status_code == 200 for a in answers.values())
    every = [t.pk for t in tables]
    staff = who in ("admin", "scorekeeper")
    own = [seated_table.pk] if who == "member seated" else []
    assert _tables_with_a_qr(answers["evening"].content.decode()) == (every if staff else own)
    assert answers["projector"].content.decode().count('<svg role="img"') == (
        2 if staff else 0)
    assert decode_qr(answers["sheets"].content, tmp_path) == (
        [f"http://testserver{code_url('table_scores', c)}" for c in world["codes"]]
        if staff else [])


def test_code_page_reads_a_fixed_number_of_queries(
        world: dict[str, Any], django_assert_max_num_queries: Any) -> None:
    table, code = world["tables"][0], world["codes"][0]
    _play_out(table, by=None, via=ViaCode(table.codes.get(), PHONE))
    client = phone()
    client.get(code_url("table_scores", code))
    with django_assert_max_num_queries(8):
        assert client.get(code_url("table_scores", code)).status_code == 200


def decode_qr(pdf: bytes, tmp_path: Path) -> list[str]:
    """The QR codes on the PDF's pages, as zbarimg reads them from a 150 dpi rendering."""
    (tmp_path / "sheet.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(tmp_path / "sheet.pdf"),
                    str(tmp_path / "page")], check=True, timeout=60)
    found = []
    for page in sorted(tmp_path.glob("page*.png")):
        result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable",
                                 "-Sqrcode.enable", str(page)],
                                capture_output=True, text=True, timeout=60)
        found += result.stdout.split()
    return found


def test_every_score_sheet_carries_its_tables_code(world: dict[str, Any],
                                                   client_for: Callable[..., Client],
                                                   scorekeeper_user: Any, tmp_path: Path) -> None:
    response = client_for(scorekeeper_user).get(reverse(
        "tournaments:round_sheets", kwargs={"club": "harten-vrouw",
                                            "round_id": world["round"].pk}))
    assert response.status_code == 200
    decoded = decode_qr(response.content, tmp_path)
    assert decoded == [f"http://testserver{code_url('table_scores', c)}"
                       for c in world["codes"]]


def test_sheets_of_a_closed_evening_carry_no_code(world: dict[str, Any],
                                                  client_for: Callable[..., Client],
                                                  admin_user: Any, tmp_path: Path) -> None:
    world["evening"].status = EveningStatus.CLOSED
    world["evening"].save()
    response = client_for(admin_user).get(reverse(
        "tournaments:round_sheets", kwargs={"club": "harten-vrouw",
                                            "round_id": world["round"].pk}))
    assert decode_qr(response.content, tmp_path) == []


def test_club_admin_sets_whether_a_code_confirms_its_own_entries(
        club: Any, client_for: Callable[..., Client], admin_user: Any,
        make_user: Callable[..., Any]) -> None:
    url = reverse("tournaments:table_code_setting", kwargs={"club": club.slug})
    admin = client_for(admin_user)
    assert admin.get(url).status_code == 200
    assert admin.post(url, {"code_self_confirm": "on"}).status_code == 302
    club.refresh_from_db()
    assert club.code_self_confirm
    keeper = client_for(make_user("schrijver2", club, Role.SCOREKEEPER))
    assert keeper.post(url, {}).status_code == 403
    club.refresh_from_db()
    assert club.code_self_confirm


def test_a_club_admin_turns_codes_off_in_the_competitions_settings(
        world: dict[str, Any], client_for: Callable[..., Client], admin_user: Any) -> None:
    competition, code = world["competition"], world["codes"][0]
    url = reverse("tournaments:competition_edit", kwargs={"club": "harten-vrouw",
                                                          "pk": competition.pk})
    admin = client_for(admin_user)
    assert 'name="table_codes"' in admin.get(url).content.decode()
    form = CompetitionForm(game="jokeren", competition=competition)
    settings: dict[str, Any] = {}  # the form as shown, submitted
    for name, value in form.initial.items():
        if isinstance(value, bool):
            if value and name != "table_codes":
                settings[name] = "on"
        elif isinstance(value, list) and isinstance(form.fields[name].widget, OrderedChoicesWidget):
            settings.update({f"{name}_{i}": str(v) for i, v in enumerate(value)})  # one a deal
        elif isinstance(value, list):
            settings[name] = [str(v) for v in value]
        elif value is not None:
            settings[name] = str(value)
    answer = admin.post(url, settings)
    assert answer.status_code == 302, (settings, answer.context["form"].errors)  # box unticked
    competition.refresh_from_db()
    assert not competition.table_codes
    assert phone().get(code_url("table_scores", code)).status_code == 403
    assert admin.post(url, {**settings, "table_codes": "on"}).status_code == 302
    assert phone().get(code_url("table_scores", code)).status_code == 200
