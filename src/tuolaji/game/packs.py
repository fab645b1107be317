"""Where a game's packs come from: the stacked decks it was given first (tests and
puzzles, checked to be a whole pack, R-D1), then shuffles drawn from its own seeded
generator. Every pack dealt is kept, in deal order, redeals included: records store them
(docs/records.md), so a replay does not depend on ``random.shuffle``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence

from tuolaji.core.cards import full_pack
from tuolaji.core.chance import shuffle


class Dealer:
    """The packs of one game's deals (``seed`` drives every shuffle)."""

    def __init__(self, seed: int, decks: Iterable[Sequence[int]] = ()) -> None:
        self._rng = random.Random(seed)
        self._decks = iter(decks)
        #: every pack dealt so far, in deal order
        self.packs: list[tuple[int, ...]] = []

    def next_pack(self) -> list[int]:
        """The pack of the next deal, in the order its cards are drawn (a new list)."""
        stacked = next(self._decks, None)
        if stacked is None:
            pack = full_pack()
            shuffle(self._rng, pack)  # rng.shuffle's very draws, in compiled code
            self.packs.append(tuple(pack))
            return pack
        if sorted(stacked) != full_pack():
            raise ValueError("a stacked deck must hold the 108 cards of the pack (R-D1)")
        self.packs.append(tuple(stacked))
        return list(stacked)

    def random_state(self) -> object:
        """The state of the shuffles' generator (a copy must deal as the original)."""
        return self._rng.getstate()

    def copy(self) -> Dealer:
        """An independent dealer that deals from here on exactly as this one would."""
        twin = Dealer(0)
        twin._rng.setstate(self._rng.getstate())
        # the decks still to come: an iterator may be endless, so it is copied as it
        # stands (a generator cannot be: give a list, or an iterator object)
        twin._decks = copy.deepcopy(self._decks)
        twin.packs = list(self.packs)
        return twin
