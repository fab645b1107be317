"""A bot for the tests of external players that breaks the protocol on purpose.

    python misbehaving_bot.py MODE [--at N] [--record PATH]

Until request ``N`` (default 1) it answers well (the first legal option, or the first
8 cards of its hand); from request ``N`` on it misbehaves as MODE says (``slow``: at
request ``N`` only):

- ``good``: never misbehaves;
- ``crash``: writes ``boom`` to stderr and exits with code 3;
- ``silent``: reads on but never answers again;
- ``garbage``: answers a line that is not JSON;
- ``wrong_id``: answers with another request's id;
- ``bad_cards``: answers cards that cannot be read;
- ``illegal``: answers cards it does not hold;
- ``twice``: answers well, and then the same answer again;
- ``chatty``: answers well, then writes a line that answers nothing;
- ``slow``: answers request ``N`` well, but only after ``--delay`` seconds (default 1).

``--record PATH`` appends every line received to PATH.
Standard library only, like a bot in another language.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "SHDC"


def good_cards(request: dict[str, Any]) -> str:
    """A legal answer: the first legal option, or the first 8 cards of the hand."""
    if request["decision"] == "bury":
        return " ".join(request["observation"]["hand"].split()[:8])
    return str(request["legal"][0])


def unheld_cards(request: dict[str, Any]) -> str:
    """Cards the hand does not hold: one, or 8 different ones to bury."""
    held = set(request["observation"]["hand"].split())
    missing = [r + s for s in SUITS for r in RANKS if r + s not in held]
    return " ".join(missing[: 8 if request["decision"] == "bury" else 1])


def reply(mode: str, request: dict[str, Any]) -> list[str]:
    """The lines to write for one request in ``mode``."""
    request_id = request["id"]
    if mode == "garbage":
        return ["this is not JSON {"]
    if mode == "wrong_id":
        return [json.dumps({"id": request_id + 1000, "cards": good_cards(request)})]
    if mode == "bad_cards":
        return [json.dumps({"id": request_id, "cards": "XX 11Q"})]
    if mode == "illegal":
        return [json.dumps({"id": request_id, "cards": unheld_cards(request)})]
    answer = json.dumps({"id": request_id, "cards": good_cards(request)})
    if mode == "twice":
        return [answer, answer]
    if mode == "chatty":
        return [answer, json.dumps({"note": "thinking out loud"})]
    return [answer]


def main() -> None:
    """Answer requests as the mode says, until ``bye`` or the end of the input."""
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--at", type=int, default=1)
    parser.add_argument("--record")
    parser.add_argument("--delay", type=float, default=1.0)
    args = parser.parse_args()
    for line in sys.stdin:
        if args.record:
            with open(args.record, "a", encoding="utf-8") as record:
                record.write(line)
        message = json.loads(line)
        if message.get("type") == "bye":
            break
        if message.get("type") != "decide":
            continue
        mode = args.mode if message["id"] >= args.at else "good"
        if mode == "crash":
            print("boom", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "silent":
            continue
        if mode == "slow" and message["id"] == args.at:
            time.sleep(args.delay)
        for out in reply(mode, message):
            sys.stdout.write(out + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
