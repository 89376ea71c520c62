"""Writes: the evening money (docs/secretary-guide.md "Inleg").

A competition's entry fee ("inleg") per evening, for members and for guests, in whole cents.
Each person checked in owes the fee of the moment they were checked in (``Participant.fee_cents``;
evenings/services/evenings.py); a fee changed later applies to the people of evenings still open who
have not paid, never to a closed evening. "Betaald" records the fee as paid, with cash or bank as an
optional note; undoing it clears it. Every change is kept in the history (who, when, before,
after): the competition's and the participant's.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Competition, EveningStatus, PaidMethod, Participant
from tournaments.shared.money import FEE_MAX_CENTS


def _check_fee(cents: int) -> int:
    if not isinstance(cents, int) or isinstance(cents, bool) or not 0 <= cents <= FEE_MAX_CENTS:
        raise ValidationError(_("An entry fee is between € 0,00 and € 1.000,00."))
    return cents


@transaction.atomic
def competition_fees_set(*, competition: Competition, member_cents: int, guest_cents: int,
                         by: User | None = None) -> Competition:
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    competition.fee_member_cents = _check_fee(member_cents)
    competition.fee_guest_cents = _check_fee(guest_cents)
    competition._history_user = by
    competition.save(update_fields=["fee_member_cents", "fee_guest_cents"])
    unpaid = (Participant.objects.select_for_update()
              .filter(evening__competition=competition, paid_cents=0)
              .exclude(evening__status=EveningStatus.CLOSED))
    for participant in unpaid:
        fee = competition.fee_guest_cents if participant.is_guest else competition.fee_member_cents
        if participant.fee_cents != fee:
            participant.fee_cents = fee
            participant._history_user = by
            participant.save(update_fields=["fee_cents"])
    return competition


@transaction.atomic
def participant_paid_set(*, participant: Participant, method: str,
                         by: User | None = None) -> Participant:
    """``method`` "cash" or "bank": the fee is paid that way; "": not paid (undo)."""
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if method not in ("", *PaidMethod.values):
        raise ValidationError(_("Choose cash or bank."))
    if method and participant.fee_cents == 0:
        raise ValidationError(_("There is no entry fee to pay for this evening."))
    participant.paid_cents = participant.fee_cents if method else 0
    participant.paid_method = method
    participant._history_user = by
    participant.save(update_fields=["paid_cents", "paid_method"])
    return participant
