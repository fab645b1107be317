"""Players that are other programs: any command speaking the JSON-lines bot protocol
(docs/bot-protocol.md) on its standard input and output can take a seat.

The bot is never trusted. An answer that is late, unreadable or illegal is logged
(logger ``tuolaji.bots.external``), counted in ``player.errors``, and replaced by a legal
random play, so the game always goes on. After a timeout or a crash the bot is not
asked again: every later decision is a fallback. Pipes are read and written by threads,
so a bot that stops reading or writing can never hang the engine.

Results count the fallbacks of each player by cause (:class:`FallbackTally`). Unless the
program configures logging itself, the log goes to stderr as
``ERROR tuolaji.bots.external: …``, the lines docs/bot-protocol.md shows.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from tuolaji.bots.protocol import (
    AnswerError,
    Decision,
    answer_cards,
    bye_message,
    checked_decision,
    encode,
    hello_message,
    request_message,
)
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.game.observation import Observation

logger = logging.getLogger("tuolaji.bots.external")

#: Seconds a bot has for each answer unless its player says otherwise.
DEFAULT_TIMEOUT_S = 5.0
#: Why a fallback made a decision, as results count it: ``crash`` (the bot exited,
#: closed its output or could not be started), ``timeout`` (it fell silent),
#: ``garbage`` (a line that is not JSON or not an answer, or cards that cannot be read),
#: ``illegal`` (cards the rules refuse). After a crash or a timeout the bot is not asked
#: again, and every later decision of its game counts under that cause.
FALLBACK_KINDS = ("crash", "timeout", "garbage", "illegal")
# The cause of a fallback, from the error that caused it (see BotStopped, AnswerError).
_FALLBACK_KIND = {
    "start": "crash",
    "crash": "crash",
    "timeout": "timeout",
    "not_json": "garbage",
    "bad_answer": "garbage",
    "bad_cards": "garbage",
    "illegal": "illegal",
}

#: Longest line read at once; a longer one arrives in pieces (and reads as garbage).
_MAX_LINE = 1 << 16
#: How long a bot may take to exit once its input is closed, before it is killed.
_CLOSE_GRACE_S = 1.0
#: Lines of the bot's standard error kept to explain a crash.
_STDERR_TAIL = 10


class _StderrUnlessConfigured(logging.Handler):
    """Writes this module's warnings and errors on stderr as ``LEVEL logger: message``
    (the lines docs/bot-protocol.md shows), unless the program configured logging
    itself: when a logger above this one has a handler (``logging.basicConfig``,
    pytest's capture), that handler decides what is shown, and this one stays quiet."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record`` on the current stderr, if nobody else will show it."""
        ancestor = logger.parent if logger.propagate else None
        while ancestor is not None:
            if ancestor.handlers:
                return
            ancestor = ancestor.parent if ancestor.propagate else None
        try:
            sys.stderr.write(self.format(record) + "\n")
            sys.stderr.flush()
        except Exception:  # logging must never break the game
            self.handleError(record)


# Without this, Python's last-resort handler prints the bare message, and a reader of
# stderr cannot tell a bot's failure from anything else the program says.
logger.addHandler(_StderrUnlessConfigured())


@dataclass(frozen=True, slots=True)
class FallbackTally:
    """The decisions a fallback made in a player's place, by cause (see
    :data:`FALLBACK_KINDS`), and how many times its answer timeout fired."""

    crash: int = 0
    timeout: int = 0
    garbage: int = 0
    illegal: int = 0
    #: answer timeouts that fired (once at most per bot program: it is then stopped)
    timeouts_fired: int = 0

    @classmethod
    def of(cls, player: object) -> FallbackTally:
        """The tally of any player: an external bot's own, nothing for the others."""
        tally = getattr(player, "fallback_tally", None)
        return tally() if callable(tally) else cls()

    @property
    def replaced(self) -> int:
        """The decisions a fallback made, whatever the cause."""
        return self.crash + self.timeout + self.garbage + self.illegal

    def __add__(self, other: FallbackTally) -> FallbackTally:
        return FallbackTally(
            self.crash + other.crash,
            self.timeout + other.timeout,
            self.garbage + other.garbage,
            self.illegal + other.illegal,
            self.timeouts_fired + other.timeouts_fired,
        )

    def kinds_json(self) -> dict[str, int]:
        """The decisions replaced, by cause, in :data:`FALLBACK_KINDS` order."""
        return {kind: getattr(self, kind) for kind in FALLBACK_KINDS}


#: The tally of a player no fallback ever stood in for.
NO_FALLBACKS = FallbackTally()


class BotStopped(Exception):
    """The bot can no longer answer. ``kind``: ``start`` (it could not be started),
    ``crash`` (it exited or closed its output) or ``timeout``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class BotProcess:
    """One running bot program. Lines go to its stdin through a writer thread and come
    from its stdout through a reader thread, so no call waits longer than it asks to;
    its stderr is kept (the last lines) and logged at debug level."""

    def __init__(self, command: Sequence[str], label: str) -> None:
        """Start ``command``; raises :class:`BotStopped` (``start``) when it cannot."""
        try:
            self._process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                # Its own process group, so a wrapper (a shell, a launcher) dies with it.
                start_new_session=hasattr(os, "killpg"),
            )
        except OSError as error:
            raise BotStopped("start", f"could not start {shlex.join(command)}: {error}") from None
        process = self._process
        assert process.stdin and process.stdout and process.stderr
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr_tail: deque[str] = deque(maxlen=_STDERR_TAIL)
        self._output_ended = False
        self._threads = [
            _daemon(f"{label} stdin", _write_lines, process.stdin, self._outbox),
            _daemon(f"{label} stdout", _read_lines, process.stdout, self._lines),
            _daemon(f"{label} stderr", _read_stderr, process.stderr, self._stderr_tail, label),
        ]

    @property
    def pid(self) -> int:
        """The bot's process id."""
        return self._process.pid

    def send(self, line: str) -> None:
        """Queue one line for the bot's stdin (dropped if the bot stopped reading)."""
        self._outbox.put(line.encode("utf-8"))

    def unasked(self) -> list[str]:
        """The lines the bot wrote that nobody has read yet (they answer nothing)."""
        found: list[str] = []
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return found
            if line is None:
                self._output_ended = True
                return found
            found.append(line)

    def receive(self, timeout_s: float) -> str:
        """The next line from the bot; raises :class:`BotStopped` (``timeout`` or
        ``crash``) when none comes within ``timeout_s`` seconds or its output ended."""
        if not self._output_ended:
            try:
                line = self._lines.get(timeout=timeout_s)
            except queue.Empty:
                raise BotStopped("timeout", f"no answer within {timeout_s:g} s") from None
            if line is not None:
                return line
            self._output_ended = True
        raise BotStopped("crash", self._end_description())

    def _end_description(self) -> str:
        """How the bot ended, with the last lines of its stderr."""
        try:
            code: int | None = self._process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            code = None
        self._threads[2].join(timeout=0.5)  # let the stderr reader catch up
        said = " | ".join(self._stderr_tail)
        how = "the bot closed its output" if code is None else f"the bot exited with code {code}"
        return f"{how}; its last stderr: {said}" if said else how

    def close(self, grace_s: float = _CLOSE_GRACE_S) -> None:
        """Close the bot's stdin, give it ``grace_s`` seconds to exit, then kill it (and
        its process group); the process is always reaped."""
        self._outbox.put(None)
        process = self._process
        try:
            process.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            _kill(process)
            process.wait()
        for thread in self._threads:
            thread.join(timeout=0.5)


def _daemon(name: str, target: Callable[..., None], *args: Any) -> threading.Thread:
    """Start a daemon thread (daemon: a stuck pipe must never keep Python from exiting)."""
    thread = threading.Thread(target=target, args=args, name=name, daemon=True)
    thread.start()
    return thread


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill a running bot, with its process group where there is one."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows
            process.kill()
    except (ProcessLookupError, PermissionError):
        process.kill()


def _write_lines(pipe: IO[bytes], outbox: queue.Queue[bytes | None]) -> None:
    """Write queued lines to the bot until the ``None`` mark, then close its stdin.
    A write blocked by a bot that does not read only blocks this thread."""
    while (data := outbox.get()) is not None:
        try:
            pipe.write(data)
            pipe.flush()
        except (OSError, ValueError):
            break  # the bot is gone; its end is noticed on the reading side
    with contextlib.suppress(OSError):
        pipe.close()


def _read_lines(pipe: IO[bytes], lines: queue.Queue[str | None]) -> None:
    """Queue each line the bot writes; ``None`` marks the end of its output."""
    try:
        while raw := pipe.readline(_MAX_LINE):
            lines.put(raw.decode("utf-8", errors="replace"))
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)
        pipe.close()


