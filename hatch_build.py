"""The wheel's build hook: the engine's hot modules compiled with mypyc when that works.

``pip install .`` (and ``pip wheel .``) compile the modules that ``build_engine.py``
lists and add the extensions to the wheel beside their sources, which Python then
imports in their place. When the compile cannot be done — no C compiler, no Python
headers, a mypyc that refuses the source — the hook says so and the wheel is the
pure-Python package, which works the same, only slower. ``TUOLAJI_PURE=1`` asks for the
pure package. Editable installs (``pip install -e``, as ``make install`` does) are always
pure: ``make compiled`` builds a compiled copy for the tests. ``tuolaji version`` says
which build runs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _build_engine(root: Path) -> Any:
    """The ``build_engine`` module beside this file (the build runs from elsewhere)."""
    spec = importlib.util.spec_from_file_location("build_engine", root / "build_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledEngineHook(BuildHookInterface):
    """Compile the engine into the wheel, or leave the wheel pure when that fails."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Add the compiled extensions to a standard wheel's files."""
        if self.target_name != "wheel" or version == "editable":
            return
        engine = _build_engine(Path(self.root))
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
    sys.exit("hatch_build.py is the wheel's build hook: see build_engine.py")
