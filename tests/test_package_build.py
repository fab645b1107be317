"""The packages ship the browser table: a wheel or an sdist built from a checkout without
a built page builds it with npm (``build_web.py``, called by ``hatch_build.py``), a wheel
built from the sdist needs no npm, and without npm a checkout without the page does not
build at all, saying what to install.

The builds run on a copy of the checkout's files (its ``web/node_modules`` reused when
there, so npm installs nothing), without build isolation (hatchling is a development
tool) and with ``TUOLAJI_PURE=1``, which leaves the engine's compile out: the compiled
build is tested by ``make test-compiled``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build_web  # noqa: E402  (the build module at the checkout's root)

PAGE = "tuolaji/server/static/index.html"
#: what the build says when the page is missing and npm is not there
NO_NPM = "npm is not on PATH to build it: install Node.js 20 or later with npm"


def checkout_copy(target: Path) -> Path:
    """The checkout's files as git sees them (committed or not, never ignored ones: no
    built page, no .venv), with its installed npm packages linked in when there."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)  # the ages too: npm's stamp stays current
    modules = ROOT / "web" / "node_modules"
    if modules.is_dir():
        (target / "web" / "node_modules").symlink_to(modules)
    assert not (target / "src" / "tuolaji" / "server" / "static").exists()
    return target


def build(
    command: list[str], cwd: Path, path: str | None = None
) -> subprocess.CompletedProcess[str]:
    """A package build with the pure engine, on ``PATH=path`` when given."""
    env = {**os.environ, "TUOLAJI_PURE": "1"}
    if path is not None:
        env["PATH"] = path
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )


