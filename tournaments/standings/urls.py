"""Standings, evening results, the TV, my results and sharing.

Their URLs under /clubs/<slug:club>/competitions/, gathered by ``tournaments/urls.py``.
"""

from .views import live, my_results, pdfs, share, standings

urlpatterns = [
    *standings.urlpatterns,
    *live.urlpatterns,
    *my_results.urlpatterns,
    *share.urlpatterns,
    *pdfs.urlpatterns,
]
