"""Hands as the scorekeeper entered them (JSON, in the engine's format), with their history:
who changed what and when, the table code a change came through, and the idempotency key
of each change (docs/architecture.md).
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords
from simple_history.signals import pre_create_historical_record

from clubmanager.core.text import REASON_MAX_LENGTH, validate_reason

from .codes import TableCode
from .evenings import Table


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
    user agent. Filled by ``tournaments.entry.history`` for the changes the score services make
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
