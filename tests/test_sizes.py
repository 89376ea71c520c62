"""Sizes a newcomer can read (STYLE.md "Size"): no module of ``clubmanager/``,
``tournaments/``, ``scoring/`` or ``benchmarks/`` (migrations aside) over 400 lines, no function
or method over 60 lines, counted from its ``def`` to its last line (decorators not counted).

:data:`KNOWN_LONG_MODULES` and :data:`KNOWN_LONG_FUNCTIONS` list today's exceptions. The test
fails on a module or function over the limit that is not listed, and on a listed one that is
within it now (take it off the list), so the lists only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from tests.test_layers import against_known

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("clubmanager", "tournaments", "scoring", "benchmarks")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60

#: Today's modules over the limit, by path. Only remove entries.
KNOWN_LONG_MODULES: frozenset[str] = frozenset()

#: Today's functions over the limit, as ``path:qualified name``. Only remove entries.
KNOWN_LONG_FUNCTIONS: frozenset[str] = frozenset({
})


def source_files(root: Path, packages: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(posix path from ``root``, source) of each module, migrations aside."""
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            if "migrations" not in relative.parts:
                yield relative.as_posix(), path.read_text(encoding="utf-8")


def long_modules(files: Iterable[tuple[str, str]], limit: int) -> dict[str, str]:
    found = {}
    for path, source in files:
        lines = len(source.splitlines())
        if lines > limit:
            found[path] = f"{lines} lines"
    return found


Function = ast.FunctionDef | ast.AsyncFunctionDef


def _functions(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, Function]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, Function | ast.ClassDef):
            name = f"{prefix}{child.name}"
            if isinstance(child, Function):
                yield name, child
            yield from _functions(child, f"{name}.")
        else:
            yield from _functions(child, prefix)


def long_functions(files: Iterable[tuple[str, str]], limit: int) -> dict[str, str]:
    found = {}
    for path, source in files:
        for name, node in _functions(ast.parse(source, filename=path)):
            # lineno is the ``def`` line: decorators sit above it
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found[f"{path}:{name}"] = f"{lines} lines"
    return found


def test_modules_are_at_most_400_lines() -> None:
    found = long_modules(source_files(ROOT, PACKAGES), MAX_MODULE_LINES)
    lines = against_known(f"modules over {MAX_MODULE_LINES} lines", found, KNOWN_LONG_MODULES)
    if lines:
        pytest.fail("\n".join([*lines, "Split a long module by what a newcomer looks for (one "
                               "game, one page, one import), keeping its public names."]),
                    pytrace=False)


def test_functions_are_at_most_60_lines() -> None:
    found = long_functions(source_files(ROOT, PACKAGES), MAX_FUNCTION_LINES)
    lines = against_known(f"functions over {MAX_FUNCTION_LINES} lines", found,
                          KNOWN_LONG_FUNCTIONS)
    if lines:
        pytest.fail("\n".join(lines), pytrace=False)


def test_the_count_runs_from_def_to_the_last_line() -> None:
    def body(indent: int, lines: int) -> str:
        return "".join(" " * indent + f"x = {i}\n" for i in range(lines))

    source = ("@decorator\n@another\ndef fits():\n" + body(4, 59) + "\n\n"
              "class Page:\n    def too_long(self):\n" + body(8, 60)
              + "    def nested(self):\n        def inner():\n" + body(12, 60))
    found = long_functions([("m.py", source)], 60)
    assert found == {"m.py:Page.too_long": "61 lines", "m.py:Page.nested": "62 lines",
                     "m.py:Page.nested.inner": "61 lines"}
    assert long_modules([("m.py", source)], 187) == {"m.py": "188 lines"}
    assert long_modules([("m.py", source)], 188) == {}
