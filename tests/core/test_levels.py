"""The level change under the scoring option (R-S3) and the must-defend ranks (R-S6).

- R-S3: the standard ``scoring`` gives exactly the table of docs/rules.md for every
  total from −100 to 1000; other steps, thresholds, shut-out bonus and cap give the
  documented formula and the documented example table.
- R-S6: the documented table of the climb with ``5 T K A`` to defend; a climb never
  jumps a must-defend rank, leaves one only as holding declarers, and without
  must-defend ranks is plain addition.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuolaji.core.cards import RANKS
from tuolaji.core.rules import STANDARD
from tuolaji.core.scoring import DECLARERS, OPPONENTS, PAST_ACE, climb, settle


def table_r_s3(points: int) -> tuple[str, int]:
    """R-S3's table as docs/rules.md writes it."""
    points = max(points, 0)
    if points == 0:
        return DECLARERS, 3
    if points < 40:
        return DECLARERS, 2
    if points < 80:
        return DECLARERS, 1
    return OPPONENTS, (points - 80) // 40


@pytest.mark.parametrize("points", range(-100, 1001))
def test_r_s3_the_standard_scoring_is_the_table(points: int) -> None:
    settlement = settle(points, STANDARD)
    assert (settlement.winner, settlement.levels) == table_r_s3(points)
    assert settle(points) == settlement


EXAMPLE = STANDARD.with_options(scoring={"step": 30, "take_over": 60, "opponents_up": 90, "cap": 3})


@pytest.mark.parametrize(
    ("points", "winner", "levels"),
    [
        (0, DECLARERS, 3),
        (5, DECLARERS, 2),
        (25, DECLARERS, 2),
        (30, DECLARERS, 1),
        (55, DECLARERS, 1),
        (60, OPPONENTS, 0),
        (85, OPPONENTS, 0),
        (90, OPPONENTS, 1),
        (115, OPPONENTS, 1),
        (120, OPPONENTS, 2),
        (145, OPPONENTS, 2),
        (150, OPPONENTS, 3),
        (400, OPPONENTS, 3),  # the cap
    ],
)
def test_r_s3_the_documented_example_table(points: int, winner: str, levels: int) -> None:
    settlement = settle(points, EXAMPLE)
    assert (settlement.winner, settlement.levels) == (winner, levels)


@given(
    points=st.integers(-50, 600),
    step=st.integers(1, 200),
    take_over=st.integers(1, 200),
    extra=st.integers(0, 300),
    bonus=st.integers(0, 12),
    cap=st.one_of(st.none(), st.integers(1, 12)),
)
def test_r_s3_the_scoring_formula(
    points: int, step: int, take_over: int, extra: int, bonus: int, cap: int | None
) -> None:
    up = take_over + extra
    rules = STANDARD.with_options(
        scoring={
            "step": step,
            "take_over": take_over,
            "opponents_up": up,
            "shutout_bonus": bonus,
            "cap": cap,
        }
    )
    settlement = settle(points, rules)
    p = max(points, 0)
    if p < take_over:
        expected = math.ceil((take_over - p) / step) + (bonus if p == 0 else 0)
        assert settlement.winner == DECLARERS
    else:
        expected = 0 if p < up else 1 + (p - up) // step
        assert settlement.winner == OPPONENTS
    assert settlement.levels == (expected if cap is None else min(expected, cap))


# ------------------------------------------------------------------ R-S6

DEFEND = STANDARD.with_options(must_defend=["5", "T", "K", "A"])
#: docs/rules.md R-S6: level → (declarers hold +1, +2, +3), (opponents +1, +2, +3)
DOCUMENTED = {
    "3": ("4 5 5", "4 5 5"),
    "4": ("5 5 5", "5 5 5"),
    "5": ("6 7 8", "5 5 5"),
    "8": ("9 T T", "9 T T"),
    "J": ("Q K K", "Q K K"),
    "K": ("A A A", "K K K"),
    "A": ("won won won", "A A A"),
}


def name(level: int) -> str:
    return "won" if level >= PAST_ACE else RANKS[level]


@pytest.mark.parametrize("start", list(DOCUMENTED))
def test_r_s6_the_documented_climbs(start: str) -> None:
    holding, taking_over = DOCUMENTED[start]
    level = RANKS.index(start)
    assert " ".join(name(climb(level, n, True, DEFEND)) for n in (1, 2, 3)) == holding
    assert " ".join(name(climb(level, n, False, DEFEND)) for n in (1, 2, 3)) == taking_over


@given(
    ranks=st.lists(st.sampled_from(RANKS), max_size=6),
    level=st.integers(0, 12),
    levels=st.integers(0, 8),
    declared=st.booleans(),
)
def test_r_s6_a_climb_never_jumps_a_must_defend_rank(
    ranks: list[str], level: int, levels: int, declared: bool
) -> None:
    rules = STANDARD.with_options(must_defend=ranks)
    reached = climb(level, levels, declared, rules)
    defend = set(rules.must_defend)
    assert level <= reached <= level + levels
    assert not defend & set(range(level + 1, reached)), "a must-defend rank jumped"
    if level in defend and reached > level:
        assert declared, "left a must-defend rank without defending it"
    if reached < level + levels:
        assert reached in defend, "stopped short of the gain on no must-defend rank"
    if not defend:
        assert reached == level + levels  # the plain addition of the standard rules


def test_r_s5_with_a_to_defend_only_holding_declarers_pass_it() -> None:
    rules = STANDARD.with_options(must_defend=["A"])
    assert climb(12, 1, True, rules) == PAST_ACE
    assert climb(12, 3, False, rules) == 12
    assert climb(10, 5, True, rules) == 12  # Q to A: stops on A
