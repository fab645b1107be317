"""A game rebuilt from one seat's observation and a guess at the hidden cards.

Search players sample the cards they cannot see (the other hands and, unless they
buried it, the talon) and play the rest of the round out on such a game. Everything
public comes from the observation; only the hidden cards come from the guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import SEATS, Layers, to_layers
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation
from tuolaji.game.state import Phase, RoundStart, RoundState


def game_from_observation(
    observation: Observation, hands: Sequence[Layers], talon: Sequence[int]
) -> Game:
    """A one-round game in the play phase whose public state is ``observation`` and
    whose hands and talon are the given ones (the observer's own hand must be among
    them). The game stops at the end of this round."""
    if observation.phase is not Phase.PLAY or observation.ctx is None:
        raise ValueError("only a position in the play phase can be rebuilt")
    declarers, starter = observation.declarers, observation.starter
    assert declarers is not None and starter is not None
    start = RoundStart(observation.rank, declarers, starter)
    game = Game(observation.rules, seed=0, decks=(), start=start, round_limit=1)
    game.levels = list(observation.levels)
    trick = list(observation.trick)
    failed = observation.failed_throw
    blocker = None
    if failed is not None and observation.rules.failed_throw_must_beat and trick:
        blocker = failed.blocker
    won: list[list[int]] = [[], [], [], []]
    for done in observation.tricks:
        won[done.winner].extend(card for _, cards in done.plays for card in cards)
    state = RoundState(
        number=observation.round_number,
        rank=observation.rank,
        declarers=declarers,
        starter=starter,
        first_drawer=starter,
        deck=[],
        drawn=0,
        hands=list(hands),
        declaration=observation.declaration,
        declarations=observation.declarations,
        ctx=observation.ctx,
        talon=tuple(talon),
        talon_flipped=observation.talon_flipped,
        to_play=_to_play(observation),
        lead=observation.lead,
        trick=trick,
        trick_layers=[to_layers(cards) for _, cards in trick],
        blocker=blocker,
        failed_throw=failed,
        tricks=observation.tricks,
        trick_points=observation.opponents_points - observation.penalties,
        penalties=observation.penalties,
        failed_throws=sum(1 for t in observation.tricks if t.failed_throw) + (1 if failed else 0),
        won_cards=won,
    )
    game.round = state
    game.phase = Phase.PLAY
    game.events.clear()
    return game


def _to_play(observation: Observation) -> int:
    to_act = observation.to_act
    assert to_act is not None and 0 <= to_act < SEATS
    return to_act
