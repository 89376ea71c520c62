"""Garbage posted to every POST URL of the URL × role matrix, as every role.

For each URL of ``test_url_matrix`` that takes a POST (the table code's URLs included),
hypothesis builds bodies from the form's real field names (the valid body of the matrix, plus
every ``name=`` of the page's own GET form or of the page that renders its form) and random
keys, filled with huge, negative, fractional and non-numeric numbers, unicode digits, NUL bytes,
empty and very long values; keys repeated or left out. Every request must answer below 500, and
one that was refused (4xx, a 200 re-render, or a redirect with an error message) must have
stored nothing: the row count, the largest id and the latest change of every model, history
tables included, are the same before and after. Each example runs in a transaction that is
rolled back, so examples do not drift.

Every field of each page is also posted once with a character the text policy refuses
(``clubmanager.core.text``: control characters, NUL, noncharacters, zero-width and text-direction
characters), the rest of the body valid; nothing of it may be stored, whatever the answer.

Derandomized (the same examples on every run) and small: CI runs it on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.apps import apps
from django.contrib.messages import constants as message_levels
from django.db import models, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.test_url_matrix import (  # noqa: F401 (world is a fixture)
    EXPECTED,
    LOGIN,
    ROLES,
    URLS,
    client_of,
    post_of,
    url_of,
    world,
)

pytestmark = pytest.mark.django_db

#: POST-only views whose form is rendered on another page (url name → that page).
FORM_PAGE = {
    "hand_check": "table_scores", "hand_add": "table_scores", "hand_delete": "hand_edit",
    "round_draw": "evening_detail", "round_redraw": "evening_detail",
    "evening_status": "evening_detail", "table_confirm": "table_scores",
    "member_deactivate": "member_edit", "member_activate": "member_edit",
    "role_change": "role_list", "role_remove": "role_list",
    "fixed_pair_delete": "fixed_pairs", "table_unconfirm": "table_scores",
}
#: Fields a page renders only in some states (e.g. the live check's hand id while editing).
EXTRA_FIELDS = {
    "hand_check": ["hand", "adjusted_reason", "acknowledge"],
    "hand_add": ["adjusted_reason", "acknowledge", "adj-0", "adj-1", "adj-2", "adj-3"],
    "hand_edit": ["adjusted_reason", "acknowledge", "adj-0", "adj-1", "adj-2", "adj-3"],
    "checkin": ["action", "member", "participant", "guest_name"],
    "evening_status": ["action", "status"],
}
#: Bookkeeping a request may write whatever its outcome: sessions, login throttling.
NOT_COUNTED = {"sessions", "axes"}
REFUSALS = (403, 404, 405, LOGIN)
_NAME = re.compile(r'\bname="([^"]+)"')

#: Characters the text policy refuses (``clubmanager.core.text``): control characters
#: (NUL, C0, DEL, C1), noncharacters, zero-width and text-direction characters.
HOSTILE_CHARS = ["\x00", "\x01", "\x08", "\x0b", "\x1b", "\x7f", "\x85", "\ufffe", "\uffff",
                 "\u200b", "\u200d", "\u202e", "\u2066", "\ufeff"]
HOSTILE = [f"Naam{c}" for c in HOSTILE_CHARS] + HOSTILE_CHARS
#: Values that broke or could break a view: numbers past every column, fractions, separators,
#: unicode digits, NUL and other hostile characters, empty, very long, JSON nested thousands deep.
CRAFTED = [
    "9" * 5000, "-" + "9" * 5000, str(10**30), str(-(10**30)), str(2**31), str(-(2**31) - 1),
    str(2**63), str(-(2**63) - 1), "-1", "0", "-1000000", "1.5", "1,5", "1.000", "1e3", "0x10",
    "abc", "٣", "３", "४२", "\x00", "1\x00", "a\x00b", "", " ", "null", "x" * 10_000,
    *HOSTILE,
    # JSON nested past the recursion limit, for any field read as JSON
    "[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000,
    # reportlab markup: a name drawn in a PDF is text, never markup
    "Test <b>unclosed", '<img src="/etc/hostname"/>', '<a href="https://evil.example/">x</a>',
    '<font size="90">&amp;</para>',
]
#: Markup in a text field, stored, then drawn in every PDF (``test_markup_in_every_text_field``).
MARKUP = ('<img src="{picture}" width="40" height="40"/> <a href="https://evil.example/">'
          'Klik</a> Test <b>unclosed &amp; <font size="60">')
PDFS = ("tournaments:round_sheets", "tournaments:evening_results_pdf",
        "tournaments:standings_pdf")
GARBAGE = st.one_of(
    st.sampled_from(CRAFTED), st.sampled_from(CRAFTED),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.text(max_size=12),
)


def _posts() -> list[str]:
    """The url names whose POST some role may use (not 405 for every signed-in role)."""
    return [name for name, _route in URLS
            if any(s not in REFUSALS for s in EXPECTED[name]["POST"])]


def _field_names(name: str, w: dict[str, Any]) -> list[str]:
    short = name.split(":")[-1]
    names = set(post_of(name, w)) | set(EXTRA_FIELDS.get(short, []))
    admin = client_of(w, "admin")
    routes = dict(URLS)
    for page in (name, "tournaments:" + FORM_PAGE.get(short, ""),
                 "clubmanager:" + FORM_PAGE.get(short, "")):
        if page in routes:
            response = admin.get(url_of(page, routes[page], w))
            if response.status_code == 200 and "html" in response.get("Content-Type", ""):
                names |= set(_NAME.findall(response.content.decode()))
    names.discard("csrfmiddlewaretoken")
    return sorted(names)


def _counted_models() -> list[type[models.Model]]:
    return [m for m in apps.get_models() if m._meta.app_label not in NOT_COUNTED
            and not m._meta.proxy]


def _snapshot() -> dict[str, tuple[Any, ...]]:
    """Per model: rows, largest id, latest auto_now time and summed versions."""
    out = {}
    for model in _counted_models():
        aggregates: dict[str, Any] = {"n": models.Count("pk"), "top": models.Max("pk")}
        for field in model._meta.concrete_fields:
            if getattr(field, "auto_now", False):
                aggregates["t_" + field.name] = models.Max(field.name)
            if field.name == "version":
                aggregates["version"] = models.Sum("version")
        out[model._meta.label] = tuple(sorted(
            model._base_manager.aggregate(**aggregates).items()))
    return out


def _hostile_stored() -> list[tuple[str, str, str]]:
    """Every text a hostile character got into: (model, field, value)."""
    found = []
    for model in _counted_models():
        fields = [f.attname for f in model._meta.concrete_fields
                  if isinstance(f, models.CharField | models.TextField)]
        for row in model._base_manager.values_list(*fields) if fields else []:
            found += [(model._meta.label, name, value) for name, value in zip(fields, row,
                                                                               strict=True)
                      if isinstance(value, str) and any(c in value for c in HOSTILE_CHARS)]
    return found


def _refused(response: Any) -> bool:
    if response.status_code >= 400 or response.status_code == 200:
        return True
    storage = getattr(response.wsgi_request, "_messages", None)
    queued = getattr(storage, "_queued_messages", [])  # this request's, not earlier ones
    return any(m.level >= message_levels.ERROR for m in queued)


@st.composite
def bodies(draw: Any, names: list[str], valid: dict[str, Any]) -> list[tuple[str, str]]:
    """Often the valid body, so garbage reaches past the first check; then some real fields
    garbled (replaced, or repeated with a second value), some left out, a random key."""
    pairs = [(k, str(v)) for k, v in valid.items()] if draw(st.booleans()) else []
    for key in draw(st.lists(st.sampled_from(names), min_size=1, max_size=4)) if names else []:
        if draw(st.booleans()):
            pairs = [(k, v) for k, v in pairs if k != key]
        pairs.append((key, draw(GARBAGE)))
    missing = draw(st.sets(st.sampled_from(names), max_size=2)) if names else set()
    pairs = [(k, v) for k, v in pairs if k not in missing]
    return pairs + [(k, draw(GARBAGE)) for k in draw(st.lists(st.text(max_size=8),
                                                              max_size=1))]


POST_URLS = _posts()


def test_the_table_code_urls_are_fuzzed_too() -> None:
    """A table code posts without a login: every such URL is in the run."""
    assert {n for n in POST_URLS if n.startswith("table_code:")} == {
        "table_code:hand_check", "table_code:hand_add", "table_code:hand_edit",
        "table_code:hand_delete", "table_code:table_confirm"}


def test_garbage_never_gets_a_5xx_nor_stores_anything_when_refused(
        world: dict[str, Any]) -> None:  # noqa: F811
    """One world for every URL (its set-up is most of the cost); each URL gets its own run."""
    clients = {role: client_of(world, role) for role in ROLES}
    sent = {name: _fuzz(name, world, clients) for name in POST_URLS}
    assert all(sent.values()) and sum(sent.values()) >= 300, sent


def _fuzz(name: str, w: dict[str, Any], clients: dict[str, Any]) -> int:
    """The roles that may use the page get most examples; the others one or two (they are
    refused before the form is read, but the refusal must hold for any body)."""
    url = url_of(name, dict(URLS)[name], w)
    names = _field_names(name, w)
    expected = dict(zip(ROLES, EXPECTED[name]["POST"], strict=True))
    allowed = [r for r in ROLES if expected[r] not in REFUSALS]
    refused = [r for r in ROLES if r not in allowed]
    sent = []

    def send(role: str, body: list[tuple[str, str]], clean: bool) -> None:
        """``clean``: nothing hostile may be stored either, refused or not."""
        data: dict[str, list[str]] = {}
        for key, value in body:
            data.setdefault(key, []).append(value)
        with transaction.atomic():
            before = _snapshot()
            response = clients[role].post(url, data)
            sent.append(role)
            assert response.status_code < 500, (name, role, body)
            if _refused(response):
                assert _snapshot() == before, (name, role, response.status_code, body)
            elif clean:  # taken: with the hostile character refused or left out
                assert not _hostile_stored(), (name, role, body)
            transaction.set_rollback(True)

    def post(role: str, body: list[tuple[str, str]]) -> None:
        send(role, body, clean=False)

    valid = post_of(name, w)
    if allowed:  # every field once with a hostile character, the others as the valid body
        for index, key in enumerate(names):
            hostile = HOSTILE[index % len(HOSTILE)]
            body = [(k, str(v)) for k, v in valid.items() if k != key]
            send(allowed[index % len(allowed)], [*body, (key, str(valid.get(key, "")) + hostile)],
                 clean=True)
    # a page with more fields gets more examples
    for roles, examples in ((allowed, 3 + min(len(names), 9)), (refused, 2)):
        if roles:
            settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                     suppress_health_check=list(HealthCheck))(
                given(role=st.sampled_from(roles), body=bodies(names, valid))(post))()
    return len(sent)


def _holds(text: str) -> bool:
    """Whether any text column of the counted models holds ``text``."""
    for model in _counted_models():
        columns = [f.name for f in model._meta.concrete_fields
                   if isinstance(f, models.CharField | models.TextField)]
        if columns:
            match = models.Q()
            for column in columns:
                match |= models.Q(**{f"{column}__contains": text})
            if model._base_manager.filter(match).exists():
                return True
    return False


def test_markup_in_every_text_field_is_printed_as_text_in_every_pdf(
        world: dict[str, Any], request: pytest.FixtureRequest) -> None:  # noqa: F811
    """Each field of every form the club admin posts gets reportlab markup (an image of a file
    on the server, a link, an unclosed tag), one field at a time; whatever was stored, every
    PDF of the club still answers, with no image and no link in it."""
    import os
    import tempfile

    from PIL import Image

    # A short path, so that the markup fits a name column (200 characters; PostgreSQL refuses
    # longer, where SQLite would have stored it)
    with tempfile.NamedTemporaryFile(suffix=".png", dir="/tmp", delete=False) as file:
        Image.new("RGB", (8, 8), "red").save(file, format="PNG")
    picture = file.name
    request.addfinalizer(lambda: os.unlink(picture))
    markup = MARKUP.format(picture=picture)
    assert len(markup) <= 200
    admin = client_of(world, "admin")
    routes = dict(URLS)

    def pdfs_print_text(name: str, field: str) -> None:
        for pdf in PDFS:
            answer = admin.get(url_of(pdf, routes[pdf], world))
            assert answer.status_code == 200, (name, field, pdf)
            assert b"/Subtype /Image" not in answer.content, (name, field, pdf)
            assert b"/Annots" not in answer.content, (name, field, pdf)

    # The club's and the competition's names (the matrix posts no form that stores them)
    for model in (world["table"].round.evening.competition, world["table"].round.evening
                  .competition.club):
        with transaction.atomic():
            type(model)._base_manager.filter(pk=model.pk).update(name=markup)
            pdfs_print_text(type(model).__name__, "name")
            transaction.set_rollback(True)
    stored = 0
    for name in POST_URLS:
        if name.startswith("table_code:") or EXPECTED[name]["POST"][ROLES.index("admin")] in (
                *REFUSALS,):
            continue
        url = url_of(name, routes[name], world)
        valid = {k: str(v) for k, v in post_of(name, world).items()}
        texts = [f for f in _field_names(name, world)  # not the numbers, ids and versions
                 if not valid.get(f, "x").lstrip("-").isdigit() and f != "entry_key"]
        for field in texts:
            with transaction.atomic():
                before = _snapshot()
                response = admin.post(url, {**valid, field: markup})
                assert response.status_code < 500, (name, field)
                if _snapshot() != before and _holds("evil.example"):
                    stored += 1
                    pdfs_print_text(name, field)
                transaction.set_rollback(True)
    assert stored, "no form stored the markup: the loop checked nothing"
