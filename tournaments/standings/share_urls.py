"""URLs of an evening's share link: ``/uitslag/<code>/``, its results for anyone with the link.

Included by the project's URLs (``clubmanager/project/urls.py``);
the view is ``standings/views/share.py``.
The code opens that one evening's results, read-only, names as a visitor sees them, and the
club's logo on that page.
"""

from django.urls import path

from tournaments.standings.views import share as views

app_name = "share"

urlpatterns = [
    path("<str:code>/", views.shared_results, name="results"),
    # The club's logo on that page, for whoever holds the link (the club's pages may be closed).
    path("<str:code>/logo/<slug:version>.png", views.shared_logo, name="logo"),
]
