"""Who wins a trick, and what it is worth.

Rules covered (docs/rules.md): R-W1 single lead (highest trump, else highest of the led
suit; off-suit cards never win; equal cards: the first played wins), R-W2 pair lead
(only a real pair wins; ties to the earlier player), R-W3 tractor lead (only a tractor
of the same length wins), R-W4 throw lead (the leader wins unless a void player ruffs
with the whole layout in trumps; between ruffers the highest part of the layout's
biggest kind decides), R-W5 trick points (R-O4). Every table runs in suited rounds
under both presets, and in no-trump rounds (R-T7) under both presets, where they
differ through ``rank_trumps_in_no_trump``.

Tricks are written as the plays separated by ``|``, the lead first; trumps as
``"2H"`` (rank 2, hearts trump) or ``"2NT"`` (rank 2, no trump suit).
"""

from __future__ import annotations

import pytest
from cardkit import ctx_of

from tuolaji.core.cards import full_pack, parse_cards, to_layers
from tuolaji.core.combos import classify
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.core.tricks import trick_points, trick_winner, winner_of

BOTH = pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])


def cards(text: str) -> list[int]:
    """The cards of a notation string such as ``"AS AS KS"``."""
    return parse_cards(text)


def winner(trump: str, trick: str, rules: RuleSet = STANDARD) -> int:
    """The index of the winning play of ``"lead|follow|follow|follow"``."""
    plays = [cards(play) for play in trick.split("|")]
    return trick_winner(ctx_of(trump, rules), plays)


# --- R-W1: single lead -----------------------------------------------------------------

SINGLE_SUITED = [
    pytest.param("2H", "KS|AS|3S|QS", 1, id="R-W1-highest-of-led-suit"),
    pytest.param("2H", "3S|AD|AC|KD", 0, id="R-W1-off-suit-aces-never-win"),
    pytest.param("2H", "3S|4S|AD|5S", 3, id="R-W1-off-suit-between-led-suit"),
    pytest.param("2H", "AS|3H|KS|QS", 1, id="R-W1-lowest-trump-beats-led-ace"),
    pytest.param("2H", "AS|3H|4H|AH", 3, id="R-W1-highest-trump-suit-card"),
    pytest.param("2H", "AS|AH|2S|KS", 2, id="R-W1-off-suit-rank-card-beats-trump-ace"),
    pytest.param("2H", "AS|2S|2H|KS", 2, id="R-W1-trump-suit-rank-card-beats-off-suit"),
    pytest.param("2H", "AS|2H|BJ|RJ", 3, id="R-W1-RJ-beats-BJ-beats-rank-card"),
    pytest.param("2H", "AS|2S|2D|KS", 1, id="R-W1-equal-rank-trumps-first-wins"),
    pytest.param("2H", "AS|2D|2S|2C", 1, id="R-W1-three-equal-rank-trumps-first-wins"),
    pytest.param("2H", "KS|AS|AS|QS", 1, id="R-W1-identical-aces-first-wins"),
    pytest.param("2H", "AS|AS|KS|3S", 0, id="R-W1-leader-ties-and-wins"),
    pytest.param("2H", "BJ|BJ|RJ|3H", 2, id="R-W1-identical-jokers-then-RJ"),
    pytest.param("2H", "BJ|BJ|3H|4H", 0, id="R-W1-identical-jokers-leader-wins"),
    pytest.param("2H", "2S|2C|AH|3H", 0, id="R-W1-trump-lead-equal-rank-card-leader"),
    pytest.param("2H", "3H|4H|AS|2C", 3, id="R-W1-trump-lead-rank-card-wins"),
    pytest.param("2H", "3H|AS|AD|AC", 0, id="R-W1-trump-lead-plain-aces-never-win"),
    pytest.param("2H", "AS|KS", 0, id="R-W1-two-plays"),
    pytest.param("2H", "QS|3D|KS", 2, id="R-W1-three-plays"),
    pytest.param("AH", "KS|AS|QS|JS", 1, id="R-W1-rank-A-makes-AS-a-trump"),
    pytest.param("AH", "QS|KS|3D|JS", 1, id="R-W1-rank-A-KS-tops-spades"),
    pytest.param("5C", "4S|6S|5S|3S", 2, id="R-W1-rank-5-5S-is-a-trump"),
]


