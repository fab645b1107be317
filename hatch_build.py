"""The package's build hook: the browser table in every package, the engine compiled
into the wheel when that works.

- **The browser table.** A wheel (``pip install '.[server]'``, ``pip wheel .``) and a
  source distribution ship the built client in ``tuolaji/server/static``: the hook builds
  it with npm when it is missing or older than its sources (``build_web.py``, the rule of
  ``make web``), and stops the build with a message saying what to install when it is
  missing and npm is not there — a server without its page is not shipped. A source
  distribution holds the built page, so installing from one needs no Node.
- **The compiled engine** (wheels only). The modules that ``build_engine.py`` lists are
  compiled with mypyc and the extensions added to the wheel beside their sources, which
  Python then imports in their place. When the compile cannot be done — no C compiler,
  no Python headers, a mypyc that refuses the source — the hook says so and the wheel is
  the pure-Python package, which works the same, only slower. ``TUOLAJI_PURE=1`` asks
  for the pure package.

Editable installs (``pip install -e``, as the Makefile's installs are) do neither: the
working tree builds the browser table with ``make web`` when ``make serve`` or ``make
test`` needs it (so ``make play`` never waits for npm), and ``make compiled`` builds a
compiled copy for the tests. ``tuolaji version`` says which build of the engine runs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _sibling(root: Path, name: str) -> Any:
    """The build module ``name`` beside this file (the build runs from elsewhere)."""
    spec = importlib.util.spec_from_file_location(name, root / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PackageBuildHook(BuildHookInterface):
    """Put the browser table into wheels and source distributions, and the compiled
    engine into wheels when it can be compiled."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Build what the package ships before hatch collects its files."""
        if version == "editable":
            return
        self._browser_table()
        if self.target_name == "wheel":
            self._compiled_engine(build_data)

    def _browser_table(self) -> None:
        """Build the browser table when it is missing or out of date; abort the build
        when it is missing and cannot be built."""
        web = _sibling(Path(self.root), "build_web")
        try:
            web.ensure_browser_table(Path(self.root), say=self.app.display_info)
        except web.BrowserTableError as error:
            self.app.abort(f"tuolaji: {error}")

    def _compiled_engine(self, build_data: dict[str, Any]) -> None:
        """Add the compiled extensions to the wheel's files, or leave the wheel pure."""
        engine = _sibling(Path(self.root), "build_engine")
        if os.environ.get(engine.PURE_ENV) == "1":
            self.app.display_info(f"tuolaji: {engine.PURE_ENV}=1, the pure-Python package")
            return
        tree = Path(self.root) / "build" / "wheel-engine"
        try:
            built = engine.compile_engine(tree)
        except Exception as error:  # any failure of the compile leaves the wheel pure
            lines = str(error).strip().splitlines() or [type(error).__name__]
            # the last line names what failed; a compiler's command line is cut short
            reason = lines[-1] if len(lines[-1]) <= 160 else lines[-1][:157] + "..."
            self.app.display_warning(
                f"tuolaji: the engine was not compiled ({reason}); "
                "installing the pure-Python package, which works the same, only slower"
            )
            return
        for path in built:
            build_data["force_include"][str(tree / path)] = path.as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"tuolaji: {len(built)} compiled modules in the wheel")


if __name__ == "__main__":
    sys.exit("hatch_build.py is the package's build hook: see build_web.py and build_engine.py")
