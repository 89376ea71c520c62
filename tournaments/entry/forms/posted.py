"""What a save asks of the forms layer, in one call: the posted hand form, the entry completed
as the game completes it, and an admin's adjusted score, each refusal on the form.

So the save view reads top-down (docs/architecture.md, "One write path for every save"): it asks
for permission, gets this, calls the service and renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from clubmanager.core.text import reason_refusal
from tournaments.entry.forms.adjusted import adjusted_points_errors, adjusted_points_from
from tournaments.entry.forms.form import HandForm
from tournaments.games import site_game
from tournaments.shared.matches import MatchView


@dataclass(frozen=True)
class PostedHand:
    """The form (with any refusal of its own), the entry completed, the adjusted points."""

    form: HandForm
    data: dict[str, Any]
    adjusted: dict[str, Any] | None


def completed_entry(form: HandForm, view: MatchView) -> dict[str, Any]:
    """The posted entry with what follows from it filled in (``Entry.complete``),
    shown in the form's fields."""
    data = form.parse()
    completed = site_game(form.game).entry.complete(data, view)
    form.show_completed(data, completed)
    return completed


def posted_form(post: Mapping[str, Any], *, game: str, sides: Sequence[str],
                before: MatchView) -> HandForm:
    """The hand form as posted, for the match as the entry finds it (``before``)."""
    return HandForm(game=game, sides=sides, options=dict(before.options), post=post,
                    state=before.state)


def posted_hand(post: Mapping[str, Any], *, game: str, sides: Sequence[str],
                before: MatchView, stored: Mapping[str, Any] | None = None) -> PostedHand:
    """The posted hand, refused on the form where the form itself can tell (see
    ``HandForm.parse``), where the adjusted points are out of the game's bounds, or where the
    reason for them breaks the text policy (``clubmanager.core.text``): nothing is saved then.
    ``stored``: the hand as entered before, when this is a correction
    (``Entry.kept_on_correction``)."""
    form = posted_form(post, game=game, sides=sides, before=before)
    data = completed_entry(form, before)
    if stored is not None:
        data = site_game(game).entry.kept_on_correction(stored, data)
    adjusted = adjusted_points_from(post, sides)
    form.general_errors += adjusted_points_errors(adjusted, game=game, options=form.options,
                                                  sides_display=form.display)
    refused = reason_refusal(str(post.get("adjusted_reason", "")))
    if refused is not None:
        form.general_errors.append(_("Reason for the adjusted score: %(problem)s")
                                   % {"problem": refused})
    return PostedHand(form, data, adjusted)
