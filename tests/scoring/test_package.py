"""The engine is plain Python: no Django, typed, and it describes every game as data."""

import ast
import json
import pathlib
import subprocess
import sys

import pytest

from scoring import ALL_GAMES, GAMES
from scoring.registry import UNLISTED

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCORING = ROOT / "scoring"
EXPECTED_GAMES = {"high_five_1959", "high_five_tiles", "big_five", "jokeren", "high_five_crowns",
                  "klaverjassen"}
# Built and tested in the engine; the site lists them (GAMES) once their site side lands.
EXPECTED_UNLISTED: set[str] = set()


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_no_django_import_anywhere_in_scoring():
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in SCORING.rglob("*.py")
        for module in imported_modules(path)
        if module == "django" or module.startswith("django.")
    ]
    assert offenders == []


def test_scoring_imports_without_django_installed():
    code = (
        "import sys; sys.modules['django'] = None\n"
        "import scoring; print(sorted(scoring.ALL_GAMES))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_all_six_games_are_registered():
    assert set(ALL_GAMES) == EXPECTED_GAMES


def test_the_listed_games_are_those_with_a_site_side():
    assert set(UNLISTED) == EXPECTED_UNLISTED
    assert set(GAMES) == EXPECTED_GAMES - EXPECTED_UNLISTED
    assert all(GAMES[key] is ALL_GAMES[key] for key in GAMES)


@pytest.mark.parametrize("key", sorted(EXPECTED_GAMES & set(ALL_GAMES)))
def test_games_describe_themselves_as_json(key):
    described = ALL_GAMES[key].describe()
    assert json.loads(json.dumps(described)) == described
    assert described["key"] == key
    assert 1 <= described["sides"]["min"] <= described["sides"]["max"] <= 6
    assert described["better"] in {"higher", "lower"}
    assert described["hand_fields"], "the site builds its hand form from these"
    for option in described["options"]:
        assert {"name", "kind", "default", "minimum", "maximum", "choices"} <= set(option)
    codes = described["error_codes"] + described["warning_codes"]
    assert len(codes) == len(set(codes))
    assert all(code == code.upper() for code in codes)


def test_mypy_strict_is_clean_on_scoring():
    mypy = pytest.importorskip("mypy.api")
    stdout, stderr, status = mypy.run(["--config-file", str(ROOT / "pyproject.toml"),
                                       "--no-incremental", str(SCORING)])
    assert status == 0, stdout + stderr
