"""The rules judge as other programs use it: the real command, JSON Lines on a pipe.

Covers every op of docs/judge.md — ``combo`` (R-C1–R-C4), ``follow`` (R-P2–R-P6, R-H2
with the ``blocker`` extension), ``winner`` (R-W1–R-W5), ``throw`` (R-H1–R-H3),
``bonus`` (R-S2), ``settle`` (R-S3), ``declare`` (R-T2, R-T3) and ``flip`` (R-T6) —
under both presets and with option objects (§12); the ``id`` echoed unchanged; answers
in request order; card lists in canonical ASCII, high to low (R-N3); bad input answered
with one ``{"id": …, "error": …}`` line while the judge carries on and exits 0; blank
lines skipped. Each group of requests goes through one judge process.
"""

from __future__ import annotations

from typing import Any

from judge_support import (
    CL,
    H2,
    NT,
    S2,
    Cases,
    Check,
    cls,
    indexes,
    std,
)


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
def test_combo_r_c1_to_r_c4(check: Check, index: int) -> None:
    check(COMBO_CASES, index)


# --- follow: R-P2–R-P6, R-H2 -----------------------------------------------------------


def follow(
    lead: str, hand: str, play: str, rules: Any = None, trump: Any = H2, **extra: Any
) -> dict[str, Any]:
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
def test_follow_r_p2_to_r_p6_r_h2(check: Check, index: int) -> None:
    check(FOLLOW_CASES, index)


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
def test_winner_r_w1_to_r_w5(check: Check, index: int) -> None:
    check(WINNER_CASES, index)


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
def test_throw_r_h1_to_r_h3(check: Check, index: int) -> None:
    check(THROW_CASES, index)


# --- bonus, settle, declare, flip: R-S2, R-S3, R-T2, R-T3, R-T6 -------------------------

TALON = "KD 5D TH 3C 4C 6C 7C 8C"  # 25 points


def bonus(last_lead: str, rules: Any = None, talon: str = TALON, trump: Any = H2) -> dict[str, Any]:
    return req("bonus", rules, trump=trump, talon=talon, last_lead=last_lead)


def settle(points: Any, rules: Any = None) -> dict[str, Any]:
    return req("settle", rules, points=points)


def settled(winner: str, levels: int) -> dict[str, Any]:
    return {"winner": winner, "levels": levels}


def declare(
    cards: str, standing: Any = None, seat: Any = 0, rank: Any = "2", rules: Any = None
) -> dict[str, Any]:
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
    ("R-T3-own-pair-over-own-single", declare("2S 2S", stands("2S", 1), seat=1), ALLOWED),
    (
        "R-T3-over-a-strengthened-pair",
        declare("2D 2D", stands("2S 2S", 1), seat=2),
        refused("R-T3"),
    ),
    ("R-T3-over-a-joker-pair", declare("BJ BJ", stands("RJ RJ", 1), seat=2), refused("R-T3")),
    ("R-T2-over-a-joker-pair", declare("3S 4S 5S", stands("BJ BJ", 1), seat=2), refused("R-T2")),
    ("R-T6-rank-card", flip(FLIP_TALON), {"suit": "C", "turned": 4}),
    ("R-T6-first-card", flip("2D 2S 5H KD 3S 4S 5S 6S"), {"suit": "D", "turned": 1}),
    ("R-T6-highest-first-turned", flip(NO_RANK_TALON), {"suit": "H", "turned": 8}),
    ("R-T6-jokers-skipped", flip("RJ BJ 7S 3D 4D 5D 6D 8D"), {"suit": "D", "turned": 8}),
    ("R-T6-rank-10", flip("9S 10c JD 3H 4H 5H 6H 7H", "10"), {"suit": "C", "turned": 2}),
    ("R-T6-classic", flip(NO_RANK_TALON, rules=CL), {"suit": "H", "turned": 8}),
]


@indexes(ROUND_CASES)
def test_bonus_settle_declare_flip_r_s2_r_s3_r_t2_r_t3_r_t6(check: Check, index: int) -> None:
    check(ROUND_CASES, index)
