"""Where saved games go: the user's data folder (never the current folder unless asked),
fresh names per game, resuming by a bare name, and the resume command."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from tuolaji import datadir
from tuolaji.core.rules import STANDARD
from tuolaji.datadir import DATA_DIR_VARIABLE
from tuolaji.play.launch import LaunchError, PlayOptions, open_session, play, save_path
from tuolaji.play.saves import (
    find_saved_game,
    new_save_path,
    resume_command,
    saved_games,
)
from tuolaji.play.session import Session

NOON = datetime(2025, 3, 4, 12, 0, 5)


def options(resume: Path | None = None, save: Path | None = None) -> PlayOptions:
    """``tuolaji play --plain`` with random bots, as the command line builds it."""
    return PlayOptions("random", 3, STANDARD, "en", resume, save, True, None, 0.0)


def test_the_data_folder_is_the_users_unless_overridden(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert datadir.data_dir() == data_dir  # the tests' override
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    assert datadir.data_dir() == Path(platformdirs.user_data_dir("tuolaji", appauthor=False))
    assert datadir.data_dir() != Path.cwd()


def test_a_new_game_gets_a_stamped_name_numbered_when_taken(data_dir: Path) -> None:
    first = new_save_path(NOON)
    assert first == data_dir / "game-2025-03-04-120005.json"
    assert data_dir.is_dir()  # made, so the first save succeeds
    first.write_text("{}")
    assert new_save_path(NOON) == data_dir / "game-2025-03-04-120005-2.json"


def test_a_folder_that_cannot_be_made_is_left_for_saving_to_report(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    path = new_save_path(NOON, folder=blocker / "games")
    assert path.parent == blocker / "games" and not path.parent.exists()
    outcome = Session.new("random", seed=3).save(path)
    assert not outcome.ok and "Could not save" in outcome.message


def test_saving_defaults_to_the_data_folder_not_the_current_one(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = save_path(options())
    assert path.parent == data_dir and path.name.startswith("game-")
    assert save_path(options(save=Path("mine.json"))) == Path("mine.json")
    session, _notice = open_session(options())
    assert session.save(path).ok
    assert path.is_file() and not list(tmp_path.glob("*.json"))
    # resuming saves back into the resumed file, found by its bare name
    assert save_path(options(resume=Path(path.name))) == path
    assert save_path(options(resume=Path(path.stem))) == path


def test_resume_finds_a_bare_name_in_the_data_folder(data_dir: Path) -> None:
    path = new_save_path(NOON)
    assert Session.new("random", seed=3).save(path).ok
    assert find_saved_game(Path(path.name)) == path
    assert find_saved_game(Path(path.stem)) == path  # .json may be left out
    elsewhere = Path("some folder") / path.name
    assert find_saved_game(elsewhere) == elsewhere  # a path with a folder is taken as given
    assert saved_games() == [path]
    session, notice = open_session(options(resume=Path(path.name)))
    assert session.resumed and str(path) in notice


def test_resuming_a_missing_game_lists_the_saved_ones(data_dir: Path) -> None:
    with pytest.raises(LaunchError, match="no such file, and no saved game in"):
        open_session(options(resume=Path("nothing.json")))
    data_dir.mkdir()
    older, newer = data_dir / "game-a.json", data_dir / "game-b.json"
    for path in (older, newer):
        assert Session.new("random", seed=3).save(path).ok
    os.utime(older, (1, 1))
    with pytest.raises(LaunchError) as refused:
        open_session(options(resume=Path("nothing.json")))
    assert str(refused.value).endswith(f"Saved games in {data_dir}: game-b.json, game-a.json")


def test_the_resume_command_is_quoted_for_the_shell() -> None:
    assert resume_command("/tmp/game.json") == "tuolaji play --resume /tmp/game.json"
    spaced = resume_command(Path("/Users/me/Application Support/tuolaji/g.json"), plain=True)
    assert spaced == "tuolaji play --plain --resume '/Users/me/Application Support/tuolaji/g.json'"


def test_the_data_folder_override_is_read_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "other"))
    assert datadir.data_dir() == tmp_path / "other"


# ------------------------------------------------------------- never over another file


def test_saving_never_writes_over_a_file_that_is_not_this_games(tmp_path: Path) -> None:
    precious = tmp_path / "important.txt"
    precious.write_text("precious")
    session = Session.new("random", seed=3)
    refused = session.save(precious)
    assert not refused.ok and "already exists" in refused.message
    assert precious.read_text() == "precious" and session.last_saved is None
    # the game's own file may be written again, as often as the player saves
    own = tmp_path / "game.json"
    assert session.save(own).ok and session.save(own).ok and session.last_saved == own


def test_a_resumed_game_saves_over_its_own_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert Session.new("random", seed=3).save(path).ok
    resumed = Session.resume(path, "random")
    assert resumed.may_write(path) and resumed.save(path).ok
    other = tmp_path / "other.json"
    assert Session.new("random", seed=4).save(other).ok
    assert not resumed.may_write(other)  # another saved game is never lost


def test_save_onto_an_existing_file_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    taken = tmp_path / "other.json"
    assert Session.new("random", seed=4).save(taken).ok
    before = taken.read_bytes()
    with pytest.raises(LaunchError, match=r"already exists.*--resume"):
        play(options(save=taken))
    assert taken.read_bytes() == before
