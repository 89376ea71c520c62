"""Competitions (seasons), club evenings, check-in, rounds, tables, seats and hands.

Store what was entered, derive the rest: a ``Hand`` keeps the hand as the scorekeeper entered
it (JSON, in the engine's format); each ``Seat`` keeps the derived integers of its side (raw
points, competition points, place) written in the same transaction as the hand, so standings
are one SQL aggregate over seats.
"""

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import GreaterThanOrEqual, LessThanOrEqual
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords
from simple_history.signals import pre_create_historical_record

from clubmanager.models import Club, Member
from clubmanager.text import NAME_MAX_LENGTH, REASON_MAX_LENGTH, validate_line, validate_reason

from .season_rules import refusal_sentence, rules_errors


class Better(models.TextChoices):
    HIGHER = "higher", _("higher is better")
    LOWER = "lower", _("lower is better")


class Tiebreak(models.TextChoices):
    """Applied in order to members with equal standings points (the engine's names)."""

    PLAYED = "played", _("more evenings played")
    BEST_EVENING = "best_evening", _("best single evening")
    WINS = "wins", _("more table wins")
    AVERAGE = "average", _("better average per evening")
    NAME = "name", _("alphabetical")


class Competition(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="competitions", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH, validators=[validate_line])
    game = models.CharField(_("game"), max_length=32)
    options = models.JSONField(
        _("game options"), default=dict, blank=True,
        help_text=_("Club settings of the game, checked by the rules engine."),
    )
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"), null=True, blank=True)
    # Standings rules: the engine's season rules (tournaments/season_rules.py)
    better = models.CharField(_("ranking"), max_length=8, choices=Better.choices)
    rules = models.JSONField(
        _("season rules"), default=dict, blank=True,
        help_text=_("The reglement: which evenings count, absences, periods, tie-breaks."),
    )
    requires_confirmation = models.BooleanField(
        _("results need a second person's confirmation"), default=False
    )
    table_codes = models.BooleanField(
        _("table codes"), default=True,
        help_text=_("Each table gets a QR code: scanning it opens the table's score entry "
                    "without an account, while the evening is open."),
    )
    # Table sizes for the draw (defaults follow the game; French HIGH FIVE is configurable)
    table_min = models.PositiveSmallIntegerField(_("smallest table"), default=2)
    table_max = models.PositiveSmallIntegerField(_("largest table"), default=4)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="competition_name_unique"),
            models.CheckConstraint(
                condition=Q(better__in=Better.values), name="competition_better_valid"
            ),
            models.CheckConstraint(
                condition=Q(table_min__gte=1) & Q(table_min__lte=F("table_max")),
                name="competition_table_sizes",
            ),
            models.CheckConstraint(
                condition=Q(end_date__isnull=True) | Q(end_date__gte=F("start_date")),
                name="competition_dates_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The rules engine answers whether it accepts the rules (it never raises)."""
        super().clean()
        errors = rules_errors(self.rules, self.better)
        if errors:
            raise ValidationError({"rules": [refusal_sentence(e) for e in errors]})

    @property
    def tiebreaks(self) -> list[str]:
        chosen = self.rules.get("tiebreaks") if isinstance(self.rules, dict) else None
        return [t for t in chosen if isinstance(t, str)] if isinstance(chosen, list) else []


class FixedPair(models.Model):
    """Partners who always play together in a team game (High Five 1959)."""

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="fixed_pairs"
    )
    first = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("fixed pair")
        verbose_name_plural = _("fixed pairs")
        constraints = [
            models.UniqueConstraint(fields=["competition", "first"], name="pair_first_once"),
            models.UniqueConstraint(fields=["competition", "second"], name="pair_second_once"),
            models.CheckConstraint(condition=~Q(first=F("second")), name="pair_two_people"),
        ]

    def __str__(self) -> str:
        return f"{self.first.name} & {self.second.name}"


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
    created = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()  # status changes (closing, reopening) are recorded

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
            models.CheckConstraint(
                condition=Q(status__in=EveningStatus.values), name="evening_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.competition} – {self.date:%d-%m-%Y}"

    @property
    def is_open(self) -> bool:
        return self.status != EveningStatus.CLOSED


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

    class Meta:
        ordering = ["arrived", "pk"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [
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

    history = HistoricalRecords()  # added and withdrawn call-offs, with who did it

    _history_user: Any

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


class TableCode(models.Model):
    """A table's code: its QR opens the table's score entry without an account.

    Random (``secrets``, 128 bits), never derived from the seed or an id. A table has at most
    one active code; renewing revokes it (``revoked_at``) and issues a new one, so the old
    code stops at once. What a code may do: ``tournaments/table_codes.py``.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="codes")
    code = models.CharField(_("code"), max_length=64, unique=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["table", "-created"]
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(revoked_at__isnull=True),
                name="table_code_one_active",
            ),
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("code"), 22), name="table_code_long_enough"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} – {_('table code')}"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


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


class KeyedChange(models.Model):
    """What a hand's history row adds to simple-history's copy: the idempotency key of the save
    that made this change (an add, a change or a delete; empty for a renumbering, an import or
    a save without a key). A save repeated with a key found here is answered with this row's
    change, not made twice (``services.scores``)."""

    change_key = models.CharField(_("idempotency key"), max_length=64, blank=True, default="")

    class Meta:
        abstract = True


@receiver(pre_create_historical_record)
def _record_change_key(sender: Any, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    """The key the service put on the instance (``_change_key``) goes on its history row."""
    if isinstance(history_instance, KeyedChange):
        history_instance.change_key = getattr(instance, "_change_key", "")


class KeyedHistory(HistoricalRecords):  # type: ignore[misc]  # untyped package
    """Simple-history for hands, with the idempotency key's rule in the database: a key is used
    once per table (``hand_history_change_key_once``). Every keyed change writes exactly one
    history row with its key (the hand added, changed or deleted; a renumbering has none), and
    history rows stay when the hand is deleted: so a key keeps its first outcome for good, and
    an add sent again after its hand was deleted is refused here, then answered with that add
    (``services.scores``), never stored as a new hand."""

    def get_meta_options(self, model: type[models.Model]) -> dict[str, Any]:
        options: dict[str, Any] = super().get_meta_options(model)
        options["constraints"] = [models.UniqueConstraint(
            fields=["table", "change_key"], condition=~Q(change_key=""),
            name="hand_history_change_key_once")]
        return options


class CodeTrail(models.Model):
    """What a hand's history record keeps beyond django-simple-history's own fields: the table
    code a change came through (None: a logged-in user, ``history_user``) and the device's
    user agent. Filled by ``tournaments.history`` for the changes the score services make
    through a code."""

    table_code = models.ForeignKey(
        TableCode, on_delete=models.DO_NOTHING, db_constraint=False, null=True, blank=True,
        related_name="+",
    )
    user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True

    @property
    def via_table_code(self) -> bool:
        return self.table_code_id is not None


class Hand(models.Model):
    """One hand (deal, round, turn, game) as entered, in the engine's format."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    data = models.JSONField(_("as entered"))
    adjusted_reason = models.TextField(
        _("reason for an adjusted score"), blank=True, max_length=REASON_MAX_LENGTH,
        validators=[validate_reason],
        help_text=_("A club admin's reason for saving a hand the rules engine refuses."),
    )
    # An adjusted hand (a tournament director's decision): the points per side that stand for
    # this hand instead of the engine's. Set exactly when ``adjusted_reason`` is.
    adjusted_points = models.JSONField(_("adjusted points"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    created = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    updated = models.DateTimeField(auto_now=True)
    # The idempotency key of the save that added this hand (generated on the phone, or a fresh
    # one in the server-rendered form): a repeated save finds the hand instead of adding it
    # again. Empty for hands added without one (imports, the demo, older hands).
    entry_key = models.CharField(_("idempotency key"), max_length=64, blank=True, default="")

    # who (a login, or a table code and the device), when, before and after of every
    # change, and the key of the save that made it
    history = KeyedHistory(
        bases=[KeyedChange, CodeTrail],
        # the reason of a change (an adjusted score's, a delete's), never cut
        history_change_reason_field=models.CharField(max_length=REASON_MAX_LENGTH, null=True),
    )

    # Set just before save() for the history row of that save (who, why, and the save's
    # idempotency key); django-simple-history and ``_record_change_key`` read them.
    _history_user: Any
    _change_reason: str
    _change_key: str

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique"),
            models.UniqueConstraint(fields=["table", "entry_key"], condition=~Q(entry_key=""),
                                    name="hand_entry_key_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=(Q(adjusted_points__isnull=True) & Q(adjusted_reason=""))
                | (Q(adjusted_points__isnull=False) & ~Q(adjusted_reason="")),
                name="hand_adjusted_with_reason",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("adjusted_reason"), REASON_MAX_LENGTH),
                name="hand_adjusted_reason_length",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} – {_('hand')} {self.number}"

    @property
    def is_adjusted(self) -> bool:
        return self.adjusted_points is not None


class TableCodeFailure(models.Model):
    """A request for a table code URL whose code is unknown or renewed, by the code tried (its
    SHA-256): the rate limit of wrong codes (``tournaments.throttle``). In the database, so
    every app server counts the same failures."""

    code_hash = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["code_hash", "at"], name="table_code_failure_recent"),
                   models.Index(fields=["at"], name="table_code_failure_at")]

    def __str__(self) -> str:
        return f"{self.code_hash[:8]} {self.at:%Y-%m-%d %H:%M}"
