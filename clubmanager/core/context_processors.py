from django.http import HttpRequest

from ..models import Role


def club_context(request: HttpRequest) -> dict[str, object]:
    """The current club and what the user may do there (for menus)."""
    club = getattr(request, "club", None)
    role = getattr(request, "club_role", None)
    return {
        "club": club,
        "club_role": role,
        "club_role_label": Role(role).label if role else "",
        "can_score": Role.at_least(role, Role.SCOREKEEPER),
        "can_manage": Role.at_least(role, Role.ADMIN),
    }
