"""`scripts/system-packages`, run by `make test` and `.ci/run` before any test: it installs the
Debian packages the tests need when they are missing, or stops with the one command to run.

Each case runs the real script under bash with a PATH of stand-ins (`id`, `sudo`, `apt-get`,
the probed commands), so what it would install and what it prints are observed, not
assumed, and nothing is installed on the machine running the tests."""

import subprocess
from pathlib import Path

from django.conf import settings

SCRIPT = Path(settings.BASE_DIR) / "scripts" / "system-packages"
PACKAGES = ["chromium", "libreoffice-calc-nogui", "poppler-utils", "gettext", "postgresql-client",
            "zbar-tools", "nodejs"]
PROBES = {"chromium": "chromium", "libreoffice-calc-nogui": "soffice",
          "poppler-utils": "pdftoppm", "gettext": "xgettext", "postgresql-client": "pg_dump",
          "zbar-tools": "zbarimg", "nodejs": "node"}


def stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!/bin/bash\n{body}\n")
    path.chmod(0o755)


def run(tmp_path: Path, *, uid: int, present: list[str], sudo: str | None = None):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    stand_in(bin_dir, "id", f'[ "$1" = -u ] && echo {uid}')
    stand_in(bin_dir, "apt-get", f'echo "apt-get $*" >> {log}')
    if sudo is not None:
        stand_in(bin_dir, "sudo", sudo.format(log=tmp_path / "sudo.log"))
    for pkg in present:
        stand_in(bin_dir, PROBES[pkg], "exit 0")
    result = subprocess.run(["/bin/bash", str(SCRIPT)], env={"PATH": str(bin_dir)},
                            capture_output=True, text=True, timeout=30)
    calls = log.read_text().splitlines() if log.exists() else []
    return result, calls


def test_nothing_happens_when_every_package_is_there(tmp_path):
    result, calls = run(tmp_path, uid=1000, present=PACKAGES)
    assert result.returncode == 0, result.stderr
    assert calls == []
    assert result.stdout == result.stderr == ""


def test_root_installs_exactly_the_missing_packages(tmp_path):
    result, calls = run(tmp_path, uid=0, present=["chromium", "gettext", "postgresql-client",
                                                  "nodejs"])
    assert result.returncode == 0, result.stderr
    assert calls[0] == "apt-get update -q"
    assert calls[1].startswith("apt-get install -y")
    assert calls[1].split()[-3:] == ["libreoffice-calc-nogui", "poppler-utils", "zbar-tools"]
    assert "chromium" not in calls[1] and "gettext" not in calls[1]


def test_passwordless_sudo_installs_through_sudo(tmp_path):
    sudo = 'shift; [ "$1" = true ] && exit 0; echo "sudo $*" >> {log}; "$@"'
    result, calls = run(tmp_path, uid=1000, present=[
        "chromium", "libreoffice-calc-nogui", "poppler-utils", "postgresql-client", "zbar-tools",
        "nodejs"], sudo=sudo)
    assert result.returncode == 0, result.stderr
    assert calls[-1].split()[-1] == "gettext"
    assert "sudo apt-get install" in (tmp_path / "sudo.log").read_text()


def test_without_root_or_sudo_it_stops_and_prints_the_one_command(tmp_path):
    result, calls = run(tmp_path, uid=1000, present=["chromium", "postgresql-client", "nodejs"])
    assert result.returncode == 1
    assert calls == []
    assert ("sudo apt-get update && sudo apt-get install -y "
            "libreoffice-calc-nogui poppler-utils gettext zbar-tools") in result.stderr


def test_sudo_that_asks_for_a_password_counts_as_no_sudo(tmp_path):
    result, calls = run(tmp_path, uid=1000, present=[], sudo="exit 1")
    assert result.returncode == 1
    assert calls == []
    assert "sudo apt-get install -y " + " ".join(PACKAGES) in result.stderr


def test_node_for_the_offline_clients_unit_tests_is_debians_nodejs(tmp_path):
    """``make test`` runs ``node --test tests/js/``: a machine without ``node`` gets nodejs."""
    result, calls = run(tmp_path, uid=0, present=[p for p in PACKAGES if p != "nodejs"])
    assert result.returncode == 0, result.stderr
    assert calls[1].split()[-1] == "nodejs"
    assert calls[1].split().count("nodejs") == 1
