"""Benchmark cases for tricks, throws and combinations: trick_winner, winner_of,
check_throw and classify."""

from __future__ import annotations

import random
from collections.abc import Callable

from inputs import (
    deal,
    plain_suit,
    random_ctx,
    random_lead,
    rest_of_pack,
    suit_cards,
    suits,
)
from measure import Case
from tuolaji.core import (
    check_throw,
    classify,
    legal_follows,
    parse_cards,
    to_layers,
    trick_winner,
    trump_context,
    winner_of,
)
from tuolaji.core.cards import HAND_SIZE
from tuolaji.core.combos import THROW
from tuolaji.core.trump import TrumpContext

THROW_TRICKS = (
    # rank 2, hearts trump: (plays, winner)
    (("AS AS KS KS QS JS", "9S 8S 8S 7S 4S 3S", "3H 3H 4H 4H 6H 9H", "QH QH KH KH 5H 7H"), 3),
    (("AD AD QD QD 9D", "5H 5H 8H 8H 2C", "3D 4D 6D 7D 8D", "JH JH 2S 2S BJ"), 3),
    (("KC QC JC 9C", "RJ 3H 6H 7H", "BJ 2H AH TH", "3C 4C 5C 6C"), 1),
)


def _tricks(rng: random.Random, pairs: int, count: int) -> list[tuple[TrumpContext, list]]:
    out = []
    for _ in range(count):
        ctx = random_ctx(rng)
        cards = random_lead(rng, ctx, pairs)
        lead = classify(ctx, cards)
        plays = [cards] + [
            list(rng.choice(list(legal_follows(ctx, lead, hand)))) for hand in deal(rng, cards, 3)
        ]
        out.append((ctx, plays))
    return out


def trick_cases(rng: random.Random, count: int) -> list[Case]:
    """trick_winner (card lists) and winner_of (lead combo, layers) for 4-play tricks."""
    sets: list[tuple[str, list[tuple[TrumpContext, list]]]] = [
        (label, _tricks(rng, pairs, count))
        for pairs, label in ((0, "single"), (1, "pair"), (2, "tractor2"))
    ]
    ctx = trump_context(0, 1)
    ruffs = []
    for texts, expected in THROW_TRICKS:
        plays = [parse_cards(text) for text in texts]
        assert trick_winner(ctx, plays) == expected, texts
        ruffs.append((ctx, plays))
    sets.append(("throw with ruffs", ruffs))
    cases = []
    for label, tricks in sets:
        prepared = [
            (c, classify(c, plays[0]), [to_layers(p) for p in plays[1:]]) for c, plays in tricks
        ]

        def lists(tricks: list = tricks) -> None:
            for c, plays in tricks:
                trick_winner(c, plays)

        def layers(prepared: list = prepared) -> None:
            for c, lead, follows in prepared:
                winner_of(c, lead, follows)

        n = len(tricks)
        cases.append(Case("trick winner (4 plays)", f"{label}: trick_winner", lists, n))
        cases.append(Case("trick winner (4 plays)", f"{label}: winner_of", layers, n))
    return cases


def _standing(
    rng: random.Random, ctx: TrumpContext, cards: list[int], hands: list[list[int]]
) -> list[list[int]] | None:
    """The hands with every card of the led suit above the throw's lowest card swapped
    for other cards, so that the throw stands; None when too few cards are left."""
    suit = ctx.eff[cards[0]]
    high = ctx.above(suit, min(ctx.level[k] for k in cards))
    pool = [
        k for k in rest_of_pack(cards + [k for hand in hands for k in hand]) if not high >> k & 1
    ]
    rng.shuffle(pool)
    out = []
    for hand in hands:
        keep = [k for k in hand if not high >> k & 1]
        if len(pool) < HAND_SIZE - len(keep):
            return None
        out.append(sorted(keep + [pool.pop() for _ in range(HAND_SIZE - len(keep))]))
    return out


def throw_cases(rng: random.Random, count: int) -> list[Case]:
    """check_throw: a random throw of a plain suit against three random hands of 25, and
    the same when the hands hold nothing above the throw (so that it stands)."""
    cases = []
    for size, stand in ((6, False), (10, False), (10, True)):
        throws = []
        while len(throws) < count:
            ctx = random_ctx(rng)
            cards = suit_cards(rng, ctx, plain_suit(rng, ctx), size)
            if classify(ctx, cards).kind != THROW:
                continue
            hands: list[list[int]] | None = deal(rng, cards, 3)
            if stand:
                hands = _standing(rng, ctx, cards, hands)
            if hands is not None:
                throws.append((ctx, cards, hands))
        valid = sum(check_throw(c, cards, others).valid for c, cards, others in throws)

        def run(throws: list = throws) -> None:
            for c, cards, others in throws:
                check_throw(c, cards, others)

        name = f"{size}-card throw" + (", nothing above it" if stand else "")
        note = f"{valid} of {count} valid"
        extra = {"valid": valid}
        cases.append(Case("check_throw (3 hands of 25)", name, run, count, note, extra))
    return cases


def classify_cases(rng: random.Random, count: int) -> list[Case]:
    """classify of a single, a pair, a tractor2 and 8 random cards of one suit."""
    builders: list[tuple[str, Callable[[TrumpContext], list[int]]]] = [
        ("1 card (single)", lambda c: random_lead(rng, c, 0)),
        ("2 cards (pair)", lambda c: random_lead(rng, c, 1)),
        ("4 cards (tractor2)", lambda c: random_lead(rng, c, 2)),
        ("8 cards of one suit", lambda c: suit_cards(rng, c, rng.choice(suits(c)), 8)),
    ]
    cases = []
    for label, build in builders:
        plays = []
        for _ in range(count):
            ctx = random_ctx(rng)
            plays.append((ctx, build(ctx)))

        def run(plays: list = plays) -> None:
            for c, cards in plays:
                classify(c, cards)

        kinds = sorted({classify(c, cards).kind for c, cards in plays})
        cases.append(Case("classify", label, run, count, "/".join(kinds)))
    return cases
