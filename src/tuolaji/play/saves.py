"""Where saved games live: the user's data folder (``platformdirs``), a new file name
per game, finding a saved game by its bare name, and the command that resumes one.

A game is saved into the current folder only when the player names a path: a repository
or a home folder should not fill up with ``tuolaji-game.json`` files. The environment
variable ``TUOLAJI_DATA_DIR`` moves the data folder (tests point it at a temporary one).
"""

from __future__ import annotations

import contextlib
import shlex
from datetime import datetime
from pathlib import Path

from tuolaji.datadir import data_dir

#: how many saved games an error message lists when a name is not found
LISTED_SAVES = 5


def new_save_path(now: datetime | None = None, folder: Path | None = None) -> Path:
    """A fresh file name for a new game's record in ``folder`` (the data folder by
    default), stamped with the date and time, numbered when that name is taken. The folder
    is created if it can be; if not, saving will say why when the player saves."""
    folder = data_dir() if folder is None else folder
    # a folder that cannot be made is reported by Session.save, if the player ever saves
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"game-{stamp}-{number}.json"
        number += 1
    return path


def saved_games(folder: Path | None = None) -> list[Path]:
    """The game records in ``folder`` (the data folder by default), newest first."""
    folder = data_dir() if folder is None else folder
    try:
        found = [path for path in folder.glob("*.json") if path.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda path: path.stat().st_mtime, reverse=True)


def find_saved_game(path: Path) -> Path:
    """The file ``--resume`` means: ``path`` itself when it exists; else, for a bare file
    name (no folder), that name in the data folder, with or without ``.json``. Returns
    ``path`` unchanged when nothing is found, so the error names what was typed."""
    if path.exists() or path.parent != Path():
        return path
    folder = data_dir()
    for candidate in (folder / path.name, folder / f"{path.name}.json"):
        if candidate.is_file():
            return candidate
    return path


def resume_command(path: Path | str, *, plain: bool = False) -> str:
    """The command line that continues the game saved in ``path`` (quoted for the shell:
    data folders may contain spaces)."""
    mode = " --plain" if plain else ""
    return f"tuolaji play{mode} --resume {shlex.quote(str(path))}"
