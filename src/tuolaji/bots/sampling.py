"""Uniform random choices among card multisets, without listing them all.

A multiset drawn from bit layers is fixed by the kinds taken twice (pairs) and the kinds
taken once. Choosing the number ``j`` of pairs with the weight of the multisets that hold
exactly ``j`` pairs (counted by :func:`tuolaji.core.follow.count_multisets`), then the
kinds uniformly, is uniform over all of them.
"""

from __future__ import annotations

import random

from tuolaji.core.cards import Layers, bits_of
from tuolaji.core.chance import randbelow
from tuolaji.core.follow import count_multisets


def sample_multiset(
    rng: random.Random, ones: int, twos: int, size: int, min_pairs: int = 0
) -> Layers | None:
    """A uniformly random multiset of ``size`` cards of the layers with at least
    ``min_pairs`` pairs, or None when there is none."""
    if size == 1:
        # The common case (following a single) without the counting.
        held = bits_of(ones)
        return (held[randbelow(rng, len(held))], 0) if held else None
    total = count_multisets(ones, twos, size, min_pairs)
    if total == 0:
        return None
    pick = randbelow(rng, total)
    n_pairs = min_pairs
    while True:
        # the multisets with at least n_pairs pairs, less those with at least one more
        at_least_more = count_multisets(ones, twos, size, n_pairs + 1)
        if pick < total - at_least_more:
            break
        pick -= total - at_least_more
        total = at_least_more
        n_pairs += 1
    pairs = sum(rng.sample(bits_of(twos), n_pairs)) if n_pairs else 0
    rest = bits_of(ones & ~pairs)
    singles = sum(rng.sample(rest, size - 2 * n_pairs))
    return pairs | singles, pairs
