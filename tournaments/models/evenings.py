"""Club evenings: check-in, rounds, tables and the seats at them.

Each ``Seat`` keeps the derived integers of its side (raw points, competition points, place),
written in the same transaction as the hand, so standings are one SQL aggregate over seats.
"""

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubmanager.core.text import NAME_MAX_LENGTH, validate_line
from clubmanager.models import Member

from .competitions import Competition


class EveningStatus(models.TextChoices):
    PLANNED = "planned", _("planned")
    CHECKIN = "checkin", _("check-in")
    PLAYING = "playing", _("playing")
    CLOSED = "closed", _("closed")


class Evening(models.Model):
    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="evenings",
        verbose_name=_("competition"),
    )
    date = models.DateField(_("date"))
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=EveningStatus.choices, default=EveningStatus.PLANNED
    )
    counts = models.BooleanField(
        _("counts for the competition"), default=True,
        help_text=_("Off for an opening night, a prize evening or a free evening."),
    )
    #: The door's check-in code (its QR on a tablet or the TV at the door): 128 random bits,
    #: made when a club admin first shows it; it checks people in only, while check-in is open
    #: (evenings/views/door.py, docs/security.md "Self check-in at the door").
    door_code = models.CharField(_("door code"), max_length=32, blank=True, default="",
                                 editable=False)
    #: The share link of the evening's results (``/uitslag/<code>/``): 128 random bits, made,
    #: renewed or revoked (emptied) by a club admin once the evening is closed; it shows only
    #: this evening's results, names as for a visitor (standings/views/share.py, docs/privacy.md).
    share_code = models.CharField(_("share code"), max_length=32, blank=True, default="",
                                  editable=False)
    #: When a club admin last mailed the results to the members who asked for them (once per
    #: evening unless sent again on purpose).
    results_mailed_at = models.DateTimeField(_("results mailed"), null=True, blank=True,
                                             editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    #: The change stamp: a new random value in the transaction of every write that changes what
    #: the live pages show of this evening (``tournaments/models/stamps.py``).
    changed = models.UUIDField(default=uuid.uuid4, editable=False)

    # status changes (closing, reopening) are recorded; the door and share codes are secrets,
    # not history; the change stamp is neither
    history = HistoricalRecords(excluded_fields=["door_code", "share_code", "changed"])

    # Set just before save() for the history row of that save (who, and why);
    # django-simple-history reads them from the instance.
    _history_user: Any
    _change_reason: str

    class Meta:
        ordering = ["date"]
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")
        constraints = [
            models.UniqueConstraint(fields=["competition", "date"], name="one_evening_a_day"),
            models.UniqueConstraint(fields=["door_code"], condition=~Q(door_code=""),
                                    name="door_code_unique"),
            models.UniqueConstraint(fields=["share_code"], condition=~Q(share_code=""),
                                    name="share_code_unique"),
            models.CheckConstraint(
                condition=Q(status__in=EveningStatus.values), name="evening_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.competition} – {self.date:%d-%m-%Y}"

    @property
    def is_open(self) -> bool:
        return self.status != EveningStatus.CLOSED


class PaidMethod(models.TextChoices):
    CASH = "cash", _("cash")
    BANK = "bank", _("bank")


class Participant(models.Model):
    """Someone present at an evening: a checked-in member or a walk-in guest."""

    evening = models.ForeignKey(
        Evening, on_delete=models.CASCADE, related_name="participants"
    )
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="participations"
    )
    guest_name = models.CharField(_("guest name"), max_length=NAME_MAX_LENGTH, blank=True,
                                  validators=[validate_line])
    arrived = models.DateTimeField(_("arrived"), auto_now_add=True)
    # Evening money, in whole cents: the fee due, fixed at check-in from the
    # competition's fee for a member or a guest; what was paid; how (an optional note).
    fee_cents = models.PositiveIntegerField(_("entry fee (cents)"), default=0)
    paid_cents = models.PositiveIntegerField(_("paid (cents)"), default=0)
    paid_method = models.CharField(_("paid by"), max_length=4, blank=True, default="",
                                   choices=PaidMethod.choices)

    # Check-ins and payments are kept in the history (who, when, before, after).
    history = HistoricalRecords()
    _history_user: Any
    #: Checked in by the member themselves, at the door (the door QR); the admin may undo it.
    self_checkin = models.BooleanField(_("checked in themselves"), default=False)
    #: The call-off this check-in replaced (the member had called off and came after all): when
    #: it was made and who recorded it, so undoing the check-in brings it back as it was
    #: (evenings/services/calloffs.py).
    replaced_calloff_at = models.DateTimeField(_("had called off at"), null=True, blank=True,
                                               editable=False)
    replaced_calloff_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", editable=False, verbose_name=_("call-off recorded by"),
    )

    class Meta:
        ordering = ["arrived", "pk"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [
            models.CheckConstraint(
                condition=Q(paid_cents__gt=0) | Q(paid_method=""),
                name="participant_paid_method_only_when_paid",
            ),
            models.CheckConstraint(condition=Q(paid_method__in=["", *PaidMethod.values]),
                                   name="participant_paid_method_valid"),
            models.UniqueConstraint(
                fields=["evening", "member"], condition=Q(member__isnull=False),
                name="member_checked_in_once",
            ),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(guest_name=""))
                | (Q(member__isnull=True) & ~Q(guest_name="")),
                name="participant_member_or_guest",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else self.guest_name

    @property
    def is_guest(self) -> bool:
        return self.member_id is None


class CallOff(models.Model):
    """A member called off ("afgemeld") for an evening, before it or at check-in. The standings
    hand it to the engine as the evening's ``notified`` list, and the competition's rules say
    what such an absence scores. Checking the member in after all removes it (docs/season-rules.md,
    "Afmelden")."""

    evening = models.ForeignKey(
        Evening, on_delete=models.CASCADE, related_name="calloffs", verbose_name=_("evening")
    )
    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="calloffs", verbose_name=_("member")
    )
    created = models.DateTimeField(_("called off at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("recorded by"),
    )

    history = HistoricalRecords()  # added and withdrawn call-offs, with who did it and why

    _history_user: Any
    _change_reason: str

    class Meta:
        ordering = ["evening", "member__name"]
        verbose_name = _("call-off")
        verbose_name_plural = _("call-offs")
        constraints = [
            models.UniqueConstraint(fields=["evening", "member"], name="calloff_once"),
        ]

    def __str__(self) -> str:
        return f"{self.member} – {self.evening}"


class Round(models.Model):
    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(
        _("draw seed"), help_text=_("The same seed and players give the same draw.")
    )
    created = models.DateTimeField(_("drawn"), auto_now_add=True)

    class Meta:
        ordering = ["evening", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.evening} – {_('round')} {self.number}"


class Table(models.Model):
    """One table of a round: the engine's match. ``version`` detects concurrent edits."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    game = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("game options"), default=dict, blank=True)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"), default=1)
    scorekeeper = models.PositiveSmallIntegerField(_("scorekeeper (seat)"), default=1)
    version = models.PositiveIntegerField(default=0)
    hand_count = models.PositiveSmallIntegerField(default=0)
    finished = models.BooleanField(_("finished"), default=False)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # A confirmation given through a table code (no login): the code and the device.
    confirmed_via = models.ForeignKey(
        "TableCode", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True) | Q(finished=True),
                name="table_confirmed_only_when_finished",
            ),
            models.CheckConstraint(
                condition=Q(confirmed_via__isnull=True) | Q(confirmed_at__isnull=False),
                name="table_confirmed_via_code_only_when_confirmed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {_('table')} {self.number}"

    @property
    def status(self) -> str:
        if self.confirmed_at:
            return "confirmed"
        if self.finished:
            return "finished"
        return "in_progress" if self.hand_count else "not_started"


class Seat(models.Model):
    """A participant at a table, the engine side they score for, and its derived integers."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="seats")
    side = models.CharField(_("side"), max_length=200)
    team = models.PositiveSmallIntegerField(_("team"), null=True, blank=True)
    # Derived from the engine's evaluation, written with every hand change:
    points = models.IntegerField(_("points"), default=0)
    competition_points = models.IntegerField(_("competition points"), default=0)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "participant"], name="seat_person_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table} – {self.position}: {self.participant}"


class SitOut(models.Model):
    """Someone checked in who sits out a round ("stilzitten"): a game played only at full
    tables (klaverjas: four) draws the rest out by the rota (``tournaments/draws/rota.py``).
    The reglement's sit-out score is credited for the round (``draws.selectors.round_credits``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sit_outs")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE,
                                    related_name="sit_outs")

    class Meta:
        ordering = ["round", "participant"]
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [
            models.UniqueConstraint(fields=["round", "participant"], name="sit_out_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.participant}"
