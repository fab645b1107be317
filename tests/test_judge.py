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
from pathlib import Path
from typing import Any

import pytest

MODULE_COMMAND = [sys.executable, "-m", "tuolaji", "judge"]
TIMEOUT = 60

H2 = {"rank": "2", "suit": "H"}
NO_TRUMP = {"rank": "2", "suit": None}
TRACTOR_FIRST_OFF = {"preset": "classic", "follow_tractor_first": False}
ERROR = object()
"""Expected answer marker: an error line."""


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


def requests_of(cases: list[tuple[str, Any, Any]]) -> list[Any]:
    """The requests of a table of (name, request, expected). A dict request without an
    ``id`` gets the case name as id, so the echo and the order are checked on every
    line."""
    out = []
    for name, request, _ in cases:
        if isinstance(request, dict) and "id" not in request:
            request = {"id": name, **request}
        out.append(request)
    return out


def indexes(cases: list[tuple[str, Any, Any]]) -> pytest.MarkDecorator:
    """Parametrize over the indexes of a table, each case named after its name."""
    return pytest.mark.parametrize(
        "index", [pytest.param(i, id=case[0]) for i, case in enumerate(cases)]
    )


def check_case(cases: list[tuple[str, Any, Any]], answers: list[Any], index: int) -> None:
    check_answer(answers[index], requests_of(cases)[index], cases[index][2])


def req(op: str, rules: Any = None, **fields: Any) -> dict[str, Any]:
    """A request; ``rules`` is left out when None."""
    request: dict[str, Any] = {"op": op, **fields}
    if rules is not None:
        request["rules"] = rules
    return request