@BOTH
@pytest.mark.parametrize(("trump", "trick", "expected"), SINGLE_SUITED)
def test_r_w1_single_lead_suited(rules: RuleSet, trump: str, trick: str, expected: int) -> None:
    assert winner(trump, trick, rules) == expected


# No-trump rounds (R-T7): only the jokers are trumps in ``standard``; ``classic`` keeps
# the rank cards as trumps, equal to each other, below BJ.
SINGLE_NO_TRUMP = [
    pytest.param("2NT", "2S|AS|BJ|KS", 2, 2, id="R-W1-NT-joker-wins"),
    pytest.param("2NT", "AS|BJ|RJ|BJ", 2, 2, id="R-W1-NT-RJ-over-BJ"),
    pytest.param("2NT", "AS|2D|KS|QS", 0, 1, id="R-W1-NT-2D-trump-only-in-classic"),
    pytest.param("2NT", "3S|2S|4S|AD", 2, 1, id="R-W1-NT-2S-lowest-spade-or-trump"),
    pytest.param("2NT", "2S|3S|2D|2C", 1, 0, id="R-W1-NT-2S-lead-plain-or-trump"),
    pytest.param("2NT", "AS|2D|2S|KS", 0, 1, id="R-W1-NT-equal-rank-trumps-first"),
    pytest.param("2NT", "AS|2D|2S|BJ", 3, 3, id="R-W1-NT-BJ-above-rank-cards"),
    pytest.param("5NT", "4S|5S|6S|3S", 2, 1, id="R-W1-NT-rank-5-5S-plain-or-trump"),
]


@pytest.mark.parametrize(("trump", "trick", "standard", "classic"), SINGLE_NO_TRUMP)
def test_r_w1_single_lead_no_trump(trump: str, trick: str, standard: int, classic: int) -> None:
    assert winner(trump, trick, STANDARD) == standard
    assert winner(trump, trick, CLASSIC) == classic


# --- R-W2: pair lead -------------------------------------------------------------------

PAIR_SUITED = [
    pytest.param("2H", "KS KS|AS AS|3S 3S|QS QS", 1, id="R-W2-highest-led-pair"),
    pytest.param("2H", "KS KS|AS QS|JS TS|9S 8S", 0, id="R-W2-non-pairs-never-win"),
    pytest.param("2H", "3S 3S|AD AD|KD KD|4S 4S", 3, id="R-W2-off-suit-pairs-never-win"),
    pytest.param("2H", "KS KS|AS AS|3H 3H|QS QS", 2, id="R-W2-trump-pair-beats-led-pair"),
    pytest.param("2H", "AS AS|3H 3H|KS KS|4H 4H", 3, id="R-W2-higher-trump-pair"),
    pytest.param("2H", "AS AS|3H 4H|KS QS|JS TS", 0, id="R-W2-two-trumps-not-a-pair"),
    pytest.param("2H", "AS AS|2S 2D|3S 4S|5S 6S", 0, id="R-W2-2S-2D-not-a-pair"),
    pytest.param("2H", "AS AS|BJ RJ|3S 4S|5S 6S", 0, id="R-W2-BJ-RJ-not-a-pair"),
    pytest.param("2H", "AS AS|2S 2D|3H 3H|5S 6S", 2, id="R-W2-2S-2D-loses-to-low-pair"),
    pytest.param("2H", "AS AS|2D 2D|2S 2S|2C 2C", 1, id="R-W2-equal-rank-pairs-first-wins"),
    pytest.param("2H", "AS AS|2D 2D|2S 2S|2H 2H", 3, id="R-W2-trump-suit-rank-pair-highest"),
    pytest.param("2H", "2S 2S|2D 2D|AH AH|3H 3H", 0, id="R-W2-trump-lead-equal-pair-leader"),
    pytest.param("2H", "2S 2S|2H 2H|BJ BJ|AH AH", 2, id="R-W2-trump-lead-joker-pair"),
    pytest.param("2H", "BJ BJ|RJ RJ|3H 3H|4H 4H", 1, id="R-W2-RJ-pair-over-BJ-pair"),
    pytest.param("2H", "3H 3H|AS AS|AD AD|4H 5H", 0, id="R-W2-trump-lead-plain-pairs-lose"),
    pytest.param("2H", "5S 5S|KS KS", 1, id="R-W2-two-plays"),
]


