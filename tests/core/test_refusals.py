"""Refusals of the rules core say the actual mistake, and bad values are refused cleanly.

Rules covered (docs/rules.md): R-P2–R-P6, R-H2 (``follow_refusal`` gives the reason,
the cards concerned and the numbers of every mistake a follow can make, and agrees with
the cheap ``follow_fault`` and with ``follow_error``), R-T2/R-T3 (the reason of a
refused declaration), R-N3/R-D1 (values that are not cards: ``check_…`` raises
``IllegalAction``, ``can_…`` answers False, nothing raises ``ValueError`` or
``TypeError`` from inside). The two suit-order tie-breaks of R-C4 and R-H2 are pinned
down here too.
"""

from __future__ import annotations

from typing import Any

import pytest
from cardkit import c, ctx_of
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import (
    CLASSIC,
    STANDARD,
    IllegalAction,
    RuleSet,
    can_declare,
    can_follow,
    check_follow,
    check_throw,
    classify,
    declare_outcome,
    follow_error,
    follow_fault,
    follow_refusal,
    to_layers,
)
from tuolaji.core.cards import card_list_error, format_cards
from tuolaji.core.declare import Declaration
from tuolaji.core.errors import (
    BAD_CARD,
    JOKER_PAIR_STANDS,
    MUST_BEAT,
    MUST_FOLLOW_SUIT,
    MUST_PLAY_PAIRS,
    MUST_PLAY_TRACTOR,
    NOT_A_DECLARATION,
    NOT_HELD,
    TOO_WEAK,
    WRONG_COUNT,
)

# (id, trump, rules, lead, hand, play, must_beat, rule, reason, cards named, details)
REFUSALS = [
    ("R-P2-count", "2H", STANDARD, "KS KS", "3S 4S", "3S", False, "R-P2", WRONG_COUNT, "",
     {"need": 2, "given": 1}),
    ("R-P2-not-held", "2H", STANDARD, "KS", "3S 4S", "5S", False, "R-P2", NOT_HELD, "5S", {}),
    ("R-P2-twice-not-held", "2H", STANDARD, "KS KS", "3S 4S", "5S 5S", False, "R-P2",
     NOT_HELD, "5S 5S", {}),
    ("R-P2-one-copy-too-many", "2H", STANDARD, "KS KS", "5S 4S", "5S 5S", False, "R-P2",
     NOT_HELD, "5S", {}),
    ("R-P3-names-the-one-card", "2H", STANDARD, "KS", "3S 4D", "4D", False, "R-P3",
     MUST_FOLLOW_SUIT, "3S", {"suit": 0, "need": 1, "given": 0}),
    ("R-P3-more-than-led", "2H", STANDARD, "KS", "3S 5S 4D", "4D", False, "R-P3",
     MUST_FOLLOW_SUIT, "", {"suit": 0, "need": 1, "given": 0}),
    ("R-P4-names-the-pair", "2H", STANDARD, "KS KS", "3S 3S 4S 6D", "3S 4S", False, "R-P4",
     MUST_PLAY_PAIRS, "3S 3S", {"suit": 0, "need": 1, "given": 0}),
    ("R-P4-two-pairs-held", "2H", STANDARD, "KS KS", "3S 3S 4S 4S", "3S 4S", False, "R-P4",
     MUST_PLAY_PAIRS, "", {"suit": 0, "need": 1, "given": 0}),
    ("R-P5-diamonds-kept", "2H", STANDARD, "3D 3D 4D 4D", "KD TD 5D 3C 4C 5C 6C", "3C 4C 5C 6C",
     False, "R-P5", MUST_FOLLOW_SUIT, "KD TD 5D", {"suit": 2, "need": 3, "given": 0}),
    ("R-P6-trumps-kept", "2C", STANDARD, "RJ RJ BJ", "5C 6C 3H 4H 5H", "3H 4H 5H", False,
     "R-P6", MUST_FOLLOW_SUIT, "6C 5C", {"suit": 4, "need": 2, "given": 0}),
    ("R-P5-tractor-first", "2H", CLASSIC, "3S 3S 4S 4S", "AS AS KS KS 9S 9S 7D",
     "AS AS 9S 9S", False, "R-P5", MUST_PLAY_TRACTOR, "", {"suit": 0, "length": 2}),
    ("R-H2-must-beat", "2H", STANDARD, "QS", "KS 3S 4D", "3S", True, "R-H2", MUST_BEAT, "QS",
     {}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("trump", "rules", "lead", "hand", "play", "must_beat", "rule", "reason", "named", "details"),
    [pytest.param(*case[1:], id=case[0]) for case in REFUSALS],
)
def test_follow_refusal_names_the_mistake(
    trump: str,
    rules: RuleSet,
    lead: str,
    hand: str,
    play: str,
    must_beat: bool,
    rule: str,
    reason: str,
    named: str,
    details: dict[str, int],
) -> None:
    ctx = ctx_of(trump, rules)
    combo = classify(ctx, c(lead))
    hand_layers, play_layers = to_layers(c(hand)), to_layers(c(play))
    refusal = follow_refusal(ctx, combo, hand_layers, play_layers, must_beat)
    assert refusal is not None
    assert (refusal.rule, refusal.reason) == (rule, reason)
    assert format_cards(refusal.cards) == named
    assert dict(refusal.details) == details
    if named:
        assert named in refusal.message
    assert follow_fault(ctx, combo, hand_layers, play_layers, must_beat) == reason
    assert follow_error(ctx, combo, hand_layers, play_layers, must_beat) == (
        rule,
        refusal.message,
    )
    with pytest.raises(IllegalAction) as info:
        check_follow(ctx, combo, c(hand), c(play), must_beat)
    assert (info.value.rule, info.value.reason) == (rule, reason)


def test_a_legal_follow_has_no_refusal() -> None:
    ctx = ctx_of("2H")
    combo = classify(ctx, c("KS KS"))
    hand, play = to_layers(c("3S 3S 4S")), to_layers(c("3S 3S"))
    assert follow_refusal(ctx, combo, hand, play) is None
    assert follow_fault(ctx, combo, hand, play) is None


# --- values that are not cards (R-N3, R-D1) -----------------------------------------------

NOT_CARDS: list[Any] = [
    None,
    5,
    "AS",
    b"AS",
    {1, 2},
    [-1],
    [54],
    [60],
    [1.5],
    ["AS"],
    [True],
    [None],
    [3, 3, 3],
]
any_value = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.lists(st.one_of(st.integers(-3, 60), st.booleans(), st.floats(), st.text(max_size=2))),
)


