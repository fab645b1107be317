"""``make catalogs`` (run by ``make play`` and ``make test``) compiles each translation
only when its .po file changed, prints nothing when all goes well, and fails loudly on a
catalog that does not compile."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "tuolaji" / "locale"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_catalogs(locale: Path, stamp: Path) -> subprocess.CompletedProcess[str]:
    """``make catalogs`` on a copy of the catalogs (``stamp``: the install is done)."""
    return subprocess.run(
        ["make", "--no-print-directory", "catalogs", f"LOCALE={locale}", f"STAMP={stamp}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def catalogs(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the shipped .po files (no .mo yet) and an up-to-date install stamp."""
    locale = tmp_path / "locale"
    for po_file in LOCALE.glob("*/LC_MESSAGES/tuolaji.po"):
        target = locale / po_file.relative_to(LOCALE)
        target.parent.mkdir(parents=True)
        shutil.copy(po_file, target)
    stamp = tmp_path / "installed"
    stamp.touch()
    return locale, stamp


def test_catalogs_compile_once_and_quietly(catalogs: tuple[Path, Path]) -> None:
    locale, stamp = catalogs
    sources = sorted(locale.glob("*/LC_MESSAGES/tuolaji.po"))
    assert sources, "the package ships translations"
    first = make_catalogs(locale, stamp)
    assert first.returncode == 0, first.stderr
    assert first.stdout == "" and first.stderr == ""
    compiled = [source.with_suffix(".mo") for source in sources]
    assert all(mo.is_file() and mo.stat().st_size > 0 for mo in compiled)
    made = {mo: mo.stat().st_mtime_ns for mo in compiled}
    again = make_catalogs(locale, stamp)
    assert again.returncode == 0 and again.stdout == "" and again.stderr == ""
    assert {mo: mo.stat().st_mtime_ns for mo in compiled} == made  # nothing recompiled
    # a changed catalog is compiled again, and only that one
    changed = sources[0]
    later = changed.stat().st_mtime + 10
    os.utime(changed, (later, later))
    assert make_catalogs(locale, stamp).returncode == 0
    assert changed.with_suffix(".mo").stat().st_mtime_ns != made[changed.with_suffix(".mo")]
    assert all(made[mo] == mo.stat().st_mtime_ns for mo in compiled[1:])


def test_a_catalog_that_does_not_compile_fails_the_build(catalogs: tuple[Path, Path]) -> None:
    locale, stamp = catalogs
    broken = locale / "da" / "LC_MESSAGES" / "tuolaji.po"
    broken.write_bytes(b"\xff\xfe not a catalog")
    done = make_catalogs(locale, stamp)
    assert done.returncode != 0
    assert f"catalogs: {broken} does not compile" in done.stderr
    assert not broken.with_suffix(".mo").exists()
