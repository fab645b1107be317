"""The judge under shengji.io's remaining settings (docs/judge.md, docs/rules.md §12):
``throw`` with ``throw_penalty_per`` (R-H3), ``flip`` with ``talon_flip`` (R-T6, a joker
first answering ``"suit": null``), ``declare`` with ``declaration_order``,
``red_joker_single`` and ``reinforce_to_tie`` and its ``earlier`` field (R-T2, R-T3);
every bad value, contradiction or bad ``earlier`` answered with an error naming it, the
judge carrying on. The requests go through one real judge process.
"""

from __future__ import annotations

from typing import Any

from judge_support import H2, ask_all

HIGHER = {"preset": "standard", "declaration_order": "joker_or_higher_suit"}
LENGTH = {"preset": "standard", "declaration_order": "length"}
TIE = {"preset": "shengji", "reinforce_to_tie": True}
RED = {"preset": "shengji", "red_joker_single": True}
THROW = {"lead": "AS AS KS 3S", "others": ["4S 5S 9D", "QS JS", "KS 7C"]}
RUFFS = ["AS AS KS", "3H 3H AH", "4H 4H 5H", "QS JS TS"]


def declare(standing: Any, cards: str, rules: Any, **fields: Any) -> dict[str, Any]:
    """Seat 2 declares ``cards`` over seat 1's ``standing`` (a card string or None)."""
    over = None if standing is None else {"cards": standing, "seat": 1}
    return {
        "op": "declare",
        "rank": "2",
        "standing": over,
        "seat": 2,
        "cards": cards,
        "rules": rules,
        **fields,
    }


def flip(talon: str, rules: Any) -> dict[str, Any]:
    return {"op": "flip", "rank": "2", "talon": talon, "rules": rules}


YES = {"allowed": True}
T3 = {"allowed": False, "rule": "R-T3"}
T2 = {"allowed": False, "rule": "R-T2"}

CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # R-H3: per card taken back (3 × 10), or once per failed throw
    (
        {"op": "throw", "trump": H2, **THROW},
        {"valid": False, "forced": "3S", "penalty": 30, "blocker": 1},
    ),
    (
        {"op": "throw", "trump": H2, "rules": {"throw_penalty_per": "throw"}, **THROW},
        {"valid": False, "forced": "3S", "penalty": 10, "blocker": 1},
    ),
    (
        {
            "op": "throw",
            "trump": H2,
            "rules": {"throw_penalty_per": "throw", "throw_penalty": 20},
            **THROW,
        },
        {"valid": False, "forced": "3S", "penalty": 20, "blocker": 1},
    ),
    # R-T6: the first card decides; a joker first gives no trump suit
    (flip("BJ 5H KD 2C 3S 4S 5S 6S", "standard"), {"suit": "C", "turned": 4}),
    (flip("BJ 5H KD 2C 3S 4S 5S 6S", "shengji"), {"suit": None, "turned": 1}),
    (flip("KD 5H BJ 2C 3S 4S 5S 6S", {"talon_flip": "first_card"}), {"suit": "D", "turned": 1}),
    (
        flip("KD 5H BJ 2C 3S 4S 5S 6S", {"talon_flip": "rank_or_highest"}),
        {"suit": "C", "turned": 4},
    ),
    # R-T3: the orders
    (declare("2D 2D", "2S 2S", HIGHER), YES),
    (declare("2D 2D", "2S 2S", "standard"), T3),
    (declare("2S 2S", "2D 2D", HIGHER), T3),
    (declare("2S 2S", "BJ BJ", HIGHER), YES),
    (declare("2S 2S", "BJ BJ", LENGTH), T3),
    (declare("2S", "BJ BJ", LENGTH), YES),
    (
        declare(
            "BJ BJ", "RJ RJ", {"preset": "shengji", "declaration_order": "joker_or_higher_suit"}
        ),
        YES,
    ),
    # R-T2, R-T3: one red joker
    (declare(None, "RJ", RED), YES),
    (declare(None, "BJ", RED), T2),
    (declare(None, "RJ", "shengji"), T2),
    (declare("2S", "RJ", RED), YES),
    (declare("RJ", "2S 2S", RED), YES),
    (declare("2S 2S", "RJ", RED), T3),
    # R-T3: reinforcing to tie, with the seat's earlier single
    (declare("2S 2S", "2C", TIE, earlier={"cards": "2C"}), YES),
    (declare("2S 2S", "2C 2C", TIE, earlier={"cards": "2C"}), YES),
    (declare("2S 2S", "2C", TIE), T3),  # no earlier declaration: nothing to reinforce
    (declare("2S 2S", "2C", "shengji", earlier={"cards": "2C"}), T3),
    (declare("BJ BJ", "2C", TIE, earlier={"cards": "2C"}), T3),  # not against jokers
    (declare("2S 2S", "2D 2D", TIE, earlier={"cards": "2C"}), T3),
    (declare("2S 2S", "2C 2C", TIE, earlier=None), T3),
    # R-W4: which ruff of a throw wins
    ({"op": "winner", "trump": H2, "plays": RUFFS}, {"winner": 2, "points": 25}),
    (
        {"op": "winner", "trump": H2, "rules": {"throw_evaluation": "highest"}, "plays": RUFFS},
        {"winner": 1, "points": 25},
    ),
]


