"""Fixtures and settings shared by test modules."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.database import (
    DirectoryBasedExampleDatabase,
    MultiplexedDatabase,
    ReadOnlyDatabase,
)

from judge_support import Check, make_check
from tuolaji.i18n import current_language, set_language

#: Hypothesis keeps the failing examples it found here, to try them first next time.
EXAMPLES = Path(__file__).resolve().parents[1] / ".hypothesis" / "examples"

# Under pytest-xdist (make test) each worker writes its own example database, so that
# two processes never write one directory at once; every worker still reads the shared
# one, so an example that failed in a plain `pytest` run is tried first again. (On CI,
# Hypothesis's own "ci" profile keeps no database and derandomizes: left as it is.)
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
_PROFILE = settings()  # the profile in force (a settings object with nothing changed)
if _WORKER and _PROFILE.database is not None:
    settings.register_profile(
        "xdist-worker",
        parent=_PROFILE,
        database=MultiplexedDatabase(
            DirectoryBasedExampleDatabase(EXAMPLES.with_name(f"examples-{_WORKER}")),
            ReadOnlyDatabase(DirectoryBasedExampleDatabase(EXAMPLES)),
        ),
    )
    settings.load_profile("xdist-worker")


@pytest.fixture(scope="module")
def check() -> Check:
    """Check one case of a judge table; each table goes through one judge process, once."""
    return make_check()


@pytest.fixture
def english() -> Iterator[None]:
    """Player-facing words in English for the test, the language in force restored after."""
    before = current_language()
    set_language("en")
    yield
    set_language(before)
