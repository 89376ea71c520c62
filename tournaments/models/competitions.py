"""Competitions (seasons): the game, its options and the standings rules (the engine's
rules document, ``season_rules.py``), and fixed pairs.
"""

import uuid
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubmanager.core.text import NAME_MAX_LENGTH, validate_line
from clubmanager.models import Club, Member
from tournaments.shared.season_rules import refusal_sentence, rules_errors


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
    # Standings rules: the engine's season rules (tournaments/shared/season_rules.py)
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
    # The evening's entry fee ("inleg"), in whole cents; 0: no fee.
    fee_member_cents = models.PositiveIntegerField(_("entry fee for members (cents)"), default=0)
    fee_guest_cents = models.PositiveIntegerField(_("entry fee for guests (cents)"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    #: Archived by a club admin: a competition with results that should not be there (a trial
    #: copy) is hidden from the members (their lists, my results, the standings, the TV) but
    #: kept, and an admin can bring it back. Null: not archived.
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True, editable=False)
    # The last part of an evening without a ranking, for the suspense: from round N (its
    # number, drawn) or N minutes after the evening's start time, until the evening is closed.
    # The live page shows progress only; the standings and the TV leave the evening out. The
    # rule: tournaments/standings/selectors/live.py; why these words: docs/deployment.md
    # ("Live pages and caching") and the secretary guide.
    live_hide_from_round = models.PositiveSmallIntegerField(
        _("hide the ranking from round"), null=True, blank=True,
        help_text=_("The round's number, not a count of last rounds: with 3 rounds an evening, "
                    "3 hides the last round. Hidden from the moment this round is drawn until "
                    "the evening is closed; each table's progress stays visible. Empty: not "
                    "hidden by round."))
    live_hide_after_minutes = models.PositiveSmallIntegerField(
        _("hide the ranking from (minutes after the start)"), null=True, blank=True,
        help_text=_("Minutes counted from the evening's start time, not back from its end: "
                    "starting at 19:30 and hiding from 22:00 is 150. Hidden until the evening "
                    "is closed; each table's progress stays visible. An evening without a "
                    "start time is not hidden by the clock. Empty: not hidden by the clock."))
    #: The change stamp: a new random value in the transaction of every write that changes what
    #: the standings, the TV or a live page show (``tournaments/models/stamps.py``).
    changed = models.UUIDField(default=uuid.uuid4, editable=False)

    history = HistoricalRecords(excluded_fields=["changed"])

    # Set just before save() or delete() for the history row (who, and why).
    _history_user: Any
    _change_reason: str

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
    def is_archived(self) -> bool:
        return self.archived_at is not None

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
