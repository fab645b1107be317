"""Starting a game from the command line: language, session (new or resumed), and the
front end (the Textual screen, or the line mode)."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tuolaji.core.rules import RuleSet
from tuolaji.game.record import RecordError
from tuolaji.i18n import _, choose_language, set_language
from tuolaji.play.session import Session


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``tuolaji play`` was asked for."""

    bots: str
    seed: int | None
    rules: RuleSet
    lang: str | None
    resume: Path | None
    save: Path
    plain: bool
    rounds: int | None
    delay: float


class LaunchError(Exception):
    """The game cannot start (a bad record, bad options); the message says why."""


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
            raise LaunchError(str(error)) from None
        return session, ""
    try:
        session = Session.resume(options.resume, options.bots)
    except (RecordError, ValueError) as error:
        raise LaunchError(
            _("Cannot resume {path}: {error}").format(path=options.resume, error=error)
        ) from None
    notice = _(
        "Resumed {path}. The bots start afresh, so their random choices may differ from "
        "how the saved game would have gone on."
    ).format(path=options.resume)
    return session, notice


def utf8(stream: TextIO) -> TextIO:
    """``stream`` reading and writing UTF-8 whatever the locale (suit symbols)."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8", errors="replace")
    return stream


def play(options: PlayOptions) -> int:
    """Run the game the options describe; the exit code."""
    notice = setup_language(options.lang) or ""
    session, resumed = open_session(options)
    notice = " ".join(part for part in (notice, resumed) if part)
    if options.plain:
        from tuolaji.play.plain import run_plain

        out = utf8(sys.stdout)
        if notice:
            print(notice, file=out)
        return run_plain(session, utf8(sys.stdin), out, str(options.save))
    from tuolaji.play.app import TuolajiApp

    TuolajiApp(session, save_path=str(options.save), delay=options.delay, notice=notice).run()
    return 0
