"""Property tests (hypothesis) of following, notation and tricks.

Rules covered: R-P2–R-P7 and R-H2 (``legal_follows`` agrees with ``check_follow`` /
``can_follow``, by brute force on small hands), R-N1–R-N3 (notation round trips),
R-W1–R-W4 (a trick is won play by play, the earlier play winning a tie; for a single
or a pair led, the first of the strongest plays wins), R-O4 / R-W5 (trick points).

A drawn deal is a random trump context (rank 0–12, trump suit 0–3 or none, ``standard``
or ``classic``), a lead of random cards of one random effective suit (so a single, pair,
tractor or throw) and a follower hand drawn from the rest of a 108-card pack.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, islice

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tuolaji.core import (
    BJ,
    CLASSIC,
    RJ,
    STANDARD,
    TRUMP,
    Combo,
    TrumpContext,
    can_follow,
    check_follow,
    classify,
    format_card,
    format_cards,
    legal_follows,
    parse_card,
    parse_cards,
    trick_points,
    trick_winner,
    trump_context,
)

KINDS = range(54)
SINGLE_COMBINATIONS = ("single", "pair", "tractor")
FAST = settings(max_examples=200, deadline=None)
SLOW = settings(max_examples=300, deadline=None)


@dataclass(frozen=True)
class Deal:
    """A trump context, a lead of one effective suit and what is left of the pack."""

    ctx: TrumpContext
    lead: list[int]
    combo: Combo
    rest: list[int]


@st.composite
def contexts(draw: st.DrawFn) -> TrumpContext:
    rank = draw(st.integers(0, 12))
    suit = draw(st.none() | st.integers(0, 3))
    rules = draw(st.sampled_from([STANDARD, CLASSIC]))
    return trump_context(rank, suit, rules)


def _pick(draw: st.DrawFn, pool: list[int], low: int, high: int) -> list[int]:
    """Between ``low`` and ``high`` cards of ``pool`` (a list with repeats), without
    replacement, kinds ascending."""
    high = min(high, len(pool))
    low = min(low, high)
    if high == 0:
        return []
    indices = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=low, max_size=high, unique=True)
    )
    return sorted(pool[i] for i in indices)


def _without(pool: list[int], cards: list[int]) -> list[int]:
    left = Counter(pool)
    left.subtract(cards)
    return sorted(left.elements())


def _suit_levels(ctx: TrumpContext, suit: int) -> list[list[int]]:
    """The kinds of an effective suit level by level, lowest first."""
    return [
        [k for k in KINDS if ctx.eff[k] == suit and ctx.level[k] == lv]
        for lv in range(max(ctx.level[k] for k in KINDS if ctx.eff[k] == suit) + 1)
    ]


@st.composite
def leads(draw: st.DrawFn, ctx: TrumpContext, suit: int, max_lead: int) -> list[int]:
    """Random cards of one effective suit; built as a tractor, as a pair, or as a few
    random kinds each led once or twice, so that every combination comes up."""
    levels = _suit_levels(ctx, suit)
    shape = draw(st.sampled_from(["tractor", "pair", "kinds"]))
    if shape == "tractor" and len(levels) >= 2:
        length = draw(st.integers(2, min(3, len(levels), max_lead // 2)))
        start = draw(st.integers(0, len(levels) - length))
        kinds = [draw(st.sampled_from(level)) for level in levels[start : start + length]]
        return sorted(kinds * 2)
    suit_kinds = [k for level in levels for k in level]
    if shape == "pair":
        return [draw(st.sampled_from(suit_kinds))] * 2
    chosen = draw(st.lists(st.sampled_from(suit_kinds), min_size=1, max_size=4, unique=True))
    lead: list[int] = []
    for kind in chosen:
        lead += [kind] * draw(st.integers(1, 2))
    return sorted(lead[:max_lead])


@st.composite
def deals(draw: st.DrawFn, max_lead: int = 6) -> Deal:
    ctx = draw(contexts())
    suit = draw(st.sampled_from(sorted(set(ctx.eff))))
    lead = draw(leads(ctx, suit, max_lead))
    combo = classify(ctx, lead)
    assert combo.suit == suit
    full = [k for k in KINDS for _ in range(2)]
    return Deal(ctx, lead, combo, _without(full, lead))


@st.composite
def deals_with_hand(
    draw: st.DrawFn, max_hand: int = 25, suit_heavy: bool = False
) -> tuple[Deal, list[int]]:
    """A deal and a follower hand; part of the hand (with ``suit_heavy`` all of it that
    the suit allows) is drawn from the led suit so that pairs, tractors and beating cards
    of that suit come up often."""
    deal = draw(deals())
    led = deal.combo.suit
    in_suit = [k for k in deal.rest if deal.ctx.eff[k] == led]
    off_suit = [k for k in deal.rest if deal.ctx.eff[k] != led]
    size = draw(st.integers(0, max_hand))
    n_suit = min(size if suit_heavy else draw(st.integers(0, size)), len(in_suit))
    hand = sorted(
        _pick(draw, in_suit, n_suit, n_suit) + _pick(draw, off_suit, size - n_suit, size - n_suit)
    )
    assert len(hand) == size
    return deal, hand


def _brute_force(deal: Deal, hand: list[int], must_beat: bool) -> set[tuple[int, ...]]:
    """Every distinct sub-multiset of the hand of the led size that ``can_follow``."""
    candidates = set(combinations(sorted(hand), deal.combo.size))
    return {
        play for play in candidates if can_follow(deal.ctx, deal.combo, hand, list(play), must_beat)
    }


# --- (1) there is always a legal follow --------------------------------------------------


@FAST
@given(deals_with_hand(), st.booleans())
def test_r_p2_some_follow_exists(drawn: tuple[Deal, list[int]], must_beat: bool) -> None:
    deal, hand = drawn
    follows = legal_follows(deal.ctx, deal.combo, hand, must_beat)
    first = next(follows, None)
    if len(hand) >= deal.combo.size:
        assert first is not None
        assert len(first) == deal.combo.size
    else:
        assert first is None


# --- (2) every follow yielded is legal ---------------------------------------------------


@FAST
@given(deals_with_hand())
def test_r_p3_to_r_p6_yielded_follows_pass_check(drawn: tuple[Deal, list[int]]) -> None:
    deal, hand = drawn
    for follow in islice(legal_follows(deal.ctx, deal.combo, hand), 300):
        assert list(follow) == sorted(follow)
        check_follow(deal.ctx, deal.combo, hand, list(follow))


@FAST
@given(deals_with_hand())
def test_r_h2_yielded_follows_pass_check_for_blocker(drawn: tuple[Deal, list[int]]) -> None:
    deal, hand = drawn
    assume(deal.combo.kind in SINGLE_COMBINATIONS)  # a forced lead is a single combination
    for follow in islice(legal_follows(deal.ctx, deal.combo, hand, True), 300):
        check_follow(deal.ctx, deal.combo, hand, list(follow), must_beat=True)


# --- (3) legal_follows is exactly the brute-force set ------------------------------------


@SLOW
@given(deals_with_hand(max_hand=12), st.booleans())
def test_r_p2_to_r_p7_r_h2_legal_follows_equals_brute_force(
    drawn: tuple[Deal, list[int]], must_beat: bool
) -> None:
    deal, hand = drawn
    follows = list(legal_follows(deal.ctx, deal.combo, hand, must_beat))
    assert len(follows) == len(set(follows)), "no follow is yielded twice"
    assert set(follows) == _brute_force(deal, hand, must_beat)


@SLOW
@given(deals_with_hand(max_hand=12, suit_heavy=True))
def test_r_h2_blocker_legal_follows_equals_brute_force(drawn: tuple[Deal, list[int]]) -> None:
    deal, hand = drawn
    assume(deal.combo.kind in SINGLE_COMBINATIONS)
    follows = list(legal_follows(deal.ctx, deal.combo, hand, must_beat=True))
    assert len(follows) == len(set(follows))
    assert set(follows) == _brute_force(deal, hand, must_beat=True)
    if len(hand) >= deal.combo.size:
        assert follows


# --- (4) notation round trips ------------------------------------------------------------


def _variants(kind: int) -> list[str]:
    """Every way R-N3 allows to write a card: any case, ♠♥♦♣, ``10`` for ``T``."""
    text = format_card(kind)
    if kind in (BJ, RJ):
        return [text, text.lower(), text[0] + text[1].lower(), text[0].lower() + text[1]]
    rank, suit = text[0], text[1]
    ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
    suits = [suit, suit.lower(), "♠♥♦♣"["SHDC".index(suit)]]
    return list(dict.fromkeys(r + s for r in ranks for s in suits))


def test_r_n3_every_kind_round_trips() -> None:
    for kind in KINDS:
        text = format_card(kind)
        assert parse_card(text) == kind
        assert format_card(parse_card(text)) == text
        for variant in _variants(kind):
            assert parse_card(variant) == kind, variant
            assert format_card(parse_card(variant)) == text, variant
    assert parse_cards(format_cards(KINDS)) == list(KINDS)


@st.composite
def written_cards(draw: st.DrawFn) -> tuple[list[int], str]:
    kinds = draw(st.lists(st.sampled_from(KINDS), max_size=30))
    text = " ".join(draw(st.sampled_from(_variants(k))) for k in kinds)
    return kinds, text


@FAST
@given(written_cards())
def test_r_n3_lists_round_trip(drawn: tuple[list[int], str]) -> None:
    kinds, text = drawn
    assert parse_cards(text) == kinds
    canonical = format_cards(kinds)
    assert format_cards(parse_cards(text)) == canonical
    assert format_cards(parse_cards(canonical)) == canonical
    assert parse_cards(format_cards(kinds)) == kinds


@FAST
@given(
    st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), st.sampled_from(_variants(k))))
)
def test_r_n3_single_card_round_trip(drawn: tuple[int, str]) -> None:
    kind, variant = drawn
    assert parse_card(variant) == kind
    assert parse_card(format_card(kind)) == kind
    assert format_card(parse_card(variant)) == format_card(kind)


# --- (5) and (6) tricks ------------------------------------------------------------------


@st.composite
def tricks(draw: st.DrawFn) -> tuple[TrumpContext, list[list[int]]]:
    """A lead and 1–3 further plays of its size, all from one pack."""
    deal = draw(deals())
    rest = deal.rest
    plays = [deal.lead]
    for _ in range(draw(st.integers(1, 3))):
        play = _pick(draw, rest, deal.combo.size, deal.combo.size)
        rest = _without(rest, play)
        plays.append(play)
    return deal.ctx, plays


def _beats_so_far(ctx: TrumpContext, plays: list[list[int]], best: int, index: int) -> bool:
    """Whether play ``index`` beats play ``best``, the best so far, in a trick of just
    the lead and those two plays (in play order)."""
    if best == 0:
        return trick_winner(ctx, [plays[0], plays[index]]) == 1
    return trick_winner(ctx, [plays[0], plays[best], plays[index]]) == 2


@FAST
@given(tricks())
def test_r_w1_to_r_w4_each_play_meets_the_best_so_far(
    drawn: tuple[TrumpContext, list[list[int]]],
) -> None:
    # A trick is won play by play: each new play either beats the best play before it,
    # or the best stays (a tie goes to the earlier play). So the winner of the first k
    # plays, and of the whole trick, follows from contests of two plays after the lead,
    # whatever the lead (single, pair, tractor or throw, R-W4).
    ctx, plays = drawn
    best = 0
    for index in range(1, len(plays)):
        if _beats_so_far(ctx, plays, best, index):
            best = index
        assert trick_winner(ctx, plays[: index + 1]) == best


def _first_of_the_strongest(ctx: TrumpContext, plays: list[list[int]]) -> int:
    """R-W1–R-W3 for a single or a pair led, written out: the highest trump, else the
    highest of the led suit, wins; a pair is beaten only by a pair (two identical
    cards); among equal plays the earliest wins."""
    lead = plays[0]
    led_suit = ctx.eff[lead[0]]
    best, best_key = 0, (ctx.eff[lead[0]] == TRUMP, ctx.level[lead[0]])
    for index, play in enumerate(plays[1:], start=1):
        if len(set(play)) != 1:  # mixed kinds: neither a single led nor a pair can win
            continue
        suit = ctx.eff[play[0]]
        if suit not in (led_suit, TRUMP):
            continue
        key = (suit == TRUMP, ctx.level[play[0]])
        if key > best_key:
            best, best_key = index, key
    return best


@st.composite
def contested_tricks(draw: st.DrawFn) -> tuple[TrumpContext, list[list[int]]]:
    """A single or a pair led, and 1–3 plays of its size that often compete with it:
    cards of the led suit or trumps, the same shape (a pair), an identical copy of an
    earlier play, or any cards."""
    ctx = draw(contexts())
    suit = draw(st.sampled_from(sorted(set(ctx.eff))))
    size = draw(st.integers(1, 2))
    rest = [k for k in KINDS for _ in range(2)]
    kind = draw(st.sampled_from([k for k in KINDS if ctx.eff[k] == suit]))
    plays = [[kind] * size]
    rest = _without(rest, plays[0])
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["led suit", "trump", "any"]))
        wanted = suit if how == "led suit" else TRUMP
        pool = rest if how == "any" else [k for k in rest if ctx.eff[k] == wanted]
        twins = sorted({k for k in pool if pool.count(k) == 2})
        if size == 2 and twins and draw(st.booleans()):
            play = [draw(st.sampled_from(twins))] * 2
        elif len(pool) >= size:
            play = _pick(draw, pool, size, size)
        else:
            play = _pick(draw, rest, size, size)
        rest = _without(rest, play)
        plays.append(play)
    return ctx, plays


@FAST
@given(contested_tricks())
def test_r_w1_to_r_w3_the_first_of_the_strongest_wins(
    drawn: tuple[TrumpContext, list[list[int]]],
) -> None:
    ctx, plays = drawn
    assert trick_winner(ctx, plays) == _first_of_the_strongest(ctx, plays)


def _points(kind: int) -> int:
    """R-O4 from the notation: 5 is worth 5, T and K 10."""
    return {"5": 5, "T": 10, "K": 10}.get(format_card(kind)[0], 0)


def test_r_o4_pack_holds_200_points() -> None:
    assert trick_points([[k for k in KINDS for _ in range(2)]]) == 200


@FAST
@given(tricks())
def test_r_w5_trick_points_sum_card_points(drawn: tuple[TrumpContext, list[list[int]]]) -> None:
    _, plays = drawn
    assert trick_points(plays) == sum(_points(k) for play in plays for k in play)
