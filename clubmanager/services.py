"""Writes. Keyword arguments only; each runs in one transaction."""

import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from . import member_preview, member_sheet
from .logo import Logo
from .models import Club, ClubLogo, ClubRole, Member, MemberImport, PublicName, Role

MEMBER_FIELDS = ("name", "member_number", "email", "phone", "notes", "public_name",
                 "results_by_mail")


class MemberHasResults(Exception):
    """The member is referenced by results (or other protected rows) and cannot be deleted."""


def _check_number_free(*, club: Club, member_number: str, exclude_pk: int | None = None) -> None:
    taken = Member.objects.filter(club=club, member_number=member_number)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise ValidationError(
            {
                "member_number": _("Member number %(number)s is already in use in this club.")
                % {"number": member_number}
            }
        )


@transaction.atomic
def member_create(
    *,
    club: Club,
    name: str,
    member_number: str,
    email: str = "",
    phone: str = "",
    notes: str = "",
    is_active: bool = True,
    public_name: str = PublicName.SHORT,
    results_by_mail: bool = False,
) -> Member:
    member_number = member_number.strip()
    _check_number_free(club=club, member_number=member_number)
    member = Member(
        club=club,
        name=name.strip(),
        member_number=member_number,
        email=email.strip(),
        phone=phone.strip(),
        notes=notes,
        is_active=is_active,
        public_name=public_name,
        results_by_mail=results_by_mail,
    )
    member.full_clean(exclude=["club", "user"])
    member.save()
    return member


@transaction.atomic
def member_update(*, member: Member, **fields: Any) -> Member:
    unknown = set(fields) - set(MEMBER_FIELDS) - {"is_active"}
    if unknown:
        raise TypeError(f"member_update() got unexpected fields: {sorted(unknown)}")
    if member.removed_at is not None:
        # erased on purpose (tournaments.services.privacy.member_remove): nothing comes back
        raise ValidationError(_("A removed member cannot be changed."))
    if "member_number" in fields:
        fields["member_number"] = fields["member_number"].strip()
        _check_number_free(
            club=member.club, member_number=fields["member_number"], exclude_pk=member.pk
        )
    changed = False
    for field, value in fields.items():
        if isinstance(value, str) and field != "notes":
            value = value.strip()
        if getattr(member, field) != value:
            setattr(member, field, value)
            changed = True
    if changed:
        member.full_clean(exclude=["club", "user"])
        member.save()
    return member


@transaction.atomic
def member_deactivate(*, member: Member) -> Member:
    return member_update(member=member, is_active=False)


@transaction.atomic
def member_activate(*, member: Member) -> Member:
    return member_update(member=member, is_active=True)


def member_delete(*, member: Member) -> None:
    """Delete a member who has no results; otherwise raise MemberHasResults.

    Results (and anything else that must outlive a member) point at Member with
    ``on_delete=PROTECT``; that protection is what decides here.
    """
    try:
        with transaction.atomic():
            member.delete()
    except (ProtectedError, RestrictedError) as exc:
        raise MemberHasResults(str(exc)) from exc


@dataclass(frozen=True)
class ImportOutcome:
    created: int
    updated: int
    unchanged: int
    skipped: int


@transaction.atomic
def member_import_apply(*, club: Club, rows: list[member_sheet.ParsedRow], by: User | None = None,
                        filename: str = "") -> ImportOutcome:
    """Apply parsed import rows to ``club``, re-validating them against the database now.

    New member numbers are created (a row without one gets the next free number), known ones
    updated (name, email, phone; only the columns the sheet had and could keep), rows with
    errors are skipped. All in one transaction.
    """
    # Lock the club's members while we compare and write, so two imports cannot interleave.
    existing = {m.member_number: m for m in Member.objects.select_for_update().filter(club=club)}
    preview = member_preview.classify(rows, existing)
    created = updated = unchanged = skipped = 0
    # which members this import creates, so it can be undone (clubmanager/import_undo.py)
    batch = MemberImport.objects.create(
        club=club, filename=filename[:255],
        created_by=by if getattr(by, "is_authenticated", False) else None)
    for row in preview:
        if row.status == member_preview.NEW:
            member = Member(club=club, member_import=batch, **row.values_for_create())
            member.save()
            created += 1
        elif row.status == member_preview.UPDATED:
            member = existing[row.member_number]
            for field, value in row.changes().items():
                setattr(member, field, value)
            member.save()
            updated += 1
        elif row.status == member_preview.UNCHANGED:
            unchanged += 1
        else:
            skipped += 1
    if created:
        batch.created_count = created
        batch.save(update_fields=["created_count"])
    else:
        batch.delete()  # nothing to undo
    return ImportOutcome(created=created, updated=updated, unchanged=unchanged, skipped=skipped)