def pip_wheel(source: Path, out: Path, path: str | None = None) -> subprocess.CompletedProcess[str]:
    """``pip wheel SOURCE`` (a folder or an sdist) into ``out``."""
    command = [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps"]
    return build([*command, "--wheel-dir", str(out), str(source)], ROOT, path)


def no_npm_path(tmp_path: Path) -> str:
    """A ``PATH`` with nothing on it: no npm (the build needs only Python)."""
    empty = tmp_path / "no-tools"
    empty.mkdir()
    return str(empty)


def assets_of(page: str) -> set[str]:
    """The files under ``assets/`` that a built page loads."""
    return set(re.findall(r'"/(assets/[^"]+)"', page))


def output_of(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout[-3000:] + done.stderr[-3000:]


def test_a_checkout_without_the_page_makes_packages_that_ship_it(tmp_path: Path) -> None:
    # one test for the whole chain, so that the table is built once however the tests
    # are spread over processes
    tree = checkout_copy(tmp_path / "checkout")
    # the wheel: the hook builds the page into the checkout, as make web does, and ships it
    done = pip_wheel(tree, tmp_path / "wheel")
    assert done.returncode == 0, output_of(done)
    assert (tree / "src" / PAGE).is_file()
    (wheel,) = (tmp_path / "wheel").glob("tuolaji-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert PAGE in names
        loaded = assets_of(archive.read(PAGE).decode())
    assert loaded, "the page loads its script"
    assert {f"tuolaji/server/static/{asset}" for asset in loaded} <= names
    # the sdist, from the same checkout (the page is current now): it holds the page
    # and its sources, and no npm packages
    sdist_command = [sys.executable, "-m", "hatchling", "build", "-t", "sdist"]
    done = build([*sdist_command, "-d", str(tmp_path / "sdist")], tree)
    assert done.returncode == 0, output_of(done)
    (sdist,) = (tmp_path / "sdist").glob("tuolaji-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = set(archive.getnames())
    assert f"tuolaji-0.1.0/src/{PAGE}" in names
    assert "tuolaji-0.1.0/web/package-lock.json" in names
    assert not any("node_modules" in name for name in names)
    # a wheel from the sdist, with no npm anywhere: the page comes with it
    done = pip_wheel(sdist, tmp_path / "from-sdist", path=no_npm_path(tmp_path))
    assert done.returncode == 0, output_of(done)
    (wheel,) = (tmp_path / "from-sdist").glob("tuolaji-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert PAGE in archive.namelist()


def test_without_npm_a_checkout_without_the_page_does_not_build(tmp_path: Path) -> None:
    tree = checkout_copy(tmp_path / "checkout")
    out = tmp_path / "wheel"
    done = pip_wheel(tree, out, path=no_npm_path(tmp_path))
    assert done.returncode != 0
    assert NO_NPM in done.stdout + done.stderr
    assert not list(out.glob("*.whl"))


# ensure_browser_table itself, on made-up clients with a made-up npm: when it installs,
# when it builds, and what it says when it cannot.

FAKE_NPM = """#!/bin/sh
echo "npm $*" >> "{log}"
{fail}
static=../src/tuolaji/server/static
if [ "$1" = run ]; then mkdir -p $static && : > $static/index.html; fi
"""


def made_up_npm(tmp_path: Path, fail: bool = False) -> tuple[str, Path]:
    """An npm that writes down its calls and "builds" an empty page (or fails)."""
    log = tmp_path / "npm.log"
    log.write_text("")
    npm = tmp_path / "npm"
    failure = 'echo "vite: broken source" >&2; exit 1' if fail else ""
    npm.write_text(FAKE_NPM.format(log=log, fail=failure))
    npm.chmod(0o755)
    return str(npm), log


@pytest.fixture
def client(tmp_path: Path) -> Path:
    """A made-up checkout whose client is installed and built, every file older than
    the next: sources, lock file, installed packages, build."""
    root = tmp_path / "checkout"
    files = [
        root / "web" / "src" / "main.tsx",
        root / "web" / "tsconfig.json",
        root / "web" / "package-lock.json",
        root / "web" / "node_modules" / ".installed",
        root / build_web.STATIC / "index.html",
    ]
    for age, path in enumerate(reversed(files)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    return root


def page(root: Path) -> Path:
    return root / build_web.STATIC / "index.html"


def test_a_current_page_is_shipped_as_it_is(client: Path, tmp_path: Path) -> None:
    npm, log = made_up_npm(tmp_path)
    assert build_web.ensure_browser_table(client, npm=npm, say=print) is False
    assert log.read_text() == ""


def test_a_page_of_the_same_age_as_its_sources_is_current(client: Path, tmp_path: Path) -> None:
    # a source distribution unpacks every file with one age
    for path in client.rglob("*"):
        if path.is_file():
            os.utime(path, (2_000_000, 2_000_000))
    npm, log = made_up_npm(tmp_path)
    assert build_web.ensure_browser_table(client, npm=npm, say=print) is False
    assert log.read_text() == ""


@pytest.mark.parametrize("source", ["web/src/main.tsx", "web/tsconfig.json"])
def test_a_changed_source_builds_without_installing(
    client: Path, tmp_path: Path, source: str
) -> None:
    os.utime(client / source, None)
    npm, log = made_up_npm(tmp_path)
    said: list[str] = []
    assert build_web.ensure_browser_table(client, npm=npm, say=said.append) is True
    assert log.read_text().splitlines() == ["npm run build"]
    assert page(client).stat().st_mtime >= (client / source).stat().st_mtime
    assert len(said) == 1 and "building the browser table" in said[0]


def test_a_missing_page_with_a_changed_lock_file_installs_then_builds(
    client: Path, tmp_path: Path
) -> None:
    page(client).unlink()
    os.utime(client / "web" / "package-lock.json", None)
    npm, log = made_up_npm(tmp_path)
    assert build_web.ensure_browser_table(client, npm=npm, say=print) is True
    assert log.read_text().splitlines() == [
        "npm ci --no-audit --no-fund --loglevel=error",
        "npm run build",
    ]
    stamp = client / "web" / build_web.NPM_STAMP
    assert stamp.stat().st_mtime >= (client / "web" / "package-lock.json").stat().st_mtime
    assert page(client).is_file()


def test_a_missing_page_and_no_npm_is_refused_saying_what_to_install(
    client: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    page(client).unlink()
    monkeypatch.setenv("PATH", no_npm_path(tmp_path))
    with pytest.raises(build_web.BrowserTableError, match=NO_NPM):
        build_web.ensure_browser_table(client, say=print)
    assert not page(client).exists()


def test_an_older_page_and_no_npm_is_kept_with_a_warning(
    client: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    os.utime(client / "web" / "src" / "main.tsx", None)
    monkeypatch.setenv("PATH", no_npm_path(tmp_path))
    said: list[str] = []
    assert build_web.ensure_browser_table(client, say=said.append) is False
    assert len(said) == 1 and "shipping the older build" in said[0]


def test_a_failing_build_is_refused_with_its_output(client: Path, tmp_path: Path) -> None:
    page(client).unlink()
    npm, _ = made_up_npm(tmp_path, fail=True)
    with pytest.raises(build_web.BrowserTableError, match="vite: broken source"):
        build_web.ensure_browser_table(client, npm=npm, say=print)


def test_without_sources_a_built_page_is_enough_and_no_page_is_refused(
    client: Path, tmp_path: Path
) -> None:
    shutil.rmtree(client / "web")
    npm, log = made_up_npm(tmp_path)
    assert build_web.ensure_browser_table(client, npm=npm, say=print) is False
    page(client).unlink()
    with pytest.raises(build_web.BrowserTableError, match="its sources are not here"):
        build_web.ensure_browser_table(client, npm=npm, say=print)
    assert log.read_text() == ""
