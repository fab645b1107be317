"""Deals known in advance: seeds for rooms whose first deal a test needs.

A room created with ``seed`` deals as ``Game(rules, seed)`` does (docs/protocol.md,
"Creating a room"), so the engine tells the test before the room exists who will hold
what. The tests ask the engine; they decide nothing about the rules themselves.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from tuolaji.core.cards import BJ, RJ, SEATS, format_card, rank_of
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Game

#: the trump rank of round 1 (R-T1), as an index into RANKS: ``2``
ROUND_ONE_RANK = 0


def first_hands(seed: int, rules: str = "standard") -> list[list[str]]:
    """The four hands of the first deal of a game seeded ``seed`` (R-D2), in notation."""
    game = Game(rules_from_spec(rules), seed)
    while game.turn().chance:
        game.draw()
    return [[format_card(card) for card in game.hand(seat)] for seat in range(SEATS)]


def declarable_pairs(hand: list[int]) -> list[int]:
    """The kinds of which ``hand`` holds an identical pair that declares (R-T2): a pair
    of the round-one trump rank or a joker pair."""
    counts = Counter(hand)
    return [
        kind
        for kind, count in counts.items()
        if count == 2 and (kind in (BJ, RJ) or rank_of(kind) == ROUND_ONE_RANK)
    ]


@cache
def seed_where_seat_declares(seat: int = 0, rules: str = "standard") -> int:
    """A seed whose first deal gives ``seat`` a pair of ``2``s of one suit and nobody
    else a pair that declares (R-T2, R-T3): whenever the seat shows its pair, nothing
    overrides it, so the seat becomes the starter of round 1 (R-T5) and takes and
    buries the talon (R-K1)."""
    for seed in range(1, 10_000):
        game = Game(rules_from_spec(rules), seed)
        while game.turn().chance:
            game.draw()
        pairs = [declarable_pairs(game.hand(other)) for other in range(SEATS)]
        own = [kind for kind in pairs[seat] if kind not in (BJ, RJ)]
        others = [kinds for other, kinds in enumerate(pairs) if other != seat]
        if own and not any(others):
            return seed
    raise AssertionError("no seed below 10000 gives the seat the only declaring pair")
