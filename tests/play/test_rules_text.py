"""The rules in plain words (``tuolaji rules``, the ``?`` screen) follow the rule set in
force: every option of docs/rules.md §12 changes exactly the paragraphs of the rules it
changes (R-T2, R-T3, R-T6, R-T7, R-O2, R-C3, R-K1, R-P5, R-P6, R-H2, R-H3, R-S2, R-S3,
R-S6), the numbers they state are the engine's, and ``tuolaji rules --rules/--option``
chooses them. Also: the project's documentation stands alone (docs/rules.md states
every rule id the code uses, and nothing points to the specification files outside the
repository)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tuolaji import i18n
from tuolaji.cli import app as cli
from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import (
    CLASSIC,
    OPTION_CHOICES,
    OPTION_NAMES,
    PRESET_OPTIONS,
    SHENGJI,
    STANDARD,
    TALON_MULTIPLIERS,
    RuleSet,
    preset,
)
from tuolaji.core.scoring import talon_multiplier
from tuolaji.core.throws import check_throw
from tuolaji.core.trump import trump_context
from tuolaji.judge import answer
from tuolaji.play.rules_text import (
    SECTIONS,
    rule_paragraph,
    rule_set_line,
    rules_text,
)

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"R-[A-Z]\d+")
ALL_RULES = [rule for _heading, rules in SECTIONS for rule in rules]

#: the paragraphs each option must change, written out here rather than read from the
#: module under test (docs/rules.md §12 names the rule of each option)
CHANGED_BY: dict[str, set[str]] = {
    "follow_tractor_first": {"R-P5", "R-P6"},
    "rank_trumps_in_no_trump": {"R-T7", "R-O2", "R-C3"},
    "talon_multiplier": {"R-S2"},
    "throw_penalty": {"R-H3"},
    "failed_throw_must_beat": {"R-H2"},
    "must_defend": {"R-S6"},
    "ace_attempts": {"R-S5"},
    "scoring": {"R-S3"},
    "red_jokers_override": {"R-T3"},
    "reinforce": {"R-T3"},
    "overturn_own": {"R-T3"},
    "joker_no_trump": {"R-T2"},
    "show_talon": {"R-K1"},
    "first_round_starter": {"R-T6"},
    "hidden_history": {"R-V1"},
    "hide_blocker": {"R-V2"},
    "hide_declarer_points": {"R-V3"},
    "takebacks": {"R-U1"},
    "throw_penalty_per": {"R-H3"},
    "talon_flip": {"R-T6"},
    "declaration_order": {"R-T3"},
    "reinforce_to_tie": {"R-T3"},
    "red_joker_single": {"R-T2", "R-T3"},
    "first_declarer_starts": {"R-T5"},
    "throw_evaluation": {"R-W4"},
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends in English."""
    i18n.set_language("en")
    yield None
    i18n.set_language("en")


def paragraphs(rules: RuleSet) -> dict[str, str]:
    """Every rule's paragraph under ``rules``."""
    return {rule: rule_paragraph(rule, rules) for rule in ALL_RULES}


def changed(a: RuleSet, b: RuleSet) -> set[str]:
    """The rule ids whose paragraphs differ between two rule sets."""
    first, second = paragraphs(a), paragraphs(b)
    return {rule for rule in ALL_RULES if first[rule] != second[rule]}


def other_value(name: str, value: Any) -> Any:
    """A value of option ``name`` different from ``value``."""
    if name == "talon_multiplier":
        return next(m for m in TALON_MULTIPLIERS if m != value)
    if name == "throw_penalty":
        return 0 if value else 10
    if name == "must_defend":
        return [] if value else ["5", "T", "K"]
    if name == "scoring":
        return {"cap": 2 if value.get("cap") is None else None}
    if name == "ace_attempts":
        return 0 if value else 3
    if name == "first_round_starter":
        return "random" if value == "redeal" else "redeal"
    if name in OPTION_CHOICES:
        return next(choice for choice in OPTION_CHOICES[name] if choice != value)
    return not value


# ------------------------------------------------------------------ presets and options


