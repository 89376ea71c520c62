"""Forms: a competition's fixed pairs."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubmanager.models import Member


class FixedPairForm(forms.Form):
    """Two members to pair.

    The selects offer only ``available`` (active members not yet in a pair); any member of the
    club is accepted, so that the service names the rule when someone was paired or deactivated
    meanwhile (another club's member is not a valid choice at all).
    """

    first = forms.ModelChoiceField(label=_("Player"), queryset=Member.objects.none())
    second = forms.ModelChoiceField(label=_("plays with"), queryset=Member.objects.none())

    def __init__(
        self, *args: Any, members: QuerySet[Member], available: list[Member], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        names = Counter(m.name for m in available)
        choices = [("", _("— choose —")), *(
            (m.pk, str(m) if names[m.name] > 1 else m.name) for m in available
        )]  # the member number only where two members share a name
        for name in ("first", "second"):
            field = cast("forms.ModelChoiceField[Member]", self.fields[name])
            field.queryset = members
            field.widget.choices = choices
