"""shengji.io's remaining settings for a four-player, two-pack table, as rule options
(docs/rules.md §12, "shengji.io's settings and their counterparts"):

- R-H3 ``throw_penalty_per``: the penalty counted per card taken back, or once per
  failed throw (shengji.io's ``TenPointsPerAttempt``).
- R-T6 ``talon_flip``: the talon turned until a trump-rank card, else its highest card;
  or its first card alone, a joker giving no trump suit (shengji.io's ``FirstCard``).
- R-T3 ``declaration_order``: more cards then jokers (today's order), the same with a
  higher suit over an equal pair, or more cards only (shengji.io's bid policies).
- R-T3 ``reinforce_to_tie``: a single overridden by a pair of rank cards made a pair
  that stands (shengji.io's ``ReinforceWhileEquivalent``).
- R-T2 ``red_joker_single``: one red joker declares no trump, a black one needs its
  pair (shengji.io's ``LJNumDecksHJNumDecksLessOne``).
- R-W4 ``throw_evaluation``: ruffs of a throw compared by their highest part of the
  layout's biggest kind, or by their highest card (shengji.io's ``Highest``).

Each: its values read and written back, the default game's spec unchanged, and every bad
value or contradiction a ``RulesError`` naming the option.
"""

from __future__ import annotations

from typing import Any

import pytest

from tuolaji.core import IllegalAction, parse_cards, trump_context
from tuolaji.core.cards import to_layers
from tuolaji.core.declare import (
    Declaration,
    can_declare,
    declaration_final,
    declaration_options,
    declare_outcome,
    flip_talon,
)
from tuolaji.core.rules import (
    SHENGJI,
    STANDARD,
    RulesError,
    RuleSet,
    rules_from_spec,
    rules_from_written_spec,
)
from tuolaji.core.throws import check_throw
from tuolaji.core.tricks import trick_winner

# ------------------------------------------------------------------ the option values

NEW_OPTIONS: dict[str, tuple[Any, Any]] = {
    # option: (its default, a value that is not)
    "throw_penalty_per": ("card", "throw"),
    "talon_flip": ("rank_or_highest", "first_card"),
    "declaration_order": ("joker_or_length", "joker_or_higher_suit"),
    "reinforce_to_tie": (False, True),
    "red_joker_single": (False, True),
    "first_declarer_starts": (False, True),
    "throw_evaluation": ("biggest_part", "highest"),
}


@pytest.mark.parametrize("name", NEW_OPTIONS)
def test_s12_each_new_option_defaults_to_todays_game_and_round_trips(name: str) -> None:
    default, other = NEW_OPTIONS[name]
    assert getattr(STANDARD, name) == default
    assert name not in STANDARD.to_spec()  # a default game's rules are written as before
    changed = STANDARD.with_options(**{name: other})
    assert changed.to_spec()[name] == other
    assert rules_from_spec(changed.to_spec()) == changed
    assert hash(rules_from_spec(changed.to_spec())) == hash(changed)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"throw_penalty_per": "cards"}, "throw_penalty_per"),
        ({"throw_penalty_per": 1}, "throw_penalty_per"),
        ({"throw_penalty_per": None}, "throw_penalty_per"),
        ({"talon_flip": "first"}, "talon_flip"),
        ({"talon_flip": True}, "talon_flip"),
        ({"declaration_order": "suit"}, "declaration_order"),
        ({"declaration_order": ["length"]}, "declaration_order"),
        ({"reinforce_to_tie": "yes"}, "reinforce_to_tie"),
        ({"red_joker_single": 1}, "red_joker_single"),
        ({"first_declarer_starts": None}, "first_declarer_starts"),
        ({"throw_evaluation": "all"}, "throw_evaluation"),
        # contradictions: each names the option that needs another
        ({"declaration_order": "length", "red_jokers_override": True}, "declaration_order"),
        ({"red_joker_single": True, "joker_no_trump": False}, "red_joker_single"),
        ({"reinforce_to_tie": True, "reinforce": False}, "reinforce_to_tie"),
    ],
)
def test_s12_bad_values_are_refused_naming_the_option(options: dict[str, Any], named: str) -> None:
    with pytest.raises(RulesError, match=f"option {named}"):
        STANDARD.with_options(**options)
    with pytest.raises(RulesError, match=named):
        rules_from_spec({"preset": "shengji", **options})


# ------------------------------------------------------------------ R-H3 per throw

THROW = parse_cards("AS AS KS 3S")
OTHERS = [parse_cards("4S 5S 9D"), parse_cards("QS JS"), parse_cards("KS 7C")]


