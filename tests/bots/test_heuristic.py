"""The heuristic player's habits, one position at a time.

Positions are built straight from the heuristic's inputs: a trump context, the seat's
knowledge (which cards are still unseen, which voids were shown), the trick so far and
the hand. Rank 2 with hearts trump unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from tuolaji.bots.heuristic import HeuristicPlayer, trump_share
from tuolaji.bots.heuristic_play import choose_follow, choose_lead, ranked_leads
from tuolaji.bots.knowledge import FULL_PACK, Knowledge
from tuolaji.core import STANDARD, classify, format_cards, parse_cards, trump_context
from tuolaji.core.cards import POINTS, from_layers, full_pack, remove_layers, to_layers
from tuolaji.core.combos import THROW, combo_of_layers
from tuolaji.core.trump import TRUMP
from tuolaji.game import Game, Observation, Phase, RoundStart, observe

CTX = trump_context(0, 1)  # rank 2, hearts


def knowledge(seat: int, seen: str, void: dict[int, str] | None = None) -> Knowledge:
    """Knowledge of ``seat`` that has seen the cards ``seen`` (its hand and all plays)."""
    know = Knowledge(seat, 1, CTX)
    know.unseen = remove_layers(FULL_PACK, to_layers(parse_cards(seen)))
    for player, suits in (void or {}).items():
        for suit in suits.split():
            know.void[player] |= 1 << ("SHDC".index(suit) if suit != "T" else TRUMP)
    know.hand_taken = True
    return know


def follow(seat: int, hand: str, trick: list[tuple[int, str]], seen: str = "", **kw: object) -> str:
    """The heuristic's follow, in notation (kinds ascending)."""
    plays = tuple((s, tuple(parse_cards(cards))) for s, cards in trick)
    layers = [to_layers(cards) for _, cards in plays]
    lead = classify(CTX, plays[0][1])
    everything_seen = " ".join([hand, seen, *(cards for _, cards in trick)])
    know = knowledge(seat, everything_seen, kw.get("void"))  # type: ignore[arg-type]
    choice = choose_follow(CTX, know, lead, plays, layers, to_layers(parse_cards(hand)), False)
    return format_cards(from_layers(*choice))


def test_gives_points_to_a_partner_who_is_sure_to_win() -> None:
    # seat 0 (partner of 2) leads the top spade; seat 1 followed; seat 2 holds KS 4S
    assert follow(2, "KS 4S 9D", [(0, "AS"), (1, "3S")], seen="AS") == "KS"


def test_captures_points_cheaply_when_it_can_win_for_sure() -> None:
    # seat 1 (an opponent of 2) leads KS; both aces of spades are accounted for
    assert follow(2, "AS 4S 9D", [(1, "KS")], seen="AS") == "AS"


def test_ducks_low_without_points_when_it_cannot_win() -> None:
    assert follow(2, "QS 5S 4S", [(1, "AS")]) == "4S"


def test_does_not_waste_a_high_card_on_a_trick_the_partner_holds() -> None:
    # partner's AS stands (the other AS is seen); QS would be thrown away for nothing
    assert follow(2, "QS 3S", [(0, "AS"), (1, "4S")], seen="AS") == "3S"


def test_ruffs_a_rich_trick_when_last_and_void() -> None:
    # seat 3 plays last, holds no spade: a low trump takes the 20 points
    got = follow(3, "3H AH 9D", [(0, "KS"), (1, "TS"), (2, "4S")])
    assert got == "3H"


def test_dumps_a_cheap_card_when_void_and_the_opponents_win() -> None:
    # seat 1 leads AS, seat 2 has no spade: it keeps its trump and its 10-point king
    assert follow(2, "KD 3C 3H", [(1, "AS")]) == "3C"


def test_follows_a_pair_with_a_pair_when_it_holds_one() -> None:
    got = follow(2, "9S 9S KS 4S", [(1, "QS QS")])
    assert got == "9S 9S"


def test_leads_a_sure_winner_before_a_doubtful_card() -> None:
    hand = "AS 7S 8D 9C 3H"
    know = knowledge(0, hand + " AS")  # the other ace of spades is gone
    lead = choose_lead(CTX, know, to_layers(parse_cards(hand)))
    assert format_cards(from_layers(*lead)) == "AS"


