"""Demo data: two clubs with members and a login for every role (idempotent).

The first of the loaders in ``settings.DEMO_DATA_LOADERS``; the competitions and the played
evenings follow (``competitions``, ``scores``).
"""

from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from clubmanager.models import Club, ClubRole, Member, Role

DEMO_PASSWORD = "demo-wachtwoord"  # noqa: S105 - documented demo login, never for production

FIRST_NAMES = [
    "Jan",
    "Marijke",
    "Henk",
    "Truus",
    "Kees",
    "Annie",
    "Piet",
    "Gerda",
    "Wim",
    "Ria",
    "Cor",
    "Joke",
    "Bert",
    "Ineke",
    "Gerrit",
    "Wilma",
    "Hans",
    "Thea",
    "Klaas",
    "Mien",
    "Dirk",
    "Riet",
    "Joop",
    "Tineke",
    "Sjaak",
    "Ans",
]
LAST_NAMES = [
    "de Vries",
    "Jansen",
    "van den Berg",
    "Bakker",
    "Visser",
    "Smit",
    "Meijer",
    "de Boer",
    "Mulder",
    "de Groot",
    "Bos",
    "Vos",
    "Peters",
    "Hendriks",
    "van Leeuwen",
    "Dekker",
    "Brouwer",
    "de Wit",
    "Dijkstra",
    "Smits",
    "de Graaf",
    "van der Meer",
    "Kok",
    "Jacobs",
    "van Dijk",
    "Willems",
]

CLUBS = [
    # slug, name, username prefix, member number start, name offset
    ("harten-vrouw", "De Harten Vrouw", "hv", 101, 0),
    ("ons-genoegen", "Klaverjas- en Kaartclub Ons Genoegen", "og", 2001, 7),
]
MEMBERS_PER_CLUB = 24
ROLE_USERS = [("admin", Role.ADMIN), ("schrijver", Role.SCOREKEEPER), ("lid", Role.MEMBER)]


def _member_name(index: int, offset: int) -> str:
    first = FIRST_NAMES[(index + offset) % len(FIRST_NAMES)]
    last = LAST_NAMES[(index * 7 + offset) % len(LAST_NAMES)]
    return f"{first} {last}"


def _user(username: str, *, superuser: bool = False) -> User:
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=username, defaults={"is_staff": superuser, "is_superuser": superuser}
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def load(stdout: TextIO) -> None:
    logins: list[tuple[str, str]] = []
    for slug, name, prefix, first_number, offset in CLUBS:
        club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": name})
        members = []
        for i in range(MEMBERS_PER_CLUB):
            number = str(first_number + i)
            full_name = _member_name(i, offset)
            email = f"{full_name.lower().replace(' ', '.')}@example.nl"
            member, _ = Member.objects.get_or_create(
                club=club,
                member_number=number,
                defaults={
                    "name": full_name,
                    "email": email,
                    "phone": f"06-{12345600 + first_number + i}",
                    # the last two have left the club: inactive, kept for history
                    "is_active": i < MEMBERS_PER_CLUB - 2,
                },
            )
            members.append(member)
        for index, (suffix, role) in enumerate(ROLE_USERS):
            username = f"{prefix}-{suffix}"
            user = _user(username)
            ClubRole.objects.get_or_create(user=user, club=club, defaults={"role": role})
            member = members[index]
            if member.user_id is None and not Member.objects.filter(club=club, user=user).exists():
                member.user = user
                member.save(update_fields=["user", "updated"])
            logins.append((username, f"{club.name}: {role.label}"))
    _user("admin", superuser=True)
    logins.append(("admin", "superuser (Django admin, every club)"))

    stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):\n")
    for username, what in logins:
        stdout.write(f"  {username:<14} {what}\n")
