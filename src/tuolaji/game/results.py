"""What a finished round came to: the result the ``RoundEnded`` event carries to every
seat and ``Game.results`` keeps, one per round (R-S2–R-S4).

It has a module of its own because both the events (:mod:`tuolaji.game.events`) and the
round's state (:mod:`tuolaji.game.state`) speak of it: here it depends on neither, so
each of them imports it and neither imports the other back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tuolaji.core.frozen import Frozen


@dataclass(frozen=True, slots=True)
class RoundResult(Frozen):
    """What a finished round came to (R-S2–R-S4)."""

    number: int
    rank: int
    suit: int | None
    declarers: int
    starter: int
    opponents_points: int
    trick_points: int
    penalties: int
    talon_bonus: int
    #: the buried cards: every seat sees them once the round is over (R-K1), unless
    #: ``talon_public`` is False (then a view for another seat holds none)
    talon: tuple[int, ...]
    #: whether the opponents won the last trick, so the talon's points counted (R-S2)
    talon_shown: bool
    declarers_hold: bool
    #: the levels the next declaring team goes up: the scoring's (R-S3), as far as the
    #: must-defend ranks let it climb (R-S6)
    levels_gained: int
    failed_throws: int
    #: whether every seat sees ``talon`` (R-K1): False only with ``show_talon`` off when
    #: the opponents did not win the last trick; then only the starter's view holds it
    #: (left out of the repr, which game records' checks hash, as it was before it)
    talon_public: bool = field(default=True, repr=False)
