"""Pages for clubs, members, roles and the member import. Thin: parse, call, render."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import EmailMessage
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import member_preview, member_sheet, selectors, services
from .core.access import club_view
from .core.http import ClubRequest
from .core.mail import send_later
from .core.spreadsheet import ImportFileError
from .forms import (
    ClubCreateForm,
    MemberForm,
    MemberImportForm,
    MemberSearchForm,
    PasswordResetLaterForm,
    RoleChangeForm,
    RoleGrantForm,
)
from .models import Member, Role
from .services import preview_key, preview_store, preview_take

MEMBERS_PER_PAGE = 50


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request, "clubmanager/home.html", {"clubs": selectors.clubs_for_user(request.user)}
    )


class PasswordResetView(auth_views.PasswordResetView):
    """Django's "forgot your password", answering at once: the same answer, in the same time,
    for a known and an unknown address. The mail is rendered and sent after the answer
    (``clubmanager.core.mail``), so a slow mail server neither holds the worker nor tells which
    addresses have a login; its link is on the site's own address (``settings.SITE_URL``),
    never on the Host header of the request."""

    form_class = PasswordResetLaterForm

    def form_valid(self, form: PasswordResetLaterForm) -> HttpResponse:  # type: ignore[override]
        origin = urlsplit(settings.SITE_URL)
        form.save(
            domain_override=origin.netloc, use_https=origin.scheme == "https",
            token_generator=self.token_generator, from_email=self.from_email,
            email_template_name=self.email_template_name,
            subject_template_name=self.subject_template_name, request=self.request,
            html_email_template_name=self.html_email_template_name,
            extra_email_context=dict(self.extra_email_context or {}),
        )
        if form.outgoing:
            send_later(form.messages, language=get_language())
        return HttpResponseRedirect(self.get_success_url())
def _welcome_mail(started: services.ClubStarted) -> list[EmailMessage]:
    club, admin = started.club, started.admin
    subject = _("Your club %(club)s on the club scores site") % {"club": club.name}
    body = _(
        "Hello %(name)s,\n\nThe club %(club)s has been created with you as its club admin; "
        "your login is %(login)s.\nSet your password with this link (it works once):\n\n"
        "%(link)s\n\nThen log in, import your members and start your first competition.\n"
    ) % {"name": admin.get_full_name() or admin.get_username(), "club": club.name,
         "login": admin.get_username(), "link": started.link}
    return [EmailMessage(subject, body, None, [admin.email])]


def club_add(request: HttpRequest) -> HttpResponse:
    """A superuser starts a club for someone: the club, its first club admin, and a mail with
    the one-time link to set a password, sent after the answer (``clubmanager.core.mail``)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.is_superuser:
        raise PermissionDenied
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            started = services.club_create(**form.cleaned_data)
        except ValidationError as exc:
            _add_errors(form, exc)
        else:
            send_later(lambda: _welcome_mail(started), language=started.club.language)
            messages.success(request, _(
                "Club %(club)s created; %(email)s gets a link to set the password.")
                % {"club": started.club.name, "email": started.admin.email})
            return redirect(started.club.get_absolute_url())
    return render(request, "clubmanager/club_add.html", {"form": form})


def _add_errors(form: ClubCreateForm, exc: ValidationError) -> None:
    errors = getattr(exc, "error_dict", None) or {None: exc.error_list}
    for field, field_errors in errors.items():
        for error in field_errors:
            form.add_error(field if field in form.fields else None, error)


@club_view(Role.MEMBER)
def club_home(request: ClubRequest) -> HttpResponse:
    counts = selectors.member_counts(club=request.club)
    return render(request, "clubmanager/club_home.html", {"counts": counts})


# --- Members -------------------------------------------------------------------------------


@club_view(Role.SCOREKEEPER)
def member_list(request: ClubRequest) -> HttpResponse:
    form = MemberSearchForm(request.GET or None)
    query, status = "", "active"
    if form.is_valid():
        query = form.cleaned_data["q"]
        status = form.cleaned_data["status"] or "active"
    members = selectors.member_search(club=request.club, query=query, status=status)
    page = Paginator(members, MEMBERS_PER_PAGE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "query": query, "status": status}
    template = "clubmanager/member_list.html"
    if request.htmx and request.htmx.target == "member-results":
        template += "#results"
    return render(request, template, context)


def _member_form_page(
    request: ClubRequest, form: MemberForm, member: Member | None
) -> HttpResponse:
    return render(request, "clubmanager/member_form.html", {"form": form, "member": member})


@club_view(Role.ADMIN)
def member_add(request: ClubRequest) -> HttpResponse:
    club = request.club
    form = MemberForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            member = services.member_create(club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("%(name)s has been added.") % {"name": member.name})
            return redirect("clubmanager:member_list", club=club.slug)
    return _member_form_page(request, form, None)


@club_view(Role.ADMIN)
def member_edit(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    member = get_object_or_404(Member, pk=pk, club=club)
    form = MemberForm(request.POST or None, club=club, member=member)
    if request.method == "POST" and form.is_valid():
        try:
            services.member_update(member=member, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("%(name)s has been saved.") % {"name": member.name})
            return redirect("clubmanager:member_list", club=club.slug)
    return _member_form_page(request, form, member)


@club_view(Role.ADMIN)
@require_POST
def member_deactivate(request: ClubRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk, club=request.club)
    try:
        services.member_deactivate(member=member)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            _("%(name)s is now inactive. Their results are kept.") % {"name": member.name},
        )
    return redirect("clubmanager:member_edit", club=member.club.slug, pk=member.pk)


