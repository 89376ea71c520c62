"""Everything of the tournaments app in the Django admin, for staff (club admins manage fixed
pairs on their own page, tournaments/competitions/views/pairs.py)."""

from typing import Any

from django.contrib import admin
from django.db import models
from simple_history.admin import SimpleHistoryAdmin

from clubmanager.core.json_limits import BoundedJSONDecoder

from .models import Competition, Evening, FixedPair, Hand, Participant, Round, Seat, Table

#: JSON typed into the admin is read with a bound on its depth: too deep is invalid JSON (Django's
#: own decoder recursed into a RecursionError, a 500).
BOUNDED_JSON: dict[type[models.Field], dict[str, Any]] = {
    models.JSONField: {"decoder": BoundedJSONDecoder}}


class FixedPairInline(admin.TabularInline):
    model = FixedPair
    extra = 1
    raw_id_fields = ("first", "second")


@admin.register(Competition)
class CompetitionAdmin(SimpleHistoryAdmin):
    formfield_overrides = BOUNDED_JSON
    list_display = ("name", "club", "game", "start_date", "end_date")
    list_filter = ("club", "game")
    inlines = [FixedPairInline]


@admin.register(Evening)
class EveningAdmin(SimpleHistoryAdmin):
    list_display = ("competition", "date", "status")
    list_filter = ("status", "competition__club")


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ("evening", "member", "guest_name")
    raw_id_fields = ("evening", "member")


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ("participant",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("evening", "number", "seed")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    formfield_overrides = BOUNDED_JSON
    list_display = ("round", "number", "game", "hand_count", "finished", "confirmed_at")
    inlines = [SeatInline]
    raw_id_fields = ("round", "confirmed_by")


@admin.register(Hand)
class HandAdmin(SimpleHistoryAdmin):
    formfield_overrides = BOUNDED_JSON
    list_display = ("table", "number", "updated_by", "updated")
    raw_id_fields = ("table", "created_by", "updated_by")
