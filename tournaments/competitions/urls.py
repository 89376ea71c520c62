"""Competitions, their rules and the fixed pairs.

Their URLs under /clubs/<slug:club>/competitions/, gathered by ``tournaments/urls.py``.
"""

from .views import competitions, pairs, undo

urlpatterns = [
    *competitions.urlpatterns,
    *pairs.urlpatterns,
    *undo.urlpatterns,
]
