"""External bots (docs/bot-protocol.md): whole games through the JSON-lines protocol, the
lines a bot is sent, answers checked against the rules exactly as the engine checks
them, and bots that crash, fall silent or answer nonsense — the game always goes on,
the error is logged (with the prefix docs/bot-protocol.md shows) and counted by cause,
a player's own answer timeout holds, and no bot process outlives its player.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import random
import re
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path

import pytest

from clikit import run_cli
from tuolaji.arena.runner import play_until
from tuolaji.bots import protocol
from tuolaji.bots.base import Player
from tuolaji.bots.external import ExternalPlayer, FallbackTally
from tuolaji.bots.protocol import (
    AnswerError,
    answer_cards,
    checked_decision,
    declaration_strings,
    play_strings,
)
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.registry import make_player
from tuolaji.core.cards import format_cards, parse_cards
from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.game import Game, Observation, Phase, RoundStart
from tuolaji.game.actions import Declare, Draw

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bot.py"
MISBEHAVING = Path(__file__).resolve().parent / "misbehaving_bot.py"
DOC = ROOT / "docs" / "bot-protocol.md"
LOGGER = "tuolaji.bots.external"


def example_command() -> list[str]:
    return [sys.executable, str(EXAMPLE)]


def misbehaving(mode: str, *options: str, timeout_s: float = 5.0, seed: int = 0) -> ExternalPlayer:
    """A player whose bot misbehaves as ``mode`` says (see misbehaving_bot.py)."""
    return ExternalPlayer(
        [sys.executable, str(MISBEHAVING), mode, *options], seed, timeout_s=timeout_s
    )


def seat_game(
    player: Player, seed: int = 1, rounds: int | None = 1, start: RoundStart | None = None
) -> Game:
    """Play ``rounds`` rounds (None: the whole game) with ``player`` in seat 0 and random
    players in the others."""
    game = Game(STANDARD, seed, start=start)
    others: list[Player] = [RandomPlayer(seed * 4 + k) for k in (1, 2, 3)]
    play_until(game, [player, *others], max_rounds=rounds)
    return game


def assert_reaped(pid: int | None) -> None:
    """The process ``pid`` no longer exists: it exited and was waited for (a zombie
    would still answer signal 0)."""
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelname == "ERROR"]


# ------------------------------------------------------------------ whole games


def test_example_bot_plays_a_whole_game() -> None:
    with ExternalPlayer(example_command(), seed=7) as bot:
        game = seat_game(bot, seed=3, rounds=None)
        pid = bot.pid
    assert game.phase is Phase.OVER and game.winner is not None
    assert len(game.results) >= 5
    assert bot.errors == {} and bot.fallbacks == 0
    assert_reaped(pid)


def test_example_bot_in_every_seat_by_name() -> None:
    name = "cmd:" + shlex.join(example_command())
    with ExitStack() as stack:
        players = [make_player(name, k) for k in range(4)]
        for player in players:
            assert isinstance(player, ExternalPlayer) and player.name == name
            stack.callback(player.close)
        game = Game(CLASSIC, 5)
        play_until(game, players)
    assert game.phase is Phase.OVER and game.winner is not None
    for player in players:
        assert isinstance(player, ExternalPlayer)
        assert player.errors == {} and player.fallbacks == 0
        assert_reaped(player.pid)


def test_cli_simulate_seats_a_command_with_spaces(tmp_path: Path) -> None:
    name = "cmd:" + shlex.join(example_command())
    players = f"{name},random,random,random"
    done = run_cli(
        "simulate", "--games", "1", "--json", "--players", players, "--records", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games_finished"] == 1
    record = json.loads((tmp_path / "game-00000.json").read_text(encoding="utf-8"))
    assert record["players"][0] == name


# ----------------------------------------------------------- the lines it is sent

OBSERVATION_FIELDS = {
    "seat", "phase", "rules", "round", "rank", "trump_suit", "trump_settled", "levels",
    "declarers", "starter", "to_act", "hand", "hand_sizes", "cards_left_in_pack",
    "declaration", "talon_flipped", "buried", "trick", "failed_throw", "must_beat",
    "tricks", "opponents_points", "penalties", "winner",
}  # fmt: skip


def test_hello_requests_and_bye_are_the_documented_json(tmp_path: Path) -> None:
    path = tmp_path / "received.jsonl"
    bot = misbehaving("good", "--record", str(path), seed=11)
    with bot:
        seat_game(bot, seed=1, start=RoundStart(rank=0, declarers=0, starter=0))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    hello, *requests, bye = lines
    assert hello == {
        "type": "hello",
        "protocol": "tuolaji-bot",
        "version": 1,
        "seat": 0,
        "rules": STANDARD.to_spec(),
        "seed": 11,
        "timeout_s": 5.0,
    }
    assert bye == {"type": "bye"}
    assert [r["id"] for r in requests] == list(range(1, len(requests) + 1))
    assert {r["decision"] for r in requests} == {"declare", "bury", "play"}
    for request in requests:
        assert request["type"] == "decide"
        observation = request["observation"]
        assert set(observation) >= OBSERVATION_FIELDS
        assert observation["seat"] == 0
        if request["decision"] == "bury":
            assert "legal" not in request and len(observation["hand"].split()) == 33
        else:
            assert isinstance(request["legal"], list) and request["legal"]
            assert all(isinstance(option, str) for option in request["legal"])
            assert isinstance(request["legal_complete"], bool)
        if request["decision"] == "declare":
            assert request["legal"][0] == "" and request["legal_complete"] is True
        if request["decision"] == "play" and not observation["trick"]:
            assert request["legal_complete"] is False  # throws are never listed


def test_a_quiet_bot_is_asked_to_declare_after_each_draw_while_it_could(tmp_path: Path) -> None:
    """R-T2: declaring is open to every seat all through the deal, so a bot that keeps
    quiet is asked again after every card drawn, by any seat, while a declaration of its
    would stand — with a card it already held — as docs/bot-protocol.md says."""
    path = tmp_path / "received.jsonl"
    start = RoundStart(rank=0, declarers=0, starter=0)
    with misbehaving("good", "--record", str(path), seed=11) as bot:  # "" to every offer
        game = seat_game(bot, seed=3, start=start)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    asked = [
        len(r["observation"]["hand"].split())
        for r in lines[1:-1]
        if r["decision"] == "declare" and r["observation"]["phase"] == "draw"
    ]
    # the same deal again, noting seat 0's hand size after each draw (by any seat) that
    # leaves some declaration of its standing, the deal still going on
    # (the declarations that answer a card are asked for in playing order from its
    # drawer, so seat 0 is asked after the answers of the seats before it)
    again = Game(STANDARD, 3, start=start)
    could: list[int] = []
    actions = list(game.actions)
    applied: set[int] = set()
    for index, action in enumerate(actions):
        if index in applied:
            continue
        if not isinstance(action, Draw):
            again.apply(action)
            continue
        for left in range(action.count, 0, -1):
            drawer = again.next_drawer()
            assert drawer is not None
            again.draw()
            if again.phase is not Phase.DRAW:
                continue
            order = [(drawer + offset) % 4 for offset in range(4)]
            if left == 1:  # the answers to this card follow it in the action list
                answer = index + 1
                while answer < len(actions) and isinstance(actions[answer], Declare):
                    seat = actions[answer].seat  # type: ignore[union-attr]  # a Declare
                    if order.index(seat) > order.index(0):
                        break
                    again.apply(actions[answer])
                    applied.add(answer)
                    answer += 1
            if again.could_declare(0):
                could.append(len(again.hand(0)))
    assert asked == could
    assert len(asked) > 3  # asked again and again, not only when a card opens a declaration


def test_the_documentation_explains_every_field() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for field in OBSERVATION_FIELDS | {"legal", "legal_complete", "timeout_s", "seed"}:
        assert f"`{field}`" in doc, field


# ------------------------------------------------- answers checked like the engine


class Prober:
    """A random player that, at every decision, checks the protocol's legal lists and
    answer checks against the engine's own ``can_…`` for the same game."""

    def __init__(self, game: Game, seed: int) -> None:
        self.name = "prober"
        self.game = game
        self.rng = random.Random(seed)
        self.random = RandomPlayer(seed)
        self.checked = 0

    def verdict(self, decision: protocol.Decision, obs: Observation, cards: Sequence[int]) -> bool:
        """Whether the protocol's answer check accepts ``cards``."""
        try:
            checked_decision(decision, obs, format_cards(cards))
        except AnswerError as error:
            assert error.kind == "illegal", error
            return False
        return True

    def declaration(self, obs: Observation) -> Sequence[int] | None:
        assert obs.seat is not None
        options, complete = declaration_strings(obs)
        assert complete and options[0] == ""
        assert checked_decision("declare", obs, "") is None  # keeping quiet is always legal
        # the protocol lists exactly the game's legal declarations, in its order
        assert options[1:] == [format_cards(c) for c in self.game.legal_declarations(obs.seat)]
        for kind in (*range(54), *range(54)):
            cards = [kind] * self.rng.choice((1, 2))
            assert self.verdict("declare", obs, cards) == self.game.can_declare(obs.seat, cards)
            self.checked += 1
        return self.random.declaration(obs)

    def bury(self, obs: Observation) -> Sequence[int]:
        assert obs.seat is not None
        hand = list(obs.hand)
        for size in (7, 8, 8, 9):
            cards = self.rng.sample(hand, size)
            assert self.verdict("bury", obs, cards) == self.game.can_bury(obs.seat, cards)
        assert not self.verdict("bury", obs, [k for k in range(52) if k not in hand][:8])
        return self.random.bury(obs)

    def play(self, obs: Observation) -> Sequence[int]:
        assert obs.seat is not None
        options, complete = play_strings(obs)
        assert len(set(options)) == len(options)
        if obs.lead is None:
            assert not complete  # leads never list throws
        else:
            assert complete or len(options) == protocol.LEGAL_CAP
        for text in options:
            assert self.game.can_play(obs.seat, parse_cards(text)), text
        hand = list(obs.hand)
        size = 1 if obs.lead is None else obs.lead.size
        for _ in range(20):
            cards = self.rng.sample(hand, min(len(hand), size + self.rng.choice((0, 0, 1))))
            assert self.verdict("play", obs, cards) == self.game.can_play(obs.seat, cards)
            self.checked += 1
        return self.random.play(obs)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_answer_checks_agree_with_the_engine(rules: RuleSet) -> None:
    for seed in range(3):
        game = Game(rules, seed)
        probers = [Prober(game, seed * 4 + k) for k in range(4)]
        play_until(game, probers, max_rounds=2)
        assert sum(p.checked for p in probers) > 1000


