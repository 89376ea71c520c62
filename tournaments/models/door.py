"""The door's rate limits: one row per self check-in at the door, by device and by address
(their SHA-256, never the cookie or the address), kept for a few minutes only
(``services.evenings.participant_self_checkin``, docs/security.md "Self check-in at the door").
"""

from django.db import models

from .evenings import Evening


class DoorCheckin(models.Model):
    """A member checked in at ``evening``'s door from this device (its door cookie) and this
    address, at ``at``: counted per device, per address and per evening for a minute."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="+")
    device = models.CharField(max_length=64)
    address = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["evening", "at"], name="door_checkin_recent"),
                   models.Index(fields=["at"], name="door_checkin_at")]

    def __str__(self) -> str:
        return f"{self.device[:8]} {self.at:%Y-%m-%d %H:%M}"
