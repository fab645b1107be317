"""The players' random draws: ``randbelow`` is ``randrange``'s draw, so the seeded
players play the same games whichever build (compiled or pure) draws them."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tuolaji.core.chance import randbelow


@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 2**70), min_size=1, max_size=30))
def test_randbelow_draws_what_randrange_draws(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    # and the generators are left in the same state
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**32), items=st.lists(st.integers(), min_size=1, max_size=40))
def test_an_index_drawn_by_randbelow_is_choices_item(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert items[randbelow(ours, len(items))] == theirs.choice(items)
