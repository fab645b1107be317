"""Throws: validity (R-H1), the forced part and the blocker (R-H2), the penalty (R-H3).

Each case is a lead, the hands of the three other players in seat order after the
thrower (position 1, 2, 3; position 2 is the thrower's partner), and the verdict of
``check_throw``. Unless a case says otherwise: trump rank 2, hearts trump, ``standard``.
A single combination (single, pair, tractor) is never a throw, so it always stands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from cardkit import c, ctx_of

from tuolaji.core import (
    CLASSIC,
    STANDARD,
    RuleSet,
    check_throw,
    classify,
)


@dataclass(frozen=True)
class Case:
    """A lead against three hands and the expected verdict (``forced`` in notation)."""

    trump: str
    rules: RuleSet
    lead: str
    others: tuple[str, str, str]
    valid: bool
    forced: str
    penalty: int
    blocker: int


def valid(case_id: str, lead: str, others: tuple[str, str, str], **kw: Any) -> Any:
    """A case whose lead stands."""
    return _param(case_id, lead, others, True, "", 0, 0, **kw)


def failed(case_id: str, lead: str, others: tuple[str, str, str], *verdict: Any, **kw: Any) -> Any:
    """A case whose throw fails; ``verdict`` is the forced part, the penalty and the
    blocker's position."""
    return _param(case_id, lead, others, False, *verdict, **kw)


def _param(
    case_id: str,
    lead: str,
    others: tuple[str, str, str],
    *verdict: Any,
    trump: str = "2H",
    rules: RuleSet = STANDARD,
) -> Any:
    return pytest.param(Case(trump, rules, lead, others, *verdict), id=case_id)


