"""The house plan's rules that import-linter cannot state (its contracts, in
pyproject.toml, forbid named packages; they cannot say "the standard library only", and
they do not see imports made for the type checker): the core imports the standard
library only, and the game the standard library and the core; and no module of the
package imports, however indirectly, one that imports it back (docs/architecture.md).
Every import counts: at the top, inside a function, under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
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


#: what the cluster layer (tuolaji.cluster) may import of the package: it starts the
#: servers as processes, so it needs nothing of theirs
CLUSTER_ALLOWED = ("tuolaji.cluster", "tuolaji.i18n")


@pytest.mark.parametrize(
    "path", sorted((PACKAGE / "cluster").glob("*.py")), ids=lambda path: path.name
)
def test_the_cluster_imports_the_standard_library_and_the_translations_only(
    path: Path,
) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "tuolaji":
            assert name.startswith(CLUSTER_ALLOWED), f"cluster/{path.name} imports {name}"
        else:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"cluster/{path.name} imports {name}"
            )


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


# ----------------------------------------------------------------- no cycles


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package whose folder is ``root``, by its dotted name (a
    package by its own name, for its ``__init__.py``)."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` (its file ``path``) imports:
    relative imports resolved, ``from package import module`` counted as an import of
    that module, anything else as one of the nearest module that holds the name."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(filter(None, (known(alias.name) for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                target = known(f"{base}.{alias.name}") if base else None
                if target != f"{base}.{alias.name}":
                    target = known(base)
                if target is not None:
                    found.add(target)
    found.discard(name)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Which modules of the package at ``root`` each of its modules imports."""
    modules = module_names(root)
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: for each group of modules that reach one another
    (a strongly connected component of two modules or more, found by Tarjan's
    algorithm), one cycle through it, as the modules in import order, the first again
    at the end."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [cycle_through(sorted(group)[0], group, graph) for group in groups]


def cycle_through(start: str, group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest path of imports from ``start`` back to itself inside ``group``."""
    paths: dict[str, list[str]] = {start: [start]}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for module in frontier:
            for imported in sorted(graph[module] & group):
                if imported == start:
                    return [*paths[module], start]
                if imported not in paths:
                    paths[imported] = [*paths[module], imported]
                    following.append(imported)
        frontier = following
    raise AssertionError(f"{start} is in no cycle of {sorted(group)}")


def mutual_imports(graph: dict[str, set[str]]) -> Iterator[tuple[str, str]]:
    """The pairs of modules that import each other, each pair once."""
    for module, imported in sorted(graph.items()):
        for other in sorted(imported):
            if module < other and module in graph.get(other, set()):
                yield module, other


def test_no_two_modules_import_each_other() -> None:
    assert list(mutual_imports(import_graph(PACKAGE))) == []


def test_the_package_has_no_import_cycle() -> None:
    cycles = import_cycles(import_graph(PACKAGE))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)


def test_the_cycle_check_finds_a_planted_cycle(tmp_path: Path) -> None:
    # A package with a pair hidden behind TYPE_CHECKING, a three-module cycle through a
    # function-local and a relative import, and imports that are no cycle: a package's
    # __init__ importing its modules, and a module importing a sibling from the package.
    root = tmp_path / "planted"
    (root / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from planted.a import A\n",
        "a.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from planted.b import B\nA = 1\n"
        ),
        "b.py": "from planted.a import A\nB = 2\n",
        "sub/__init__.py": "from . import x\n",
        "sub/x.py": "def f():\n    from .y import Y\n",
        "sub/y.py": "from planted import c\nY = 3\n",
        "c.py": "import planted.sub.x\n",
        "d.py": "from planted import a\nimport os, json\n",
    }
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    graph = import_graph(root)
    assert graph["planted"] == {"planted.a"}
    assert graph["planted.d"] == {"planted.a"}
    assert graph["planted.sub"] == {"planted.sub.x"}
    assert list(mutual_imports(graph)) == [("planted.a", "planted.b")]
    cycles = import_cycles(graph)
    assert sorted(cycles) == [
        ["planted.a", "planted.b", "planted.a"],
        ["planted.c", "planted.sub.x", "planted.sub.y", "planted.c"],
    ]