def test_a_long_follow_list_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "LEGAL_CAP", 2)
    capped: list[int] = []

    class Watcher(RandomPlayer):
        def play(self, obs: Observation) -> Sequence[int]:
            options, complete = play_strings(obs)
            assert len(options) <= 2
            if not complete:
                capped.append(len(options))
            return super().play(obs)

    game = Game(STANDARD, 4)
    play_until(game, [Watcher(k) for k in range(4)], max_rounds=1)
    assert capped


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("AS", "not_json"),
        ("", "not_json"),
        ('["AS"]', "bad_answer"),
        ('{"id": 2, "cards": "AS"}', "bad_answer"),
        ('{"id": 0, "cards": "AS"}', "stale"),
        ('{"id": true, "cards": "AS"}', "bad_answer"),
        ('{"cards": "AS"}', "bad_answer"),
        ('{"id": 1, "cards": ["AS"]}', "bad_answer"),
    ],
)
def test_answers_that_are_not_answers_are_refused(line: str, kind: str) -> None:
    with pytest.raises(AnswerError) as caught:
        answer_cards(line, 1)
    assert caught.value.kind == kind


def test_a_refused_answer_is_a_tuolaji_error() -> None:
    # one root for every error tuolaji raises on purpose
    assert issubclass(AnswerError, TuolajiError)
    with pytest.raises(TuolajiError):
        answer_cards("not json", 1)


