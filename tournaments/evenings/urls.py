"""An evening: planning, check-in, the draw pages, call-offs, the door and the money.

Their URLs under /clubs/<slug:club>/competitions/, gathered by ``tournaments/urls.py``.
"""

from .views import calloffs, door, draws, evenings, money, planning

urlpatterns = [
    *evenings.urlpatterns,
    *draws.urlpatterns,
    *calloffs.urlpatterns,
    *door.urlpatterns,
    *money.urlpatterns,
    *planning.urlpatterns,
]
