"""Drive a game with four players: ask the seat the game waits for, apply its answer."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.bots.base import Player
from tuolaji.core.cards import BJ
from tuolaji.game.events import CardDrawn
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.state import Phase


def _may_declare_with(card: int, rank: int) -> bool:
    """Only a trump-rank card or a joker can make a new declaration possible."""
    return card >= BJ or card % 13 == rank


def play_until(game: Game, players: Sequence[Player], max_rounds: int | None = None) -> None:
    """Play ``game`` until it is over, or until ``max_rounds`` more rounds have ended.

    Players answer through their own observation only. A built-in player that answers
    illegally is a bug, so the refusal propagates.
    """
    target = None if max_rounds is None else len(game.results) + max_rounds
    while game.phase is not Phase.OVER:
        if target is not None and len(game.results) >= target:
            return
        phase = game.phase
        if phase is Phase.DRAW:
            drawn = game.draw()[0]
            assert isinstance(drawn, CardDrawn)
            if game.phase is Phase.DRAW and _may_declare_with(drawn.card, game.round.rank):
                seat = drawn.seat
                cards = players[seat].declaration(observe(game, seat))
                if cards:
                    game.declare(seat, cards)
        elif phase is Phase.DECLARE:
            seat = game.round.window_seat
            cards = players[seat].declaration(observe(game, seat))
            if cards:
                game.declare(seat, cards)
            else:
                game.pass_declaring(seat)
        elif phase is Phase.EXCHANGE:
            starter = game.round.starter
            assert starter is not None
            game.bury(starter, players[starter].bury(observe(game, starter)))
        else:
            seat = game.round.to_play
            game.play(seat, players[seat].play(observe(game, seat)))
