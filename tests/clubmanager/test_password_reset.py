"""Forgot your password: a link by email, a new password, a login with it (Django's own views,
our templates, in Dutch by default)."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(make_user, club):
    return make_user("ann", club=club, role="member", email="ann@example.nl")


def logs_in(username: str, password: str) -> bool:
    """Through the login form, as a person would (django-axes wants a request)."""
    response = Client().post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def ask_for_link(client: Client, email: str):
    return client.post(reverse("password_reset"), {"email": email}, follow=True)


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
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body)[1]

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
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)[1]
    form_page = client.get(link, follow=True)
    response = client.post(form_page.redirect_chain[-1][0],
                           {"new_password1": "12345678", "new_password2": "12345678"})
    assert response.status_code == 200
    assert "te algemeen" in response.content.decode()
    assert not logs_in("ann", "12345678")


def test_email_goes_over_smtp_when_the_environment_names_a_host() -> None:
    from tests.clubmanager.test_settings import setting

    assert setting("EMAIL_BACKEND") == "django.core.mail.backends.console.EmailBackend"
    assert setting("EMAIL_BACKEND", DJANGO_EMAIL_HOST="smtp.example.nl") == (
        "django.core.mail.backends.smtp.EmailBackend")
    assert setting("EMAIL_PORT", DJANGO_EMAIL_HOST="smtp.example.nl",
                   DJANGO_EMAIL_PORT="2525") == "2525"
