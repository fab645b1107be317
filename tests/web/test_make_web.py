"""``make web`` installs the npm packages only when ``web/node_modules`` is missing or
older than the lock file, and rebuilds the client only when one of its sources is newer
than the build (checked with ``make -n`` on a made-up client: nothing is installed or
built); ``make chromium`` passes when Chromium is there and otherwise fails with a
message that says what to install."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENSURE_CHROMIUM = ROOT / "scripts" / "ensure_chromium.sh"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_web(web: Path, static: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``make web`` for the client in ``web`` built into ``static``."""
    return subprocess.run(
        ["make", "--no-print-directory", *options, "web", f"WEB={web}", f"STATIC={static}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def planned(web: Path, static: Path) -> str:
    """What ``make web`` would run (``make -n``)."""
    return make_web(web, static, "-n").stdout


@pytest.fixture
def client(tmp_path: Path) -> tuple[Path, Path]:
    """A made-up client, installed and built, every file older than the one after it:
    sources, lock file, installed packages, build."""
    web, static = tmp_path / "web", tmp_path / "static"
    files = [
        web / "src" / "main.tsx",
        web / "index.html",
        web / "vite.config.ts",
        web / "package.json",
        web / "package-lock.json",
        web / "node_modules" / ".installed",
        static / "index.html",
    ]
    for age, path in enumerate(reversed(files)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    return web, static


def make_newer(path: Path) -> None:
    """Touch ``path`` as if it were edited now."""
    os.utime(path, None)


def test_an_up_to_date_client_is_neither_installed_nor_built_and_nothing_is_said(
    client: tuple[Path, Path],
) -> None:
    assert "npm" not in planned(*client)
    done = make_web(*client)
    assert (done.stdout, done.stderr) == ("", "")


@pytest.mark.parametrize("source", ["src/main.tsx", "index.html", "vite.config.ts"])
def test_a_changed_source_rebuilds_without_installing(
    client: tuple[Path, Path], source: str
) -> None:
    web, static = client
    make_newer(web / source)
    plan = planned(web, static)
    assert "npm run build" in plan
    assert "npm ci" not in plan


def test_a_changed_lock_file_installs_then_builds(client: tuple[Path, Path]) -> None:
    web, static = client
    make_newer(web / "package-lock.json")
    plan = planned(web, static)
    assert plan.index("npm ci") < plan.index("npm run build")


def test_missing_packages_are_installed(client: tuple[Path, Path]) -> None:
    web, static = client
    shutil.rmtree(web / "node_modules")
    assert "npm ci" in planned(web, static)


def test_a_missing_build_is_built(client: tuple[Path, Path]) -> None:
    web, static = client
    (static / "index.html").unlink()
    plan = planned(web, static)
    assert "npm run build" in plan
    assert "npm ci" not in plan


def ensure_chromium(chromium: Path, path: str) -> subprocess.CompletedProcess[str]:
    """scripts/ensure_chromium.sh for a browser at ``chromium``, with ``PATH=path``."""
    return subprocess.run(
        ["/bin/bash", str(ENSURE_CHROMIUM)],
        env={"CHROMIUM": str(chromium), "PATH": path},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_chromium_there_is_all_it_takes(tmp_path: Path) -> None:
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    result = ensure_chromium(browser, os.environ.get("PATH", "/usr/bin:/bin"))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_chromium_missing_and_no_way_to_install_it_fails_saying_what_to_install(
    tmp_path: Path,
) -> None:
    # a PATH with no apt-get and no sudo: nothing can be installed
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("id", "cat"):
        found = shutil.which(tool)
        assert found is not None
        (tools / tool).symlink_to(found)
    result = ensure_chromium(tmp_path / "no-chromium", str(tools))
    assert result.returncode == 1
    assert "apt-get install -y --no-install-recommends chromium" in result.stderr
    assert not (tmp_path / "no-chromium").exists()