@BOTH
@pytest.mark.parametrize(("trump", "trick", "expected"), PAIR_SUITED)
def test_r_w2_pair_lead_suited(rules: RuleSet, trump: str, trick: str, expected: int) -> None:
    assert winner(trump, trick, rules) == expected


PAIR_NO_TRUMP = [
    pytest.param("2NT", "3S 3S|2S 2S|BJ BJ|4S 4S", 2, 2, id="R-W2-NT-joker-pair"),
    pytest.param("2NT", "3S 3S|2S 2S|4S 4S|AD AD", 2, 1, id="R-W2-NT-2S-pair-plain-or-trump"),
    pytest.param("2NT", "AS AS|2D 2D|KS KS|3S 3S", 0, 1, id="R-W2-NT-2D-pair-trump-in-classic"),
    pytest.param("2NT", "AS AS|2D 2D|2C 2C|KS KS", 0, 1, id="R-W2-NT-equal-rank-pairs-first"),
    pytest.param("2NT", "AS AS|2D 2D|BJ BJ|RJ RJ", 3, 3, id="R-W2-NT-RJ-pair-highest"),
    pytest.param("2NT", "AS AS|2D 2C|BJ RJ|3S 4S", 0, 0, id="R-W2-NT-mixed-trumps-not-pairs"),
]


@pytest.mark.parametrize(("trump", "trick", "standard", "classic"), PAIR_NO_TRUMP)
def test_r_w2_pair_lead_no_trump(trump: str, trick: str, standard: int, classic: int) -> None:
    assert winner(trump, trick, STANDARD) == standard
    assert winner(trump, trick, CLASSIC) == classic


# --- R-W3: tractor lead ----------------------------------------------------------------

TRACTOR_SUITED = [
    pytest.param("2H", "4S 4S 3S 3S|AS AS KS KS|6S 6S 5S 5S|9S 9S 7S 7S", 1, id="R-W3-highest"),
    pytest.param("2H", "4S 4S 3S 3S|AS AS QS QS|KS KS JS JS|9S 9S 7S 7S", 0, id="R-W3-gapped"),
    pytest.param("2H", "4S 4S 3S 3S|AD AD KD KD|6S 6S 5S 5S", 2, id="R-W3-off-suit-tractor-loses"),
    pytest.param("2H", "AS AS KS KS|3H 3H 4H 4H|QS QS JS JS", 1, id="R-W3-trump-tractor-wins"),
    pytest.param(
        "2H", "AS AS KS KS|3H 3H 5H 5H|QS QS JS JS", 0, id="R-W3-trump-pairs-not-adjacent"
    ),
    pytest.param(
        "2H", "AS AS KS KS|3H 3H 4H 4H|AH AH 2S 2S|2H 2H BJ BJ", 3, id="R-W3-higher-trump-tractor"
    ),
    pytest.param("2H", "AS AS KS KS|AH AH 2S 2S|3H 3H 4H 4H", 1, id="R-W3-AH-2S-tractor"),
    pytest.param("2H", "AS AS KS KS|2S 2S 2D 2D|QS QS JS JS", 0, id="R-W3-2S-2D-same-level"),
    pytest.param("2H", "AS AS KS KS|2D 2D 2H 2H|AH AH 2S 2S", 1, id="R-W3-2D-2H-tractor"),
    pytest.param("2H", "3H 3H 4H 4H|2D 2D 2H 2H|BJ BJ RJ RJ", 2, id="R-W3-joker-tractor-top"),
    pytest.param("2H", "3H 3H 4H 4H|AS AS KS KS|6H 6H 5H 5H", 2, id="R-W3-trump-lead"),
    pytest.param("5H", "3C 3C 2C 2C|6C 6C 4C 4C|QC QC JC JC", 2, id="R-W3-gap-closed-then-higher"),
    pytest.param("5H", "3C 3C 2C 2C|6C 6C 4C 4C|8C 8C 9C 7C", 1, id="R-W3-gap-closed-tractor"),
    pytest.param(
        "2H",
        "5S 5S 4S 4S 3S 3S|AS AS KS KS 9S 9S|3H 3H 4H 4H 6H 6H|QS QS JS JS TS TS",
        3,
        id="R-W3-tractor3-only-same-length",
    ),
    pytest.param(
        "2H",
        "5S 5S 4S 4S 3S 3S|AS AS KS KS 9S 9S|3H 3H 4H 4H 5H 5H|QS QS JS JS TS TS",
        2,
        id="R-W3-tractor3-trump-tractor3",
    ),
    pytest.param("2H", "4S 4S 3S 3S|6S 6S 5S 5S", 1, id="R-W3-two-plays"),
]


