"""Every legal lead of a hand (R-P1, R-C1–R-C4), counted and listed lazily.

A lead is any non-empty set of cards of the hand that lie in one effective suit (R-C4):
a single, a pair, a tractor, or — any other layout — a throw. Whether a throw *stands*
is decided afterwards by the other hands (R-H1, R-H2); leading it is always allowed. So
the legal leads of a hand are, suit by suit, every non-empty sub-multiset of its cards
in that suit: a suit holding ``a`` kinds once and ``b`` kinds twice has
``2**a * 3**b - 1`` of them. A suit of 12 cards can have thousands, trumps of 20 cards
millions, so :class:`Leads` counts them by that product and lists them only on demand:
the single combinations first (singles, pairs, tractors), then the throws, smallest
first.

>>> from tuolaji.core.cards import parse_cards
>>> from tuolaji.core.trump import trump_context
>>> ctx = trump_context(0, 1)  # rank 2, hearts trump
>>> leads = legal_leads(ctx, parse_cards("AS AS KS 3C"))
>>> len(leads), leads.singles(), leads.pairs(), leads.tractors()
(6, [(11,), (12,), (40,)], [(12, 12)], [])
>>> list(leads.throws())  # KS AS, KS AS AS
[(11, 12), (11, 12, 12)]
>>> (11, 12) in leads, (12, 40) in leads  # AS 3C mixes suits
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tuolaji.core.cards import (
    Layers,
    NotationError,
    bits_of,
    card_list_error,
    contains_layers,
    count_layers,
    from_layers,
    to_layers,
)
from tuolaji.core.combos import chain_top, suit_of_layers
from tuolaji.core.errors import BAD_CARD, IllegalAction
from tuolaji.core.follow import multisets
from tuolaji.core.trump import EFFECTIVE_SUITS, TrumpContext


def tractor_masks(ctx: TrumpContext, twos: int) -> list[int]:
    """Every distinct tractor of the pairs ``twos``, as masks of its pair kinds (R-C3),
    suit by suit, shortest first from each starting level. Where a level holds several
    pairs (the off-suit trump-rank cards, R-O1), each of them makes its own tractors."""
    found: list[int] = []
    for suit in range(EFFECTIVE_SUITS):
        pairs = twos & ctx.suit_mask[suit]
        if pairs.bit_count() < 2:
            continue
        per_level = [bits_of(pairs & mask) for mask in ctx.level_masks[suit]]
        for start in range(len(per_level)):
            partial = [0]
            for level in range(start, len(per_level)):
                if not per_level[level]:
                    break
                partial = [mask | bit for mask in partial for bit in per_level[level]]
                if level > start:
                    found.extend(partial)
    return found


def is_single_combination(ctx: TrumpContext, ones: int, twos: int) -> bool:
    """Whether cards of one effective suit are a single, a pair or a tractor (R-C1–R-C3)
    rather than a throw."""
    size = count_layers(ones, twos)
    if size == 1 or (size == 2 and twos):
        return True
    return size >= 4 and ones == twos and chain_top(ctx, ones) >= 0


class Leads:
    """The legal leads of one hand (see the module docstring): a lazy, countable
    collection. Iterating yields each distinct lead once as a tuple of kinds, ascending;
    ``in`` takes a sequence of kinds; ``len`` and :meth:`count` count without listing."""

    __slots__ = ("ctx", "hand")

    def __init__(self, ctx: TrumpContext, hand: Layers) -> None:
        self.ctx = ctx
        #: the hand as bit layers
        self.hand = hand

    def _suits(self) -> Iterator[Layers]:
        """The hand's cards of each effective suit it holds, as layers."""
        ones, twos = self.hand
        for mask in self.ctx.suit_mask:
            if ones & mask:
                yield ones & mask, twos & mask

    def count(self) -> int:
        """How many distinct leads there are: per suit, every non-empty sub-multiset."""
        return sum(2 ** (o & ~t).bit_count() * 3 ** t.bit_count() - 1 for o, t in self._suits())

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return bool(self.hand[0])

    def count_throws(self) -> int:
        """How many leads are throws (neither a single, a pair nor a tractor)."""
        ones, twos = self.hand
        simple = ones.bit_count() + twos.bit_count() + len(tractor_masks(self.ctx, twos))
        return self.count() - simple

    def singles(self) -> list[tuple[int, ...]]:
        """Every single, lowest kind first."""
        return [(bit.bit_length() - 1,) for bit in bits_of(self.hand[0])]

    def pairs(self) -> list[tuple[int, ...]]:
        """Every pair, lowest kind first."""
        return [(kind, kind) for kind in (bit.bit_length() - 1 for bit in bits_of(self.hand[1]))]

    def tractors(self) -> list[tuple[int, ...]]:
        """Every tractor (R-C3), each distinct set of pairs once."""
        return [tuple(from_layers(mask, mask)) for mask in tractor_masks(self.ctx, self.hand[1])]

    def throw_layers(self) -> Iterator[Layers]:
        """Every throw as layers, lazily: suit by suit, the smaller throws first."""
        ctx = self.ctx
        for ones, twos in self._suits():
            for size in range(2, count_layers(ones, twos) + 1):
                for t_ones, t_twos in multisets(ones, twos, size):
                    if not is_single_combination(ctx, t_ones, t_twos):
                        yield t_ones, t_twos

    def throws(self) -> Iterator[tuple[int, ...]]:
        """Every throw as a tuple of kinds, lazily (see :meth:`throw_layers`)."""
        for ones, twos in self.throw_layers():
            yield tuple(from_layers(ones, twos))

    def layers(self) -> Iterator[Layers]:
        """Every lead as layers: singles, pairs, tractors, then the throws."""
        ones, twos = self.hand
        for bit in bits_of(ones):
            yield bit, 0
        for bit in bits_of(twos):
            yield bit, bit
        for mask in tractor_masks(self.ctx, twos):
            yield mask, mask
        yield from self.throw_layers()

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        for ones, twos in self.layers():
            yield tuple(from_layers(ones, twos))

    def contains_layers(self, play: Layers) -> bool:
        """Whether ``play`` (as layers) is a legal lead: held, not empty, one effective
        suit (R-P2, R-C4)."""
        return (
            bool(play[0])
            and contains_layers(self.hand, play)
            and suit_of_layers(self.ctx, play[0]) >= 0
        )

    def __contains__(self, cards: object) -> bool:
        if card_list_error(cards) is not None:
            return False
        assert isinstance(cards, Sequence)
        try:
            play = to_layers(cards)
        except NotationError:
            return False  # a kind named three times: no hand holds that
        return self.contains_layers(play)

    def __repr__(self) -> str:
        return f"<Leads: {self.count()} leads>"


def legal_leads(ctx: TrumpContext, hand: Sequence[int]) -> Leads:
    """The legal leads of the cards ``hand`` (R-P1, R-C4): see :class:`Leads`.
    :class:`IllegalAction` (R-N3, R-D1) when ``hand`` is not cards of the pack."""
    problem = card_list_error(hand)
    if problem is not None:
        raise IllegalAction("R-N3", problem, BAD_CARD)
    try:
        return Leads(ctx, to_layers(hand))
    except NotationError as error:
        raise IllegalAction("R-D1", str(error).removeprefix("R-D1: "), BAD_CARD) from None
