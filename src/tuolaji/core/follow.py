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

:func:`follow_fault` is the check self-play runs for every follow: bit operations that
answer with a reason constant. :func:`follow_refusal` builds the full refusal (the
rule, a message naming the cards, the cards the player should have played) and runs
only when a play is refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, islice
from math import comb
from typing import NamedTuple

from tuolaji.core.cards import (
    Layers,
    NotationError,
    bits_of,
    card_list_error,
    count_layers,
    format_cards,
    from_layers,
    to_layers,
)
from tuolaji.core.combos import PAIR, SINGLE, TRACTOR, Combo, has_chain, holds_higher
from tuolaji.core.errors import (
    BAD_CARD,
    MUST_BEAT,
    MUST_FOLLOW_SUIT,
    MUST_PLAY_PAIRS,
    MUST_PLAY_TRACTOR,
    NOT_HELD,
    WRONG_COUNT,
    IllegalAction,
)
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


def follow_fault(
    ctx: TrumpContext, lead: Combo, hand: Layers, play: Layers, must_beat: bool = False
) -> str | None:
    """Which mistake ``play`` makes following ``lead`` from ``hand`` (a reason constant
    of :mod:`tuolaji.core.errors`), or None when it is legal.

    This is the hot path of self-play: bit operations only, no message is built.
    ``must_beat`` says the follower is the blocker of a failed throw (R-H2); it only
    binds when the rule set has ``failed_throw_must_beat``.
    """
    h_ones, h_twos = hand
    p_ones, p_twos = play
    size = lead.size
    if count_layers(p_ones, p_twos) != size:
        return WRONG_COUNT
    if p_ones & ~h_ones or p_twos & ~h_twos:
        return NOT_HELD
    mask = ctx.suit_mask[lead.suit]
    held = count_layers(h_ones & mask, h_twos & mask)
    if count_layers(p_ones & mask, p_twos & mask) < min(size, held):
        return MUST_FOLLOW_SUIT
    if lead.pairs and (p_twos & mask).bit_count() < min(lead.pairs, (h_twos & mask).bit_count()):
        return MUST_PLAY_PAIRS
    if lead.kind == TRACTOR and ctx.rules.follow_tractor_first:
        length = lead.parts[0].pairs
        if has_chain(ctx, lead.suit, h_twos & mask, length) and not has_chain(
            ctx, lead.suit, p_twos & mask, length
        ):
            return MUST_PLAY_TRACTOR
    if _must_beat_applies(ctx, lead, hand, must_beat) and winner_of(ctx, lead, [play]) != 1:
        return MUST_BEAT
    return None