@club_view(Role.ADMIN)
@require_POST
def member_activate(request: ClubRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk, club=request.club)
    try:
        services.member_activate(member=member)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("%(name)s is active again.") % {"name": member.name})
    return redirect("clubmanager:member_edit", club=member.club.slug, pk=member.pk)


@club_view(Role.ADMIN)
def member_delete(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    member = get_object_or_404(Member, pk=pk, club=club)
    if request.method == "POST":
        try:
            services.member_delete(member=member)
        except services.MemberHasResults:
            messages.error(
                request,
                _("%(name)s has results and cannot be deleted. Make the member inactive instead.")
                % {"name": member.name},
            )
            return redirect("clubmanager:member_edit", club=club.slug, pk=member.pk)
        messages.success(request, _("%(name)s has been deleted.") % {"name": member.name})
        return redirect("clubmanager:member_list", club=club.slug)
    return render(request, "clubmanager/member_delete.html", {"member": member})


# --- Member import -------------------------------------------------------------------------


@club_view(Role.ADMIN)
def member_import(request: ClubRequest) -> HttpResponse:
    """Upload a sheet and see the preview. Nothing is written here."""
    club = request.club
    form = MemberImportForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            sheet = member_sheet.parse_members(upload.read(), upload.name)
        except ImportFileError as exc:
            form.add_error("file", str(exc))
        else:
            preview = member_preview.classify(sheet.rows, selectors.members_by_number(club=club))
            token = preview_store(
                request.session,
                preview_key("members", club.pk),
                {"filename": upload.name, "rows": [row.to_dict() for row in sheet.rows]},
            )
            context.update(_preview_context(preview))
            context.update(
                {"token": token, "filename": upload.name, "ignored": sheet.ignored_headers}
            )
            return render(request, "clubmanager/member_import_preview.html", context)
    return render(request, "clubmanager/member_import.html", context)


def _preview_context(preview: list[member_preview.PreviewRow]) -> dict[str, object]:
    totals = {
        status: 0
        for status in (
            member_preview.NEW,
            member_preview.UPDATED,
            member_preview.UNCHANGED,
            member_preview.ERROR,
        )
    }
    for row in preview:
        totals[row.status] += 1
    return {
        "preview": preview,
        "totals": totals,
        "noted": sum(1 for row in preview if row.notes),
        "can_apply": bool(totals["new"] or totals["updated"]),
    }


@club_view(Role.ADMIN)
@require_POST
def member_import_confirm(request: ClubRequest) -> HttpResponse:
    club = request.club
    key = preview_key("members", club.pk)
    stored = preview_take(request.session, key, request.POST.get("token"))
    if stored is None:
        messages.error(request, _("This preview has expired. Upload the file again."))
        return redirect("clubmanager:member_import", club=club.slug)
    rows = [member_sheet.ParsedRow.from_dict(data) for data in stored["rows"]]
    outcome = services.member_import_apply(club=club, rows=rows, by=request.user,
                                           filename=str(stored.get("filename", "")))
    messages.success(
        request,
        _(
            "Import done: %(created)s new, %(updated)s updated, %(unchanged)s unchanged, "
            "%(skipped)s skipped because of errors."
        )
        % {
            "created": outcome.created,
            "updated": outcome.updated,
            "unchanged": outcome.unchanged,
            "skipped": outcome.skipped,
        },
    )
    return redirect(reverse("clubmanager:member_list", kwargs={"club": club.slug}) + "?status=all")


# --- Roles ---------------------------------------------------------------------------------


@club_view(Role.ADMIN)
def role_list(request: ClubRequest) -> HttpResponse:
    club = request.club
    form = RoleGrantForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            user, created = services.club_user_grant(club=club, **form.cleaned_data)
        except ValidationError as exc:
            if hasattr(exc, "error_dict"):
                if any(e.code == "member_linked" for e in exc.error_dict.get("member", [])):
                    form.ask_to_move_link()
                for field, errors in exc.message_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                form.add_error(None, exc)
        else:
            if created:
                msg = _("Login %(username)s has been created.")
            else:
                msg = _("The role of %(username)s has been saved.")
            messages.success(request, msg % {"username": user.get_username()})
            return redirect("clubmanager:role_list", club=club.slug)
    context = {
        "form": form,
        "roles": selectors.club_roles_with_members(club=club),
        "role_choices": Role.choices,
    }
    return render(request, "clubmanager/role_list.html", context)


@club_view(Role.ADMIN)
@require_POST
def role_change(request: ClubRequest, user_id: int) -> HttpResponse:
    club = request.club
    user = get_object_or_404(get_user_model(), pk=user_id, club_roles__club=club)
    form = RoleChangeForm(request.POST)
    if form.is_valid():
        try:
            services.club_role_set(club=club, user=user, role=form.cleaned_data["role"])
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(
                request,
                _("The role of %(username)s has been saved.") % {"username": user.get_username()},
            )
    return redirect("clubmanager:role_list", club=club.slug)


@club_view(Role.ADMIN)
@require_POST
def role_remove(request: ClubRequest, user_id: int) -> HttpResponse:
    club = request.club
    user = get_object_or_404(get_user_model(), pk=user_id, club_roles__club=club)
    try:
        services.club_role_remove(club=club, user=user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            _("%(username)s no longer has a role in this club.")
            % {"username": user.get_username()},
        )
    return redirect("clubmanager:role_list", club=club.slug)