def test_card_list_error() -> None:
    assert card_list_error([0, 53, 53]) is None
    assert card_list_error(()) is None
    for value in NOT_CARDS[:-1]:
        assert card_list_error(value), value


@pytest.mark.parametrize("bad", NOT_CARDS, ids=repr)
def test_check_follow_refuses_values_that_are_not_cards(bad: Any) -> None:
    ctx = ctx_of("2H")
    combo = classify(ctx, c("KS"))
    for hand, play in ((bad, c("3S")), (c("3S 4S"), bad)):
        with pytest.raises(IllegalAction) as info:
            check_follow(ctx, combo, hand, play)
        assert info.value.rule in {"R-N3", "R-D1"} and info.value.reason == BAD_CARD
        assert can_follow(ctx, combo, hand, play) is False


@pytest.mark.parametrize("bad", NOT_CARDS, ids=repr)
def test_check_throw_refuses_values_that_are_not_cards(bad: Any) -> None:
    ctx = ctx_of("2H")
    with pytest.raises(IllegalAction) as info:
        check_throw(ctx, c("AS KS"), [bad, [], []])
    assert info.value.rule in {"R-N3", "R-D1"}


@settings(max_examples=200, deadline=None)
@given(value=any_value)
def test_can_declare_and_can_follow_never_raise(value: Any) -> None:
    ctx = ctx_of("2H")
    combo = classify(ctx, c("KS"))
    for standing in (None, Declaration(1, tuple(c("2S")))):
        assert isinstance(can_declare(0, standing, 2, value), bool)
    assert isinstance(can_follow(ctx, combo, value, c("3S")), bool)
    assert isinstance(can_follow(ctx, combo, c("3S"), value), bool)


@pytest.mark.parametrize("bad", NOT_CARDS[:-1], ids=repr)
def test_declare_outcome_refuses_values_that_are_not_cards(bad: Any) -> None:
    with pytest.raises(IllegalAction) as info:
        declare_outcome(0, None, 0, bad)
    assert (info.value.rule, info.value.reason) == ("R-N3", BAD_CARD)


# --- declarations (R-T2, R-T3) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("standing", "cards", "rule", "reason", "named"),
    [
        pytest.param(None, "3S 4S 5S", "R-T2", NOT_A_DECLARATION, "3S 4S 5S", id="R-T2-three"),
        pytest.param(None, "AS", "R-T2", NOT_A_DECLARATION, "AS", id="R-T2-not-rank"),
        pytest.param((1, "2S"), "2H", "R-T3", TOO_WEAK, "2S", id="R-T3-single-over-single"),
        pytest.param((1, "2S 2S"), "2H 2H", "R-T3", TOO_WEAK, "2S 2S", id="R-T3-pair-pair"),
        pytest.param((1, "BJ BJ"), "RJ RJ", "R-T3", JOKER_PAIR_STANDS, "BJ BJ", id="R-T3-jokers"),
    ],
)
def test_a_refused_declaration_says_why(
    standing: tuple[int, str] | None, cards: str, rule: str, reason: str, named: str
) -> None:
    stands = None if standing is None else Declaration(standing[0], tuple(c(standing[1])))
    with pytest.raises(IllegalAction) as info:
        declare_outcome(0, stands, 2, c(cards))
    assert (info.value.rule, info.value.reason) == (rule, reason)
    assert format_cards(info.value.cards) == named
    if stands is not None:
        assert info.value.details == {"seat": 1}


# --- the suit-order tie-breaks ------------------------------------------------------------


def test_r_c4_the_first_suit_in_s_h_d_c_order_joins_the_tractor() -> None:
    ctx = ctx_of("2H")  # 2S, 2D and 2C share one level below 2H
    combo = classify(ctx, c("AH AH 2S 2S 2D 2D"))
    assert [format_cards(part.cards()) for part in combo.parts] == ["2S 2S AH AH", "2D 2D"]
    combo = classify(ctx, c("AH AH 2C 2C 2D 2D"))
    assert [format_cards(part.cards()) for part in combo.parts] == ["AH AH 2D 2D", "2C 2C"]


def test_r_h2_of_equal_forced_parts_the_last_suit_in_s_h_d_c_order_is_forced() -> None:
    ctx = ctx_of("2H")
    others = [c("2H 2H"), [], []]
    assert format_cards(check_throw(ctx, c("2S 2C"), others).forced) == "2C"
    assert format_cards(check_throw(ctx, c("2S 2D"), others).forced) == "2D"
    assert format_cards(check_throw(ctx, c("2S 2S 2D 2D 2C 2C"), others).forced) == "2C 2C"
