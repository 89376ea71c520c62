"""Closed means closed: on a closed evening every service that writes a table, its seats, its
hands or who takes part is refused (``shared.guards.EveningClosed``), and nothing changed.

The services are discovered: every public function of every services module of the
feature packages (and ``tournaments.shared.guards``) is either a case here or listed, with its
reason, as not writing an evening's results. A new service fails
:func:`test_every_service_is_classified` until it is put in one of the two.
"""

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

import tournaments
from clubmanager.models import Member
from tournaments.draws import services as draws
from tournaments.entry.services import scores
from tournaments.evenings.services import calloffs, evenings
from tournaments.models import (
    CallOff,
    Evening,
    EveningStatus,
    Hand,
    Participant,
    Round,
    Seat,
    Table,
)
from tournaments.shared.guards import EveningClosed, TableLocked

pytestmark = pytest.mark.django_db

CONTRACTS = ["set3", "run3"]

#: Public functions of the services that do not write an evening's results, and why.
NOT_EVENING_RESULTS = {
    "competitions.competition_create": "a new competition has no evenings",
    "competitions.competition_update": "the season's settings; tables keep the options they "
                                       "were drawn with",
    "draws.new_seed": "a helper",
    "evenings.evening_create": "a new evening",
    "calloffs.calloff_clear": "runs inside participant_checkin, which is refused",
    "calloffs.calloff_replaced": "reads the call-off a check-in replaces, inside "
                                 "participant_checkin, which is refused",
    "calloffs.calloff_restore": "runs inside participant_remove, which is refused",
    "calloffs.calloff_self_set": "a member's own call-off: refused once play starts, so always "
                                 "on a closed evening "
                                 "(tests/tournaments/evenings/test_calloffs.py)",
    "guards.evening_ensure_open": "the check itself",
    "evenings.evening_update": "date and start time only",
    "planning.evening_move": "only a planned evening without results "
                             "(tests/tournaments/evenings/test_planning_undo.py)",
    "undo.competition_delete": "only a competition without results "
                               "(tests/tournaments/competitions/test_competition_undo.py)",
    "undo.competition_archive": "hides a competition from the members; its results stay",
    "undo.competition_restore": "shows an archived competition again; its results stay",
    "planning.evening_cancel": "only a planned evening without results "
                               "(tests/tournaments/evenings/test_planning_undo.py)",
    "evenings.evening_counts_set": "whether it counts for the standings, a reglement choice "
                                   "(a prize evening marked afterwards); its results stay",
    "evenings.evening_status_set": "closing itself; a closed evening moves only by reopening",
    "evenings.evening_reopen": "the one way to change a closed evening again",
    "workbook.season_import_apply": "creates closed evenings in a competition without any",
    "workbook.cached_workbooks_forget": "drops built workbook files after a name was erased; "
                                        "changes no result",
    "pairs.fixed_pair_create": "a competition's pairs, for draws to come",
    "pairs.fixed_pair_delete": "a competition's pairs, for draws to come",
    "publishing.club_public_pages_set": "a club setting",
    "table_codes.table_codes_issue": "codes for new tables (the draw's, which is refused)",
    "table_codes.table_code_renew": "a table's code; a code works only while the evening is open "
                                    "(tests/tournaments/entry/test_table_codes.py)",
    "table_codes.club_code_self_confirm_set": "a club setting",
    "evenings.evening_door_code_ensure": "the door's check-in code; it checks in only while "
                                         "check-in is open "
                                         "(tests/tournaments/evenings/test_door.py)",
    "evenings.participant_self_checkin": "refused unless check-in is open, so always on a "
                                         "closed evening "
                                         "(tests/tournaments/evenings/test_door.py)",
    "club_defaults.club_defaults_set": "a club's defaults for new competitions, no evening",
    "money.competition_fees_set": "the entry fee; a closed evening keeps its fee "
                                  "(tests/tournaments/evenings/test_money.py)",
    "money.participant_paid_set": "money, not results: a late payment is noted after the "
                                  "evening closed (tests/tournaments/evenings/test_money.py)",
    "sharing.evening_share_code_renew": "the share link of the results: refused unless the "
                                        "evening is closed; it changes no result "
                                        "(tests/tournaments/standings/test_share.py)",
    "sharing.evening_share_code_revoke": "the share link stops working; no result changes",
    "sharing.evening_results_mailed_mark": "records when the results were mailed; refused "
                                           "unless the evening is closed",
    "sharing.evening_results_mail": "mails the results of a closed evening; changes none",
    "sharing.results_mail_outcome_record": "how one member's results mail went; changes no "
                                           "result",
    "privacy.member_remove": "erases a name; every result stays as it was "
                             "(tests/tournaments/privacy/test_member_remove.py)",
}


