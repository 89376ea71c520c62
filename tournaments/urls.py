"""URLs under /clubs/<slug:club>/competitions/; each area keeps its own list."""

from .views import (
    calloffs,
    competitions,
    door,
    draws,
    evenings,
    exports,
    money,
    my_results,
    pairs,
    scores,
    season_import,
    share,
    standings,
    table_codes,
)

app_name = "tournaments"

urlpatterns = [
    *competitions.urlpatterns,
    *pairs.urlpatterns,
    *evenings.urlpatterns,
    *draws.urlpatterns,
    *scores.urlpatterns,
    *standings.urlpatterns,
    *exports.urlpatterns,
    *my_results.urlpatterns,
    *calloffs.urlpatterns,
    *season_import.urlpatterns,
    *table_codes.admin_urlpatterns,
    *door.urlpatterns,
    *money.urlpatterns,
    *share.urlpatterns,
]
