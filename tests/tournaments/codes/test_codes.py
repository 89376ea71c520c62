"""The three kinds of code (table codes, door codes, share links) share one generator, one
lookup and one refusal answer (``tournaments/codes/``; docs/architecture.md#codes). Each test
runs for every kind: what a wrong, revoked, malformed or blocked code answers, that every wrong
try counts towards that code's limit, that a right code is never refused by it, and how each
kind's refusal looks to its client."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from clubmanager.core.log_redaction import redact
from tournaments.codes.lookup import BLOCKED, WRONG, CodeRefused, code_lookup
from tournaments.codes.tokens import CODE_LENGTH, code_new, code_well_formed
from tournaments.codes.views import DOOR_CODE, SHARE_CODE, TABLE_CODE, CodeKind
from tournaments.draws import services as draws
from tournaments.entry.selectors.table_codes import active_code
from tournaments.entry.services.table_codes import table_code_renew
from tournaments.evenings.services.evenings import evening_door_code_ensure
from tournaments.models import Evening, EveningStatus, TableCodeFailure
from tournaments.standings.services.sharing import (
    evening_share_code_renew,
    evening_share_code_revoke,
)

pytestmark = pytest.mark.django_db

WRONG_CODE = "wrong-code-00-abcdefghijk"


@dataclass(frozen=True)
class Kind:
    name: str
    prefix: str  # the URL's first segment: /t/, /deur/, /uitslag/
    answer: CodeKind
    url_name: str
    #: (club, make_member, make_competition, make_evening, admin) -> (right code, revoke it)
    make: Callable[..., tuple[str, Callable[[], None]]]

    def url(self, code: str) -> str:
        return reverse(self.url_name, kwargs={"code": code})


def _table(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
           admin: Any) -> tuple[str, Callable[[], None]]:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    competition = make_competition(club, "jokeren", table_min=4, table_max=4)
    round_ = draws.round_draw(evening=make_evening(competition, members), seed=42, by=admin)
    table = round_.tables.get()
    return table.codes.get().code, lambda: table_code_renew(table=table) and None


def _door(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
          admin: Any) -> tuple[str, Callable[[], None]]:
    evening = make_evening(make_competition(club), [make_member(club, name="Ann")],
                           status=EveningStatus.CHECKIN)
    code = evening_door_code_ensure(evening=evening, by=admin).door_code
    return code, lambda: Evening.objects.filter(pk=evening.pk).update(door_code=code_new()) and None


def _share(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
           admin: Any) -> tuple[str, Callable[[], None]]:
    evening = make_evening(make_competition(club), [make_member(club, name="Ann")],
                           status=EveningStatus.CLOSED)
    code = evening_share_code_renew(evening=evening, by=admin).share_code
    return code, lambda: evening_share_code_revoke(evening=evening, by=admin) and None


KINDS = [Kind("table", "t", TABLE_CODE, "table_code:table_scores", _table),
         Kind("door", "deur", DOOR_CODE, "door:names", _door),
         Kind("share", "uitslag", SHARE_CODE, "share:results", _share)]


@pytest.fixture(params=KINDS, ids=[kind.name for kind in KINDS])
def kind(request: pytest.FixtureRequest) -> Kind:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def right(kind: Kind, club: Any, make_member: Any, make_competition: Any, make_evening: Any,
          admin_user: Any) -> tuple[str, Callable[[], None]]:
    """A right code of ``kind`` and what revokes (or renews) it."""
    return kind.make(club, make_member, make_competition, make_evening, admin_user)


def failures() -> int:
    return TableCodeFailure.objects.count()


# -- the generator ------------------------------------------------------------------------------
def test_one_generator_makes_128_random_bits_in_the_url_alphabet() -> None:
    codes = {code_new() for _ in range(1000)}
    assert len(codes) == 1000  # never the same twice
    assert all(len(code) == CODE_LENGTH and re.fullmatch(r"[A-Za-z0-9_-]+", code)
               for code in codes)
    # 22 characters of 64 carry 132 bits; token_urlsafe(16) fills 128 of them: all 64 show up
    assert len(set("".join(codes))) == 64
    assert all(code_well_formed(code) for code in codes)
    assert not any(code_well_formed(bad) for bad in ("", "a" * 65, "abc/def", "abc def", "ab€"))


def test_every_kind_gets_its_code_from_the_one_generator(
        kind: Kind, right: tuple[str, Callable[[], None]]) -> None:
    code, _revoke = right
    assert len(code) == CODE_LENGTH and code_well_formed(code)


# -- the lookup ---------------------------------------------------------------------------------
def test_the_lookup_raises_one_refusal(settings: Any) -> None:
    settings.TABLE_CODE_FAILURE_LIMIT = 1
    with pytest.raises(CodeRefused) as wrong:
        code_lookup(WRONG_CODE, active_code)
    assert (wrong.value.reason, failures()) == (WRONG, 1)
    with pytest.raises(CodeRefused) as blocked:
        code_lookup(WRONG_CODE, active_code)
    assert (blocked.value.reason, blocked.value.retry_after, failures()) == (BLOCKED, 900, 1)


def test_a_malformed_code_is_never_looked_up_but_counts() -> None:
    asked: list[str] = []
    for bad in ("a" * 200, "no spaces", "ab€cd"):
        with pytest.raises(CodeRefused):
            code_lookup(bad, lambda code: asked.append(code))
    assert asked == [] and failures() == 3


# -- the answer, for each kind ------------------------------------------------------------------
def test_a_right_code_opens_its_page(kind: Kind, right: tuple[str, Callable[[], None]]) -> None:
    code, _revoke = right
    assert Client().get(kind.url(code)).status_code == 200
    assert failures() == 0


def test_a_wrong_code_is_404_counted_and_said_in_the_kinds_words(kind: Kind) -> None:
    answer = Client().get(kind.url(WRONG_CODE))
    assert answer.status_code == 404 and failures() == 1
    body = answer.content.decode()
    assert escape(str(kind.answer.wrong)) in body and escape(str(kind.answer.title)) in body
    assert "Retry-After" not in answer


def test_a_revoked_code_is_404_and_counted(kind: Kind,
                                           right: tuple[str, Callable[[], None]]) -> None:
    code, revoke = right
    revoke()
    answer = Client().get(kind.url(code))
    assert answer.status_code == 404 and failures() == 1
    assert escape(str(kind.answer.wrong)) in answer.content.decode()


def test_a_code_tried_too_often_is_429_with_retry_after_and_no_longer_written(
        kind: Kind, right: tuple[str, Callable[[], None]], settings: Any) -> None:
    settings.TABLE_CODE_FAILURE_LIMIT = 2
    statuses = [Client().get(kind.url(WRONG_CODE)).status_code for _ in range(2)]
    blocked = Client().get(kind.url(WRONG_CODE))
    assert statuses == [404, 404] and blocked.status_code == 429
    assert blocked["Retry-After"] == "900"
    assert escape(str(kind.answer.blocked)) in blocked.content.decode()
    assert failures() == 2  # not one row more per blocked request
    code, _revoke = right
    assert Client().get(kind.url(code)).status_code == 200  # the right code is never limited


def test_each_kind_answers_as_its_client_needs(kind: Kind) -> None:
    answer = Client().get(kind.url(WRONG_CODE))
    body = answer.content.decode()
    assert answer["Content-Type"].startswith("text/html")
    # the score page's offline client reads the outcome of a save sent to a void code
    assert answer.get("X-Entry-Outcome") == ("code-void" if kind.name == "table" else None)
    # the door's page has no menu and no login; the others have the site's
    assert ('class="door-page"' in body) == (kind.name == "door")
    assert ("/accounts/login/" in body or 'data-logout' in body) != (kind.name == "door")


def test_a_code_in_a_log_line_is_cut_to_four_characters(kind: Kind) -> None:
    code = code_new()
    line = redact(f'"GET /{kind.prefix}/{code}/ HTTP/1.1" 404')
    assert code not in line and f"/{kind.prefix}/{code[:4]}***" in line
