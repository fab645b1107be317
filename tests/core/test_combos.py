"""Combinations: singles, pairs, tractors, throws and their layout.

Rules covered (docs/rules.md): R-C1 single, R-C2 pair (trump-rank cards of different suits
and ``BJ RJ`` are not pairs), R-C3 tractor (removed ranks close the gap, the off-suit
rank cards are one level, no-trump rounds under both presets), R-C4 throw and its
layout read greedily (longest tractors first, then pairs, then singles), with R-O3
effective suits deciding when cards are mixed.
"""

from __future__ import annotations

import pytest

from tuolaji.core.cards import parse_cards
from tuolaji.core.combos import MIXED, PAIR, SINGLE, THROW, TRACTOR, classify
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.core.trump import TRUMP, TrumpContext, trump_context

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_OF_LABEL = {"S": 0, "H": 1, "D": 2, "C": 3, "trump": TRUMP, "mixed": -1}


def cards(text: str) -> list[int]:
    """The cards of a notation string such as ``"AS AS KS"``."""
    return parse_cards(text)


def ctx(rank: str, suit: str | None, rules: RuleSet = STANDARD) -> TrumpContext:
    """The trump context of a rank letter and a suit letter (``None``: no trump suit)."""
    return trump_context(RANKS.index(rank), None if suit is None else SUITS.index(suit), rules)


CONTEXTS = {
    "2H": ctx("2", "H"),  # rank 2, hearts trump (the docs/rules.md example)
    "5H": ctx("5", "H"),  # rank 5, hearts trump
    "5C": ctx("5", "C"),  # rank 5, clubs trump
    "AS": ctx("A", "S"),  # rank A, spades trump
    "NT2": ctx("2", None, STANDARD),  # rank 2, no trump suit, standard
    "NT2-classic": ctx("2", None, CLASSIC),  # rank 2, no trump suit, classic
    "NT2-option": ctx("2", None, STANDARD.with_options(rank_trumps_in_no_trump=True)),
}

