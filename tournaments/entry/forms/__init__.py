"""The hand form, built from the game's ``hand_fields`` (``scoring.GAMES[game].describe()``).

Nothing here knows a game: each field kind gets a widget (per_side → one number per side with the
player's name as label; an object per side → a small fieldset per side; side → radio buttons;
side_list → a select per position; choice → radio buttons; boolean → checkbox; text_list → one
text input; integer → number input). Field conditions (``scoring.spec.When``/``ExceptSides``)
are evaluated here (server side) and, for conditions on other fields, also by a few lines of JS
that only show or hide; every input is posted and interpreted here.

Posted values become the engine's hand format: empty → missing (or null where the field allows
null; a per-side number left empty → null, which the engine reports at that side); a number that
does not parse → the raw text, so the engine says VALUE_NOT_INTEGER. The engine decides
everything else, with one exception the model makes (``numbers``): a number outside what an
integer column holds, or a NUL character (no text column stores it), is refused here at its
input, and the hand is not saved.

Why plain Python and not ``django.forms``, and which module holds what: docs/architecture.md
("The hand form").
"""

from tournaments.entry.forms.adjusted import adjusted_points_errors, adjusted_points_from
from tournaments.entry.forms.fields import PREFIX, Block, Input, condition_holds
from tournaments.entry.forms.form import HandForm
from tournaments.entry.forms.posted import PostedHand, completed_entry, posted_form, posted_hand

__all__ = [
    "PREFIX",
    "Block",
    "HandForm",
    "Input",
    "PostedHand",
    "adjusted_points_errors",
    "adjusted_points_from",
    "completed_entry",
    "condition_holds",
    "posted_form",
    "posted_hand",
]
