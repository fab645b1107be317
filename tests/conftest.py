"""Fixtures shared by test modules."""

from __future__ import annotations

import pytest

from judge_support import Check, make_check


@pytest.fixture(scope="module")
def check() -> Check:
    """Check one case of a judge table; each table goes through one judge process, once."""
    return make_check()
