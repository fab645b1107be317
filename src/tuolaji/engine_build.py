"""Which build of the engine is running: compiled with mypyc, or pure Python.

``pip install`` compiles the engine's hot modules when mypyc and a C compiler work
(``build_engine.py`` lists them) and installs the pure-Python package when they do not;
both behave alike (the test suite runs on both). ``tuolaji version`` says which one runs.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

#: modules compiled in every compiled build: the engine's state machine, its rules core,
#: the players and the runner
PROBES = (
    "tuolaji.core.cards",
    "tuolaji.game.game",
    "tuolaji.bots.heuristic",
    "tuolaji.arena.runner",
)


def is_compiled(module_name: str) -> bool:
    """Whether the module ``module_name`` (imported here) was loaded from an extension."""
    path = getattr(importlib.import_module(module_name), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def engine_build() -> str:
    """``"compiled"`` when the engine's modules are compiled with mypyc, ``"pure"``
    when they are Python, ``"mixed"`` for a partial build (a copy gone wrong)."""
    compiled = [is_compiled(name) for name in PROBES]
    if all(compiled):
        return "compiled"
    return "mixed" if any(compiled) else "pure"
