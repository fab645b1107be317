"""Drive a game with four players: ask the seat the game waits for, apply its answer."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.bots.base import Player
from tuolaji.core.cards import SEATS
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.state import Phase
from tuolaji.game.turn import ActionKind


def step(game: Game, players: Sequence[Player], decisions: list[int] | None = None) -> None:
    """Take the game one decision further, as :meth:`Game.turn` says: while the game
    waits for chance, draw a card, then offer every seat — the drawer first, then the
    others in playing order — the chance to declare, whenever some declaration of
    theirs would stand (:meth:`Game.could_declare`, a cheap test, so a seat with nothing
    to declare is not asked). Declaring is open to every seat at every moment of the deal
    (R-T2): a player may wait and declare later with cards it already holds, or answer
    another seat's declaration at once. Otherwise ask the seat the game waits for and
    apply its answer.

    Players answer through their own observation only. A built-in player that answers
    illegally is a bug, so the refusal propagates. ``decisions``, when given, counts
    per seat the times a player was asked (a tournament compares it with the moves an
    external bot's fallback made in its place).
    """
    if game.phase is Phase.PLAY:
        # the common case, about 100 decisions a round: the seat to play plays, without
        # building the turn below
        seat = game.to_act()
        assert seat is not None  # during play the game always waits for one seat
        _count(decisions, seat)
        game.play(seat, players[seat].play(observe(game, seat)))
        return
    turn = game.turn()
    if turn.chance:
        drawer = game.next_drawer()
        assert drawer is not None  # cards are drawn
        game.draw()
        # After the last card the final window asks in turn (R-T4): not here. Usually no
        # seat could declare, which one call says; after a declaration the next seats
        # are asked only if theirs would still stand.
        eligible = game.seats_that_could_declare()
        if not eligible:
            return
        for offset in range(SEATS):
            asked = (drawer + offset) % SEATS
            # asked again only if a declaration made just before left theirs standing
            if asked in eligible and game.could_declare(asked):
                _count(decisions, asked)
                cards = players[asked].declaration(observe(game, asked))
                if cards:
                    game.declare(asked, cards)
        return
    seat = turn.seat
    if seat is None:
        return  # the game is over
    _count(decisions, seat)
    kinds = turn.kinds(seat)
    if ActionKind.PLAY in kinds:
        game.play(seat, players[seat].play(observe(game, seat)))
    elif ActionKind.BURY in kinds:
        game.bury(seat, players[seat].bury(observe(game, seat)))
    else:  # the final declaring window (R-T4)
        cards = players[seat].declaration(observe(game, seat))
        if cards:
            game.declare(seat, cards)
        else:
            game.pass_declaring(seat)


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
