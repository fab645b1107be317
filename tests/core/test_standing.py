"""The trick so far and one more follow (R-W1–R-W4): ``standing_of`` and
``follow_strength`` give the winner ``winner_of`` gives for the whole trick, and
``strength_top`` reads a winning play's suit and top from its strength.

A bot scoring its candidate follows ranks the trick so far once and compares each
candidate with it; that must never disagree with ranking the whole trick.
"""

from __future__ import annotations

import random
from itertools import islice

import pytest
from cardkit import c, ctx_of

from tuolaji.core.cards import bits_of, full_pack, to_layers
from tuolaji.core.combos import MIXED, classify, combo_of_layers
from tuolaji.core.follow import legal_follow_layers
from tuolaji.core.leads import tractor_masks
from tuolaji.core.rules import CLASSIC, STANDARD, RuleSet
from tuolaji.core.tricks import follow_strength, standing_of, strength_top, winner_of
from tuolaji.core.trump import TRUMP, TrumpContext


def _agrees(ctx_trump: str, trick: str, rules: RuleSet = STANDARD) -> list[int]:
    """For every prefix of ``trick``, the winner with the next play by the standing and
    by ``winner_of``, which must agree; the winners."""
    ctx = ctx_of(ctx_trump, rules)
    texts = trick.split("|")
    plays = [to_layers(c(play)) for play in texts]
    lead = classify(ctx, c(texts[0]))
    winners = []
    for end in range(1, len(plays)):
        best, key = standing_of(ctx, lead, plays[1:end])
        assert best == winner_of(ctx, lead, plays[1:end])
        after = end if follow_strength(ctx, lead, plays[end]) > key else best
        assert after == winner_of(ctx, lead, plays[1 : end + 1])
        winners.append(after)
    return winners


@pytest.mark.parametrize(
    ("trump", "trick", "winners"),
    [
        pytest.param("2H", "KS|AS|3H|QS", [1, 2, 2], id="R-W1-ruff"),
        pytest.param("2H", "KS|KS|QS|KS", [0, 0, 0], id="R-W1-ties-to-the-earlier"),
        pytest.param("2H", "AS AS|2D 2D|2S 2S|2C 2C", [1, 1, 1], id="R-W2"),
        pytest.param("2H", "AS AS KS KS|3H 3H 4H 4H|AH AH 2S 2S", [1, 2], id="R-W3"),
        pytest.param("2H", "AS AS KS|3H 3H AH|4H 4H 5H", [1, 2], id="R-W4-overruff"),
        pytest.param("2H", "AH AH KH|BJ BJ RJ|3S 4S 5S", [0, 0], id="R-W4-trump-throw"),
    ],
)
def test_r_w1_to_r_w4_standing_and_one_more_follow(
    trump: str, trick: str, winners: list[int]
) -> None:
    assert _agrees(trump, trick) == winners


def random_deal(rng: random.Random, rules: RuleSet) -> tuple[TrumpContext, list[int]]:
    """A trump context drawn from a few, and the pack shuffled."""
    ctx = ctx_of(rng.choice(["2H", "5S", "AD", "TNT", "3C"]), rules)
    pack = full_pack()
    rng.shuffle(pack)
    return ctx, pack


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_w1_to_r_w4_standing_matches_winner_of_on_random_tricks(rules: RuleSet) -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(300):
        ctx, pack = random_deal(rng, rules)
        hands = [to_layers(pack[25 * seat : 25 * seat + 25]) for seat in range(4)]
        # a lead: a random handful of one effective suit of the leader's cards
        leader_cards = sorted(pack[:25], key=lambda kind: ctx.eff[kind])
        suit = ctx.eff[rng.choice(leader_cards)]
        of_suit = [kind for kind in leader_cards if ctx.eff[kind] == suit]
        lead_cards = rng.sample(of_suit, rng.randint(1, min(4, len(of_suit))))
        lead = classify(ctx, lead_cards)
        assert lead.kind != MIXED
        follows = []
        for hand in hands[1:]:
            options = list(islice(legal_follow_layers(ctx, lead, hand, False), 60))
            follows.append(rng.choice(options))
        for end in range(len(follows)):
            best, key = standing_of(ctx, lead, follows[:end])
            after = end + 1 if follow_strength(ctx, lead, follows[end]) > key else best
            assert after == winner_of(ctx, lead, follows[: end + 1])
            checked += 1
    assert checked == 900


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_strength_top_is_the_winning_plays_suit_and_top(rules: RuleSet) -> None:
    # a follow that can win a single, pair or tractor lead: its strength says whether it
    # is in trumps and its top level, as classifying it says
    rng = random.Random(5)
    checked = 0
    for _ in range(100):
        ctx, pack = random_deal(rng, rules)
        leader, hand = to_layers(pack[:50]), to_layers(pack[50:75])
        leads = [(bit, 0) for bit in bits_of(leader[0])] + [(b, b) for b in bits_of(leader[1])]
        leads += [(mask, mask) for mask in tractor_masks(ctx, leader[1])]
        for ones, twos in rng.sample(leads, 6):
            lead = combo_of_layers(ctx, ones, twos)
            for play in islice(legal_follow_layers(ctx, lead, hand, False), 40):
                strength = follow_strength(ctx, lead, play)
                if strength >= 0:
                    combo = combo_of_layers(ctx, *play)
                    assert strength_top(strength) == (combo.suit == TRUMP, combo.parts[0].top)
                    checked += 1
    assert checked > 500