@BOTH
@pytest.mark.parametrize(("trump", "trick", "expected"), TRACTOR_SUITED)
def test_r_w3_tractor_lead_suited(rules: RuleSet, trump: str, trick: str, expected: int) -> None:
    assert winner(trump, trick, rules) == expected


TRACTOR_NO_TRUMP = [
    pytest.param("2NT", "AS AS KS KS|BJ BJ RJ RJ|QS QS JS JS", 1, 1, id="R-W3-NT-joker-tractor"),
    pytest.param("2NT", "5S 5S 4S 4S|3S 3S 2S 2S", 0, 0, id="R-W3-NT-lower-or-mixed"),
    pytest.param(
        "2NT", "AS AS KS KS|2S 2S BJ BJ|QS QS JS JS", 0, 1, id="R-W3-NT-2S-BJ-tractor-in-classic"
    ),
    pytest.param(
        "2NT",
        "AS AS KS KS|2S 2S BJ BJ|2D 2D 2C 2C|QS QS JS JS",
        0,
        1,
        id="R-W3-NT-rank-pairs-one-level",
    ),
    pytest.param(
        "5NT", "3S 3S 2S 2S|6S 6S 4S 4S|8S 8S TS TS", 0, 1, id="R-W3-NT-gap-closes-only-in-classic"
    ),
]


@pytest.mark.parametrize(("trump", "trick", "standard", "classic"), TRACTOR_NO_TRUMP)
def test_r_w3_tractor_lead_no_trump(trump: str, trick: str, standard: int, classic: int) -> None:
    assert winner(trump, trick, STANDARD) == standard
    assert winner(trump, trick, CLASSIC) == classic


# --- R-W4: throw lead ------------------------------------------------------------------

