"""Running the real ``tuolaji`` command in tests."""

from __future__ import annotations

import os
import subprocess
import sys


def run_cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m tuolaji ARGS`` in a subprocess, output as UTF-8 text on a wide
    screen without colour, so that messages are neither wrapped nor styled."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "250", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "tuolaji", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=timeout,
        check=False,
    )