def follow_refusal(
    ctx: TrumpContext, lead: Combo, hand: Layers, play: Layers, must_beat: bool = False
) -> IllegalAction | None:
    """The refusal of ``play`` following ``lead`` from ``hand``, or None when it is legal:
    the rule, the reason, the cards concerned and a message naming them. Only the refusal
    path calls this; it does the work :func:`follow_fault` leaves out."""
    reason = follow_fault(ctx, lead, hand, play, must_beat)
    if reason is None:
        return None
    h_ones, h_twos = hand
    p_ones, p_twos = play
    size = lead.size
    if reason == WRONG_COUNT:
        given = count_layers(p_ones, p_twos)
        return IllegalAction(
            "R-P2",
            f"play {size} card{'s' if size > 1 else ''}, as many as were led, not {given}",
            WRONG_COUNT,
            details={"need": size, "given": given},
        )
    if reason == NOT_HELD:
        # the copies the play names beyond those in the hand
        missing = from_layers((p_ones & ~h_ones) | (p_twos & ~h_twos), p_twos & ~h_ones)
        return IllegalAction(
            "R-P2", f"you do not hold {format_cards(missing)}", NOT_HELD, tuple(missing)
        )
    suit = lead.suit
    mask = ctx.suit_mask[suit]
    suit_words = suit_name(suit)
    rule = follow_rule(lead)
    if reason == MUST_FOLLOW_SUIT:
        in_hand = from_layers(h_ones & mask, h_twos & mask)
        need = min(size, len(in_hand))
        given = count_layers(p_ones & mask, p_twos & mask)
        details = {"suit": suit, "need": need, "given": given}
        if len(in_hand) <= size:
            # every led-suit card must go: name them
            cards = tuple(ctx.sort_high_to_low(in_hand))
            message = (
                f"you hold {format_cards(cards)} of the led suit ({suit_words}): "
                "all of them must be played"
            )
            return IllegalAction(rule, message, reason, cards, details)
        message = (
            f"you hold {len(in_hand)} cards of the led suit ({suit_words}): "
            f"play {need} of them, not {given}"
        )
        return IllegalAction(rule, message, reason, (), details)
    if reason == MUST_PLAY_PAIRS:
        pairs = h_twos & mask
        need = min(lead.pairs, pairs.bit_count())
        given = (p_twos & mask).bit_count()
        details = {"suit": suit, "need": need, "given": given}
        s = "s" if need > 1 else ""
        if pairs.bit_count() <= lead.pairs:
            cards = tuple(ctx.sort_high_to_low(from_layers(pairs, pairs)))
            message = (
                f"you hold the pair{s} {format_cards(cards)} of the led suit ({suit_words}): "
                f"{'they' if need > 1 else 'it'} must be played"
            )
            return IllegalAction(rule, message, reason, cards, details)
        message = (
            f"you hold {pairs.bit_count()} pairs of the led suit ({suit_words}): "
            f"play {need} pair{s} of them, not {given}"
        )
        return IllegalAction(rule, message, reason, (), details)
    if reason == MUST_PLAY_TRACTOR:
        length = lead.parts[0].pairs
        return IllegalAction(
            "R-P5",
            f"follow_tractor_first: you hold a tractor of {length} pairs in {suit_words} "
            "and must play one",
            reason,
            details={"suit": suit, "length": length},
        )
    forced = tuple(ctx.sort_high_to_low(lead.cards()))
    return IllegalAction(
        "R-H2",
        f"you are the blocker of the failed throw and hold cards that beat "
        f"{format_cards(forced)}: you must beat it",
        reason,
        forced,
    )


def follow_error(
    ctx: TrumpContext, lead: Combo, hand: Layers, play: Layers, must_beat: bool = False
) -> tuple[str, str] | None:
    """Why ``play`` may not follow ``lead`` from ``hand`` as (rule id, message), or None.

    ``must_beat`` says the follower is the blocker of a failed throw (R-H2); it only
    binds when the rule set has ``failed_throw_must_beat``.
    """
    refusal = follow_refusal(ctx, lead, hand, play, must_beat)
    return None if refusal is None else (refusal.rule, refusal.message)


def check_follow(
    ctx: TrumpContext,
    lead: Combo,
    hand: Sequence[int],
    play: Sequence[int],
    must_beat: bool = False,
) -> None:
    """Raise :class:`IllegalAction` naming the rule when ``play`` may not follow ``lead``
    (R-N3 and R-D1 for lists that are not cards of the pack)."""
    refusal = follow_refusal(ctx, lead, *_layers_of(hand, play), must_beat)
    if refusal is not None:
        raise refusal


def can_follow(
    ctx: TrumpContext,
    lead: Combo,
    hand: Sequence[int],
    play: Sequence[int],
    must_beat: bool = False,
) -> bool:
    """Whether ``play`` may follow ``lead`` from ``hand`` (False for lists that are not
    cards of the pack)."""
    try:
        layers = _layers_of(hand, play)
    except IllegalAction:
        return False
    return follow_fault(ctx, lead, *layers, must_beat) is None


def _layers_of(hand: Sequence[int], play: Sequence[int]) -> tuple[Layers, Layers]:
    """The hand and the play as layers; :class:`IllegalAction` when either is not a list
    of card kinds (R-N3) or names a card more than twice (R-D1)."""
    for cards in (hand, play):
        problem = card_list_error(cards)
        if problem is not None:
            raise IllegalAction("R-N3", problem, BAD_CARD)
    try:
        return to_layers(hand), to_layers(play)
    except NotationError as error:
        raise IllegalAction("R-D1", str(error).removeprefix("R-D1: "), BAD_CARD) from None


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


