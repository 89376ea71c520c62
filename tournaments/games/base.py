"""The site side of a game: one small class assembled from parts, and the registry the site asks.

A game's rules live in ``scoring/games/<key>.py`` (the engine). What the site alone knows about
the game lives in ``tournaments/games/<key>.py``: a :class:`SiteGame` that names the game and
its table sizes, and one part per concern, made with the game as Django's ``DatabaseWrapper``
makes ``self.ops = self.ops_class(self)``:

- ``words`` (``parts.Words``): field and choice labels, the sentences of its own codes, its word
  for an entry;
- ``options`` (``parts.Options``): the competition form's texts and shapes of its options;
- ``entry`` (``entry.Entry``): the entry form's traits;
- ``page`` (``parts.ScorePage``): the state above the hands and the list of hands;
- ``sheet`` (``parts.ScoreSheet``): the printed score sheet;
- ``workbook`` (``workbook_fields.WorkbookColumns``): the workbook's readable columns;
- ``samples`` (``parts.Samples``): sample hands (the demo, tests and benchmarks play them).

A game subclasses only the parts it changes. Site code asks ``site_game(key).<part>``; it
never branches on a key, as code elsewhere asks ``connection.features``, never
``if vendor == ...``. The engine's registry (``scoring.GAMES``) and this one hold the same
keys (a test checks it). ``register``/``unregister`` add and remove a game at run time (the
sixth-game test uses them). docs/architecture.md ("Where a game lives") has the map.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from django.conf import settings
from django.utils.translation import gettext, override

from scoring import GAMES, sweep_points

from .entry import Entry
from .parts import Options, Samples, ScorePage, ScoreSheet, Words
from .workbook_fields import WorkbookColumns


class SiteGame:
    """Everything the site knows about one game. Subclass, set ``key``, the parts it changes
    (``sheet_class`` and ``samples_class`` at least: every game has its own) and register an
    instance."""

    key: ClassVar[str]
    # The game's name as the club knows it (the engine's name is the developers').
    display_name: ClassVar[Any] = None
    table_range: ClassVar[tuple[int, int]] = (2, 4)  # the draw's default table sizes

    words_class: ClassVar[type[Words]] = Words
    options_class: ClassVar[type[Options]] = Options
    entry_class: ClassVar[type[Entry]] = Entry
    page_class: ClassVar[type[ScorePage]] = ScorePage
    sheet_class: ClassVar[type[ScoreSheet]]  # no default: every game has its own
    workbook_class: ClassVar[type[WorkbookColumns]] = WorkbookColumns
    samples_class: ClassVar[type[Samples]]  # no default: every game has its own

    def __init__(self) -> None:
        self.words = self.words_class(self)
        self.options = self.options_class(self)
        self.entry = self.entry_class(self)
        self.page = self.page_class(self)
        self.sheet = self.sheet_class(self)
        self.workbook = self.workbook_class(self)
        self.samples = self.samples_class(self)

    @property
    def team_game(self) -> bool:
        """Four players in two teams of partners: the engine's word, not a second truth."""
        return bool(GAMES[self.key].team_game)

    @property
    def name(self) -> str:
        """The game's name in the active language (``display_name``; else the engine's)."""
        return str(self.display_name or GAMES[self.key].name)

    @property
    def better(self) -> str:
        """Which total wins, the engine's "lower" or "higher"."""
        return str(GAMES[self.key].better)

    def sweep_points(self, options: Any) -> int | None:
        """What a deal with every trick is worth under ``options`` (``scoring.sweep_points``;
        None: the game has none, or no word for it), which a reglement may credit to a sit-out."""
        return sweep_points(self.key, options) if self.words.sweep else None

    def sweep_words(self, options: Any) -> str | None:
        """That deal and its worth in words, "een mars (262 punten)" (None: none)."""
        worth = self.sweep_points(options)
        if worth is None:
            return None
        return gettext("%(deal)s (%(n)s points)") % {"deal": self.words.sweep, "n": worth}

    def names(self) -> set[str]:
        """Every name the game goes by, lower case: the engine's and ours in each language (a
        workbook names its game in the language of the club that wrote it)."""
        found = {str(GAMES[self.key].name).lower(), self.key}
        for code, _language in settings.LANGUAGES:
            with override(code):
                found.add(self.name.lower())
        return found


_REGISTRY: dict[str, SiteGame] = {}


def register(game: SiteGame) -> SiteGame:
    """Add a game's site side; its engine side must be in ``scoring.GAMES`` already."""
    if game.key not in GAMES:
        raise KeyError(f"{game.key!r} is not a game of the rules engine (scoring.GAMES)")
    if game.key in _REGISTRY:
        raise KeyError(f"{game.key!r} is registered already")
    _REGISTRY[game.key] = game
    return game


def unregister(key: str) -> None:
    """Remove a game's site side (tests that add a game take it away again)."""
    _REGISTRY.pop(key, None)


def site_game(key: str) -> SiteGame:
    """The site side of the game ``key`` (KeyError when the site does not know it)."""
    return _REGISTRY[key]


def site_games() -> Iterator[SiteGame]:
    """Every registered game, in the engine's order."""
    return (_REGISTRY[key] for key in GAMES if key in _REGISTRY)


def game_keys() -> list[str]:
    """The keys of the games the site can play: known to the engine and to the site."""
    return [game.key for game in site_games()]


def sample_hands(key: str, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
    """``site_game(key).samples.hands(...)``: the one set of sample hands of every game."""
    return site_game(key).samples.hands(sides, variant)