def services_modules() -> list[str]:
    """Every services module of the feature packages, and the shared guards."""
    names = ["tournaments.shared.guards"]
    for info in pkgutil.walk_packages(tournaments.__path__, "tournaments."):
        if "services" in info.name.split("."):
            names.append(info.name)
    return names


def discovered_services() -> set[str]:
    """``<module>.<function>``: a feature's ``services.py`` under the feature's name
    (``draws.round_draw``), a module of its ``services/`` under its own (``calloffs.calloff_add``);
    of a package in there (``entry/services/scores/``), the functions its ``__all__`` names, under
    the package's name (``scores.hand_add``)."""
    found = set()
    for name in services_modules():
        module = importlib.import_module(name)
        parts = name.split(".")
        if parts[-1] == "services" or name == "tournaments.shared.guards":
            top, package = parts[-2] if parts[-1] == "services" else parts[-1], module
        else:
            index = parts.index("services")
            top = parts[index + 1]
            package = importlib.import_module(".".join(parts[: index + 2]))
        for name, obj in vars(module).items():
            if (not name.startswith("_") and inspect.isfunction(obj)
                    and obj.__module__ == module.__name__
                    and (package is module or name in package.__all__)):
                found.add(f"{top}.{name}")
    return found


@pytest.fixture
def closed(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
           make_evening: Callable[..., Any], make_round: Callable[..., Any],
           seat_table: Callable[..., Any], admin_user: Any) -> dict[str, Any]:
    """A closed Jokeren evening: round 1 played (table 1 finished, table 2 finished and
    confirmed), round 2 drawn and not started, a guest checked in without a seat and a member
    not checked in."""
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk", "Eva", "Fred")]
    late = make_member(club, name="Gerrit")
    evening = make_evening(make_competition(club, "jokeren", options={"contracts": CONTRACTS}),
                           members, guests=["Gast"])
    people = list(evening.participants.filter(member__isnull=False).order_by("pk"))
    first, second = make_round(evening), make_round(evening, number=2)
    played = [seat_table(first, people[:3]), seat_table(first, people[3:], number=2)]
    for table in played:
        names = [s.side for s in table.seats.order_by("position")]
        for version in range(len(CONTRACTS)):
            penalties = dict(zip(names, (0, 10 + version, 3), strict=True))
            scores.hand_add(table=Table.objects.get(pk=table.pk), by=admin_user,
                            change=scores.HandChange(data={"penalties": penalties},
                                                     expected_version=version,
                                                     acknowledge_warnings=True))
    scores.table_confirm(table=played[1], by=admin_user)
    fresh = [seat_table(second, people[:3]), seat_table(second, people[3:], number=2)]
    evenings.evening_status_set(evening=evening, status=EveningStatus.CLOSED, by=admin_user)
    return {"evening": Evening.objects.get(pk=evening.pk), "played": played, "fresh": fresh,
            "rounds": (first, second), "late": late,
            "guest": evening.participants.get(guest_name="Gast"), "admin": admin_user}


def _table(pk: int) -> Table:
    return Table.objects.get(pk=pk)


def _hand(table: Table, number: int) -> Hand:
    return Hand.objects.get(table=table, number=number)