def _read_stderr(pipe: IO[bytes], tail: deque[str], label: str) -> None:
    """Keep the last lines of the bot's stderr and log them at debug level."""
    try:
        while raw := pipe.readline(_MAX_LINE):
            text = raw.decode("utf-8", errors="replace").rstrip()
            tail.append(text)
            logger.debug("%s stderr: %s", label, text)
    except (OSError, ValueError):
        pass
    finally:
        pipe.close()


def _shut_down(process: BotProcess) -> None:
    """Say goodbye to a bot and close it (also run when its player is collected)."""
    process.send(encode(bye_message()))
    process.close()


class ExternalPlayer:
    """A seat played by another program through the bot protocol (docs/bot-protocol.md).

    The program starts on the first decision and is sent a hello line, then one request
    per decision. Use it as a context manager, or call :meth:`close`; a player that is
    garbage collected, or still open when the interpreter exits, closes its bot too.
    """

    def __init__(
        self,
        command: Sequence[str],
        seed: int,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        name: str | None = None,
    ) -> None:
        """Prepare (not start) the bot ``command``; an empty command, a program that
        cannot be found or a timeout that is not positive is a ``ValueError``. ``name``
        is what logs and results call it (by default ``cmd:`` and the command)."""
        if not command:
            raise ValueError("an external bot needs a command to run")
        if shutil.which(command[0]) is None:
            raise ValueError(f"cannot find the program {command[0]!r} of {shlex.join(command)}")
        if not timeout_s > 0:
            raise ValueError(f"the timeout must be positive, not {timeout_s}")
        self.command = list(command)
        self.name = name if name is not None else "cmd:" + shlex.join(self.command)
        self.seed = seed
        self.timeout_s = timeout_s
        #: errors by kind: start, crash, timeout, not_json, bad_answer, bad_cards,
        #: illegal, unasked
        self.errors: Counter[str] = Counter()
        #: decisions the random fallback made instead of the bot
        self.fallbacks = 0
        #: those decisions by cause (FALLBACK_KINDS); the ones asked after
        #: :meth:`close` are no failure of the bot and are not counted here
        self.fallback_kinds: Counter[str] = Counter()
        self._fallback = RandomPlayer(seed)
        self._process: BotProcess | None = None
        self._closer: weakref.finalize[[BotProcess], ExternalPlayer] | None = None
        #: why the bot is no longer asked (None while it is)
        self._stopped: str | None = None
        self._next_id = 1

    @property
    def pid(self) -> int | None:
        """The bot's process id once started."""
        return None if self._process is None else self._process.pid

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """The bot's declaration (or None to keep quiet / pass)."""
        return self._ask("declare", observation, self._fallback.declaration)

    def bury(self, observation: Observation) -> Sequence[int]:
        """The bot's 8 cards for the talon."""
        cards = self._ask("bury", observation, self._fallback.bury)
        assert cards is not None
        return cards

    def play(self, observation: Observation) -> Sequence[int]:
        """The bot's lead or follow."""
        cards = self._ask("play", observation, self._fallback.play)
        assert cards is not None
        return cards

    def fallback_tally(self) -> FallbackTally:
        """The decisions a fallback made, by cause, and the timeouts that fired."""
        return FallbackTally(
            **{kind: self.fallback_kinds[kind] for kind in FALLBACK_KINDS},
            timeouts_fired=self.errors["timeout"],
        )

    def close(self) -> None:
        """Send ``bye``, close the bot's input, and kill it if it does not exit soon.
        The player then answers with fallbacks only."""
        if self._stopped is None:
            self._stopped = "closed"
        if self._closer is not None:
            self._closer()

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _ask(
        self,
        decision: Decision,
        obs: Observation,
        fallback: Callable[[Observation], Sequence[int] | None],
    ) -> Sequence[int] | None:
        """The bot's checked answer, or the fallback's when it has none."""
        cause = self._stopped
        if cause is None:
            request_id = self._next_id
            self._next_id += 1
            try:
                return self._exchange(request_id, decision, obs)
            except AnswerError as error:
                self._report(obs, decision, request_id, error.kind, str(error))
                cause = error.kind
            except BotStopped as error:
                self._report(obs, decision, request_id, error.kind, str(error), stop=True)
                cause = error.kind
        self.fallbacks += 1
        if cause in _FALLBACK_KIND:  # not "closed"
            self.fallback_kinds[_FALLBACK_KIND[cause]] += 1
        return fallback(obs)

    def _exchange(self, request_id: int, decision: Decision, obs: Observation) -> list[int] | None:
        """Send one request and check the answer (raises on every kind of failure)."""
        process = self._started(obs)
        for line in process.unasked():
            self._unasked(line)
        process.send(encode(request_message(request_id, decision, obs)))
        deadline = time.monotonic() + self.timeout_s
        while True:
            try:
                line = process.receive(max(0.0, deadline - time.monotonic()))
            except BotStopped as error:
                if error.kind == "timeout":
                    raise BotStopped("timeout", f"no answer within {self.timeout_s:g} s") from None
                raise
            try:
                text = answer_cards(line, request_id)
            except AnswerError as error:
                if error.kind != "stale":
                    raise
                # Answering twice, or late, must not shift every later answer by one.
                self._unasked(line)
                continue
            return checked_decision(decision, obs, text)

    def _unasked(self, line: str) -> None:
        """Count and log a line that answers no open request."""
        self.errors["unasked"] += 1
        logger.warning("%s: skipped a line that answers no open request: %r", self.name, line[:80])

    def _started(self, obs: Observation) -> BotProcess:
        """The bot's process, started (and greeted) on first use."""
        if self._process is None:
            assert obs.seat is not None
            process = BotProcess(self.command, self.name)
            self._process = process
            self._closer = weakref.finalize(self, _shut_down, process)
            process.send(encode(hello_message(obs.seat, obs.rules, self.seed, self.timeout_s)))
        return self._process

    def _report(
        self,
        obs: Observation,
        decision: Decision,
        request_id: int,
        kind: str,
        what: str,
        stop: bool = False,
    ) -> None:
        """Log and count one failure; after a crash or timeout, stop asking the bot."""
        self.errors[kind] += 1
        then = "playing a random legal fallback"
        if stop:
            self._stopped = kind
            then += "; the bot is not asked again"
            if self._process is not None:
                self._process.close(grace_s=0.0)  # useless now, and perhaps stuck
        logger.error(
            "external bot %s (seat %s), %s request %d: %s: %s — %s",
            self.name,
            obs.seat,
            decision,
            request_id,
            kind,
            what,
            then,
        )
