"""How much a card or a set of cards is worth keeping, for the heuristic player.

Values are rough and only compared with each other: trumps are worth more than plain
cards, higher cards more than lower ones, and splitting a pair costs extra because
pairs win pair leads and make tractors. Search plays thousands of heuristic moves a
second, so values are tables built once per trump context.
"""

from __future__ import annotations

from functools import lru_cache

from tuolaji.core.cards import KINDS, POINTS, Layers
from tuolaji.core.trump import TRUMP, TrumpContext

TRUMP_BASE = 14.0
PAIR_BREAK = 4.0
FIVES = sum(1 << k for k in range(KINDS) if POINTS[k] == 5)
TENS = sum(1 << k for k in range(KINDS) if POINTS[k] == 10)


@lru_cache(maxsize=128)
def keep_values(ctx: TrumpContext) -> tuple[float, ...]:
    """The keep value of every kind under ``ctx``."""
    values = []
    for kind in range(KINDS):
        level = ctx.level[kind]
        if ctx.eff[kind] == TRUMP:
            values.append(TRUMP_BASE + 1.5 * level)
        else:
            # plain aces and kings win tricks; low cards are for discarding
            values.append(float(level) + (3.0 if level >= 11 else 0.0))
    return tuple(values)


def keep_value(ctx: TrumpContext, kind: int) -> float:
    """How much ``kind`` is worth keeping in hand."""
    return keep_values(ctx)[kind]


def cost_of(ctx: TrumpContext, play: Layers, hand: Layers) -> float:
    """What playing ``play`` out of ``hand`` gives up: the cards' keep values, plus a
    charge for every pair it splits."""
    ones, twos = play
    values = keep_values(ctx)
    total = _total_value(values, ones)
    if twos:
        total += _total_value(values, twos)
    split = ones & ~twos & hand[1]
    return total + PAIR_BREAK * split.bit_count()


def _total_value(values: tuple[float, ...], mask: int) -> float:
    """The keep values of the kinds in ``mask`` added up, lowest kind first. (A loop over
    the bits: ``cost_of`` runs for every candidate of every playout decision, and this is
    about twice as fast as summing a generator over ``kinds_of``.)"""
    total = 0.0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def points_in(play: Layers) -> int:
    """The points a play carries (R-O4)."""
    ones, twos = play
    return 5 * ((ones & FIVES).bit_count() + (twos & FIVES).bit_count()) + 10 * (
        (ones & TENS).bit_count() + (twos & TENS).bit_count()
    )
