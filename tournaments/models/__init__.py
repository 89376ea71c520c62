"""Competitions (seasons), club evenings, check-in, rounds, tables, seats and hands.

Store what was entered, derive the rest: a ``Hand`` keeps the hand as the scorekeeper entered
it (JSON, in the engine's format); each ``Seat`` keeps the derived integers of its side (raw
points, competition points, place) written in the same transaction as the hand, so standings
are one SQL aggregate over seats.

One module per part of the evening: competitions, evenings (and their tables and seats),
table codes and hands. Import them from here: ``from tournaments.models import Hand``.
"""

from .club_defaults import ClubDefaults
from .codes import TableCode, TableCodeFailure
from .competitions import Better, Competition, FixedPair, Tiebreak
from .door import DoorCheckin
from .evenings import (
    CallOff,
    Evening,
    EveningStatus,
    PaidMethod,
    Participant,
    Round,
    Seat,
    SitOut,
    Table,
)
from .hands import CodeTrail, Hand, KeyedChange, KeyedHistory
from .mail import MailStatus, ResultsMail
from .stamps import stamp_club, stamp_competition, stamp_evening

__all__ = [
    "Better", "CallOff", "ClubDefaults", "CodeTrail", "Competition", "DoorCheckin", "Evening",
    "EveningStatus", "FixedPair", "Hand", "KeyedChange", "KeyedHistory", "MailStatus",
    "PaidMethod", "Participant", "ResultsMail", "Round", "Seat", "SitOut", "Table", "TableCode",
    "TableCodeFailure", "Tiebreak", "stamp_club", "stamp_competition", "stamp_evening",
]
