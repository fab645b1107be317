"""Uniform random choices among card multisets, without listing them all.

A multiset drawn from bit layers is fixed by the kinds taken twice (pairs) and the kinds
taken once. With ``K`` kinds held and ``P`` of them held twice, there are
``C(P, j) · C(K − j, size − 2j)`` multisets of ``size`` cards with exactly ``j`` pairs, so
choosing ``j`` with that weight and then the kinds uniformly is uniform over all of them.
"""

from __future__ import annotations

import random
from math import comb

from tuolaji.core.cards import Layers, bits_of


def sample_multiset(
    rng: random.Random, ones: int, twos: int, size: int, min_pairs: int = 0
) -> Layers | None:
    """A uniformly random multiset of ``size`` cards of the layers with at least
    ``min_pairs`` pairs, or None when there is none."""
    if size == 1:
        # The common case (following a single) without the counting.
        held = bits_of(ones)
        return (held[rng.randrange(len(held))], 0) if held else None
    kinds, pair_kinds = ones.bit_count(), twos.bit_count()
    weights = [
        comb(pair_kinds, j) * comb(kinds - j, size - 2 * j)
        for j in range(min_pairs, min(pair_kinds, size // 2) + 1)
    ]
    total = sum(weights)
    if total == 0:
        return None
    pick = rng.randrange(total)
    n_pairs = min_pairs
    for weight in weights:
        if pick < weight:
            break
        pick -= weight
        n_pairs += 1
    pairs = sum(rng.sample(bits_of(twos), n_pairs)) if n_pairs else 0
    rest = bits_of(ones & ~pairs)
    singles = sum(rng.sample(rest, size - 2 * n_pairs))
    return pairs | singles, pairs