def test_standard_and_classic_differ_exactly_where_the_presets_differ() -> None:
    assert tuple(CHANGED_BY) == OPTION_NAMES
    classic_options = OPTION_NAMES[:5]  # the options classic sets
    assert changed(STANDARD, CLASSIC) == set().union(*(CHANGED_BY[o] for o in classic_options))
    # the printed texts differ in those paragraphs and the line naming the preset, only
    standard, classic = rules_text(STANDARD).splitlines(), rules_text(CLASSIC).splitlines()
    assert len(standard) == len(classic)
    differing = [(a, b) for a, b in zip(standard, classic, strict=True) if a != b]
    ids = {a.split()[0] for a, _b in differing if RULE_ID.match(a)}
    assert ids == set().union(*(CHANGED_BY[o] for o in classic_options))
    assert ("These are the standard rules.", rule_set_line(CLASSIC)) in differing
    assert len(differing) == len(ids) + 1


@pytest.mark.parametrize(
    "base", [STANDARD, CLASSIC, SHENGJI], ids=["standard", "classic", "shengji"]
)
@pytest.mark.parametrize("option", OPTION_NAMES)
def test_each_option_changes_exactly_its_paragraphs(base: RuleSet, option: str) -> None:
    flipped = base.with_options(**{option: other_value(option, base.options()[option])})
    assert changed(base, flipped) == CHANGED_BY[option]
    assert option in rule_set_line(flipped) and option not in rule_set_line(base)


def rule_set(name: str, *values: Any) -> RuleSet:
    """Preset ``name`` with the options set to ``values``, in the order of OPTION_NAMES;
    an option that needs another which is off goes back to its default (the rule set
    refuses the contradiction)."""
    options = dict(zip(OPTION_NAMES, values, strict=True))
    if options["declaration_order"] == "length" and options["red_jokers_override"]:
        options["declaration_order"] = "joker_or_length"
    if not options["joker_no_trump"]:
        options["red_joker_single"] = False
    if not options["reinforce"]:
        options["reinforce_to_tie"] = False
    return preset(name).with_options(**options)


