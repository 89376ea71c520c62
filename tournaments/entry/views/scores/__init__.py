"""Views: score entry at the table, corrections, confirmation, history and the evening board.

One module per page a person can hold: the page and its live check (``page``), what the page
shows (``context``), saving, deleting and confirming (``save``), the table's history
(``history``) and the evening's board (``board``). Thin: read, ask, call a service, render.
With htmx the save swaps the match region (``#match``) and the live check the form fields
(``#hand-fields``); without JavaScript every form posts normally and redirects.

Each view serves both ways in, a login and a table code (no login): ``entry_urls`` and
``table_code_urls`` list the same functions (``views.access.entry_view``), and who is entering,
what they may do and the URLs they post to come from ``request.entrant`` (``views.entrant``). How a
save goes: docs/architecture.md ("One write path for every save"); what a scorekeeper sees:
docs/scorekeeper-guide.md.
"""

from django.urls import URLPattern, path

from tournaments.entry.views.scores.board import evening_status_board
from tournaments.entry.views.scores.history import table_history
from tournaments.entry.views.scores.page import hand_check, table_scores
from tournaments.entry.views.scores.save import (
    hand_add,
    hand_delete,
    hand_edit,
    table_confirm,
    table_unconfirm,
)

__all__ = [
    "code_urlpatterns",
    "evening_status_board",
    "hand_add",
    "hand_check",
    "hand_delete",
    "hand_edit",
    "table_confirm",
    "table_history",
    "table_scores",
    "table_unconfirm",
    "urlpatterns",
]

urlpatterns: list[URLPattern] = [
    path("tables/<id:pk>/", table_scores, name="table_scores"),
    path("tables/<id:pk>/check/", hand_check, name="hand_check"),
    path("tables/<id:pk>/hands/add/", hand_add, name="hand_add"),
    path("tables/<id:pk>/confirm/", table_confirm, name="table_confirm"),
    path("tables/<id:pk>/unconfirm/", table_unconfirm, name="table_unconfirm"),
    path("tables/<id:pk>/history/", table_history, name="table_history"),
    path("hands/<id:pk>/edit/", hand_edit, name="hand_edit"),
    path("hands/<id:pk>/delete/", hand_delete, name="hand_delete"),
    path("evenings/<id:pk>/board/", evening_status_board, name="evening_status_board"),
]

#: The same views through a table code (``/t/<code>/…``, ``entry/table_code_urls.py``): the
#: same names; no history, unconfirm or board (a code is no admin, and sees its table only).
code_urlpatterns: list[URLPattern] = [
    path("<str:code>/", table_scores, name="table_scores"),
    path("<str:code>/check/", hand_check, name="hand_check"),
    path("<str:code>/hands/add/", hand_add, name="hand_add"),
    path("<str:code>/hands/<id:pk>/edit/", hand_edit, name="hand_edit"),
    path("<str:code>/hands/<id:pk>/delete/", hand_delete, name="hand_delete"),
    path("<str:code>/confirm/", table_confirm, name="table_confirm"),
]
