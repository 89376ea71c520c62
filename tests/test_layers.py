"""Imports run one way (docs/architecture.md#layers-imports-run-one-way).

Every module of ``clubmanager/``, ``tournaments/`` and ``scoring/`` (migrations aside) has one
layer, given by :data:`PLACES`. The modules are parsed, never imported; every import counts,
also one inside a function or under ``if TYPE_CHECKING:``. A module may import its own layer
and the layers below it, never one above, and no module may import an entry point. No two
modules may import each other, directly or round a longer loop.

``tournaments/`` is cut by feature (:data:`FEATURES`; docs/architecture.md#features): within a
feature the layers above hold (views > forms > services > selectors > models > engine), and one
feature imports another only through its services or selectors (or its models and engine
modules, :data:`BETWEEN_FEATURES`), never its views, forms or URLs. Shared code, the games and
the models import no feature.

Today's code breaks the rules in places: :data:`KNOWN_UPWARD_IMPORTS`,
:data:`KNOWN_FEATURE_IMPORTS` and :data:`KNOWN_CYCLES` list them (all empty). The test fails
on a break that is not listed, and on a listed one that is gone (take it off the list), so the
lists only shrink.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable, Mapping
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("clubmanager", "tournaments", "scoring")

#: Top down. A module may import its own layer and the ones below it.
LAYERS = ("urls", "views", "forms", "services", "selectors", "games/pdf/workbook", "models",
          "engine")
#: Outside the ladder: may import anything; nothing on the ladder may import one (read the
#: settings through ``django.conf.settings``, never ``clubmanager.project.settings``).
ENTRY = "entry point"

#: The feature packages of ``tournaments/`` (docs/architecture.md#features): each holds its own
#: views, forms, services, selectors, URLs and template tags.
FEATURES = ("competitions", "evenings", "draws", "entry", "standings", "workbook", "privacy")
#: What one feature may import of another: its reads and writes, and what lies below them.
BETWEEN_FEATURES = ("services", "selectors", "models", "engine")

#: Path pattern (from the repository root) -> layer. The first pattern that matches wins; a
#: module no pattern matches fails the test: place a new module here.
PLACES: tuple[tuple[str, str], ...] = (
    # -- entry points: run by Django, gunicorn or manage.py, imported by nothing of ours
    ("clubmanager/project/settings.py", ENTRY),
    ("clubmanager/project/wsgi.py", ENTRY),
    ("clubmanager/project/asgi.py", ENTRY),
    ("*/apps.py", ENTRY),
    ("*/management/*", ENTRY),
    ("tournaments/demo/*", ENTRY),  # the demo data, run by `manage.py demo_data`
    ("clubmanager/project/gunicorn_logging.py", ENTRY),  # gunicorn's logger class (`make run`)
    # -- engine: plain Python, no Django
    ("scoring/*", "engine"),
    # The draw generator works on plain objects and stays pure (STYLE.md), like the engine:
    # at the bottom it can import nothing of the site.
    ("tournaments/draws/draw.py", "engine"),
    # Who sits out and the koppel movement: pure like the draw, recomputable from the seed.
    ("tournaments/draws/rota.py", "engine"),
    # Plain-Python helpers that import nothing of the site: the JSON depth bound every parse of
    # posted or uploaded JSON goes through, and the redaction of table codes in log lines.
    ("clubmanager/core/json_limits.py", "engine"),
    ("clubmanager/core/log_redaction.py", "engine"),
    # The logo's structure walk (plain Python) and its decoding process (Pillow only: it runs
    # as a script of its own, without Django).
    ("clubmanager/logo_structure.py", "engine"),
    ("clubmanager/logo_decode.py", "engine"),
    # The apps' package roots and the feature packages' roots are empty: at the bottom they
    # stay so. So are the roots of the project and of the site-wide plumbing
    # (docs/architecture.md#clubmanager-in-three-parts).
    ("clubmanager/__init__.py", "engine"),
    ("clubmanager/project/__init__.py", "engine"),
    ("clubmanager/core/__init__.py", "engine"),
    ("tournaments/__init__.py", "engine"),
    *((f"tournaments/{feature}/__init__.py", "engine")
      for feature in (*FEATURES, "shared", "codes")),
    # The one generator of codes and their form: plain Python (``secrets``, ``re``).
    ("tournaments/codes/tokens.py", "engine"),
    # -- urls
    # The root URLconf (clubmanager/project/urls.py) is one of these: it includes the others by
    # their dotted names and imports no view (test_the_root_urlconf_imports_no_view).
    ("*/urls.py", "urls"),
    ("clubmanager/club_urls.py", "urls"),  # /clubs/<slug:club>/: members and roles
    ("tournaments/club_urls.py", "urls"),  # /clubs/<slug:club>/: club settings and privacy
    ("tournaments/entry/table_code_urls.py", "urls"),  # /t/<code>/..., included by the project
    ("tournaments/evenings/door_urls.py", "urls"),  # /deur/<code>/..., included by the project
    ("tournaments/standings/share_urls.py", "urls"),  # /uitslag/<code>/, included by the project
    ("clubmanager/core/converters.py", "urls"),  # the URL converters
    # -- views: what handles a request, and what a view uses only
    ("*/views.py", "views"),
    ("*/views/*", "views"),
    ("clubmanager/core/access.py", "views"),  # the view decorators (club_view, ...)
    ("clubmanager/core/http.py", "views"),  # the request types those decorators make
    ("*/templatetags/*", "views"),
    ("*/admin.py", "views"),
    ("*/middleware.py", "views"),
    ("clubmanager/core/csp.py", "views"),  # the Content-Security-Policy middleware
    ("clubmanager/core/pwa.py", "views"),  # the service worker and the web app manifest
    ("clubmanager/core/login_views.py", "views"),  # logging in and out
    ("clubmanager/import_undo_views.py", "views"),  # undoing a member import
    ("*/context_processors.py", "views"),
    # -- forms
    ("*/forms.py", "forms"),
    ("*/forms/*", "forms"),
    # The number fields and bounds every form uses, and the fee fields (competitions, club
    # defaults, the money page).
    ("tournaments/shared/numbers.py", "forms"),
    ("tournaments/shared/money_forms.py", "forms"),
    # -- services: writes
    ("*/services.py", "services"),
    ("clubmanager/import_undo.py", "services"),  # undoing a member import
    ("*/services/*", "services"),
    # Backup and restore write the whole database (the management commands call them).
    ("clubmanager/core/backup.py", "services"),
    # Sends mail after the answer (password reset): an outside effect, like a write.
    ("clubmanager/core/mail.py", "services"),
    # The codes' home (docs/architecture.md#codes), shared by the table codes, the door and
    # the share links, importing no feature: the throttle counts and clears the failed
    # attempts (rows of TableCodeFailure) and the lookup counts one: writes.
    ("tournaments/codes/throttle.py", "services"),
    ("tournaments/codes/lookup.py", "services"),
    # The refusals every write checks first (a closed evening, a locked table).
    ("tournaments/shared/guards.py", "services"),
    # -- selectors: reads
    ("*/selectors.py", "selectors"),
    ("*/selectors/*", "selectors"),
    # Reads a posted idempotency key and looks up the change it already made, for the score
    # services and views.
    ("tournaments/entry/entry_keys.py", "selectors"),
    # How a member's name is shown to a visitor (the AVG choice): a read, for the public views.
    ("clubmanager/privacy.py", "selectors"),
    # -- games/pdf/workbook: the site around the engine, the printed sheets and the files
    ("tournaments/games/*", "games/pdf/workbook"),
    ("tournaments/pdf/*", "games/pdf/workbook"),  # the page layout every PDF shares
    ("tournaments/*/pdf/*", "games/pdf/workbook"),  # a feature's own PDFs
    # The one adapter between the engine and the stored rows (STYLE.md): selectors, services
    # and games all use it; it uses models and the engine only.
    ("tournaments/shared/matches.py", "games/pdf/workbook"),
    # The engine's codes as sentences; a game's own codes come from the games registry, in
    # this same layer (the games write theirs with games/sentences.py, never with this one).
    ("tournaments/shared/messages.py", "games/pdf/workbook"),
    # A code drawn as a QR code: for the pages (templatetags, the door) and the PDFs
    # (entry/pdf/code_mark.py).
    ("tournaments/shared/qr.py", "games/pdf/workbook"),
    # Cents as euros in the page's language (the pages, the PDFs, the forms' bounds).
    ("tournaments/shared/money.py", "games/pdf/workbook"),
    # The season workbook: columns, written from the rows workbook/selectors.py reads, read
    # back and checked, and kept on disk once built (cache.py gets the fingerprint and the
    # build from the selector); it never queries. Writes are workbook/services.py's.
    ("tournaments/workbook/*", "games/pdf/workbook"),
    # The member sheet read (member_sheet.py): a file into rows to check; the writes are
    # clubmanager/services.py's (member_import_apply).
    ("clubmanager/member_sheet.py", "games/pdf/workbook"),
    # Its columns (which header means what, a name from its parts) and the checks of one
    # member's cells (phone, e-mail, the name compared for duplicates).
    ("clubmanager/member_columns.py", "games/pdf/workbook"),
    ("clubmanager/member_checks.py", "games/pdf/workbook"),
    # The import's preview: each row against the club's members (no query: they are given).
    ("clubmanager/member_preview.py", "games/pdf/workbook"),
    # The one way in for uploads: archive checks, the streamed XML parts, the cells; neutral
    # (no model), read by member_sheet.py and tournaments/workbook/read.py.
    ("clubmanager/core/spreadsheet/*", "games/pdf/workbook"),
    # The club logo's checks and re-encoding (an upload into the PNG we keep); no model, the
    # write is clubmanager/services.py's (club_logo_set).
    ("clubmanager/logo.py", "games/pdf/workbook"),
    # -- models
    ("*/models.py", "models"),
    ("*/models/*", "models"),
    # The text policy for every free-text name: the models' validators, so at their layer.
    ("clubmanager/core/text.py", "models"),
    # What an unchanged poll reads, kept in Django's cache until a write's transaction commits:
    # the stamps (models) move it, the access decorators and the poll views read through it.
    ("clubmanager/core/live_cache.py", "models"),
    # Django's ModelBackend with its user read through that cache, and the receivers that move
    # it when a user is saved: the models' own signals, as the stamps are.
    ("clubmanager/core/auth_backend.py", "models"),
    # The cache backend the settings name for it on one machine (Django's, counting less).
    ("clubmanager/core/folder_cache.py", "models"),
    # The hand history's receiver: part of saving a hand, as a model's own signal would be.
    ("tournaments/entry/history.py", "models"),
    # The stored reglement as the engine's season document, and in words: read by the model's
    # check, the selectors and the pages.
    ("tournaments/shared/season_rules.py", "models"),
    # The reglement's sit-out scores and movement, part of the stored reglement above.
    ("tournaments/shared/sit_out_rules.py", "models"),
)

#: Today's imports of a higher layer (or of an entry point): ``"importer -> imported"``.
#: Only remove entries; the test says which are gone.
KNOWN_UPWARD_IMPORTS: frozenset[str] = frozenset({
})

#: Today's imports of another feature's views, forms or URLs (or of a feature by a module
#: outside every feature): ``"importer -> imported"``. Only remove entries.
KNOWN_FEATURE_IMPORTS: frozenset[str] = frozenset({
})

#: Today's import cycles, each as the sorted modules of one loop (a strongly connected
#: component of the import graph). Only remove entries, or modules from an entry.
KNOWN_CYCLES: frozenset[tuple[str, ...]] = frozenset()


# -- the graph ---------------------------------------------------------------------------------
def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def find_modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root`` by dotted name, migrations aside."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.relative_to(root).parts:
                found[module_name(root, path)] = path
    return found


def _known(name: str, modules: Mapping[str, Path]) -> str | None:
    """The module ``name`` is (or is in): ``a.b.c`` names ``a.b`` when ``c`` is in it."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.Import | ast.ImportFrom, name: str, is_package: bool,
              modules: Mapping[str, Path]) -> set[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:  # relative: from the module's package, one level up per extra dot
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join([*base, *([node.module] if node.module else [])])
        else:
            prefix = node.module or ""
        # ``from a import b``: the module a.b if there is one, else a name defined in a
        names = [f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in modules else prefix
                 for alias in node.names]
    return {found for n in names if (found := _known(n, modules)) is not None}


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports anywhere in its source.

    A module's import of a package it sits in counts only when it names something the
    package's ``__init__`` defines (importing ``a.b.c`` runs ``a/b/__init__.py`` first in any
    case: that is Python's doing, not a dependency).
    """
    modules = find_modules(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):  # every import: in functions, under TYPE_CHECKING, ...
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name] |= _imported(node, name, path.name == "__init__.py", modules)
        graph[name].discard(name)
    return graph


# -- the layers --------------------------------------------------------------------------------
def layer_of(path: str) -> str | None:
    """The layer of the module at ``path`` (posix, from the repository root), or None."""
    return next((layer for pattern, layer in PLACES if fnmatchcase(path, pattern)), None)


def _rank(layer: str) -> int:
    return -1 if layer == ENTRY else LAYERS.index(layer)


def upward_imports(graph: Mapping[str, set[str]], layers: Mapping[str, str]) -> dict[str, str]:
    """``"a -> b"`` -> why it breaks the rule, for each import of a higher layer (modules
    without a layer left out: test_every_module_has_a_layer names them)."""
    found: dict[str, str] = {}
    for importer, imported in sorted((a, b) for a, targets in graph.items() for b in targets):
        if importer not in layers or imported not in layers:
            continue
        high, low = layers[imported], layers[importer]
        if _rank(high) < _rank(low):
            found[f"{importer} -> {imported}"] = f"{low} imports {high}"
    return found


def feature_of(name: str) -> str | None:
    """The feature package the module ``name`` sits in, or None (shared, games, models, ...)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "tournaments" and parts[1] in FEATURES \
        else None


def feature_imports(graph: Mapping[str, set[str]], layers: Mapping[str, str]) -> dict[str, str]:
    """``"a -> b"`` -> why it breaks the rule between features: ``a`` imports a module of another
    feature that is not one of its services, selectors, models or engine modules; or ``a`` sits
    outside every feature (shared code, the games, the models) and imports a feature at all.
    Entry points and URL modules (the include lists) may gather features."""
    found: dict[str, str] = {}
    for importer, imported in sorted((a, b) for a, targets in graph.items() for b in targets):
        home, other = feature_of(importer), feature_of(imported)
        if other is None or home == other or importer not in layers or imported not in layers:
            continue
        if layers[importer] in (ENTRY, "urls"):
            continue
        if home is None:
            found[f"{importer} -> {imported}"] = f"outside the features, imports {other}"
        elif layers[imported] not in BETWEEN_FEATURES:
            found[f"{importer} -> {imported}"] = (f"{home} imports {other}'s "
                                                  f"{layers[imported]}")
    return found


def cycles(graph: Mapping[str, set[str]]) -> dict[tuple[str, ...], list[str]]:
    """Each loop of imports (a strongly connected component, as its sorted modules) -> one
    shortest cycle through its first module, to show."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:  # Tarjan's algorithm; the graph is small
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(component)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return {tuple(sorted(c)): _shortest_cycle(graph, sorted(c)) for c in components
            if len(c) > 1}


def _shortest_cycle(graph: Mapping[str, set[str]], members: list[str]) -> list[str]:
    start, inside = members[0], set(members)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(graph[node] & inside):
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def against_known(what: str, found: Mapping[str, str], known: Iterable[str]) -> list[str]:
    """The lines to print: what is ``found`` but not ``known``, and what is ``known`` no more."""
    known = set(known)
    new = [f"  {key}  ({why})" for key, why in found.items() if key not in known]
    gone = [f"  {key}" for key in sorted(known - set(found))]
    lines: list[str] = []
    if new:
        lines += [f"New {what} (fix the import, or move the code to the layer it belongs to; "
                  "see docs/architecture.md#layers-imports-run-one-way):", *new]
    if gone:
        lines += [f"Listed {what} that are gone: well done, now take them off the list in "
                  "tests/test_layers.py:", *gone]
    return lines


def _layers(root: Path, modules: Iterable[str]) -> tuple[dict[str, str], list[str]]:
    paths = find_modules(root, PACKAGES)
    layers: dict[str, str] = {}
    unplaced: list[str] = []
    for name in modules:
        path = paths[name].relative_to(root).as_posix()
        layer = layer_of(path)
        if layer is None:
            unplaced.append(path)
        else:
            layers[name] = layer
    return layers, unplaced


# -- the tests ---------------------------------------------------------------------------------
def test_every_module_has_a_layer() -> None:
    _layers_found, unplaced = _layers(ROOT, find_modules(ROOT, PACKAGES))
    assert not unplaced, ("These modules have no layer: add each to PLACES in "
                          "tests/test_layers.py, with why when it is not obvious:\n  "
                          + "\n  ".join(unplaced))


def test_imports_run_one_way() -> None:
    graph = import_graph(ROOT, PACKAGES)
    layers, _unplaced = _layers(ROOT, graph)
    lines = against_known("imports of a higher layer", upward_imports(graph, layers),
                          KNOWN_UPWARD_IMPORTS)
    if lines:
        pytest.fail("\n".join(["Layers, top down: " + " > ".join(LAYERS), *lines]),
                    pytrace=False)


def test_features_meet_through_services_and_selectors() -> None:
    graph = import_graph(ROOT, PACKAGES)
    layers, _unplaced = _layers(ROOT, graph)
    lines = against_known("imports between features", feature_imports(graph, layers),
                          KNOWN_FEATURE_IMPORTS)
    if lines:
        pytest.fail("\n".join([f"Between features only: {', '.join(BETWEEN_FEATURES)}", *lines]),
                    pytrace=False)


def test_no_import_cycles() -> None:
    found = cycles(import_graph(ROOT, PACKAGES))
    shown = {" ~ ".join(key): " -> ".join(cycle) for key, cycle in found.items()}
    lines = against_known("import cycles", shown, (" ~ ".join(key) for key in KNOWN_CYCLES))
    if lines:
        pytest.fail("\n".join(lines), pytrace=False)


def test_the_root_urlconf_imports_no_view() -> None:
    """The project's URLs include each part's URL module by name: no view module of ours."""
    from django.conf import settings

    root = settings.ROOT_URLCONF
    assert root == "clubmanager.project.urls"
    graph = import_graph(ROOT, PACKAGES)
    layers, _unplaced = _layers(ROOT, graph)
    views = sorted(name for name in graph[root] if layers.get(name) == "views")
    assert not views, f"{root} imports views: {views}; include their URL module instead"
    assert graph[root] == set(), f"{root} imports {sorted(graph[root])}; include by name"


# -- the checker itself, on a made-up tree -------------------------------------------------------
MADE_UP = {
    "tournaments/__init__.py": "",
    "tournaments/apps.py": "from .views import pages\n",
    "tournaments/models.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .selectors.rows import Row\n"
        "def later():\n"
        "    from tournaments.views import pages\n"
    ),
    "tournaments/selectors/__init__.py": "",
    "tournaments/selectors/rows.py": "from ..models import later\nimport scoring.rules\n",
    "tournaments/views/__init__.py": "",
    "tournaments/views/pages.py": "from tournaments import apps\nfrom . import helpers\n",
    "tournaments/views/helpers.py": "from .. import models\n",
    "tournaments/migrations/0001_initial.py": "from tournaments.views import pages\n",
    "scoring/__init__.py": "",
    "scoring/rules.py": "import json\n",
}


@pytest.fixture
def made_up(tmp_path: Path) -> Path:
    for name, source in MADE_UP.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(source)
    return tmp_path


def test_the_graph_sees_every_kind_of_import(made_up: Path) -> None:
    graph = import_graph(made_up, ("tournaments", "scoring"))
    assert "tournaments.migrations.0001_initial" not in graph
    assert graph["tournaments.models"] == {"tournaments.selectors.rows",  # TYPE_CHECKING
                                           "tournaments.views.pages"}  # in a function
    assert graph["tournaments.selectors.rows"] == {"tournaments.models", "scoring.rules"}
    assert graph["tournaments.views.pages"] == {"tournaments.apps", "tournaments.views.helpers"}
    assert graph["tournaments.views.helpers"] == {"tournaments.models"}


def test_the_checker_finds_upward_imports_and_cycles(made_up: Path) -> None:
    graph = import_graph(made_up, ("tournaments", "scoring"))
    layers = {name: layer_of(path.relative_to(made_up).as_posix()) or "?"
              for name, path in find_modules(made_up, ("tournaments", "scoring")).items()}
    assert upward_imports(graph, layers) == {
        "tournaments.models -> tournaments.selectors.rows": "models imports selectors",
        "tournaments.models -> tournaments.views.pages": "models imports views",
        "tournaments.views.pages -> tournaments.apps": "views imports entry point",
    }
    assert cycles(graph) == {
        ("tournaments.apps", "tournaments.models", "tournaments.selectors.rows",
         "tournaments.views.helpers", "tournaments.views.pages"):
            ["tournaments.apps", "tournaments.views.pages", "tournaments.apps"],
    }


def test_the_checker_finds_imports_between_features() -> None:
    graph = {
        "tournaments.evenings.views.money": {"tournaments.competitions.forms.fees",
                                             "tournaments.competitions.selectors",
                                             "tournaments.evenings.forms.money"},
        "tournaments.shared.money": {"tournaments.evenings.selectors.money"},
        "tournaments.urls": {"tournaments.evenings.urls"},
        "tournaments.evenings.urls": set(),
        "tournaments.competitions.forms.fees": set(), "tournaments.competitions.selectors": set(),
        "tournaments.evenings.forms.money": set(), "tournaments.evenings.selectors.money": set(),
    }
    layers = {name: layer_of(name.replace(".", "/") + ".py") or "?" for name in graph}
    assert feature_imports(graph, layers) == {
        "tournaments.evenings.views.money -> tournaments.competitions.forms.fees":
            "evenings imports competitions's forms",
        "tournaments.shared.money -> tournaments.evenings.selectors.money":
            "outside the features, imports evenings",
    }


def test_a_known_entry_that_is_gone_fails() -> None:
    lines = against_known("cycles", {"a ~ b": "a -> b -> a"}, ["a ~ b", "c ~ d"])
    assert lines == ["Listed cycles that are gone: well done, now take them off the list in "
                     "tests/test_layers.py:", "  c ~ d"]
    assert against_known("cycles", {"a ~ b": "a -> b -> a"}, ["a ~ b"]) == []
