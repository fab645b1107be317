"""Bots that think off the event loop: a process pool, each decision with a deadline.

A room asks :meth:`BotPool.decide` for one decision of one seat and gets the cards (or
None: no declaration, or a pass in the final window) or :class:`BotFailed`; the room
then falls back to the engine's first legal action. The worker makes the player fresh
for every decision from its name and a seed the room derives from its own seed and
the action number, so a game resumed after a restart plays on exactly as before.

Only the built-in players sit at a server's table: an external program (``cmd:``) is
never started on a server's behalf (:func:`check_bot_name`).

The workers (and the forkserver that starts them) die with the server, however it dies:
:mod:`tuolaji.server.lifeline`.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Literal, get_args

from tuolaji.bots.registry import make_player, parse_player
from tuolaji.game.observation_json import observation_from_json
from tuolaji.server.lifeline import Lifeline, preload_forkserver, start_worker

Decision = Literal["declaration", "bury", "play"]
#: The decisions a bot is asked for.
DECISIONS: tuple[str, ...] = get_args(Decision)
#: The player kinds a server seats (docs/bots.md describes them).
SERVER_BOT_KINDS = ("random", "heuristic", "search")
#: How long :meth:`BotPool.close` waits for stopped workers to exit, in seconds.
CLOSE_WAIT_S = 5.0


@dataclass(frozen=True)
class BotRequest:
    """One decision asked of a bot: who it is, its seed, and what its seat sees."""

    #: a registry name: "random", "heuristic", "search:guesses=40" …
    player: str
    seed: int
    decision: Decision
    #: the seat's observation as JSON (``observation_to_json``)
    observation: dict[str, Any]

    def __post_init__(self) -> None:
        if self.decision not in DECISIONS:
            raise ValueError(f"a bot decides one of {', '.join(DECISIONS)}, not {self.decision!r}")
        if type(self.seed) is not int:
            raise ValueError(f"a bot's seed is a whole number, not {self.seed!r}")


class BotFailed(Exception):
    """A bot timed out, crashed, or answered nothing usable."""


def check_bot_name(name: str) -> str:
    """The canonical form of a bot name a server may seat: random, heuristic or search
    with its options (``search:guesses=40``). Anything else is a ``ValueError`` that says
    why; an external program (``cmd:…``) is always refused."""
    if not isinstance(name, str):
        raise ValueError(f"a bot name is text, not {name!r}")
    text = name.strip()
    # Before parsing: a malformed cmd: name should hear that servers run no programs,
    # not how to write the command.
    if text.partition(":")[0] == "cmd":
        raise ValueError(
            f"{text!r} names an external program: a server seats only random, heuristic "
            "and search bots"
        )
    spec = parse_player(text)
    if spec.kind not in SERVER_BOT_KINDS:  # a kind the registry learns later
        raise ValueError(
            f"{text!r} is a {spec.kind} player: a server seats only random, heuristic "
            "and search bots"
        )
    return spec.text


def think(request: BotRequest) -> tuple[int, ...] | None:
    """Make the decision ``request`` asks for (runs in the worker). Any failure comes
    back as :class:`BotFailed` with a message: it pickles whatever the cause was."""
    try:
        player_name = check_bot_name(request.player)
        observation = observation_from_json(request.observation)
        player = make_player(player_name, request.seed)
        if request.decision == "declaration":
            declared = player.declaration(observation)
            return _cards(declared) if declared else None
        if request.decision == "bury":
            return _cards(player.bury(observation))
        return _cards(player.play(observation))
    except Exception as error:
        raise BotFailed(
            f"the bot {request.player!r} could not decide ({request.decision}): "
            f"{type(error).__name__}: {error}"
        ) from error


def _cards(cards: Sequence[int]) -> tuple[int, ...]:
    """A player's answer as plain card numbers."""
    return tuple(int(card) for card in cards)


