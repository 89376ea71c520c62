"""Forms: drawing a round, swapping seats, seating a late arrival."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from clubmanager.core.text import NAME_MAX_LENGTH, validate_line
from tournaments.models import Participant, Seat


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (optional)"), required=False, min_value=0, max_value=2**62,
        help_text=_("Leave empty for a new random draw; enter a seed to repeat a draw."),
    )


class SeatChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Seat) -> str:
        return _("Table %(table)s, seat %(seat)s: %(name)s") % {
            "table": obj.table.number, "seat": obj.position, "name": obj.participant.name,
        }


class SeatSwapForm(forms.Form):
    first = SeatChoiceField(label=_("Swap"), queryset=Seat.objects.none(),
                            empty_label=_("— choose —"))
    second = SeatChoiceField(label=_("with"), queryset=Seat.objects.none(),
                             empty_label=_("— choose —"))

    def __init__(self, *args: Any, seats: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            cast(SeatChoiceField, self.fields[name]).queryset = seats

    def clean(self) -> dict[str, Any]:
        data = cast("dict[str, Any]", super().clean())  # Form.clean returns cleaned_data
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different seats."))
        return data


class LateArrivalForm(forms.Form):
    """Someone checked in but without a seat in the round, a member not yet here, or a guest."""

    person = forms.ChoiceField(label=_("Who arrived"), required=False)
    guest_name = forms.CharField(label=_("or a walk-in guest"), max_length=NAME_MAX_LENGTH,
                                 required=False, validators=[validate_line])

    def __init__(
        self, *args: Any, unseated: list[Participant], absent: list[Any], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[Any, Any]] = [("", _("— choose —"))]  # label: str or lazy str
        if unseated:
            choices.append(
                (_("Checked in, no seat yet"), [(f"p{p.pk}", p.name) for p in unseated])
            )
        if absent:
            choices.append((_("Not checked in"), [(f"m{m.pk}", m.name) for m in absent]))
        cast(forms.ChoiceField, self.fields["person"]).choices = choices

    def clean(self) -> dict[str, Any]:
        data = cast("dict[str, Any]", super().clean())  # Form.clean returns cleaned_data
        if not data.get("person") and not (data.get("guest_name") or "").strip():
            self.add_error("person", _("Choose who arrived or enter a guest's name."))
        return data
