"""The trump context of a round (R-T1, R-T7, R-O1–R-O3): built once, then table lookups.

Every kind gets an *effective suit* (0–3 for the plain suits, :data:`TRUMP` for
trumps) and a *level*: its order inside its effective suit, counted from 0 for the
lowest, with no gaps. Equal cards share a level (the off-suit trump-rank cards, R-O1),
and removing the trump rank from a suit closes the gap (R-C3), so two pairs form a
tractor exactly when their levels differ by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tuolaji.core.cards import BJ, KINDS, RJ, SUIT_NAMES, SUITS
from tuolaji.core.frozen import Frozen
from tuolaji.core.rules import STANDARD, RuleSet

TRUMP: Final = 4
"""The effective suit of every trump."""
EFFECTIVE_SUITS: Final = 5


def suit_label(suit: int) -> str:
    """How the judge writes an effective suit: ``S H D C`` or ``trump``."""
    return "trump" if suit == TRUMP else SUITS[suit]


def suit_name(suit: int) -> str:
    """An effective suit in words, for error messages."""
    return "trumps" if suit == TRUMP else SUIT_NAMES[suit]


@dataclass(frozen=True, slots=True, eq=False)
class TrumpContext(Frozen):
    """Trump rank, trump suit (``None``: no trump suit) and the lookup tables they give."""

    rank: int
    suit: int | None
    rules: RuleSet
    #: kind → effective suit (0–3, or TRUMP)
    eff: tuple[int, ...]
    #: kind → level inside its effective suit (higher is stronger)
    level: tuple[int, ...]
    #: effective suit → bit mask of its kinds
    suit_mask: tuple[int, ...]
    #: effective suit → level → bit mask of the kinds at that level
    level_masks: tuple[tuple[int, ...], ...]
    #: effective suit → t → mask of its kinds whose level is t or more
    above_masks: tuple[tuple[int, ...], ...]
    #: kind → a number that sorts cards from low to high across the whole pack
    strength: tuple[int, ...]

    def above(self, suit: int, level: int) -> int:
        """Mask of the kinds of ``suit`` strictly higher than ``level``."""
        masks = self.above_masks[suit]
        index = level + 1
        return masks[index] if index < len(masks) else 0

    def is_trump(self, kind: int) -> bool:
        """Whether ``kind`` is a trump this round (R-O3)."""
        return self.eff[kind] == TRUMP

    def sort_high_to_low(self, cards: list[int]) -> list[int]:
        """The cards ordered from high to low, as the judge prints them."""
        strength = self.strength
        return sorted(cards, key=lambda k: strength[k], reverse=True)


def trump_context(rank: int, suit: int | None, rules: RuleSet = STANDARD) -> TrumpContext:
    """The (cached) trump context for a trump rank 0–12 and a trump suit 0–3 or ``None``.

    With rank 2 and hearts trump, the trumps are the jokers, the 2s and the hearts
    (R-O1–R-O3): ``RJ BJ 2H``, then the other 2s (equal), then ``AH`` down to ``3H``,
    all above every plain card.

    >>> from tuolaji.core import format_cards, parse_card, parse_cards
    >>> ctx = trump_context(0, 1)  # rank 2 (0), hearts (1) trump
    >>> [ctx.is_trump(card) for card in parse_cards("2S 3H AS")]
    [True, True, False]
    >>> format_cards(ctx.sort_high_to_low(parse_cards("AS 3H 2S RJ 2H AH 2C BJ")))
    'RJ BJ 2H 2S 2C AH 3H AS'
    >>> ctx.level[parse_card("2S")] == ctx.level[parse_card("2C")]  # equal cards, one level
    True
    >>> trump_context(0, None).is_trump(parse_card("2S"))  # no trump suit: jokers only
    False
    """
    if not 0 <= rank < 13:
        raise ValueError(f"trump rank must be 0-12, not {rank}")
    if suit is not None and not 0 <= suit < 4:
        raise ValueError(f"trump suit must be 0-3 or None, not {suit}")
    return _build(rank, suit, rules)


@lru_cache(maxsize=256)
def _build(rank: int, suit: int | None, rules: RuleSet) -> TrumpContext:
    eff = [0] * KINDS
    level = [0] * KINDS
    # R-T7 / rank_trumps_in_no_trump: do the rank cards leave their suits?
    rank_is_trump = suit is not None or rules.rank_trumps_in_no_trump
    for s in range(4):
        if s == suit:
            continue
        lv = 0
        for r in range(13):
            if rank_is_trump and r == rank:
                continue
            eff[s * 13 + r] = s
            level[s * 13 + r] = lv
            lv += 1
    lv = 0
    if suit is not None:
        # R-O1: the trump suit's own cards below the rank cards, A high
        for r in range(13):
            if r != rank:
                eff[suit * 13 + r] = TRUMP
                level[suit * 13 + r] = lv
                lv += 1
    if rank_is_trump:
        # R-O1 / R-C3: the off-suit rank cards form one level, then the trump-suit rank card
        for s in range(4):
            if s != suit:
                eff[s * 13 + rank] = TRUMP
                level[s * 13 + rank] = lv
        lv += 1
        if suit is not None:
            eff[suit * 13 + rank] = TRUMP
            level[suit * 13 + rank] = lv
            lv += 1
    eff[BJ] = eff[RJ] = TRUMP
    level[BJ] = lv
    level[RJ] = lv + 1

    suit_mask = [0] * EFFECTIVE_SUITS
    for kind in range(KINDS):
        suit_mask[eff[kind]] |= 1 << kind
    level_masks: list[tuple[int, ...]] = []
    above_masks: list[tuple[int, ...]] = []
    for s in range(EFFECTIVE_SUITS):
        top = max((level[k] for k in range(KINDS) if eff[k] == s), default=-1)
        masks = [0] * (top + 1)
        for kind in range(KINDS):
            if eff[kind] == s:
                masks[level[kind]] |= 1 << kind
        level_masks.append(tuple(masks))
        above = [0] * (top + 2)
        for t in range(top, -1, -1):
            above[t] = above[t + 1] | masks[t]
        above_masks.append(tuple(above))
    # Sort order across the pack: trumps above plain suits; among equal cards S, H, D, C.
    strength = tuple(
        (1000 if eff[k] == TRUMP else 0) + level[k] * 10 + (0 if k >= BJ else 3 - k // 13)
        for k in range(KINDS)
    )
    return TrumpContext(
        rank=rank,
        suit=suit,
        rules=rules,
        eff=tuple(eff),
        level=tuple(level),
        suit_mask=tuple(suit_mask),
        level_masks=tuple(level_masks),
        above_masks=tuple(above_masks),
        strength=strength,
    )
