from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import views

# Pages of one club: /clubs/<slug:club>/... (every one goes through access.club_view).
club_patterns = [
    path("", views.club_home, name="club_home"),
    path("members/", views.member_list, name="member_list"),
    path("members/add/", views.member_add, name="member_add"),
    path("members/import/", views.member_import, name="member_import"),
    path("members/import/confirm/", views.member_import_confirm, name="member_import_confirm"),
    path("members/<int:pk>/", views.member_edit, name="member_edit"),
    path("members/<int:pk>/deactivate/", views.member_deactivate, name="member_deactivate"),
    path("members/<int:pk>/activate/", views.member_activate, name="member_activate"),
    path("members/<int:pk>/delete/", views.member_delete, name="member_delete"),
    path("roles/", views.role_list, name="role_list"),
    path("roles/<int:user_id>/", views.role_change, name="role_change"),
    path("roles/<int:user_id>/remove/", views.role_remove, name="role_remove"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("clubs/<slug:club>/", include((club_patterns, "clubmanager"))),
    path("clubs/<slug:club>/competitions/", include("tournaments.urls")),
]
