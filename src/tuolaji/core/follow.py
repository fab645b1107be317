"""Following a lead (R-P2–R-P7, R-H2): the check, its boolean form and every legal follow.

The rules only ever forbid *keeping* led-suit cards or led-suit pairs in hand while
playing others (R-P7), so a follow is legal exactly when it

1. has as many cards as the lead, all from the hand (R-P2);
2. holds as many led-suit cards as it can, up to the lead's size (R-P3–R-P6);
3. holds as many led-suit pairs as it can, up to the pairs of the lead's layout (a
   tractor counting its pairs: R-P4–R-P6);
4. with ``follow_tractor_first``, holds a tractor of the led length when the hand has one
   (R-P5);
5. for the blocker of a failed throw with ``failed_throw_must_beat``, beats the forced
   lead when the hand can (R-H2).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tuolaji.core.cards import Layers, bits_of, count_layers, from_layers, to_layers
from tuolaji.core.combos import PAIR, SINGLE, TRACTOR, Combo, has_chain, holds_higher
from tuolaji.core.errors import IllegalAction
from tuolaji.core.tricks import winner_of
from tuolaji.core.trump import TrumpContext, suit_name

_RULE_BY_LEAD = {SINGLE: "R-P3", PAIR: "R-P4", TRACTOR: "R-P5"}


def follow_rule(lead: Combo) -> str:
    """The rule id that governs following this lead: R-P3 to R-P6."""
    return _RULE_BY_LEAD.get(lead.kind, "R-P6")


def _must_beat_applies(ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool) -> bool:
    return (
        must_beat
        and ctx.rules.failed_throw_must_beat
        and len(lead.parts) == 1
        and holds_higher(ctx, lead.suit, hand, lead.parts[0])
    )


def follow_error(
    ctx: TrumpContext, lead: Combo, hand: Layers, play: Layers, must_beat: bool = False
) -> tuple[str, str] | None:
    """Why ``play`` may not follow ``lead`` from ``hand`` as (rule id, message), or None.

    ``must_beat`` says the follower is the blocker of a failed throw (R-H2); it only
    binds when the rule set has ``failed_throw_must_beat``.
    """
    h_ones, h_twos = hand
    p_ones, p_twos = play
    size = lead.size
    played = count_layers(p_ones, p_twos)
    if played != size:
        return (
            "R-P2",
            f"play {size} card{'s' if size > 1 else ''}, as many as were led, not {played}",
        )
    if p_ones & ~h_ones or p_twos & ~h_twos:
        return "R-P2", "the play holds cards that are not in the hand"
    suit = lead.suit
    mask = ctx.suit_mask[suit]
    held = count_layers(h_ones & mask, h_twos & mask)
    in_suit = count_layers(p_ones & mask, p_twos & mask)
    rule = follow_rule(lead)
    if in_suit < min(size, held):
        need = min(size, held)
        return rule, (
            f"you hold {held} card{'s' if held > 1 else ''} of the led suit ({suit_name(suit)}) "
            f"and must play {need} of them, not {in_suit}"
        )
    if lead.pairs:
        need = min(lead.pairs, (h_twos & mask).bit_count())
        if (p_twos & mask).bit_count() < need:
            return rule, (
                f"you must play {need} pair{'s' if need > 1 else ''} of the led suit "
                f"({suit_name(suit)}) while you hold them"
            )
    if lead.kind == TRACTOR and ctx.rules.follow_tractor_first:
        length = lead.parts[0].pairs
        if has_chain(ctx, suit, h_twos & mask, length) and not has_chain(
            ctx, suit, p_twos & mask, length
        ):
            return "R-P5", (
                f"follow_tractor_first: you hold a tractor of {length} pairs in "
                f"{suit_name(suit)} and must play one"
            )
    if _must_beat_applies(ctx, lead, hand, must_beat) and winner_of(ctx, lead, [play]) != 1:
        return "R-H2", (
            "you are the blocker of the failed throw and hold cards that beat the forced lead: "
            "you must beat it"
        )
    return None


def check_follow(
    ctx: TrumpContext,
    lead: Combo,
    hand: Sequence[int],
    play: Sequence[int],
    must_beat: bool = False,
) -> None:
    """Raise :class:`IllegalAction` naming the rule when ``play`` may not follow ``lead``."""
    error = follow_error(ctx, lead, to_layers(hand), to_layers(play), must_beat)
    if error is not None:
        raise IllegalAction(*error)


def can_follow(
    ctx: TrumpContext,
    lead: Combo,
    hand: Sequence[int],
    play: Sequence[int],
    must_beat: bool = False,
) -> bool:
    """Whether ``play`` may follow ``lead`` from ``hand``."""
    return follow_error(ctx, lead, to_layers(hand), to_layers(play), must_beat) is None


def multisets(ones: int, twos: int, size: int, min_pairs: int = 0) -> Iterator[Layers]:
    """Every distinct sub-multiset of ``size`` cards of the layers, with at least
    ``min_pairs`` pairs, as layers; lazily."""
    pair_bits = bits_of(twos)
    for n_pairs in range(min_pairs, min(len(pair_bits), size // 2) + 1):
        for chosen in combinations(pair_bits, n_pairs):
            pairs = sum(chosen)
            rest = bits_of(ones & ~pairs)
            n_singles = size - 2 * n_pairs
            if n_singles > len(rest):
                continue
            for singles in combinations(rest, n_singles):
                yield pairs | sum(singles), pairs


def legal_follow_layers(
    ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool = False
) -> Iterator[Layers]:
    """Every legal follow of ``lead`` from ``hand``, each distinct multiset once, as
    layers; lazily, because after a throw there can be very many."""
    h_ones, h_twos = hand
    mask = ctx.suit_mask[lead.suit]
    s_ones, s_twos = h_ones & mask, h_twos & mask
    held = count_layers(s_ones, s_twos)
    size = lead.size
    if held <= size:
        # Every led-suit card must go (with its pairs); the rest is free.
        candidates: Iterator[Layers] = (
            (s_ones | o, s_twos | t)
            for o, t in multisets(h_ones & ~mask, h_twos & ~mask, size - held)
        )
    else:
        need = min(lead.pairs, s_twos.bit_count())
        candidates = multisets(s_ones, s_twos, size, need)
    tractor_first = lead.kind == TRACTOR and ctx.rules.follow_tractor_first
    beat = _must_beat_applies(ctx, lead, hand, must_beat)
    if not tractor_first and not beat:
        yield from candidates
        return
    for candidate in candidates:
        if follow_error(ctx, lead, hand, candidate, must_beat) is None:
            yield candidate


def legal_follows(
    ctx: TrumpContext, lead: Combo, hand: Sequence[int], must_beat: bool = False
) -> Iterator[tuple[int, ...]]:
    """Every legal follow of ``lead`` from ``hand`` as a tuple of kinds, lazily."""
    for ones, twos in legal_follow_layers(ctx, lead, to_layers(hand), must_beat):
        yield tuple(from_layers(ones, twos))
