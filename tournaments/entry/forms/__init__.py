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

Split by responsibility, not a Django form with fields built at run time. What the form does
is not what ``django.forms`` does: a field here is a block of inputs per side or per position,
shown or hidden by conditions on other fields, parsed into the engine's nested hand format, and
annotated with the engine's issues at the side they name. A Django form would keep its fields
flat and its errors per field, so the same code would live in ``clean()`` and the templates,
beside a framework that does little of it. So the form stays plain Python, one module per
responsibility, each a class or functions given what they need (no mixins sharing the form's
attributes): ``building`` makes the blocks from the game (``Builder``), ``parsing`` reads the
post into the engine's hand (``Reader``), ``issues`` turns the engine's codes into messages
at their inputs (``Placer``, the sentences); ``form`` (``HandForm``) holds what the page
shows and calls the three; ``fields`` has the parts they share (``Input``, ``Block``, the
conditions), ``adjusted`` an admin's adjusted score, and ``posted`` is what a save asks of
the forms layer. docs/architecture.md ("The hand form") says the same for a newcomer.
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