CASES = [
    # --- a single combination always stands -------------------------------------------
    valid("R-H1-single-always-valid", "3S", ("AS", "KS KS", "QS")),
    valid("R-H1-pair-always-valid", "3S 3S", ("AS AS", "KS KS", "QS")),
    valid("R-H1-tractor-always-valid", "3S 3S 4S 4S", ("QS QS KS KS", "AS AS", "JS")),
    valid("R-H1-trump-pair-always-valid", "3H 3H", ("BJ BJ", "RJ RJ", "2H 2H")),
    # --- R-H1: a valid throw -----------------------------------------------------------
    valid("R-H1-top-cards", "AS AS KS", ("QS 5D", "JS JS", "3C")),
    valid("R-H1-singles-top", "AS KS", ("QS QS JS", "TS 9S", "3S")),
    # equal cards do not beat: another AS does not beat the AS part
    valid("R-H1-equal-single-not-beat", "AS QS QS", ("AS KS", "JS JS", "3D")),
    # two higher singles are not a higher pair
    valid("R-H1-singles-do-not-beat-pair", "AS QS QS", ("KS JS", "TS", "3D")),
    # two higher pairs that are not adjacent are not a higher tractor
    valid("R-H1-pairs-do-not-beat-tractor", "AS 9S 9S TS TS", ("JS JS KS KS", "QS", "3D")),
    # a higher tractor that is shorter does not beat a tractor part
    valid("R-H1-shorter-tractor-not-beat", "AS 8S 8S 9S 9S TS TS", ("QS QS KS KS", "JS", "3D")),
    # a lower tractor does not beat
    valid("R-H1-lower-tractor-not-beat", "AS JS JS QS QS", ("9S 9S TS TS", "8S", "3D")),
    # holdings of two hands are not combined: one KS each is no pair of kings
    valid("R-H1-hands-not-combined", "AS QS QS", ("KS 3D", "4D", "KS 5D")),
    # only the suit of the throw counts: trumps do not beat a plain-suit throw
    valid("R-H1-trumps-do-not-beat", "AS KS", ("BJ RJ 2S", "RJ BJ 3H", "2H 2H")),
    # in trumps an off-suit rank card does not beat another off-suit rank card
    valid("R-H1-trump-equal-rank-cards", "2S 2S 2D", ("2C 2C 3D", "4C AH", "5C")),
    valid("R-H1-trump-top", "RJ BJ BJ", ("RJ 2H 2H", "AH AH", "3D")),
    # in a no-trump round under standard the rank cards are ordinary: 2S is the lowest spade
    valid("R-H1-no-trump-rank-card-ordinary", "AS 3S", ("2S", "2S", "4D"), trump="2NT"),
    failed(
        "R-H1-no-trump-rank-card-ordinary-beaten",
        "AS 2S",
        ("3S", "4D", "5D"),
        "2S",
        10,
        1,
        trump="2NT",
    ),
    # --- R-H1: a failed throw ----------------------------------------------------------
    failed("R-H1-single-beaten", "AS KS", ("AS 3D", "4D", "5D"), "KS", 10, 1),
    failed("R-H1-pair-beaten", "AS QS QS", ("KS KS", "4D", "5D"), "QS QS", 10, 1),
    failed(
        "R-H1-tractor-beaten",
        "AS 9S 9S TS TS",
        ("JS JS QS QS", "4D", "5D"),
        "9S 9S TS TS",
        10,
        1,
    ),
    failed(
        "R-H1-longer-tractor-beats",
        "AS 9S 9S TS TS",
        ("3D", "JS JS QS QS KS KS", "4D"),
        "9S 9S TS TS",
        10,
        2,
    ),
    failed(
        "R-H1-tractor-beaten-across-removed-rank",
        "AC 2C 2C 3C 3C",
        ("4C 4C 6C 6C", "AC", "8D"),
        "2C 2C 3C 3C",
        10,
        1,
        trump="5H",
    ),
    # the partner's hand blocks too: the rule does not look at teams
    failed("R-H1-partner-blocks", "AS KS", ("QS 3D", "AS 4D", "5D"), "KS", 10, 2),
    failed("R-H1-trump-rank-card-beats", "2S 2S 2D", ("3D", "4D", "2H 5C"), "2D", 20, 3),
    failed("R-H1-trump-pair-beaten", "RJ KH KH", ("3D", "AH AH", "5C"), "KH KH", 10, 2),
    # --- R-H2: which part is forced, who is the blocker --------------------------------
    failed("R-H2-forced-lowest-top", "AS QS QS 4S", ("5S 3D", "KS KS", "6D"), "4S", 30, 1),
    failed("R-H2-forced-pair-lowest-top", "AS KS 9S 9S", ("TS TS", "3D", "4D"), "9S 9S", 20, 1),
    failed("R-H2-blocker-first-who-beats", "AS QS QS 4S", ("3S", "KS KS", "5S"), "4S", 30, 2),
    failed("R-H2-blocker-beats-forced-part", "AS KS 5S 5S", ("AS", "3D", "6S 6S"), "5S 5S", 20, 3),
    failed("R-H2-blocker-third", "AS KS 9S 9S", ("QS", "3S", "TS TS"), "9S 9S", 20, 3),
    # same top: the smaller part is forced
    failed("R-H2-tie-smaller-part", "2S 2S 2D", ("2H 2H", "3D", "4D"), "2D", 20, 1),
    failed(
        "R-H2-tie-pair-before-tractor",
        "AH AH 2S 2S 2D 2D",
        ("2H 2H BJ BJ", "3D", "4D"),
        "2D 2D",
        40,
        1,
    ),
    # equal parts: the one whose highest card sorts lowest (S > H > D > C)
    failed("R-H2-equal-singles-clubs-lowest", "2S 2C", ("3D", "2H", "4D"), "2C", 10, 2),
    failed("R-H2-equal-singles-diamonds", "2S 2D", ("2H", "3D", "4D"), "2D", 10, 1),
    failed("R-H2-equal-pairs", "2S 2S 2C 2C", ("3D", "4D", "2H 2H"), "2C 2C", 20, 3),
    # --- R-H3: the penalty --------------------------------------------------------------
    failed(
        "R-H3-standard-ten-per-card",
        "AS KS KS QS JS",
        ("AS 3C", "3D", "4D"),
        "JS",
        40,
        1,
    ),
    failed(
        "R-H3-classic-no-penalty",
        "AS KS KS QS JS",
        ("AS 3C", "3D", "4D"),
        "JS",
        0,
        1,
        rules=CLASSIC,
    ),
    failed(
        "R-H3-custom-five",
        "AS KS KS QS JS",
        ("AS 3C", "3D", "4D"),
        "JS",
        20,
        1,
        rules=STANDARD.with_options(throw_penalty=5),
    ),
    failed(
        "R-H3-forced-tractor-not-taken-back",
        "AS 9S 9S TS TS",
        ("JS JS QS QS", "4D", "5D"),
        "9S 9S TS TS",
        2,
        1,
        rules=CLASSIC.with_options(throw_penalty=2),
    ),
    valid("R-H3-valid-no-penalty", "AS AS KS", ("QS", "JS", "TS")),
]