class LastAdmin(ValidationError):
    pass


def _would_leave_no_admin(*, club: Club, user: Any, new_role: str | None) -> bool:
    if new_role == Role.ADMIN:
        return False
    current = ClubRole.objects.filter(club=club, user=user, role=Role.ADMIN).exists()
    if not current:
        return False
    return not ClubRole.objects.filter(club=club, role=Role.ADMIN).exclude(user=user).exists()


@transaction.atomic
def club_role_set(*, club: Club, user: Any, role: str) -> ClubRole:
    """Give ``user`` exactly ``role`` in ``club`` (one role per user per club)."""
    if role not in Role.values:
        raise ValidationError(_("Unknown role."))
    if _would_leave_no_admin(club=club, user=user, new_role=role):
        raise LastAdmin(_("A club needs at least one club admin."))
    club_role, _created = ClubRole.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    return club_role


@transaction.atomic
def club_role_remove(*, club: Club, user: Any) -> None:
    if _would_leave_no_admin(club=club, user=user, new_role=None):
        raise LastAdmin(_("A club needs at least one club admin."))
    ClubRole.objects.filter(club=club, user=user).delete()
    Member.objects.filter(club=club, user=user).update(user=None)


@transaction.atomic
def club_user_grant(
    *,
    club: Club,
    username: str,
    role: str,
    password: str = "",
    member: Member | None = None,
    move_link: bool = False,
) -> tuple[Any, bool]:
    """Give a (possibly new) user a role in ``club``; optionally link them to a member.

    Returns (user, created). A new user needs a starting password (validated like any
    password, stored hashed). An existing login's password is never set here: a login is the
    person's own, for every club it has a role in; a password given for one is refused with a
    sentence (the person asks for a reset link by mail, or changes it after logging in).
    A member linked to another login is moved to this one only with ``move_link`` (the page
    asks first, naming that login); never silently.
    """
    User = get_user_model()
    username = username.strip()
    user = User.objects.filter(username__iexact=username).first()
    created = user is None
    if user is not None and password:
        raise ValidationError({"password": _(
            "%(username)s already has a login: its password is not changed here. Leave the "
            "password empty; a forgotten password is reset with the link on the login page."
        ) % {"username": user.get_username()}})
    if member is not None:
        if member.club_id != club.pk:
            raise ValidationError(_("That member belongs to another club."))
        linked = member.user if member.user_id is not None else None
        if linked is not None and linked != user and not move_link:
            raise ValidationError({"member": ValidationError(_(
                "%(member)s is linked to the login %(login)s. Tick \"Move the link\" to link "
                "them to %(username)s instead; %(login)s then has no member in this club."
            ) % {"member": member.name, "login": linked.get_username(), "username": username},
                code="member_linked")})
    if created:
        if not password:
            raise ValidationError({"password": _("A new login needs a starting password.")})
        user = User(username=username)
        validate_password(password, user)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save()
    club_role_set(club=club, user=user, role=role)
    if member is not None:
        Member.objects.filter(club=club, user=user).exclude(pk=member.pk).update(user=None)
        member.user = user
        member.save(update_fields=["user", "updated"])
    return user, created


# -- an import's preview, kept in the session until it is confirmed ---------------------------
def preview_key(kind: str, scope: int) -> str:
    """The session key of an import's preview (``kind``: "members" or "season")."""
    return f"import:{kind}:{scope}"


