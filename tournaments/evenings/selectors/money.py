"""Reads: the evening money. Whole cents, added as integers in SQL."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from clubmanager.models import Member
from tournaments.models import Competition, Evening, PaidMethod, Participant


@dataclass(frozen=True)
class EveningMoney:
    people: list[Participant]  # everyone checked in, by name
    due: int  # cents, everyone's fee
    received: int
    cash: int
    bank: int
    owing: list[Participant]  # who still owes, by name

    @property
    def owed(self) -> int:
        return self.due - self.received

    @property
    def has_fee(self) -> bool:
        return self.due > 0 or self.received > 0


def evening_money(*, evening: Evening) -> EveningMoney:
    """Who is here, what each owes and paid, and the evening's totals (one query)."""
    people = sorted(evening.participants.select_related("member"),
                    key=lambda p: (p.is_guest, p.name.casefold()))
    received = sum(p.paid_cents for p in people)
    return EveningMoney(
        people=people, due=sum(p.fee_cents for p in people), received=received,
        cash=sum(p.paid_cents for p in people if p.paid_method == PaidMethod.CASH),
        bank=sum(p.paid_cents for p in people if p.paid_method == PaidMethod.BANK),
        owing=[p for p in people if p.paid_cents < p.fee_cents],
    )


@dataclass(frozen=True)
class SeasonMoneyRow:
    name: str  # the member's name, or "Gasten" (every guest together)
    evenings: int
    due: int
    paid: int

    @property
    def owed(self) -> int:
        return self.due - self.paid


@dataclass(frozen=True)
class SeasonMoney:
    rows: list[SeasonMoneyRow]
    evenings: int
    due: int
    paid: int

    @property
    def owed(self) -> int:
        return self.due - self.paid


def season_money(*, competition: Competition, guests_label: str) -> SeasonMoney:
    """Per member: evenings present, due, paid; the guests as one line; the totals. Two queries
    (the aggregate and the members' names), whatever the season's size."""
    sums: dict[str, Any] = {
        "n": Count("id"), "due": Coalesce(Sum("fee_cents"), 0),
        "paid": Coalesce(Sum("paid_cents"), 0),
    }
    query: Any = (Participant.objects.filter(evening__competition=competition)
                  .values("member_id").annotate(**sums).order_by())
    grouped: list[dict[str, Any]] = list(query)
    names = dict(Member.objects.filter(pk__in=[g["member_id"] for g in grouped if g["member_id"]])
                 .values_list("pk", "name"))
    rows = sorted((SeasonMoneyRow(names.get(g["member_id"], ""), g["n"], g["due"], g["paid"])
                   for g in grouped if g["member_id"]), key=lambda r: r.name.casefold())
    rows += [SeasonMoneyRow(guests_label, g["n"], g["due"], g["paid"])
             for g in grouped if not g["member_id"]]
    evenings = competition.evenings.filter(
        Q(participants__isnull=False)).distinct().count()
    return SeasonMoney(rows=rows, evenings=evenings, due=sum(r.due for r in rows),
                       paid=sum(r.paid for r in rows))

