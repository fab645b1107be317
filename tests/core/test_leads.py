"""Legal leads (R-P1, R-C1–R-C4) and the counting of legal follows (R-P2–R-P7, R-H2).

- Examples: a hand's singles, pairs, tractors (off-suit trump-rank pairs each making
  their own, R-O1) and throws, in a fixed order; a suit of 12 cards counted without
  listing.
- Properties on random hands and trumps: the leads are exactly the non-empty
  sub-multisets of one effective suit (brute force), each once; ``count`` equals the
  listing, ``in`` agrees with the listing, singles + pairs + tractors + throws partition
  them by their combination kind.
- ``count_legal_follows`` equals the number of follows listed, which equals the brute
  force over every sub-multiset of the lead's size, for both presets and the blocker of
  a failed throw.
- Bad hands are refused naming the rule (R-N3, R-D1).
"""

from __future__ import annotations

from itertools import chain, product

import pytest
from cardkit import c, ctx_of
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tuolaji.core import CLASSIC, STANDARD, IllegalAction, Leads, legal_leads, trump_context
from tuolaji.core.cards import Layers, from_layers, full_pack, to_layers
from tuolaji.core.combos import MIXED, PAIR, SINGLE, THROW, TRACTOR, combo_of_layers
from tuolaji.core.follow import count_legal_follows, follow_fault, legal_follow_layers
from tuolaji.core.trump import TrumpContext

PACK = full_pack()


def sub_multisets(hand: Layers) -> list[Layers]:
    """Every sub-multiset of ``hand`` (the empty one included), by brute force."""
    ones, twos = hand
    kinds = [k for k in range(54) if ones >> k & 1]
    out = []
    for copies in product(*[range(2 + (twos >> k & 1)) for k in kinds]):
        cards = [k for k, n in zip(kinds, copies, strict=True) for _ in range(n)]
        out.append(to_layers(cards))
    return out


contexts = st.builds(
    trump_context,
    st.integers(0, 12),
    st.one_of(st.none(), st.integers(0, 3)),
    st.sampled_from([STANDARD, CLASSIC]),
)


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9) -> list[int]:
    """A hand of up to ``max_size`` cards of the pack (pairs likely: the pack is
    sampled from a narrow band of kinds half the time)."""
    size = draw(st.integers(1, max_size))
    if draw(st.booleans()):
        low = draw(st.integers(0, 40))
        pool = [k for k in PACK if low <= k < low + 12] + [52, 52, 53, 53]
    else:
        pool = PACK
    indices = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    return sorted(pool[i] for i in indices)


def test_the_leads_of_a_hand_in_order() -> None:
    # rank 2, hearts trump: 2S and 2D share a level below 2H (R-O1), each makes a tractor
    ctx = ctx_of("2H")
    leads = legal_leads(ctx, c("2S 2S 2D 2D 2H 2H 5C"))
    assert leads.singles() == [tuple(c(t)) for t in ("2S", "2H", "2D", "5C")]
    assert leads.pairs() == [tuple(c(t)) for t in ("2S 2S", "2H 2H", "2D 2D")]
    assert sorted(leads.tractors()) == sorted(tuple(c(t)) for t in ("2S 2S 2H 2H", "2H 2H 2D 2D"))
    # trumps: 3**3 - 1 sub-multisets; clubs: 1
    assert leads.count() == len(leads) == 27
    assert leads.count_throws() == 27 - 4 - 3 - 2
    throws = list(leads.throws())
    assert tuple(c("2S 2D")) in throws and tuple(c("2S 2S 2D 2D")) in throws  # no tractor
    assert all(combo_of_layers(ctx, *to_layers(t)).kind == THROW for t in throws)
    assert tuple(c("2S 5C")) not in leads  # R-C4: one effective suit
    assert tuple(c("2S 2S 2S")) not in leads and "2S" not in leads and [99] not in leads


def test_a_long_suit_is_counted_without_listing() -> None:
    # 12 spades, 4 of them pairs: 2**4 * 3**4 - 1 leads
    ctx = ctx_of("2H")
    leads = legal_leads(ctx, c("3S 3S 4S 4S 6S 6S 8S 8S 9S TS JS QS"))
    assert leads.count() == 2**4 * 3**4 - 1 == len(list(leads))
    # the trumps of a big hand: millions, counted at once
    big = Leads(ctx, to_layers(c("2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H TH JH QH KH BJ RJ")))
    assert big.count() == 3**7 * 2**7 - 1
    assert next(iter(big)) == tuple(c("2H"))  # listing starts at once, singles first


@pytest.mark.parametrize("bad", [[-1], [54], ["AS"], "AS", None, [1.5], [0, 0, 0]])
def test_bad_hands_are_refused_naming_the_rule(bad: object) -> None:
    with pytest.raises(IllegalAction) as info:
        legal_leads(ctx_of("2H"), bad)  # type: ignore[arg-type]
    assert info.value.rule in ("R-N3", "R-D1")


@settings(max_examples=150, deadline=None)
@given(ctx=contexts, hand=hands())
def test_leads_are_every_one_suit_sub_multiset_once(ctx: TrumpContext, hand: list[int]) -> None:
    leads = legal_leads(ctx, hand)
    listed = list(leads)
    assert len(listed) == len(set(listed)) == leads.count()
    expected = {
        tuple(from_layers(*sub))
        for sub in sub_multisets(to_layers(hand))
        if sub[0] and combo_of_layers(ctx, *sub).kind != MIXED
    }
    assert set(listed) == expected
    assert all(lead in leads for lead in listed)
    for sub in sub_multisets(to_layers(hand)):
        cards = tuple(from_layers(*sub))
        assert (cards in leads) == (cards in expected)
    kinds = {SINGLE: leads.singles(), PAIR: leads.pairs(), TRACTOR: leads.tractors()}
    for kind, members in kinds.items():
        assert all(combo_of_layers(ctx, *to_layers(m)).kind == kind for m in members)
    throws = list(leads.throws())
    assert all(combo_of_layers(ctx, *to_layers(t)).kind == THROW for t in throws)
    assert len(throws) == leads.count_throws()
    assert sorted([*chain(*kinds.values()), *throws]) == sorted(listed)


@st.composite
def follow_cases(draw: st.DrawFn) -> tuple[TrumpContext, Layers, Layers, bool]:
    """A trump context, a lead of one suit, a follower's hand of other cards, must-beat."""
    ctx = draw(contexts)
    cards = draw(hands(max_size=14))
    split = draw(st.integers(1, max(1, len(cards) // 3)))
    order = draw(st.permutations(cards))
    lead_cards = order[:split]
    hand = order[split:]
    suit = ctx.eff[lead_cards[0]]
    lead_cards = [k for k in lead_cards if ctx.eff[k] == suit]
    return ctx, to_layers(lead_cards), to_layers(hand), draw(st.booleans())


@settings(max_examples=200, deadline=None)
@given(case=follow_cases())
def test_follows_are_counted_as_listed_and_as_brute_force(
    case: tuple[TrumpContext, Layers, Layers, bool],
) -> None:
    ctx, lead_layers, hand, must_beat = case
    lead = combo_of_layers(ctx, *lead_layers)
    assume(lead.size <= len(from_layers(*hand)))  # a follower holds as many as were led (R-P2)
    listed = list(legal_follow_layers(ctx, lead, hand, must_beat))
    assert len(set(listed)) == len(listed) == count_legal_follows(ctx, lead, hand, must_beat)
    brute = {
        sub for sub in sub_multisets(hand) if follow_fault(ctx, lead, hand, sub, must_beat) is None
    }
    assert set(listed) == brute
