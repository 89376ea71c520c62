"""Forms: the season import upload."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubmanager.forms import SpreadsheetUploadForm
from tournaments.workbook.read import MAX_BYTES


class SeasonImportForm(SpreadsheetUploadForm):
    max_bytes = MAX_BYTES
    file = forms.FileField(
        label=_("Season workbook"),
        help_text=_("The Excel workbook (.xlsx) exported from a season, with its sheet of hands."),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx"}),
    )