THROW_SUITED = [
    # the leader wins unless someone ruffs with the whole layout
    pytest.param("2H", "AS AS KS|QS JS 3S|9S 8S 7S|6S 5S 4S", 0, id="R-W4-nobody-ruffs"),
    pytest.param("2H", "KS QS|AS AS|JS 9S|8S 7S", 0, id="R-W4-higher-led-suit-never-wins"),
    pytest.param("2H", "KS KS QS|AS AS JS|9S 8S 7S", 0, id="R-W4-higher-led-pair-never-wins"),
    pytest.param("2H", "AS KS|QS JS|3D 4C|5D 6C", 0, id="R-W4-off-suit-discards"),
    # singles only: any trump for each single
    pytest.param("2H", "AS KS|QS JS|3H 4H|5S 6S", 2, id="R-W4-singles-ruffed"),
    pytest.param("2H", "AS KS|3H 5D|QS JS|9S 8S", 0, id="R-W4-half-trump-no-ruff"),
    pytest.param("2H", "AS KS QS|3H 4H AH|5H 6H 2S|JS TS 9S", 2, id="R-W4-singles-highest-single"),
    pytest.param("2H", "AS KS QS|3H 4H 2S|5H 6H 2D|JS TS 9S", 1, id="R-W4-singles-tie-earlier"),
    pytest.param("2H", "AS KS QS|3H 4H 5H|5H 6H BJ|RJ 3H 4H", 3, id="R-W4-singles-RJ"),
    # a pair part needs a trump pair
    pytest.param("2H", "AS AS KS|3H 4H 5H|QS JS TS|9S 8S 7S", 0, id="R-W4-pair-part-no-pair"),
    pytest.param("2H", "AS AS KS|2S 2D 3H|QS JS TS|9S 8S 7S", 0, id="R-W4-2S-2D-not-a-pair"),
    pytest.param("2H", "AS AS KS|BJ RJ 3H|QS JS TS|9S 8S 7S", 0, id="R-W4-BJ-RJ-not-a-pair"),
    pytest.param("2H", "AS AS KS|3H 3H 4H|QS JS TS|9S 8S 7S", 1, id="R-W4-pair-single-ruffed"),
    pytest.param("2H", "AS AS KS|3H 3H AH|4H 4H 5H|9S 8S 7S", 2, id="R-W4-highest-pair-decides"),
    pytest.param("2H", "AS AS KS|3H 3H RJ|4H 4H 5H|9S 8S 7S", 2, id="R-W4-high-single-ignored"),
    pytest.param("2H", "AS AS KS|2S 2S 3H|2D 2D AH|9S 8S 7S", 1, id="R-W4-equal-pairs-earlier"),
    pytest.param("2H", "AS AS KS|3H 4H 5H|6H 6H 7H|BJ BJ 8H", 3, id="R-W4-only-full-ruffs-count"),
    pytest.param("2H", "AS AS QS QS|3H 3H 4H 4H|JS TS 9S 8S", 1, id="R-W4-tractor-as-two-pairs"),
    pytest.param("2H", "AS AS QS QS|3H 3H 4H 5H|JS TS 9S 8S", 0, id="R-W4-two-pairs-need-two"),
    pytest.param("2H", "AS AS QS QS KS|3H 3H 5H 5H 7H|JS TS 9S 8S 7S", 1, id="R-W4-pairs-single"),
    # a tractor part needs a trump tractor of the same length
    pytest.param("2H", "AS AS KS KS QS|3H 3H 4H 4H 5H|JS TS 9S 8S 7S", 1, id="R-W4-tractor-ruff"),
    pytest.param("2H", "AS AS KS KS QS|3H 3H 5H 5H 6H|JS TS 9S 8S 7S", 0, id="R-W4-gapped-ruff"),
    pytest.param(
        "2H", "AS AS KS KS QS|2S 2S 2D 2D 3H|JS TS 9S 8S 7S", 0, id="R-W4-same-level-pairs"
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S|3H 3H 4H 4H BJ BJ|5H 5H 6H 6H 8H 8H",
        2,
        id="R-W4-highest-tractor-not-highest-pair",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S|AH AH 2S 2S 3H 3H|5H 5H 6H 6H 8H 8H",
        1,
        id="R-W4-AH-2S-tractor-ruff",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S|3H 3H 4H 4H 5H|2D 2D 2H 2H 6H|JS TS 8S 7S 6S",
        2,
        id="R-W4-higher-tractor-ruff",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S|2S 2S 2D 2D 2H 2H|JS TS 8S 7S 6S 5S",
        1,
        id="R-W4-rank-pairs-tractor-plus-pair",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S|AH AH 2C 2C 3H 3H|2S 2S 2D 2D 2H 2H",
        2,
        id="R-W4-2S-2H-tractor-beats-AH-2C",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S 8S 8S|3H 3H 4H 4H 5H 5H 7H 7H|JS TS 7S 6S 5S 4S 3S QS",
        0,
        id="R-W4-two-tractors-do-not-fit",
    ),
    pytest.param(
        "2H",
        "AS AS KS KS 9S 9S 8S 8S|3H 3H 4H 4H 6H 6H 7H 7H|JS TS 7S 6S 5S 4S 3S QS",
        1,
        id="R-W4-two-tractors-ruff",
    ),
    # a throw led in trumps always wins
    pytest.param("2H", "AH AH KH|BJ BJ RJ|3S 4S 5S|6S 7S 8S", 0, id="R-W4-trump-throw-leader"),
    pytest.param("2H", "AH KH|2S 2H|BJ RJ|3H 4H", 0, id="R-W4-trump-singles-leader"),
    pytest.param(
        "2H", "4H 4H 3H 3H 6H|BJ BJ RJ RJ 2H|7S 8S 9S TS JS", 0, id="R-W4-trump-tractor-throw"
    ),
]


@BOTH
@pytest.mark.parametrize(("trump", "trick", "expected"), THROW_SUITED)
def test_r_w4_throw_lead_suited(rules: RuleSet, trump: str, trick: str, expected: int) -> None:
    assert winner(trump, trick, rules) == expected


