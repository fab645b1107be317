"""Scoring a round: the talon bonus and the level change.

Rules covered (docs/rules.md): R-S2 the talon bonus under each ``talon_multiplier`` of §12
(``"cards"``: 2 × cards led; ``"largest_part"``: 2 × cards of the largest part of the
last lead; ``"power"``: 2 to the power of the cards of its largest part; ``standard``
uses ``cards`` and ``classic`` uses ``largest_part``), in suited and no-trump rounds;
R-S3 the level table at and around every boundary, negative totals counting as 0.
"""

from __future__ import annotations

import pytest
from cardkit import ctx_of

from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.core.scoring import DECLARERS, OPPONENTS, Settlement, settle, talon_bonus


def cards(text: str) -> list[int]:
    """The cards of a notation string such as ``"AS AS KS"``."""
    return parse_cards(text)


#: 25 points: 5 + 10 + 10, the rest blanks.
TALON = "5S TD KH 3C 4C 6C 7C 8C"
TALON_POINTS = 25

# (last lead, trump, (multiplier under "cards", "largest_part", "power"))
LEADS = [
    pytest.param("AS", "2H", (2, 2, 2), id="R-S2-single"),
    pytest.param("AS AS", "2H", (4, 4, 4), id="R-S2-pair"),
    pytest.param("AS AS KS KS", "2H", (8, 8, 16), id="R-S2-tractor2"),
    pytest.param("AS AS KS KS QS QS", "2H", (12, 12, 64), id="R-S2-tractor3"),
    pytest.param("AS AS KS KS 3S", "2H", (10, 8, 16), id="R-S2-throw-tractor2-single"),
    pytest.param("AS AS KS QS JS", "2H", (10, 4, 4), id="R-S2-throw-pair-three-singles"),
    pytest.param("AS KS QS JS 9S", "2H", (10, 2, 2), id="R-S2-throw-five-singles"),
    pytest.param("AS AS QS QS", "2H", (8, 4, 4), id="R-S2-throw-two-pairs"),
    pytest.param("AS AS KS KS 9S 9S 8S 8S 3S", "2H", (18, 8, 16), id="R-S2-throw-two-tractor2"),
    pytest.param("2S 2D", "2H", (4, 2, 2), id="R-S2-throw-equal-rank-trumps-not-a-pair"),
    pytest.param("2S 2S 2H 2H", "2H", (8, 8, 16), id="R-S2-trump-tractor-2S-2H"),
    pytest.param("BJ RJ", "2H", (4, 2, 2), id="R-S2-throw-BJ-RJ"),
    pytest.param("BJ BJ RJ RJ", "2NT", (8, 8, 16), id="R-S2-no-trump-joker-tractor"),
    pytest.param("4S 4S 6S 6S", "5H", (8, 8, 16), id="R-S2-gap-closed-tractor"),
]


@pytest.mark.parametrize(("lead", "trump", "multipliers"), LEADS)
@pytest.mark.parametrize("base", [STANDARD, CLASSIC], ids=["on-standard", "on-classic"])
def test_r_s2_talon_bonus_by_multiplier(
    base: RuleSet, lead: str, trump: str, multipliers: tuple[int, int, int]
) -> None:
    # the option overrides the preset's own choice, on top of either preset (§12)
    for option, multiplier in zip(("cards", "largest_part", "power"), multipliers, strict=True):
        ctx = ctx_of(trump, base.with_options(talon_multiplier=option))
        assert talon_bonus(ctx, cards(TALON), cards(lead)) == TALON_POINTS * multiplier, option


@pytest.mark.parametrize(
    ("rules", "lead", "multiplier"),
    [
        pytest.param(STANDARD, "AS", 2, id="R-S2-standard-single-x2"),
        pytest.param(STANDARD, "AS AS", 4, id="R-S2-standard-pair-x4"),
        pytest.param(STANDARD, "AS AS KS KS 3S", 10, id="R-S2-standard-five-card-lead-x10"),
        pytest.param(CLASSIC, "AS", 2, id="R-S2-classic-single-x2"),
        pytest.param(CLASSIC, "AS AS", 4, id="R-S2-classic-pair-x4"),
        pytest.param(CLASSIC, "AS AS KS KS 3S", 8, id="R-S2-classic-tractor2-single-x8"),
        pytest.param(CLASSIC, "AS AS KS QS", 4, id="R-S2-classic-pair-singles-x4"),
    ],
)
def test_r_s2_presets(rules: RuleSet, lead: str, multiplier: int) -> None:
    assert talon_bonus(ctx_of("2H", rules), cards(TALON), cards(lead)) == 25 * multiplier


