from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Club, ClubRole, Member


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(SimpleHistoryAdmin):
    list_display = ["name", "slug", "public_pages", "language", "created"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubRoleInline]


@admin.register(Member)
class MemberAdmin(SimpleHistoryAdmin):
    list_display = ["name", "member_number", "club", "is_active", "email", "phone", "user"]
    list_filter = ["club", "is_active"]
    search_fields = ["name", "member_number", "email"]
    list_select_related = ["club", "user"]
    autocomplete_fields = ["user"]


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]
    autocomplete_fields = ["user"]
