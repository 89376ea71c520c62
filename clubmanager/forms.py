from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.template import loader
from django.utils.translation import gettext_lazy as _

from .core.text import NAME_MAX_LENGTH, validate_line, validate_notes
from .logo import MAX_BYTES as LOGO_MAX_BYTES
from .logo import Logo, LogoError, logo_from_upload
from .models import Club, Member, PublicName, Role


class SpreadsheetUploadForm(forms.Form):
    """One file, refused above ``max_bytes`` before anything reads it."""

    max_bytes = 2 * 1024 * 1024
    file = forms.FileField()

    def size_limit(self) -> int:
        return self.max_bytes

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        limit = self.size_limit()
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB."),
                params={"size": limit // (1024 * 1024)},
            )
        return upload


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH,
                           validators=[validate_line])
    member_number = forms.CharField(label=_("Member number"), max_length=32,
                                    validators=[validate_line])
    email = forms.EmailField(label=_("Email"), required=False)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False,
                            validators=[validate_line])
    notes = forms.CharField(
        # the limit is the text policy's (NOTES_MAX_LENGTH), refused with a message: no
        # maxlength attribute that would cut a pasted text without saying so
        label=_("Notes"), required=False, validators=[validate_notes],
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    public_name = forms.ChoiceField(
        label=_("Name on public pages"), choices=PublicName.choices, initial=PublicName.SHORT,
        required=False,
        help_text=_("What visitors who are not logged in see; logged-in members of the club "
                    "always see the full name."))

    results_by_mail = forms.BooleanField(
        label=_("Results by e-mail"), required=False,
        help_text=_("The member gets the results of each evening by e-mail (needs an e-mail "
                    "address)."))

    def __init__(self, *args: Any, club: Club, member: Member | None = None, **kwargs: Any):
        if member is not None and "initial" not in kwargs:
            kwargs["initial"] = {f: getattr(member, f) for f in self.base_fields}
        super().__init__(*args, **kwargs)
        self.club = club
        self.member = member
        self.fields["name"].widget.attrs["autocomplete"] = "off"

    def clean_public_name(self) -> str:
        """Not posted (an older form, a script): the member's choice stays, a new one gets the
        default."""
        chosen: str = self.cleaned_data.get("public_name") or ""
        return chosen or (self.member.public_name if self.member else PublicName.SHORT)

    def clean_member_number(self) -> str:
        number: str = self.cleaned_data["member_number"].strip()
        taken = Member.objects.filter(club=self.club, member_number=number)
        if self.member is not None:
            taken = taken.exclude(pk=self.member.pk)
        if taken.exists():
            raise forms.ValidationError(
                _("Member number %(number)s is already in use in this club."),
                params={"number": number},
            )
        return number


class MemberSearchForm(forms.Form):
    STATUS_CHOICES = [
        ("active", _("Active")),
        ("inactive", _("Inactive")),
        ("all", _("All")),
    ]
    q = forms.CharField(label=_("Search"), required=False, max_length=100)
    status = forms.ChoiceField(label=_("Show"), choices=STATUS_CHOICES, required=False)


class MemberImportForm(SpreadsheetUploadForm):
    file = forms.FileField(
        label=_("Member sheet"),
        help_text=_("Excel (.xlsx) or CSV (.csv); columns: name (or first name, insertion, "
                    "surname), member number, email, phone."),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
    )

    def size_limit(self) -> int:
        return settings.MEMBER_IMPORT_MAX_BYTES


class RoleGrantForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.MEMBER)
    member = forms.ModelChoiceField(
        label=_("Member"),
        queryset=Member.objects.none(),
        required=False,
        help_text=_("Link the login to a member so they can see their own results."),
    )
    password = forms.CharField(
        label=_("Starting password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Only for a new login; the user can change it after logging in. An "
                    "existing login's password is not changed here."),
    )
    # Shown (ticked by the club admin) only after the page said whom the member is linked to.
    move_link = forms.BooleanField(label=_("Move the link"), required=False,
                                   widget=forms.HiddenInput)

    def ask_to_move_link(self) -> None:
        """Show the "Move the link" box (the service named the login the member has)."""
        self.fields["move_link"].widget = forms.CheckboxInput()

    def __init__(self, *args: Any, club: Club, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.club = club
        member = cast("forms.ModelChoiceField[Member]", self.fields["member"])
        member.queryset = Member.objects.filter(club=club, is_active=True)

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"].strip()
        field = get_user_model()._meta.get_field("username")
        for validator in field.validators:
            validator(username)
        return username


class RoleChangeForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class PasswordResetLaterForm(PasswordResetForm):
    """Django's reset form, with the mails kept to be sent after the answer
    (``views.PasswordResetView``, ``clubmanager.core.mail``): ``save`` only finds the logins and
    makes their tokens, the same few steps for a known and an unknown address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.outgoing: list[tuple[str, str, dict[str, Any], str | None, str, str | None]] = []

    def send_mail(self, subject_template_name: str, email_template_name: str,
                  context: dict[str, Any], from_email: str | None, to_email: str,
                  html_email_template_name: str | None = None) -> None:
        self.outgoing.append((subject_template_name, email_template_name, context, from_email,
                              to_email, html_email_template_name))

    def messages(self) -> list[EmailMessage]:
        """The kept mails, rendered (in the thread that sends them)."""
        built: list[EmailMessage] = []
        for subject_name, body_name, context, from_email, to_email, html_name in self.outgoing:
            subject = "".join(loader.render_to_string(subject_name, context).splitlines())
            message = EmailMultiAlternatives(
                subject, loader.render_to_string(body_name, context), from_email, [to_email])
            if html_name is not None:
                message.attach_alternative(loader.render_to_string(html_name, context),
                                           "text/html")
            built.append(message)
        return built


class ClubCreateForm(forms.Form):
    """A new club and its first club admin (a superuser's page; ``manage.py club_create``)."""

    name = forms.CharField(label=_("Club name"), max_length=NAME_MAX_LENGTH,
                           validators=[validate_line])
    slug = forms.SlugField(label=_("Short name in web addresses"), max_length=60,
                           required=False, help_text=_("Empty: made from the club name."))
    admin_name = forms.CharField(label=_("Club admin's name"), max_length=150,
                                 validators=[validate_line])
    login = forms.CharField(label=_("Club admin's login"), max_length=150)
    email = forms.EmailField(label=_("Club admin's email"),
                             help_text=_("The link to set a password is sent here."))


class PublicNameForm(forms.Form):
    """A member's own choice of how visitors see their name ("Mijn gegevens")."""

    public_name = forms.ChoiceField(
        label=_("How visitors who are not logged in see your name"),
        choices=PublicName.choices, widget=forms.RadioSelect,
        help_text=_("Logged-in members of the club always see your full name."))
    results_by_mail = forms.BooleanField(
        label=_("Send me the results of each evening by e-mail"), required=False)


class HelpRadio(forms.RadioSelect):
    """Radio buttons with a sentence under each choice (``help`` by value)."""

    def __init__(self, help_texts: dict[str, Any], **kwargs: Any) -> None:
        self.help_texts = help_texts
        super().__init__(**kwargs)

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(*args, **kwargs)
        option["help"] = self.help_texts.get(str(option["value"]), "")
        return option


def _on_off(label: Any, on: tuple[Any, Any], off: tuple[Any, Any]) -> forms.TypedChoiceField:
    """A yes/no setting as two radio buttons, each with its label and sentence."""
    return forms.TypedChoiceField(
        label=label, choices=[("1", on[0]), ("0", off[0])], coerce=lambda value: value == "1",
        widget=HelpRadio({"1": on[1], "0": off[1]}))


class ClubSettingsForm(forms.Form):
    """The club settings page: what every page, PDF and the TV show, and who sees them."""

    name = forms.CharField(
        label=_("Club name"), max_length=NAME_MAX_LENGTH, validators=[validate_line],
        help_text=_("Shown on every page, the PDFs and the TV. The web address stays the same."))
    public_pages = _on_off(
        _("Public pages"),
        (_("On"), _("Anyone may see the standings, the evening results and the TV without "
                    "logging in; names appear as each member chose.")),
        (_("Off"), _("Only logged-in members of the club see the standings and the results.")))
    code_self_confirm = _on_off(
        _("Table codes confirm their own entries"),
        (_("Yes"), _("Where a competition asks for a second person's confirmation, the "
                     "table's QR code may give it too.")),
        (_("No"), _("Where a competition asks for a confirmation, scores entered with a table's "
                    "QR code are confirmed by a member with a login or by a club admin.")))
    language = forms.ChoiceField(
        label=_("Club language"), choices=settings.LANGUAGES,
        help_text=_("Each visitor chooses the language of the pages at the bottom of a page."),
        widget=HelpRadio({"nl": _("The PDFs, the season workbook and the club's e-mails are in "
                                  "Dutch."),
                          "en": _("The PDFs, the season workbook and the club's e-mails are in "
                                  "English.")}))

    @staticmethod
    def initial_of(club: Club) -> dict[str, Any]:
        return {"name": club.name, "public_pages": "1" if club.public_pages else "0",
                "code_self_confirm": "1" if club.code_self_confirm else "0",
                "language": club.language}


class LogoForm(SpreadsheetUploadForm):
    """A logo: refused above the size before it is read, then checked and re-encoded
    (clubmanager/logo.py); ``cleaned_data["file"]`` is the :class:`~.logo.Logo` to keep."""

    max_bytes = LOGO_MAX_BYTES
    file = forms.FileField(
        label=_("Logo"),
        help_text=_("A PNG, JPEG or WebP picture of at most 2 MB. It is made smaller and "
                    "saved again as PNG; what the camera wrote in it (place, date) is left out."),
        widget=forms.ClearableFileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}))

    def clean_file(self) -> Logo:
        upload = cast(Any, super().clean_file())
        try:
            return logo_from_upload(upload)
        except LogoError as exc:
            raise forms.ValidationError(str(exc)) from exc
