"""Idempotency keys through HTTP: every entry form carries one, and a form posted again (a
reload, a retry whose first answer was lost) is answered like the first time, stored once."""

import re
from urllib.parse import unquote

import pytest
from django.urls import reverse

from tests.tournaments.entry.test_score_views import HTMX, form_post, url
from tournaments.games import sample_hands
from tournaments.models import Hand
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="entry_key" value="([A-Za-z0-9_-]{16,})"')


@pytest.fixture
def jokeren(club, make_member, make_competition, make_evening, make_round, seat_table):
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    return seat_table(make_round(evening), list(evening.participants.all()))


POST = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12", "h-penalties-3": "88"}


def test_every_entry_form_carries_a_fresh_key(jokeren, client_for, scorekeeper_user):
    table = jokeren
    client = client_for(scorekeeper_user)
    keys = [KEY.findall(client.get(url("table_scores", table)).content.decode())
            for _ in range(2)]
    assert len(keys[0]) == 1 and keys[0] != keys[1]
    client.post(url("hand_add", table), {**POST, "version": 0, "entry_key": keys[0][0]})
    hand = Hand.objects.get()
    edit = client.get(reverse("tournaments:hand_edit",
                              kwargs={"club": "harten-vrouw", "pk": hand.pk})).content.decode()
    change_key, delete_key = KEY.findall(edit)  # the change form's and the delete form's
    assert change_key != delete_key


def test_an_htmx_save_sent_again_answers_deal_saved_and_stores_one_hand(jokeren, client_for,
                                                                       scorekeeper_user):
    table = jokeren
    client = client_for(scorekeeper_user)
    post = {**POST, "version": 0, "entry_key": "lost-answer-key-0001"}
    answers = [client.post(url("hand_add", table), post, HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
               for _ in range(2)]
    for answer in answers:
        body = answer.content.decode()
        assert answer.status_code == 200 and "Spel 1 opgeslagen." in body
        assert "zojuist gewijzigd" not in body
        assert answer["X-Entry-Outcome"] == "saved"
        assert unquote(answer["X-Entry-Message"]) == "Spel 1 opgeslagen."
        assert 'name="version" value="1"' in body  # the next hand's form, at the new version
    assert Hand.objects.count() == 1


def test_a_form_posted_again_without_javascript_stores_one_hand(jokeren, client_for,
                                                                scorekeeper_user):
    table = jokeren
    client = client_for(scorekeeper_user)
    page = client.get(url("table_scores", table)).content.decode()
    post = {**POST, "version": 0, "entry_key": KEY.search(page).group(1)}
    first = client.post(url("hand_add", table), post)
    again = client.post(url("hand_add", table), post)  # the browser's "send again"
    assert first.status_code == again.status_code == 302
    assert Hand.objects.count() == 1
    # without a key (an old form), the same post is refused as stale, never doubled
    stale = client.post(url("hand_add", table), {**POST, "version": 0}, **HTMX)
    assert "zojuist gewijzigd" in stale.content.decode()
    assert stale["X-Entry-Outcome"] == "changed"
    assert Hand.objects.count() == 1


def test_a_change_and_a_delete_posted_again_are_made_once(jokeren, client_for,
                                                          scorekeeper_user):
    table = jokeren
    client = client_for(scorekeeper_user)
    client.post(url("hand_add", table), {**POST, "version": 0})
    client.post(url("hand_add", table), {"h-penalties-0": "10", "h-penalties-1": "0",
                                         "h-penalties-2": "12", "h-penalties-3": "8",
                                         "version": 1})
    first, second = Hand.objects.order_by("number")
    edit_url = reverse("tournaments:hand_edit", kwargs={"club": "harten-vrouw", "pk": first.pk})
    change = {**POST, "h-penalties-1": "40", "version": 2, "entry_key": "change-key-000001"}
    for _ in range(2):
        answer = client.post(edit_url, change, **HTMX)
        assert answer.status_code == 200 and answer["X-Entry-Outcome"] == "saved"
    assert Hand.history.filter(history_type="~", id=first.pk).count() == 1
    delete_url = reverse("tournaments:hand_delete", kwargs={"club": "harten-vrouw",
                                                            "pk": first.pk})
    delete = {"version": 3, "reason": "", "entry_key": "delete-key-000001"}
    answers = [client.post(delete_url, delete, HTTP_ACCEPT_LANGUAGE="nl") for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302]  # the second not a 404: answered
    page = client.get(url("table_scores", table), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "verwijderd" in page and "zojuist gewijzigd" not in page
    assert list(Hand.objects.values_list("pk", "number")) == [(second.pk, 1)]
    table.refresh_from_db()
    assert table.version == 4


def test_a_keyed_delete_sent_again_by_someone_without_entry_rights_is_refused(
        jokeren, client_for, scorekeeper_user, member_user, other_admin_user):
    table = jokeren
    client_for(scorekeeper_user).post(url("hand_add", table), {**POST, "version": 0})
    hand = Hand.objects.get()
    delete_url = reverse("tournaments:hand_delete", kwargs={"club": "harten-vrouw",
                                                            "pk": hand.pk})
    delete = {"version": 1, "entry_key": "delete-key-000002"}
    client_for(scorekeeper_user).post(delete_url, delete)
    assert client_for(member_user).post(delete_url, delete).status_code == 403
    assert client_for(other_admin_user).post(delete_url, delete).status_code in (403, 404)


def test_a_keyed_save_costs_no_query_more_whatever_the_hand(jokeren, client_for,
                                                            scorekeeper_user,
                                                            django_assert_max_num_queries):
    """The key is looked up only for a save that cannot be made as sent (a repeat)."""
    table = jokeren
    client = client_for(scorekeeper_user)
    counts = []
    for number, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all())), 1):
        post = {**form_post(table, hand), "entry_key": f"save-{number}-key-0000001"}
        with django_assert_max_num_queries(17) as captured:  # as an unkeyed save
            response = client.post(url("hand_add", table), post, **HTMX)
        assert response.status_code == 200 and "opgeslagen" in response.content.decode()
        counts.append(len(captured.captured_queries))
        # the history is written (its INSERT), never read for the key
        assert not [q for q in captured.captured_queries
                    if "historicalhand" in q["sql"] and not q["sql"].startswith("INSERT")]
        table.refresh_from_db()
    assert table.finished and len(set(counts)) == 1, counts