def test_answer_text_is_read() -> None:
    assert answer_cards('{"id": 4, "cards": "AS AS"}', 4) == "AS AS"
    assert answer_cards('{"id": 4, "cards": null}', 4) is None
    assert answer_cards('{"id": 4}', 4) is None


# ------------------------------------------------------------ misbehaving bots


@pytest.fixture
def log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        yield caplog


def test_a_crashing_bot_is_replaced_and_not_asked_again(log: pytest.LogCaptureFixture) -> None:
    with misbehaving("crash", "--at", "4") as bot:
        game = seat_game(bot)
        assert_reaped(bot.pid)  # already, before close
    assert len(game.results) == 1
    assert bot.errors == {"crash": 1}
    assert bot.fallbacks > 10
    # Never asked again: every later decision of the game counts under the crash.
    assert bot.fallback_tally() == FallbackTally(crash=bot.fallbacks)
    (message,) = errors_logged(log)
    assert bot.name in message and "request 4" in message
    assert "exited with code 3" in message and "boom" in message


def test_a_silent_bot_times_out_without_hanging_the_game(log: pytest.LogCaptureFixture) -> None:
    started = time.monotonic()
    with misbehaving("silent", "--at", "2", timeout_s=0.3) as bot:
        game = seat_game(bot)
        assert_reaped(bot.pid)
    assert time.monotonic() - started < 5
    assert len(game.results) == 1
    assert bot.errors == {"timeout": 1}  # never asked again: one timeout, then fallbacks
    assert bot.fallback_tally() == FallbackTally(timeout=bot.fallbacks, timeouts_fired=1)
    (message,) = errors_logged(log)
    assert "request 2" in message and "no answer within 0.3 s" in message