@pytest.mark.parametrize(
    ("options", "penalty"),
    [
        ({}, 30),  # 10 for each of the 3 cards taken back
        ({"throw_penalty_per": "throw"}, 10),  # 10 once: shengji.io's ten points per attempt
        ({"throw_penalty_per": "throw", "throw_penalty": 25}, 25),
        ({"throw_penalty_per": "throw", "throw_penalty": 0}, 0),
        ({"throw_penalty_per": "card", "throw_penalty": 5}, 15),
    ],
)
def test_r_h3_the_penalty_is_counted_per_card_or_per_throw(
    options: dict[str, Any], penalty: int
) -> None:
    ctx = trump_context(0, 1, STANDARD.with_options(**options))
    verdict = check_throw(ctx, THROW, OTHERS)
    assert not verdict.valid and verdict.penalty == penalty


def test_r_h3_a_throw_that_stands_costs_nothing_per_throw_either() -> None:
    ctx = trump_context(0, 1, STANDARD.with_options(throw_penalty_per="throw"))
    assert check_throw(ctx, parse_cards("AS AS KS"), OTHERS).penalty == 0


def test_r_h3_the_shengji_preset_counts_per_card_with_no_penalty() -> None:
    assert (SHENGJI.throw_penalty, SHENGJI.throw_penalty_per) == (0, "card")


def test_s12_the_shengji_preset_needs_its_red_pair_off_for_the_length_order() -> None:
    with pytest.raises(RulesError, match="contradicts red_jokers_override"):
        SHENGJI.with_options(declaration_order="length")
    rules = SHENGJI.with_options(declaration_order="length", red_jokers_override=False)
    assert rules.declaration_order == "length" and rules_from_spec(rules.to_spec()) == rules


def test_s12_only_the_later_declaring_options_take_the_full_check() -> None:
    for rules in (STANDARD, SHENGJI, STANDARD.with_options(overturn_own=False)):
        assert not rules.custom_declaring
    for options in (
        {"declaration_order": "length"},
        {"reinforce_to_tie": True},
        {"red_joker_single": True},
    ):
        assert STANDARD.with_options(**options).custom_declaring


# ------------------------------------------------------------------ R-T6 the first card


@pytest.mark.parametrize(
    ("talon", "rank_or_highest", "first_card"),
    [
        ("BJ 7S 2D 9H 3C 4C 5C 6C", ("D", 3), (None, 1)),  # a joker first: no trump suit
        ("RJ BJ KH 9C 3S 4S 5S 6S", ("H", 8), (None, 1)),
        ("7S KH 9C 2D 3C 4C 5C 6C", ("D", 4), ("S", 1)),  # the first card, not the 2
        ("2C 7S KH 9C 3C 4C 5C 6C", ("C", 1), ("C", 1)),
    ],
)
def test_r_t6_the_first_card_decides_under_talon_flip_first_card(
    talon: str, rank_or_highest: tuple[str | None, int], first_card: tuple[str | None, int]
) -> None:
    letters = "SHDC"
    for rules, expected in (
        (STANDARD, rank_or_highest),
        (STANDARD.with_options(talon_flip="first_card"), first_card),
    ):
        suit, turned = flip_talon(0, parse_cards(talon), rules)
        assert (None if suit is None else letters[suit], turned) == expected


# ------------------------------------------------------------------ R-T3 the orders

HIGHER_SUIT = STANDARD.with_options(declaration_order="joker_or_higher_suit")
LENGTH = STANDARD.with_options(declaration_order="length")
SHENGJI_SUIT = SHENGJI.with_options(declaration_order="joker_or_higher_suit")


def allowed(rules: RuleSet, standing: str | None, cards: str, seat: int = 2) -> bool:
    """Whether seat ``seat`` may declare ``cards`` over ``standing`` (seat 1's), rank 2."""
    over = None if standing is None else Declaration(1, tuple(parse_cards(standing)))
    return can_declare(0, over, seat, parse_cards(cards), rules)


@pytest.mark.parametrize(
    ("standing", "cards", "today", "higher_suit", "length"),
    [
        ("2S", "2H", False, False, False),  # a single never over a single
        ("2S", "2H 2H", True, True, True),  # more cards
        ("2D 2D", "2S 2S", False, True, False),  # spades above diamonds
        ("2C 2C", "2D 2D", False, False, False),  # diamonds lowest: below clubs
        ("2D 2D", "2C 2C", False, True, False),
        ("2C 2C", "2H 2H", False, True, False),
        ("2H 2H", "2S 2S", False, True, False),
        ("2S 2S", "2H 2H", False, False, False),
        ("2S 2S", "BJ BJ", True, True, False),  # jokers over rank cards at equal length
        ("BJ BJ", "RJ RJ", False, False, False),  # the red pair only with red_jokers_override
        ("2H", "BJ BJ", True, True, True),
    ],
)
def test_r_t3_each_declaration_order(
    standing: str, cards: str, today: bool, higher_suit: bool, length: bool
) -> None:
    assert allowed(STANDARD, standing, cards) is today
    assert allowed(HIGHER_SUIT, standing, cards) is higher_suit
    assert allowed(LENGTH, standing, cards) is length


