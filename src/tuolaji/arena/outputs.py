"""Output folders, checked before a run starts.

A tournament can run for an hour; finding out only at the end that its folder is a file,
or sits in a folder that does not exist, would lose every result. So the folder is made
ready (and written to once) before the first game, and a folder that already holds the
results of an earlier run is refused rather than overwritten.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path


def prepare_output_folder(folder: Path, outputs: Iterable[str] = ()) -> Path:
    """Make sure results can be written into ``folder``, and return it.

    The folder may exist, or its parent must: the folder itself is created, a missing
    chain of parents is not (a mistyped path should not grow a tree of folders). A
    test file is created and removed in it, so that a folder that cannot be written
    fails now. ``outputs`` are glob patterns of the files the run writes; a folder that
    already holds one of them is refused, so an earlier run's results are never
    overwritten. Every refusal is a ``ValueError`` that names the path and says why.
    """
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{folder} is a file, not a folder")
    if not folder.exists():
        _check_parent(folder)
        try:
            folder.mkdir()
        except OSError as error:
            raise ValueError(f"cannot create the folder {folder}: {error.strerror}") from None
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".tuolaji-write-test-"):
            pass
    except OSError as error:
        raise ValueError(f"cannot write in the folder {folder}: {error.strerror}") from None
    for pattern in outputs:
        earlier = sorted(folder.glob(pattern))
        if earlier:
            raise ValueError(
                f"{folder} already holds {earlier[0].name} from an earlier run: "
                "choose another folder, or move the old results away"
            )
    return folder


def _check_parent(folder: Path) -> None:
    """Refuse ``folder`` when its parent is missing or is a file."""
    parent = folder.absolute().parent
    if parent.is_dir():
        return
    # Name the first part of the path that is wrong: a file in the way, or the
    # deepest folder that is missing.
    ancestor = parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if ancestor.exists() and not ancestor.is_dir():
        raise ValueError(f"cannot create {folder}: {ancestor} is a file, not a folder")
    raise ValueError(f"cannot create {folder}: the folder {parent} does not exist")
