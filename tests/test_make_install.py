"""``make play`` and ``make serve`` install only what their use needs, once; the tests and
the checks have the full install, which serves every use.

Run for real on a made-up ``.venv`` whose ``python``, ``pybabel`` and ``tuolaji`` only
write down how they were called, so the Makefile's own logic is what is tested and
nothing is installed: the order of the steps, which extras each install asks pip for,
and when an install is skipped (the stamps, and pyproject.toml's age).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

#: what the made-up tools write down: their name and arguments, one call a line
RECORDER = '#!/bin/sh\necho "{name} $*" >> "$TOOL_LOG"\n{extra}'
#: pybabel also writes the compiled catalog it is asked for
PYBABEL_OUTPUT = 'while [ $# -gt 0 ]; do [ "$1" = --output-file ] && : > "$2"; shift; done\n'
UPGRADE_PIP = "python -m pip install --quiet --upgrade pip"
FULL = "python -m pip install --quiet -e .[dev,play,arena,server,cluster]"


def install_of(extra: str) -> str:
    """The call that installs the project, editable, with ``extra``."""
    return f"python -m pip install --quiet -e .[{extra}]"


@dataclass
class Checkout:
    """A made-up ``.venv``, catalogs and built browser table for the Makefile."""

    venv: Path
    locale: Path
    web: Path
    static: Path
    log: Path

    @property
    def full_stamp(self) -> Path:
        return self.venv / ".installed"

    @property
    def play_stamp(self) -> Path:
        return self.venv / ".installed-play"

    @property
    def serve_stamp(self) -> Path:
        return self.venv / ".installed-serve"

    def make(self, goal: str, *options: str) -> subprocess.CompletedProcess[str]:
        """Run ``make goal`` on these folders; the log starts empty."""
        self.log.write_text("")
        return subprocess.run(
            [
                "make",
                "--no-print-directory",
                goal,
                *options,
                f"VENV={self.venv}",
                f"LOCALE={self.locale}",
                f"WEB={self.web}",
                f"STATIC={self.static}",
            ],
            cwd=ROOT,
            env={**os.environ, "TOOL_LOG": str(self.log)},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def calls(self) -> list[str]:
        """What the made-up tools were asked to do, in order."""
        return self.log.read_text().splitlines()

    def pip_calls(self) -> list[str]:
        return [call for call in self.calls() if call.startswith("python -m pip")]


def made_up_tool(path: Path, extra: str = "") -> None:
    """A tool at ``path`` that writes down its calls (then runs ``extra``), made long
    ago: only the stamps and pyproject.toml decide what is installed."""
    path.write_text(RECORDER.format(name=path.name, extra=extra))
    path.chmod(0o755)
    os.utime(path, (1_000_000, 1_000_000))


@pytest.fixture
def checkout(tmp_path: Path) -> Checkout:
    """A ``.venv`` with no install yet, one translation to compile, and a browser table
    built after its sources (so ``make web`` has nothing to do)."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    made_up_tool(venv / "bin" / "python")
    made_up_tool(venv / "bin" / "tuolaji")
    made_up_tool(venv / "bin" / "pybabel", PYBABEL_OUTPUT)
    locale = tmp_path / "locale"
    (locale / "da" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "da" / "LC_MESSAGES" / "tuolaji.po").write_text("")
    web, static = tmp_path / "web", tmp_path / "static"
    built = [
        web / "src" / "main.tsx",
        web / "package-lock.json",
        web / "node_modules" / ".installed",
        static / "index.html",
    ]
    for age, path in enumerate(reversed(built)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    return Checkout(venv, locale, web, static, tmp_path / "calls.log")


def older_than_pyproject(*stamps: Path) -> None:
    """Make each stamp older than pyproject.toml, as if pyproject.toml had changed."""
    before = PYPROJECT.stat().st_mtime - 60
    for stamp in stamps:
        stamp.touch()
        os.utime(stamp, (before, before))


def test_play_installs_the_play_extra_only_then_compiles_the_catalogs_then_plays(
    checkout: Checkout,
) -> None:
    done = checkout.make("play", "ARGS=--plain")
    assert done.returncode == 0, done.stderr
    calls = checkout.calls()
    assert calls[:2] == [UPGRADE_PIP, install_of("play")]
    assert calls[2].startswith("pybabel compile --domain tuolaji --locale da")
    assert calls[3:] == ["tuolaji play --plain"]
    assert "Installing what the terminal game needs" in done.stdout
    assert checkout.play_stamp.is_file()
    assert not checkout.full_stamp.exists()  # no development tools


def test_a_second_play_installs_and_compiles_nothing(checkout: Checkout) -> None:
    assert checkout.make("play").returncode == 0
    again = checkout.make("play")
    assert again.returncode == 0, again.stderr
    assert checkout.calls() == ["tuolaji play"]
    assert "Installing" not in again.stdout


def test_serve_installs_the_server_extra_only(checkout: Checkout) -> None:
    done = checkout.make("serve")
    assert done.returncode == 0, done.stderr
    assert checkout.pip_calls() == [UPGRADE_PIP, install_of("server")]
    assert checkout.calls()[-1] == "tuolaji serve --host 127.0.0.1 --port 8000"
    assert checkout.serve_stamp.is_file()
    assert not checkout.play_stamp.exists()


def test_the_tests_after_play_make_the_full_install(checkout: Checkout) -> None:
    assert checkout.make("play").returncode == 0
    done = checkout.make("install")
    assert done.returncode == 0, done.stderr
    assert checkout.pip_calls() == [UPGRADE_PIP, FULL]
    assert checkout.full_stamp.is_file()


@pytest.mark.parametrize("goal", ["play", "serve"])
def test_after_the_full_install_playing_installs_nothing(checkout: Checkout, goal: str) -> None:
    assert checkout.make("install").returncode == 0
    done = checkout.make(goal)
    assert done.returncode == 0, done.stderr
    assert checkout.pip_calls() == []
    assert checkout.calls()[-1].startswith(f"tuolaji {goal}")
    # and the catalogs were compiled with the full install's pybabel
    assert any(call.startswith("pybabel compile") for call in checkout.calls())


def test_a_changed_pyproject_installs_again_what_the_use_needs(checkout: Checkout) -> None:
    assert checkout.make("install").returncode == 0
    assert checkout.make("play").returncode == 0
    older_than_pyproject(checkout.full_stamp, checkout.play_stamp)
    done = checkout.make("play")
    assert done.returncode == 0, done.stderr
    # the stale full install is not made again for a game: the play extra is
    assert checkout.pip_calls() == [UPGRADE_PIP, install_of("play")]
    assert checkout.make("install").returncode == 0
    assert checkout.pip_calls() == [UPGRADE_PIP, FULL]


def test_a_failed_install_leaves_no_stamp_and_does_not_play(checkout: Checkout) -> None:
    made_up_tool(checkout.venv / "bin" / "python", "exit 1\n")
    done = checkout.make("play")
    assert done.returncode != 0
    assert not checkout.play_stamp.exists()
    assert "tuolaji play" not in checkout.calls()
    assert checkout.pip_calls() == [UPGRADE_PIP]