def count_multisets(ones: int, twos: int, size: int, min_pairs: int = 0) -> int:
    """How many multisets :func:`multisets` yields, by counting, not listing: with ``K``
    kinds held and ``P`` of them twice, ``C(P, j) · C(K − j, size − 2j)`` hold exactly
    ``j`` pairs.

    >>> count_multisets(0b111, 0b001, 2)  # of A A B C: AA AB AC BC
    4
    """
    kinds, pair_kinds = ones.bit_count(), twos.bit_count()
    return sum(
        comb(pair_kinds, j) * comb(kinds - j, size - 2 * j)
        for j in range(min_pairs, min(pair_kinds, size // 2) + 1)
    )


class _Candidates(NamedTuple):
    """Where the legal follows of a lead are drawn from, before R-P5's
    ``follow_tractor_first`` and R-H2's must-beat (the module docstring's points 1–3):
    every follow is ``fixed`` plus ``size`` more cards, at least ``min_pairs`` of them
    pairs, chosen from ``source``."""

    fixed: Layers
    source: Layers
    size: int
    min_pairs: int


def _candidates(ctx: TrumpContext, lead: Combo, hand: Layers) -> _Candidates:
    h_ones, h_twos = hand
    mask = ctx.suit_mask[lead.suit]
    s_ones, s_twos = h_ones & mask, h_twos & mask
    held = count_layers(s_ones, s_twos)
    size = lead.size
    if held <= size:
        # Every led-suit card must go (with its pairs); the rest is free.
        return _Candidates((s_ones, s_twos), (h_ones & ~mask, h_twos & ~mask), size - held, 0)
    return _Candidates((0, 0), (s_ones, s_twos), size, min(lead.pairs, s_twos.bit_count()))


def _constrained(ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool) -> bool:
    """Whether R-P5's ``follow_tractor_first`` or R-H2's must-beat may rule out some of
    the candidates."""
    if lead.kind == TRACTOR and ctx.rules.follow_tractor_first:
        return True
    return _must_beat_applies(ctx, lead, hand, must_beat)


def count_legal_follows(
    ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool = False
) -> int:
    """How many distinct follows :func:`legal_follow_layers` yields: counted without
    listing them, except where R-P5's ``follow_tractor_first`` or R-H2's must-beat apply
    (then the candidates are checked one by one)."""
    if _constrained(ctx, lead, hand, must_beat):
        return sum(1 for _ in legal_follow_layers(ctx, lead, hand, must_beat))
    candidates = _candidates(ctx, lead, hand)
    return count_multisets(*candidates.source, candidates.size, candidates.min_pairs)


def legal_follow_layers(
    ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool = False
) -> Iterator[Layers]:
    """Every legal follow of ``lead`` from ``hand``, each distinct multiset once, as
    layers; lazily, because after a throw there can be very many."""
    (f_ones, f_twos), (o_ones, o_twos), size, min_pairs = _candidates(ctx, lead, hand)
    candidates: Iterator[Layers] = multisets(o_ones, o_twos, size, min_pairs)
    if f_ones:
        candidates = ((f_ones | o, f_twos | t) for o, t in candidates)
    if not _constrained(ctx, lead, hand, must_beat):
        yield from candidates
        return
    for candidate in candidates:
        if follow_fault(ctx, lead, hand, candidate, must_beat) is None:
            yield candidate


def legal_follow_list(
    ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool, limit: int
) -> list[Layers]:
    """The first ``limit`` follows of :func:`legal_follow_layers`, in its order, as a list.
    A bot that scores the follows asks this at every decision, and most leads are single
    cards: their follows are listed directly, without the generators."""
    if lead.size == 1 and not must_beat:
        # a led-suit card, lowest first; with none, any card (legal_follow_layers's order)
        led = hand[0] & ctx.suit_mask[lead.suit]
        return [(bit, 0) for bit in bits_of(led if led else hand[0])[:limit]]
    return list(islice(legal_follow_layers(ctx, lead, hand, must_beat), limit))


def legal_follows(
    ctx: TrumpContext, lead: Combo, hand: Sequence[int], must_beat: bool = False
) -> Iterator[tuple[int, ...]]:
    """Every legal follow of ``lead`` from ``hand`` as a tuple of kinds, lazily."""
    for ones, twos in legal_follow_layers(ctx, lead, to_layers(hand), must_beat):
        yield tuple(from_layers(ones, twos))
