"""The bot pool: every server bot answers every decision legally, seeded answers repeat,
deadlines and crashes become BotFailed, and external programs are never seated."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tuolaji.game import ActionKind, Game, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.server import botpool
from tuolaji.server.botpool import (
    BotFailed,
    BotPool,
    BotRequest,
    Decision,
    check_bot_name,
    think,
)

#: The bots a server seats; the search with a small budget, to stay fast.
BOTS = ("random", "heuristic", "search:guesses=4")
BOUND_S = 10.0  # every await is bounded: a lost answer fails the test, never hangs it


@dataclass(frozen=True)
class Situation:
    """A decision one seat faces: the game as it stands (a copy) and what to ask."""

    label: str
    game: Game
    seat: int
    decision: Decision

    def request(self, player: str, seed: int = 7) -> BotRequest:
        """The request a room would send for this seat."""
        return BotRequest(
            player, seed, self.decision, observation_to_json(observe(self.game, self.seat))
        )

    def accepts(self, answer: tuple[int, ...] | None) -> bool:
        """Whether the game takes ``answer`` as this seat's action now."""
        if self.decision == "declaration":
            if answer is None:  # keep quiet; in the final window that is a pass (R-T4)
                return not self.final_window() or self.game.can_pass(self.seat)
            return self.game.can_declare(self.seat, answer)
        if answer is None:
            return False
        if self.decision == "bury":
            return self.game.can_bury(self.seat, answer)
        return self.game.can_play(self.seat, answer)

    def final_window(self) -> bool:
        """Whether this is a turn of the final declaring window (not the deal)."""
        return not self.game.turn().chance


def _situations(seed: int = 11) -> list[Situation]:
    """One of each decision, from a game driven by the engine's first legal actions:
    a declaration while dealing (R-T2), the final window (R-T4), a burial (R-K1), a
    lead and a follow (R-P1)."""
    game = Game(seed=seed)
    found: list[Situation] = []
    while not game.turn().over and len(found) < 5:
        turn = game.turn()
        if turn.chance:
            game.draw()
            eligible = game.seats_that_could_declare()
            if eligible and not any(s.label == "deal" for s in found):
                found.append(Situation("deal", game.copy(), eligible[0], "declaration"))
            continue
        seat = turn.seat
        assert seat is not None
        kinds = turn.kinds(seat)
        if ActionKind.PLAY in kinds:
            label = "lead" if not any(s.label == "lead" for s in found) else "follow"
            found.append(Situation(label, game.copy(), seat, "play"))
            game.play(seat, next(iter(game.legal_plays(seat))))
        elif ActionKind.BURY in kinds:
            found.append(Situation("bury", game.copy(), seat, "bury"))
            game.bury(seat, next(iter(game.legal_burials(seat))))
        else:
            if not any(s.label == "window" for s in found):
                found.append(Situation("window", game.copy(), seat, "declaration"))
            choice = next(iter(game.legal_declarations(seat)), None)
            if choice is not None:
                game.declare(seat, choice)
            else:
                game.pass_declaring(seat)
    assert [s.label for s in found] == ["deal", "window", "bury", "lead", "follow"]
    return found


SITUATIONS = _situations()


@pytest.mark.asyncio
@pytest.mark.parametrize("player", BOTS)
@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.label for s in SITUATIONS])
async def test_every_bot_answers_every_decision_legally(player: str, situation: Situation) -> None:
    pool = BotPool(0)
    answer = await pool.decide(situation.request(player), BOUND_S)
    assert situation.accepts(answer), (player, situation.label, answer)
    if situation.decision in ("bury", "play"):
        assert answer
    await pool.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("player", BOTS)
async def test_bots_declare_legally_through_a_whole_deal(player: str) -> None:
    """Asked after every card whenever a declaration of theirs could stand (R-T2), the
    bots' declarations are all ones the game takes, and some bot does declare."""
    pool = BotPool(0)
    game = Game(seed=5)
    declared = 0
    number = 0
    while game.turn().chance:
        game.draw()
        for seat in game.seats_that_could_declare():
            if not game.could_declare(seat):  # an earlier answer this card outbid it
                continue
            number += 1
            request = BotRequest(
                player, number, "declaration", observation_to_json(observe(game, seat))
            )
            answer = await pool.decide(request, BOUND_S)
            if answer is not None:
                assert game.can_declare(seat, answer), (seat, answer)
                game.declare(seat, answer)
                declared += 1
    assert number > 0
    assert declared > 0  # seeded: each of them declares in this deal
    await pool.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("player", BOTS)
async def test_the_same_request_gets_the_same_answer(player: str) -> None:
    pool = BotPool(0)
    for situation in SITUATIONS:
        request = situation.request(player, seed=1_000_003 * 42 + 17)
        first = await pool.decide(request, BOUND_S)
        second = await pool.decide(request, BOUND_S)
        assert first == second, situation.label
        assert think(request) == first
    await pool.close()


