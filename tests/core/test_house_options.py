"""The options added to the rule set for house rules (docs/rules.md §12), as values.

- S12: each is read from its JSON form and written back (``with_options``,
  ``rules_from_spec``, ``to_spec``), the shengji preset holds its documented values, a
  spec leaves out the added options a rule set does not use (so the rules of a default
  game are written as before), and every bad value — wrong type, out of range, options
  contradicting each other — is a ``RulesError`` naming the option.
- Rule sets stay hashable, and a pickled one (a bot worker's) is equal and hashes equal.
"""

from __future__ import annotations

import pickle
from typing import Any, cast

import pytest

from tuolaji.core.rule_values import DEFAULT_SCORING, Scoring
from tuolaji.core.rules import (
    CLASSIC,
    OPTION_NAMES,
    SHENGJI,
    STANDARD,
    RulesError,
    RuleSet,
    preset,
    rules_from_spec,
)

# ------------------------------------------------------------------ reading values


@pytest.mark.parametrize(
    ("value", "ranks"),
    [
        ([], ()),
        (["5", "T", "K"], (3, 8, 11)),
        (["K", "10", "5", "5"], (3, 8, 11)),  # any order, 10 is T, each once
        ("5,T,K", (3, 8, 11)),  # as --option takes it
        ("a 2", (0, 12)),
        ("", ()),
    ],
)
def test_s12_must_defend_reads_rank_names(value: object, ranks: tuple[int, ...]) -> None:
    rules = STANDARD.with_options(must_defend=value)
    assert rules.must_defend == ranks
    assert rules_from_spec(rules.to_spec()) == rules


def test_s12_scoring_changes_only_the_fields_given() -> None:
    rules = STANDARD.with_options(scoring={"cap": 3})
    assert rules.scoring == Scoring(cap=3)
    twice = rules.with_options(scoring={"step": 30})
    assert twice.scoring == Scoring(step=30, cap=3), "merged over the rules' own"
    assert rules_from_spec({"preset": "shengji", "scoring": {"take_over": 70}}).scoring == (
        Scoring(take_over=70)
    )
    assert STANDARD.with_options(scoring=Scoring(step=20)).scoring.step == 20


@pytest.mark.parametrize("starter", ["redeal", "random", 0, 1, 2, 3])
def test_s12_first_round_starter_values(starter: object) -> None:
    rules = STANDARD.with_options(first_round_starter=starter)
    assert rules.first_round_starter == starter
    assert rules_from_spec(rules.to_spec()) == rules


def test_s12_the_shengji_preset() -> None:
    assert SHENGJI == preset("shengji") == rules_from_spec("shengji")
    assert SHENGJI.preset == "shengji"
    expected = {
        "follow_tractor_first": True,
        "rank_trumps_in_no_trump": True,
        "talon_multiplier": "largest_part",
        "throw_penalty": 0,
        "failed_throw_must_beat": False,
        "must_defend": ["A"],
        "ace_attempts": 0,
        "scoring": DEFAULT_SCORING.to_json(),
        "red_jokers_override": True,
        "reinforce": True,
        "overturn_own": False,
        "joker_no_trump": True,
        "show_talon": False,
        "first_round_starter": "redeal",
        "hidden_history": False,
        "hide_blocker": False,
        "hide_declarer_points": False,
        # a table setting, not a rule of play: the preset leaves it off (R-U1)
        "takebacks": False,
        "throw_penalty_per": "card",
        "talon_flip": "first_card",
        "declaration_order": "joker_or_length",
        "reinforce_to_tie": False,
        "red_joker_single": False,
        "first_declarer_starts": False,
        "throw_evaluation": "biggest_part",
    }
    assert SHENGJI.options() == expected


# ------------------------------------------------------------------ specs


def test_s12_a_default_spec_is_written_as_before_the_added_options() -> None:
    for rules in (STANDARD, CLASSIC, CLASSIC.with_options(throw_penalty=5)):
        assert list(rules.to_spec()) == ["preset", *OPTION_NAMES[:5]]
    # an added option is written when it is set, or when the preset sets it
    assert STANDARD.with_options(show_talon=False).to_spec()["show_talon"] is False
    assert "show_talon" in SHENGJI.to_spec() and "reinforce" not in SHENGJI.to_spec()
    assert SHENGJI.with_options(show_talon=True).to_spec()["show_talon"] is True