# (rule, context, cards, kind, effective suit, layout)
CASES = [
    # R-C1 singles
    ("R-C1", "2H", "AS", SINGLE, "S", "single"),
    ("R-C1", "2H", "3H", SINGLE, "trump", "single"),
    ("R-C1", "2H", "2S", SINGLE, "trump", "single"),
    ("R-C1", "2H", "BJ", SINGLE, "trump", "single"),
    ("R-C1", "NT2", "2S", SINGLE, "S", "single"),
    ("R-C1", "NT2", "RJ", SINGLE, "trump", "single"),
    ("R-C1", "NT2-classic", "2S", SINGLE, "trump", "single"),
    # R-C2 pairs
    ("R-C2", "2H", "AS AS", PAIR, "S", "pair"),
    ("R-C2", "2H", "3C 3C", PAIR, "C", "pair"),
    ("R-C2", "2H", "KH KH", PAIR, "trump", "pair"),
    ("R-C2", "2H", "2S 2S", PAIR, "trump", "pair"),
    ("R-C2", "2H", "2H 2H", PAIR, "trump", "pair"),
    ("R-C2", "2H", "BJ BJ", PAIR, "trump", "pair"),
    ("R-C2", "2H", "RJ RJ", PAIR, "trump", "pair"),
    ("R-C2", "NT2", "2D 2D", PAIR, "D", "pair"),
    ("R-C2", "NT2-classic", "2D 2D", PAIR, "trump", "pair"),
    # R-C2 not pairs
    ("R-C2", "2H", "2S 2D", THROW, "trump", "single single"),
    ("R-C2", "2H", "2S 2H", THROW, "trump", "single single"),
    ("R-C2", "2H", "BJ RJ", THROW, "trump", "single single"),
    ("R-C2", "NT2", "BJ RJ", THROW, "trump", "single single"),
    ("R-C2", "NT2-classic", "2S 2C", THROW, "trump", "single single"),
    ("R-C2", "2H", "AS KS", THROW, "S", "single single"),
    ("R-C2", "2H", "AS AD", MIXED, "mixed", ""),
    # R-C3 tractors in a plain suit
    ("R-C3", "2H", "AS AS KS KS", TRACTOR, "S", "tractor2"),
    ("R-C3", "2H", "3S 3S 4S 4S 5S 5S", TRACTOR, "S", "tractor3"),
    ("R-C3", "2H", "AS AS QS QS", THROW, "S", "pair pair"),
    ("R-C3", "2H", "3C 3C AC AC", THROW, "C", "pair pair"),  # no wrapping round
    ("R-C3", "2H", "AS AS KS KS QS QS JS JS TS TS 9S 9S", TRACTOR, "S", "tractor6"),
    # R-C3 the removed trump rank closes the gap
    ("R-C3", "5H", "4C 4C 6C 6C", TRACTOR, "C", "tractor2"),
    ("R-C3", "5H", "3C 3C 4C 4C 6C 6C 7C 7C", TRACTOR, "C", "tractor4"),
    ("R-C3", "5H", "4H 4H 6H 6H", TRACTOR, "trump", "tractor2"),
    ("R-C3", "5H", "4C 4C 5C 5C", MIXED, "mixed", ""),
    ("R-C3", "5C", "4C 4C 6C 6C", TRACTOR, "trump", "tractor2"),
    ("R-C3", "AS", "KH KH QH QH", TRACTOR, "H", "tractor2"),
    # R-C3 trump levels: trump ace, off-suit rank cards (one level), suit rank card, BJ, RJ
    ("R-C3", "2H", "AH AH 2S 2S", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "AH AH 2C 2C", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "2S 2S 2H 2H", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "2D 2D 2H 2H", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "2H 2H BJ BJ", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "BJ BJ RJ RJ", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "KH KH AH AH", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "3H 3H 4H 4H", TRACTOR, "trump", "tractor2"),
    ("R-C3", "2H", "KH KH AH AH 2C 2C", TRACTOR, "trump", "tractor3"),
    ("R-C3", "2H", "2H 2H BJ BJ RJ RJ", TRACTOR, "trump", "tractor3"),
    ("R-C3", "2H", "AH AH 2S 2S 2H 2H BJ BJ RJ RJ", TRACTOR, "trump", "tractor5"),
    ("R-C3", "2H", "2S 2S 2D 2D", THROW, "trump", "pair pair"),  # same level
    ("R-C3", "2H", "2S 2S 2C 2C", THROW, "trump", "pair pair"),
    ("R-C3", "2H", "AH AH 2H 2H", THROW, "trump", "pair pair"),  # off-suit level between
    ("R-C3", "2H", "AH AH BJ BJ", THROW, "trump", "pair pair"),
    ("R-C3", "2H", "2S 2S BJ BJ", THROW, "trump", "pair pair"),  # 2H level between
    ("R-C3", "AS", "KS KS AH AH", TRACTOR, "trump", "tractor2"),
    ("R-C3", "AS", "AD AD AS AS", TRACTOR, "trump", "tractor2"),
    # R-C3 no-trump rounds, standard: rank cards are plain cards in their natural place
    ("R-C3", "NT2", "2S 2S BJ BJ", MIXED, "mixed", ""),
    ("R-C3", "NT2", "BJ BJ RJ RJ", TRACTOR, "trump", "tractor2"),
    ("R-C3", "NT2", "2S 2S 3S 3S", TRACTOR, "S", "tractor2"),
    ("R-C3", "NT2", "2S 2S 2D 2D", MIXED, "mixed", ""),
    ("R-C3", "NT2", "AS AS 2S 2S", THROW, "S", "pair pair"),
    # R-C3 no-trump rounds, classic (rank_trumps_in_no_trump): rank cards, then BJ, then RJ
    ("R-C3", "NT2-classic", "2S 2S BJ BJ", TRACTOR, "trump", "tractor2"),
    ("R-C3", "NT2-classic", "2D 2D BJ BJ RJ RJ", TRACTOR, "trump", "tractor3"),
    ("R-C3", "NT2-classic", "BJ BJ RJ RJ", TRACTOR, "trump", "tractor2"),
    ("R-C3", "NT2-classic", "2S 2S 2D 2D", THROW, "trump", "pair pair"),
    ("R-C3", "NT2-classic", "2S 2S 3S 3S", MIXED, "mixed", ""),
    ("R-C3", "NT2-classic", "3S 3S 4S 4S", TRACTOR, "S", "tractor2"),
    ("R-C3", "NT2-option", "2C 2C BJ BJ", TRACTOR, "trump", "tractor2"),
    # R-C4 throws, layout longest tractors first, then pairs, then singles
    ("R-C4", "2H", "AS AS KS KS QS QS 9S 9S 3S", THROW, "S", "tractor3 pair single"),
    ("R-C4", "2H", "AH AH 2S 2S 2D 2D", THROW, "trump", "tractor2 pair"),
    ("R-C4", "2H", "AS AS KS", THROW, "S", "pair single"),
    ("R-C4", "2H", "AS 3S 3S", THROW, "S", "pair single"),  # the pair first though lower
    ("R-C4", "2H", "AS KS QS", THROW, "S", "single single single"),
    ("R-C4", "2H", "AS AS KS KS 9S", THROW, "S", "tractor2 single"),
    ("R-C4", "2H", "AS 4S 4S 3S 3S", THROW, "S", "tractor2 single"),
    ("R-C4", "2H", "AS AS KS KS 9S 9S 8S 8S 7S 7S", THROW, "S", "tractor3 tractor2"),
    ("R-C4", "2H", "AS AS KS KS QS QS JS JS 9S 9S 8S 8S", THROW, "S", "tractor4 tractor2"),
    ("R-C4", "2H", "AS AS KS KS 5S 5S 3S 3S 4S 4S", THROW, "S", "tractor3 tractor2"),
    ("R-C4", "2H", "AS AS KS KS 9S 9S 7S", THROW, "S", "tractor2 pair single"),
    ("R-C4", "2H", "RJ 3H 3H 4H 4H", THROW, "trump", "tractor2 single"),
    ("R-C4", "2H", "AH AH 2S 2S 2H 2H 2D 2D", THROW, "trump", "tractor3 pair"),
    ("R-C4", "2H", "2S 2S 2D 2D 2C 2C 2H 2H", THROW, "trump", "tractor2 pair pair"),
    ("R-C4", "2H", "2S 2S 2D 2D 2C 2C BJ BJ", THROW, "trump", "pair pair pair pair"),
    ("R-C4", "2H", "2S 2S 2D 2D 2C 2C", THROW, "trump", "pair pair pair"),
    ("R-C4", "2H", "BJ RJ RJ", THROW, "trump", "pair single"),
    ("R-C4", "2H", "2S 2D 2C 2H", THROW, "trump", "single single single single"),
    ("R-C4", "5H", "7C 7C 6C 6C 4C 4C AC", THROW, "C", "tractor3 single"),
    ("R-C4", "NT2", "RJ BJ BJ", THROW, "trump", "pair single"),
    ("R-C4", "NT2-classic", "2S 2S 2H 2H BJ BJ RJ", THROW, "trump", "tractor2 pair single"),
    # R-O3 mixed suits: not a combination of one effective suit
    ("R-O3", "2H", "2S AS", MIXED, "mixed", ""),  # a trump with a plain card
    ("R-O3", "2H", "AH AS", MIXED, "mixed", ""),
    ("R-O3", "2H", "BJ 3C", MIXED, "mixed", ""),
    ("R-O3", "2H", "AS AS KH KH", MIXED, "mixed", ""),
    ("R-O3", "2H", "AS AS KS KS 2S", MIXED, "mixed", ""),  # 2S is a trump, not a spade
    ("R-O3", "NT2", "2S BJ", MIXED, "mixed", ""),
    ("R-O3", "NT2-classic", "2S 3S", MIXED, "mixed", ""),
    ("R-O3", "2H", "AS KD QC JH", MIXED, "mixed", ""),
]  # fmt: skip


