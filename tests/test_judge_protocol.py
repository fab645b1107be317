"""The judge as a protocol (docs/judge.md): ids echoed unchanged, answers in request
order, one error line per bad line while the judge carries on, blank lines skipped,
UTF-8 whatever the locale, and the installed script answering like the module. The
per-op tables live in test_judge.py, whose request builders this file reuses.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from typing import Any

import pytest

from judge_support import (
    CL,
    ERROR,
    H2,
    MODULE_COMMAND,
    NT,
    TIMEOUT,
    Cases,
    Check,
    as_line,
    ask_all,
    cls,
    indexes,
    requests_of,
    run_judge,
    script_command,
    std,
)
from test_judge import (
    FLIP_TALON,
    HAND,
    LEAD,
    OTHERS,
    TALON,
    TRACTOR,
    bonus,
    combo,
    declare,
    flip,
    follow,
    req,
    settle,
    settled,
    shape,
    stands,
    throw,
    winner,
)

# --- ids and order ---------------------------------------------------------------------

ID_VALUES: list[Any] = [7, 0, 2.5, "seven", "", {"game": 3, "t": [1, {"a": None}]}, None, [1], True]

ID_CASES: Cases = [
    *(
        (f"answer-id-{json.dumps(v)}", {"id": v, **settle(40)}, settled("declarers", 1))
        for v in ID_VALUES
    ),
    *((f"error-id-{json.dumps(v)}", {"id": v, "op": "no-such-op"}, ERROR) for v in ID_VALUES),
    ("answer-without-id!", settle(0), settled("declarers", 3)),  # no id: none in the answer
    ("error-without-id!", req("no-such-op"), ERROR),  # no id: an error line says null
]


@indexes(ID_CASES)
def test_id_echoed_unchanged(check: Check, index: int) -> None:
    answer = check(ID_CASES, index)
    # the same JSON type too: 1 is not 1.0 nor true
    assert type(answer.get("id")) is type(requests_of(ID_CASES)[index].get("id"))


def test_answers_come_in_request_order() -> None:
    # one request of every op, with good and bad lines interleaved
    requests: list[Any] = [
        combo("AS AS"),
        "not json",
        follow("AS", "KS 3H", "3H"),
        winner("KS", "AS", "3H", "QS"),
        settle("eighty"),
        throw(LEAD, OTHERS),
        bonus("AS AS"),
        settle(100),
        declare("2H"),
        flip(FLIP_TALON),
        combo("ZZ"),
    ]
    requests = [{"id": i, **r} if isinstance(r, dict) else r for i, r in enumerate(requests)]
    answers = ask_all(requests)
    ids = [answer["id"] for answer in answers]
    assert ids == [0, None, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    kinds = " ".join("error" if "error" in answer else "ok" for answer in answers)
    assert kinds == "ok error ok ok error ok ok ok ok ok error"
    assert answers[0]["kind"] == "pair"
    assert answers[7]["winner"] == "opponents"
    assert answers[9]["suit"] == "C"


# --- bad input -------------------------------------------------------------------------

BAD_CASES: Cases = [
    # lines that are not a JSON object
    ("not-json", "this is not json", ERROR),
    ("truncated-json", '{"op": "combo", "cards": "AS"', ERROR),
    ("json-list", "[1, 2]", ERROR),
    ("json-string", '"combo"', ERROR),
    ("json-number", "42", ERROR),
    # ops
    ("unknown-op", req("shuffle"), ERROR),
    ("missing-op", {"cards": "AS", "trump": H2}, ERROR),
    ("op-not-a-string", {**req("combo"), "op": 5}, ERROR),
    # rules
    ("unknown-option", combo("AS", std(bombs=True)), ERROR),
    ("unknown-option-classic", winner("AS", "KS", rules=cls(friends=1)), ERROR),
    ("unknown-preset-name", combo("AS", "fancy"), ERROR),
    ("rules-wrong-type", combo("AS", 5), ERROR),
    ("throw-penalty-negative", throw(LEAD, OTHERS, std(throw_penalty=-1)), ERROR),
    ("throw-penalty-text", throw(LEAD, OTHERS, std(throw_penalty="ten")), ERROR),
    ("throw-penalty-bool", throw(LEAD, OTHERS, std(throw_penalty=True)), ERROR),
    ("talon-multiplier-unknown", bonus("AS", std(talon_multiplier="triple")), ERROR),
    (
        "tractor-first-text",
        follow(TRACTOR, HAND, "AS AS 9S 9S", cls(follow_tractor_first="no")),
        ERROR,
    ),
    ("rank-trumps-int", combo("2S", std(rank_trumps_in_no_trump=1), NT), ERROR),
    # cards that do not parse
    ("card-1S", combo("1S"), ERROR),
    ("card-AX", combo("AS AX"), ERROR),
    ("card-ZZ", follow("AS", "KS ZZ", "KS"), ERROR),
    ("card-split-rank-suit", combo("A S"), ERROR),
    ("card-bare-10", winner("AS", "10"), ERROR),
    ("card-in-standing", declare("2H 2H", stands("2Z", 1), seat=2), ERROR),
    # a card three times (R-D1)
    ("card-3-times-cards", combo("AS AS AS"), ERROR),
    ("card-3-times-hand", follow("AS", "KS KS KS QS", "KS"), ERROR),
    ("card-3-times-play", winner("AS AS AS", "KS KS KS"), ERROR),
    ("card-3-times-other-hand", throw("AS AS KS 3S", ["4S 4S 4S", "QS", "JS"]), ERROR),
    ("card-3-times-talon", bonus("AS", talon="5S 5S 5S 3C 4C 6C 7C 8C"), ERROR),
    # missing fields
    ("missing-cards", req("combo", trump=H2), ERROR),
    ("missing-trump", req("combo", cards="AS"), ERROR),
    ("missing-play", req("follow", trump=H2, lead="AS", hand="KS"), ERROR),
    ("missing-plays", req("winner", trump=H2), ERROR),
    ("missing-others", req("throw", trump=H2, lead="AS KS"), ERROR),
    ("missing-last-lead", req("bonus", trump=H2, talon=TALON), ERROR),
    ("missing-points", req("settle"), ERROR),
    ("missing-standing", req("declare", rank="2", seat=0, cards="2H"), ERROR),
    ("missing-flip-talon", req("flip", rank="2"), ERROR),
    ("missing-trump-suit", combo("AS", trump={"rank": "2"}), ERROR),
    # wrong field types or values
    ("cards-number", req("combo", trump=H2, cards=5), ERROR),
    ("cards-empty", combo(""), ERROR),
    ("trump-string", combo("AS", trump="2H"), ERROR),
    ("trump-rank-number", combo("AS", trump={"rank": 2, "suit": "H"}), ERROR),
    ("trump-rank-1", combo("AS", trump={"rank": "1", "suit": "H"}), ERROR),
    ("trump-suit-X", combo("AS", trump={"rank": "2", "suit": "X"}), ERROR),
    ("plays-string", req("winner", trump=H2, plays="AS KS"), ERROR),
    ("plays-one", winner("AS"), ERROR),
    ("plays-five", winner("AS", "KS", "QS", "JS", "TS"), ERROR),
    ("plays-sizes-differ", winner("AS AS", "KS"), ERROR),
    ("others-string", req("throw", trump=H2, lead="AS KS", others="QS"), ERROR),
    ("others-two-hands", throw("AS KS", ["QS", "JS"]), ERROR),
    ("points-string", settle("80"), ERROR),
    ("points-float", settle(80.5), ERROR),
    ("points-bool", settle(True), ERROR),
    ("seat-4", declare("2H", seat=4), ERROR),
    ("standing-string", declare("2H", "2S", seat=1), ERROR),
    ("rank-number", declare("2H", rank=2), ERROR),
    ("rank-Z", flip(FLIP_TALON, "Z"), ERROR),
    ("blocker-text", follow("QS", "KS 3S", "3S", blocker="yes"), ERROR),
    # leads that mix effective suits (R-C4)
    ("mixed-follow-lead", follow("AS 3H", "KS QS 4D", "KS QS"), ERROR),
    ("mixed-winner-lead", winner("AS 3H", "KS QS"), ERROR),
    ("mixed-throw-lead", throw("AS 3H", ["", "", ""]), ERROR),
    ("mixed-last-lead", bonus("AS 3H"), ERROR),
    ("flip-only-jokers", flip("BJ BJ RJ RJ"), ERROR),
    # a standing declaration that is no declaration for the rank (R-T2)
    ("standing-three-cards", declare("RJ RJ", stands("3S 4S 5S", 1), seat=2), ERROR),
    ("standing-not-rank", declare("2H 2H", stands("3S", 1), seat=2), ERROR),
    ("standing-not-rank-pair", declare("2H 2H", stands("3S 3S", 1), seat=2), ERROR),
    ("standing-BJ-RJ", declare("2H 2H", stands("BJ RJ", 1), seat=2), ERROR),
    ("standing-2S-2D", declare("BJ BJ", stands("2S 2D", 1), seat=2), ERROR),
    ("standing-single-joker", declare("2H 2H", stands("BJ", 1), seat=2), ERROR),
    ("standing-other-rank", declare("AS AS", stands("2H", 1), rank="A"), ERROR),
    ("standing-empty", declare("2H 2H", stands("", 1), seat=2), ERROR),
    ("standing-seat-text", declare("2H 2H", {"cards": "2S", "seat": "1"}, seat=2), ERROR),
    ("standing-seat-bool", declare("2H 2H", {"cards": "2S", "seat": True}, seat=2), ERROR),
    ("standing-no-seat", declare("2H 2H", {"cards": "2S"}, seat=2), ERROR),
    ("standing-extra-key", declare("2H 2H", {"cards": "2S", "seat": 1, "x": 0}, seat=2), ERROR),
    # objects hold only the keys the protocol names
    ("trump-extra-key", combo("AS", trump={"rank": "2", "suit": "H", "level": 3}), ERROR),
    # a talon is 8 cards (R-K1)
    ("flip-talon-7", flip("BJ 5H KD 2C 3S 4S 5S"), ERROR),
    ("flip-talon-9", flip("BJ 5H KD 2C 3S 4S 5S 6S 7S"), ERROR),
    ("bonus-talon-empty", bonus("AS", talon=""), ERROR),
    ("bonus-talon-3", bonus("AS", talon="KD 5D TH"), ERROR),
    # cards of one question that the pack cannot hold together (R-D1)
    ("follow-lead-and-hand", follow("AS AS", "AS KS", "AS KS"), ERROR),
    ("winner-plays-together", winner("AS", "AS", "AS"), ERROR),
    ("throw-lead-and-others", throw("AS AS KS", ["AS 3S", "", ""]), ERROR),
    ("throw-others-together", throw("AS AS KS", ["QS", "QS", "QS"]), ERROR),
    ("bonus-talon-and-last-lead", bonus("KD KD", talon="KD 5D TH 3C 4C 6C 7C 8C"), ERROR),
    ("declare-over-another-seats-card", declare("2S 2S", stands("2S", 1), seat=2), ERROR),
    # and the judge carries on
    ("still-answering", settle(120), settled("opponents", 1)),
]


@indexes(BAD_CASES)
def test_bad_input_one_error_line(check: Check, index: int) -> None:
    check(BAD_CASES, index)


# docs/judge.md: a line naming an unknown rule option gets an error, whatever the op.
UNKNOWN_OPTION = std(bombs=True)
OPTION_ON_EVERY_OP: Cases = [
    ("combo", combo("AS", UNKNOWN_OPTION), ERROR),
    ("follow", follow("AS", "KS 3H", "KS", UNKNOWN_OPTION), ERROR),
    ("winner", winner("AS", "KS", rules=UNKNOWN_OPTION), ERROR),
    ("throw", throw("AS KS", ["", "", ""], UNKNOWN_OPTION), ERROR),
    ("bonus", bonus("AS", UNKNOWN_OPTION), ERROR),
    # settle, declare and flip do not use the rules, but must still refuse bad ones
    ("settle", settle(40, UNKNOWN_OPTION), ERROR),
    ("declare", declare("2H", rules=UNKNOWN_OPTION), ERROR),
    ("flip", flip(FLIP_TALON, rules=UNKNOWN_OPTION), ERROR),
    ("settle-unknown-preset", settle(40, "fancy"), ERROR),
]


@indexes(OPTION_ON_EVERY_OP)
def test_unknown_rule_option_on_every_op(check: Check, index: int) -> None:
    check(OPTION_ON_EVERY_OP, index)


# --- running the command ---------------------------------------------------------------

SAMPLE = [
    combo("AS AS KS KS"),
    follow("AS AS", "KS QS 3H", "KS 3H"),
    winner("KS", "AS", "3H", "QS"),
    throw(LEAD, OTHERS),
    bonus("AS AS KS KS 3S", CL),
    settle(85),
    declare("2H 2H", stands("2S", 1), seat=2),
    flip(FLIP_TALON),
    "oops",
]


def test_script_answers_like_the_module() -> None:
    command = script_command()
    if command is None:
        pytest.skip(f"no tuolaji script next to {sys.executable}")
    assert ask_all(SAMPLE, command) == ask_all(SAMPLE)


def test_blank_lines_are_skipped_and_output_is_clean() -> None:
    lines = ["", as_line(settle(0)), "   ", "\t", as_line(combo("AS")) + "\r", ""]
    out, err = run_judge(lines)
    assert [json.loads(line) for line in out] == [
        settled("declarers", 3),
        shape("single S single"),
    ]
    assert err == ""


def test_utf8_whatever_the_locale_encoding() -> None:
    # JSON Lines is UTF-8. Pipes on some systems (Windows) default to a legacy code page;
    # the judge must still read ♠ and write messages such as "≥" without dying.
    # CORE BUG? With PYTHONIOENCODING=cp1252 the judge misreads "A♠" and then crashes with
    # UnicodeEncodeError on the first non-ASCII error message (exit 1, no answer line).
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    lines = [as_line(combo("A♠ K♠")), as_line(combo("AS", std(throw_penalty=-1)))]
    out, _ = run_judge(lines, env=env)
    assert len(out) == 2
    assert json.loads(out[0]) == shape("throw S single single")
    assert set(json.loads(out[1])) == {"id", "error"}


def test_empty_input_exits_0_silently() -> None:
    out, err = run_judge([])
    assert out == []
    assert err == ""


def test_bad_lines_write_nothing_else() -> None:
    out, err = run_judge(["}{", "[]", as_line(req("nope")), as_line(settle(80))])
    assert len(out) == 4
    assert all(isinstance(json.loads(line), dict) for line in out)
    assert err == ""


def test_each_answer_is_flushed_before_the_next_request() -> None:
    # A bot in another language writes a line and waits for its answer.
    process = subprocess.Popen(
        MODULE_COMMAND,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    stdin, stdout = process.stdin, process.stdout
    assert stdin is not None
    assert stdout is not None
    got: list[str] = []
    try:
        for points, expected in ((0, settled("declarers", 3)), (120, settled("opponents", 1))):
            stdin.write(json.dumps({"id": points, **settle(points)}) + "\n")
            stdin.flush()
            reader = threading.Thread(target=lambda: got.append(stdout.readline()))
            reader.start()
            reader.join(TIMEOUT)
            assert not reader.is_alive(), "no answer before the next request"
            assert json.loads(got[-1]) == {"id": points, **expected}
        stdin.close()
        assert process.wait(TIMEOUT) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