ROUND_TRIPS = [
    STANDARD.with_options(must_defend=["5", "T", "K", "A"]),
    STANDARD.with_options(ace_attempts=3),
    STANDARD.with_options(scoring={"step": 30, "take_over": 60, "opponents_up": 90, "cap": 3}),
    CLASSIC.with_options(red_jokers_override=True, reinforce=False, overturn_own=False),
    STANDARD.with_options(joker_no_trump=False, show_talon=False, first_round_starter=2),
    SHENGJI,
    SHENGJI.with_options(show_talon=True, must_defend=[], overturn_own=True),
]


@pytest.mark.parametrize("rules", ROUND_TRIPS)
def test_s12_every_option_round_trips_through_its_spec(rules: RuleSet) -> None:
    assert rules_from_spec(rules.to_spec()) == rules
    assert rules.with_options(**rules.options()) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert hash(pickle.loads(pickle.dumps(rules))) == hash(rules)


def test_s12_rule_sets_with_added_options_are_hashable_and_distinct() -> None:
    table = {rules: index for index, rules in enumerate(ROUND_TRIPS)}
    assert len(table) == len(ROUND_TRIPS)
    assert table[rules_from_spec(ROUND_TRIPS[0].to_spec())] == 0


# ------------------------------------------------------------------ bad values

BAD: list[tuple[str, Any]] = [
    ("must_defend", ["5", "X"]),
    ("must_defend", [5]),
    ("must_defend", 5),
    ("must_defend", {"5": True}),
    ("must_defend", None),
    ("ace_attempts", -1),
    ("ace_attempts", 10),
    ("ace_attempts", "3"),
    ("ace_attempts", True),
    ("ace_attempts", None),
    ("scoring", 40),
    ("scoring", {"steps": 40}),
    ("scoring", {"step": 0}),
    ("scoring", {"step": 201}),
    ("scoring", {"step": "40"}),
    ("scoring", {"step": True}),
    ("scoring", {"take_over": 0}),
    ("scoring", {"opponents_up": 1001}),
    ("scoring", {"take_over": 120, "opponents_up": 100}),  # contradicting each other
    ("scoring", {"opponents_up": 60}),  # below the take-over of 80
    ("scoring", {"shutout_bonus": -1}),
    ("scoring", {"cap": 0}),
    ("scoring", {"cap": 1.5}),
    ("red_jokers_override", "yes"),
    ("reinforce", 1),
    ("overturn_own", None),
    ("joker_no_trump", "false"),
    ("show_talon", 0),
    ("first_round_starter", 4),
    ("first_round_starter", -1),
    ("first_round_starter", True),
    ("first_round_starter", "seat 2"),
    ("first_round_starter", None),
]


@pytest.mark.parametrize(("option", "value"), BAD, ids=[f"S12-{o}-{v!r}" for o, v in BAD])
@pytest.mark.parametrize("base", ["standard", "classic", "shengji"])
def test_s12_a_bad_added_option_is_refused_naming_it(base: str, option: str, value: Any) -> None:
    with pytest.raises(RulesError) as info:
        preset(base).with_options(**{option: value})
    assert option in str(info.value)
    with pytest.raises(RulesError) as info:
        rules_from_spec({"preset": base, option: value})
    assert option in str(info.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("must_defend", ["5"]),  # the rule set holds rank numbers, not names
        ("must_defend", (8, 3)),  # sorted
        ("must_defend", (3, 3)),  # each once
        ("must_defend", (13,)),
        ("scoring", {"cap": 2}),  # the rule set holds a Scoring
        ("scoring", Scoring(step=0)),
    ],
)
def test_s12_the_constructor_takes_the_held_forms_only(option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        RuleSet(**{option: cast(Any, value)})
    assert option in str(info.value)


def test_s12_the_unknown_preset_message_names_the_three() -> None:
    with pytest.raises(RulesError) as info:
        preset("house")
    assert str(info.value) == "unknown preset 'house': choose standard, classic or shengji"
