"""The site's URLs plus a bare view, for the score-entry benchmark only (never in production)."""

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from clubmanager.urls import urlpatterns as site_patterns


def bare_insert(request: HttpRequest, pk: int) -> HttpResponse:
    """One INSERT and a tiny response: the floor for a logged-in POST through the same
    middleware (it reads the session's user, as every club page must)."""
    if not request.user.is_authenticated:
        return HttpResponse(status=403)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO tournaments_participant (evening_id, member_id, guest_name, arrived) "
            "VALUES (%s, NULL, %s, CURRENT_TIMESTAMP)",
            [pk, request.POST.get("name", "x")],
        )
    return HttpResponse("ok")


urlpatterns = [path("bench/bare/<id:pk>/", bare_insert, name="bench_bare"), *site_patterns]
