"""Forgot your password: a link by email, a new password, a login with it (Django's own views,
our templates, in Dutch by default)."""

import re
import time

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client
from django.urls import reverse

from clubmanager.core.mail import wait_for_mail

pytestmark = pytest.mark.django_db

SITE = "https://club.example.nl:8443"
LINK = re.compile(re.escape(SITE) + r"(/accounts/password/reset/\S+/)")


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = SITE


class SlowBackend(EmailBackend):
    """A mail server that takes two seconds per mail."""

    def send_messages(self, messages):
        time.sleep(2)
        return super().send_messages(messages)


@pytest.fixture
def ann(make_user, club):
    return make_user("ann", club=club, role="member", email="ann@example.nl")


def logs_in(username: str, password: str) -> bool:
    """Through the login form, as a person would (django-axes wants a request)."""
    response = Client().post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def ask_for_link(client: Client, email: str):
    response = client.post(reverse("password_reset"), {"email": email}, follow=True)
    wait_for_mail()
    return response


def test_login_page_offers_the_forgotten_password_link(client: Client) -> None:
    page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in page
    assert "Wachtwoord vergeten?" in page


def test_a_mailed_link_sets_a_new_password(client: Client, ann) -> None:
    response = ask_for_link(client, "ANN@example.nl")
    assert "Kijk in je e-mail" in response.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ann@example.nl"]
    assert message.subject == "Een nieuw wachtwoord voor de clubsite"
    assert "Hallo ann," in message.body
    link = LINK.search(message.body)[1]  # on the site's own address, not the request's

    form_page = client.get(link, follow=True)  # Django moves the token out of the URL first
    assert "Kies een nieuw wachtwoord" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0], {
        "new_password1": "harten-vrouw-2027", "new_password2": "harten-vrouw-2027",
    }, follow=True)
    assert "Je nieuwe wachtwoord is opgeslagen" in done.content.decode()

    assert logs_in("ann", "harten-vrouw-2027")
    again = client.get(link, follow=True).content.decode()
    assert "Deze link werkt niet meer" in again  # a link works once


def test_an_unknown_address_sends_nothing_and_reveals_nothing(client: Client, ann) -> None:
    known = ask_for_link(client, "ann@example.nl").content.decode()
    unknown = ask_for_link(client, "nobody@example.nl").content.decode()
    assert len(mail.outbox) == 1
    strip = re.compile(r"[A-Za-z0-9]{64}")  # the CSRF tokens (form field, htmx header)
    assert strip.sub("", known) == strip.sub("", unknown)


def test_a_weak_new_password_is_refused_with_a_message(client: Client, ann) -> None:
    ask_for_link(client, "ann@example.nl")
    link = LINK.search(mail.outbox[0].body)[1]
    form_page = client.get(link, follow=True)
    response = client.post(form_page.redirect_chain[-1][0],
                           {"new_password1": "12345678", "new_password2": "12345678"})
    assert response.status_code == 200
    assert "te algemeen" in response.content.decode()
    assert not logs_in("ann", "12345678")


def test_email_goes_over_smtp_when_the_environment_names_a_host() -> None:
    from tests.clubmanager.project.test_settings import setting

    assert setting("EMAIL_BACKEND") == "django.core.mail.backends.console.EmailBackend"
    assert setting("EMAIL_BACKEND", DJANGO_EMAIL_HOST="smtp.example.nl") == (
        "django.core.mail.backends.smtp.EmailBackend")
    assert setting("EMAIL_PORT", DJANGO_EMAIL_HOST="smtp.example.nl",
                   DJANGO_EMAIL_PORT="2525") == "2525"


def test_reset_answers_at_once_for_known_and_unknown_addresses_and_mails_after(
        client: Client, ann, settings) -> None:
    """With a slow mail server, a known address took seconds and an unknown
    one milliseconds. Now both answer at once; the mail is sent after the answer."""
    settings.EMAIL_BACKEND = "tests.clubmanager.test_password_reset.SlowBackend"
    took = {}
    for address in ("ann@example.nl", "nobody@example.nl"):
        start = time.monotonic()
        response = client.post(reverse("password_reset"), {"email": address})
        took[address] = time.monotonic() - start
        assert response.status_code == 302
    assert max(took.values()) < 1.0, took  # the mail server takes 2 s
    assert mail.outbox == []  # not yet: on its way
    wait_for_mail()
    assert [m.to for m in mail.outbox] == [["ann@example.nl"]]


def test_the_link_uses_the_configured_origin_not_the_host_header(client: Client, ann) -> None:
    client.post(reverse("password_reset"), {"email": "ann@example.nl"},
                HTTP_HOST="testserver:6666")
    wait_for_mail()
    body = mail.outbox[0].body
    assert LINK.search(body) and "6666" not in body and "testserver" not in body


def test_email_timeout_is_set_and_configurable() -> None:
    from tests.clubmanager.project.test_settings import setting

    assert setting("EMAIL_TIMEOUT") == "10"
    assert setting("EMAIL_TIMEOUT", DJANGO_EMAIL_TIMEOUT="3") == "3"
    assert setting("SITE_URL", DJANGO_SITE_URL="https://club.example.nl/") == (
        "https://club.example.nl")
    assert setting("SITE_URL", DJANGO_DEBUG="0", DJANGO_SECRET_KEY="k" * 50,
                   DJANGO_ALLOWED_HOSTS="club.example.nl,www.club.example.nl",
                   DJANGO_HTTPS="1") == "https://club.example.nl"
