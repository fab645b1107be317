"""The judge under the house-rule options (docs/judge.md, docs/rules.md §12): ``settle``
with the scoring option (R-S3) and, given the teams' levels, the must-defend climb
(R-S6, R-S5); ``declare`` with the declaring options (R-T2, R-T3); and each bad option
value or contradiction answered with an error naming the option, the judge carrying on.
The requests go through one real judge process.
"""

from __future__ import annotations

from typing import Any

from judge_support import ask_all
from tuolaji.judge import answer

DEFEND = {"preset": "standard", "must_defend": ["5", "T", "K", "A"]}


def settle(points: int, rules: Any, **fields: Any) -> dict[str, Any]:
    return {"op": "settle", "points": points, "rules": rules, **fields}


def declare(standing: Any, seat: int, cards: str, rules: Any) -> dict[str, Any]:
    return {
        "op": "declare",
        "rank": "2",
        "standing": standing,
        "seat": seat,
        "cards": cards,
        "rules": rules,
    }


CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # R-S3 with the scoring option
    (settle(300, {"scoring": {"cap": 2}}), {"winner": "opponents", "levels": 2}),
    (
        settle(25, {"scoring": {"step": 30, "take_over": 60, "opponents_up": 90}}),
        {"winner": "declarers", "levels": 2},
    ),
    (settle(0, {"scoring": {"shutout_bonus": 0}}), {"winner": "declarers", "levels": 2}),
    (settle(100, {"scoring": {"opponents_up": 80}}), {"winner": "opponents", "levels": 1}),
    # R-S6: the climb from the teams' levels
    (
        settle(0, DEFEND, levels={"declarers": "3", "opponents": "2"}),
        {"winner": "declarers", "levels": 2, "level": "5"},
    ),
    (
        settle(0, DEFEND, levels={"declarers": "5", "opponents": "2"}),
        {"winner": "declarers", "levels": 3, "level": "8"},
    ),
    (
        settle(200, DEFEND, levels={"declarers": "2", "opponents": "10"}),
        {"winner": "opponents", "levels": 0, "level": "T"},
    ),
    (
        settle(40, "shengji", levels={"declarers": "A", "opponents": "2"}),
        {"winner": "declarers", "levels": 1, "level": None},
    ),
    (
        settle(250, "standard", levels={"declarers": "2", "opponents": "Q"}),
        {"winner": "opponents", "levels": 4, "level": None},
    ),
    # R-T2, R-T3
    (declare({"cards": "BJ BJ", "seat": 1}, 2, "RJ RJ", "shengji"), {"allowed": True}),
    (
        declare({"cards": "BJ BJ", "seat": 1}, 2, "RJ RJ", "standard"),
        {"allowed": False, "rule": "R-T3"},
    ),
    (declare({"cards": "2S", "seat": 1}, 1, "2S", "shengji"), {"allowed": True}),
    (
        declare({"cards": "2S", "seat": 1}, 1, "2H 2H", "shengji"),
        {"allowed": False, "rule": "R-T3"},
    ),
    (
        declare({"cards": "2S", "seat": 1}, 1, "2S", {"reinforce": False}),
        {"allowed": False, "rule": "R-T3"},
    ),
    (declare(None, 0, "BJ BJ", {"joker_no_trump": False}), {"allowed": False, "rule": "R-T2"}),
]


def test_the_judge_answers_under_the_house_options() -> None:
    requests = [dict(request, id=index) for index, (request, _) in enumerate(CASES)]
    answers = ask_all(requests)
    assert answers == [dict(expected, id=index) for index, (_, expected) in enumerate(CASES)]


BAD: list[tuple[dict[str, Any], str]] = [
    (settle(80, {"must_defend": ["5", "X"]}), "must_defend"),
    (settle(80, {"must_defend": [5]}), "must_defend"),
    (settle(80, {"scoring": {"take_over": 100, "opponents_up": 90}}), "scoring"),
    (settle(80, {"scoring": {"step": 0}}), "scoring"),
    (settle(80, {"scoring": {"bonus": 1}}), "scoring"),
    (settle(80, {"first_round_starter": "south"}), "first_round_starter"),
    (settle(80, {"show_talon": "no"}), "show_talon"),
    (settle(80, "standard", levels={"declarers": "2"}), "levels"),
    (settle(80, "standard", levels={"declarers": "2", "opponents": "Z"}), "rank"),
    (declare(None, 0, "BJ BJ", {"red_jokers_override": 1}), "red_jokers_override"),
    (
        declare({"cards": "BJ BJ", "seat": 1}, 2, "2S", {"joker_no_trump": False}),
        "standing.cards",
    ),
]


def test_bad_house_options_get_an_error_naming_them_and_the_judge_goes_on() -> None:
    requests = [dict(request, id=index) for index, (request, _) in enumerate(BAD)]
    answers = ask_all([*requests, {"id": "last", "op": "settle", "points": 0}])
    for index, (_, named) in enumerate(BAD):
        assert set(answers[index]) == {"id", "error"}, answers[index]
        assert answers[index]["id"] == index and named in answers[index]["error"]
    assert answers[-1] == {"id": "last", "winner": "declarers", "levels": 3}


def test_a_default_settle_answers_as_before() -> None:
    # no levels asked: no level in the answer, whatever the options
    assert answer('{"op": "settle", "points": 125, "rules": "shengji"}') == {
        "winner": "opponents",
        "levels": 1,
    }
