"""Forms: evenings, check-in and status."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubmanager.core.text import NAME_MAX_LENGTH, validate_line
from tournaments.models import EveningStatus


class EveningForm(forms.Form):
    date = forms.DateField(
        label=_("date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    start_time = forms.TimeField(
        label=_("start time"), required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    not_counting = forms.BooleanField(
        label=_("Does not count for the competition"), required=False,
        help_text=_("For an opening night, a prize evening or a free evening: played as "
                    "usual, left out of the standings."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.initial:
            # The evening's date is the club's local date (Europe/Amsterdam), not UTC's.
            self.initial = {"date": timezone.localdate()}


class GuestForm(forms.Form):
    guest_name = forms.CharField(
        label=_("Walk-in guest"), max_length=NAME_MAX_LENGTH, validators=[validate_line],
        widget=forms.TextInput(attrs={"placeholder": _("Name"),
                                      "autocomplete": "off"}),
    )


class StatusForm(forms.Form):
    status = forms.ChoiceField(choices=EveningStatus.choices)


class CountsForm(forms.Form):
    """Whether an evening counts for the competition (a checkbox on the evening's page)."""

    not_counting = forms.BooleanField(label=_("Does not count for the competition"),
                                      required=False)


class MoveForm(forms.Form):
    """A planned evening's new date and start time."""

    date = forms.DateField(
        label=_("New date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    start_time = forms.TimeField(
        label=_("start time"), required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
