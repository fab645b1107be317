"""Combinations (R-C1–R-C4): singles, pairs, tractors, throws and their layout.

A combination is read from its bit layers inside one effective suit. The layout of
R-C4 is read greedily: the longest tractor first (one pair per level, so two off-suit
rank pairs of the same level never chain), then the remaining pairs, then singles.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Final, NamedTuple

from tuolaji.core.cards import Layers, count_layers, from_layers, kinds_of, to_layers
from tuolaji.core.frozen import new_named_tuple
from tuolaji.core.trump import TrumpContext

SINGLE: Final = "single"
PAIR: Final = "pair"
TRACTOR: Final = "tractor"
THROW: Final = "throw"
MIXED: Final = "mixed"


class Part(NamedTuple):
    """One part of a layout: a single (``pairs == 0``), a pair (1) or a tractor (≥ 2)."""

    pairs: int
    #: level of the part's highest card in its effective suit
    top: int
    #: the kinds of the part (for pairs and tractors each kind is held twice)
    kinds: int

    @property
    def size(self) -> int:
        """How many cards the part holds."""
        return 2 * self.pairs if self.pairs else 1

    @property
    def label(self) -> str:
        """``single``, ``pair`` or ``tractorN`` as the judge writes it."""
        if self.pairs == 0:
            return SINGLE
        return PAIR if self.pairs == 1 else f"{TRACTOR}{self.pairs}"

    def layers(self) -> Layers:
        """The part's cards as bit layers."""
        return (self.kinds, self.kinds if self.pairs else 0)

    def cards(self) -> list[int]:
        """The part's cards, kinds ascending."""
        return from_layers(*self.layers())


class Combo(NamedTuple):
    """A set of cards read as a combination; ``suit`` is -1 when they are mixed.
    (A named tuple: one is built for every lead, and tuples are cheap to build.)"""

    kind: str
    suit: int
    ones: int
    twos: int
    size: int
    #: the layout, longest parts first (empty when mixed)
    parts: tuple[Part, ...]
    #: how many pairs the layout holds, a tractor counting its pairs (R-P6)
    pairs: int

    def cards(self) -> list[int]:
        """The combination's cards, kinds ascending."""
        return from_layers(self.ones, self.twos)

    def layout_labels(self) -> list[str]:
        """The layout as the judge writes it: ``["tractor2", "pair", "single"]``."""
        return [part.label for part in self.parts]


#: the layout's order: longest parts first, then highest (a C function, called per part)
_by_shape: Final = itemgetter(0, 1)


def _part(pairs: int, top: int, kinds: int) -> Part:
    """``Part(pairs, top, kinds)``, built without its interpreted constructor (one is
    built for every part of every combination read)."""
    return new_named_tuple(Part, (pairs, top, kinds))


def _combo(
    kind: str, suit: int, ones: int, twos: int, size: int, parts: tuple[Part, ...], pairs: int
) -> Combo:
    """``Combo(...)`` of these fields, built without its interpreted constructor."""
    return new_named_tuple(Combo, (kind, suit, ones, twos, size, parts, pairs))


def longest_run(pair_levels: list[int]) -> tuple[int, int]:
    """The longest run of consecutive non-empty levels as (length, top level);
    among equally long runs the highest."""
    best_len = 0
    best_top = -1
    run = 0
    for lv, mask in enumerate(pair_levels):
        if mask:
            run += 1
            if run >= best_len:
                best_len = run
                best_top = lv
        else:
            run = 0
    return best_len, best_top


def layout(ctx: TrumpContext, suit: int, ones: int, twos: int) -> list[tuple[int, int, int]]:
    """The parts of the greedy layout of R-C4 of cards that all belong to ``suit``, as
    ``(pairs, top, kinds)`` in the order they are found: tractors longest first, then
    pairs by level, then singles by kind. (Plain tuples, unsorted: a heuristic lead
    looks for sure throws in every suit of its hand, and needs only the set of parts.)

    When a level holds several pairs (only the off-suit trump-rank cards share a level,
    R-O1), the tractor takes the pair of the lowest kind, that is the suit first in the
    order ``S H D C``; the others stay pairs. With hearts trump, ``AH AH 2S 2S 2D 2D``
    reads as the tractor ``AH AH 2S 2S`` and the pair ``2D 2D``. The layout's shape is
    the same either way, but a failed throw's forced part (and so the judge's ``throw``
    answer) can depend on it.
    """
    parts: list[tuple[int, int, int]] = []
    level = ctx.level
    if twos:
        pair_levels = [twos & mask for mask in ctx.level_masks[suit]]
        while True:
            length, top = longest_run(pair_levels)
            if length < 2:
                break
            kinds = 0
            for lv in range(top - length + 1, top + 1):
                # the lowest kind of the level: on a tie, S before H before D before C
                low = pair_levels[lv] & -pair_levels[lv]
                kinds |= low
                pair_levels[lv] ^= low
            parts.append((length, top, kinds))
        for lv, pair_kinds in enumerate(pair_levels):
            rest = pair_kinds
            while rest:
                low = rest & -rest
                parts.append((1, lv, low))
                rest ^= low
    singles = ones & ~twos
    while singles:
        low = singles & -singles
        parts.append((0, level[low.bit_length() - 1], low))
        singles ^= low
    return parts