def test_a_bot_that_never_reads_cannot_block_the_engine(log: pytest.LogCaptureFixture) -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
    with ExternalPlayer(sleeper, seed=0, timeout_s=0.3) as bot:
        game = seat_game(bot)
        assert_reaped(bot.pid)
    assert len(game.results) == 1 and bot.errors == {"timeout": 1}


def test_a_bot_that_exits_at_once_is_a_crash(log: pytest.LogCaptureFixture) -> None:
    with ExternalPlayer([sys.executable, "-c", "pass"], seed=0) as bot:
        game = seat_game(bot)
    assert len(game.results) == 1 and bot.errors == {"crash": 1}
    assert "exited with code 0" in errors_logged(log)[0]


@pytest.mark.parametrize(
    ("mode", "kind", "says", "cause"),
    [
        ("garbage", "not_json", "not JSON", "garbage"),
        ("wrong_id", "bad_answer", "expected", "garbage"),
        ("bad_cards", "bad_cards", "cannot read", "garbage"),
        ("illegal", "illegal", "R-", "illegal"),
    ],
)
def test_every_bad_answer_is_logged_counted_and_replaced(
    mode: str, kind: str, says: str, cause: str, log: pytest.LogCaptureFixture
) -> None:
    with misbehaving(mode, "--at", "3") as bot:
        game = seat_game(bot, start=RoundStart(rank=0, declarers=0, starter=0))
        pid = bot.pid
    assert_reaped(pid)
    assert len(game.results) == 1
    # a bad answer is no reason to stop asking: every later answer is bad again, and
    # each was asked for (an error apiece) before its fallback
    assert set(bot.errors) == {kind} and bot.errors[kind] == bot.fallbacks > 10
    assert bot.fallback_kinds == {cause: bot.fallbacks}
    assert bot.fallback_tally().replaced == bot.fallbacks
    messages = errors_logged(log)
    assert len(messages) == bot.fallbacks
    assert all(bot.name in m and kind in m and says in m for m in messages)
    assert {m.split(", ")[1].split()[0] for m in messages} >= {"bury", "play"}


def test_illegal_answers_all_game_long_still_end_the_game(log: pytest.LogCaptureFixture) -> None:
    with misbehaving("illegal") as bot:
        game = seat_game(bot, seed=6, rounds=None)
    assert game.phase is Phase.OVER and game.winner is not None
    assert bot.errors["illegal"] == bot.fallbacks > 100


def test_a_bot_answering_twice_stays_in_step(log: pytest.LogCaptureFixture) -> None:
    with misbehaving("twice") as bot:
        game = seat_game(bot)
    assert len(game.results) == 1 and bot.fallbacks == 0
    assert set(bot.errors) == {"unasked"} and bot.errors["unasked"] > 10
    assert not errors_logged(log) and "answers no open request" in log.text


def test_a_chatty_bot_costs_at_most_some_fallbacks(log: pytest.LogCaptureFixture) -> None:
    # Whether an extra line is seen before the next request or read as its answer
    # depends on timing; either way the game goes on and the answers stay in step.
    with misbehaving("chatty") as bot:
        game = seat_game(bot)
    assert len(game.results) == 1
    assert set(bot.errors) <= {"unasked", "bad_answer"} and bot.errors["unasked"] > 0
    assert bot.fallbacks == bot.errors["bad_answer"] == len(errors_logged(log))


# --------------------------------------------------------------- lifecycle


def test_a_collected_player_takes_its_bot_down() -> None:
    bot = ExternalPlayer(example_command(), seed=0)
    seat_game(bot)
    pid = bot.pid
    del bot
    gc.collect()
    assert_reaped(pid)


def test_a_closed_player_plays_fallbacks_quietly(log: pytest.LogCaptureFixture) -> None:
    bot = ExternalPlayer(example_command(), seed=0)
    assert bot.pid is None  # started lazily
    bot.close()  # closing a bot never started is fine
    game = seat_game(bot)
    assert len(game.results) == 1 and bot.pid is None
    assert bot.errors == {} and bot.fallbacks > 10 and not errors_logged(log)
    # Not the bot's failure: no cause is counted, and results count nothing.
    assert bot.fallback_tally() == FallbackTally()


