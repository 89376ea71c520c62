"""URLs of a table code (its QR): ``/t/<code>/…``, the table's score pages without a login.

The project's URLs include this module (``clubmanager/project/urls.py``), so they import no view of
this app. The views are the login's own score views (``entry/views/scores/``, the same names,
namespace ``table_code``); how a code gets in is ``entry/views/table_codes.py``;
docs/security.md says what a code opens.
"""

from tournaments.entry.views import scores

app_name = "table_code"

urlpatterns = scores.code_urlpatterns
