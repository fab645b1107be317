"""Bots never read hidden state, and never make an illegal move (docs/rules.md, §11).

While a bot decides, every hand but the deciding seat's is replaced by a view that
raises on any access, and the talon is hidden the same way from everyone but the
starter after the exchange. A bot that peeked — through the game, a global, anything —
would raise. Every answer then goes through the game's own checks, so an illegal move
fails the test too. The search's burial, which plays burials out on guesses of the
other hands (R-K1), is guarded the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest

from tuolaji.arena.runner import step
from tuolaji.bots.base import Player
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.search import SearchPlayer
from tuolaji.core import CLASSIC, STANDARD, RuleSet
from tuolaji.core.cards import Layers
from tuolaji.game import Game, Phase, RoundStart


class Peeked(AssertionError):
    """A bot touched a hand that is not its own."""


class GuardedHands(list[Layers]):
    """The four hands, of which only ``allowed`` may be read."""

    def __init__(self, hands: list[Layers], allowed: int | None) -> None:
        super().__init__(hands)
        self.allowed = allowed

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if index != self.allowed:
            raise Peeked(f"hand {index} read while seat {self.allowed} decides")
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[Layers]:
        raise Peeked(f"all hands read while seat {self.allowed} decides")


class GuardedTalon(tuple[int, ...]):
    """The talon, which no seat but the starter may read."""

    def _refuse(self, *_: object) -> None:
        raise Peeked("the talon was read by a seat that did not bury it")

    __getitem__ = __iter__ = __len__ = __contains__ = _refuse  # type: ignore[assignment]


class GuardingPlayer:
    """Wraps a bot: while it decides, the other hands in the game are guarded."""

    def __init__(self, game: Game, seat: int, inner: Player) -> None:
        self.game, self.seat, self.inner = game, seat, inner
        self.name = inner.name

    @contextmanager
    def _guard(self) -> Iterator[None]:
        state = self.game.round
        hands, talon = state.hands, state.talon
        state.hands = GuardedHands(hands, self.seat)
        if self.seat != state.starter:
            state.talon = GuardedTalon(talon)
        try:
            yield
        finally:
            state.hands, state.talon = hands, talon

    def declaration(self, observation):  # type: ignore[no-untyped-def]
        with self._guard():
            return self.inner.declaration(observation)

    def bury(self, observation):  # type: ignore[no-untyped-def]
        with self._guard():
            return self.inner.bury(observation)

    def play(self, observation):  # type: ignore[no-untyped-def]
        with self._guard():
            return self.inner.play(observation)


def make_bot(kind: str, seed: int) -> Player:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(seed)
    return SearchPlayer(seed, guesses=1, width=3)


def play_guarded(rules: RuleSet, seed: int, kinds: Sequence[str], rounds: int) -> Game:
    game = Game(rules, seed, round_limit=rounds)
    players = [GuardingPlayer(game, s, make_bot(kinds[s], seed * 4 + s)) for s in range(4)]
    while game.phase is not Phase.OVER:
        step(game, players)
    return game


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_heuristic_and_random_never_peek_and_always_play_legally(rules: RuleSet, seed: int) -> None:
    game = play_guarded(rules, seed, ["heuristic", "random", "heuristic", "random"], rounds=3)
    assert len(game.results) == 3 or game.winner is not None


@pytest.mark.parametrize("seed", range(2))
def test_search_never_peeks_and_always_plays_legally(seed: int) -> None:
    game = play_guarded(STANDARD, seed, ["search", "heuristic", "search", "heuristic"], 1)
    assert len(game.results) == 1


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(2))
def test_the_search_buries_without_peeking(rules: RuleSet, seed: int) -> None:
    # seat 0 starts the round, so the search buries (and plays on) under the guard
    game = Game(rules, seed, start=RoundStart(seed + 3, 0, 0), round_limit=1)
    starter = SearchPlayer(seed, guesses=2, search_burial=True)
    inner: list[Player] = [starter, HeuristicPlayer(1), SearchPlayer(2, guesses=1), RandomPlayer(3)]
    players = [GuardingPlayer(game, seat, inner[seat]) for seat in range(4)]
    play_until(game, players, Phase.PLAY)
    assert starter.guesses == [2]  # the burial was searched, every guess under guard
    play_until(game, players, Phase.OVER)
    assert len(game.results) == 1


def play_until(game: Game, players: Sequence[Player], phase: Phase) -> None:
    """Step the game until it reaches ``phase``."""
    while game.phase is not phase:
        step(game, players)


def test_the_guard_catches_a_peeking_bot() -> None:
    class Cheat(HeuristicPlayer):
        def __init__(self, game: Game) -> None:
            super().__init__(0)
            self.game = game

        def play(self, observation):  # type: ignore[no-untyped-def]
            _ = self.game.round.hands[(observation.seat + 1) % 4]
            return super().play(observation)

    game = Game(STANDARD, 1, round_limit=1)
    players = [GuardingPlayer(game, s, Cheat(game)) for s in range(4)]
    with pytest.raises(Peeked):
        while game.phase is not Phase.OVER:
            step(game, players)
