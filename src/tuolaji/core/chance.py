"""Random draws made in compiled code: the very draws of the ``random`` module's methods.

The compiled build would otherwise call back into ``random``'s Python code for each
draw: for the deal's shuffle (107 draws a round) and for the players' hundreds of
choices a round. Each function here makes the same calls on the generator's
``getrandbits`` as CPython's own method, so a seed gives the same results either way
(tested against ``randrange``, ``choice`` and ``shuffle``).
"""

from __future__ import annotations

import random


def randbelow(rng: random.Random, n: int) -> int:
    """A random int in ``[0, n)`` for ``n`` > 0: the very draw of ``rng.randrange(n)``
    (and of ``rng.choice`` over ``n`` items)."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does."""
    for i in range(len(items) - 1, 0, -1):
        # an item of items[:i + 1] to exchange with items[i]
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]
