"""Benchmark cases for following: check_follow, follow_error and legal_follows."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from inputs import deal, drain, random_ctx, random_lead, rest_of_pack
from measure import Case
from tuolaji.core import (
    IllegalAction,
    check_follow,
    classify,
    follow_error,
    legal_follow_layers,
    legal_follows,
    parse_cards,
    to_layers,
    trump_context,
)
from tuolaji.core.cards import HAND_SIZE
from tuolaji.core.combos import Combo
from tuolaji.core.trump import TrumpContext


@dataclass
class Follow:
    """A lead, a follower's hand and one play from it, as lists and as layers."""

    ctx: TrumpContext
    lead: Combo
    hand: list[int]
    play: list[int]
    hand_layers: tuple[int, int]
    play_layers: tuple[int, int]


def _follows(rng: random.Random, pairs: int, count: int, legal: bool = True) -> list[Follow]:
    out: list[Follow] = []
    while len(out) < count:
        ctx = random_ctx(rng)
        cards = random_lead(rng, ctx, pairs)
        lead = classify(ctx, cards)
        hand = deal(rng, cards, 1)[0]
        if legal:
            play = list(rng.choice(list(legal_follows(ctx, lead, hand))))
        else:
            play = rng.sample(hand, lead.size)
            if follow_error(ctx, lead, to_layers(hand), to_layers(play)) is None:
                continue
        out.append(Follow(ctx, lead, hand, play, to_layers(hand), to_layers(play)))
    return out


def follow_cases(rng: random.Random, count: int) -> list[Case]:
    """check_follow / follow_error for a pair led against a 25-card hand."""
    legal = _follows(rng, 1, count)
    illegal = _follows(rng, 1, count, legal=False)

    def layers() -> None:
        for f in legal:
            follow_error(f.ctx, f.lead, f.hand_layers, f.play_layers)

    def lists() -> None:
        for f in legal:
            check_follow(f.ctx, f.lead, f.hand, f.play)

    def refused() -> None:
        for f in illegal:
            with contextlib.suppress(IllegalAction):
                check_follow(f.ctx, f.lead, f.hand, f.play)

    group = "check_follow (pair led, hand 25)"
    return [
        Case(group, "follow_error on layers, legal play", layers, count),
        Case(group, "check_follow on card lists, legal play", lists, count),
        Case(group, "check_follow on card lists, illegal (raises)", refused, count),
    ]


def typical_follow_cases(rng: random.Random, count: int) -> list[Case]:
    """legal_follows: every follow of a single or a pair against a 25-card hand."""
    cases = []
    for pairs, label in ((0, "single"), (1, "pair")):
        follows = _follows(rng, pairs, count)
        counts = [sum(1 for _ in legal_follows(f.ctx, f.lead, f.hand)) for f in follows]

        def run(follows: list[Follow] = follows) -> None:
            for f in follows:
                drain(legal_follows(f.ctx, f.lead, f.hand))

        note = f"{sum(counts) / len(counts):.0f} follows on average ({min(counts)}-{max(counts)})"
        extra = {"follows_mean": sum(counts) / len(counts), "follows_max": max(counts)}
        cases.append(Case("legal_follows (typical)", f"{label} led: all", run, count, note, extra))
    return cases


WORST_LEAD = "AS AS KS KS 9S 9S QS JS 7S 5S"
"""A 10-card throw, tractor2 + pair + 4 singles, in spades with rank 2, hearts trump."""


def _count_until(iterator: Iterator[object], deadline_s: float) -> tuple[int, float, bool]:
    """How many items ``iterator`` yields, the seconds it took, and whether it ended
    before ``deadline_s``."""
    start = time.perf_counter()
    n = 0
    for _ in iterator:
        n += 1
        if not n % 10_000 and time.perf_counter() - start > deadline_s:
            return n, time.perf_counter() - start, False
    return n, time.perf_counter() - start, True


def worst_follow_cases(rng: random.Random, deadline_s: float) -> list[Case]:
    """legal_follows after a 10-card throw: a hand short of the led suit, and a long one."""
    ctx = trump_context(0, 1)
    cards = parse_cards(WORST_LEAD)
    lead = classify(ctx, cards)
    rest = rest_of_pack(cards)
    spades = [k for k in rest if ctx.eff[k] == 0]
    others = [k for k in rest if ctx.eff[k] != 0]
    group = "legal_follows (10-card throw " + "+".join(lead.layout_labels()) + ")"
    cases = []
    for held, label in ((1, "1 spade"), (12, "12 spades")):
        hand = sorted(rng.sample(spades, held) + rng.sample(others, HAND_SIZE - held))
        layers = to_layers(hand)
        n, seconds, done = _count_until(legal_follows(ctx, lead, hand), deadline_s)
        extra = {"follows": n if done else None, "follows_at_least": n, "held": held}
        total = f"{n:,} follows" if done else f"over {n:,} follows in {seconds:.1f} s"

        def first(hand: list[int] = hand) -> None:
            drain(islice(legal_follows(ctx, lead, hand), 1000))

        def every(hand: list[int] = hand) -> None:
            drain(legal_follows(ctx, lead, hand))

        def every_layers(layers: tuple[int, int] = layers) -> None:
            drain(legal_follow_layers(ctx, lead, layers))

        name = f"hand 25 with {label}"
        slow = seconds > 0.05
        if n > 1000:
            cases.append(Case(group, f"{name}: first 1,000", first, 1, total, extra))
        if done:
            cases.append(Case(group, f"{name}: all", every, 1, total, extra, slow))
            cases.append(Case(group, f"{name}: all as layers", every_layers, 1, total, {}, slow))
        else:
            cases.append(Case(group, f"{name}: all", None, 1, f"not timed: {total}", extra))
    return cases
