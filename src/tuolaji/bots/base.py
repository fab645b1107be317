"""The interface every player implements: three decisions, each from an observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tuolaji.game.observation import Observation
from tuolaji.game.state import Phase


class Player(Protocol):
    """A seat's decision maker. It sees the game only through its own observation."""

    name: str

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """Cards to reveal as a trump declaration now, or None to keep quiet (or pass,
        in the final window). Asked after the seat draws a card that could declare, and
        on its turn in the final window."""
        ...

    def bury(self, observation: Observation) -> Sequence[int]:
        """The 8 cards the starter lays down as the new talon (R-K1)."""
        ...

    def play(self, observation: Observation) -> Sequence[int]:
        """The cards to lead or follow with."""
        ...


def seat_decision(player: Player, observation: Observation) -> tuple[str, tuple[int, ...]] | None:
    """What ``player`` does when ``observation`` shows a decision of its seat: in the final
    declaring window ``("declare", cards)`` or ``("pass", ())`` (R-T4), in the exchange
    ``("bury", cards)`` (R-K1), in the play ``("play", cards)``; None when the seat has no
    decision to make. (The names are the online protocol's action kinds.)"""
    if observation.seat is None or observation.to_act != observation.seat:
        return None
    if observation.phase is Phase.DECLARE:
        cards = player.declaration(observation)
        return ("declare", tuple(cards)) if cards else ("pass", ())
    if observation.phase is Phase.EXCHANGE:
        return "bury", tuple(player.bury(observation))
    if observation.phase is Phase.PLAY:
        return "play", tuple(player.play(observation))
    return None
