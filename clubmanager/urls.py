"""The clubs app's pages outside one club: the home page, the forgotten password, a new club.

Included at the root by the project's URLs (``clubmanager/project/urls.py``); one club's pages
are in ``club_urls.py``.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
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
]
