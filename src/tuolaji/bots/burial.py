"""Burial candidates for the search: the heuristic's burial and a few sensible variants.

The starter lays down any 8 of its 33 cards as the new talon (R-K1). Which 8 decides
its voids (a void lets it trump a plain lead), which pairs and tractors it keeps, and
which points sit in the talon, where the opponents double or more of them if they win
the last trick (R-S2). The search (:mod:`tuolaji.bots.search`) plays a handful of
burials out on the same guesses and keeps the best; this module proposes them:

1. the heuristic's own burial (always first: the default a noisy search must beat);
2. the shortest plain suit that can be buried whole voided, the rest of the 8 the
   cheapest other cards;
3. points buried: the plain point cards (tens, kings, fives) first, then the cheapest —
   safe in the talon, and out of the opponents' reach, when the starter's side wins the
   last trick (R-S2);
4. the 8 cheapest cards with no thought of voids or points, pairs kept where it can;
5. the other voidable plain suits voided, shorter first.

Every candidate is 8 cards of the hand, sorted; duplicates are dropped, and the first
``width`` distinct ones are kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from tuolaji.bots.valuation import PAIR_BREAK, keep_values
from tuolaji.core.cards import POINTS, TALON_SIZE
from tuolaji.core.trump import TRUMP
from tuolaji.game.observation import Observation

#: how many burials the search compares by default, the heuristic's included
DEFAULT_BURIAL_WIDTH: Final = 5
#: what burying a trump costs on top of its value: trumps go down only when nothing else can
TRUMP_CHARGE: Final = 100.0
#: what a point costs to bury on top of the card's value (the talon bonus risk, R-S2)
POINT_CHARGE: Final = 4.0


def burial_candidates(
    observation: Observation, heuristic_burial: Sequence[int], width: int = DEFAULT_BURIAL_WIDTH
) -> list[tuple[int, ...]]:
    """Up to ``width`` distinct burials from the starter's hand in ``observation`` (the
    exchange), the heuristic's ``heuristic_burial`` first (see the module docstring)."""
    ctx = observation.ctx
    assert ctx is not None  # the trump is settled before the exchange (R-T4)
    hand = list(observation.hand)
    paired = observation.hand_layers[1]
    values = keep_values(ctx)

    def cost(kind: int, point_charge: float = POINT_CHARGE) -> float:
        """What burying ``kind`` gives up: its keep value, its points, a pair broken."""
        total = values[kind] + point_charge * POINTS[kind]
        if ctx.eff[kind] == TRUMP:
            total += TRUMP_CHARGE
        if paired >> kind & 1:
            total += PAIR_BREAK
        return total

    candidates: list[tuple[int, ...]] = []

    def add(burial: Sequence[int]) -> None:
        chosen = tuple(sorted(burial))
        if len(candidates) < width and chosen not in candidates:
            candidates.append(chosen)

    add(heuristic_burial)
    by_suit: dict[int, list[int]] = {}
    for kind in hand:
        by_suit.setdefault(ctx.eff[kind], []).append(kind)
    voidable = sorted(
        (len(cards), suit)
        for suit, cards in by_suit.items()
        if suit != TRUMP and len(cards) <= TALON_SIZE
    )
    voided = [
        by_suit[suit]
        + _cheapest([kind for kind in hand if ctx.eff[kind] != suit], TALON_SIZE - length, cost)
        for length, suit in voidable
    ]
    if voided:
        add(voided[0])
    # a negative charge: the more points a plain card carries, the sooner it goes down
    add(_cheapest(hand, TALON_SIZE, lambda kind: cost(kind, point_charge=-POINT_CHARGE)))
    add(_cheapest(hand, TALON_SIZE, lambda kind: cost(kind, point_charge=0.0)))
    for burial in voided[1:]:
        add(burial)
    return candidates


def _cheapest(cards: list[int], count: int, cost: Callable[[int], float]) -> list[int]:
    """The ``count`` cards of ``cards`` that cost least (ties: the lower kind)."""
    return sorted(cards, key=lambda kind: (cost(kind), kind))[:count]
