"""Logging in and out. A login switches on a shared phone when asked ("Log in again" on a score
page); a log-out keeps what each login typed on the phone for that login and forgets the table
pages kept for it (docs/privacy.md "A shared phone")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseBase

from .. import selectors


class LoginView(auth_views.LoginView):
    """Django's login; without a ``next`` page, someone with one club lands on that club's
    page (tonight's table one tap away) instead of a list of one."""

    redirect_authenticated_user = True

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        # "Log in again" on a score page whose saves wait for another login than the one now on
        # this phone (static/js/offline/): the form, to switch logins, instead of going on.
        if request.GET.get("switch") or request.POST.get("switch"):
            self.redirect_authenticated_user = False
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["switching"] = not self.redirect_authenticated_user
        return context

    def get_default_redirect_url(self) -> str:
        clubs = selectors.clubs_for_user(self.request.user)
        if len(clubs) == 1:
            return clubs[0][0].get_absolute_url()
        return super().get_default_redirect_url()


#: Set by the logout, read once by ``static/js/site.js``: forget the logins' table pages the
#: service worker kept on this phone (also when the logout went without site.js's help).
LOGGED_OUT_COOKIE = "cm-logged-out"


class LogoutView(auth_views.LogoutView):
    """Django's logout. What the score pages keep on the phone for a login (half-typed deals and
    saves waiting for a connection, ``static/js/offline.js``) stays, for that login only: no
    other login sees, sends or wipes it, and it goes after 14 days. The kept table pages go:
    the ``cm-who`` cookie goes with the session (``clubmanager.core.pwa.WhoMiddleware``), so the
    service worker no longer serves them, and site.js deletes them on the next page (this
    cookie). docs/privacy.md ("A shared phone")."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response.set_cookie(LOGGED_OUT_COOKIE, "1", max_age=600, samesite="Lax")
        return response
