"""Drive a game with four players: ask the seat the game waits for, apply its answer."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.bots.base import Player
from tuolaji.core.cards import BJ
from tuolaji.core.declare import JOKER_PAIR_DECLARATION, SINGLE_DECLARATION
from tuolaji.game.events import CardDrawn
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.state import Phase


def opens_declaration(game: Game, seat: int, card: int) -> bool:
    """Whether drawing ``card`` may have given ``seat`` a declaration that could stand
    (R-T2, R-T3), so the player is worth asking. Only a trump-rank card or a joker can:
    a joker once its twin is held (a joker pair beats all but a joker pair), a rank card
    over no declaration, or as a pair over a single."""
    standing = game.round.declaration
    strength = 0 if standing is None else standing.strength
    twice = game.round.hands[seat][1] >> card & 1
    if card >= BJ:
        return bool(twice) and strength < JOKER_PAIR_DECLARATION
    if card % 13 != game.round.rank:
        return False
    return strength == 0 or (strength == SINGLE_DECLARATION and bool(twice))


def step(game: Game, players: Sequence[Player], decisions: list[int] | None = None) -> None:
    """Take the game one decision further: draw a card (and let its drawer declare when
    it could), or ask the seat the game waits for and apply its answer.

    Players answer through their own observation only. A built-in player that answers
    illegally is a bug, so the refusal propagates. ``decisions``, when given, counts
    per seat the times a player was asked (a tournament compares it with the moves an
    external bot's fallback made in its place).
    """
    phase = game.phase
    if phase is Phase.PLAY:
        seat = game.round.to_play
        _count(decisions, seat)
        game.play(seat, players[seat].play(observe(game, seat)))
    elif phase is Phase.DRAW:
        drawn = game.draw()[0]
        assert isinstance(drawn, CardDrawn)
        if game.phase is Phase.DRAW and opens_declaration(game, drawn.seat, drawn.card):
            seat = drawn.seat
            _count(decisions, seat)
            cards = players[seat].declaration(observe(game, seat))
            if cards:
                game.declare(seat, cards)
    elif phase is Phase.DECLARE:
        seat = game.round.window_seat
        _count(decisions, seat)
        cards = players[seat].declaration(observe(game, seat))
        if cards:
            game.declare(seat, cards)
        else:
            game.pass_declaring(seat)
    elif phase is Phase.EXCHANGE:
        starter = game.round.starter
        assert starter is not None
        _count(decisions, starter)
        game.bury(starter, players[starter].bury(observe(game, starter)))


def _count(decisions: list[int] | None, seat: int) -> None:
    """Note that ``seat`` is asked for a decision."""
    if decisions is not None:
        decisions[seat] += 1


def play_until(
    game: Game,
    players: Sequence[Player],
    max_rounds: int | None = None,
    decisions: list[int] | None = None,
) -> None:
    """Play ``game`` until it is over, or until ``max_rounds`` more rounds have ended;
    ``decisions`` counts the decisions asked of each seat (see :func:`step`)."""
    target = None if max_rounds is None else len(game.results) + max_rounds
    while game.phase is not Phase.OVER:
        if target is not None and len(game.results) >= target:
            return
        step(game, players, decisions)


def close_players(players: Sequence[Player]) -> None:
    """Let players that hold a resource (an external bot's process) release it."""
    for player in players:
        close = getattr(player, "close", None)
        if callable(close):
            close()
