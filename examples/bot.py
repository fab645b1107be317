#!/usr/bin/env python3
"""A minimal tuolaji bot: it speaks the JSON-lines bot protocol (docs/bot-protocol.md)
on its standard input and output, and knows the game only through it.

It answers each request with a random choice among the legal options it is sent, and
buries the first 8 cards of its hand. Standard library only, so it runs with any
Python 3 and shows what a bot in another language has to do. Seat it with

    tuolaji simulate --games 1 --players "cmd:python examples/bot.py,random,random,random"

or, with 20 seconds for each answer and a short name in the results,

    tuolaji tournament --players "cmd:timeout=20:name=example:python examples/bot.py,random"
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def choose(request: dict[str, Any], rng: random.Random) -> str:
    """The cards to answer a ``decide`` request with, as a card string."""
    decision = request["decision"]
    hand = request["observation"]["hand"].split()
    if decision == "bury":
        return " ".join(hand[:8])  # any 8 cards of the hand may be buried
    legal = request.get("legal") or []
    if decision == "declare":
        return rng.choice(legal) if legal else ""  # "" keeps quiet (or passes)
    # A play always comes with a non-empty list; a single card is always a legal lead.
    return rng.choice(legal) if legal else hand[0]


def main() -> None:
    """Answer requests line by line until ``bye`` or the end of the input."""
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rng.seed(message.get("seed"))  # the same seat seed plays the same game
            print(f"bot: seat {message['seat']}, protocol {message['version']}", file=sys.stderr)
        elif kind == "decide":
            answer = {"id": message["id"], "cards": choose(message, rng)}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()  # an answer stuck in a buffer arrives too late
        elif kind == "bye":
            break
        # Other types are ignored: later protocol versions may add some.


if __name__ == "__main__":
    main()