def _start_method() -> str:
    """How workers start: forkserver where the platform has it, else spawn. Never fork:
    the server process has threads and a running loop, which fork copies half-way."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


class BotPool:
    """Where bots think: ``workers`` processes, or (``workers == 0``) worker threads of
    the event loop's default executor, for tests and tiny servers."""

    def __init__(self, workers: int) -> None:
        if type(workers) is not int or workers < 0:
            raise ValueError(f"a bot pool has 0 or more workers, not {workers!r}")
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        #: the pipe whose end-of-file tells the workers the server is gone (one for
        #: every pool this makes: a pool that broke is replaced under the same one)
        self._lifeline: Lifeline | None = None
        self._closed = False

    def _new_executor(self) -> ProcessPoolExecutor:
        """A fresh process pool (started lazily by its first task), whose workers die
        with this process."""
        context = multiprocessing.get_context(_start_method())
        preload_forkserver(context)
        if self._lifeline is None:
            self._lifeline = Lifeline(context)
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=start_worker,
            initargs=(self._lifeline.worker_end,),
        )

    def _current_executor(self) -> ProcessPoolExecutor:
        """The process pool, made on first use."""
        if self._executor is None:
            self._executor = self._new_executor()
        return self._executor

    def _discard(self, executor: Executor) -> None:
        """Forget a broken pool, so that the next decision starts a fresh one."""
        if self._executor is executor:
            self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def _submit(self, request: BotRequest) -> asyncio.Future[tuple[int, ...] | None]:
        """Hand ``request`` to a worker; a pool found broken is replaced once."""
        loop = asyncio.get_running_loop()
        executor = self._current_executor()
        try:
            return loop.run_in_executor(executor, think, request)
        except BrokenProcessPool:
            self._discard(executor)
            return loop.run_in_executor(self._current_executor(), think, request)

    async def decide(self, request: BotRequest, deadline_s: float) -> tuple[int, ...] | None:
        """The bot's answer to ``request`` (None: no declaration, or pass), within
        ``deadline_s`` seconds of wall time; otherwise :class:`BotFailed`. A worker that
        died breaks its pool: this call fails and the next one starts a fresh pool."""
        if not (math.isfinite(deadline_s) and deadline_s > 0):
            raise ValueError(
                f"a bot's deadline is a positive number of seconds, not {deadline_s!r}"
            )
        if self._closed:
            raise BotFailed("the bot pool is closed")
        executor: ProcessPoolExecutor | None = None
        if self.workers == 0:
            job: asyncio.Future[tuple[int, ...] | None] = asyncio.ensure_future(
                asyncio.to_thread(think, request)
            )
        else:
            try:
                job = self._submit(request)
            except RuntimeError as error:  # the pool was shut down under us (close)
                raise BotFailed(f"the bot pool cannot take work: {error}") from error
            executor = self._executor
        try:
            return await asyncio.wait_for(job, deadline_s)
        except TimeoutError:
            # The worker may go on thinking: a decision cannot be stopped half-way in a
            # process or a thread. Its budget is bounded by the registry's limits.
            raise BotFailed(
                f"the bot {request.player!r} did not answer within {deadline_s:g} s"
            ) from None
        except BotFailed:
            raise
        except BrokenProcessPool as error:
            if self._closed:  # close() stopped the worker that was thinking
                raise BotFailed("the bot pool closed before the bot answered") from None
            if executor is not None:
                self._discard(executor)
            raise BotFailed(f"the bot {request.player!r} crashed: {error}") from error
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # our caller is being cancelled: let it
            # The job itself was cancelled: close() dropped it from the queue.
            raise BotFailed("the bot pool closed before the bot answered") from None
        except Exception as error:
            raise BotFailed(
                f"the bot {request.player!r} failed: {type(error).__name__}: {error}"
            ) from error

    async def close(self) -> None:
        """Stop the workers: decisions waiting in the queue are cancelled, and workers
        still thinking are stopped (their decisions fail with :class:`BotFailed`)."""
        self._closed = True
        executor, self._executor = self._executor, None
        lifeline, self._lifeline = self._lifeline, None
        if executor is None:
            if lifeline is not None:
                lifeline.close()
            return
        # Taken before shutdown, which forgets them; terminating busy workers keeps a
        # server's exit from waiting out a long search (as Python 3.14's
        # ProcessPoolExecutor.terminate_workers does).
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()

        def join() -> None:
            for process in processes:
                process.join(CLOSE_WAIT_S)

        await asyncio.to_thread(join)
        if lifeline is not None:  # any worker left (it did not stop in time) exits now
            lifeline.close()