def decompose(ctx: TrumpContext, suit: int, ones: int, twos: int) -> list[Part]:
    """The greedy layout of R-C4 of cards that all belong to ``suit`` (:func:`layout`),
    longest parts first, then highest."""
    parts = [_part(pairs, top, kinds) for pairs, top, kinds in layout(ctx, suit, ones, twos)]
    parts.sort(key=_by_shape, reverse=True)
    return parts


def chain_top(ctx: TrumpContext, pairs: int) -> int:
    """The top level when the pair kinds ``pairs`` (of one suit) form exactly one
    tractor — their levels distinct and adjacent (R-C3) — else -1."""
    level = ctx.level
    levels = [level[k] for k in kinds_of(pairs)]
    top = max(levels)
    count = len(levels)
    return top if top - min(levels) == count - 1 and len(set(levels)) == count else -1


def suit_of_layers(ctx: TrumpContext, ones: int) -> int:
    """The one effective suit of a non-empty set of cards, or -1 when they are mixed."""
    if not ones:
        return -1
    suit = ctx.eff[ones.bit_length() - 1]
    return -1 if ones & ~ctx.suit_mask[suit] else suit


def combo_of_layers(ctx: TrumpContext, ones: int, twos: int) -> Combo:
    """Read bit layers as a combination (R-C1–R-C4)."""
    size = count_layers(ones, twos)
    if size == 0:
        raise ValueError("a combination needs at least one card")
    suit = suit_of_layers(ctx, ones)
    if suit < 0:
        return _combo(MIXED, -1, ones, twos, size, (), 0)
    if size == 1:
        top = ctx.level[ones.bit_length() - 1]
        return _combo(SINGLE, suit, ones, twos, 1, (_part(0, top, ones),), 0)
    if size == 2 and twos:
        top = ctx.level[ones.bit_length() - 1]
        return _combo(PAIR, suit, ones, twos, 2, (_part(1, top, ones),), 1)
    if ones == twos:
        top = chain_top(ctx, ones)
        if top >= 0:
            count = ones.bit_count()
            return _combo(TRACTOR, suit, ones, twos, size, (_part(count, top, ones),), count)
    parts = decompose(ctx, suit, ones, twos)
    pairs = sum(part.pairs for part in parts)
    kind = TRACTOR if len(parts) == 1 and parts[0].pairs >= 2 else THROW
    return _combo(kind, suit, ones, twos, size, tuple(parts), pairs)


def classify(ctx: TrumpContext, cards: Iterable[int]) -> Combo:
    """Read a list of cards as a combination (R-C1–R-C4).

    With rank 2 and hearts trump, ``AH AH 2S 2S`` is a tractor of trumps (the ``2S``
    pair sits right above the ``AH`` pair, R-C3); ``AS AS KS QS QS`` is a throw of two
    pairs and a single (``AS`` and ``QS`` are not adjacent); spades and diamonds mixed
    are no combination.

    >>> from tuolaji.core import TRUMP, parse_cards, trump_context
    >>> ctx = trump_context(0, 1)  # rank 2 (0), hearts (1) trump
    >>> combo = classify(ctx, parse_cards("AH AH 2S 2S"))
    >>> combo.kind, combo.layout_labels(), combo.suit == TRUMP
    ('tractor', ['tractor2'], True)
    >>> throw = classify(ctx, parse_cards("AS AS KS QS QS"))
    >>> throw.kind, throw.layout_labels(), throw.pairs
    ('throw', ['pair', 'pair', 'single'], 2)
    >>> classify(ctx, parse_cards("AS AD")).kind
    'mixed'
    """
    return combo_of_layers(ctx, *to_layers(cards))


def has_chain(ctx: TrumpContext, suit: int, twos: int, length: int, above: int = -1) -> bool:
    """Whether the pairs ``twos`` of ``suit`` hold a tractor of ``length`` pairs whose top
    level is higher than ``above`` (R-C3)."""
    run = 0
    for lv, mask in enumerate(ctx.level_masks[suit]):
        if twos & mask:
            run += 1
            if run >= length and lv > above:
                return True
        else:
            run = 0
    return False


def holds_higher(ctx: TrumpContext, suit: int, hand: Layers, part: Part) -> bool:
    """Whether a hand holds, in ``suit``, a combination of the part's shape that is
    strictly higher: a higher single, pair, or tractor of the same length (R-H1)."""
    return holds_above(ctx, suit, hand, part.pairs, part.top)


def holds_above(ctx: TrumpContext, suit: int, hand: Layers, pairs: int, top: int) -> bool:
    """Whether a hand holds, in ``suit``, a single (``pairs == 0``), a pair (1) or a
    tractor of ``pairs`` pairs whose top level is higher than ``top`` (R-H1)."""
    ones, twos = hand
    if pairs == 0:
        return bool(ones & ctx.above(suit, top))
    if pairs == 1:
        return bool(twos & ctx.above(suit, top))
    return has_chain(ctx, suit, twos & ctx.suit_mask[suit], pairs, top)