CASES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "scores.hand_add": lambda c: scores.hand_add(
        table=_table(c["fresh"][0].pk), by=c["admin"],
        change=scores.HandChange(data={"penalties": {"Ann": 0, "Bob": 10, "Cor": 5}},
                                 expected_version=_table(c["fresh"][0].pk).version)),
    "scores.hand_update": lambda c: scores.hand_update(
        hand=_hand(c["played"][0], 1), by=c["admin"],
        change=scores.HandChange(data={"penalties": {"Ann": 0, "Bob": 20, "Cor": 5}},
                                 expected_version=_table(c["played"][0].pk).version)),
    "scores.hand_delete": lambda c: scores.hand_delete(
        hand=_hand(c["played"][0], 2), by=c["admin"],
        expected_version=_table(c["played"][0].pk).version),
    "scores.table_confirm": lambda c: scores.table_confirm(
        table=c["played"][0], by=c["admin"]),
    "scores.table_unconfirm": lambda c: scores.table_unconfirm(
        table=c["played"][1], by=c["admin"]),
    "draws.round_draw": lambda c: draws.round_draw(evening=c["evening"], by=c["admin"]),
    "draws.round_redraw": lambda c: draws.round_redraw(round=c["rounds"][1], by=c["admin"]),
    "draws.seat_swap": lambda c: draws.seat_swap(
        first=c["fresh"][0].seats.get(position=1), second=c["fresh"][1].seats.get(position=1),
        by=c["admin"]),
    "draws.seat_late_arrival": lambda c: draws.seat_late_arrival(
        round=c["rounds"][1], participant=c["guest"], by=c["admin"]),
    "evenings.participant_checkin": lambda c: evenings.participant_checkin(
        evening=c["evening"], member=c["late"], by=c["admin"]),
    "evenings.participant_add_guest": lambda c: evenings.participant_add_guest(
        evening=c["evening"], name="Gast Bep", by=c["admin"]),
    "evenings.participant_remove": lambda c: evenings.participant_remove(
        participant=c["guest"], by=c["admin"]),
    "calloffs.calloff_add": lambda c: calloffs.calloff_add(
        evening=c["evening"], member=c["late"], by=c["admin"]),
    "calloffs.calloff_remove": lambda c: calloffs.calloff_remove(
        evening=c["evening"], member=c["late"], by=c["admin"]),
}


def test_every_service_is_classified() -> None:
    assert discovered_services() == set(CASES) | set(NOT_EVENING_RESULTS)


def snapshot() -> dict[str, Any]:
    """Everything an evening's results and standings are made of, and their history."""
    return {
        model.__name__: sorted(model.objects.values_list(), key=repr)
        for model in (Evening, Participant, Round, Table, Seat, Hand, Hand.history.model,
                      Member, CallOff)
    }


@pytest.mark.parametrize("service", sorted(CASES))
def test_a_closed_evening_refuses_and_nothing_changes(service: str,
                                                      closed: dict[str, Any]) -> None:
    before = snapshot()
    with pytest.raises(EveningClosed) as refused, translation.override("en"):
        CASES[service](closed)
    # What the score pages show and what the evening and draw pages show, both.
    assert isinstance(refused.value, TableLocked) and refused.value.reason == "closed"
    assert isinstance(refused.value, ValidationError)
    assert refused.value.messages == ["The evening is closed; reopen it first."]
    assert snapshot() == before


@pytest.mark.parametrize("service", sorted(CASES))
def test_the_same_call_goes_through_once_reopened(service: str, closed: dict[str, Any]) -> None:
    """The cases are not refused for another reason: reopened, each one passes."""
    evenings.evening_reopen(evening=closed["evening"], by=closed["admin"])
    closed["evening"].refresh_from_db()
    CASES[service](closed)


def test_confirming_on_a_closed_evening_answers_with_a_message(
        closed: dict[str, Any], client_for: Callable[[Any], Any], club: Any) -> None:
    client = client_for(closed["admin"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    table = closed["played"][0]
    page = client.get(reverse("tournaments:table_scores", kwargs={"club": club.slug,
                                                                  "pk": table.pk}))
    assert b"Confirm the result" not in page.content  # no button on a closed evening
    response = client.post(reverse("tournaments:table_confirm",
                                   kwargs={"club": club.slug, "pk": table.pk}), follow=True)
    assert response.status_code == 200
    assert "The evening is closed: scores can no longer be changed." in response.content.decode()
    assert _table(table.pk).confirmed_at is None
