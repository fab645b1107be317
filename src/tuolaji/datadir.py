"""The user's data folder for tuolaji: saved games (``tuolaji play``) and the online
server's embedded database (``tuolaji serve``).

``$TUOLAJI_DATA_DIR`` moves it (the tests point it at a temporary folder); otherwise it is
the platform's data folder for tuolaji (``platformdirs``: ``~/.local/share/tuolaji`` on
Linux), which only the extras that write there install.
"""

from __future__ import annotations

import os
from pathlib import Path

#: the environment variable that overrides the data folder
DATA_DIR_VARIABLE = "TUOLAJI_DATA_DIR"


def data_dir() -> Path:
    """The data folder: ``$TUOLAJI_DATA_DIR`` when set, else the user's data folder for
    tuolaji (e.g. ``~/.local/share/tuolaji`` on Linux). Not created here."""
    override = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    # imported here: commands that never write there run without platformdirs
    import platformdirs

    return Path(platformdirs.user_data_dir("tuolaji", appauthor=False))