def _cpu_ticks(pid: int) -> int | None:
    """The CPU time process ``pid`` has used, in clock ticks (None without Linux's /proc)."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        return None
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime and stime


async def _until_busy(pid: int, before: int | None) -> None:
    """Wait (wall time: a real process, no game clock) until worker ``pid`` has spent
    some CPU time since ``before``, i.e. is thinking; at most about 10 s."""
    if before is None:
        return  # no /proc: close() is then tested on a job maybe still queued
    for _ in range(200):
        ticks = _cpu_ticks(pid)
        if ticks is None or ticks >= before + 5:
            return
        await asyncio.sleep(0.05)
    pytest.fail("the worker process never started thinking")


@pytest.mark.asyncio
async def test_a_real_process_pool_answers_as_the_threads_do() -> None:
    """One worker process (forkserver or spawn): the answers are those of thread mode;
    close() stops a worker in the middle of a long search at once (the decision fails
    with BotFailed), and the closed pool takes no more work."""
    lead = SITUATIONS[3]
    requests = [lead.request("search:guesses=4", seed=3), SITUATIONS[2].request("heuristic")]
    threads = BotPool(0)
    expected = [await threads.decide(request, BOUND_S) for request in requests]
    processes = BotPool(1)
    try:
        # the first answer includes starting the worker: a generous bound
        got = [await processes.decide(request, 60.0) for request in requests]
        # a search of minutes is stopped by close(), which does not wait it out
        assert processes._executor is not None
        (pid,) = processes._executor._processes  # the one worker (a private field)
        before = _cpu_ticks(pid)
        long = asyncio.create_task(processes.decide(lead.request("search:guesses=5000"), 600.0))
        await _until_busy(pid, before)
    finally:
        await asyncio.wait_for(processes.close(), 4.0)
    assert got == expected
    assert lead.accepts(got[0])
    with pytest.raises(BotFailed, match="closed before the bot answered"):
        await asyncio.wait_for(long, BOUND_S)
    with pytest.raises(BotFailed, match="closed"):
        await processes.decide(requests[0], BOUND_S)
    await threads.close()


@pytest.mark.asyncio
async def test_many_concurrent_decisions_all_answer() -> None:
    pool = BotPool(0)
    lead = SITUATIONS[3]
    requests = [lead.request(BOTS[seed % 2], seed=seed) for seed in range(40)]
    answers = await asyncio.wait_for(
        asyncio.gather(*(pool.decide(request, BOUND_S) for request in requests)), 30.0
    )
    assert len(answers) == 40
    assert all(lead.accepts(answer) for answer in answers)
    await pool.close()


def _slow_think(release: threading.Event) -> Callable[[BotRequest], tuple[int, ...] | None]:
    """A think that answers only when ``release`` is set (at most a few seconds)."""

    def slow(request: BotRequest) -> tuple[int, ...] | None:
        release.wait(5.0)
        return think(request)

    return slow


@pytest.mark.asyncio
async def test_a_missed_deadline_is_bot_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(botpool, "think", _slow_think(release))
    pool = BotPool(0)
    try:
        with pytest.raises(BotFailed, match=r"did not answer within 0\.001 s"):
            await pool.decide(SITUATIONS[3].request("heuristic"), 0.001)
    finally:
        release.set()
    # the pool still answers afterwards
    answer = await pool.decide(SITUATIONS[3].request("heuristic"), BOUND_S)
    assert SITUATIONS[3].accepts(answer)
    await pool.close()


@pytest.mark.asyncio
async def test_cancelling_the_caller_is_not_bot_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A room task cancelled while its bot thinks is cancelled, as any task would be."""
    release = threading.Event()
    monkeypatch.setattr(botpool, "think", _slow_think(release))
    pool = BotPool(0)
    task = asyncio.create_task(pool.decide(SITUATIONS[3].request("random"), BOUND_S))
    await asyncio.sleep(0)
    task.cancel()
    try:
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(task, BOUND_S)
    finally:
        release.set()
    await pool.close()


@pytest.mark.asyncio
async def test_an_exception_in_the_worker_is_bot_failed() -> None:
    pool = BotPool(0)
    broken = BotRequest("heuristic", 1, "play", {"phase": "nonsense"})
    with pytest.raises(BotFailed, match="could not decide"):
        await pool.decide(broken, BOUND_S)
    # a play asked of a seat that is not in the play phase: the player cannot answer
    wrong_phase = BotRequest("heuristic", 1, "play", SITUATIONS[0].request("random").observation)
    with pytest.raises(BotFailed, match="heuristic"):
        await pool.decide(wrong_phase, BOUND_S)
    await pool.close()


