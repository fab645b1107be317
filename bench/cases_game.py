"""Benchmark cases for whole games: random self-play rounds, observe, and one play.

Random self-play runs the real stack — ``Game`` actions with their checks, one
``observe`` per decision, ``RandomPlayer`` decisions — exactly as ``tuolaji simulate``
does, on one core.
"""

from __future__ import annotations

import random

from measure import Case
from tuolaji.arena.runner import play_until, step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.game import Game, Phase, observe

ROUNDS_GOAL = 1500
"""Issue goal: random self-play rounds per second in one process."""


class _RoundLoop:
    """Plays one more round per call, starting a new seeded game when one ends."""

    def __init__(self, rng: random.Random, rules: RuleSet) -> None:
        self.rng = rng
        self.rules = rules
        self._new_game()

    def _new_game(self) -> None:
        seed = self.rng.randrange(2**32)
        self.game = Game(self.rules, seed)
        self.players = [RandomPlayer(seed * 4 + k) for k in range(4)]

    def __call__(self) -> None:
        if self.game.phase is Phase.OVER:
            self._new_game()
        play_until(self.game, self.players, max_rounds=1)


def _mid_play_games(rng: random.Random, count: int) -> list[Game]:
    """Games stopped in the play phase of their first round, a few tricks in."""
    games = []
    while len(games) < count:
        seed = rng.randrange(2**32)
        game = Game(STANDARD, seed)
        players = [RandomPlayer(seed + k) for k in range(4)]
        tricks = rng.randint(1, 12)
        while game.phase is not Phase.PLAY or len(game.round.tricks) < tricks:
            if game.phase is Phase.OVER or game.results:
                break
            step(game, players)
        if game.phase is Phase.PLAY and not game.results:
            games.append(game)
    return games


def game_cases(rng: random.Random, count: int) -> list[Case]:
    """Whole random rounds under both presets, and the cost of one observation."""
    cases = [
        Case(
            "whole games",
            f"random self-play round, {rules.preset}",
            _RoundLoop(random.Random(rng.random()), rules),
            note=f"rounds/s = 1e6 / median; goal {ROUNDS_GOAL} rounds/s",
        )
        for rules in (STANDARD, CLASSIC)
    ]
    games = _mid_play_games(rng, count)
    seats = [(game, game.round.to_play) for game in games]
    index = [0]

    def observe_one() -> None:
        game, seat = seats[index[0] % len(seats)]
        index[0] += 1
        observe(game, seat)

    cases.append(Case("whole games", "observe(seat), play phase", observe_one))
    return cases
