"""URLs under /clubs/<slug:club>/competitions/: each feature keeps its own list.

The names stay in one namespace, ``tournaments``; the code-based pages (``/t/``, ``/deur/``,
``/uitslag/``) are included by the project's URLs from their features.
"""

from .competitions import urls as competitions
from .entry import urls as entry
from .evenings import urls as evenings
from .standings import urls as standings
from .workbook import urls as workbook

app_name = "tournaments"

urlpatterns = [
    *competitions.urlpatterns,
    *evenings.urlpatterns,
    *entry.urlpatterns,
    *standings.urlpatterns,
    *workbook.urlpatterns,
]