class _FakeExecutor(Executor):
    """A stand-in process pool: broken on submit, broken on the answer, never
    answering, or answering at once (in this thread)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.pending: list[Future[Any]] = []
        self.shut_down = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.mode == "broken-on-submit":
            raise BrokenProcessPool("a worker died earlier")
        future: Future[Any] = Future()
        if self.mode == "dies":
            future.set_exception(BrokenProcessPool("a worker died while thinking"))
        elif self.mode == "never":
            self.pending.append(future)
        else:
            future.set_result(fn(*args, **kwargs))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut_down = True
        if cancel_futures:
            for future in self.pending:
                future.cancel()


def _fake_pool(monkeypatch: pytest.MonkeyPatch, modes: list[str]) -> list[_FakeExecutor]:
    """A pool of 2 workers whose successive process pools are fakes in these modes."""
    made: list[_FakeExecutor] = []

    def new_executor(self: BotPool) -> _FakeExecutor:
        made.append(_FakeExecutor(modes[len(made)]))
        return made[-1]

    monkeypatch.setattr(BotPool, "_new_executor", new_executor)
    return made


@pytest.mark.asyncio
async def test_a_broken_pool_fails_one_call_and_is_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _fake_pool(monkeypatch, ["dies", "answers"])
    pool = BotPool(2)
    request = SITUATIONS[3].request("heuristic")
    with pytest.raises(BotFailed, match="crashed"):
        await pool.decide(request, BOUND_S)
    assert made[0].shut_down
    answer = await pool.decide(request, BOUND_S)
    assert len(made) == 2
    assert answer == think(request)
    await pool.close()
    assert made[1].shut_down


@pytest.mark.asyncio
async def test_a_pool_found_broken_on_submit_is_replaced_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _fake_pool(monkeypatch, ["broken-on-submit", "answers"])
    pool = BotPool(1)
    request = SITUATIONS[2].request("random")
    assert await pool.decide(request, BOUND_S) == think(request)
    assert [executor.shut_down for executor in made] == [True, False]
    await pool.close()


@pytest.mark.asyncio
async def test_close_fails_the_decisions_still_queued(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision dropped from the queue by close() is BotFailed, not a stray
    cancellation of the room's task."""
    _fake_pool(monkeypatch, ["never"])
    pool = BotPool(1)
    task = asyncio.create_task(pool.decide(SITUATIONS[3].request("random"), BOUND_S))
    await asyncio.sleep(0)
    await pool.close()
    with pytest.raises(BotFailed, match="closed before the bot answered"):
        await asyncio.wait_for(task, BOUND_S)


@pytest.mark.asyncio
async def test_a_closed_pool_takes_no_work() -> None:
    pool = BotPool(0)
    await pool.close()
    with pytest.raises(BotFailed, match="closed"):
        await pool.decide(SITUATIONS[3].request("random"), BOUND_S)


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("random", "random"),
        (" heuristic ", "heuristic"),
        ("search", "search"),
        ("search:guesses=40", "search:guesses=40"),
        ("search:guesses=40:name=s40", "search:guesses=40:name=s40"),
    ],
)
def test_server_bot_names_are_accepted(name: str, canonical: str) -> None:
    assert check_bot_name(name) == canonical


@pytest.mark.parametrize(
    "name", ["cmd:python examples/bot.py", "cmd:timeout=5:./bot", "cmd:", " cmd:echo"]
)
def test_external_programs_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="a server seats only random, heuristic and search"):
        check_bot_name(name)


@pytest.mark.parametrize(
    "name", ["", "alphago", "human", "cmd", "search:guesses=0", "random:depth=3", "search:0"]
)
def test_unknown_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        check_bot_name(name)


@pytest.mark.asyncio
async def test_a_cmd_request_never_makes_a_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a request that slipped past the room's check starts no program."""
    made: list[str] = []
    monkeypatch.setattr(botpool, "make_player", lambda name, seed: made.append(name))
    pool = BotPool(0)
    request = SITUATIONS[3].request("cmd:touch /tmp/should-not-exist")
    with pytest.raises(BotFailed, match="external program"):
        await pool.decide(request, BOUND_S)
    assert made == []
    await pool.close()


@pytest.mark.parametrize("deadline", [0.0, -1.0, float("nan"), float("inf")])
@pytest.mark.asyncio
async def test_bad_deadlines_are_refused(deadline: float) -> None:
    pool = BotPool(0)
    with pytest.raises(ValueError, match="deadline"):
        await pool.decide(SITUATIONS[3].request("random"), deadline)
    await pool.close()


def test_bad_requests_and_pools_are_refused() -> None:
    observation = SITUATIONS[3].request("random").observation
    with pytest.raises(ValueError, match="decides one of"):
        BotRequest("random", 1, "resign", observation)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        BotRequest("random", "1", "play", observation)  # type: ignore[arg-type]
    for workers in (-1, 1.5, True):
        with pytest.raises(ValueError, match="workers"):
            BotPool(workers)  # type: ignore[arg-type]
