"""Clubs, their members and who may do what in which club."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .core.text import NAME_MAX_LENGTH, validate_line, validate_notes


class Club(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH, validators=[validate_line])
    slug = models.SlugField(_("short name in web addresses"), max_length=60, unique=True)
    public_pages = models.BooleanField(
        _("public pages"),
        default=True,
        help_text=_("Anyone may see the club's standings without logging in."),
    )
    code_self_confirm = models.BooleanField(
        _("a table code may confirm its own entries"),
        default=False,
        help_text=_("Off: a match whose last change came through its table code is confirmed "
                    "by a member's login or a club admin."),
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="nl"
    )
    # The logo's digest (clubmanager/logo.py), "" without one: the pages link the logo by it,
    # so a new logo is a new address, and the club's history shows when the logo changed and
    # who changed it. The picture itself is in ClubLogo, never loaded with the club.
    logo_version = models.CharField(_("logo"), max_length=16, blank=True, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubmanager:club_home", kwargs={"club": self.slug})


class Role(models.TextChoices):
    """A user's role in one club. Ordered: member < scorekeeper < admin."""

    MEMBER = "member", _("member")
    SCOREKEEPER = "scorekeeper", _("scorekeeper")
    ADMIN = "admin", _("club admin")

    @classmethod
    def rank(cls, role: str | None) -> int:
        """0 for no role; higher means more rights."""
        return _ROLE_RANK.get(role or "", 0)

    @classmethod
    def at_least(cls, role: str | None, minimum: str) -> bool:
        return cls.rank(role) >= cls.rank(minimum)


_ROLE_RANK: dict[str, int] = {Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


class PublicName(models.TextChoices):
    """How a member's name appears to visitors who are not logged in to the club
    (clubmanager/privacy.py applies it; docs/privacy.md says why the default hides the name)."""

    FULL = "full", _("full name")
    SHORT = "short", _("first name and initial")
    HIDDEN = "hidden", _("hidden (member number only)")


class MemberImport(models.Model):
    """One applied member import: who did it and when, and which members it
    created (``Member.member_import``), so it can be undone while they have no results; undoing
    deletes them and records who undid it and when."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="member_imports",
                             verbose_name=_("club"))
    filename = models.CharField(_("file"), max_length=255, blank=True)
    created = models.DateTimeField(_("imported"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("imported by"))
    created_count = models.PositiveIntegerField(_("members created"), default=0)
    undone_at = models.DateTimeField(_("undone"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("undone by"))

    class Meta:
        ordering = ["-created"]
        verbose_name = _("member import")
        verbose_name_plural = _("member imports")
        constraints = [
            models.CheckConstraint(condition=Q(undone_by__isnull=True) | Q(undone_at__isnull=False),
                                   name="member_import_undone_by_only_when_undone"),
        ]

    def __str__(self) -> str:
        return f"{self.club} – {self.created:%d-%m-%Y %H:%M}"


class Member(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH, validators=[validate_line])
    member_number = models.CharField(_("member number"), max_length=32,
                                     validators=[validate_line])
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True, validators=[validate_line])
    notes = models.TextField(_("notes"), blank=True, validators=[validate_notes])
    is_active = models.BooleanField(_("active"), default=True)
    public_name = models.CharField(
        _("name on public pages"), max_length=8, choices=PublicName.choices,
        default=PublicName.SHORT,
        help_text=_("What visitors who are not logged in see; logged-in members of the club "
                    "always see the full name."))
    #: The member asked to get each evening's results by e-mail (off by default: opt-in).
    results_by_mail = models.BooleanField(
        _("results by e-mail"), default=False,
        help_text=_("Receive the results of each evening by e-mail."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
        verbose_name=_("login"),
        help_text=_("The account this member logs in with to see their own results."),
    )
    # Set when a club admin removed a member who left (``tournaments.services.privacy``): the
    # name is then "Oud-lid N" and every contact detail is gone, here and in the history.
    removed_at = models.DateTimeField(_("removed"), null=True, blank=True, editable=False)
    #: The member import that created this member, if any (undone while it has no results).
    member_import = models.ForeignKey(
        MemberImport, on_delete=models.SET_NULL, null=True, blank=True, related_name="members",
        editable=False, verbose_name=_("member import"))
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords()
    # Set just before save() or delete() for the history row (who, and why).
    _history_user: Any
    _change_reason: str

    class Meta:
        ordering = ["name", "member_number"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"], name="member_number_unique_in_club"
            ),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="member_one_login_per_club",
            ),
            models.CheckConstraint(condition=~Q(member_number=""), name="member_number_not_empty"),
            models.CheckConstraint(condition=~Q(name=""), name="member_name_not_empty"),
        ]
        indexes = [models.Index(fields=["club", "name"], name="member_club_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.member_number})"


class ClubRole(models.Model):
    """One row per (user, club): the highest role the user holds in that club."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_roles",
        verbose_name=_("user"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="roles", verbose_name=_("club")
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        ordering = ["club", "user__username"]
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_role_per_user_per_club"),
            models.CheckConstraint(
                condition=Q(role__in=[choice.value for choice in Role]),
                name="club_role_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.club}: {self.get_role_display()}"


class ClubLogo(models.Model):
    """A club's logo as we re-encoded it (clubmanager/logo.py): a PNG, never the uploaded file
    and never its name."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, primary_key=True,
                                related_name="logo", verbose_name=_("club"))
    png = models.BinaryField(_("picture (PNG)"))
    width = models.PositiveIntegerField(_("width"))
    height = models.PositiveIntegerField(_("height"))

    class Meta:
        verbose_name = _("club logo")
        verbose_name_plural = _("club logos")
        constraints = [
            models.CheckConstraint(condition=Q(width__gte=1) & Q(height__gte=1),
                                   name="club_logo_has_pixels"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.width}x{self.height}"