def preview_store(session: Any, key: str, payload: dict[str, Any]) -> str:
    """Keep a checked file in the session until it is confirmed; returns the token."""
    token = uuid.uuid4().hex
    session[key] = {"token": token, **payload}
    return token


def preview_take(session: Any, key: str, token: str | None) -> dict[str, Any] | None:
    """The stored preview if the token matches (it is used up), else None."""
    stored = session.get(key)
    if not stored or stored.get("token") != token:
        return None
    del session[key]
    return dict(stored)


@dataclass(frozen=True)
class ClubStarted:
    club: Club
    admin: Any
    link: str  # a one-time link to set the admin's password (Django's reset token)


def password_set_link(*, user: Any) -> str:
    """The one-time link on the site's own address (``settings.SITE_URL``) where ``user`` sets
    a password: Django's password-reset token, void once used or after PASSWORD_RESET_TIMEOUT."""
    path = reverse("password_reset_confirm", kwargs={
        "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
        "token": default_token_generator.make_token(user)})
    return settings.SITE_URL + path


@transaction.atomic
def club_create(*, name: str, admin_name: str, login: str, email: str,
                slug: str = "") -> ClubStarted:
    """A new club and its first club admin, a new login without a password: the admin sets
    one through the returned link (docs/secretary-guide.md, "Een club begint echt"). A slug or
    login already taken is refused with a sentence, nothing is written."""
    User = get_user_model()
    name, login, email = name.strip(), login.strip(), email.strip()
    slug = (slug.strip() or slugify(name))[:60]
    errors: dict[str, str] = {}
    if not slug:
        errors["slug"] = _("Choose a short name for web addresses (letters, digits, dashes).")
    elif Club.objects.filter(slug=slug).exists():
        errors["slug"] = _("A club with the short name %(slug)s already exists.") % {"slug": slug}
    if User.objects.filter(username__iexact=login).exists():
        errors["login"] = _("The login %(login)s is already taken.") % {"login": login}
    if errors:
        raise ValidationError(errors)
    club = Club(name=name, slug=slug)
    club.full_clean()
    club.save()
    first, _space, last = admin_name.strip().partition(" ")
    user = User(username=login, email=email, first_name=first[:150], last_name=last[:150])
    user.set_unusable_password()
    user.full_clean(exclude=["password"])
    user.save()
    club_role_set(club=club, user=user, role=Role.ADMIN)
    return ClubStarted(club=club, admin=user, link=password_set_link(user=user))


CLUB_SETTINGS = ("name", "public_pages", "code_self_confirm", "language")


def _club_save(club: Club, by: User | None, fields: list[str]) -> Club:
    club._history_user = by  # type: ignore[attr-defined]  # django-simple-history's hook
    club.full_clean(exclude=["slug"])
    club.save(update_fields=fields)
    return club


@transaction.atomic
def club_settings_update(*, club: Club, by: User | None, **fields: Any) -> Club:
    """The club's name, public pages, table-code confirmation and language; each change is a
    row in the club's history (who, when, before, after). The slug never changes here."""
    unknown = set(fields) - set(CLUB_SETTINGS)
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    club = Club.objects.select_for_update().get(pk=club.pk)
    changed = [name for name, value in fields.items() if getattr(club, name) != value]
    for name in changed:
        setattr(club, name, fields[name])
    return _club_save(club, by, changed) if changed else club


@transaction.atomic
def club_logo_set(*, club: Club, by: User | None, logo: Logo) -> Club:
    """Keep ``logo`` (re-encoded by clubmanager/logo.py) as the club's logo."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    ClubLogo.objects.update_or_create(
        club=club, defaults={"png": logo.png, "width": logo.width, "height": logo.height})
    club.logo_version = logo.version
    return _club_save(club, by, ["logo_version"])


@transaction.atomic
def club_logo_remove(*, club: Club, by: User | None) -> Club:
    club = Club.objects.select_for_update().get(pk=club.pk)
    ClubLogo.objects.filter(club=club).delete()
    if not club.logo_version:
        return club
    club.logo_version = ""
    return _club_save(club, by, ["logo_version"])
