"""What a seat could do that is worth listing: the declarations it could make now, and
the tractors it holds. Shared by every player and by the bot protocol."""

from __future__ import annotations

from tuolaji.core.cards import BJ, RJ, Layers, bits_of, contains_layers, to_layers
from tuolaji.core.declare import Declaration, declare_outcome
from tuolaji.core.errors import IllegalAction
from tuolaji.core.trump import TrumpContext


def declaration_options(
    rank: int, standing: Declaration | None, seat: int, hand: Layers
) -> list[tuple[int, ...]]:
    """Every declaration ``seat`` could make now from ``hand`` (R-T2, R-T3)."""
    ones, twos = hand
    options: list[tuple[int, ...]] = []
    for suit in range(4):
        kind = suit * 13 + rank
        if ones >> kind & 1:
            options.append((kind,))
        if twos >> kind & 1:
            options.append((kind, kind))
    for joker in (BJ, RJ):
        if twos >> joker & 1:
            options.append((joker, joker))
    return [option for option in options if _may_declare(rank, standing, seat, hand, option)]


def _may_declare(
    rank: int, standing: Declaration | None, seat: int, hand: Layers, cards: tuple[int, ...]
) -> bool:
    try:
        outcome = declare_outcome(rank, standing, seat, cards)
    except IllegalAction:
        return False
    # Strengthening one's own single needs the twin in hand too.
    return contains_layers(hand, to_layers(outcome.cards))


def tractors_in(ctx: TrumpContext, twos: int) -> list[int]:
    """Every distinct tractor of the pairs ``twos``, as masks of its pair kinds (R-C3)."""
    found: list[int] = []
    for suit, levels in enumerate(ctx.level_masks):
        pairs = twos & ctx.suit_mask[suit]
        if pairs.bit_count() < 2:
            continue
        per_level = [bits_of(pairs & mask) for mask in levels]
        for start in range(len(per_level)):
            partial = [0]
            for level in range(start, len(per_level)):
                if not per_level[level]:
                    break
                partial = [mask | bit for mask in partial for bit in per_level[level]]
                if level > start:
                    found.extend(partial)
    return found
