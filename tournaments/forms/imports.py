"""Forms: the season import upload."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..imports import MAX_BYTES


class SeasonImportForm(forms.Form):
    file = forms.FileField(
        label=_("Season workbook"),
        help_text=_("The Excel workbook (.xlsx) exported from a season, with its sheet of hands."),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx"}),
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB."),
                params={"size": MAX_BYTES // (1024 * 1024)},
            )
        return upload