def test_r_t3_shengji_with_the_higher_suit_order_keeps_its_red_pair_on_top() -> None:
    assert allowed(SHENGJI_SUIT, "BJ BJ", "RJ RJ")
    assert allowed(SHENGJI_SUIT, "2S 2S", "BJ BJ")
    assert not allowed(SHENGJI_SUIT, "RJ RJ", "BJ BJ")


def test_r_t3_a_higher_suit_over_a_pair_is_a_pair_of_rank_cards_only() -> None:
    # shengji.io compares suits only between bids of two or more cards
    assert not allowed(HIGHER_SUIT, "2D", "2S")


@pytest.mark.parametrize(
    ("rules", "final", "not_final"),
    [
        (LENGTH, ["2D 2D", "BJ BJ", "RJ RJ"], ["2S"]),
        (HIGHER_SUIT, ["BJ BJ", "RJ RJ"], ["2S 2S", "2D 2D", "2H"]),
        (HIGHER_SUIT.with_options(joker_no_trump=False), ["2S 2S"], ["2H 2H", "2D 2D"]),
        (SHENGJI_SUIT, ["RJ RJ"], ["BJ BJ", "2S 2S"]),
    ],
)
def test_r_t4_a_declaration_nothing_overrides_settles_the_trump(
    rules: RuleSet, final: list[str], not_final: list[str]
) -> None:
    for cards in final:
        assert declaration_final(Declaration(1, tuple(parse_cards(cards))), rules), cards
    for cards in not_final:
        assert not declaration_final(Declaration(1, tuple(parse_cards(cards))), rules), cards


def test_r_t3_the_listed_declarations_are_exactly_those_allowed() -> None:
    hand = parse_cards("2S 2S 2H 2D 2D 2C BJ BJ RJ")
    layers = to_layers(hand)
    candidates = ["2S", "2H", "2D", "2C", "2S 2S", "2D 2D", "BJ BJ", "RJ"]
    for rules in (HIGHER_SUIT, LENGTH, SHENGJI_SUIT, STANDARD.with_options(red_joker_single=True)):
        for standing in (None, "2H", "2C 2C", "2H 2H", "BJ BJ"):
            over = None if standing is None else Declaration(1, tuple(parse_cards(standing)))
            listed = {tuple(option) for option in declaration_options(0, over, 2, layers, rules)}
            expected = {
                tuple(parse_cards(cards))
                for cards in candidates
                if can_declare(0, over, 2, parse_cards(cards), rules)
            }
            assert listed == expected, (rules.options(), standing)


# ------------------------------------------------------------------ R-T3 reinforcing to tie

TIE = STANDARD.with_options(reinforce_to_tie=True)


def test_r_t3_a_single_overridden_by_a_pair_is_made_a_pair_that_stands() -> None:
    mine = Declaration(2, tuple(parse_cards("2C")))
    pair = Declaration(1, tuple(parse_cards("2S 2S")))
    for shown in ("2C", "2C 2C"):  # the twin alone, or both cards
        outcome = declare_outcome(0, pair, 2, parse_cards(shown), TIE, mine)
        assert outcome == Declaration(2, tuple(parse_cards("2C 2C")))
    # without the option, or without the earlier single, a pair cannot override a pair
    assert not can_declare(0, pair, 2, parse_cards("2C 2C"), STANDARD, mine)
    assert not can_declare(0, pair, 2, parse_cards("2C 2C"), TIE)
    # another card than the earlier single is no tie
    assert not can_declare(0, pair, 2, parse_cards("2D 2D"), TIE, mine)


def test_r_t3_no_tie_against_jokers_nor_by_repeating_a_pair() -> None:
    mine = Declaration(2, tuple(parse_cards("2C")))
    jokers = Declaration(1, tuple(parse_cards("BJ BJ")))
    assert not can_declare(0, jokers, 2, parse_cards("2C"), TIE, mine)
    # a pair overridden is not reinforced by showing it again (nothing is added)
    my_pair = Declaration(2, tuple(parse_cards("2C 2C")))
    higher = Declaration(1, tuple(parse_cards("2S 2S")))
    rules = HIGHER_SUIT.with_options(reinforce_to_tie=True)
    assert not can_declare(0, higher, 2, parse_cards("2C 2C"), rules, my_pair)


