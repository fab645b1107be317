"""A stand-in for the search's clock, for tests that a budget in guesses never reads it.

In the compiled build the search calls its own ``time`` module directly, past the
patch; the pure run of the suite is the one that checks it (``make test`` runs both).
"""

from __future__ import annotations

import pytest

from tuolaji.bots import search as search_module


class NoClock:
    """Stands in for the ``time`` module: a budget in guesses must never read it."""

    @staticmethod
    def perf_counter() -> float:
        raise AssertionError("a search with a budget in guesses read the clock")


def forbid_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on in the test, a search (and so the analysis) that reads the clock fails."""
    monkeypatch.setattr(search_module, "time", NoClock)
