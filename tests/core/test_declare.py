"""Declaring the trump suit and turning the talon.

Rules covered (docs/rules.md): R-T2 what a declaration is (one trump-rank card, two identical
trump-rank cards, or two identical jokers), R-T3 overriding (single < pair < joker pair,
strictly stronger only, a joker pair is never overridden, a pair never overrides a
pair, a declarer may strengthen their own single into a pair), R-T6 turning the talon
when nobody declared.
"""

from __future__ import annotations

import pytest

from tuolaji.core.cards import parse_cards
from tuolaji.core.declare import Declaration, can_declare, declare_outcome, flip_talon
from tuolaji.core.errors import IllegalAction

RANKS = "23456789TJQKA"
SUITS = "SHDC"


def cards(text: str) -> tuple[int, ...]:
    """The cards of a notation string such as ``"2S 2S"``."""
    return tuple(parse_cards(text))


def standing(seat: int, text: str) -> Declaration:
    """A declaration that stands: ``seat`` revealed ``text``."""
    return Declaration(seat, cards(text))


def suit_letter(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


# --- R-T2: what may be declared ------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "text", "suit", "strength"),
    [
        pytest.param("2", "2S", "S", 1, id="R-T2-1-single-2S"),
        pytest.param("2", "2C", "C", 1, id="R-T2-1-single-2C"),
        pytest.param("9", "9D", "D", 1, id="R-T2-1-single-rank9"),
        pytest.param("A", "AH", "H", 1, id="R-T2-1-single-rankA"),
        pytest.param("2", "2H 2H", "H", 2, id="R-T2-2-pair-2H"),
        pytest.param("T", "TD TD", "D", 2, id="R-T2-2-pair-rankT"),
        pytest.param("2", "BJ BJ", None, 3, id="R-T2-3-black-joker-pair"),
        pytest.param("2", "RJ RJ", None, 3, id="R-T2-3-red-joker-pair"),
        pytest.param("K", "RJ RJ", None, 3, id="R-T2-3-joker-pair-any-rank"),
    ],
)
def test_r_t2_valid_first_declaration(
    rank: str, text: str, suit: str | None, strength: int
) -> None:
    result = declare_outcome(RANKS.index(rank), None, 1, cards(text))
    assert result.seat == 1
    assert result.cards == cards(text)
    assert suit_letter(result.suit) == suit
    assert result.strength == strength
    assert can_declare(RANKS.index(rank), None, 1, cards(text))