def test_r_t3_the_tie_is_listed_with_the_earlier_single() -> None:
    mine = Declaration(2, tuple(parse_cards("2C")))
    pair = Declaration(1, tuple(parse_cards("2S 2S")))
    layers = to_layers(parse_cards("2C 2C 7H"))
    options = declaration_options(0, pair, 2, layers, TIE, mine)
    assert sorted(options) == sorted([tuple(parse_cards("2C")), tuple(parse_cards("2C 2C"))])
    # holding the single only, nothing can tie
    assert declaration_options(0, pair, 2, to_layers(parse_cards("2C 7H")), TIE, mine) == []


def test_r_t4_with_reinforce_to_tie_a_rank_pair_does_not_settle_the_trump_at_once() -> None:
    rules = TIE.with_options(joker_no_trump=False)
    assert not declaration_final(Declaration(1, tuple(parse_cards("2S 2S"))), rules)
    assert declaration_final(
        Declaration(1, tuple(parse_cards("2S 2S"))), STANDARD.with_options(joker_no_trump=False)
    )


# ------------------------------------------------------------------ R-T2 one red joker

RED_SINGLE = STANDARD.with_options(red_joker_single=True)


def test_r_t2_one_red_joker_declares_no_trump_a_black_one_does_not() -> None:
    outcome = declare_outcome(0, None, 2, parse_cards("RJ"), RED_SINGLE)
    assert outcome.suit is None
    with pytest.raises(IllegalAction) as refused:
        declare_outcome(0, None, 2, parse_cards("BJ"), RED_SINGLE)
    assert refused.value.rule == "R-T2"
    assert "only a red joker declares alone" in str(refused.value)
    assert not allowed(STANDARD, None, "RJ")


@pytest.mark.parametrize(
    ("standing", "cards", "expected"),
    [
        ("2S", "RJ", True),  # a red joker over a single rank card
        ("RJ", "2S", False),
        ("RJ", "2S 2S", True),  # any pair over a single red joker
        ("RJ", "BJ BJ", True),
        ("RJ", "RJ", False),
        ("2S 2S", "RJ", False),
    ],
)
def test_r_t3_where_a_single_red_joker_stands(standing: str, cards: str, expected: bool) -> None:
    assert allowed(RED_SINGLE, standing, cards) is expected


def test_r_t3_a_single_red_joker_under_the_length_order_is_a_single() -> None:
    rules = LENGTH.with_options(red_joker_single=True)
    assert not allowed(rules, "2S", "RJ") and not allowed(rules, "RJ", "2S")
    assert allowed(rules, "RJ", "2S 2S")


def test_r_t3_the_red_joker_declarer_reinforces_it_into_the_pair() -> None:
    mine = Declaration(2, tuple(parse_cards("RJ")))
    assert declare_outcome(0, mine, 2, parse_cards("RJ"), RED_SINGLE).cards == tuple(
        parse_cards("RJ RJ")
    )


# ------------------------------------------------------------------ R-W4 ruffing a throw

HIGHEST = STANDARD.with_options(throw_evaluation="highest")


@pytest.mark.parametrize(
    ("plays", "biggest_part", "highest"),
    [
        # a pair and a single thrown in spades, hearts trump: both ruffs match the layout
        (["AS AS KS", "3H 3H BJ", "AH AH 4H", "5D 6D 7D"], 2, 1),  # AH pair; BJ card
        (["AS AS KS", "AH AH 4H", "3H 3H BJ", "5D 6D 7D"], 1, 2),
        (["AS AS KS", "AH AH BJ", "3H 3H BJ", "5D 6D 7D"], 1, 1),  # equal: the earlier
        (["AS KS", "3H 4H", "BJ 5H", "5D 6D"], 2, 2),  # singles only: the same rule
        (["AS AS KS", "3H 4H BJ", "AH AH 4H", "5D 6D 7D"], 2, 2),  # no pair: no match
        (["AS AS KS KS 7S", "3H 3H 4H 4H RJ", "AH AH KH KH 5H", "5D 6D 7D 8D 9D"], 2, 1),
    ],
)
def test_r_w4_which_ruff_of_a_throw_wins(plays: list[str], biggest_part: int, highest: int) -> None:
    for rules, expected in ((STANDARD, biggest_part), (HIGHEST, highest)):
        ctx = trump_context(0, 1, rules)
        assert trick_winner(ctx, [parse_cards(play) for play in plays]) == expected


def test_s12_a_written_shengji_spec_without_talon_flip_reads_the_rule_it_was_played_under() -> None:
    old = {key: value for key, value in SHENGJI.to_spec().items() if key != "talon_flip"}
    assert rules_from_written_spec(old) == SHENGJI.with_options(talon_flip="rank_or_highest")
    assert rules_from_written_spec(SHENGJI.to_spec()) == SHENGJI
    # what a person writes reads the preset's value, as always
    assert rules_from_spec(old) == SHENGJI
    assert rules_from_written_spec({"preset": "classic"}) == rules_from_spec("classic")
