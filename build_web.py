"""Build the browser table (``web/``) into the server's static folder, for the package build.

``hatch_build.py`` calls :func:`ensure_browser_table` before a wheel or a source
distribution is made, so that ``pip install '.[server]'``, ``pip wheel .`` and the sdist
ship the page that ``tuolaji serve`` serves. It follows the Makefile's ``web`` target
(which working trees use, through ``make serve`` and ``make test``): the npm packages are
installed from the lock file (``npm ci``) when ``web/node_modules`` is missing or older
than the lock file, and the client is built (``npm run build``) when its page is missing
or older than one of its sources. A built page that is current is shipped as it is, so a
source distribution (which holds the built page) installs without Node.

When the page is missing and npm is not there, the build stops with
:class:`BrowserTableError`, whose message says what to install: a server without its
page is not a package worth shipping.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

#: where the client's sources are and where its build goes, under the checkout's root
WEB = Path("web")
STATIC = Path("src") / "tuolaji" / "server" / "static"
#: the file ``make web`` and this module touch once the npm packages are installed
NPM_STAMP = Path("node_modules") / ".installed"
#: the files of ``web/`` beside ``src/`` whose change changes the build (as the Makefile's)
WEB_FILES = ("index.html", "package.json", "package-lock.json", "vite.config.ts")

#: how long npm may take for one step before the build gives up, in seconds
NPM_TIMEOUT_S = 900


class BrowserTableError(RuntimeError):
    """The browser table could not be built: the message says why and what to do."""


def web_sources(web: Path) -> Iterator[Path]:
    """The files the client's build is made from: everything under ``src/``, the page,
    the npm manifest and lock file, and the Vite and TypeScript settings."""
    yield from (path for path in (web / "src").rglob("*") if path.is_file())
    yield from (web / name for name in WEB_FILES if (web / name).is_file())
    yield from web.glob("tsconfig*.json")


def is_older(target: Path, sources: Iterator[Path]) -> bool:
    """Whether ``target`` is missing or strictly older than one of ``sources`` (files
    of the same age, as a source distribution unpacks them, are current)."""
    if not target.is_file():
        return True
    made = target.stat().st_mtime_ns
    return any(source.stat().st_mtime_ns > made for source in sources)


def _npm(npm: str, web: Path, *args: str) -> None:
    """Run ``npm ARGS`` in ``web``; raise :class:`BrowserTableError` with the end of its
    output when it fails."""
    try:
        done = subprocess.run(
            [npm, *args],
            cwd=web,
            capture_output=True,
            text=True,
            timeout=NPM_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BrowserTableError(f"`npm {' '.join(args)}` in {web} failed: {error}") from error
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()[-3000:]
        raise BrowserTableError(f"`npm {' '.join(args)}` in {web} failed:\n{output}")


def ensure_browser_table(
    root: Path,
    *,
    npm: str | None = None,
    say: Callable[[str], None] = print,
) -> bool:
    """Make sure ``root``'s static folder holds a current build of the browser table,
    building it with ``npm`` (found on ``PATH`` when not given) when it is missing or
    older than its sources. Returns whether it was built; ``say`` hears what is done.

    Raises :class:`BrowserTableError` when the page is missing and cannot be built. A
    page older than its sources with no npm to rebuild it is kept, with a warning."""
    web, page = root / WEB, root / STATIC / "index.html"
    has_sources = (web / "package-lock.json").is_file()
    if not has_sources:
        if page.is_file():
            return False
        raise BrowserTableError(
            f"the browser table is not built ({STATIC / 'index.html'} is missing) and its "
            f"sources are not here ({WEB / 'package-lock.json'} is missing): build from a "
            "checkout of the repository or from a source distribution, which holds the "
            "built table"
        )
    if not is_older(page, web_sources(web)):
        return False
    npm = npm or shutil.which("npm")
    if npm is None:
        if page.is_file():
            say(
                f"tuolaji: warning: the browser table in {STATIC} is older than its "
                f"sources in {WEB}, and npm is not on PATH to build it again: "
                "shipping the older build"
            )
            return False
        raise BrowserTableError(
            f"the browser table is not built ({STATIC / 'index.html'} is missing) and npm "
            "is not on PATH to build it: install Node.js 20 or later with npm and build "
            "again, or install from a source distribution, which holds the built table"
        )
    if is_older(web / NPM_STAMP, iter([web / "package-lock.json"])):
        say(f"tuolaji: installing the browser table's npm packages (npm ci in {WEB})")
        _npm(npm, web, "ci", "--no-audit", "--no-fund", "--loglevel=error")
        (web / NPM_STAMP).touch()
    say(f"tuolaji: building the browser table (npm run build in {WEB}, into {STATIC})")
    _npm(npm, web, "run", "build")
    if not page.is_file():
        raise BrowserTableError(f"`npm run build` in {web} made no {STATIC / 'index.html'}")
    page.touch()  # as make web does: the build is newer than every source it was made of
    return True
