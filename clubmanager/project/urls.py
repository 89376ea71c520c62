"""The site's URLs: each part's own URL module, included by its dotted name.

This module imports no view of ours (tests/test_layers.py checks it): the pages live with their
code, in ``clubmanager/urls.py`` (the clubs app), ``clubmanager/core/urls.py`` (the site-wide
plumbing) and the URL modules of ``tournaments/``. Only Django's own views are named here.
"""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

urlpatterns = [
    # The home page, the forgotten password and a new club (the clubs app).
    path("", include("clubmanager.urls")),
    # The service worker, the web app manifest, logging in and out (the site-wide plumbing).
    path("", include("clubmanager.core.urls")),
    # The texts of the score page's offline client (static/js/offline/), in the djangojs domain.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Pages of one club: /clubs/<slug:club>/... (every one goes through access.club_view), all
    # under the one namespace "clubmanager": the members and roles, and the club's settings and
    # privacy pages (their views are in tournaments/).
    path("clubs/<slug:club>/", include(([
        path("", include("clubmanager.club_urls")),
        path("", include("tournaments.club_urls")),
    ], "clubmanager"))),
    path("clubs/<slug:club>/competitions/", include("tournaments.urls")),
    # A table's code (its QR): that table's score entry without a login.
    path("t/", include("tournaments.entry.table_code_urls")),
    # An evening's door code (its QR at the door): members check themselves in, nothing else.
    path("deur/", include("tournaments.evenings.door_urls")),
    # An evening's share link: its results, read-only, names as visitors see them.
    path("uitslag/", include("tournaments.standings.share_urls")),
]