@pytest.mark.parametrize(
    ("rank", "text"),
    [
        pytest.param("2", "3S", id="R-T2-non-rank-single"),
        pytest.param("2", "AS", id="R-T2-non-rank-ace"),
        pytest.param("9", "2S", id="R-T2-rank2-card-in-rank9-round"),
        pytest.param("2", "BJ", id="R-T2-single-black-joker"),
        pytest.param("2", "RJ", id="R-T2-single-red-joker"),
        pytest.param("2", "2S 2H", id="R-T2-non-identical-rank-pair"),
        pytest.param("2", "2S 3S", id="R-T2-rank-and-non-rank"),
        pytest.param("2", "3S 3S", id="R-T2-non-rank-pair"),
        pytest.param("2", "BJ RJ", id="R-T2-mixed-jokers"),
        pytest.param("2", "2S BJ", id="R-T2-rank-card-and-joker"),
        pytest.param("2", "2S 2S 2S", id="R-T2-three-cards"),
        pytest.param("2", "2S 2S 2H", id="R-T2-three-rank-cards"),
        pytest.param("2", "BJ BJ RJ", id="R-T2-three-jokers"),
        pytest.param("2", "BJ BJ RJ RJ", id="R-T2-four-jokers"),
        pytest.param("2", "", id="R-T2-no-cards"),
    ],
)
def test_r_t2_invalid_declaration(rank: str, text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        declare_outcome(RANKS.index(rank), None, 0, cards(text))
    assert info.value.rule == "R-T2"
    assert info.value.message
    assert str(info.value).startswith("R-T2")
    assert not can_declare(RANKS.index(rank), None, 0, cards(text))


# --- R-T3: overriding --------------------------------------------------------------------

# (rule, standing seat, standing cards, new seat, new cards, result seat, result cards)
# A result of None means the new declaration is refused under ``rule``.
OVERRIDES = [
    # single < pair < joker pair
    ("R-T3", 0, "2S", 1, "2H 2H", 1, "2H 2H"),
    ("R-T3", 0, "2S", 1, "2S 2S", 1, "2S 2S"),
    ("R-T3", 0, "2S", 1, "BJ BJ", 1, "BJ BJ"),
    ("R-T3", 0, "2S", 3, "RJ RJ", 3, "RJ RJ"),
    ("R-T3", 0, "2S 2S", 1, "BJ BJ", 1, "BJ BJ"),
    ("R-T3", 2, "2D 2D", 1, "RJ RJ", 1, "RJ RJ"),
    # its own declarer included
    ("R-T3", 0, "2S", 0, "2H 2H", 0, "2H 2H"),
    ("R-T3", 0, "2S", 0, "2S 2S", 0, "2S 2S"),
    ("R-T3", 0, "2S 2S", 0, "BJ BJ", 0, "BJ BJ"),
    # not strictly stronger: refused
    ("R-T3", 0, "2S", 1, "2H", None, None),
    ("R-T3", 0, "2S", 2, "2C", None, None),
    ("R-T3", 0, "2S 2S", 1, "2H", None, None),
    ("R-T3", 0, "2S 2S", 1, "2H 2H", None, None),  # a pair never overrides a pair
    ("R-T3", 0, "2S 2S", 0, "2H 2H", None, None),
    ("R-T3", 0, "2H 2H", 1, "2S 2S", None, None),
    # a joker pair is never overridden
    ("R-T3", 0, "BJ BJ", 1, "RJ RJ", None, None),
    ("R-T3", 0, "BJ BJ", 0, "RJ RJ", None, None),
    ("R-T3", 0, "RJ RJ", 1, "BJ BJ", None, None),
    ("R-T3", 0, "BJ BJ", 1, "BJ BJ", None, None),
    ("R-T3", 0, "BJ BJ", 1, "2S 2S", None, None),
    ("R-T3", 0, "RJ RJ", 1, "2S", None, None),
    # strengthening one's own single into a pair: cards = the identical single
    ("R-T3", 0, "2S", 0, "2S", 0, "2S 2S"),
    ("R-T3", 3, "2D", 3, "2D", 3, "2D 2D"),
    ("R-T3", 0, "2S", 1, "2S", None, None),  # only the declarer may strengthen
    ("R-T3", 0, "2S", 2, "2S", None, None),  # not even the partner
    ("R-T3", 0, "2S", 0, "2H", None, None),  # a different suit's single is a single
    ("R-T3", 0, "2S 2S", 0, "2S", None, None),  # a pair cannot grow further
    # not a declaration at all, whatever stands
    ("R-T2", 0, "2S", 1, "3S 3S", None, None),
    ("R-T2", 0, "2S", 1, "BJ RJ", None, None),
    ("R-T2", 0, "2S", 0, "BJ", None, None),
    ("R-T2", 0, "2S", 0, "2S 2S 2S", None, None),
]


def _override_id(case: tuple[object, ...]) -> str:
    rule, s_seat, s_text, n_seat, n_text, r_seat, _ = case
    verdict = "refused" if r_seat is None else "stands"
    return f"{rule}-seat{s_seat}:{s_text}-then-seat{n_seat}:{n_text}-{verdict}".replace(" ", "_")


@pytest.mark.parametrize(
    ("rule", "before", "new", "result"),
    [
        pytest.param(
            rule,
            (s_seat, s_text),
            (n_seat, n_text),
            None if r_seat is None else (r_seat, r_text),
            id=_override_id((rule, s_seat, s_text, n_seat, n_text, r_seat, r_text)),
        )
        for rule, s_seat, s_text, n_seat, n_text, r_seat, r_text in OVERRIDES
    ],
)
def test_r_t3_override(
    rule: str, before: tuple[int, str], new: tuple[int, str], result: tuple[int, str] | None
) -> None:
    stands = standing(*before)
    seat, text = new
    if result is None:
        with pytest.raises(IllegalAction) as info:
            declare_outcome(0, stands, seat, cards(text))
        assert info.value.rule == rule
        assert info.value.message
        assert not can_declare(0, stands, seat, cards(text))
    else:
        assert declare_outcome(0, stands, seat, cards(text)) == standing(*result)
        assert can_declare(0, stands, seat, cards(text))
    assert stands == standing(*before), "the standing declaration is unchanged"


def test_r_t3_strengthened_single_counts_as_a_pair() -> None:
    single = declare_outcome(0, None, 0, cards("2S"))
    pair = declare_outcome(0, single, 0, cards("2S"))
    assert pair == Declaration(0, cards("2S 2S"))
    assert pair.strength == 2
    assert pair.suit == 0
    # being a pair, it cannot be overridden by another pair, only by a joker pair
    with pytest.raises(IllegalAction) as info:
        declare_outcome(0, pair, 1, cards("2H 2H"))
    assert info.value.rule == "R-T3"
    assert declare_outcome(0, pair, 1, cards("BJ BJ")) == Declaration(1, cards("BJ BJ"))


def test_r_t3_joker_pair_message_names_the_reason() -> None:
    with pytest.raises(IllegalAction) as info:
        declare_outcome(0, standing(0, "BJ BJ"), 1, cards("RJ RJ"))
    assert "joker pair" in info.value.message


@pytest.mark.parametrize(
    ("rank", "s_text", "n_text", "allowed"),
    [
        pytest.param("9", "9S", "9H 9H", True, id="R-T3-rank9-pair-over-single"),
        pytest.param("9", "9S", "9H", False, id="R-T3-rank9-single-over-single"),
        pytest.param("9", "9S", "2H 2H", False, id="R-T2-rank9-wrong-rank-pair"),
        pytest.param("A", "AC AC", "RJ RJ", True, id="R-T3-rankA-jokers-over-pair"),
    ],
)
def test_r_t3_other_ranks(rank: str, s_text: str, n_text: str, allowed: bool) -> None:
    assert can_declare(RANKS.index(rank), standing(0, s_text), 1, cards(n_text)) is allowed


# --- R-T6: turning the talon ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "talon", "suit", "turned"),
    [
        # the first trump-rank card turned decides
        pytest.param("2", "2C 3S 4H 5D 6C 7S 8H 9D", "C", 1, id="R-T6-first-card"),
        pytest.param("2", "3S 4H 2D 5C 2H AS KS QS", "D", 3, id="R-T6-first-rank-card-wins"),
        pytest.param("2", "AS KS QS JS TS 9S 8S 2H", "H", 8, id="R-T6-rank-card-last"),
        pytest.param("9", "AS 9H 9S KD QD JD TD 8D", "H", 2, id="R-T6-rank9"),
        pytest.param("2", "BJ RJ 2S 3H 4H 5H 6H 7H", "S", 3, id="R-T6-jokers-count-as-turned"),
        pytest.param("A", "KS QS AD AC 3H 4H 5H 6H", "D", 3, id="R-T6-rankA"),
        # no rank card: highest non-joker, A high, all 8 turned
        pytest.param("2", "3S KH 9D AC 4S 5H QD 6C", "C", 8, id="R-T6-highest-ace"),
        pytest.param("2", "3S KH 9D QC 4S 5H JD 6C", "H", 8, id="R-T6-highest-king"),
        pytest.param("9", "3S 4H 5D 6C 7S 8H TD 3C", "D", 8, id="R-T6-highest-ten"),
        pytest.param("A", "3S KD 4H KS 5C 6C 7C 8C", "D", 8, id="R-T6-rankA-king-highest"),
        # among equally high cards the first turned decides
        pytest.param("2", "KS 3H AD 4C AH 5S 6D 7C", "D", 8, id="R-T6-tie-first-turned"),
        pytest.param("2", "AC AS AH AD 3S 3H 3D 3C", "C", 8, id="R-T6-tie-four-aces"),
        pytest.param("2", "3D 4D 5D 6D 3S 4S 5S 6S", "D", 8, id="R-T6-tie-sixes"),
        # jokers are turned but skipped
        pytest.param("2", "BJ RJ BJ RJ 3S 4H 5D KC", "C", 8, id="R-T6-jokers-skipped"),
        pytest.param("2", "RJ 3S RJ BJ BJ 4H 5D 3C", "D", 8, id="R-T6-only-low-cards"),
    ],
)
def test_r_t6_flip_talon(rank: str, talon: str, suit: str, turned: int) -> None:
    assert flip_talon(RANKS.index(rank), cards(talon)) == (SUITS.index(suit), turned)
