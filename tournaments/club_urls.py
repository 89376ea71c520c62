"""One club's settings and privacy pages: ``/clubs/<slug:club>/...``, in the namespace
"clubmanager".

Included by the project's URLs (``clubmanager/project/urls.py``) next to
``clubmanager/club_urls.py``; the views are ``privacy/views.py`` and
``competitions/views/club_settings.py``.
"""

from django.urls import path

from .competitions.views import club_settings
from .privacy import views as privacy

urlpatterns = [
    # Privacy (docs/privacy.md): a member's own data, the same for a club admin, and removing a
    # member who left.
    path("me/", privacy.my_data, name="my_data"),
    path("me/data.json", privacy.my_data_json, name="my_data_json"),
    path("me/data.pdf", privacy.my_data_pdf, name="my_data_pdf"),
    path("members/<id:pk>/data.json", privacy.member_data_json, name="member_data_json"),
    path("members/<id:pk>/data.pdf", privacy.member_data_pdf, name="member_data_pdf"),
    path("members/<id:pk>/remove/", privacy.member_remove, name="member_remove"),
    # Club settings (docs/secretary-guide.md "Clubinstellingen"): the club, its logo and the
    # defaults for new competitions; the logo by its digest, for the pages and the TV.
    path("settings/", club_settings.club_settings, name="club_settings"),
    path("settings/logo/", club_settings.club_logo_upload, name="club_logo_upload"),
    path("settings/logo/remove/", club_settings.club_logo_remove, name="club_logo_remove"),
    path("settings/defaults/", club_settings.club_defaults_save, name="club_defaults_save"),
    path("logo/<slug:version>.png", club_settings.club_logo, name="club_logo"),
]
