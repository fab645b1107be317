"""Scoring a round: the talon bonus (R-S2) and the level change (R-S3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tuolaji.core.cards import points_of, to_layers
from tuolaji.core.combos import combo_of_layers
from tuolaji.core.frozen import Frozen
from tuolaji.core.trump import TrumpContext

DECLARERS = "declarers"
OPPONENTS = "opponents"


def talon_multiplier(ctx: TrumpContext, last_lead: Sequence[int]) -> int:
    """What the talon's points are multiplied by when the opponents win the last trick
    (R-S2), under the rule set's ``talon_multiplier``."""
    option = ctx.rules.talon_multiplier
    if option == "cards":
        return 2 * len(last_lead)
    lead = combo_of_layers(ctx, *to_layers(last_lead))
    if lead.suit < 0:
        raise ValueError("the last lead mixes effective suits (R-C4)")
    largest = max(part.size for part in lead.parts)
    return 2 * largest if option == "largest_part" else 2**largest


def talon_bonus(ctx: TrumpContext, talon: Sequence[int], last_lead: Sequence[int]) -> int:
    """The points the opponents add for the talon when they win the last trick (R-S2).

    The ``standard`` multiplier is twice the cards of the last lead; ``classic`` counts
    twice its largest part. A talon of 25 points, a last lead of a pair and a single:

    >>> from tuolaji.core import CLASSIC, parse_cards, trump_context
    >>> talon = parse_cards("KD 5D TH 3C 4C 6C 7C 8C")
    >>> talon_bonus(trump_context(0, 1), talon, parse_cards("AS QS QS"))  # 25 × 6
    150
    >>> talon_bonus(trump_context(0, 1, CLASSIC), talon, parse_cards("AS QS QS"))  # 25 × 4
    100
    """
    return points_of(talon) * talon_multiplier(ctx, last_lead)


@dataclass(frozen=True, slots=True)
class Settlement(Frozen):
    """Who declares next round and how many levels that team goes up (R-S3)."""

    winner: str
    levels: int

    @property
    def declarers_hold(self) -> bool:
        """Whether the declaring team keeps declaring."""
        return self.winner == DECLARERS


def settle(points: int) -> Settlement:
    """The level change for the opponents' final points (R-S3); a negative total counts
    as 0.

    >>> for points in (0, 35, 75, 80, 125, 165):
    ...     print(points, settle(points))
    0 Settlement(winner='declarers', levels=3)
    35 Settlement(winner='declarers', levels=2)
    75 Settlement(winner='declarers', levels=1)
    80 Settlement(winner='opponents', levels=0)
    125 Settlement(winner='opponents', levels=1)
    165 Settlement(winner='opponents', levels=2)
    """
    points = max(points, 0)
    if points == 0:
        return Settlement(DECLARERS, 3)
    if points < 40:
        return Settlement(DECLARERS, 2)
    if points < 80:
        return Settlement(DECLARERS, 1)
    # 80–115: take over with no change, then one level for every further 40 (R-S3)
    return Settlement(OPPONENTS, (points - 80) // 40)
