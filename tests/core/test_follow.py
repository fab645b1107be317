"""Following a lead: R-P2, R-P3, R-P4, R-P5, R-P6, R-P7 and the blocker of R-H2.

Every case is a lead, a follower's hand, plays that are legal and (usually) one play that
is not, with the rule id the illegal play breaks. For each case the test checks that
``check_follow`` raises ``IllegalAction`` with that exact rule id, that ``can_follow``
agrees, and that ``legal_follows`` lists the legal plays and not the illegal one.

Trumps are written like ``"2H"`` (trump rank 2, hearts trump) or ``"2NT"`` (rank 2, no
trump suit). Unless a case says otherwise: rank 2, hearts trump, ``standard`` rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import islice
from typing import Any

import pytest
from cardkit import c, ctx_of

from tuolaji.core import (
    CLASSIC,
    STANDARD,
    Combo,
    IllegalAction,
    RuleSet,
    TrumpContext,
    can_follow,
    check_follow,
    classify,
    follow_error,
    legal_follows,
    to_layers,
)
from tuolaji.core.cards import bits_of, full_pack
from tuolaji.core.combos import combo_of_layers
from tuolaji.core.follow import legal_follow_layers, legal_follow_list


@dataclass(frozen=True)
class Case:
    """One following situation: lead, hand, legal plays, and an illegal play with its rule."""

    trump: str
    rules: RuleSet
    lead: str
    hand: str
    legal: tuple[str, ...]
    illegal: str | None
    rule: str | None
    must_beat: bool


def case(
    case_id: str,
    lead: str,
    hand: str,
    legal: list[str],
    *bad: str,
    trump: str = "2H",
    rules: RuleSet = STANDARD,
    must_beat: bool = False,
) -> Any:
    """A ``pytest.param`` holding a :class:`Case`, with the case id as its test id;
    ``bad`` is either nothing or an illegal play and the rule id it breaks."""
    illegal, rule = bad if bad else (None, None)
    return pytest.param(
        Case(trump, rules, lead, hand, tuple(legal), illegal, rule, must_beat), id=case_id
    )


CASES = [
    # --- R-P2: exactly as many cards as were led, all from the hand -------------------
    case("R-P2-too-many", "KS", "3S 4S 5D", ["3S", "4S"], "3S 4S", "R-P2"),
    case("R-P2-too-few", "KS KS", "3S 4S 5D", ["3S 4S"], "3S", "R-P2"),
    case("R-P2-none", "KS", "3S 4S", ["3S"], "", "R-P2"),
    case("R-P2-card-not-in-hand", "KS", "3S 5D", ["3S"], "4S", "R-P2"),
    case("R-P2-second-copy-not-held", "KS KS", "3S 5D 6D", ["3S 5D", "3S 6D"], "3S 3S", "R-P2"),
    case("R-P2-trump-not-held", "3H", "4H 5D", ["4H"], "BJ", "R-P2"),
    # --- R-P3: following a single -----------------------------------------------------
    case("R-P3-must-follow-suit", "KS", "3S 4D", ["3S"], "4D", "R-P3"),
    case("R-P3-must-follow-suit-not-trump", "KS", "3S BJ", ["3S"], "BJ", "R-P3"),
    case("R-P3-any-suit-card", "KS", "3S AS 4D", ["3S", "AS"], "4D", "R-P3"),
    case("R-P3-void-any-card", "KS", "4D 5C BJ", ["4D", "5C", "BJ"]),
    # a trump-rank card of the led suit's print is a trump, not a spade
    case("R-P3-rank-card-is-trump-not-suit", "KS", "2S 3S 4D", ["3S"], "2S", "R-P3"),
    case("R-P3-rank-card-is-trump-void", "KS", "2S 4D", ["2S", "4D"]),
    case("R-P3-trump-lead-rank-card", "AH", "2S 4D", ["2S"], "4D", "R-P3"),
    case("R-P3-trump-lead-joker", "3H", "BJ 5S", ["BJ"], "5S", "R-P3"),
    case("R-P3-trump-lead-other-rank-card", "2D", "2C 5S", ["2C"], "5S", "R-P3"),
    case("R-P3-trump-suit-card-on-rank-lead", "2S", "3H 5S", ["3H"], "5S", "R-P3"),
    # no trump suit: under standard the rank cards are ordinary cards of their suits
    case("R-P3-no-trump-rank-card-is-suit", "KS", "2S 4D", ["2S"], "4D", "R-P3", trump="2NT"),
    case(
        "R-P3-no-trump-classic-rank-card-is-trump",
        "KS",
        "2S 4D",
        ["2S", "4D"],
        trump="2NT",
        rules=CLASSIC,
    ),
    case(
        "R-P3-no-trump-classic-must-follow-trump",
        "BJ",
        "2S 4D",
        ["2S"],
        "4D",
        "R-P3",
        trump="2NT",
        rules=CLASSIC,
    ),
    # --- R-P4: following a pair -------------------------------------------------------
    case("R-P4-pair-if-held", "KS KS", "3S 3S 4S 6D", ["3S 3S"], "3S 4S", "R-P4"),
    case("R-P4-pair-not-other-suit-pair", "KS KS", "3S 3S 6D 6D", ["3S 3S"], "6D 6D", "R-P4"),
    case("R-P4-any-held-pair", "KS KS", "3S 3S AS AS 4S", ["3S 3S", "AS AS"], "3S AS", "R-P4"),
    case("R-P4-else-two-of-suit", "KS KS", "3S 4S 6D 6D", ["3S 4S"], "6D 6D", "R-P4"),
    case("R-P4-else-two-of-suit-mixed", "KS KS", "3S 4S 6D 6D", ["3S 4S"], "3S 6D", "R-P4"),
    case("R-P4-else-one-plus-any", "KS KS", "3S 6D 7C", ["3S 6D", "3S 7C"], "6D 7C", "R-P4"),
    case("R-P4-else-any-two", "KS KS", "6D 7C 8C BJ", ["6D 7C", "8C BJ", "6D BJ"]),
    case("R-P4-trump-pair", "3H 3H", "2S 2S 4H 5C", ["2S 2S"], "2S 4H", "R-P4"),
    # two rank cards of different suits are not a pair: both trumps go, no pair needed
    case("R-P4-rank-cards-not-a-pair", "3H 3H", "2S 2D 5C 5C", ["2S 2D"], "5C 5C", "R-P4"),
    case("R-P4-jokers-not-a-pair", "3H 3H", "BJ RJ 4H 4H", ["4H 4H"], "BJ RJ", "R-P4"),
    case("R-P4-jokers-not-a-pair-void", "3H 3H", "BJ RJ 4D", ["BJ RJ"], "BJ 4D", "R-P4"),
    # --- R-P5: following a tractor of n pairs -----------------------------------------
    case(
        "R-P5-pairs-need-not-be-adjacent",
        "3S 3S 4S 4S",
        "7S 7S 9S 9S 5S 6D",
        ["7S 7S 9S 9S"],
        "7S 7S 9S 5S",
        "R-P5",
    ),
    case(
        "R-P5-one-pair-then-suit",
        "3S 3S 4S 4S",
        "7S 7S 9S 5S 8S 6D",
        ["7S 7S 9S 5S", "7S 7S 8S 9S"],
        "7S 9S 5S 8S",
        "R-P5",
    ),
    case(
        "R-P5-fill-with-suit-first",
        "3S 3S 4S 4S",
        "7S 7S 9S 6D 6D",
        ["7S 7S 9S 6D"],
        "7S 7S 6D 6D",
        "R-P5",
    ),
    case(
        "R-P5-suit-cards-before-other-pairs",
        "3S 3S 4S 4S",
        "7S 9S JS 6D 6D",
        ["7S 9S JS 6D"],
        "7S 9S 6D 6D",
        "R-P5",
    ),
    case("R-P5-void-any", "3S 3S 4S 4S", "6D 6D 7C 8C 9C", ["6D 7C 8C 9C", "6D 6D 7C 8C"]),
    case(
        "R-P5-three-pairs-up-to-n",
        "3S 3S 4S 4S 5S 5S",
        "7S 7S 9S 9S JS JS QS 6D",
        ["7S 7S 9S 9S JS JS"],
        "7S 7S 9S 9S JS QS",
        "R-P5",
    ),
    case(
        "R-P5-trump-tractor-lead",
        "3H 3H 4H 4H",
        "2S 2S 2D 2D AS",
        ["2S 2S 2D 2D"],
        "2S 2S 2D AS",
        "R-P5",
    ),
    # follow_tractor_first: classic requires a held tractor of the led length, standard not
    case(
        "R-P5-classic-tractor-first",
        "3S 3S 4S 4S",
        "7S 7S 8S 8S QS QS 6D",
        ["7S 7S 8S 8S"],
        "7S 7S QS QS",
        "R-P5",
        rules=CLASSIC,
    ),
    case(
        "R-P5-standard-no-tractor-first",
        "3S 3S 4S 4S",
        "7S 7S 8S 8S QS QS 6D",
        ["7S 7S 8S 8S", "7S 7S QS QS", "8S 8S QS QS"],
    ),
    case(
        "R-P5-classic-tractor-first-longer-held",
        "3S 3S 4S 4S",
        "7S 7S 8S 8S 9S 9S QS QS",
        ["7S 7S 8S 8S", "8S 8S 9S 9S"],
        "7S 7S QS QS",
        "R-P5",
        rules=CLASSIC,
    ),
    case(
        "R-P5-classic-tractor-first-longer-held-gap",
        "3S 3S 4S 4S",
        "7S 7S 8S 8S 9S 9S QS QS",
        ["7S 7S 8S 8S", "8S 8S 9S 9S"],
        "7S 7S 9S 9S",
        "R-P5",
        rules=CLASSIC,
    ),
    case(
        "R-P5-standard-longer-held-not-required",
        "3S 3S 4S 4S",
        "7S 7S 8S 8S 9S 9S QS QS",
        ["7S 7S 9S 9S", "7S 7S QS QS"],
    ),
    # rank 5 removed from clubs closes the gap: 4C 4C 6C 6C is a tractor (R-C3)
    case(
        "R-P5-classic-tractor-across-removed-rank",
        "7C 7C 8C 8C",
        "4C 4C 6C 6C 9C 9C",
        ["4C 4C 6C 6C"],
        "4C 4C 9C 9C",
        "R-P5",
        trump="5H",
        rules=CLASSIC,
    ),
    # in trumps the off-suit rank cards are one level: 2S 2S 2D 2D is not a tractor
    case(
        "R-P5-classic-trump-tractor-levels",
        "3H 3H 4H 4H",
        "AH AH 2S 2S 2D 2D 5H",
        ["AH AH 2S 2S", "AH AH 2D 2D"],
        "2S 2S 2D 2D",
        "R-P5",
        rules=CLASSIC,
    ),
    case(
        "R-P5-classic-no-tractor-held-any-pairs",
        "3S 3S 4S 4S",
        "7S 7S 9S 9S JS JS",
        ["7S 7S 9S 9S", "7S 7S JS JS"],
        "7S 7S 9S JS",
        "R-P5",
        rules=CLASSIC,
    ),
    # --- R-P6: following a throw ------------------------------------------------------
    case("R-P6-pair-single", "AS KS KS", "3S 3S 4S 5S 6D", ["3S 3S 4S"], "3S 4S 5S", "R-P6"),
    case(
        "R-P6-tractor-counts-its-pairs",
        "AS AS KS KS QS",
        "3S 3S 5S 5S 7S 8S",
        ["3S 3S 5S 5S 7S", "3S 3S 5S 5S 8S"],
        "3S 3S 5S 7S 8S",
        "R-P6",
    ),
    case(
        "R-P6-tractor-and-pair",
        "AS AS KS KS 9S 9S",
        "3S 3S 5S 5S 7S 7S 8S",
        ["3S 3S 5S 5S 7S 7S"],
        "3S 3S 5S 5S 7S 8S",
        "R-P6",
    ),
    case(
        "R-P6-pairs-up-to-layout-count",
        "AS KS KS",
        "3S 3S 5S 5S 6D",
        ["3S 3S 5S", "3S 5S 5S"],
        "3S 5S 6D",
        "R-P6",
    ),
    case(
        "R-P6-suit-then-any",
        "AS KS KS",
        "3S 6D 6D 7C",
        ["3S 6D 6D", "3S 6D 7C"],
        "6D 6D 7C",
        "R-P6",
    ),
    case("R-P6-singles-layout", "AS KS QS", "3S 4S 5S 6D", ["3S 4S 5S"], "3S 4S 6D", "R-P6"),
    case("R-P6-void-any", "AS KS KS", "6D 6D 7C BJ", ["6D 6D 7C", "6D 7C BJ"]),
    case(
        "R-P6-trump-throw",
        "BJ BJ AH",
        "2S 2S 3H 5D",
        ["2S 2S 3H"],
        "2S 3H 5D",
        "R-P6",
    ),
    # --- R-P7: more led-suit cards (or pairs) than the minimum are fine ---------------
    case("R-P7-pair-on-singles-throw", "AS KS QS", "3S 3S 4S 6D", ["3S 3S 4S"]),
    case(
        "R-P7-more-pairs-than-layout",
        "AS KS KS QS",
        "3S 3S 5S 5S 7S 6D",
        ["3S 3S 5S 5S", "3S 3S 5S 7S", "3S 5S 5S 7S"],
        "3S 5S 7S 6D",
        "R-P6",
    ),
    case(
        "R-P7-tractor-on-singles-throw",
        "AS KS QS JS",
        "3S 3S 4S 4S 6D",
        ["3S 3S 4S 4S"],
        "3S 3S 4S 6D",
        "R-P6",
    ),
    case("R-P7-standard-tractor-not-required", "3S 3S 4S 4S", "7S 7S 8S 8S", ["7S 7S 8S 8S"]),
    case(
        "R-P5-no-pairs-four-suit-cards",
        "3S 3S 4S 4S",
        "7S 9S JS KS 6D 6D",
        ["7S 9S JS KS"],
        "7S 9S 6D 6D",
        "R-P5",
    ),
    # --- R-H2: the blocker of a failed throw must beat the forced lead ----------------
    case("R-H2-single-must-beat", "QS", "KS 3S 6D", ["KS"], "3S", "R-H2", must_beat=True),
    case("R-H2-single-not-blocker", "QS", "KS 3S 6D", ["KS", "3S"], must_beat=False),
    case(
        "R-H2-classic-not-required", "QS", "KS 3S 6D", ["KS", "3S"], rules=CLASSIC, must_beat=True
    ),
    case("R-H2-pair-must-beat", "QS QS", "AS AS 3S 3S", ["AS AS"], "3S 3S", "R-H2", must_beat=True),
    case(
        "R-H2-pair-classic-not-required",
        "QS QS",
        "AS AS 3S 3S",
        ["AS AS", "3S 3S"],
        rules=CLASSIC,
        must_beat=True,
    ),
    case(
        "R-H2-tractor-must-beat",
        "7S 7S 8S 8S",
        "9S 9S TS TS 3S 3S 4S 4S",
        ["9S 9S TS TS"],
        "3S 3S 4S 4S",
        "R-H2",
        must_beat=True,
    ),
    case(
        "R-H2-tractor-must-beat-not-just-pairs",
        "7S 7S 8S 8S",
        "9S 9S TS TS 3S 3S 4S 4S",
        ["9S 9S TS TS"],
        "3S 3S TS TS",
        "R-H2",
        must_beat=True,
    ),
    case(
        "R-H2-tractor-beat-from-longer-tractor",
        "7S 7S 8S 8S",
        "9S 9S TS TS JS JS 3S",
        ["9S 9S TS TS", "TS TS JS JS"],
        "9S 9S JS JS",
        "R-H2",
        must_beat=True,
    ),
    case(
        "R-H2-tractor-classic-not-required",
        "7S 7S 8S 8S",
        "9S 9S TS TS 3S 3S 4S 4S",
        ["9S 9S TS TS", "3S 3S 4S 4S"],
        rules=CLASSIC,
        must_beat=True,
    ),
    case(
        "R-H2-tractor-option-off-not-required",
        "7S 7S 8S 8S",
        "9S 9S TS TS 3S 3S 4S 4S",
        ["9S 9S TS TS", "3S 3S 4S 4S", "3S 3S TS TS"],
        rules=STANDARD.with_options(failed_throw_must_beat=False),
        must_beat=True,
    ),
    case("R-H2-trump-single-must-beat", "AH", "2S 3H", ["2S"], "3H", "R-H2", must_beat=True),
    case("R-H2-trump-rank-card-beat", "2S", "2H 2D", ["2H"], "2D", "R-H2", must_beat=True),
    # equal cards do not beat, so a hand holding only an equal card need not play it
    case("R-H2-equal-does-not-beat", "2S", "2D 3H", ["2D", "3H"], must_beat=True),
    case(
        "R-H2-cannot-beat-still-follow-suit",
        "QS",
        "3S 4S 6D",
        ["3S", "4S"],
        "6D",
        "R-P3",
        must_beat=True,
    ),
    # higher singles do not beat a pair: only R-P4 applies
    case(
        "R-H2-singles-do-not-beat-pair",
        "QS QS",
        "AS KS 3S 3S",
        ["3S 3S"],
        "AS KS",
        "R-P4",
        must_beat=True,
    ),
    # higher pairs that are not adjacent do not beat a tractor: only R-P5 applies
    case(
        "R-H2-pairs-do-not-beat-tractor",
        "7S 7S 8S 8S",
        "TS TS QS QS 3S",
        ["TS TS QS QS"],
        "TS TS QS 3S",
        "R-P5",
        must_beat=True,
    ),
]


def _setup(fc: Case) -> tuple[TrumpContext, Combo, list[int]]:
    ctx = ctx_of(fc.trump, fc.rules)
    combo = classify(ctx, c(fc.lead))
    assert combo.suit >= 0, "a lead is one effective suit"
    return ctx, combo, c(fc.hand)


def _legal_set(
    ctx: TrumpContext, lead: Combo, hand: list[int], must_beat: bool
) -> set[tuple[int, ...]]:
    follows = list(legal_follows(ctx, lead, hand, must_beat))
    assert len(follows) == len(set(follows)), "legal_follows yields each follow once"
    return set(follows)


@pytest.mark.parametrize("fc", CASES)
def test_legal_plays_pass(fc: Case) -> None:
    ctx, combo, hand = _setup(fc)
    listed = _legal_set(ctx, combo, hand, fc.must_beat)
    for text in fc.legal:
        play = c(text)
        check_follow(ctx, combo, hand, play, fc.must_beat)
        assert can_follow(ctx, combo, hand, play, fc.must_beat)
        assert tuple(sorted(play)) in listed, text


@pytest.mark.parametrize("fc", [p for p in CASES if p.values[0].illegal is not None])
def test_illegal_play_names_rule(fc: Case) -> None:
    ctx, combo, hand = _setup(fc)
    assert fc.illegal is not None
    play = c(fc.illegal)
    with pytest.raises(IllegalAction) as info:
        check_follow(ctx, combo, hand, play, fc.must_beat)
    assert info.value.rule == fc.rule
    assert info.value.message
    assert not can_follow(ctx, combo, hand, play, fc.must_beat)
    assert tuple(sorted(play)) not in _legal_set(ctx, combo, hand, fc.must_beat)


def test_r_p2_follow_error_names_rule_and_reason() -> None:
    ctx = ctx_of("2H", STANDARD)
    lead = classify(ctx, c("KS KS"))
    error = follow_error(ctx, lead, to_layers(c("3S 4S")), to_layers(c("3S")), False)
    assert error is not None
    rule, message = error
    assert rule == "R-P2"
    assert "2" in message
    assert follow_error(ctx, lead, to_layers(c("3S 4S")), to_layers(c("3S 4S")), False) is None


@pytest.mark.parametrize(
    ("lead", "hand", "expected"),
    [
        pytest.param("KS", "3S 4S 6D", ["3S", "4S"], id="R-P3-only-suit-cards"),
        pytest.param("KS KS", "3S 3S 4S 4S 6D", ["3S 3S", "4S 4S"], id="R-P4-only-pairs"),
        pytest.param("KS KS", "3S 6D 6D 7C", ["3S 6D", "3S 7C"], id="R-P4-one-plus-any"),
        pytest.param(
            "3S 3S 4S 4S", "7S 7S 9S 6D 7C", ["7S 7S 9S 6D", "7S 7S 9S 7C"], id="R-P5-exact-set"
        ),
        pytest.param("AS KS KS", "3S 3S 5S 6D", ["3S 3S 5S"], id="R-P6-exact-set"),
    ],
)
def test_legal_follows_exact_set(lead: str, hand: str, expected: list[str]) -> None:
    ctx = ctx_of("2H", STANDARD)
    combo = classify(ctx, c(lead))
    got = _legal_set(ctx, combo, c(hand), False)
    assert got == {tuple(sorted(c(play))) for play in expected}


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        pytest.param(STANDARD, ["9S 9S TS TS"], id="R-H2-standard-only-beating"),
        pytest.param(CLASSIC, ["9S 9S TS TS", "3S 3S 4S 4S"], id="R-H2-classic-any-tractor"),
        pytest.param(
            STANDARD.with_options(failed_throw_must_beat=False),
            [
                "9S 9S TS TS",
                "3S 3S 4S 4S",
                "3S 3S 9S 9S",
                "3S 3S TS TS",
                "4S 4S 9S 9S",
                "4S 4S TS TS",
            ],
            id="R-H2-option-off-any-pairs",
        ),
    ],
)
def test_r_h2_legal_follows_exact_set(rules: RuleSet, expected: list[str]) -> None:
    ctx = ctx_of("2H", rules)
    combo = classify(ctx, c("7S 7S 8S 8S"))
    got = _legal_set(ctx, combo, c("9S 9S TS TS 3S 3S 4S 4S"), True)
    assert got == {tuple(sorted(c(play))) for play in expected}


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_the_listed_follows_are_the_enumerated_ones_in_order(rules: RuleSet) -> None:
    # legal_follow_list lists a single's follows directly: the same follows, in the same
    # order, as legal_follow_layers, cut at the same limit
    rng = random.Random(3)
    for _ in range(200):
        ctx = ctx_of(rng.choice(["2H", "5S", "AD", "TNT", "3C"]), rules)
        pack = full_pack()
        rng.shuffle(pack)
        leader, hand = to_layers(pack[:25]), to_layers(pack[25:50])
        leads = [(bit, 0) for bit in bits_of(leader[0])] + [(b, b) for b in bits_of(leader[1])]
        for ones, twos in rng.sample(leads, 5):
            lead = combo_of_layers(ctx, ones, twos)
            for limit in (1, 3, 400):
                enumerated = list(islice(legal_follow_layers(ctx, lead, hand, False), limit))
                assert legal_follow_list(ctx, lead, hand, False, limit) == enumerated