def test_r_s2_preset_options() -> None:
    assert STANDARD.talon_multiplier == "cards"
    assert CLASSIC.talon_multiplier == "largest_part"


@pytest.mark.parametrize(
    ("talon", "points"),
    [
        pytest.param("3C 4C 6C 7C 8C 9C QC AC", 0, id="R-S2-no-points"),
        pytest.param("KS KS KH KH TD TD TC TC", 80, id="R-S2-all-tens-and-kings"),
        pytest.param("5S 5S 5H 5H BJ RJ 2H 3H", 20, id="R-S2-fives-and-trumps"),
        pytest.param("", 0, id="R-S2-empty"),
    ],
)
@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_s2_talon_points(rules: RuleSet, talon: str, points: int) -> None:
    assert talon_bonus(ctx_of("2H", rules), cards(talon), cards("AS AS")) == 4 * points


@pytest.mark.parametrize(
    ("lead", "standard", "classic"),
    [
        pytest.param("2S 2S BJ BJ", None, 8, id="R-S2-NT-2S-BJ-tractor-in-classic"),
        pytest.param("2S 2D", None, 2, id="R-S2-NT-rank-singles-in-classic"),
        pytest.param("BJ BJ RJ RJ", 8, 8, id="R-S2-NT-joker-tractor"),
        pytest.param("BJ BJ RJ", 6, 4, id="R-S2-NT-joker-throw"),
        pytest.param("AS AS KS KS 2S 2S", 12, None, id="R-S2-NT-2S-plain-in-standard"),
    ],
)
def test_r_s2_no_trump_presets(lead: str, standard: int | None, classic: int | None) -> None:
    # None: the lead mixes effective suits under that preset, so it is never a last lead.
    for rules, multiplier in ((STANDARD, standard), (CLASSIC, classic)):
        ctx = ctx_of("2NT", rules)
        if multiplier is not None:
            assert talon_bonus(ctx, cards(TALON), cards(lead)) == 25 * multiplier


# --- R-S3: the level table -------------------------------------------------------------

SETTLE_TABLE = [
    (-30, DECLARERS, 3),
    (-5, DECLARERS, 3),
    (0, DECLARERS, 3),
    (5, DECLARERS, 2),
    (10, DECLARERS, 2),
    (35, DECLARERS, 2),
    (40, DECLARERS, 1),
    (60, DECLARERS, 1),
    (75, DECLARERS, 1),
    (80, OPPONENTS, 0),
    (100, OPPONENTS, 0),
    (115, OPPONENTS, 0),
    (120, OPPONENTS, 1),
    (155, OPPONENTS, 1),
    (160, OPPONENTS, 2),
    (195, OPPONENTS, 2),
    (200, OPPONENTS, 3),
    (235, OPPONENTS, 3),
    (240, OPPONENTS, 4),
    (275, OPPONENTS, 4),
    (280, OPPONENTS, 5),
    (315, OPPONENTS, 5),
    (320, OPPONENTS, 6),
    (355, OPPONENTS, 6),
    (360, OPPONENTS, 7),
    (400, OPPONENTS, 8),
]


@pytest.mark.parametrize(
    ("points", "winner", "levels"),
    [pytest.param(*row, id=f"R-S3-{row[0]}") for row in SETTLE_TABLE],
)
def test_r_s3_level_table(points: int, winner: str, levels: int) -> None:
    settlement = settle(points)
    assert (settlement.winner, settlement.levels) == (winner, levels)
    assert settlement.declarers_hold == (winner == DECLARERS)


def _standing(settlement: Settlement) -> int:
    """The opponents' result on one scale: declarers +3 lowest, opponents +n highest."""
    if settlement.winner == OPPONENTS:
        return settlement.levels
    return -settlement.levels - 1


@pytest.mark.parametrize("points", range(-40, 441, 5))
def test_r_s3_table_is_monotonic_and_boundaries_are_multiples_of_40(points: int) -> None:
    # R-S3: the opponents never do worse with more points; below 80 the declarers hold
    # on, from 80 the opponents take over and gain one level per further 40.
    here = settle(points)
    later = settle(points + 5)
    assert _standing(later) >= _standing(here)
    if points >= 80:
        assert here == settle(80 + (points - 80) // 40 * 40)
