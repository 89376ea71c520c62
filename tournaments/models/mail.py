"""The results mail of an evening, one row per member it went to: sent, refused or not sent,
so the club admin sees who got it and can send it again to those who did not
(``tournaments/standings/services/sharing.py``)."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubmanager.models import Member

from .evenings import Evening


class MailStatus(models.TextChoices):
    PENDING = "pending", _("being sent")
    SENT = "sent", _("sent")
    REFUSED = "refused", _("address refused")
    FAILED = "failed", _("not sent")


class ResultsMail(models.Model):
    """One member's copy of an evening's results mail and how its last sending went. The
    address is not kept here: it is the member's, and a new send uses the member's address as
    it is then. ``smtp_code`` is the mail server's answer to a refusal (550: no such address)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="results_mails",
                                verbose_name=_("evening"))
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+",
                               verbose_name=_("member"))
    status = models.CharField(_("status"), max_length=8, choices=MailStatus.choices,
                              default=MailStatus.PENDING)
    smtp_code = models.PositiveSmallIntegerField(_("mail server code"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    updated = models.DateTimeField(_("last attempt"), auto_now=True)

    class Meta:
        ordering = ["evening", "member__name"]
        verbose_name = _("results mail")
        verbose_name_plural = _("results mails")
        constraints = [
            models.UniqueConstraint(fields=["evening", "member"], name="results_mail_once"),
            models.CheckConstraint(condition=Q(status__in=MailStatus.values),
                                   name="results_mail_status_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.member} – {self.evening}: {self.status}"
