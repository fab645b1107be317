"""Rule options and presets.

Rules covered (docs/rules.md §12, written S12 in test names and ids): the option values of
the ``standard``, ``classic`` and ``shengji`` presets, each option settable on its own on
top of any preset (``RuleSet.with_options`` and ``rules_from_spec``), unknown options and
bad values refused with a :class:`RulesError` naming the option, and rule sets being
frozen and hashable.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

import pytest

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

SCORING = {"step": 40, "take_over": 80, "opponents_up": 120, "shutout_bonus": 1, "cap": None}
# The table of docs/rules.md §12: option, standard, classic and shengji value (JSON form).
TABLE = [
    ("follow_tractor_first", False, True, True),
    ("rank_trumps_in_no_trump", False, True, True),
    ("talon_multiplier", "cards", "largest_part", "largest_part"),
    ("throw_penalty", 10, 0, 0),
    ("failed_throw_must_beat", True, False, False),
    ("must_defend", [], [], ["A"]),
    ("ace_attempts", 0, 0, 0),
    ("scoring", SCORING, SCORING, SCORING),
    ("red_jokers_override", False, False, True),
    ("reinforce", True, True, True),
    ("overturn_own", True, True, False),
    ("joker_no_trump", True, True, True),
    ("show_talon", True, True, False),
    ("first_round_starter", "redeal", "redeal", "redeal"),
    ("hidden_history", False, False, False),
    ("hide_blocker", False, False, False),
    ("hide_declarer_points", False, False, False),
    ("takebacks", False, False, False),
    ("throw_penalty_per", "card", "card", "card"),
    ("talon_flip", "rank_or_highest", "rank_or_highest", "first_card"),
    ("declaration_order", "joker_or_length", "joker_or_length", "joker_or_length"),
    ("reinforce_to_tie", False, False, False),
    ("red_joker_single", False, False, False),
    ("first_declarer_starts", False, False, False),
    ("throw_evaluation", "biggest_part", "biggest_part", "biggest_part"),
]
OPTIONS = [name for name, *_values in TABLE]
#: the options classic sets: the first five
CLASSIC_OPTIONS = OPTIONS[:5]
PRESETS = {"standard": STANDARD, "classic": CLASSIC, "shengji": SHENGJI}
VALUES = {
    name: {row[0]: row[column] for row in TABLE}
    for column, name in enumerate(("standard", "classic", "shengji"), start=1)
}


def test_s12_the_table_lists_every_option_in_order() -> None:
    assert tuple(OPTIONS) == OPTION_NAMES


@pytest.mark.parametrize(
    ("option", "standard", "classic", "shengji"),
    [pytest.param(*row, id=f"S12-{row[0]}") for row in TABLE],
)
def test_s12_preset_values(option: str, standard: object, classic: object, shengji: object) -> None:
    for name, value in (("standard", standard), ("classic", classic), ("shengji", shengji)):
        assert PRESETS[name].options()[option] == value
        assert preset(name).options()[option] == value
    assert RuleSet().options()[option] == standard, "defaults are the standard preset"


@pytest.mark.parametrize("name", ["standard", "classic", "shengji"])
def test_s12_presets_hold_exactly_the_table(name: str) -> None:
    rules = preset(name)
    assert rules.options() == VALUES[name]
    assert rules.preset == name
    assert rules == PRESETS[name]


def test_s12_classic_differs_from_standard_in_its_five_options_only() -> None:
    for option in OPTIONS:
        differs = getattr(STANDARD, option) != getattr(CLASSIC, option)
        assert differs == (option in CLASSIC_OPTIONS), option


# Each option set alone, to a value other than the preset's own.
SINGLE_CHANGES = [
    ("follow_tractor_first", True, False),
    ("rank_trumps_in_no_trump", True, False),
    ("talon_multiplier", "largest_part", "cards"),
    ("talon_multiplier", "power", "power"),
    ("throw_penalty", 5, 5),
    ("throw_penalty", 0, 20),
    ("failed_throw_must_beat", False, True),
]
CHANGE_PARAMS = [
    pytest.param(base, option, on_standard if base == "standard" else on_classic,
                 id=f"S12-{base}-{option}-{on_standard if base == 'standard' else on_classic}")
    for base in ("standard", "classic")
    for option, on_standard, on_classic in SINGLE_CHANGES
]  # fmt: skip


@pytest.mark.parametrize(("base", "option", "value"), CHANGE_PARAMS)
def test_s12_one_option_with_options(base: str, option: str, value: object) -> None:
    before = PRESETS[base]
    rules = before.with_options(**{option: value})
    assert rules.options() == {**VALUES[base], option: value}
    assert rules.preset == base
    assert rules != before
    assert before.options() == VALUES[base], "the preset itself is unchanged"


@pytest.mark.parametrize(("base", "option", "value"), CHANGE_PARAMS)
def test_s12_one_option_from_spec(base: str, option: str, value: object) -> None:
    rules = rules_from_spec({"preset": base, option: value})
    assert rules.options() == {**VALUES[base], option: value}
    assert rules == PRESETS[base].with_options(**{option: value})


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        pytest.param(None, STANDARD, id="S12-spec-none-is-standard"),
        pytest.param("standard", STANDARD, id="S12-spec-name-standard"),
        pytest.param("classic", CLASSIC, id="S12-spec-name-classic"),
        pytest.param({}, STANDARD, id="S12-spec-empty-object"),
        pytest.param({"preset": "classic"}, CLASSIC, id="S12-spec-preset-only"),
        pytest.param(
            {"preset": "classic", "throw_penalty": 5},
            CLASSIC.with_options(throw_penalty=5),
            id="S12-spec-classic-penalty-5",
        ),
        pytest.param(
            {"throw_penalty": 5},
            STANDARD.with_options(throw_penalty=5),
            id="S12-spec-standard-by-default",
        ),
        pytest.param(
            {"preset": "standard", "follow_tractor_first": True, "talon_multiplier": "power"},
            STANDARD.with_options(follow_tractor_first=True, talon_multiplier="power"),
            id="S12-spec-two-options",
        ),
    ],
)
def test_s12_rules_from_spec(spec: object, expected: RuleSet) -> None:
    assert rules_from_spec(spec) == expected


def test_s12_classic_spec_with_penalty_keeps_other_classic_values() -> None:
    rules = rules_from_spec({"preset": "classic", "throw_penalty": 5})
    assert rules.throw_penalty == 5
    assert rules.options() == {**VALUES["classic"], "throw_penalty": 5}
    assert rules.preset == "classic"


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(STANDARD, id="S12-standard"),
        pytest.param(CLASSIC, id="S12-classic"),
        pytest.param(CLASSIC.with_options(throw_penalty=5), id="S12-classic-changed"),
        pytest.param(STANDARD.with_options(talon_multiplier="power"), id="S12-power"),
    ],
)
def test_s12_spec_round_trip(rules: RuleSet) -> None:
    assert rules_from_spec(rules.to_spec()) == rules


# Bad values: (option, value); each names the option in its error.
BAD_VALUES: list[tuple[str, Any]] = [
    ("throw_penalty", -1),
    ("throw_penalty", 201),  # past every point of the game
    ("throw_penalty", 10**23),
    ("throw_penalty", "x"),
    ("throw_penalty", True),
    ("throw_penalty", False),
    ("throw_penalty", 1.5),
    ("throw_penalty", None),
    ("talon_multiplier", "double"),
    ("talon_multiplier", "Cards"),
    ("talon_multiplier", 2),
    ("talon_multiplier", None),
    ("follow_tractor_first", "yes"),
    ("follow_tractor_first", 1),
    ("follow_tractor_first", None),
    ("rank_trumps_in_no_trump", "true"),
    ("rank_trumps_in_no_trump", 0),
    ("failed_throw_must_beat", "false"),
]
BAD_PARAMS = [
    pytest.param(base, option, value, id=f"S12-{base}-{option}-{value!r}")
    for base in ("standard", "classic")
    for option, value in BAD_VALUES
]


@pytest.mark.parametrize(("base", "option", "value"), BAD_PARAMS)
def test_s12_bad_value_refused_by_with_options(base: str, option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        PRESETS[base].with_options(**{option: value})
    assert option in str(info.value)


@pytest.mark.parametrize(("base", "option", "value"), BAD_PARAMS)
def test_s12_bad_value_refused_by_spec(base: str, option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_spec({"preset": base, option: value})
    assert option in str(info.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, value in BAD_VALUES],
    ids=[f"S12-constructor-{option}-{value!r}" for option, value in BAD_VALUES],
)
def test_s12_bad_value_refused_by_constructor(option: str, value: object) -> None:
    with pytest.raises(RulesError) as info:
        RuleSet(**{option: cast(Any, value)})  # a wrong type on purpose
    assert option in str(info.value)


@pytest.mark.parametrize(
    "option",
    [
        pytest.param("bombs", id="S12-unknown-bombs"),
        pytest.param("must_defend_ranks", id="S12-unknown-house-rule"),
        pytest.param("throwpenalty", id="S12-unknown-misspelt"),
        pytest.param("Throw_Penalty", id="S12-unknown-case"),
    ],
)
@pytest.mark.parametrize("base", ["standard", "classic"])
def test_s12_unknown_option_refused(base: str, option: str) -> None:
    with pytest.raises(RulesError) as info:
        PRESETS[base].with_options(**{option: True})
    assert option in str(info.value)
    with pytest.raises(RulesError) as info:
        rules_from_spec({"preset": base, option: True})
    assert option in str(info.value)


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param("house", id="S12-unknown-preset-name"),
        pytest.param("Standard", id="S12-preset-name-case"),
        pytest.param({"preset": "house"}, id="S12-unknown-preset-in-object"),
        pytest.param({"preset": 1}, id="S12-preset-not-a-name"),
        pytest.param(5, id="S12-spec-number"),
        pytest.param(["classic"], id="S12-spec-list"),
    ],
)
def test_s12_bad_spec_refused(spec: object) -> None:
    with pytest.raises(RulesError):
        rules_from_spec(spec)


def test_s12_unknown_preset_names_it() -> None:
    with pytest.raises(RulesError) as info:
        preset("house")
    assert "house" in str(info.value)


def test_s12_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("base", ["standard", "classic"])
def test_s12_rule_set_is_frozen(base: str, option: str) -> None:
    rules = PRESETS[base]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, option, getattr(CLASSIC if base == "standard" else STANDARD, option))
    assert rules.options() == VALUES[base]


def test_s12_rule_set_is_hashable() -> None:
    assert hash(STANDARD) == hash(preset("standard"))
    assert hash(CLASSIC) == hash(rules_from_spec("classic"))
    assert len({STANDARD, CLASSIC, preset("standard"), preset("classic")}) == 2
    changed = CLASSIC.with_options(throw_penalty=5)
    table = {STANDARD: "s", CLASSIC: "c", changed: "c5"}
    assert table[rules_from_spec({"preset": "classic", "throw_penalty": 5})] == "c5"
    assert table[preset("classic")] == "c"


def test_s12_equal_options_give_equal_rule_sets() -> None:
    assert STANDARD.with_options() == STANDARD
    assert STANDARD.with_options(throw_penalty=10) == STANDARD
    assert CLASSIC.with_options(follow_tractor_first=True) == CLASSIC


def test_s12_the_penalty_runs_from_0_to_200() -> None:
    assert STANDARD.with_options(throw_penalty=200).throw_penalty == 200
    assert STANDARD.with_options(throw_penalty=0).throw_penalty == 0
