"""The two builds of the engine (build_engine.py): the compiled one imports the compiled
modules, both refuse bad values naming the rule, and rule sets travel to worker
processes in both. ``make test`` runs these in the pure run and again in the compiled
one (``make test-compiled``), telling each which build to expect."""

from __future__ import annotations

import importlib
import os
import pickle
import sys
from pathlib import Path

import pytest

from tuolaji.arena.tournament import run_tournament
from tuolaji.core import CLASSIC, STANDARD, RulesError
from tuolaji.engine_build import engine_build, is_compiled

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build_engine  # noqa: E402  (the build script at the checkout's root)

#: which build this run must import, when make says (TUOLAJI_EXPECT_BUILD)
EXPECTED = os.environ.get("TUOLAJI_EXPECT_BUILD")

#: modules that read untrusted values and must stay Python (build_engine's docstring)
BOUNDARY = (
    "tuolaji.core.errors",
    "tuolaji.core.rules",
    "tuolaji.game.actions",
    "tuolaji.game.legal",
    "tuolaji.game.position",
    "tuolaji.game.record",
    "tuolaji.game.streams",
    "tuolaji.bots.registry",
)


def module_name(path: str) -> str:
    """``tuolaji/core/cards.py`` → ``tuolaji.core.cards``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_the_build_is_the_one_make_asked_for() -> None:
    assert engine_build() in {"compiled", "pure"}  # never a mixture
    if EXPECTED is None:
        pytest.skip("TUOLAJI_EXPECT_BUILD is not set (make test sets it)")
    assert engine_build() == EXPECTED


def test_every_listed_module_is_compiled_in_the_compiled_build() -> None:
    compiled = {name: is_compiled(module_name(name)) for name in build_engine.COMPILED}
    expect_compiled = engine_build() == "compiled"
    assert all(value == expect_compiled for value in compiled.values()), compiled
    # the modules at the boundary are Python in both builds
    assert not any(is_compiled(name) for name in BOUNDARY)
    assert not set(map(module_name, build_engine.COMPILED)) & set(BOUNDARY)


def test_every_listed_module_exists() -> None:
    for path in build_engine.COMPILED:
        assert (ROOT / "src" / path).is_file(), path
        importlib.import_module(module_name(path))


@pytest.mark.parametrize(
    "options",
    [{"throw_penalty": "10"}, {"follow_tractor_first": 1}, {"talon_multiplier": None}],
    ids=repr,
)
def test_badly_typed_rule_options_get_the_rules_refusal(options: dict[str, object]) -> None:
    # the refusal names the option in both builds, never a TypeError from the compiler
    with pytest.raises(RulesError, match=next(iter(options))):
        STANDARD.with_options(**options)


def test_rule_sets_pickle_for_worker_processes() -> None:
    rules = CLASSIC.with_options(throw_penalty=20)
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_a_tournament_in_two_worker_processes_gives_the_same_deals() -> None:
    # rules, players and results travel between processes as pickles: the compiled
    # build's objects must travel too (a trial compile broke --jobs 2)
    def deals(jobs: int) -> list[object]:
        result = run_tournament(("heuristic", "random"), 2, seed=4, rules=CLASSIC, jobs=jobs)
        return [deal.runs for deal in result.deals]

    assert deals(2) == deals(1)
