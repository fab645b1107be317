"""The heuristic player's choice of a lead or a follow.

Leads: sure winners first (a combination, or a throw of several, that no unseen card can
beat and no opponent can ruff), then pairs and tractors, then low cards of short plain
suits to make voids; trumps only when the seat is long in them.

Follows: every reasonable legal follow is scored by who would win the trick with it, the
points it moves, and what it costs to give up — giving points to a partner who is sure
to win, beating an opponent as cheaply as possible, ducking with low cards otherwise.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from tuolaji.bots.knowledge import Knowledge
from tuolaji.bots.valuation import cost_of, keep_values, points_in
from tuolaji.core.cards import POINTS, Layers, bits_of, count_layers, kinds_of, partner_of
from tuolaji.core.combos import THROW, Combo, combo_of_layers, holds_above, holds_higher, layout
from tuolaji.core.follow import legal_follow_list
from tuolaji.core.leads import tractor_masks
from tuolaji.core.tricks import follow_strength, standing_of, strength_top
from tuolaji.core.trump import TRUMP, TrumpContext

MAX_FOLLOWS: Final = 400
#: follow scoring: a point won or lost, a trick surely won, and a trick won for now
POINT_VALUE: Final = 3.0
SURE_WIN: Final = 10.0
UNSURE_TABLE: Final = 0.5
UNSURE_POINTS: Final = 1.0
#: the sort key of scored candidates (a C function: called for each candidate)
_by_score: Final = itemgetter(0)


# ------------------------------------------------------------------------------- leads


def safe_throw(ctx: TrumpContext, know: Knowledge, hand: Layers, suit: int) -> Layers | None:
    """The union of the parts of ``hand`` in ``suit`` that nothing unseen can beat, when
    there are at least two of them (a throw that stands for sure, R-H1)."""
    mask = ctx.suit_mask[suit]
    ones, twos = hand[0] & mask, hand[1] & mask
    if count_layers(ones, twos) < 2:
        return None
    unseen = know.unseen_in(suit)
    safe = t_ones = t_twos = 0
    for pairs, top, kinds in layout(ctx, suit, ones, twos):
        if not holds_above(ctx, suit, unseen, pairs, top):
            safe += 1
            t_ones |= kinds
            if pairs:
                t_twos |= kinds
    return (t_ones, t_twos) if safe >= 2 else None


class _LeadSituation:
    """What every lead candidate is scored against, worked out once per decision."""

    __slots__ = ("held", "long_in_trumps", "ruffable", "unseen", "values")

    def __init__(self, ctx: TrumpContext, know: Knowledge, hand: Layers) -> None:
        seat = know.seat
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        self.unseen = [know.unseen_in(suit) for suit in range(5)]
        self.held = [count_layers(hand[0] & mask, hand[1] & mask) for mask in ctx.suit_mask]
        # an opponent void in a plain suit may ruff a lead of it
        self.ruffable = [
            suit != TRUMP and any(know.is_void(o, suit) for o in opponents) for suit in range(5)
        ]
        unseen_trumps = count_layers(*self.unseen[TRUMP])
        self.long_in_trumps = self.held[TRUMP] >= max(4, unseen_trumps)
        self.values = keep_values(ctx)


def _score(
    situation: _LeadSituation,
    hand: Layers,
    lead: Layers,
    suit: int,
    safe: bool,
    pairs: int,
    throw: bool,
) -> float:
    """How good a lead is (higher is better)."""
    points = points_in(lead)
    if safe and not situation.ruffable[suit]:
        # a sure winner: the bigger, the more cards (and points) it draws out
        size = count_layers(*lead)
        bonus = (6.0 if throw else 3.0) * size
        if suit == TRUMP and not situation.long_in_trumps:
            bonus -= 6.0
        return 30.0 + bonus + points * 0.5
    score = -cost_of(situation.values, lead, hand) - 2.0 * points
    if throw:
        return score - 40.0  # never a throw that might fail
    score += 3.0 * pairs  # pair leads force pairs out of the others
    if suit == TRUMP:
        score += 4.0 if situation.long_in_trumps else -12.0
    elif situation.held[suit] <= 2:
        score += 4.0  # heading for a void, to ruff later
    return score


def ranked_leads(ctx: TrumpContext, know: Knowledge, hand: Layers) -> list[tuple[float, Layers]]:
    """Every lead candidate — each single, pair and tractor, and each throw that
    surely stands — with its score, best first."""
    situation = _LeadSituation(ctx, know, hand)
    ones, twos = hand
    eff, level = ctx.eff, ctx.level
    scored: list[tuple[float, Layers]] = []
    for bit in bits_of(ones):
        kind = bit.bit_length() - 1
        suit = eff[kind]
        safe = not situation.unseen[suit][0] & ctx.above(suit, level[kind])
        scored.append((_score(situation, hand, (bit, 0), suit, safe, 0, False), (bit, 0)))
    for bit in bits_of(twos):
        kind = bit.bit_length() - 1
        suit = eff[kind]
        safe = not situation.unseen[suit][1] & ctx.above(suit, level[kind])
        scored.append((_score(situation, hand, (bit, bit), suit, safe, 1, False), (bit, bit)))
    if twos.bit_count() >= 2:
        for mask in tractor_masks(ctx, twos):
            combo = combo_of_layers(ctx, mask, mask)
            suit = combo.suit
            safe = not holds_higher(ctx, suit, situation.unseen[suit], combo.parts[0])
            lead = (mask, mask)
            scored.append((_score(situation, hand, lead, suit, safe, combo.pairs, False), lead))
    for suit in range(5):
        if situation.held[suit] >= 2 and not situation.ruffable[suit]:
            throw = safe_throw(ctx, know, hand, suit)
            if throw is not None:
                scored.append((_score(situation, hand, throw, suit, True, 0, True), throw))
    scored.sort(key=_by_score, reverse=True)
    return scored


def choose_lead(ctx: TrumpContext, know: Knowledge, hand: Layers) -> Layers:
    """The heuristic lead."""
    return ranked_leads(ctx, know, hand)[0][1]


# ----------------------------------------------------------------------------- follows


def _lowest(ctx: TrumpContext, ones: int, twos: int, count: int, *, points_first: bool) -> Layers:
    """``count`` cards of the layers, the cheapest to give up (or the richest in points
    first), as layers."""
    cards = kinds_of(ones) + kinds_of(twos)
    values = keep_values(ctx)
    if points_first:
        cards.sort(key=lambda k: (-POINTS[k], values[k]))
    else:
        cards.sort(key=lambda k: (POINTS[k] > 0, values[k]))
    out_ones = out_twos = 0
    for kind in cards[:count]:
        bit = 1 << kind
        if out_ones & bit:
            out_twos |= bit
        else:
            out_ones |= bit
    return out_ones, out_twos


def _ruffs(ctx: TrumpContext, lead: Combo, hand: Layers) -> list[Layers]:
    """Trump plays that match the lead's shape, for a seat void in the led suit."""
    mask = ctx.suit_mask[TRUMP]
    t_ones, t_twos = hand[0] & mask, hand[1] & mask
    if count_layers(t_ones, t_twos) < lead.size:
        return []
    if lead.kind == "single":
        return [(bit, 0) for bit in bits_of(t_ones)]
    if lead.kind == "pair":
        return [(bit, bit) for bit in bits_of(t_twos)]
    if lead.kind == "tractor":
        length = lead.parts[0].pairs
        return [(m, m) for m in tractor_masks(ctx, t_twos) if m.bit_count() == length]
    # a throw: the lowest trump pairs for its pairs, then the lowest trumps for the rest
    pairs_needed = lead.pairs
    values = keep_values(ctx)
    pair_bits = sorted(bits_of(t_twos), key=lambda b: values[b.bit_length() - 1])
    if len(pair_bits) < pairs_needed:
        return []
    chosen = sum(pair_bits[:pairs_needed])
    rest = _lowest(
        ctx, t_ones & ~chosen, t_twos & ~chosen, lead.size - 2 * pairs_needed, points_first=False
    )
    return [(chosen | rest[0], chosen | rest[1])]