def _case_id(rule: str, context: str, text: str) -> str:
    return f"{rule}-{context}-{text.replace(' ', '_')}"


CASE_PARAMS = [
    pytest.param(context, text, kind, suit, layout, id=_case_id(rule, context, text))
    for rule, context, text, kind, suit, layout in CASES
]


@pytest.mark.parametrize(("context", "text", "kind", "suit", "layout"), CASE_PARAMS)
def test_classify(context: str, text: str, kind: str, suit: str, layout: str) -> None:
    combo = classify(CONTEXTS[context], cards(text))
    assert combo.kind == kind
    assert combo.suit == SUIT_OF_LABEL[suit]
    assert combo.layout_labels() == layout.split()
    assert combo.size == len(cards(text))
    assert sorted(combo.cards()) == sorted(cards(text))


@pytest.mark.parametrize(("context", "text", "kind", "suit", "layout"), CASE_PARAMS)
def test_layout_counts(context: str, text: str, kind: str, suit: str, layout: str) -> None:
    """R-C4: the layout's parts hold every card once; a tractor counts its pairs."""
    combo = classify(CONTEXTS[context], cards(text))
    if kind == MIXED:
        assert combo.parts == ()
        assert combo.pairs == 0
        return
    assert sum(part.size for part in combo.parts) == combo.size
    assert sorted(k for part in combo.parts for k in part.cards()) == sorted(cards(text))
    expected_pairs = sum(
        0 if label == SINGLE else 1 if label == PAIR else int(label.removeprefix(TRACTOR))
        for label in layout.split()
    )
    assert combo.pairs == expected_pairs
    assert [part.pairs for part in combo.parts] == sorted(
        (part.pairs for part in combo.parts), reverse=True
    ), "layout is listed longest first"


