"""The declaring options (docs/rules.md R-T2, R-T3, §12).

- R-T2 ``joker_no_trump``: off, a joker pair is no declaration (refused naming R-T2,
  with ``no_jokers`` in the details so the refusal can say why).
- R-T3 ``red_jokers_override``: a red joker pair overrides a black one, and only the red
  pair is final; ``reinforce`` off: a standing single cannot be made a pair with its
  twin; ``overturn_own`` off: the seat whose declaration stands may only reinforce it.
- For any hand, standing declaration and options, ``declaration_options`` lists exactly
  the candidate declarations ``can_declare`` allows that the hand holds, and the game's
  quick ``could_declare`` test agrees with it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import IllegalAction, parse_cards
from tuolaji.core.cards import BJ, RJ, contains_layers, to_layers
from tuolaji.core.declare import (
    Declaration,
    can_declare,
    declaration_final,
    declaration_options,
    declaration_strength,
    declare_outcome,
)
from tuolaji.core.errors import NO_REINFORCING, OWN_DECLARATION, TOO_WEAK
from tuolaji.core.rules import SHENGJI, STANDARD, RuleSet
from tuolaji.game.state import Phase, RoundState
from tuolaji.game.turn import could_declare

RED = STANDARD.with_options(red_jokers_override=True)
NO_JOKERS = STANDARD.with_options(joker_no_trump=False)
NO_REINFORCE = STANDARD.with_options(reinforce=False)
OWN_ONLY = STANDARD.with_options(overturn_own=False)


def standing(seat: int, cards: str) -> Declaration:
    return Declaration(seat, tuple(parse_cards(cards)))


def refusal(rules: RuleSet, stands: Declaration | None, seat: int, cards: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        declare_outcome(0, stands, seat, parse_cards(cards), rules)
    return info.value


def test_r_t2_without_joker_no_trump_a_joker_pair_is_no_declaration() -> None:
    assert can_declare(0, None, 0, parse_cards("BJ BJ"))
    error = refusal(NO_JOKERS, None, 0, "RJ RJ")
    assert error.rule == "R-T2" and error.details == {"rank": 0, "no_jokers": 1}
    assert can_declare(0, None, 0, parse_cards("2S 2S"), NO_JOKERS)
    hand = to_layers(parse_cards("2S BJ BJ RJ RJ"))
    assert declaration_options(0, None, 0, hand, NO_JOKERS) == [tuple(parse_cards("2S"))]
    # a pair is then final: nothing could override it
    assert declaration_final(standing(1, "2S 2S"), NO_JOKERS)
    assert not declaration_final(standing(1, "2S 2S"))


def test_r_t3_a_red_joker_pair_overrides_a_black_one_only_with_the_option() -> None:
    black = standing(1, "BJ BJ")
    error = refusal(STANDARD, black, 2, "RJ RJ")
    assert (error.rule, error.reason) == ("R-T3", "joker-pair-stands")
    assert declare_outcome(0, black, 2, parse_cards("RJ RJ"), RED).cards == (RJ, RJ)
    assert declaration_strength(standing(0, "RJ RJ"), RED) == 4
    assert declaration_strength(standing(0, "RJ RJ")) == declaration_strength(black) == 3
    assert not declaration_final(black, RED) and declaration_final(standing(0, "RJ RJ"), RED)
    # a black pair over a red one, or a pair over the black one, stays too weak
    assert refusal(RED, standing(1, "RJ RJ"), 2, "BJ BJ").reason == "joker-pair-stands"
    assert refusal(RED, black, 2, "BJ BJ").reason == TOO_WEAK
    assert refusal(RED, black, 2, "2S 2S").reason == TOO_WEAK


def test_r_t3_reinforcing_off_refuses_the_twin_shown_alone_or_with_its_card() -> None:
    single = standing(1, "2S")
    assert declare_outcome(0, single, 1, parse_cards("2S")).cards == (0, 0)
    for cards in ("2S", "2S 2S"):
        error = refusal(NO_REINFORCE, single, 1, cards)
        assert (error.rule, error.reason) == ("R-T3", NO_REINFORCING)
    # the declarer may still override their single with another pair, and others too
    assert can_declare(0, single, 1, parse_cards("2H 2H"), NO_REINFORCE)
    assert can_declare(0, single, 2, parse_cards("2H 2H"), NO_REINFORCE)


def test_r_t3_overturn_own_off_leaves_the_declarer_only_reinforcing() -> None:
    single = standing(1, "2S")
    error = refusal(OWN_ONLY, single, 1, "2H 2H")
    assert (error.rule, error.reason, error.details) == ("R-T3", OWN_DECLARATION, {"seat": 1})
    assert refusal(OWN_ONLY, standing(1, "2S 2S"), 1, "BJ BJ").reason == OWN_DECLARATION
    assert can_declare(0, single, 1, parse_cards("2S"), OWN_ONLY)  # the twin
    assert can_declare(0, single, 3, parse_cards("2H 2H"), OWN_ONLY)  # another seat
    # too weak anyway is said first
    assert refusal(OWN_ONLY, single, 1, "2H").reason == TOO_WEAK
    # shengji: both
    assert can_declare(0, single, 1, parse_cards("2S"), SHENGJI)
    assert not can_declare(0, single, 1, parse_cards("BJ BJ"), SHENGJI)


# ------------------------------------------------------------------ every case at once

RULE_SETS = st.builds(
    lambda red, reinforce, overturn, jokers: STANDARD.with_options(
        red_jokers_override=red, reinforce=reinforce, overturn_own=overturn, joker_no_trump=jokers
    ),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
#: the cards a declaration can be made of with rank 2: the 2s and the jokers
DECLARING = [0, 13, 26, 39, BJ, RJ]
STANDING = st.one_of(
    st.none(),
    st.builds(
        lambda seat, kind, pair: Declaration(seat, (kind, kind) if pair or kind >= BJ else (kind,)),
        st.integers(0, 3),
        st.sampled_from(DECLARING),
        st.booleans(),
    ),
)


def candidates() -> list[tuple[int, ...]]:
    """Every declaration shape there is with rank 2."""
    return [(kind,) for kind in DECLARING[:4]] + [(kind, kind) for kind in DECLARING]


@settings(max_examples=400, deadline=None)
@given(
    rules=RULE_SETS,
    stands=STANDING,
    seat=st.integers(0, 3),
    counts=st.lists(st.integers(0, 2), min_size=6, max_size=6),
)
def test_r_t3_the_options_listed_are_exactly_the_allowed_ones(
    rules: RuleSet, stands: Declaration | None, seat: int, counts: list[int]
) -> None:
    hand_cards = [kind for kind, count in zip(DECLARING, counts, strict=True) for _ in range(count)]
    if stands is not None and stands.seat == seat:
        # a seat's own standing cards are in its hand
        for kind in set(stands.cards):
            while hand_cards.count(kind) < stands.cards.count(kind):
                hand_cards.append(kind)
    hand = to_layers(hand_cards)
    listed = declaration_options(0, stands, seat, hand, rules)
    allowed = []
    for cards in candidates():
        if not can_declare(0, stands, seat, cards, rules):
            continue
        outcome = declare_outcome(0, stands, seat, cards, rules)
        # the seat shows the cards of the outcome: its hand must hold them all
        if contains_layers(hand, to_layers(outcome.cards)) and contains_layers(
            hand, to_layers(cards)
        ):
            allowed.append(cards)
    assert sorted(listed) == sorted(allowed)
    # the game's quick test, on a round in the draw with that hand and that standing
    state = RoundState(1, 0, None, None, 0, [])
    state.hands = [hand if other == seat else (0, 0) for other in range(4)]
    state.declaration = stands
    assert could_declare(Phase.DRAW, state, seat, rules) == bool(listed)