def test_the_score_page_gives_the_offline_client_its_dutch_texts(jokeren, client_for,
                                                                  scorekeeper_user):
    """The texts come from the JavaScript catalogue (djangojs, with plurals), loaded before the
    client; the page gives only its game's word for a deal."""
    client = client_for(scorekeeper_user)
    page = client.get(url("table_scores", jokeren), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert 'data-entry-pattern="Spel {n}"' in page
    catalogue, client_js = page.index('src="/jsi18n/"'), page.index('src="/static/js/offline.js"')
    assert catalogue < page.index('src="/static/js/offline/view.js"') < client_js
    client.cookies["django_language"] = "nl"
    texts = client.get("/jsi18n/").content.decode()
    assert "wordt verstuurd zodra er weer verbinding is" in texts
    assert "Nu versturen" in texts


def test_the_last_deal_sent_again_after_the_match_ended_answers_that_deal(
        jokeren, client_for, scorekeeper_user, admin_user):
    """A repeat of the deal that finished the match, even at the version the table has now
    (finished, then confirmed), is answered "Deal 7 saved.", not "the match is finished" or
    "confirmed": the key is looked up when the change is refused or locked, too."""
    from tournaments.entry.services.scores import table_confirm

    table = jokeren
    client = client_for(scorekeeper_user)
    hands = sample_hands("jokeren", sides_of(table.seats.all()))
    for number, hand in enumerate(hands, 1):
        post = {**form_post(table, hand), "entry_key": f"deal-{number}-key-000000001"}
        client.post(url("hand_add", table), post, **HTMX)
        table.refresh_from_db()
    assert table.finished
    last = {**form_post(table, hands[-1]), "entry_key": "deal-7-key-000000001"}
    finished = client.post(url("hand_add", table), last, HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
    table_confirm(table=table, by=admin_user)
    table.refresh_from_db()
    confirmed = client.post(url("hand_add", table), {**last, "version": table.version},
                            HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
    for answer in (finished, confirmed):
        assert answer["X-Entry-Outcome"] == "saved"
        assert unquote(answer["X-Entry-Message"]) == "Spel 7 opgeslagen."
    assert Hand.objects.count() == 7


def test_an_add_replayed_after_its_hand_was_deleted_does_not_bring_it_back(
        jokeren, client_for, scorekeeper_user):
    """The key of a deleted hand lives on in its history; the same add sent
    again, even with the table's current version, is answered with its first outcome."""
    table = jokeren
    client = client_for(scorekeeper_user)
    add = {**POST, "version": 0, "entry_key": "replayed-add-key-01"}
    client.post(url("hand_add", table), add, **HTMX)
    hand = Hand.objects.get()
    client.post(reverse("tournaments:hand_delete", kwargs={"club": "harten-vrouw",
                                                          "pk": hand.pk}),
                {"version": 1, "entry_key": "delete-key-000003"})
    assert not Hand.objects.exists()
    table.refresh_from_db()
    answer = client.post(url("hand_add", table), {**add, "version": table.version},
                         HTTP_ACCEPT_LANGUAGE="nl", **HTMX)
    assert answer.status_code == 200 and answer["X-Entry-Outcome"] == "saved"
    assert not Hand.objects.exists()
    assert Hand.history.filter(change_key="replayed-add-key-01").count() == 1
    table.refresh_from_db()
    assert table.version == 2  # nothing written


def test_a_key_is_used_once_per_table_whatever_the_change(jokeren, scorekeeper_user):
    """The database holds it: a second history row with a key already used at the table is
    refused (the services then answer with the first)."""
    from django.db import IntegrityError, transaction

    from tournaments.entry.services import scores

    table = jokeren
    penalties = {"Ann": 0, "Bob": 4, "Cor": 5, "Dirk": 6}
    scores.hand_add(table=table, by=scorekeeper_user,
                    change=scores.HandChange(data={"penalties": penalties}, expected_version=0,
                                             key="once-per-table-key"))
    first = Hand.history.get(change_key="once-per-table-key")

    def copy_with_key(key):
        fields = {f.attname: getattr(first, f.attname) for f in Hand.history.model._meta.fields
                  if f.attname != "history_id"}
        return Hand.history.create(**{**fields, "change_key": key, "history_type": "-"})

    copy_with_key("another-key-at-this-table")  # a row like it, with a key of its own: stored
    with pytest.raises(IntegrityError), transaction.atomic():
        copy_with_key("once-per-table-key")
