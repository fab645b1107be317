"""Output folders are made ready before a run (``arena.outputs``): a folder, or a folder
whose parent exists, is accepted and left empty; a file, a path under a file, a missing
chain of folders, a folder that cannot be written or one holding an earlier run's
results is refused with a message that names the path, and nothing is changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tuolaji.arena.outputs import prepare_output_folder


def test_an_existing_folder_is_accepted_and_left_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert prepare_output_folder(tmp_path, ["result.json"]) == tmp_path
    assert [path.name for path in tmp_path.iterdir()] == ["notes.txt"]  # no test file left


def test_a_missing_folder_is_created_when_its_parent_exists(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    prepare_output_folder(folder)
    assert folder.is_dir() and not any(folder.iterdir())


def test_a_relative_folder_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    prepare_output_folder(Path("out"))
    assert (tmp_path / "out").is_dir()


@pytest.mark.parametrize(
    ("layout", "target", "message"),
    [
        ({"f": "x"}, "f", "{root}/f is a file, not a folder"),
        ({"f": "x"}, "f/out", "cannot create {root}/f/out: {root}/f is a file, not a folder"),
        ({"f": "x"}, "f/a/out", "cannot create {root}/f/a/out: {root}/f is a file, not a folder"),
        ({}, "a/b/out", "cannot create {root}/a/b/out: the folder {root}/a/b does not exist"),
        (
            {"d/result.json": "{}"},
            "d",
            "{root}/d already holds result.json from an earlier run: choose another folder, "
            "or move the old results away",
        ),
        (
            {"d/game-00003.json": "{}"},
            "d",
            "{root}/d already holds game-00003.json from an earlier run: choose another "
            "folder, or move the old results away",
        ),
    ],
)
def test_paths_that_cannot_take_the_results_are_refused(
    tmp_path: Path, layout: dict[str, str], target: str, message: str
) -> None:
    for name, text in layout.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(ValueError) as refused:
        prepare_output_folder(tmp_path / target, ["result.json", "game-*.json"])
    assert str(refused.value) == message.format(root=tmp_path)
    assert sorted(tmp_path.rglob("*")) == before


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere"
)
def test_a_folder_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        with pytest.raises(ValueError, match="cannot write in the folder"):
            prepare_output_folder(locked)
        with pytest.raises(ValueError, match="cannot create the folder"):
            prepare_output_folder(locked / "out")
    finally:
        locked.chmod(0o700)