#: any rule set: a preset with any value of every option
RULE_SETS = st.builds(
    rule_set,
    st.sampled_from(sorted(PRESET_OPTIONS)),
    st.booleans(),
    st.booleans(),
    st.sampled_from(TALON_MULTIPLIERS),
    st.integers(0, 50),
    st.booleans(),
    st.lists(st.sampled_from("23456789TJQKA"), max_size=4),
    st.integers(0, 4),
    st.fixed_dictionaries(
        {},
        optional={
            "step": st.integers(5, 60),
            "take_over": st.integers(5, 120),
            "shutout_bonus": st.integers(0, 2),
            "cap": st.one_of(st.none(), st.integers(1, 4)),
        },
    ),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["redeal", "random", 0, 1, 2, 3]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(OPTION_CHOICES["throw_penalty_per"]),
    st.sampled_from(OPTION_CHOICES["talon_flip"]),
    st.sampled_from(OPTION_CHOICES["declaration_order"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(OPTION_CHOICES["throw_evaluation"]),
)


@settings(max_examples=60, deadline=None)
@given(RULE_SETS, RULE_SETS)
def test_any_two_rule_sets_differ_in_the_paragraphs_of_the_options_that_differ(
    first: RuleSet, second: RuleSet
) -> None:
    differing_options = {
        name for name in OPTION_NAMES if first.options()[name] != second.options()[name]
    }
    expected = set().union(*(CHANGED_BY[name] for name in differing_options))
    assert changed(first, second) == expected
    # every rule keeps its line, in order, whatever the options
    lines = rules_text(first).splitlines()
    assert [line.split()[0] for line in lines if RULE_ID.match(line)] == ALL_RULES


# ------------------------------------------------------------------ what the paragraphs say


def test_r_h2_makes_the_blocker_beat_the_forced_lead_only_with_the_option() -> None:
    standard = rule_paragraph("R-H2", STANDARD)
    assert "blocker, and must beat it" in standard
    assert "the player must beat" not in standard
    assert "lowest" in standard and "smaller part" in standard
    relaxed = rule_paragraph("R-H2", STANDARD.with_options(failed_throw_must_beat=False))
    assert "nobody has to beat it" in relaxed
    assert rule_paragraph("R-H2", CLASSIC) == relaxed


@pytest.mark.parametrize(
    ("multiplier", "example", "cards", "times"),
    [
        ("cards", "five cards by 10", "AS AS KS KS 3S", 10),
        ("largest_part", "a tractor of two pairs by 8", "AS AS KS KS", 8),
        ("power", "a tractor of two pairs by 16", "AS AS KS KS", 16),
    ],
)
def test_r_s2_states_the_multiplier_the_engine_uses(
    multiplier: str, example: str, cards: str, times: int
) -> None:
    rules = STANDARD.with_options(talon_multiplier=multiplier)
    text = rule_paragraph("R-S2", rules)
    assert example in text and "a single doubles" in text and "a pair multiplies them by 4" in text
    ctx = trump_context(0, 1, rules)  # rank 2, hearts
    assert talon_multiplier(ctx, parse_cards("AS")) == 2
    assert talon_multiplier(ctx, parse_cards("AS AS")) == 4
    assert talon_multiplier(ctx, parse_cards(cards)) == times


@pytest.mark.parametrize(
    ("penalty", "phrase"),
    [(10, "costs 10 points for"), (1, "costs 1 point for"), (0, "costs nothing")],
)
def test_r_h3_states_the_penalty_the_engine_charges(penalty: int, phrase: str) -> None:
    rules = STANDARD.with_options(throw_penalty=penalty)
    assert phrase in rule_paragraph("R-H3", rules)
    # AS KS 3S against a hand with 4S: 3S is forced, two cards go back (R-H2, R-H3)
    ctx = trump_context(0, 1, rules)
    verdict = check_throw(ctx, parse_cards("AS KS 3S"), [parse_cards("4S"), [], []])
    assert not verdict.valid and verdict.penalty == 2 * penalty


def test_r_t7_and_r_c3_follow_rank_trumps_in_no_trump() -> None:
    assert "ordinary cards of their own suits" in rule_paragraph("R-T7", STANDARD)
    assert "stay trumps too" in rule_paragraph("R-T7", CLASSIC)
    assert "a pair of them and a pair of black jokers" in rule_paragraph("R-C3", CLASSIC)
    assert "a pair of them" not in rule_paragraph("R-C3", STANDARD)


def test_r_p5_asks_for_a_tractor_only_with_follow_tractor_first() -> None:
    assert "you must play one" in rule_paragraph("R-P5", CLASSIC)
    assert "You need not play a tractor" in rule_paragraph("R-P5", STANDARD)


def test_the_line_naming_the_rules() -> None:
    assert rule_set_line(STANDARD) == "These are the standard rules."
    assert rule_set_line(CLASSIC).startswith("These are the classic rules")
    assert rule_set_line(STANDARD.with_options(throw_penalty=5)) == (
        "These are the standard rules. Options changed from them: throw_penalty=5."
    )
    # the values in words, never an object: ranks as --option takes them, scoring in words
    house = STANDARD.with_options(must_defend=["5", "T", "K"], scoring={"step": 30, "cap": 2})
    assert rule_set_line(house) == (
        "These are the standard rules. Options changed from them: must_defend=5,T,K; "
        "scoring: 30 points a level, at most 2 levels a round."
    )
    assert "{" not in rule_set_line(STANDARD.with_options(scoring={"take_over": 70}))
    assert rule_set_line(STANDARD.with_options(first_round_starter=2)).endswith(
        "first_round_starter=2."
    )
    assert rule_set_line(CLASSIC.with_options(follow_tractor_first=False)).endswith(
        "Options changed from them: follow_tractor_first=false."
    )
    # every preset has its line
    for name in PRESET_OPTIONS:
        assert rule_set_line(preset(name))


@pytest.mark.parametrize("language", ["en", "zh_CN", "es", "da", "lv", "hi"])
def test_the_rules_of_each_preset_render_in_every_language(language: str) -> None:
    i18n.set_language(language)
    house = SHENGJI.with_options(
        must_defend=["5", "A"],
        ace_attempts=3,
        scoring={"cap": 1},
        first_round_starter=1,
        reinforce=False,
        joker_no_trump=False,
    )
    for rules in (STANDARD, CLASSIC, SHENGJI, house, STANDARD.with_options(throw_penalty=1)):
        text = rules_text(rules)
        assert re.findall(r"^(R-[A-Z]\d+)  ", text, re.MULTILINE) == ALL_RULES
        # every field filled in (the line naming the rules may quote a JSON object)
        assert "{" not in text.replace(rule_set_line(rules), "")


# ------------------------------------------------------------------ the command


def invoke(*args: str) -> Any:
    """``tuolaji rules ARGS`` in English, in-process."""
    return CliRunner().invoke(cli, ["rules", "--lang", "en", *args])


def test_the_rules_command_prints_the_chosen_preset_and_options() -> None:
    standard, classic = invoke(), invoke("--rules", "classic")
    assert standard.exit_code == 0 and classic.exit_code == 0
    assert standard.stdout == rules_text(STANDARD)
    assert classic.stdout == rules_text(CLASSIC)
    mixed = invoke("--option", "throw_penalty=5", "--option", "talon_multiplier=power")
    assert mixed.exit_code == 0
    rules = STANDARD.with_options(throw_penalty=5, talon_multiplier="power")
    assert mixed.stdout == rules_text(rules)
    assert "costs 5 points for every card" in mixed.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("--rules", "house"), "unknown preset 'house'"),
        (("--option", "bombs=true"), "unknown rule option 'bombs'"),
        (("--option", "throw_penalty=-1"), "throw_penalty must be a whole number"),
        (("--option", "throw_penalty"), "NAME=VALUE"),
        (("--option", "follow_tractor_first=maybe"), "must be true or false"),
        (("--option", "talon_multiplier=triple"), "talon_multiplier must be one of"),
    ],
)
def test_the_rules_command_refuses_bad_rules_cleanly(args: tuple[str, ...], reason: str) -> None:
    done = invoke(*args)
    assert done.exit_code == 2  # a usage error, not a crash
    assert done.stdout == ""  # nothing printed but the error
    error = " ".join(done.stderr.split())  # the message may be wrapped
    assert reason in error and "Traceback" not in error


