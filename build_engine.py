"""Compile the engine's hot modules with mypyc: the same typed source, no second copy.

Used two ways:

- by the wheel build (``hatch_build.py``): ``pip install .`` compiles these modules when
  mypyc and a C compiler work, and builds the pure-Python package when they do not;
- by ``make compiled`` (``python build_engine.py build/compiled``): a copy of the package
  with the compiled modules beside their sources, which ``make test-compiled`` puts
  first on the import path to run the engine's tests on the compiled build.

Which modules: the rules engine's hot path (``core``, the game's state machine with its
checks, packs, deal and play steps, the observation) and the players and drivers built
on it (the random and heuristic players, the search, the runner). Left as Python: the
modules that read untrusted values into typed objects (rule options, records,
positions, JSON, actions, the legal-action views) — a compiled function refuses a
wrongly typed argument with ``TypeError`` before its own checks run, and those modules
must answer with the project's refusal naming the rule — and the exception classes,
which must stay ordinary Python classes to mix with built-in exceptions. docs/benchmarks.md ("The
compiled engine") has the figures.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "tuolaji"

#: the compiled modules, as paths under src/
COMPILED = (
    "tuolaji/core/__init__.py",
    "tuolaji/core/cards.py",
    "tuolaji/core/chance.py",
    "tuolaji/core/combos.py",
    "tuolaji/core/declare.py",
    "tuolaji/core/frozen.py",
    "tuolaji/core/follow.py",
    "tuolaji/core/leads.py",
    "tuolaji/core/scoring.py",
    "tuolaji/core/throws.py",
    "tuolaji/core/tricks.py",
    "tuolaji/core/trump.py",
    "tuolaji/game/action_log.py",
    "tuolaji/game/checks.py",
    "tuolaji/game/dealing.py",
    "tuolaji/game/determinize.py",
    "tuolaji/game/events.py",
    "tuolaji/game/game.py",
    "tuolaji/game/observation.py",
    "tuolaji/game/packs.py",
    "tuolaji/game/playing.py",
    "tuolaji/game/points.py",
    "tuolaji/game/results.py",
    "tuolaji/game/settlement.py",
    "tuolaji/game/state.py",
    "tuolaji/game/turn.py",
    "tuolaji/game/views.py",
    "tuolaji/bots/sampling.py",
    "tuolaji/bots/random_player.py",
    "tuolaji/bots/knowledge.py",
    "tuolaji/bots/valuation.py",
    "tuolaji/bots/heuristic.py",
    "tuolaji/bots/heuristic_play.py",
    "tuolaji/bots/hidden.py",
    "tuolaji/bots/inference.py",
    "tuolaji/bots/search.py",
    "tuolaji/bots/burial.py",
    "tuolaji/arena/runner.py",
)

#: set to 1 to build the pure-Python package even where compiling would work
PURE_ENV = "TUOLAJI_PURE"

# What the compile step runs in its own process: setuptools' setup() exits the process on
# failure, and a compiler crash must not take the wheel build with it.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1:]
setup(
    name="tuolaji-engine",
    ext_modules=mypycify(modules, opt_level="3", verbose=False),
    script_args=["build_ext", "--inplace", "--quiet"],
)
"""


_MYPY_CONFIG = """[mypy]
python_version = 3.11
check_untyped_defs = True
"""


def compiled_files(tree: Path) -> list[Path]:
    """The extension modules in ``tree`` (a compiled copy), relative to it: one per
    compiled module and mypyc's shared support library at the top."""
    suffixes = (".so", ".pyd")
    return sorted(
        path.relative_to(tree)
        for path in tree.rglob("*")
        if path.suffix in suffixes and "build" not in path.relative_to(tree).parts[:1]
    )


def compile_engine(tree: Path, *, quiet: bool = True) -> list[Path]:
    """Copy the package into ``tree`` (emptied first) and compile :data:`COMPILED` there,
    each extension beside its source. Returns the extension files, relative to ``tree``;
    raises :class:`RuntimeError` with the compiler's output when the compile fails."""
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    shutil.copytree(
        PACKAGE,
        tree / "tuolaji",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    # mypyc type-checks what it compiles under a config of its own: the project's
    # pyproject.toml (found above the copy when it is inside the checkout) names the
    # tests and the server, which are not compiled
    (tree / "mypy.ini").write_text(_MYPY_CONFIG, encoding="utf-8")
    command = [sys.executable, "-c", _SETUP, *COMPILED]
    # the mypy cache of the compile stays inside the build folder
    env = dict(os.environ, MYPY_CACHE_DIR=str(tree / "build" / "mypy-cache"))
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    if not quiet:
        print(done.stdout[-2000:])
    built = compiled_files(tree)
    if len(built) < len(COMPILED):
        raise RuntimeError(f"mypyc built {len(built)} extensions for {len(COMPILED)} modules")
    return built


def main(argv: list[str]) -> int:
    """``python build_engine.py DIR``: a compiled copy of the package in DIR."""
    if len(argv) != 1:
        print("usage: python build_engine.py DIR", file=sys.stderr)
        return 2
    tree = Path(argv[0]).resolve()
    try:
        built = compile_engine(tree)
    except (RuntimeError, OSError) as error:
        print(f"build_engine: {error}", file=sys.stderr)
        return 1
    print(f"build_engine: {len(built)} compiled files in {tree}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