def follow_candidates(
    ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool
) -> list[Layers]:
    """The follows worth scoring: all legal ones when there are few, otherwise the
    led-suit cards plus a handful of fillers (cheapest, richest in points, ruffs)."""
    mask = ctx.suit_mask[lead.suit]
    s_ones, s_twos = hand[0] & mask, hand[1] & mask
    held = count_layers(s_ones, s_twos)
    if held >= lead.size or must_beat:
        return legal_follow_list(ctx, lead, hand, must_beat, MAX_FOLLOWS)
    free = lead.size - held
    o_ones, o_twos = hand[0] & ~mask, hand[1] & ~mask
    out = [
        (s_ones | f[0], s_twos | f[1])
        for f in (
            _lowest(ctx, o_ones, o_twos, free, points_first=False),
            _lowest(ctx, o_ones, o_twos, free, points_first=True),
        )
    ]
    if held == 0 and lead.suit != TRUMP:
        out += _ruffs(ctx, lead, hand)
    return list(dict.fromkeys(out))  # the fillers may coincide


def _secure(
    ctx: TrumpContext, know: Knowledge, lead: Combo, strength: int, after: list[int]
) -> bool:
    """Whether the play winning the trick with ``strength`` (:func:`follow_strength`'s)
    will stay winning against the seats still to play. (Read from the strength, which
    gives the winning play's top level: no classification of it per candidate.)"""
    if not after:
        return True
    suit = lead.suit
    if lead.kind == THROW:
        # won by the thrower or by a ruff: safe unless a later opponent is void too
        return not any(know.is_void(seat, suit) for seat in after)
    in_trumps, top = strength_top(strength)
    if in_trumps and suit != TRUMP:
        # a ruff: safe unless a later opponent is void too and may overruff
        return not any(know.is_void(seat, suit) for seat in after)
    if holds_above(ctx, suit, know.unseen_in(suit), lead.parts[0].pairs, top):
        return False
    return suit == TRUMP or not any(know.is_void(seat, suit) for seat in after)