@pytest.mark.parametrize(
    ("context", "text", "parts"),
    [
        pytest.param(
            "2H",
            "3S AS KS AS 9S QS KS 9S QS",
            ["AS AS KS KS QS QS", "9S 9S", "3S"],
            id="R-C4-cards-of-each-part",
        ),
        pytest.param(
            "2H",
            "AH AH 2S 2S 2D 2D",
            None,  # which off-suit pair joins the tractor is not fixed by the rules
            id="R-C4-either-rank-pair-joins",
        ),
        pytest.param(
            "2H",
            "4S 4S 3S 3S AS AS KS KS QS QS",
            ["AS AS KS KS QS QS", "4S 4S 3S 3S"],
            id="R-C4-longest-tractor-first",
        ),
        pytest.param(
            "5H",
            "AC 7C 7C 4C 4C 6C 6C",
            ["7C 7C 6C 6C 4C 4C", "AC"],
            id="R-C3-gap-closed-in-throw",
        ),
        pytest.param(
            "2H",
            "RJ 3H 4H 4H 3H",
            ["3H 3H 4H 4H", "RJ"],
            id="R-C4-tractor-before-higher-single",
        ),
    ],
)
def test_r_c4_parts_hold_these_cards(context: str, text: str, parts: list[str] | None) -> None:
    combo = classify(CONTEXTS[context], cards(text))
    got = [sorted(part.cards()) for part in combo.parts]
    if parts is None:
        assert combo.layout_labels() == ["tractor2", "pair"]
        tractor = combo.parts[0].cards()
        assert cards("AH AH")[0] in tractor
        assert len(set(tractor)) == 2
        return
    assert got == [sorted(cards(part)) for part in parts]


@pytest.mark.parametrize(
    ("context", "text"),
    [
        pytest.param("2H", "2S 2D", id="R-C2-rank-cards-of-two-suits"),
        pytest.param("2H", "2S 2H", id="R-C2-off-rank-and-suit-rank"),
        pytest.param("2H", "BJ RJ", id="R-C2-two-jokers"),
        pytest.param("NT2-classic", "2S 2H", id="R-C2-no-trump-rank-cards"),
        pytest.param("NT2", "BJ RJ", id="R-C2-no-trump-two-jokers"),
    ],
)
def test_r_c2_equal_or_neighbouring_cards_are_not_a_pair(context: str, text: str) -> None:
    combo = classify(CONTEXTS[context], cards(text))
    assert combo.kind != PAIR
    assert combo.pairs == 0


@pytest.mark.parametrize(
    ("context", "text"),
    [
        pytest.param("2H", "2S 2S 2D 2D", id="R-C3-same-level-pairs"),
        pytest.param("2H", "AH AH 2H 2H", id="R-C3-level-between"),
        pytest.param("NT2", "2S 2S BJ BJ", id="R-C3-standard-no-trump-rank-and-joker"),
        pytest.param("NT2-classic", "2S 2S 2D 2D", id="R-C3-classic-no-trump-same-level"),
        pytest.param("2H", "AS AS 3S 3S", id="R-C3-no-wrap"),
        pytest.param("2H", "AS AS KS KS QS", id="R-C3-extra-single"),
    ],
)
def test_r_c3_not_a_tractor(context: str, text: str) -> None:
    assert classify(CONTEXTS[context], cards(text)).kind != TRACTOR


@pytest.mark.parametrize(
    ("rank", "suit"),
    [pytest.param(r, s, id=f"R-C3-rank{r}-{s or 'NT'}") for r in "25TA" for s in ("S", "D", None)],
)
@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_c3_bj_bj_rj_rj_is_always_a_tractor(rank: str, suit: str | None, rules: RuleSet) -> None:
    combo = classify(ctx(rank, suit, rules), cards("BJ BJ RJ RJ"))
    assert combo.kind == TRACTOR
    assert combo.suit == TRUMP
    assert combo.layout_labels() == ["tractor2"]


def test_r_c1_empty_play_is_not_a_combination() -> None:
    with pytest.raises(ValueError):
        classify(CONTEXTS["2H"], [])