THROW_NO_TRUMP = [
    pytest.param("2NT", "AS AS KS|BJ BJ RJ|QS JS TS", 1, 1, id="R-W4-NT-joker-ruff"),
    pytest.param("2NT", "AS AS KS|2D 2D BJ|QS JS TS", 0, 1, id="R-W4-NT-rank-pair-ruff-classic"),
    pytest.param("2NT", "AS AS KS|2D 2D RJ|BJ BJ 2C|QS JS TS", 0, 2, id="R-W4-NT-BJ-pair-higher"),
    pytest.param("2NT", "AS AS KS|2D 2C BJ|QS JS TS", 0, 0, id="R-W4-NT-2D-2C-not-a-pair"),
    pytest.param("2NT", "AS KS|2D 2C|QS JS", 0, 1, id="R-W4-NT-rank-singles-ruff-classic"),
    pytest.param("2NT", "AS KS|2D 3D|2S 2C|QS JS", 0, 2, id="R-W4-NT-2S-2C-ruff-classic"),
    pytest.param("2NT", "BJ RJ|2S 2D|AS KS", 0, 0, id="R-W4-NT-trump-throw-leader"),
    pytest.param(
        "2NT",
        "AS AS KS KS QS|2D 2D BJ BJ RJ|JS TS 9S 8S 7S",
        0,
        1,
        id="R-W4-NT-2D-BJ-tractor-ruff-classic",
    ),
]


@pytest.mark.parametrize(("trump", "trick", "standard", "classic"), THROW_NO_TRUMP)
def test_r_w4_throw_lead_no_trump(trump: str, trick: str, standard: int, classic: int) -> None:
    assert winner(trump, trick, STANDARD) == standard
    assert winner(trump, trick, CLASSIC) == classic


# --- winner_of agrees with trick_winner; bad tricks are refused --------------------------


@pytest.mark.parametrize(
    ("trump", "trick"),
    [
        pytest.param("2H", "KS|AS|3H|QS", id="R-W1"),
        pytest.param("2H", "AS AS|2D 2D|2S 2S|2C 2C", id="R-W2"),
        pytest.param("2H", "AS AS KS KS|3H 3H 4H 4H|AH AH 2S 2S", id="R-W3"),
        pytest.param("2H", "AS AS KS|3H 3H AH|4H 4H 5H", id="R-W4"),
    ],
)
def test_r_w1_to_r_w4_winner_of_matches_trick_winner(trump: str, trick: str) -> None:
    ctx = ctx_of(trump)
    plays = [cards(play) for play in trick.split("|")]
    lead = classify(ctx, plays[0])
    follows = [to_layers(play) for play in plays[1:]]
    assert winner_of(ctx, lead, follows) == trick_winner(ctx, plays)


@pytest.mark.parametrize(
    "trick",
    [
        pytest.param("AS", id="R-P1-one-play"),
        pytest.param("AS|KS|QS|JS|TS", id="R-P1-five-plays"),
        pytest.param("AS|KS QS", id="R-P2-wrong-size"),
        pytest.param("AS AS|KS", id="R-P2-short-follow"),
        pytest.param("AS 3H|KS QS", id="R-C4-mixed-lead"),
    ],
)
def test_r_p2_bad_tricks_refused(trick: str) -> None:
    with pytest.raises(ValueError):
        winner("2H", trick)


# --- R-W5: trick points ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "points"),
    [
        pytest.param("5S|TS|KS|AS", 25, id="R-W5-one-of-each-counter"),
        pytest.param("AS|QS|JS|9S", 0, id="R-W5-no-counters"),
        pytest.param("BJ|RJ|2H|AH", 0, id="R-W5-trumps-worth-nothing"),
        pytest.param("5H|TH|KH|5D", 30, id="R-W5-trump-counters-count"),
        pytest.param("KS KS|5H 5H", 30, id="R-W5-pairs"),
        pytest.param("KS KS QS QS|TS TS 5S 5S|KH KH TH TH|5D 5D 3C 4C", 100, id="R-W5-tractors"),
        pytest.param("AS AS KS|3H 3H 5H|TD TC 5C", 40, id="R-W5-throw-and-discards"),
        pytest.param("5C|TD", 15, id="R-W5-two-plays"),
    ],
)
def test_r_w5_trick_points(trick: str, points: int) -> None:
    assert trick_points([cards(play) for play in trick.split("|")]) == points


def test_r_w5_points_of_the_whole_pack() -> None:
    # R-O4: the pack holds 200 points, whoever takes them
    assert trick_points([full_pack()]) == 200


@BOTH
@pytest.mark.parametrize("trump", ["2H", "2NT", "KS", "5NT"])
def test_r_w5_points_do_not_depend_on_trumps_or_winner(rules: RuleSet, trump: str) -> None:
    plays = [cards(play) for play in ["KS KS", "5H 5H", "TD TD", "KC 5C"]]
    assert trick_points(plays) == 65
    assert 0 <= trick_winner(ctx_of(trump, rules), plays) <= 3
