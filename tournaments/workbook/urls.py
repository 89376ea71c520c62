"""The season workbook, the PDF downloads and the season import.

Their URLs under /clubs/<slug:club>/competitions/, gathered by ``tournaments/urls.py``.
"""

from .views import exports, season_import

urlpatterns = [
    *exports.urlpatterns,
    *season_import.urlpatterns,
]
