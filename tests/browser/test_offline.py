"""A bad connection loses nothing: hands typed and saved while the phone is offline wait on the
phone (localStorage) and are sent when the connection returns, also after the tab was closed; a
save whose answer is lost after the server stored it is sent again with its key and answered
"Deal 1 saved." (stored once); what is typed survives a reload; a hand the rules refuse comes
back to the form with the rule's message, and the hands typed after it wait for its correction.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand, Table

from .conftest import ARTIFACTS, log_in

pytestmark = pytest.mark.django_db(transaction=True)

WAITING = "Not sent — will be sent as soon as there is a connection again"


def open_table(browsing: Any, url: str, user: Any) -> Any:
    page = browsing.new_page(phone=True)
    page.goto(url)
    log_in(page, user.username)
    expect(page.locator("form.hand-form")).to_be_visible()
    return page


def look(page: Any, name: str) -> None:
    """A screenshot to look at (test-artifacts/). ``caret="initial"``: Playwright's default hides
    the caret with an inline style left behind as ``style=""``, which htmx's settling would then
    copy and the page's policy refuse."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"offline-{name}.png"), full_page=True, caret="initial")


def boxes(page: Any) -> Any:
    return page.locator("form.hand-form input[inputmode=numeric]")


def type_deal(page: Any, deal: dict[str, int], only: int = 4) -> None:
    for i, side in enumerate(("Ann", "Bob", "Cor", "Dirk")[:only]):
        boxes(page).nth(i).fill(str(deal[side]))


def stored(table: Table) -> list[dict[str, Any]]:
    return [h.data["penalties"] for h in Hand.objects.filter(table=table).order_by("number")]


