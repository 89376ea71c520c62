"""URLs of a table code (its QR): ``/t/<code>/…``, the table's score pages without a login.

The project's URLs include this module (``clubmanager/project/urls.py``), so they import no view of
this app; the names mirror the score pages' (namespace ``table_code``). The views and what a
code may do are in ``entry/views/table_codes.py``; docs/security.md says what a code opens.
"""

from django.urls import path

from tournaments.entry.views import table_codes as views

app_name = "table_code"

urlpatterns = [
    path("<str:code>/", views.table_scores, name="table_scores"),
    path("<str:code>/check/", views.hand_check, name="hand_check"),
    path("<str:code>/hands/add/", views.hand_add, name="hand_add"),
    path("<str:code>/hands/<id:pk>/edit/", views.hand_edit, name="hand_edit"),
    path("<str:code>/hands/<id:pk>/delete/", views.hand_delete, name="hand_delete"),
    path("<str:code>/confirm/", views.table_confirm, name="table_confirm"),
]