def combo(cards: str, rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("combo", rules, trump=trump, cards=cards)


def shape(kind: str, suit: str, *parts: str) -> dict[str, Any]:
    return {"kind": kind, "suit": suit, "parts": list(parts)}


# --- combo: R-C1–R-C4 ------------------------------------------------------------------

COMBO_CASES: list[tuple[str, Any, Any]] = [
    ("R-C1-single", combo("AS"), shape("single", "S", "single")),
    ("R-C1-rank-card-is-trump", combo("2S"), shape("single", "trump", "single")),
    ("R-C1-classic-single", combo("QD", "classic"), shape("single", "D", "single")),
    ("R-C1-NT-joker", combo("RJ", trump=NO_TRUMP), shape("single", "trump", "single")),
    ("R-C1-NT-rank-card-plain", combo("2S", trump=NO_TRUMP), shape("single", "S", "single")),
    ("R-C1-NT-classic-rank-card", combo("2S", "classic", NO_TRUMP), shape("single", "trump", "single")),
    ("R-C2-pair", combo("ks ks"), shape("pair", "S", "pair")),
    ("R-C2-trump-pair", combo("2C 2C"), shape("pair", "trump", "pair")),
    ("R-C2-2S-2D-not-a-pair", combo("2S 2D"), shape("throw", "trump", "single", "single")),
    ("R-C2-BJ-RJ-not-a-pair", combo("BJ RJ"), shape("throw", "trump", "single", "single")),
    ("R-C3-tractor", combo("KS KS AS AS"), shape("tractor", "S", "tractor2")),
    ("R-C3-tractor3", combo("QS QS KS KS AS AS"), shape("tractor", "S", "tractor3")),
    ("R-C3-AH-2S", combo("AH AH 2S 2S"), shape("tractor", "trump", "tractor2")),
    ("R-C3-2S-2H", combo("2S 2S 2H 2H"), shape("tractor", "trump", "tractor2")),
    ("R-C3-2H-BJ", combo("2H 2H BJ BJ"), shape("tractor", "trump", "tractor2")),
    ("R-C3-BJ-RJ", combo("BJ BJ RJ RJ"), shape("tractor", "trump", "tractor2")),
    ("R-C3-2S-2D-same-level", combo("2S 2S 2D 2D"), shape("throw", "trump", "pair", "pair")),
    ("R-C3-gap-closed", combo("4C 4C 6C 6C", trump={"rank": "5", "suit": "H"}),
     shape("tractor", "C", "tractor2")),
    ("R-C3-10-input", combo("10d 10d 9d 9d"), shape("tractor", "D", "tractor2")),
    ("R-C3-suit-symbols", combo("J♦ J♦ Q♦ Q♦"), shape("tractor", "D", "tractor2")),
    ("R-C3-rank-10-trump", combo("JH JH 9H 9H", trump={"rank": "10", "suit": "h"}),
     shape("tractor", "trump", "tractor2")),
    ("R-C3-NT-standard-mixed", combo("2S 2S BJ BJ", trump=NO_TRUMP), {"kind": "mixed"}),
    ("R-C3-NT-classic", combo("2S 2S BJ BJ", "classic", NO_TRUMP),
     shape("tractor", "trump", "tractor2")),
    ("R-C3-NT-option-on", combo("2S 2S BJ BJ", {"preset": "standard", "rank_trumps_in_no_trump": True}, NO_TRUMP),
     shape("tractor", "trump", "tractor2")),
    ("R-C3-NT-option-off", combo("2S 2S BJ BJ", {"preset": "classic", "rank_trumps_in_no_trump": False}, NO_TRUMP),
     {"kind": "mixed"}),
    ("R-C3-NT-standard-2S-3S", combo("3S 3S 2S 2S", trump=NO_TRUMP), shape("tractor", "S", "tractor2")),
    ("R-C4-layout", combo("7S AS AS KS KS 3S 3S"), shape("throw", "S", "tractor2", "pair", "single")),
    ("R-C4-longest-first", combo("8S 8S AS AS KS KS QS QS 9S 9S 5S"),
     shape("throw", "S", "tractor3", "tractor2", "single")),
    ("R-C4-classic-layout", combo("AS AS KS KS 3S", "classic"), shape("throw", "S", "tractor2", "single")),
    ("R-C4-mixed", combo("AS 3H"), {"kind": "mixed"}),
    ("R-C4-mixed-classic", combo("AS AD", "classic"), {"kind": "mixed"}),
]


class TestCombo:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(requests_of(COMBO_CASES))

    @indexes(COMBO_CASES)
    def test_r_c1_to_r_c4_combo(self, answers: list[dict[str, Any]], index: int) -> None:
        check_case(COMBO_CASES, answers, index)


# --- follow: R-P2–R-P6, R-H2 -----------------------------------------------------------


def follow(lead: str, hand: str, play: str, rules: Any = None, trump: Any = H2, **extra: Any) -> dict[str, Any]:
    return req("follow", rules, trump=trump, lead=lead, hand=hand, play=play, **extra)


LEGAL = {"legal": True}


def illegal(rule: str) -> dict[str, Any]:
    return {"legal": False, "rule": rule}


TRACTOR_HAND = "AS AS KS KS 9S 9S 7S 7S"

FOLLOW_CASES: list[tuple[str, Any, Any]] = [
    ("R-P2-too-few", follow("AS AS", "KS QS 3H", "KS"), illegal("R-P2")),
    ("R-P2-too-many", follow("AS", "KS QS 3H", "KS QS"), illegal("R-P2")),
    ("R-P2-not-in-hand", follow("AS", "KS 3H", "QS"), illegal("R-P2")),
    ("R-P3-led-suit", follow("AS", "KS 3H", "KS"), LEGAL),
    ("R-P3-keeps-led-suit", follow("AS", "KS 3H", "3H"), illegal("R-P3")),
    ("R-P3-void", follow("AS", "4D 3H", "4D"), LEGAL),
    ("R-P3-classic", follow("AS", "KS 3H", "3H", "classic"), illegal("R-P3")),
    ("R-P3-trump-lead-rank-card", follow("3H", "2S AS", "AS"), illegal("R-P3")),
    ("R-P3-NT-2S-is-a-spade", follow("AS", "2S 3H", "3H", trump=NO_TRUMP), illegal("R-P3")),
    ("R-P3-NT-classic-2S-is-trump", follow("AS", "2S 3H", "3H", "classic", NO_TRUMP), LEGAL),
    ("R-P4-pair", follow("AS AS", "KS KS QS 3H", "KS KS"), LEGAL),
    ("R-P4-keeps-pair", follow("AS AS", "KS KS QS 3H", "KS QS"), illegal("R-P4")),
    ("R-P4-two-of-suit", follow("AS AS", "KS QS 3H", "KS QS"), LEGAL),
    ("R-P4-one-of-suit-kept", follow("AS AS", "KS QS 3H", "KS 3H"), illegal("R-P4")),
    ("R-P4-last-of-suit", follow("AS AS", "QS 3H 4D", "QS 4D"), LEGAL),
    ("R-P4-trump-pair-lead", follow("3H 3H", "2S 2D 5C 6C", "5C 6C"), illegal("R-P4")),
    ("R-P4-2S-2D-not-a-pair", follow("3H 3H", "2S 2D 5C 6C", "2S 2D"), LEGAL),
    ("R-P5-pairs", follow("3S 3S 4S 4S", "AS AS KS 9S 9S 5H", "AS AS 9S 9S"), LEGAL),
    ("R-P5-keeps-pair", follow("3S 3S 4S 4S", "AS AS KS 9S 9S 5H", "AS AS KS 9S"), illegal("R-P5")),
    ("R-P5-standard-any-pairs", follow("3S 3S 4S 4S", TRACTOR_HAND, "AS AS 9S 9S"), LEGAL),
    ("R-P5-classic-tractor-first", follow("3S 3S 4S 4S", TRACTOR_HAND, "AS AS 9S 9S", "classic"),
     illegal("R-P5")),
    ("R-P5-classic-plays-tractor", follow("3S 3S 4S 4S", TRACTOR_HAND, "AS AS KS KS", "classic"), LEGAL),
    ("R-P5-classic-option-off", follow("3S 3S 4S 4S", TRACTOR_HAND, "AS AS 9S 9S", TRACTOR_FIRST_OFF),
     LEGAL),
    ("R-P5-standard-option-on",
     follow("3S 3S 4S 4S", TRACTOR_HAND, "AS AS 9S 9S", {"preset": "standard", "follow_tractor_first": True}),
     illegal("R-P5")),
    ("R-P6-keeps-pair", follow("AS AS KS", "QS QS 3S 4H", "QS 3S 4H"), illegal("R-P6")),
    ("R-P6-pair-and-single", follow("AS AS KS", "QS QS 3S 4H", "QS QS 3S"), LEGAL),
    ("R-P6-no-pair", follow("AS AS KS", "QS 3S 4H 5H", "QS 3S 4H"), LEGAL),
    ("R-P6-keeps-suit", follow("AS AS KS", "QS 3S 4H 5H", "QS 4H 5H"), illegal("R-P6")),
    ("R-H2-blocker-must-beat", follow("QS", "KS 3S", "3S", blocker=True), illegal("R-H2")),
    ("R-H2-blocker-beats", follow("QS", "KS 3S", "KS", blocker=True), LEGAL),
    ("R-H2-not-blocker", follow("QS", "KS 3S", "3S", blocker=False), LEGAL),
    ("R-H2-blocker-absent", follow("QS", "KS 3S", "3S"), LEGAL),
    ("R-H2-classic-blocker-free", follow("QS", "KS 3S", "3S", "classic", blocker=True), LEGAL),
    ("R-H2-classic-option-on",
     follow("QS", "KS 3S", "3S", {"preset": "classic", "failed_throw_must_beat": True}, blocker=True),
     illegal("R-H2")),
    ("R-H2-blocker-pair", follow("QS QS", "KS KS 3S 3S", "3S 3S", blocker=True), illegal("R-H2")),
    ("R-H2-blocker-cannot-beat", follow("QS", "JS 3S", "3S", blocker=True), LEGAL),
]


class TestFollow:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(requests_of(FOLLOW_CASES))

    @indexes(FOLLOW_CASES)
    def test_r_p2_to_r_p6_r_h2_follow(self, answers: list[dict[str, Any]], index: int) -> None:
        check_case(FOLLOW_CASES, answers, index)


# --- winner: R-W1–R-W5 -----------------------------------------------------------------


def winner(*plays: str, rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("winner", rules, trump=trump, plays=list(plays))


def won(index: int, points: int) -> dict[str, Any]:
    return {"winner": index, "points": points}


WINNER_CASES: list[tuple[str, Any, Any]] = [
    ("R-W1-trump-wins", winner("KS", "AS", "3H", "QS"), won(2, 10)),
    ("R-W1-equal-trumps-first", winner("AS", "2S", "2D", "KS"), won(1, 10)),
    ("R-W1-off-suit-never-wins", winner("3S", "AD", "AC", "KD"), won(0, 10)),
    ("R-W1-10-input", winner("10s", "ks", "5s", "as"), won(3, 25)),
    ("R-W1-two-plays", winner("5C", "TD"), won(0, 15)),
    ("R-W1-classic", winner("KS", "AS", "3H", "QS", rules="classic"), won(2, 10)),
    ("R-W1-NT-standard", winner("AS", "2D", "KS", "QS", trump=NO_TRUMP), won(0, 10)),
    ("R-W1-NT-classic", winner("AS", "2D", "KS", "QS", rules="classic", trump=NO_TRUMP), won(1, 10)),
    ("R-W2-trump-pair", winner("KS KS", "AS QS", "3H 3H", "5S 5S"), won(2, 30)),
    ("R-W2-2S-2D-not-a-pair", winner("AS AS", "2S 2D", "3S 4S", "5S 6S"), won(0, 5)),
    ("R-W2-equal-pairs-first", winner("AS AS", "2D 2D", "2S 2S", "2C 2C"), won(1, 0)),
    ("R-W3-highest-trump-tractor", winner("4S 4S 3S 3S", "AS AS KS KS", "AH AH 2S 2S", "TS TS 9S 9S"),
     won(2, 40)),
    ("R-W3-gapped-pairs", winner("4S 4S 3S 3S", "AS AS QS QS", "KS KS JS JS"), won(0, 20)),
    ("R-W3-NT-classic", winner("AS AS KS KS", "2S 2S BJ BJ", rules="classic", trump=NO_TRUMP), won(1, 20)),
    ("R-W3-NT-standard", winner("AS AS KS KS", "2S 2S BJ BJ", trump=NO_TRUMP), won(0, 20)),
    ("R-W4-highest-pair-ruff", winner("AS AS KS", "3H 3H AH", "4H 4H 5H", "QS JS TS"), won(2, 25)),
    ("R-W4-ruff-without-pair", winner("AS AS KS", "3H 4H 5H", "QS JS TS"), won(0, 25)),
    ("R-W4-trump-throw-leader", winner("AH AH KH", "BJ BJ RJ", "3S 4S 5S"), won(0, 15)),
    ("R-W4-singles-tie-earlier", winner("AS KS QS", "3H 4H 2S", "5H 6H 2D"), won(1, 15)),
    ("R-W4-NT-classic-rank-ruff", winner("AS AS KS", "2D 2D BJ", "QS JS TS", rules="classic", trump=NO_TRUMP),
     won(1, 20)),
    ("R-W4-option-object", winner("AS AS KS", "3H 3H AH", "4H 4H 5H", rules={"preset": "standard", "throw_penalty": 5}),
     won(2, 15)),
]


class TestWinner:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(requests_of(WINNER_CASES))

    @indexes(WINNER_CASES)
    def test_r_w1_to_r_w5_winner(self, answers: list[dict[str, Any]], index: int) -> None:
        check_case(WINNER_CASES, answers, index)


# --- throw: R-H1–R-H3 ------------------------------------------------------------------

S2 = {"rank": "2", "suit": "S"}


def throw(lead: str, others: list[str], rules: Any = None, trump: Any = H2) -> dict[str, Any]:
    return req("throw", rules, trump=trump, lead=lead, others=others)


def failed(forced: str, penalty: int, blocker: int) -> dict[str, Any]:
    return {"valid": False, "forced": forced, "penalty": penalty, "blocker": blocker}


VALID = {"valid": True}
KS_SAFE = ["4S 5S", "QS JS", "KS"]

THROW_CASES: list[tuple[str, Any, Any]] = [
    ("R-H1-valid", throw("AS AS KS", ["QS QS", "JS", "TS"]), VALID),
    ("R-H1-valid-classic", throw("AS AS KS", ["QS QS", "JS", "TS"], "classic"), VALID),
    ("R-H1-single-lead-always-valid", throw("3S", ["AS", "KS", "QS"]), VALID),
    ("R-H1-tractor-lead-always-valid", throw("3S 3S 4S 4S", ["AS AS KS KS", "", ""]), VALID),
    ("R-H1-trumps-do-not-beat", throw("AS KS", ["3H", "BJ RJ", "2S"]), VALID),
    ("R-H2-R-H3-standard", throw("AS AS KS 3S", KS_SAFE), failed("3S", 30, 1)),
    ("R-H2-R-H3-classic", throw("AS AS KS 3S", KS_SAFE, "classic"), failed("3S", 0, 1)),
    ("R-H3-penalty-5", throw("AS AS KS 3S", KS_SAFE, {"preset": "standard", "throw_penalty": 5}),
     failed("3S", 15, 1)),
    ("R-H3-classic-penalty-20", throw("AS AS KS 3S", KS_SAFE, {"preset": "classic", "throw_penalty": 20}),
     failed("3S", 60, 1)),
    ("R-H2-forced-pair-canonical", throw("as as bj", ["2d 2d", "rj", ""], trump=S2), failed("AS AS", 10, 1)),
    ("R-H2-forced-pair-classic", throw("as as bj", ["2d 2d", "rj", ""], "classic", S2), failed("AS AS", 0, 1)),
    ("R-H2-10s-becomes-TS", throw("as 10s", ["3S", "KS", "4S"]), failed("TS", 10, 2)),
    ("R-H2-blocker-reported-classic", throw("as 10s", ["3S", "KS", "4S"], "classic"), failed("TS", 0, 2)),
    ("R-H2-forced-tractor-high-to-low", throw("3s 3s as 4s 4s", ["6S 6S 5S 5S", "", ""]),
     failed("4S 4S 3S 3S", 10, 1)),
    ("R-H2-lowest-part-first", throw("QS QS 4S 4S JS", ["KS", "5S 5S", ""]), failed("4S 4S", 30, 2)),
    ("R-H2-tie-smaller-part", throw("2S 2S 2D", ["", "2H 2H", ""]), failed("2D", 20, 2)),
    ("R-H2-tie-sorts-lowest", throw("2S 2C BJ", ["2H", "RJ", ""]), failed("2C", 20, 1)),
    ("R-H2-NT-standard", throw("AS 2S", ["", "3S", ""], trump=NO_TRUMP), failed("2S", 10, 2)),
    ("R-H2-NT-classic-trump-throw", throw("BJ 2S", ["2D", "RJ", ""], "classic", NO_TRUMP), failed("2S", 0, 2)),
]


class TestThrow:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(requests_of(THROW_CASES))

    @indexes(THROW_CASES)
    def test_r_h1_to_r_h3_throw(self, answers: list[dict[str, Any]], index: int) -> None:
        check_case(THROW_CASES, answers, index)


# --- bonus, settle, declare, flip: R-S2, R-S3, R-T2, R-T3, R-T6 -------------------------

TALON = "KS 5D TH 3C 4C 6C 7C 8C"  # 25 points


def bonus(last_lead: str, rules: Any = None, talon: str = TALON, trump: Any = H2) -> dict[str, Any]:
    return req("bonus", rules, trump=trump, talon=talon, last_lead=last_lead)


def settled(winner: str, levels: int) -> dict[str, Any]:
    return {"winner": winner, "levels": levels}


def declare(cards: str, standing: Any = None, seat: int = 0, rank: str = "2", rules: Any = None) -> dict[str, Any]:
    return req("declare", rules, rank=rank, standing=standing, seat=seat, cards=cards)


def stands(cards: str, seat: int) -> dict[str, Any]:
    return {"cards": cards, "seat": seat}


ALLOWED = {"allowed": True}


def refused(rule: str) -> dict[str, Any]:
    return {"allowed": False, "rule": rule}


def flip(talon: str, rank: str = "2", rules: Any = None) -> dict[str, Any]:
    return req("flip", rules, rank=rank, talon=talon)


SCORING_CASES: list[tuple[str, Any, Any]] = [
    ("R-S2-standard-single", bonus("AS"), {"bonus": 50}),
    ("R-S2-standard-pair", bonus("AS AS"), {"bonus": 100}),
    ("R-S2-standard-five-cards", bonus("AS AS KS KS 3S"), {"bonus": 250}),
    ("R-S2-classic-single", bonus("AS", "classic"), {"bonus": 50}),
    ("R-S2-classic-largest-part", bonus("AS AS KS KS 3S", "classic"), {"bonus": 200}),
    ("R-S2-power", bonus("AS AS KS KS", {"preset": "standard", "talon_multiplier": "power"}), {"bonus": 400}),
    ("R-S2-classic-cards", bonus("AS AS KS KS 3S", {"preset": "classic", "talon_multiplier": "cards"}),
     {"bonus": 250}),
    ("R-S2-NT-joker-tractor", bonus("BJ BJ RJ RJ", trump=NO_TRUMP), {"bonus": 200}),
    ("R-S2-NT-classic-rank-tractor", bonus("2S 2S BJ BJ", "classic", trump=NO_TRUMP), {"bonus": 200}),
    ("R-S2-no-points", bonus("AS AS", talon="3C 4C 6C 7C 8C 9C QC AC"), {"bonus": 0}),
    ("R-S3-negative", req("settle", points=-30), settled("declarers", 3)),
    ("R-S3-0", req("settle", points=0), settled("declarers", 3)),
    ("R-S3-5", req("settle", points=5), settled("declarers", 2)),
    ("R-S3-35", req("settle", points=35), settled("declarers", 2)),
    ("R-S3-40", req("settle", points=40), settled("declarers", 1)),
    ("R-S3-75", req("settle", points=75), settled("declarers", 1)),
    ("R-S3-80", req("settle", points=80), settled("opponents", 0)),
    ("R-S3-115", req("settle", points=115), settled("opponents", 0)),
    ("R-S3-120", req("settle", points=120), settled("opponents", 1)),
    ("R-S3-200", req("settle", points=200), settled("opponents", 3)),
    ("R-S3-280", req("settle", points=280), settled("opponents", 5)),
    ("R-S3-320", req("settle", points=320), settled("opponents", 6)),
    ("R-S3-classic", req("settle", "classic", points=160), settled("opponents", 2)),
    ("R-S3-options", req("settle", {"preset": "standard", "throw_penalty": 5}, points=40),
     settled("declarers", 1)),
    ("R-T2-single", declare("2H"), ALLOWED),
    ("R-T2-pair", declare("2D 2D", seat=3), ALLOWED),
    ("R-T2-joker-pair", declare("RJ RJ"), ALLOWED),
    ("R-T2-not-rank", declare("3H"), refused("R-T2")),
    ("R-T2-joker-single", declare("BJ"), refused("R-T2")),
    ("R-T2-BJ-RJ", declare("BJ RJ"), refused("R-T2")),
    ("R-T2-2S-2D", declare("2S 2D"), refused("R-T2")),
    ("R-T2-rank-10", declare("10h", rank="10"), ALLOWED),
    ("R-T2-rank-T", declare("TH TH", rank="T"), ALLOWED),
    ("R-T3-pair-over-single", declare("2H 2H", stands("2S", 1), seat=2), ALLOWED),
    ("R-T3-single-over-single", declare("2H", stands("2S", 1), seat=2), refused("R-T3")),
    ("R-T3-pair-over-pair", declare("2D 2D", stands("2S 2S", 1), seat=3), refused("R-T3")),
    ("R-T3-joker-pair-over-pair", declare("BJ BJ", stands("2S 2S", 1), seat=3), ALLOWED),
    ("R-T3-joker-pair-over-joker-pair", declare("RJ RJ", stands("BJ BJ", 0), seat=1), refused("R-T3")),
    ("R-T3-strengthen-own-single", declare("2S", stands("2S", 1), seat=1), ALLOWED),
    ("R-T3-own-pair-over-own-single", declare("2S 2S", stands("2S", 1), seat=1), ALLOWED),
    ("R-T3-other-seat-twin", declare("2S", stands("2S", 1), seat=3), refused("R-T3")),
    ("R-T3-own-other-suit", declare("2H", stands("2S", 1), seat=1), refused("R-T3")),
    ("R-T3-rank-A", declare("AS AS", stands("AH", 2), rank="A"), ALLOWED),
    ("R-T3-classic", declare("2H", stands("2S", 1), seat=2, rules="classic"), refused("R-T3")),
    ("R-T6-rank-card", flip("BJ 5H KD 2C 3S 4S 5S 6S"), {"suit": "C", "turned": 4}),
    ("R-T6-first-card", flip("2D 2S 5H KD 3S 4S 5S 6S"), {"suit": "D", "turned": 1}),
    ("R-T6-highest-first-turned", flip("3S KD AH 9C BJ 4S AS 5C"), {"suit": "H", "turned": 8}),
    ("R-T6-jokers-skipped", flip("RJ BJ 7S 3D 4D 5D 6D 8D"), {"suit": "D", "turned": 8}),
    ("R-T6-rank-10", flip("9S 10c JD 3H 4H 5H 6H 7H", "10"), {"suit": "C", "turned": 2}),
    ("R-T6-classic", flip("3S KD AH 9C BJ 4S AS 5C", rules="classic"), {"suit": "H", "turned": 8}),
]


class TestScoringAndDeclaring:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(requests_of(SCORING_CASES))

    @indexes(SCORING_CASES)
    def test_r_s2_r_s3_r_t2_r_t3_r_t6(self, answers: list[dict[str, Any]], index: int) -> None:
        check_case(SCORING_CASES, answers, index)


# --- ids and order ---------------------------------------------------------------------

ID_VALUES: list[Any] = [7, 0, -1, 2.5, "seven", "", {"game": 3, "trick": [1, {"a": None}]}, None, [1, "x"], True]


class TestIdsAndOrder:
    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        requests: list[Any] = [{"id": value, **req("settle", points=40)} for value in ID_VALUES]
        requests += [{"id": value, "op": "no-such-op"} for value in ID_VALUES]
        requests.append(req("settle", points=0))  # no id: none in the answer
        requests.append(req("no-such-op"))  # no id: an error line says null
        return ask_all(requests)

    @pytest.mark.parametrize("index", range(len(ID_VALUES)), ids=[json.dumps(v) for v in ID_VALUES])
    def test_id_echoed_on_answers(self, answers: list[dict[str, Any]], index: int) -> None:
        assert answers[index] == {"id": ID_VALUES[index], **settled("declarers", 1)}

    @pytest.mark.parametrize("index", range(len(ID_VALUES)), ids=[json.dumps(v) for v in ID_VALUES])
    def test_id_echoed_on_errors(self, answers: list[dict[str, Any]], index: int) -> None:
        answer = answers[len(ID_VALUES) + index]
        assert set(answer) == {"id", "error"}
        assert answer["id"] == ID_VALUES[index]
        assert type(answer["id"]) is type(ID_VALUES[index])
        assert answer["error"]

    def test_no_id(self, answers: list[dict[str, Any]]) -> None:
        assert answers[-2] == settled("declarers", 3)
        assert set(answers[-1]) == {"id", "error"}
        assert answers[-1]["id"] is None


def test_answers_come_in_request_order() -> None:
    # one request of every op, with good and bad lines interleaved
    requests: list[Any] = [
        combo("AS AS"),
        "not json",
        follow("AS", "KS 3H", "3H"),
        winner("KS", "AS", "3H", "QS"),
        req("settle", points="eighty"),
        throw("AS AS KS 3S", KS_SAFE),
        bonus("AS AS"),
        req("settle", points=100),
        declare("2H"),
        flip("BJ 5H KD 2C 3S 4S 5S 6S"),
        combo("ZZ"),
    ]
    requests = [{"id": i, **r} if isinstance(r, dict) else r for i, r in enumerate(requests)]
    answers = ask_all(requests)
    ids = [answer["id"] for answer in answers]
    assert ids == [0, None, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [("error" in answer) for answer in answers] == [
        False, True, False, False, True, False, False, False, False, False, True
    ]
    assert answers[0]["kind"] == "pair"
    assert answers[7]["winner"] == "opponents"
    assert answers[9]["suit"] == "C"
