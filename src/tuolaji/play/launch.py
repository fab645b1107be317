"""Starting a game from the command line: language, session (new or resumed), where
saving writes, and the front end (the Textual screen, or the line mode)."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tuolaji.core.rules import RuleSet
from tuolaji.datadir import data_dir
from tuolaji.game.record import RecordError
from tuolaji.i18n import _, choose_language, set_language
from tuolaji.play.saves import (
    LISTED_SAVES,
    find_saved_game,
    new_save_path,
    saved_games,
)
from tuolaji.play.session import Session


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``tuolaji play`` was asked for."""

    bots: str
    seed: int | None
    rules: RuleSet
    lang: str | None
    resume: Path | None
    save: Path | None  # None: a new file in the data folder (or the resumed file)
    plain: bool
    rounds: int | None
    delay: float
    trick_pause: float | None = None  # None: a finished trick waits for Enter


class LaunchError(Exception):
    """The game cannot start (a saved game missing or unreadable); the message says why."""


class BadLaunch(LaunchError):
    """The options cannot start a game as given (the screen without a terminal, a save
    file that exists): the command's usage error rather than a failed run."""


def setup_language(requested: str | None) -> str | None:
    """Switch to the language asked for (else the locale's, else English); a notice when
    the request was not understood."""
    language, notice = choose_language(requested)
    set_language(language)
    return notice


def open_session(options: PlayOptions) -> tuple[Session, str]:
    """The session to play and a notice for the player (about resuming)."""
    if options.resume is None:
        try:
            session = Session.new(options.bots, options.seed, options.rules, options.rounds)
        except ValueError as error:
            raise BadLaunch(str(error)) from None
        return session, ""
    path = find_saved_game(options.resume)
    if not path.exists():
        raise LaunchError(missing_save_text(path))
    try:
        session = Session.resume(path, options.bots, options.rounds)
    except (RecordError, ValueError) as error:
        raise LaunchError(
            _("Cannot resume {path}: {error}").format(path=path, error=error)
        ) from None
    notice = _(
        "Resumed {path}. The bots start afresh, so their random choices may differ from "
        "how the saved game would have gone on."
    ).format(path=path)
    return session, notice


def missing_save_text(path: Path) -> str:
    """Why a game cannot be resumed from ``path`` (no such file), and the saved games the
    data folder holds, newest first, so the player can pick one by name."""
    found = saved_games()[:LISTED_SAVES]
    if not found:
        return _(
            "Cannot resume {path}: there is no such file, and no saved game in {folder}."
        ).format(path=path, folder=data_dir())
    return _(
        "Cannot resume {path}: there is no such file. Saved games in {folder}: {names}"
    ).format(path=path, folder=data_dir(), names=", ".join(game.name for game in found))


def save_path(options: PlayOptions) -> Path:
    """Where saving writes: ``--save PATH``; else the resumed file (the same game goes
    on); else a new file in the user's data folder, never the current folder."""
    if options.save is not None:
        return options.save
    if options.resume is not None:
        return find_saved_game(options.resume)
    return new_save_path()


def utf8(stream: TextIO) -> TextIO:
    """``stream`` reading and writing UTF-8 whatever the locale (suit symbols)."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8", errors="replace")
    return stream


def play(options: PlayOptions) -> int:
    """Run the game the options describe; the exit code."""
    notice = setup_language(options.lang) or ""
    if not options.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        # the screen would draw escape codes into a pipe and wait for keys forever
        raise BadLaunch(_("The game screen needs a terminal: use --plain for pipes and scripts."))
    session, resumed = open_session(options)
    notice = " ".join(part for part in (notice, resumed) if part)
    path = str(save_path(options))
    if not session.may_write(path):
        raise BadLaunch(
            _(
                "{path} already exists: choose a new file for --save, or continue that "
                "game with --resume {path}."
            ).format(path=path)
        )
    if options.plain:
        from tuolaji.play.plain import run_plain

        out = utf8(sys.stdout)
        if notice:
            print(notice, file=out)
        return run_plain(session, utf8(sys.stdin), out, path)
    from tuolaji.play.app import TuolajiApp

    TuolajiApp(
        session,
        save_path=path,
        delay=options.delay,
        notice=notice,
        trick_pause=options.trick_pause,
    ).run()
    return 0
