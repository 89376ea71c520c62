from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from tournaments.competitions.views import club_settings
from tournaments.privacy import views as privacy

from . import login_views, pwa, views

# Pages of one club: /clubs/<slug:club>/... (every one goes through access.club_view).
club_patterns = [
    path("", views.club_home, name="club_home"),
    path("members/", views.member_list, name="member_list"),
    path("members/add/", views.member_add, name="member_add"),
    path("members/import/", views.member_import, name="member_import"),
    path("members/import/confirm/", views.member_import_confirm, name="member_import_confirm"),
    path("members/<id:pk>/", views.member_edit, name="member_edit"),
    path("members/<id:pk>/deactivate/", views.member_deactivate, name="member_deactivate"),
    path("members/<id:pk>/activate/", views.member_activate, name="member_activate"),
    path("members/<id:pk>/delete/", views.member_delete, name="member_delete"),
    # Privacy (issue 26, docs/privacy.md): a member's own data, the same for a club admin, and
    # removing a member who left.
    path("me/", privacy.my_data, name="my_data"),
    path("me/data.json", privacy.my_data_json, name="my_data_json"),
    path("me/data.pdf", privacy.my_data_pdf, name="my_data_pdf"),
    path("members/<id:pk>/data.json", privacy.member_data_json, name="member_data_json"),
    path("members/<id:pk>/data.pdf", privacy.member_data_pdf, name="member_data_pdf"),
    path("members/<id:pk>/remove/", privacy.member_remove, name="member_remove"),
    # Club settings (issue 26, docs/secretary-guide.md "Clubinstellingen"): the club, its logo
    # and the defaults for new competitions; the logo by its digest, for the pages and the TV.
    path("settings/", club_settings.club_settings, name="club_settings"),
    path("settings/logo/", club_settings.club_logo_upload, name="club_logo_upload"),
    path("settings/logo/remove/", club_settings.club_logo_remove, name="club_logo_remove"),
    path("settings/defaults/", club_settings.club_defaults_save, name="club_defaults_save"),
    path("logo/<slug:version>.png", club_settings.club_logo, name="club_logo"),
    path("roles/", views.role_list, name="role_list"),
    path("roles/<id:user_id>/", views.role_change, name="role_change"),
    path("roles/<id:user_id>/remove/", views.role_remove, name="role_remove"),
]

urlpatterns = [
    path("", views.home, name="home"),
    # The table page on the home screen and without Wi-Fi (clubmanager/pwa.py).
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    # The texts of the score page's offline client (static/js/offline/), in the djangojs domain.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("accounts/login/", login_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", login_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # Forgotten password: a link by email to the login's address (Django's own views; the
    # first answers at once and mails after the answer, views.PasswordResetView).
    path("accounts/password/reset/", views.PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/",
         auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    # A superuser starts a club (its first club admin gets a link by mail; manage.py club_create
    # does the same from the command line). Not under clubs/: a club may be called "new".
    path("site/clubs/new/", views.club_add, name="club_add"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("clubs/<slug:club>/", include((club_patterns, "clubmanager"))),
    path("clubs/<slug:club>/competitions/", include("tournaments.urls")),
    # A table's code (its QR): that table's score entry without a login.
    path("t/", include("tournaments.entry.table_code_urls")),
    # An evening's door code (its QR at the door): members check themselves in, nothing else.
    path("deur/", include("tournaments.evenings.door_urls")),
    # An evening's share link: its results, read-only, names as visitors see them.
    path("uitslag/", include("tournaments.standings.share_urls")),
]
