"""Trump contexts: effective suits and card order.

Rules covered (docs/rules.md): R-T1 trump rank and suit of a round, R-O1 trump order,
R-O2 plain suits without the trump rank, R-O3 effective suit, R-T7 no-trump rounds
(``standard``: only the jokers are trumps; ``rank_trumps_in_no_trump`` / ``classic``:
the rank cards stay trumps, equal to each other, below ``BJ``).

An order is written high to low, one group per level; cards of equal order are joined
with ``=`` (written S, H, D, C, the order ``sort_high_to_low`` prints equal cards in).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from tuolaji.core.cards import KINDS, parse_card, parse_cards
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.core.trump import TRUMP, TrumpContext, trump_context

RANKS = "23456789TJQKA"
SUITS = "SHDC"
LABELS = {"S": 0, "H": 1, "D": 2, "C": 3, "trump": TRUMP}
RANK_TRUMPS = STANDARD.with_options(rank_trumps_in_no_trump=True)


def cards(text: str) -> list[int]:
    """The cards of a notation string such as ``"AS AS KS"``."""
    return parse_cards(text)


def ctx(rank: str, suit: str | None, rules: RuleSet = STANDARD) -> TrumpContext:
    """The trump context of a rank letter and a suit letter (``None``: no trump suit)."""
    return trump_context(RANKS.index(rank), None if suit is None else SUITS.index(suit), rules)


def groups(order: str) -> list[list[int]]:
    """An order string, high to low, as groups of equal cards."""
    return [[parse_card(c) for c in group.split("=")] for group in order.split()]


# (context, effective suit, order high to low) — every effective suit of each context.
CONTEXTS = {
    "rank2-hearts-standard": ("2", "H", STANDARD),
    "rank2-hearts-classic": ("2", "H", CLASSIC),
    "rank5-clubs-standard": ("5", "C", STANDARD),
    "rankA-spades-standard": ("A", "S", STANDARD),
    "rank2-notrump-standard": ("2", None, STANDARD),
    "rank9-notrump-standard": ("9", None, STANDARD),
    "rank2-notrump-classic": ("2", None, CLASSIC),
    "rank9-notrump-classic": ("9", None, CLASSIC),
    "rank9-notrump-rank-trumps-option": ("9", None, RANK_TRUMPS),
}

ORDERS = [
    # R-O1 — the docs/rules.md example: rank 2, hearts
    ("R-O1", "rank2-hearts-standard", "trump",
     "RJ BJ 2H 2S=2D=2C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
    ("R-O2", "rank2-hearts-standard", "S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
    ("R-O2", "rank2-hearts-standard", "D", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"),
    ("R-O2", "rank2-hearts-standard", "C", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"),
    ("R-O3", "rank2-hearts-standard", "H", ""),
    # the classic preset changes nothing when there is a trump suit
    ("R-O1", "rank2-hearts-classic", "trump",
     "RJ BJ 2H 2S=2D=2C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
    ("R-O2", "rank2-hearts-classic", "S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
    # R-O1 / R-O2 with a rank in the middle of the suit: the rank leaves every suit
    ("R-O1", "rank5-clubs-standard", "trump",
     "RJ BJ 5C 5S=5H=5D AC KC QC JC TC 9C 8C 7C 6C 4C 3C 2C"),
    ("R-O2", "rank5-clubs-standard", "S", "AS KS QS JS TS 9S 8S 7S 6S 4S 3S 2S"),
    ("R-O2", "rank5-clubs-standard", "H", "AH KH QH JH TH 9H 8H 7H 6H 4H 3H 2H"),
    ("R-O2", "rank5-clubs-standard", "D", "AD KD QD JD TD 9D 8D 7D 6D 4D 3D 2D"),
    ("R-O3", "rank5-clubs-standard", "C", ""),
    # rank A: the trump suit's king is its highest plain-rank card
    ("R-O1", "rankA-spades-standard", "trump",
     "RJ BJ AS AH=AD=AC KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
    ("R-O2", "rankA-spades-standard", "H", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
    ("R-O2", "rankA-spades-standard", "D", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
    ("R-O2", "rankA-spades-standard", "C", "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"),
    # R-T7 standard: only the jokers are trumps; rank cards keep their natural place
    ("R-T7", "rank2-notrump-standard", "trump", "RJ BJ"),
    ("R-T7", "rank2-notrump-standard", "S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
    ("R-T7", "rank2-notrump-standard", "H", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
    ("R-T7", "rank2-notrump-standard", "D", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
    ("R-T7", "rank2-notrump-standard", "C", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"),
    ("R-T7", "rank9-notrump-standard", "trump", "RJ BJ"),
    ("R-O2", "rank9-notrump-standard", "S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
    ("R-O2", "rank9-notrump-standard", "C", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"),
    # R-T7 classic (rank_trumps_in_no_trump): rank cards are trumps, equal, below BJ
    ("R-T7", "rank2-notrump-classic", "trump", "RJ BJ 2S=2H=2D=2C"),
    ("R-O2", "rank2-notrump-classic", "S", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
    ("R-O2", "rank2-notrump-classic", "H", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
    ("R-O2", "rank2-notrump-classic", "D", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"),
    ("R-O2", "rank2-notrump-classic", "C", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"),
    ("R-T7", "rank9-notrump-classic", "trump", "RJ BJ 9S=9H=9D=9C"),
    ("R-O2", "rank9-notrump-classic", "H", "AH KH QH JH TH 8H 7H 6H 5H 4H 3H 2H"),
    ("R-T7", "rank9-notrump-rank-trumps-option", "trump", "RJ BJ 9S=9H=9D=9C"),
    ("R-O2", "rank9-notrump-rank-trumps-option", "D", "AD KD QD JD TD 8D 7D 6D 5D 4D 3D 2D"),
]  # fmt: skip

ORDER_PARAMS = [
    pytest.param(context, suit, order, id=f"{rule}-{context}-{suit}")
    for rule, context, suit, order in ORDERS
]


@pytest.mark.parametrize(("context", "suit", "order"), ORDER_PARAMS)
def test_effective_suit_holds_exactly_these_cards(context: str, suit: str, order: str) -> None:
    """R-O3: every listed card belongs to the effective suit, and no other card does."""
    c = ctx(*CONTEXTS[context])
    listed = {kind for group in groups(order) for kind in group}
    members = {kind for kind in range(KINDS) if c.eff[kind] == LABELS[suit]}
    assert members == listed


@pytest.mark.parametrize(("context", "suit", "order"), ORDER_PARAMS)
def test_order_by_level(context: str, suit: str, order: str) -> None:
    """R-O1 / R-O2: equal cards share a level, each group is one level below the last."""
    c = ctx(*CONTEXTS[context])
    levels = []
    for group in groups(order):
        group_levels = {c.level[kind] for kind in group}
        assert len(group_levels) == 1, f"cards of {group} must be equal"
        levels.append(group_levels.pop())
    for higher, lower in pairwise(levels):
        assert higher > lower
        # removed ranks close the gap (R-C3), so neighbours in the order are one level apart
        assert higher - lower == 1


@pytest.mark.parametrize(("context", "suit", "order"), ORDER_PARAMS)
def test_sort_high_to_low(context: str, suit: str, order: str) -> None:
    """R-O1 / R-O2: sorting any arrangement of the suit gives the order (equal cards S H D C)."""
    c = ctx(*CONTEXTS[context])
    expected = [kind for group in groups(order) for kind in group]
    assert c.sort_high_to_low(list(reversed(expected))) == expected
    shuffled = expected[1::2] + expected[0::2]
    assert c.sort_high_to_low(shuffled) == expected
    doubled = shuffled + list(reversed(shuffled))
    assert c.sort_high_to_low(doubled) == [kind for kind in expected for _ in range(2)]


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_r_o3_every_card_has_one_effective_suit(context: str) -> None:
    c = ctx(*CONTEXTS[context])
    covered = [
        kind
        for rule, name, suit, order in ORDERS
        if name == context
        for group in groups(order)
        for kind in group
    ]
    assert len(covered) == len(set(covered))
    if len(covered) == KINDS:  # contexts listed in full above
        assert sorted(covered) == list(range(KINDS))
    assert all(c.eff[kind] in (0, 1, 2, 3, TRUMP) for kind in range(KINDS))


@pytest.mark.parametrize(
    ("context", "card", "suit"),
    [
        pytest.param("rank2-hearts-standard", "RJ", "trump", id="R-O3-rj"),
        pytest.param("rank2-hearts-standard", "BJ", "trump", id="R-O3-bj"),
        pytest.param("rank2-hearts-standard", "2H", "trump", id="R-O3-trump-rank-card"),
        pytest.param("rank2-hearts-standard", "2S", "trump", id="R-O3-off-suit-rank-card"),
        pytest.param("rank2-hearts-standard", "2C", "trump", id="R-O3-off-suit-rank-club"),
        pytest.param("rank2-hearts-standard", "3H", "trump", id="R-O3-trump-suit-low"),
        pytest.param("rank2-hearts-standard", "AH", "trump", id="R-O3-trump-suit-ace"),
        pytest.param("rank2-hearts-standard", "AS", "S", id="R-O3-plain-spade"),
        pytest.param("rank2-hearts-standard", "3D", "D", id="R-O3-plain-diamond"),
        pytest.param("rank2-hearts-standard", "KC", "C", id="R-O3-plain-club"),
        pytest.param("rank5-clubs-standard", "5H", "trump", id="R-O3-rank5-5H"),
        pytest.param("rank5-clubs-standard", "4H", "H", id="R-O3-rank5-4H"),
        pytest.param("rank5-clubs-standard", "2C", "trump", id="R-O3-rank5-2C"),
        pytest.param("rank2-notrump-standard", "2S", "S", id="R-T7-standard-2S-plain"),
        pytest.param("rank2-notrump-standard", "2H", "H", id="R-T7-standard-2H-plain"),
        pytest.param("rank2-notrump-standard", "AH", "H", id="R-T7-standard-AH-plain"),
        pytest.param("rank2-notrump-standard", "BJ", "trump", id="R-T7-standard-bj"),
        pytest.param("rank2-notrump-standard", "RJ", "trump", id="R-T7-standard-rj"),
        pytest.param("rank2-notrump-classic", "2S", "trump", id="R-T7-classic-2S-trump"),
        pytest.param("rank2-notrump-classic", "2D", "trump", id="R-T7-classic-2D-trump"),
        pytest.param("rank2-notrump-classic", "3S", "S", id="R-T7-classic-3S-plain"),
        pytest.param("rank9-notrump-rank-trumps-option", "9C", "trump", id="R-T7-option-9C"),
        pytest.param("rank9-notrump-rank-trumps-option", "TC", "C", id="R-T7-option-TC"),
    ],
)
def test_r_o3_effective_suit_of_a_card(context: str, card: str, suit: str) -> None:
    c = ctx(*CONTEXTS[context])
    kind = parse_card(card)
    assert c.eff[kind] == LABELS[suit]
    assert c.is_trump(kind) == (suit == "trump")


@pytest.mark.parametrize(
    ("context", "higher", "lower"),
    [
        pytest.param("rank2-hearts-standard", "RJ", "BJ", id="R-O1-rj-over-bj"),
        pytest.param("rank2-hearts-standard", "BJ", "2H", id="R-O1-bj-over-trump-rank"),
        pytest.param("rank2-hearts-standard", "2H", "2S", id="R-O1-suit-rank-over-off-rank"),
        pytest.param("rank2-hearts-standard", "2C", "AH", id="R-O1-off-rank-over-trump-ace"),
        pytest.param("rank2-hearts-standard", "4H", "3H", id="R-O1-4H-over-3H"),
        pytest.param("rank2-hearts-standard", "AS", "KS", id="R-O2-AS-over-KS"),
        pytest.param("rank2-notrump-standard", "3S", "2S", id="R-T7-standard-3S-over-2S"),
        pytest.param("rank2-notrump-standard", "AS", "2S", id="R-T7-standard-AS-over-2S"),
        pytest.param("rank2-notrump-classic", "BJ", "2S", id="R-T7-classic-bj-over-2S"),
        pytest.param("rank2-notrump-classic", "RJ", "BJ", id="R-T7-classic-rj-over-bj"),
        pytest.param("rank9-notrump-classic", "TD", "8D", id="R-O2-classic-gap-closes"),
    ],
)
def test_r_o1_higher_card(context: str, higher: str, lower: str) -> None:
    c = ctx(*CONTEXTS[context])
    hi, lo = parse_card(higher), parse_card(lower)
    assert c.eff[hi] == c.eff[lo]
    assert c.level[hi] > c.level[lo]
    assert c.sort_high_to_low([lo, hi]) == [hi, lo]


@pytest.mark.parametrize(
    ("context", "equal"),
    [
        pytest.param("rank2-hearts-standard", "2S 2D 2C", id="R-O1-off-suit-rank-cards"),
        pytest.param("rankA-spades-standard", "AH AD AC", id="R-O1-off-suit-aces"),
        pytest.param("rank2-notrump-classic", "2S 2H 2D 2C", id="R-T7-classic-rank-cards"),
    ],
)
def test_r_o1_equal_cards(context: str, equal: str) -> None:
    c = ctx(*CONTEXTS[context])
    assert len({c.level[kind] for kind in cards(equal)}) == 1
    assert all(c.is_trump(kind) for kind in cards(equal))


@pytest.mark.parametrize(
    ("context", "hand", "sorted_hand"),
    [
        pytest.param(
            "rank2-hearts-standard",
            "3H 2C AH 2S RJ 2D BJ 2H",
            "RJ BJ 2H 2S 2D 2C AH 3H",
            id="R-O1-example-trumps",
        ),
        pytest.param(
            "rank2-hearts-standard",
            "AS 3H KS 2D",
            "2D 3H AS KS",
            id="R-O1-trumps-before-plain-cards",
        ),
        pytest.param(
            "rank2-notrump-standard",
            "2S BJ AS 3S",
            "BJ AS 3S 2S",
            id="R-T7-standard-rank-card-at-bottom",
        ),
        pytest.param(
            "rank2-notrump-classic",
            "2S BJ AS 3S 2H",
            "BJ 2S 2H AS 3S",
            id="R-T7-classic-rank-cards-trumps",
        ),
    ],
)
def test_sort_high_to_low_hands(context: str, hand: str, sorted_hand: str) -> None:
    c = ctx(*CONTEXTS[context])
    assert c.sort_high_to_low(cards(hand)) == cards(sorted_hand)


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_r_o3_trumps_sort_above_every_plain_card(context: str) -> None:
    c = ctx(*CONTEXTS[context])
    ordered = c.sort_high_to_low(list(range(KINDS)))
    flags = [c.is_trump(kind) for kind in ordered]
    trumps = flags.count(True)
    assert flags == [True] * trumps + [False] * (KINDS - trumps)


@pytest.mark.parametrize(
    ("context", "trump_count"),
    [
        pytest.param("rank2-hearts-standard", 18, id="R-O1-suit-12-plus-4-ranks-plus-2-jokers"),
        pytest.param("rankA-spades-standard", 18, id="R-O1-rankA"),
        pytest.param("rank2-notrump-standard", 2, id="R-T7-standard-jokers-only"),
        pytest.param("rank9-notrump-standard", 2, id="R-T7-standard-jokers-only-rank9"),
        pytest.param("rank2-notrump-classic", 6, id="R-T7-classic-jokers-and-rank-cards"),
        pytest.param("rank9-notrump-rank-trumps-option", 6, id="R-T7-option-alone"),
    ],
)
def test_number_of_trump_kinds(context: str, trump_count: int) -> None:
    c = ctx(*CONTEXTS[context])
    assert sum(c.is_trump(kind) for kind in range(KINDS)) == trump_count


@pytest.mark.parametrize(
    ("rank", "suit", "rules"),
    [
        pytest.param("2", "H", STANDARD, id="R-T1-rank2-hearts"),
        pytest.param("K", "D", CLASSIC, id="R-T1-rankK-diamonds-classic"),
        pytest.param("7", None, STANDARD, id="R-T1-rank7-no-trump-suit"),
    ],
)
def test_r_t1_context_records_rank_suit_and_rules(
    rank: str, suit: str | None, rules: RuleSet
) -> None:
    c = ctx(rank, suit, rules)
    assert c.rank == RANKS.index(rank)
    assert c.suit == (None if suit is None else SUITS.index(suit))
    assert c.rules == rules


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        pytest.param(13, 0, id="R-T1-rank-too-high"),
        pytest.param(-1, 0, id="R-T1-rank-negative"),
        pytest.param(0, 4, id="R-T1-suit-4-is-not-a-suit"),
        pytest.param(0, -1, id="R-T1-suit-negative"),
    ],
)
def test_r_t1_bad_context_is_refused(rank: int, suit: int) -> None:
    with pytest.raises(ValueError):
        trump_context(rank, suit)