@pytest.mark.parametrize(
    "name", ["cmd:", "cmd:   ", "cmd:no-such-program-tuolaji --x", 'cmd:python "open']
)
def test_bad_commands_are_refused_up_front(name: str) -> None:
    with pytest.raises(ValueError):
        make_player(name, 0)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("search:0", "0"),
        ("search:-1", "-1"),
        ("search:60.5", "60.5"),
        ("search:inf", "inf"),
        ("search:nan", "'nan'"),
        ("search:soon", "'soon'"),
        ("search:", "''"),
    ],
)
def test_search_budgets_out_of_range_state_the_range(name: str, shown: str) -> None:
    with pytest.raises(ValueError) as refused:
        make_player(name, 0)
    assert str(refused.value) == (
        f"search:SECONDS takes a budget greater than 0 and at most 60 seconds, not {shown}"
    )
    assert make_player("search:60", 0).name == "search:60"  # the bound itself is fine


def test_timeout_must_be_positive() -> None:
    with pytest.raises(ValueError, match="timeout"):
        ExternalPlayer(example_command(), 0, timeout_s=0)


def test_external_player_is_a_player() -> None:
    player: Player = ExternalPlayer(example_command(), 0)
    assert player.name == "cmd:" + shlex.join(example_command())


# ------------------------------------------------- a player's own answer timeout


def slow_bot(timeout: str, record: Path) -> str:
    """A player name: a bot that takes 0.5 s over request 3 (and no time over the
    others), with the answer timeout ``timeout``."""
    command = [sys.executable, str(MISBEHAVING), "slow", "--at", "3", "--delay", "0.5"]
    return f"cmd:timeout={timeout}:name=slow:" + shlex.join([*command, "--record", str(record)])


def test_a_longer_timeout_waits_for_a_slow_answer(tmp_path: Path) -> None:
    record = tmp_path / "lines.jsonl"
    bot = make_player(slow_bot("3", record), 0)
    assert isinstance(bot, ExternalPlayer)
    with bot:
        seat_game(bot)
    assert bot.errors == {} and bot.fallbacks == 0
    hello = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert hello["timeout_s"] == 3.0  # the bot is told its own timeout


def test_a_shorter_timeout_fires_and_is_counted(
    tmp_path: Path, log: pytest.LogCaptureFixture
) -> None:
    bot = make_player(slow_bot("0.2", tmp_path / "lines.jsonl"), 0)
    assert isinstance(bot, ExternalPlayer)
    with bot:
        seat_game(bot)
    assert bot.errors == {"timeout": 1} and bot.fallbacks > 10
    assert bot.fallback_tally() == FallbackTally(timeout=bot.fallbacks, timeouts_fired=1)
    (message,) = errors_logged(log)
    assert message.startswith("external bot slow (seat 0), ")  # named by its label
    assert "request 3: timeout: no answer within 0.2 s" in message


# ------------------------------------------------------------ the log on stderr

DOC_LINE = re.compile(
    r"^ERROR tuolaji\.bots\.external: external bot (?P<name>.+) \(seat \d\), "
    r"(declare|bury|play) request \d+: (?P<kind>\w+): .+ — playing a random legal fallback"
    r"(; the bot is not asked again)?$"
)


def test_log_lines_on_stderr_carry_the_documented_prefix(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As in a program that configured no logging (the command line): pytest's own
    # handlers are set aside.
    monkeypatch.setattr(logging.getLogger(), "handlers", [])
    command = [sys.executable, str(MISBEHAVING), "crash", "--at", "2"]
    with ExternalPlayer(command, 0, name="cmd:python mybot.py") as bot:
        seat_game(bot)
    (line,) = capsys.readouterr().err.splitlines()
    found = DOC_LINE.match(line)
    assert found and found["name"] == "cmd:python mybot.py" and found["kind"] == "crash", line
    # Every log line the documentation shows has that form.
    doc = DOC.read_text(encoding="utf-8").splitlines()
    documented = [line for line in doc if line.startswith("ERROR ")]
    assert len(documented) >= 4
    assert all(DOC_LINE.match(line) for line in documented), documented


def test_a_program_that_configures_logging_decides_alone(
    capsys: pytest.CaptureFixture[str], log: pytest.LogCaptureFixture
) -> None:
    # pytest's capture is such a configuration: the record reaches it, stderr stays quiet.
    with ExternalPlayer([sys.executable, "-c", "pass"], seed=0) as bot:
        seat_game(bot)
    assert len(errors_logged(log)) == 1
    assert "tuolaji.bots.external" not in capsys.readouterr().err
