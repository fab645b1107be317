"""A game rebuilt from one seat's observation and a guess at the hidden cards.

Search players sample the cards they cannot see (the other hands and, unless they
buried it, the talon) and play the rest of the round out on such a game. Everything
public comes from the observation; only the hidden cards come from the guess. The game
is built with :meth:`Game.from_position <tuolaji.game.game.Game.from_position>`: no deal,
no shuffle, nothing overwritten afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import Layers
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation
from tuolaji.game.position import Position
from tuolaji.game.state import Phase


def position_of(
    observation: Observation, hands: Sequence[Layers], talon: Sequence[int]
) -> Position:
    """The position whose public part is ``observation`` and whose hands and talon are
    the given ones: in the play phase, or at the exchange once the starter has buried
    ``talon`` (the round then stands at its first lead; a search weighing burials plays
    from there)."""
    if observation.phase not in (Phase.PLAY, Phase.EXCHANGE) or observation.ctx is None:
        raise ValueError("only a position in the exchange or the play phase can be rebuilt")
    declarers, starter = observation.declarers, observation.starter
    assert declarers is not None and starter is not None
    return Position(
        round_number=observation.round_number,
        rank=observation.rank,
        trump_suit=observation.ctx.suit,
        declarers=declarers,
        starter=starter,
        hands=tuple(hands),
        talon=tuple(talon),
        tricks=observation.tricks,
        trick=observation.trick,
        failed_throw=observation.failed_throw,
        levels=observation.levels,
        declarations=observation.declarations,
        talon_flipped=observation.talon_flipped,
    )


def game_from_observation(
    observation: Observation,
    hands: Sequence[Layers],
    talon: Sequence[int],
    *,
    check: bool = True,
) -> Game:
    """A one-round game in the play phase whose public state is ``observation`` and
    whose hands and talon are the given ones (the observer's own hand must be among
    them). The game stops at the end of this round. ``check=False`` trusts the hands
    and talon to fit the observation, as a guess from
    :func:`~tuolaji.bots.hidden.sample_hidden` does (see :meth:`Game.from_position`)."""
    position = position_of(observation, hands, talon)
    return Game.from_position(position, observation.rules, round_limit=1, check=check)