def test_hands_saved_offline_wait_on_the_phone_and_are_sent_when_the_connection_returns(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    with step("half a deal typed survives a reload"):
        type_deal(page, deals[0], only=2)
        expect(boxes(page).nth(0)).to_have_value(str(deals[0]["Ann"]))  # typed, on screen
        page.reload()
        expect(boxes(page).nth(1)).to_have_value(str(deals[0]["Bob"]))
        expect(boxes(page).nth(0)).to_have_value(str(deals[0]["Ann"]))
        expect(boxes(page).nth(2)).to_have_value("")
    with step("two deals saved offline wait, numbered on"):
        page.context.set_offline(True)
        type_deal(page, deals[0])
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (1 waiting).")
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
        expect(boxes(page).nth(0)).to_have_value("")
        type_deal(page, deals[1])
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (2 waiting).")
        expect(page.locator("#offline li")).to_have_count(2)
        expect(page.locator("#entry-h")).to_have_text("Deal 3")
        type_deal(page, deals[2], only=1)  # the third deal, half typed
        assert stored(table) == []
        look(page, "two-waiting")
    with step("the tab is closed; opened again with a connection, both are sent"):
        context = page.context
        page.close()
        context.set_offline(False)
        page = context.new_page()
        page.goto(table_url)
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.")
        expect(page.locator("#offline")).to_contain_text("Deal 2 saved.")
        expect(page.locator("#offline")).not_to_contain_text(WAITING)
        expect(page.locator("#entry-h")).to_have_text("Deal 3")
        expect(boxes(page).nth(0)).to_have_value(str(deals[2]["Ann"]))  # the half-typed one
        assert stored(table) == deals[:2]
        look(page, "sent")


def test_a_save_whose_answer_is_lost_is_sent_again_and_stored_once(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    dropped: list[int] = []

    def drop_the_first_answer(route: Any) -> None:
        if dropped:
            route.continue_()
            return
        response = route.fetch()  # the server stores the hand and answers ...
        dropped.append(response.status)
        route.abort()  # ... but the answer never reaches the phone

    page.route("**/hands/add/", drop_the_first_answer)
    with step("the first answer is lost; the phone sends the same save again"):
        type_deal(page, deals[0])
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 1 saved.").first).to_be_visible()
        assert dropped == [200]
        assert stored(table) == deals[:1]
        expect(page.get_by_text("just changed")).to_have_count(0)
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
    with step("the next deal saves as usual, once"):
        type_deal(page, deals[1])
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 2 saved.")).to_be_visible()
        assert stored(table) == deals[:2]
        expect(page.locator("#offline")).not_to_contain_text(WAITING)


def test_the_form_is_locked_while_its_save_is_under_way_so_nothing_typed_is_lost(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    held: list[tuple[Any, Any]] = []

    def hold_the_answer(route: Any) -> None:
        held.append((route, route.fetch()))  # the server has answered; the phone waits for it

    page.route("**/hands/add/", hold_the_answer)
    wrong = {**deals[0], "Bob": 1}  # no such penalty: the rules engine refuses it
    with step("a refused save on a slow connection: the form waits for its answer"):
        type_deal(page, wrong)
        page.get_by_role("button", name="Save deal").click()
        expect(boxes(page).nth(1)).to_be_disabled()
        expect(page.get_by_role("button", name="Saving…")).to_be_disabled()
        for _ in range(100):  # the route's handler runs while Playwright waits
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1
        expect(boxes(page).nth(1)).to_be_disabled()  # still: no answer yet
        look(page, "saving")
    with step("the answer comes: the rule's message, and the fields can be typed in again"):
        route, response = held.pop()
        route.fulfill(response=response)
        expect(boxes(page).nth(1)).to_be_enabled()
        expect(page.locator("#id-h-penalties-1-err")).to_contain_text("impossible")
        boxes(page).nth(1).fill(str(deals[0]["Bob"]))
        expect(boxes(page).nth(1)).to_have_value(str(deals[0]["Bob"]))
        assert stored(table) == []
    page.unroute("**/hands/add/")
    with step("the corrected deal is saved"):
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
        assert stored(table) == deals[:1]
        expect(boxes(page).nth(1)).to_be_enabled()
    # the live checks on the way did not inherit the lock (htmx would log a selector error)
    assert not [e for e in errors if "returned no matches" in e], errors


def test_a_save_whose_answer_hangs_is_given_up_and_sent_again(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    """A connection that hangs (no answer, no error) does not hold the form or the waiting
    saves for ever: after the form's timeout (20 s; 1 s here) the save is given up, waits, and
    is sent again with its key, by htmx's timeout the first time and by the queue's after."""
    page = open_table(browsing, table_url, scorekeeper_user)
    form = page.locator("form.hand-form")
    assert form.get_attribute("hx-request") == '{"timeout": 20000}'
    page.evaluate("""document.querySelector("form.hand-form")
                     .setAttribute("hx-request", '{"timeout": 1000}')""")
    hung: list[Any] = []

    def hang_twice(route: Any) -> None:
        if len(hung) < 2:
            hung.append(route)  # never answered: the phone waits in vain
            return
        route.continue_()

    page.route("**/hands/add/", hang_twice)
    with step("the first two answers never come; the third attempt is answered"):
        type_deal(page, deals[0])
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 1 saved.").first).to_be_visible(timeout=20_000)
        assert len(hung) == 2
        assert stored(table) == deals[:1]
        expect(page.locator("#offline")).not_to_contain_text(WAITING)
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
        expect(boxes(page).nth(0)).to_be_enabled()


def test_a_save_under_way_when_the_page_is_reloaded_is_sent_by_the_reloaded_page_at_once(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    """The scorekeeper saves and, before the answer, reloads the page (or the phone drops the
    tab). The save was marked as being sent, and a mark like that is left alone for 25 s in
    case another tab is sending it: the reloaded page waited 25 s before sending the deal.
    A page that goes while its save is under way now leaves it waiting, so the next page sends
    it at once (the server stores it once, by its key, should the first one have arrived)."""
    page = open_table(browsing, table_url, scorekeeper_user)
    hung: list[Any] = []
    page.route("**/hands/add/", lambda route: hung.append(route) if not hung
               else route.continue_())
    with step("save; the answer does not come; the page is reloaded"):
        type_deal(page, deals[0])
        page.get_by_role("button", name="Save deal").click()
        page.wait_for_function("() => document.querySelector('form.hand-form')"
                               ".classList.contains('htmx-request')")
        assert len(hung) == 1
        page.reload()
        expect(page.locator("form.hand-form")).to_be_visible()
    with step("the reloaded page sends it within seconds, not after 25"):
        expect(page.get_by_text("Deal 1 saved.").first).to_be_visible(timeout=8_000)
        assert stored(table) == deals[:1]
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
        expect(page.locator("#offline")).not_to_contain_text(WAITING)


def test_what_is_on_screen_when_the_page_is_left_comes_back(
        browsing: Any, table: Table, table_url: str, scorekeeper_user: Any) -> None:
    """Typing keeps the draft as it goes; leaving the page keeps what the form shows then, also
    a value that came without typing (here set by a script, as a phone's autofill may)."""
    page = open_table(browsing, table_url, scorekeeper_user)
    boxes(page).nth(0).fill("10")
    page.evaluate("document.getElementById('id-h-penalties-2').value = '7'")
    page.reload()
    expect(boxes(page).nth(0)).to_have_value("10")
    expect(boxes(page).nth(2)).to_have_value("7")


def test_a_hand_refused_after_the_wait_comes_back_for_correction_before_the_next(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    wrong = {**deals[0], "Bob": 1}  # no such penalty: the rules engine refuses it
    with step("a wrong deal and a good one saved offline"):
        page.context.set_offline(True)
        type_deal(page, wrong)
        page.get_by_role("button", name="Save deal").click()
        type_deal(page, deals[1])
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (2 waiting).")
    with step("online: the wrong one is refused and back in the form, the other waits"):
        page.context.set_offline(False)
        expect(page.locator("#id-h-penalties-1-err")).to_contain_text("impossible")
        expect(page.locator("#offline")).to_contain_text("Deal 1: not saved")
        expect(boxes(page).nth(1)).to_have_value("1")
        expect(page.locator("#offline button", has_text="Discard")).to_have_count(1)
        assert stored(table) == []
        look(page, "refused")
    with step("corrected, it is saved first, then the one typed after it"):
        boxes(page).nth(1).fill(str(deals[0]["Bob"]))
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 2 saved.").first).to_be_visible()
        assert stored(table) == deals[:2]
        expect(page.locator("#entry-h")).to_have_text("Deal 3")



def test_a_change_saved_offline_is_made_once_the_connection_returns(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    type_deal(page, deals[0])
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    # answered at once: nothing is left waiting on the phone
    assert page.evaluate("Object.keys(localStorage).filter(k => k.endsWith(':queue'))") == []
    with step("the change is saved offline and waits"):
        page.get_by_role("link", name="Change deal 1").click()
        expect(page.locator("#entry-h")).to_have_text("Change deal 1")
        page.context.set_offline(True)
        boxes(page).nth(1).fill("44")
        page.get_by_role("button", name="Save change").click()
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (1 waiting).")
        assert stored(table) == deals[:1]
    with step("back online: changed once, and the table page says so"):
        page.context.set_offline(False)
        # the change's outcome at its row, and in the list of saves that had to wait
        expect(page.locator("#match")).to_contain_text("Deal 1 was changed.")
        expect(page.locator("#offline")).to_contain_text("Deal 1 was changed.")
        expect(page).to_have_url(f"{browsing.base_url}{table_url}")
        assert stored(table) == [{**deals[0], "Bob": 44}]
        assert Hand.history.filter(history_type="~").count() == 1
        expect(page.locator("#offline")).not_to_contain_text("waiting")


def test_a_delete_saved_offline_is_made_once_the_connection_returns(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    page.on("dialog", lambda dialog: dialog.accept())  # "Delete deal 1?"
    for deal in deals[:2]:
        type_deal(page, deal)
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#entry-h")).not_to_have_text("Deal 1")
    expect(page.get_by_text("Deal 2 saved.")).to_be_visible()
    with step("the delete is asked, then waits"):
        page.get_by_role("link", name="Change deal 1").click()
        page.context.set_offline(True)
        page.get_by_label("Reason for deleting").fill("wrong table")
        page.get_by_role("button", name="Delete deal 1").click()
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (1 waiting).")
        assert stored(table) == deals[:2]
    with step("back online: deleted once, the later deal moved up"):
        page.context.set_offline(False)
        expect(page.get_by_text("Deal 1 was deleted.")).to_be_visible()
        assert stored(table) == deals[1:2]
        assert Hand.history.filter(history_type="-").count() == 1
        assert Hand.history.get(history_type="-").history_change_reason == "wrong table"


# -- a shared phone: what one login typed is never another's ---------------------------------
def keep_saves_waiting(page: Any) -> None:
    """The connection fails for every save (the phone is online, the saves cannot get out)."""
    page.route("**/hands/add/", lambda route: route.abort())


def kept(page: Any) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('cm-offline:'))")


def a_leaves_a_draft_and_a_waiting_save(page: Any, deals: list[dict[str, int]]) -> None:
    keep_saves_waiting(page)
    type_deal(page, deals[0])
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#offline")).to_contain_text(f"{WAITING} (1 waiting).")
    type_deal(page, deals[1], only=2)  # half of the next deal: a draft
    expect(page.locator("#entry-h")).to_have_text("Deal 2")
    page.wait_for_function("Object.keys(localStorage).some(k => k.includes(':draft:'))")


def b_sees_nothing_of_a(page: Any, table: Table, table_url: str, user: Any) -> None:
    page.goto(table_url)
    log_in(page, user.username)
    expect(page.locator("form.hand-form")).to_be_visible()
    page.evaluate("window.dispatchEvent(new Event('online'))")  # were anything waiting: sent now
    page.wait_for_timeout(1500)
    expect(page.locator("#offline")).to_be_hidden()
    for i in range(4):
        expect(boxes(page).nth(i)).to_have_value("")
    expect(page.locator("#entry-h")).to_have_text("Deal 1")
    assert stored(table) == []  # nothing of A's was sent under B's name


def log_out(page: Any) -> None:
    page.locator("summary", has_text="Menu").click()
    page.get_by_role("button", name="Log out").click()


def test_logging_out_keeps_each_logins_work_for_that_login(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        admin_user: Any, deals: list[dict[str, int]]) -> None:
    """A shared phone: A's waiting save and half-typed deal survive A's log-out, B's log-in and
    B's log-out (which used to wipe them), are never shown to or sent by B, and come back for A.
    The log-out says how many saves are not sent yet and offers to send them."""
    page = open_table(browsing, table_url, scorekeeper_user)
    with step("A types a deal that waits and half of the next one"):
        a_leaves_a_draft_and_a_waiting_save(page, deals)
        assert len(kept(page)) == 2
    with step("A logs out: the page says 1 save is not sent yet, and offers to send it"):
        log_out(page)
        panel = page.locator("#offline .offline-logout")
        expect(panel).to_contain_text("1 save was not sent yet. It stays on this phone for "
                                      "this login only")
        expect(panel.get_by_role("button", name="Send now")).to_be_visible()
        look(page, "logout-asks")
        panel.get_by_role("button", name="Log out anyway").click()
        page.wait_for_url(f"{browsing.base_url}/")
        assert len(kept(page)) == 2  # A's, for A
        page.unroute_all()
    with step("B logs in on the same phone: nothing of A's shows or is sent; B logs out"):
        b_sees_nothing_of_a(page, table, table_url, admin_user)
        log_out(page)
        page.wait_for_url(f"{browsing.base_url}/")
        assert len(kept(page)) == 2  # B's log-out wiped nothing of A's
    with step("A again: the waiting deal is sent, the half deal is back"):
        page.goto(table_url)
        log_in(page, scorekeeper_user.username)
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.")
        assert stored(table) == [deals[0]]
        expect(boxes(page).nth(1)).to_have_value(str(deals[1]["Bob"]))
        expect(page.locator("#entry-h")).to_have_text("Deal 2")


def test_a_save_refused_because_someone_else_logged_in_says_so(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        admin_user: Any, deals: list[dict[str, int]]) -> None:
    """B logs in in another tab while A's deal is typed: A's save is not sent under B's name;
    the page says someone else is logged in, with a button to log in again (it said "will be
    sent as soon as there is a connection", the wrong reason)."""
    page = open_table(browsing, table_url, scorekeeper_user)
    with step("B logs in, in another tab on the same phone (A's login ends there)"):
        other = page.context.new_page()
        other.goto("/")
        log_out(other)
        other.wait_for_url(f"{browsing.base_url}/")
        other.goto("/accounts/login/")
        log_in(other, admin_user.username)
    with step("A saves: not sent; the page says why and offers to log in again"):
        type_deal(page, deals[0])
        page.get_by_role("button", name="Save deal").click()
        box = page.locator("#offline")
        expect(box).to_contain_text("Someone else is logged in on this phone now.")
        expect(box).not_to_contain_text(WAITING)
        expect(box.get_by_role("link", name="Log in again")).to_be_visible()
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
        look(page, "other-login")
        page.wait_for_timeout(1500)
        assert stored(table) == []
    with step("A logs in again: sent, once, under A"):
        box.get_by_role("link", name="Log in again").click()
        log_in(page, scorekeeper_user.username)
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.")
        assert stored(table) == [deals[0]]
        assert Hand.objects.get(table=table).history.get().history_user == scorekeeper_user


def test_another_login_on_the_same_phone_never_sees_or_sends_what_one_typed(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        admin_user: Any, deals: list[dict[str, int]]) -> None:
    """Without a logout (the session ended, the browser's cookies went): A's drafts and waiting
    save stay on the phone under A's login, untouched by B, and come back for A."""
    page = open_table(browsing, table_url, scorekeeper_user)
    with step("A types a deal that waits and half of the next one, and the session ends"):
        a_leaves_a_draft_and_a_waiting_save(page, deals)
        page.unroute("**/hands/add/")
        page.context.clear_cookies(name="sessionid")
    with step("B logs in on the same phone: nothing of A's shows or is sent"):
        b_sees_nothing_of_a(page, table, table_url, admin_user)
        assert len(kept(page)) == 2  # still A's
    with step("A again: the waiting deal is sent, the half deal is back"):
        page.context.clear_cookies(name="sessionid")
        page.goto(table_url)
        log_in(page, scorekeeper_user.username)
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.")
        assert stored(table) == [deals[0]]
        expect(boxes(page).nth(1)).to_have_value(str(deals[1]["Bob"]))


def test_a_session_ended_while_typing_brings_no_login_page_into_the_form(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    """The session ends while a deal is typed (another login on the phone, or it expired): the
    live check and the save are answered with the login page. Nothing of that page comes into
    the form (it once did, and the draft kept at page leave then held the login form's fields
    instead of the deal); the save waits and the page says to log in again, which sends it."""
    page = open_table(browsing, table_url, scorekeeper_user)
    with step("the session ends; the scorekeeper types on: the live check meets the login page"):
        page.context.clear_cookies(name="sessionid")
        with page.expect_response(lambda r: "/accounts/login/" in r.url):
            type_deal(page, deals[0])
        page.wait_for_timeout(300)  # what the answer would swap in has been swapped by now
        expect(page.locator("form.hand-form input[name=username]")).to_have_count(0)
        for i, side in enumerate(("Ann", "Bob", "Cor", "Dirk")):
            expect(boxes(page).nth(i)).to_have_value(str(deals[0][side]))
    with step("the save waits, and the page says to log in again"):
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator("#offline")).to_contain_text("You are logged out")
        expect(page.locator("#match input[name=username]")).to_have_count(0)
        assert stored(table) == []
        look(page, "logged-out")
    with step("logging in again sends the waiting deal, once"):
        page.locator("#offline").get_by_role("link", name="Log in").click()
        log_in(page, scorekeeper_user.username)
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.")
        assert stored(table) == [deals[0]]
        expect(page.locator("#offline")).not_to_contain_text("You are logged out")
