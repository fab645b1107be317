"""The house plan's layer rules that import-linter cannot state (its contracts, in
pyproject.toml, forbid named packages; they cannot say "the standard library only"):
the core imports the standard library only, and the game the standard library and the
core (docs/architecture.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tuolaji"
#: layer → the tuolaji packages it may import (itself included)
ENGINE = {"core": ("tuolaji.core",), "game": ("tuolaji.core", "tuolaji.game")}


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports by absolute name (relative imports stay inside
    the package they are written in)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _engine_files() -> list[tuple[str, Path]]:
    return [(layer, path) for layer in ENGINE for path in sorted((PACKAGE / layer).glob("*.py"))]


@pytest.mark.parametrize(
    ("layer", "path"), _engine_files(), ids=lambda value: getattr(value, "name", value)
)
def test_the_engine_imports_the_standard_library_only(layer: str, path: Path) -> None:
    foreign = {
        name
        for name in _imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name.split(".")[0] not in {"tuolaji", "__future__"}
    }
    assert not foreign, f"{layer}/{path.name} imports {sorted(foreign)}"


@pytest.mark.parametrize(
    ("layer", "path"), _engine_files(), ids=lambda value: getattr(value, "name", value)
)
def test_the_engine_imports_only_the_layers_below_it(layer: str, path: Path) -> None:
    allowed = ENGINE[layer]
    for name in _imports(path):
        if name == "tuolaji" or name.startswith("tuolaji."):
            assert name.startswith(allowed), f"{layer}/{path.name} imports {name}"


def test_the_checks_see_every_kind_of_import(tmp_path: Path) -> None:
    # The AST walk must catch imports inside functions and under TYPE_CHECKING too.
    module = tmp_path / "sample.py"
    module.write_text(
        "import os, rich.text\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tuolaji.i18n import _\n"
        "def f():\n    import matplotlib\n    from . import sibling\n",
        encoding="utf-8",
    )
    assert _imports(module) == ["os", "rich.text", "typing", "tuolaji.i18n", "matplotlib"]
