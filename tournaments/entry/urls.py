"""Score entry at the table, logged in (the table-code pages: ``table_code_urls``).

Their URLs under /clubs/<slug:club>/competitions/, gathered by ``tournaments/urls.py``.
"""

from .views import scores, sheets, table_codes

urlpatterns = [
    *scores.urlpatterns,
    *table_codes.admin_urlpatterns,
    *sheets.urlpatterns,
]