def test_the_judge_answers_under_shengji_settings() -> None:
    requests = [dict(request, id=index) for index, (request, _) in enumerate(CASES)]
    answers = ask_all(requests)
    assert answers == [dict(expected, id=index) for index, (_, expected) in enumerate(CASES)]


BAD: list[tuple[dict[str, Any], str]] = [
    (flip("BJ 5H KD 2C 3S 4S 5S 6S", {"talon_flip": "first"}), "talon_flip"),
    (declare(None, "2S", {"declaration_order": "suit"}), "declaration_order"),
    (declare(None, "2S", {"reinforce_to_tie": "yes"}), "reinforce_to_tie"),
    (declare(None, "2S", {"red_joker_single": 1}), "red_joker_single"),
    (declare(None, "2S", {"first_declarer_starts": None}), "first_declarer_starts"),
    (
        {"op": "throw", "trump": H2, "rules": {"throw_penalty_per": "trick"}, **THROW},
        "throw_penalty_per",
    ),
    (
        {"op": "winner", "trump": H2, "rules": {"throw_evaluation": "all"}, "plays": RUFFS},
        "throw_evaluation",
    ),
    # contradictions
    (
        declare(None, "2S", {"preset": "shengji", "declaration_order": "length"}),
        "red_jokers_override",
    ),
    (declare(None, "2S", {"red_joker_single": True, "joker_no_trump": False}), "red_joker_single"),
    (declare(None, "2S", {"reinforce_to_tie": True, "reinforce": False}), "reinforce_to_tie"),
    # the earlier field
    (declare("2S 2S", "2C", TIE, earlier="2C"), "earlier"),
    (declare("2S 2S", "2C", TIE, earlier={"cards": "3C"}), "earlier.cards"),
    (declare("2S 2S", "2C", TIE, earlier={"cards": "2C", "seat": 2}), "earlier"),
    (declare("2S 2S", "2C", TIE, earlier={"cards": "2S"}), "earlier.cards"),
]


def test_bad_settings_get_an_error_naming_them_and_the_judge_goes_on() -> None:
    requests = [dict(request, id=index) for index, (request, _) in enumerate(BAD)]
    answers = ask_all([*requests, {"id": "last", "op": "settle", "points": 0}])
    for index, (_, named) in enumerate(BAD):
        assert set(answers[index]) == {"id", "error"}, answers[index]
        assert answers[index]["id"] == index and named in answers[index]["error"], answers[index]
    assert answers[-1] == {"id": "last", "winner": "declarers", "levels": 3}
