"""The core's random draws (``tuolaji.core.chance``) are the ``random`` module's own, so
a seed deals the same packs whichever build (compiled or pure) shuffles them."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tuolaji.core.cards import full_pack
from tuolaji.core.chance import shuffle


@given(seed=st.integers(0, 2**32), items=st.lists(st.integers(), max_size=120))
def test_shuffle_is_random_shuffle(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, its = list(items), list(items)
    shuffle(ours, mine)
    theirs.shuffle(its)
    assert mine == its
    # and the generators are left in the same state
    assert ours.getstate() == theirs.getstate()


def test_a_shuffled_pack_is_the_pack() -> None:
    pack = full_pack()
    shuffle(random.Random(7), pack)
    assert sorted(pack) == full_pack()
