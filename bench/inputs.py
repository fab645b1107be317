"""Random inputs for the benchmark: trumps, leads and hands dealt from the rest of the pack.

Every function draws from the ``random.Random`` it is given, so a seed fixes the inputs.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator

from tuolaji.core import trump_context
from tuolaji.core.cards import HAND_SIZE, full_pack
from tuolaji.core.trump import TRUMP, TrumpContext


def drain(iterator: Iterator[object]) -> None:
    """Run an iterator to its end, keeping nothing."""
    deque(iterator, maxlen=0)


def random_ctx(rng: random.Random) -> TrumpContext:
    """A random trump rank and trump suit under the standard rules."""
    return trump_context(rng.randrange(13), rng.randrange(4))


def rest_of_pack(cards: list[int]) -> list[int]:
    """The pack without ``cards`` (a multiset)."""
    rest = full_pack()
    for kind in cards:
        rest.remove(kind)
    return rest


def deal(rng: random.Random, cards: list[int], hands: int) -> list[list[int]]:
    """``hands`` hands of 25 dealt from the pack without ``cards``."""
    rest = rest_of_pack(cards)
    rng.shuffle(rest)
    return [sorted(rest[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(hands)]


def random_lead(rng: random.Random, ctx: TrumpContext, pairs: int) -> list[int]:
    """A random single (``pairs`` 0), pair (1) or tractor of ``pairs`` pairs."""
    if pairs == 0:
        return [rng.randrange(54)]
    suit = rng.choice(suits(ctx))
    masks = ctx.level_masks[suit]
    top = rng.randrange(pairs - 1, len(masks))
    cards = []
    for level in range(top - pairs + 1, top + 1):
        kinds = [k for k in range(54) if masks[level] >> k & 1]
        cards += [rng.choice(kinds)] * 2
    return cards


def suit_cards(rng: random.Random, ctx: TrumpContext, suit: int, n: int) -> list[int]:
    """``n`` random cards of one effective suit (each kind at most twice)."""
    kinds = [k for k in range(54) if ctx.eff[k] == suit]
    return sorted(rng.sample(kinds * 2, n))


def suits(ctx: TrumpContext) -> list[int]:
    """The effective suits that hold cards: the plain suits but the trump suit, and trumps."""
    return [s for s in (0, 1, 2, 3, TRUMP) if s != ctx.suit]


def plain_suit(rng: random.Random, ctx: TrumpContext) -> int:
    """A random plain suit other than the trump suit."""
    return rng.choice(suits(ctx)[:-1])
