"""Views: the club's member imports and undoing one, asked first on a page
of its own (no JavaScript needed)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest

from .import_undo import member_import_undo, member_import_undoable
from .models import MemberImport, Role


@club_view(Role.ADMIN)
def member_imports(request: ClubRequest) -> HttpResponse:
    batches = list(MemberImport.objects.filter(club=request.club)
                   .select_related("created_by", "undone_by")[:20])
    return render(request, "clubmanager/member_imports.html", {
        "batches": [(b, member_import_undoable(batch=b)) for b in batches]})


@club_view(Role.ADMIN)
def member_import_undo_page(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    batch = get_object_or_404(MemberImport, pk=pk, club=club)
    if request.method == "POST":
        try:
            count = member_import_undo(club=club, batch=batch, by=request.user)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(request, _("The import has been undone: %(count)s members "
                                        "deleted.") % {"count": count})
        return redirect("clubmanager:member_imports", club=club.slug)
    return render(request, "clubmanager/member_import_undo.html", {
        "batch": batch, "undoable": member_import_undoable(batch=batch),
        "members": batch.members.order_by("name")})


urlpatterns: list[URLPattern] = [
    path("members/imports/", member_imports, name="member_imports"),
    path("members/imports/<id:pk>/undo/", member_import_undo_page, name="member_import_undo"),
]
