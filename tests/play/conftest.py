"""Fixtures shared by the terminal game's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuolaji.datadir import DATA_DIR_VARIABLE


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saved games go to a temporary data folder, never into the real home (subprocesses
    inherit the variable too)."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    return folder