@pytest.mark.parametrize("case", CASES)
def test_check_throw(case: Case) -> None:
    ctx = ctx_of(case.trump, case.rules)
    lead = c(case.lead)
    others = [c(hand) for hand in case.others]
    counts = Counter(lead + [k for hand in others for k in hand])
    assert max(counts.values()) <= 2, "the pack holds each card twice (R-D1)"
    assert classify(ctx, lead).suit >= 0, "a throw is of one effective suit"

    verdict = check_throw(ctx, lead, others)

    assert verdict.valid is case.valid
    assert verdict.forced == tuple(sorted(c(case.forced)))
    assert verdict.penalty == case.penalty
    assert verdict.blocker == case.blocker


@pytest.mark.parametrize(
    ("rules", "per_card"),
    [
        pytest.param(STANDARD, 10, id="R-H3-standard"),
        pytest.param(CLASSIC, 0, id="R-H3-classic"),
        pytest.param(STANDARD.with_options(throw_penalty=5), 5, id="R-H3-custom-5"),
        pytest.param(CLASSIC.with_options(throw_penalty=7), 7, id="R-H3-classic-custom-7"),
    ],
)
def test_r_h3_penalty_is_per_card_taken_back(rules: RuleSet, per_card: int) -> None:
    ctx = ctx_of("2H", rules)
    lead = c("AS AS KS KS QS QS 9S 8S 8S")  # tractor3, pair 8S, single 9S
    others = [c("TS TS"), c("3D"), c("4D")]  # beats 9S single and 8S 8S pair
    verdict = check_throw(ctx, lead, others)
    assert not verdict.valid
    assert verdict.forced == tuple(c("8S 8S"))
    assert verdict.penalty == per_card * (len(lead) - 2)
    assert verdict.blocker == 1


@pytest.mark.parametrize(
    ("lead", "others"),
    [
        pytest.param("3S", ("AS AS KS KS", "QS QS", "JS"), id="R-H1-single"),
        pytest.param("3S 3S", ("AS AS KS KS", "QS QS", "JS"), id="R-H1-pair"),
        pytest.param("3S 3S 4S 4S", ("AS AS KS KS", "QS QS JS JS", "TS"), id="R-H1-tractor"),
        pytest.param("AH AH 2S 2S", ("BJ BJ RJ RJ", "2H 2H", "KH"), id="R-H1-trump-tractor"),
    ],
)
def test_r_h1_single_combination_always_valid_in_every_rule_set(
    lead: str, others: tuple[str, str, str]
) -> None:
    for rules in (STANDARD, CLASSIC):
        verdict = check_throw(ctx_of("2H", rules), c(lead), [c(h) for h in others])
        assert verdict.valid
        assert verdict.forced == ()
        assert verdict.penalty == 0
