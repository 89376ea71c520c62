"""One club's members and roles: ``/clubs/<slug:club>/...``, in the namespace "clubmanager".

Included by the project's URLs (``clubmanager/project/urls.py``), next to
``tournaments/club_urls.py`` (the club's settings and privacy pages, in the same namespace).
Every view goes through ``access.club_view``.
"""

from django.urls import path

from . import import_undo_views, views

urlpatterns = [
    path("", views.club_home, name="club_home"),
    path("members/", views.member_list, name="member_list"),
    path("members/add/", views.member_add, name="member_add"),
    path("members/import/", views.member_import, name="member_import"),
    path("members/import/confirm/", views.member_import_confirm, name="member_import_confirm"),
    path("members/<id:pk>/", views.member_edit, name="member_edit"),
    path("members/<id:pk>/deactivate/", views.member_deactivate, name="member_deactivate"),
    path("members/<id:pk>/activate/", views.member_activate, name="member_activate"),
    path("members/<id:pk>/delete/", views.member_delete, name="member_delete"),
    path("roles/", views.role_list, name="role_list"),
    path("roles/<id:user_id>/", views.role_change, name="role_change"),
    path("roles/<id:user_id>/remove/", views.role_remove, name="role_remove"),
    *import_undo_views.urlpatterns,
]