def choose_follow(
    ctx: TrumpContext,
    know: Knowledge,
    lead: Combo,
    trick: tuple[tuple[int, tuple[int, ...]], ...],
    trick_layers: list[Layers],
    hand: Layers,
    must_beat: bool,
) -> Layers:
    """The heuristic follow."""
    return ranked_follows(ctx, know, lead, trick, trick_layers, hand, must_beat)[0][1]


def ranked_follows(
    ctx: TrumpContext,
    know: Knowledge,
    lead: Combo,
    trick: tuple[tuple[int, tuple[int, ...]], ...],
    trick_layers: list[Layers],
    hand: Layers,
    must_beat: bool,
) -> list[tuple[float, Layers]]:
    """The follow candidates with their scores, best first."""
    seat = know.seat
    partner = partner_of(seat)
    position = len(trick)
    after = [(seat + k) % 4 for k in range(1, 4 - position)]
    opponents_after = [s for s in after if s != partner]
    on_table = sum(points_in(layers) for layers in trick_layers)
    # whether the partner's current lead in the trick will hold, computed once
    partner_hold: bool | None = None
    # the play winning so far, once: a candidate (the last play) wins only if stronger
    best_index, best_key = standing_of(ctx, lead, trick_layers[1:])
    values = keep_values(ctx)
    scored: list[tuple[float, Layers]] = []
    for candidate in follow_candidates(ctx, lead, hand, must_beat):
        points = points_in(candidate)
        cost = cost_of(values, candidate, hand)
        strength = follow_strength(ctx, lead, candidate)
        index = position if strength > best_key else best_index
        if index == position:
            secure = _secure(ctx, know, lead, strength, opponents_after)
        elif trick[index][0] == partner:
            if partner_hold is None:
                partner_hold = _secure(ctx, know, lead, best_key, opponents_after)
            secure = partner_hold
        else:
            # the opponents take it: give them as little as possible
            scored.append((-POINT_VALUE * points - cost, candidate))
            continue
        if secure:
            value = SURE_WIN + POINT_VALUE * (on_table + points)
        else:
            # winning for now only: what is on the table may be saved, but points added
            # may well go to the opponents
            value = UNSURE_TABLE * on_table - UNSURE_POINTS * points
        scored.append((value - cost, candidate))
    scored.sort(key=_by_score, reverse=True)
    return scored
