"""The interface every player implements: three decisions, each from an observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tuolaji.game.observation import Observation


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
