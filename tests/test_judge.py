"""The rules judge as other programs use it: the real command, JSON Lines on a pipe.

Covers every op of shared/JUDGE.md — ``combo`` (R-C1–R-C4), ``follow`` (R-P2–R-P6, R-H2
with the ``blocker`` extension), ``winner`` (R-W1–R-W5), ``throw`` (R-H1–R-H3),
``bonus`` (R-S2), ``settle`` (R-S3), ``declare`` (R-T2, R-T3) and ``flip`` (R-T6) —
under both presets and with option objects (§12); the ``id`` echoed unchanged; answers
in request order; card lists in canonical ASCII, high to low (R-N3); bad input answered
with one ``{"id": …, "error": …}`` line while the judge carries on and exits 0; blank
lines skipped. Each group of requests goes through one judge process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

MODULE_COMMAND = [sys.executable, "-m", "tuolaji", "judge"]
TIMEOUT = 60

H2 = {"rank": "2", "suit": "H"}
S2 = {"rank": "2", "suit": "S"}
NT = {"rank": "2", "suit": None}
CL = "classic"
ERROR = object()
"""Expected answer marker: an error line."""
Cases = list[tuple[str, Any, Any]]
Answers = list[dict[str, Any]]


def std(**options: Any) -> dict[str, Any]:
    """A rules object: ``standard`` with some options changed."""
    return {"preset": "standard", **options}


def cls(**options: Any) -> dict[str, Any]:
    """A rules object: ``classic`` with some options changed."""
    return {"preset": "classic", **options}


def script_command() -> list[str] | None:
    """The ``tuolaji`` script installed next to the interpreter, if there is one."""
    folder = Path(sys.executable).parent
    for name in ("tuolaji", "tuolaji.exe"):
        if (folder / name).exists():
            return [str(folder / name), "judge"]
    return None


def run_judge(lines: list[str], command: list[str] | None = None) -> tuple[list[str], str]:
    """Pipe ``lines`` into one judge process; its output lines and its stderr. The
    process must exit 0."""
    done = subprocess.run(
        command or MODULE_COMMAND,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines(), done.stderr


def as_line(request: Any) -> str:
    return request if isinstance(request, str) else json.dumps(request)


def ask_all(requests: list[Any], command: list[str] | None = None) -> list[dict[str, Any]]:
    """The parsed answers to ``requests`` (dicts are sent as JSON, strings as is)."""
    out, _ = run_judge([as_line(r) for r in requests], command)
    answers = [json.loads(line) for line in out]
    assert len(answers) == len(requests)
    return answers


def check_answer(answer: dict[str, Any], request: Any, expected: Any) -> None:
    """The answer must be exactly ``expected`` plus the echoed id, or an error line."""
    request_id = request.get("id") if isinstance(request, dict) else None
    if expected is ERROR:
        assert set(answer) == {"id", "error"}, answer
        assert answer["id"] == request_id
        assert isinstance(answer["error"], str)
        assert answer["error"].strip()
        assert "internal error" not in answer["error"]
    else:
        want = dict(expected)
        if isinstance(request, dict) and "id" in request:
            want = {"id": request["id"], **want}
        assert answer == want


def requests_of(cases: Cases) -> list[Any]:
    """The requests of a table of (name, request, expected). A dict request without an
    ``id`` gets the case name as id, so the echo and the order are checked on every
    line; a name ending in ``!`` keeps the request without one."""
    out = []
    for name, request, _ in cases:
        if isinstance(request, dict) and "id" not in request and not name.endswith("!"):
            out.append({"id": name, **request})
        else:
            out.append(request)
    return out


def indexes(cases: Cases) -> pytest.MarkDecorator:
    """Parametrize over the indexes of a table, each case named after its name."""
    return pytest.mark.parametrize(
        "index", [pytest.param(i, id=case[0]) for i, case in enumerate(cases)]
    )


def check_case(cases: Cases, answers: Answers, index: int) -> None:
    check_answer(answers[index], requests_of(cases)[index], cases[index][2])


@pytest.fixture(scope="module")
def judged() -> Callable[[Cases], Answers]:
    """The answers to a whole table, asked once through one judge process per table."""
    cache: dict[int, Answers] = {}

    def answers(cases: Cases) -> Answers:
        if id(cases) not in cache:
            cache[id(cases)] = ask_all(requests_of(cases))
        return cache[id(cases)]

    return answers


def req(op: str, rules: Any = None, **fields: Any) -> dict[str, Any]:
    """A request; ``rules`` is left out when None."""
    request: dict[str, Any] = {"op": op, **fields}
    if rules is not None:
        request["rules"] = rules
    return request


def combo(cards: str, rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("combo", rules, trump=trump, cards=cards)


def shape(text: str) -> dict[str, Any]:
    """A combo answer from ``"kind suit part part…"``, e.g. ``"throw S tractor2 single"``."""
    kind, suit, *parts = text.split()
    return {"kind": kind, "suit": suit, "parts": parts}


MIXED = {"kind": "mixed"}
TRUMP_T2 = shape("tractor trump tractor2")
R5H = {"rank": "5", "suit": "H"}

# --- combo: R-C1–R-C4 ------------------------------------------------------------------

COMBO_CASES: Cases = [
    ("R-C1-single", combo("AS"), shape("single S single")),
    ("R-C1-rank-card-is-trump", combo("2S"), shape("single trump single")),
    ("R-C1-NT-rank-card-plain", combo("2S", trump=NT), shape("single S single")),
    ("R-C1-NT-classic-rank-card", combo("2S", CL, NT), shape("single trump single")),
    ("R-C2-pair", combo("ks ks"), shape("pair S pair")),
    ("R-C2-2S-2D-not-a-pair", combo("2S 2D"), shape("throw trump single single")),
    ("R-C2-BJ-RJ-not-a-pair", combo("BJ RJ"), shape("throw trump single single")),
    ("R-C3-AH-2S", combo("AH AH 2S 2S"), TRUMP_T2),
    ("R-C3-BJ-RJ", combo("BJ BJ RJ RJ"), TRUMP_T2),
    ("R-C3-2S-2D-same-level", combo("2S 2S 2D 2D"), shape("throw trump pair pair")),
    ("R-C3-gap-closed", combo("4C 4C 6C 6C", trump=R5H), shape("tractor C tractor2")),
    ("R-C3-10-input", combo("10d 10d 9d 9d"), shape("tractor D tractor2")),
    ("R-C3-suit-symbols", combo("J♦ J♦ Q♦ Q♦"), shape("tractor D tractor2")),
    ("R-C3-rank-10-trump", combo("JH JH 9H 9H", trump={"rank": "10", "suit": "h"}), TRUMP_T2),
    ("R-C3-NT-standard-mixed", combo("2S 2S BJ BJ", trump=NT), MIXED),
    ("R-C3-NT-classic", combo("2S 2S BJ BJ", CL, NT), TRUMP_T2),
    ("R-C3-NT-option-on", combo("2S 2S BJ BJ", std(rank_trumps_in_no_trump=True), NT), TRUMP_T2),
    ("R-C3-NT-option-off", combo("2S 2S BJ BJ", cls(rank_trumps_in_no_trump=False), NT), MIXED),
    ("R-C4-layout", combo("7S AS AS KS KS 3S 3S"), shape("throw S tractor2 pair single")),
    (
        "R-C4-longest-first",
        combo("8S 8S AS AS KS KS QS QS 9S 9S 5S"),
        shape("throw S tractor3 tractor2 single"),
    ),
    ("R-C4-classic", combo("AS AS KS KS 3S", CL), shape("throw S tractor2 single")),
    ("R-C4-mixed", combo("AS 3H"), MIXED),
]


@indexes(COMBO_CASES)
def test_combo_r_c1_to_r_c4(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(COMBO_CASES, judged(COMBO_CASES), index)


# --- follow: R-P2–R-P6, R-H2 -----------------------------------------------------------


def follow(lead: str, hand: str, play: str, rules: Any = None, trump: Any = H2, **extra: Any):
    return req("follow", rules, trump=trump, lead=lead, hand=hand, play=play, **extra)


LEGAL = {"legal": True}


def illegal(rule: str) -> dict[str, Any]:
    return {"legal": False, "rule": rule}


TRACTOR = "3S 3S 4S 4S"
HAND = "AS AS KS KS 9S 9S 7S 7S"
TF_OFF = cls(follow_tractor_first=False)
TF_ON = std(follow_tractor_first=True)
MB_ON = cls(failed_throw_must_beat=True)

FOLLOW_CASES: Cases = [
    ("R-P2-too-few", follow("AS AS", "KS QS 3H", "KS"), illegal("R-P2")),
    ("R-P2-not-in-hand", follow("AS", "KS 3H", "QS"), illegal("R-P2")),
    ("R-P3-keeps-led-suit", follow("AS", "KS 3H", "3H"), illegal("R-P3")),
    ("R-P3-void", follow("AS", "4D 3H", "4D"), LEGAL),
    ("R-P3-trump-lead-rank-card", follow("3H", "2S AS", "AS"), illegal("R-P3")),
    ("R-P3-NT-2S-is-a-spade", follow("AS", "2S 3H", "3H", trump=NT), illegal("R-P3")),
    ("R-P3-NT-classic-2S-is-trump", follow("AS", "2S 3H", "3H", CL, NT), LEGAL),
    ("R-P4-pair", follow("AS AS", "KS KS QS 3H", "KS KS"), LEGAL),
    ("R-P4-keeps-pair", follow("AS AS", "KS KS QS 3H", "KS QS"), illegal("R-P4")),
    ("R-P4-one-of-suit-kept", follow("AS AS", "KS QS 3H", "KS 3H"), illegal("R-P4")),
    ("R-P4-trump-pair-lead", follow("3H 3H", "2S 2D 5C 6C", "5C 6C"), illegal("R-P4")),
    ("R-P4-2S-2D-not-a-pair", follow("3H 3H", "2S 2D 5C 6C", "2S 2D"), LEGAL),
    ("R-P5-keeps-pair", follow(TRACTOR, "AS AS KS 9S 9S 5H", "AS AS KS 9S"), illegal("R-P5")),
    ("R-P5-standard-any-pairs", follow(TRACTOR, HAND, "AS AS 9S 9S"), LEGAL),
    ("R-P5-classic-tractor-first", follow(TRACTOR, HAND, "AS AS 9S 9S", CL), illegal("R-P5")),
    ("R-P5-classic-plays-tractor", follow(TRACTOR, HAND, "AS AS KS KS", CL), LEGAL),
    ("R-P5-classic-option-off", follow(TRACTOR, HAND, "AS AS 9S 9S", TF_OFF), LEGAL),
    ("R-P5-standard-option-on", follow(TRACTOR, HAND, "AS AS 9S 9S", TF_ON), illegal("R-P5")),
    ("R-P6-keeps-pair", follow("AS AS KS", "QS QS 3S 4H", "QS 3S 4H"), illegal("R-P6")),
    ("R-P6-pair-and-single", follow("AS AS KS", "QS QS 3S 4H", "QS QS 3S"), LEGAL),
    ("R-P6-keeps-suit", follow("AS AS KS", "QS 3S 4H 5H", "QS 4H 5H"), illegal("R-P6")),
    ("R-H2-blocker-must-beat", follow("QS", "KS 3S", "3S", blocker=True), illegal("R-H2")),
    ("R-H2-not-blocker", follow("QS", "KS 3S", "3S", blocker=False), LEGAL),
    ("R-H2-blocker-absent", follow("QS", "KS 3S", "3S"), LEGAL),
    ("R-H2-classic-blocker-free", follow("QS", "KS 3S", "3S", CL, blocker=True), LEGAL),
    ("R-H2-classic-option-on", follow("QS", "KS 3S", "3S", MB_ON, blocker=True), illegal("R-H2")),
    ("R-H2-blocker-cannot-beat", follow("QS", "JS 3S", "3S", blocker=True), LEGAL),
]


@indexes(FOLLOW_CASES)
def test_follow_r_p2_to_r_p6_r_h2(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(FOLLOW_CASES, judged(FOLLOW_CASES), index)


# --- winner: R-W1–R-W5 -----------------------------------------------------------------


def winner(*plays: str, rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("winner", rules, trump=trump, plays=list(plays))


def won(index: int, points: int) -> dict[str, Any]:
    return {"winner": index, "points": points}


WINNER_CASES: Cases = [
    ("R-W1-trump-wins", winner("KS", "AS", "3H", "QS"), won(2, 10)),
    ("R-W1-equal-trumps-first", winner("AS", "2S", "2D", "KS"), won(1, 10)),
    ("R-W1-10-input", winner("10s", "ks", "5s", "as"), won(3, 25)),
    ("R-W1-two-plays", winner("5C", "TD"), won(0, 15)),
    ("R-W1-NT-standard", winner("AS", "2D", "KS", "QS", trump=NT), won(0, 10)),
    ("R-W1-NT-classic", winner("AS", "2D", "KS", "QS", rules=CL, trump=NT), won(1, 10)),
    ("R-W2-trump-pair", winner("KS KS", "AS QS", "3H 3H", "5S 5S"), won(2, 30)),
    ("R-W2-2S-2D-not-a-pair", winner("AS AS", "2S 2D", "3S 4S", "5S 6S"), won(0, 5)),
    ("R-W2-equal-pairs-first", winner("AS AS", "2D 2D", "2S 2S", "2C 2C"), won(1, 0)),
    (
        "R-W3-trump-tractor",
        winner("4S 4S 3S 3S", "AS AS KS KS", "AH AH 2S 2S", "TS TS 9S 9S"),
        won(2, 40),
    ),
    ("R-W3-NT-standard", winner("AS AS KS KS", "2S 2S BJ BJ", trump=NT), won(0, 20)),
    ("R-W3-NT-classic", winner("AS AS KS KS", "2S 2S BJ BJ", rules=CL, trump=NT), won(1, 20)),
    ("R-W4-highest-pair", winner("AS AS KS", "3H 3H AH", "4H 4H 5H", "QS JS TS"), won(2, 25)),
    ("R-W4-ruff-without-pair", winner("AS AS KS", "3H 4H 5H", "QS JS TS"), won(0, 25)),
    ("R-W4-trump-throw-leader", winner("AH AH KH", "BJ BJ RJ", "3S 4S 5S"), won(0, 15)),
    ("R-W4-singles-tie-earlier", winner("AS KS QS", "3H 4H 2S", "5H 6H 2D"), won(1, 15)),
    ("R-W4-NT-classic", winner("AS AS KS", "2D 2D BJ", "QS JS TS", rules=CL, trump=NT), won(1, 20)),
    (
        "R-W4-options",
        winner("AS AS KS", "3H 3H AH", "4H 4H 5H", rules=std(throw_penalty=5)),
        won(2, 15),
    ),
]


@indexes(WINNER_CASES)
def test_winner_r_w1_to_r_w5(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(WINNER_CASES, judged(WINNER_CASES), index)


# --- throw: R-H1–R-H3 ------------------------------------------------------------------


def throw(lead: str, others: list[str], rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("throw", rules, trump=trump, lead=lead, others=others)


def failed(forced: str, penalty: int, blocker: int) -> dict[str, Any]:
    return {"valid": False, "forced": forced, "penalty": penalty, "blocker": blocker}


VALID = {"valid": True}
LEAD = "AS AS KS 3S"  # the 3S can be beaten by the next player
OTHERS = ["4S 5S", "QS JS", "KS"]

THROW_CASES: Cases = [
    ("R-H1-valid", throw("AS AS KS", ["QS QS", "JS", "TS"]), VALID),
    ("R-H1-single-lead", throw("3S", ["AS", "KS", "QS"]), VALID),
    ("R-H1-trumps-do-not-beat", throw("AS KS", ["3H", "BJ RJ", "2S"]), VALID),
    ("R-H2-R-H3-standard", throw(LEAD, OTHERS), failed("3S", 30, 1)),
    ("R-H2-R-H3-classic", throw(LEAD, OTHERS, CL), failed("3S", 0, 1)),
    ("R-H3-penalty-5", throw(LEAD, OTHERS, std(throw_penalty=5)), failed("3S", 15, 1)),
    ("R-H3-classic-penalty-20", throw(LEAD, OTHERS, cls(throw_penalty=20)), failed("3S", 60, 1)),
    (
        "R-H2-canonical-pair",
        throw("as as bj", ["2d 2d", "rj", ""], trump=S2),
        failed("AS AS", 10, 1),
    ),
    (
        "R-H2-canonical-classic",
        throw("as as bj", ["2d 2d", "rj", ""], CL, S2),
        failed("AS AS", 0, 1),
    ),
    ("R-H2-10s-becomes-TS", throw("as 10s", ["3S", "KS", "4S"]), failed("TS", 10, 2)),
    (
        "R-H2-high-to-low",
        throw("3s 3s as 4s 4s", ["6S 6S 5S 5S", "", ""]),
        failed("4S 4S 3S 3S", 10, 1),
    ),
    ("R-H2-lowest-part", throw("QS QS 4S 4S JS", ["KS", "5S 5S", ""]), failed("4S 4S", 30, 2)),
    ("R-H2-tie-smaller-part", throw("2S 2S 2D", ["", "2H 2H", ""]), failed("2D", 20, 2)),
    ("R-H2-tie-sorts-lowest", throw("2S 2C BJ", ["2H", "RJ", ""]), failed("2C", 20, 1)),
    ("R-H2-NT-standard", throw("AS 2S", ["", "3S", ""], trump=NT), failed("2S", 10, 2)),
    ("R-H2-NT-classic", throw("BJ 2S", ["2D", "RJ", ""], CL, NT), failed("2S", 0, 2)),
]


@indexes(THROW_CASES)
def test_throw_r_h1_to_r_h3(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(THROW_CASES, judged(THROW_CASES), index)


# --- bonus, settle, declare, flip: R-S2, R-S3, R-T2, R-T3, R-T6 -------------------------

TALON = "KS 5D TH 3C 4C 6C 7C 8C"  # 25 points


def bonus(last_lead: str, rules: Any = None, talon: str = TALON, trump: Any = H2):
    return req("bonus", rules, trump=trump, talon=talon, last_lead=last_lead)


def settle(points: Any, rules: Any = None) -> dict[str, Any]:
    return req("settle", rules, points=points)


def settled(winner: str, levels: int) -> dict[str, Any]:
    return {"winner": winner, "levels": levels}


def declare(cards: str, standing: Any = None, seat: Any = 0, rank: Any = "2", rules: Any = None):
    return req("declare", rules, rank=rank, standing=standing, seat=seat, cards=cards)


def stands(cards: str, seat: int) -> dict[str, Any]:
    return {"cards": cards, "seat": seat}


ALLOWED = {"allowed": True}


def refused(rule: str) -> dict[str, Any]:
    return {"allowed": False, "rule": rule}


def flip(talon: str, rank: str = "2", rules: Any = None) -> dict[str, Any]:
    return req("flip", rules, rank=rank, talon=talon)


FLIP_TALON = "BJ 5H KD 2C 3S 4S 5S 6S"
NO_RANK_TALON = "3S KD AH 9C BJ 4S AS 5C"

ROUND_CASES: Cases = [
    ("R-S2-standard-single", bonus("AS"), {"bonus": 50}),
    ("R-S2-standard-pair", bonus("AS AS"), {"bonus": 100}),
    ("R-S2-standard-five-cards", bonus("AS AS KS KS 3S"), {"bonus": 250}),
    ("R-S2-classic-single", bonus("AS", CL), {"bonus": 50}),
    ("R-S2-classic-largest-part", bonus("AS AS KS KS 3S", CL), {"bonus": 200}),
    ("R-S2-power", bonus("AS AS KS KS", std(talon_multiplier="power")), {"bonus": 400}),
    ("R-S2-classic-cards", bonus("AS AS KS KS 3S", cls(talon_multiplier="cards")), {"bonus": 250}),
    ("R-S2-NT-joker-tractor", bonus("BJ BJ RJ RJ", trump=NT), {"bonus": 200}),
    ("R-S2-NT-classic-rank-tractor", bonus("2S 2S BJ BJ", CL, trump=NT), {"bonus": 200}),
    ("R-S2-no-points", bonus("AS AS", talon="3C 4C 6C 7C 8C 9C QC AC"), {"bonus": 0}),
    ("R-S3-negative", settle(-30), settled("declarers", 3)),
    ("R-S3-0", settle(0), settled("declarers", 3)),
    ("R-S3-35", settle(35), settled("declarers", 2)),
    ("R-S3-40", settle(40), settled("declarers", 1)),
    ("R-S3-80", settle(80), settled("opponents", 0)),
    ("R-S3-115", settle(115), settled("opponents", 0)),
    ("R-S3-120", settle(120), settled("opponents", 1)),
    ("R-S3-280", settle(280), settled("opponents", 5)),
    ("R-S3-classic", settle(160, CL), settled("opponents", 2)),
    ("R-S3-options", settle(40, std(throw_penalty=5)), settled("declarers", 1)),
    ("R-T2-single", declare("2H"), ALLOWED),
    ("R-T2-joker-pair", declare("RJ RJ"), ALLOWED),
    ("R-T2-not-rank", declare("3H"), refused("R-T2")),
    ("R-T2-joker-single", declare("BJ"), refused("R-T2")),
    ("R-T2-BJ-RJ", declare("BJ RJ"), refused("R-T2")),
    ("R-T2-2S-2D", declare("2S 2D"), refused("R-T2")),
    ("R-T2-rank-10", declare("10h", rank="10"), ALLOWED),
    ("R-T3-pair-over-single", declare("2H 2H", stands("2S", 1), seat=2), ALLOWED),
    ("R-T3-single-over-single", declare("2H", stands("2S", 1), seat=2), refused("R-T3")),
    ("R-T3-pair-over-pair", declare("2D 2D", stands("2S 2S", 1), seat=3), refused("R-T3")),
    ("R-T3-jokers-over-jokers", declare("RJ RJ", stands("BJ BJ", 0), seat=1), refused("R-T3")),
    ("R-T3-strengthen-own-single", declare("2S", stands("2S", 1), seat=1), ALLOWED),
    ("R-T3-other-seat-twin", declare("2S", stands("2S", 1), seat=3), refused("R-T3")),
    ("R-T3-own-other-suit", declare("2H", stands("2S", 1), seat=1), refused("R-T3")),
    ("R-T3-rank-A", declare("AS AS", stands("AH", 2), rank="A"), ALLOWED),
    ("R-T3-classic", declare("2H", stands("2S", 1), seat=2, rules=CL), refused("R-T3")),
    ("R-T6-rank-card", flip(FLIP_TALON), {"suit": "C", "turned": 4}),
    ("R-T6-first-card", flip("2D 2S 5H KD 3S 4S 5S 6S"), {"suit": "D", "turned": 1}),
    ("R-T6-highest-first-turned", flip(NO_RANK_TALON), {"suit": "H", "turned": 8}),
    ("R-T6-jokers-skipped", flip("RJ BJ 7S 3D 4D 5D 6D 8D"), {"suit": "D", "turned": 8}),
    ("R-T6-rank-10", flip("9S 10c JD 3H 4H 5H 6H 7H", "10"), {"suit": "C", "turned": 2}),
    ("R-T6-classic", flip(NO_RANK_TALON, rules=CL), {"suit": "H", "turned": 8}),
]


@indexes(ROUND_CASES)
def test_bonus_settle_declare_flip_r_s2_r_s3_r_t2_r_t3_r_t6(
    judged: Callable[[Cases], Answers], index: int
) -> None:
    check_case(ROUND_CASES, judged(ROUND_CASES), index)


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
def test_id_echoed_unchanged(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(ID_CASES, judged(ID_CASES), index)
    # the same JSON type too: 1 is not 1.0 nor true
    request_id = requests_of(ID_CASES)[index].get("id")
    assert type(judged(ID_CASES)[index].get("id")) is type(request_id)


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
    ("op-not-a-string", req(5), ERROR),
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
    # and the judge carries on
    ("still-answering", settle(120), settled("opponents", 1)),
]


@indexes(BAD_CASES)
def test_bad_input_one_error_line(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(BAD_CASES, judged(BAD_CASES), index)


# JUDGE.md: a line naming an unknown rule option gets an error, whatever the op.
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
def test_unknown_rule_option_on_every_op(judged: Callable[[Cases], Answers], index: int) -> None:
    check_case(OPTION_ON_EVERY_OP, judged(OPTION_ON_EVERY_OP), index)


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
