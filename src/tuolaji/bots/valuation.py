"""How much a card or a set of cards is worth keeping, for the heuristic player.

Values are rough and only compared with each other: trumps are worth more than plain
cards, higher cards more than lower ones, and splitting a pair costs extra because
pairs win pair leads and make tractors. Search plays thousands of heuristic moves a
second, so values are tables built once per trump context.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from tuolaji.core.cards import KINDS, POINTS, Layers
from tuolaji.core.trump import TRUMP, TrumpContext

TRUMP_BASE: Final = 14.0
PAIR_BREAK: Final = 4.0
FIVES: Final = sum(1 << k for k in range(KINDS) if POINTS[k] == 5)
TENS: Final = sum(1 << k for k in range(KINDS) if POINTS[k] == 10)
#: the kinds that carry points
COUNTERS: Final = FIVES | TENS
#: the points of each kind as keep values are kept, for :func:`points_in`
POINT_VALUES: Final[tuple[float, ...]] = tuple(float(points) for points in POINTS)


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


def cost_of(values: tuple[float, ...], play: Layers, hand: Layers) -> float:
    """What playing ``play`` out of ``hand`` gives up: the cards' keep values
    (``values``, :func:`keep_values` of the trump context, looked up once per decision
    by the caller: it is asked for every candidate), plus a charge for every pair it
    splits."""
    ones, twos = play
    total = _total_value(values, ones)
    if twos:
        total += _total_value(values, twos)
    split = ones & ~twos & hand[1]
    return total + PAIR_BREAK * split.bit_count() if split else total


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
    """The points a play carries (R-O4). (The point cards' values added up over their
    bits, as :func:`_total_value` adds keep values: the compiled build would call
    ``bit_count`` on the fives and the tens as a Python method, on a new int each time.)"""
    ones, twos = play
    total = _total_value(POINT_VALUES, ones & COUNTERS)
    if twos & COUNTERS:
        total += _total_value(POINT_VALUES, twos & COUNTERS)
    return int(total)