# ------------------------------------------------------------------ the documentation


def stated_rules() -> set[str]:
    """The rule ids docs/rules.md states as entries (``- **R-P4 …``)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*(R-[A-Z]\d+)", text, re.MULTILINE))


#: ids that are not rules, used on purpose to check that unknown ids are handled
NOT_RULES = {"R-X9"}


def project_files(*suffixes: str) -> list[Path]:
    """The project's own text files: docs/, README.md, src/ and tests/."""
    found = [ROOT / "README.md"]
    for folder in ("docs", "src", "tests"):
        found += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.is_file() and path.suffix in suffixes and "__pycache__" not in path.parts
        ]
    return found


def test_every_rule_id_the_project_uses_is_stated_in_docs_rules() -> None:
    used: set[str] = set()
    for path in project_files(".py", ".md"):
        used |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    stated = stated_rules()
    assert used - NOT_RULES <= stated, sorted(used - NOT_RULES - stated)
    assert not NOT_RULES & stated
    # the rules text explains exactly the stated rules, in the order of docs/rules.md
    assert set(ALL_RULES) == stated


def test_no_file_points_to_the_specification_outside_the_repository() -> None:
    # written in two pieces, so that this file does not name them itself
    outside = ("RULES" + ".md", "JUDGE" + ".md")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in project_files(".py", ".md", ".po", ".pot", ".cfg", ".toml")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if any(name in line for name in outside)
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("trump_suit", "lead", "blocking_hand", "forced"),
    [
        (1, "2S 2D", "2H", "2D"),  # R-H2: equal singles, the later suit is led
        (1, "2S 2D 2C", "2H", "2C"),
        (1, "AH AH 2S 2S 2D 2D 2H 2H", "BJ BJ", "2D 2D"),  # R-C4: 2S joins the tractor
        (0, "AS AS 2C 2C 2D 2D 2H 2H", "BJ BJ", "2C 2C"),  # R-C4 2H, then R-H2 clubs
    ],
)
def test_the_documented_tie_breaks_are_what_the_engine_does(
    trump_suit: int, lead: str, blocking_hand: str, forced: str
) -> None:
    ctx = trump_context(0, trump_suit, STANDARD)
    verdict = check_throw(ctx, parse_cards(lead), [parse_cards(blocking_hand), [], []])
    assert not verdict.valid
    assert sorted(verdict.forced) == sorted(parse_cards(forced))
    for page in ("rules.md", "judge.md"):
        text = " ".join((ROOT / "docs" / page).read_text(encoding="utf-8").split())
        assert "S, H, D, C" in text, page
        # as `cards` in the text, or as "cards" in a judge request and its answer
        assert any(f"{q}{lead}{q}" in text for q in '`"'), (page, lead)
        assert any(f"{q}{forced}{q}" in text for q in '`"'), (page, forced)


def test_every_judge_example_in_docs_judge_is_the_real_answer() -> None:
    # the json blocks of docs/judge.md alternate a request line and its answer line
    text = (ROOT / "docs" / "judge.md").read_text(encoding="utf-8")
    pairs = 0
    for block in re.findall(r"```json\n(.*?)```", text, re.DOTALL):
        lines = block.strip("\n").split("\n")
        if len(lines) % 2:
            continue  # a list of rules objects, not requests
        for request, expected in zip(lines[::2], lines[1::2], strict=True):
            assert answer(request) == json.loads(expected), request
            pairs += 1
    assert pairs >= 30