def test_leads_a_throw_only_when_every_part_is_unbeatable() -> None:
    hand = "AS AS KS 3D 4C"
    # the other KS is seen: AS AS and KS are both tops, so the throw stands for sure
    sure = knowledge(0, hand + " KS")
    lead = combo_of_layers(CTX, *choose_lead(CTX, sure, to_layers(parse_cards(hand))))
    assert lead.kind == THROW and format_cards(from_layers(lead.ones, lead.twos)) == "KS AS AS"
    # with the other KS unseen, the single KS part is still top (no AS left), so it
    # is safe too; with an unseen higher single it is not:
    doubtful_hand = "AS AS QS 3D 4C"
    doubtful = knowledge(0, doubtful_hand)  # both KS unseen: QS can be beaten
    ranked = ranked_leads(CTX, doubtful, to_layers(parse_cards(doubtful_hand)))
    for _, candidate in ranked:
        combo = combo_of_layers(CTX, *candidate)
        assert not (combo.kind == THROW and combo.suit == 0 and combo.size == 3)


def test_never_leads_a_beatable_throw_first() -> None:
    hand = "KS QS 9S 3D 4C 5C"
    know = knowledge(0, hand)
    lead = combo_of_layers(CTX, *choose_lead(CTX, know, to_layers(parse_cards(hand))))
    assert lead.kind != THROW


def test_declares_a_long_suit_and_not_a_short_one() -> None:
    long_hearts = parse_cards("2H 3H 5H 7H 9H JH KH AS 4C 6D")
    assert trump_share(0, 1, long_hearts, STANDARD) == 0.7
    assert trump_share(0, 0, long_hearts, STANDARD) == 0.2  # only the 2H
    assert trump_share(0, None, parse_cards("BJ BJ 2S 5C"), STANDARD) == 0.5


def exchange_observation(seed: int) -> Observation:
    """Seat 0 starts a set-up deal (rank 2, nobody declares, so the talon is turned)
    and holds its 33 cards in the exchange."""
    game = Game(STANDARD, seed, start=RoundStart(0, 0, 0), round_limit=1)
    while game.phase is Phase.DRAW:
        game.draw()
    while game.phase is Phase.DECLARE:
        game.pass_declaring(game.round.window_seat)
    assert game.phase is Phase.EXCHANGE
    return observe(game, 0)


@pytest.mark.parametrize("seed", range(12))
def test_bury_keeps_trumps_and_points_and_makes_voids(seed: int) -> None:
    obs = exchange_observation(seed)
    ctx = obs.ctx
    assert ctx is not None
    hand = list(obs.hand)
    buried = list(HeuristicPlayer(seed).bury(obs))
    assert len(buried) == 8
    kept = list(hand)
    for card in buried:
        kept.remove(card)  # the burial is part of the hand
    plain = [k for k in hand if ctx.eff[k] != TRUMP]
    plain_no_points = [k for k in plain if POINTS[k] == 0]
    if len(plain) >= 8:
        assert all(ctx.eff[k] != TRUMP for k in buried)
    if len(plain_no_points) >= 8:
        assert all(POINTS[k] == 0 for k in buried)
    suits_before = {ctx.eff[k] for k in plain}
    suits_after = {ctx.eff[k] for k in kept if ctx.eff[k] != TRUMP}
    assert len(suits_after) <= len(suits_before)


def test_declares_with_a_long_suit_only() -> None:
    # seat 0 holds many hearts and one 2H: it declares hearts; with few, it keeps quiet
    game = Game(STANDARD, 1, decks=[stacked_for_declaring()], round_limit=1)
    while game.round.drawn < 60:
        game.draw()
    obs = observe(game, 0)
    player = HeuristicPlayer(1)
    assert list(player.declaration(obs) or []) == parse_cards("2H")
    assert player.declaration(observe(game, 1)) is None


def stacked_for_declaring() -> list[int]:
    """Seat 0 draws 2H and ten more hearts among its first 15 cards; seat 1 draws 2S and
    no other spade among its first 15."""
    from collections import Counter

    seat0 = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 3C 4C 5C 6C")
    seat1 = parse_cards("2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 7C 8C 9C")
    rest = Counter(full_pack())
    rest.subtract(seat0 + seat1)
    others = [k for k in sorted(rest.elements()) if k % 13 != 0 and k < 52]
    others += [k for k in sorted(rest.elements()) if k % 13 == 0 or k >= 52]
    seat2, seat3, tail = others[:25], others[25:50], others[50:]
    seat0 = seat0 + tail[:10]
    seat1 = seat1 + tail[10:20]
    talon = tail[20:]
    hands = [seat0, seat1, seat2, seat3]
    deck = [hands[i % 4][i // 4] for i in range(100)] + talon
    assert sorted(deck) == full_pack()
    return deck
