"""Table codes: one active code per drawn table, and the failed attempts counted per code
(docs/security.md, "Table codes and shared phones").
"""


from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import GreaterThanOrEqual
from django.utils.translation import gettext_lazy as _

from .evenings import Table


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


class TableCodeFailure(models.Model):
    """A request for a code URL (a table code, a door code, a share link) whose code is unknown,
    renewed or revoked, by the code tried (its SHA-256): the rate limit of wrong codes
    (``tournaments.codes.throttle``). In the database, so every app server counts the same
    failures."""

    code_hash = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["code_hash", "at"], name="table_code_failure_recent"),
                   models.Index(fields=["at"], name="table_code_failure_at")]

    def __str__(self) -> str:
        return f"{self.code_hash[:8]} {self.at:%Y-%m-%d %H:%M}"
