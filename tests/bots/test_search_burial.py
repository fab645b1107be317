"""The search's burial (R-K1): candidates, guesses at the exchange, and the choice.

- Every burial candidate is 8 cards of the starter's hand, the heuristic's first, none
  twice; the search's burial is one the game accepts.
- At the exchange a guess deals exactly the unseen cards to the other three hands (25
  each) and leaves the talon to the burial being weighed.
- A burial with a budget in guesses is reproducible and reads no clock.
- Offered a clearly worse burial first (the heuristic's place, the default it keeps
  unless another is clearly better), the search picks the better one: it keeps its
  jokers, and keeps its points out of a talon the opponents will win (R-S2).
- The burial search is on by default (docs/bots.md has the measurement), as with
  ``search:bury=search``; ``search:bury=heuristic`` leaves the burial to the heuristic;
  a bad ``bury=`` value or a burial that is not 8 cards of the hand is refused and
  changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noclock import forbid_the_clock
from tuolaji.arena.runner import step
from tuolaji.bots.burial import DEFAULT_BURIAL_WIDTH, burial_candidates
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.hidden import sample_hidden
from tuolaji.bots.knowledge import knowledge_for
from tuolaji.bots.registry import make_player, parse_player
from tuolaji.bots.search import SearchPlayer, bury_candidates
from tuolaji.core import CLASSIC, STANDARD, RuleSet
from tuolaji.core.cards import POINTS, from_layers, parse_cards, points_of, to_layers
from tuolaji.core.trump import TRUMP, trump_context
from tuolaji.game import Game, Phase, RoundStart, observe
from tuolaji.game.observation import Observation

CLUBS = 3  # the printed suit order is S H D C


def at_exchange(rules: RuleSet, seed: int) -> tuple[Game, Observation]:
    """A game at its exchange (heuristic players declared), and the starter's view."""
    game = Game(rules, seed, start=RoundStart(seed % 13, seed % 2, seed % 4), round_limit=1)
    players = [HeuristicPlayer(seed + seat) for seat in range(4)]
    while game.phase is not Phase.EXCHANGE:
        step(game, players)
    starter = game.round.starter
    assert starter is not None
    return game, observe(game, starter)


def constructed(hand_text: str, rank: int = 0, suit: int = 1) -> Observation:
    """The starter's view at the exchange holding exactly ``hand_text`` (33 cards), the
    trump ``rank`` and ``suit`` (default: 2s, hearts), with no declaration shown: the
    other 75 cards may lie anywhere in the other hands."""
    game = Game(STANDARD, 1, start=RoundStart(rank, 0, 0), round_limit=1)
    hand = parse_cards(hand_text)
    assert len(hand) == 33
    return observe(game, 0)._replace(
        phase=Phase.EXCHANGE,
        trump_suit=suit,
        trump_settled=True,
        ctx=trump_context(rank, suit, STANDARD),
        declarers=0,
        starter=0,
        to_act=0,
        next_drawer=None,
        hand_layers=to_layers(hand),
        hand_sizes=(33, 25, 25, 25),
        cards_left_in_pack=0,
        declaration=None,
        declarations=(),
        talon_flipped=(),
    )


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), classic=st.booleans())
def test_burial_candidates_are_eight_cards_of_the_hand_the_heuristics_first(
    seed: int, classic: bool
) -> None:
    _, obs = at_exchange(CLASSIC if classic else STANDARD, seed)
    heuristic = HeuristicPlayer().bury(obs)
    candidates = burial_candidates(obs, heuristic)
    assert candidates[0] == tuple(sorted(heuristic))
    assert 1 <= len(candidates) <= DEFAULT_BURIAL_WIDTH
    assert len(set(candidates)) == len(candidates)
    held = Counter(obs.hand)
    for burial in candidates:
        assert len(burial) == 8 and not Counter(burial) - held  # R-K1


def test_the_candidates_weigh_a_void_and_buried_points() -> None:
    # hearts trumps: clubs (3 cards) can be voided, and the plain tens can go down
    obs = constructed(
        "BJ RJ 2H 2H 2S 2D AH KH QH JH 9H 8H "
        "AS AS KS QS TS TS 9S 8S 7S 6S 4S 3S "
        "AD KD TD 9D 5D 3D 4C 3C 5C"
    )
    ctx = obs.ctx
    assert ctx is not None
    candidates = burial_candidates(obs, HeuristicPlayer().bury(obs), width=8)
    clubs = [kind for kind in obs.hand if ctx.eff[kind] == CLUBS]
    assert any(not Counter(clubs) - Counter(burial) for burial in candidates)  # a void
    assert max(points_of(burial) for burial in candidates) >= 40  # points buried
    assert all(ctx.eff[kind] != TRUMP for burial in candidates for kind in burial)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_the_search_buries_legally_and_play_goes_on(rules: RuleSet, seed: int) -> None:
    game, obs = at_exchange(rules, seed)
    starter = obs.seat
    assert starter is not None
    searcher = SearchPlayer(seed, guesses=2, search_burial=True)
    burial = searcher.bury(obs)
    assert searcher.guesses in ([], [2])  # one searched decision, unless one candidate
    assert game.can_bury(starter, burial)  # R-K1: 8 cards from the hand
    game.bury(starter, burial)
    assert game.phase is Phase.PLAY
    # the searcher's own knowledge starts afresh at play: its burial is not unseen
    know = knowledge_for(observe(game, starter), searcher._knowledge)
    hidden = Counter(k for seat in range(4) if seat != starter for k in game.hand(seat))
    assert Counter(from_layers(*know.unseen)) == hidden


@pytest.mark.parametrize("seed", range(3))
def test_a_guess_at_the_exchange_deals_the_other_hands_only(seed: int) -> None:
    _, obs = at_exchange(STANDARD, seed + 7)
    seat = obs.seat
    assert seat is not None
    know = knowledge_for(obs, None)
    hands, talon = sample_hidden(random.Random(seed), obs, know)
    assert talon == () and hands[seat] == obs.hand_layers
    dealt = Counter(k for other in range(4) if other != seat for k in from_layers(*hands[other]))
    assert dealt == Counter(from_layers(*know.unseen))
    assert [len(from_layers(*hands[other])) for other in range(4) if other != seat] == [25] * 3


def test_a_burial_in_guesses_is_reproducible_and_reads_no_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forbid_the_clock(monkeypatch)
    for seed in range(4):
        _, obs = at_exchange(STANDARD, seed)
        first = SearchPlayer(seed, guesses=3, search_burial=True)
        burial = first.bury(obs)
        if first.guesses:  # a real choice was searched
            break
    else:
        pytest.fail("no exchange with more than one burial candidate")
    assert all(
        SearchPlayer(seed, guesses=3, search_burial=True).bury(obs) == burial for _ in range(2)
    )


class Offered(SearchPlayer):
    """A search offered exactly the burials given (a subclass rather than a patched
    module function: the compiled build's search calls its functions directly)."""

    def __init__(self, offered: list[tuple[int, ...]]) -> None:
        super().__init__(3, guesses=12, search_burial=True)
        self.offered = offered

    def burial_candidates(
        self, observation: Observation, chosen: Sequence[int]
    ) -> list[tuple[int, ...]]:
        return self.offered


def choose_between(obs: Observation, worse: str, better: str) -> tuple[int, ...]:
    """The search's burial when offered exactly ``worse`` (in the heuristic's place,
    the default it keeps unless another is clearly better) and ``better``."""
    offered = [tuple(sorted(parse_cards(worse))), tuple(sorted(parse_cards(better)))]
    return tuple(sorted(Offered(offered).bury(obs)))


def test_the_search_keeps_its_jokers_rather_than_bury_them() -> None:
    obs = constructed(
        "BJ BJ RJ RJ 2H 2S AH KH 9H 7H "
        "AS KS QS 9S 7S 5S 3S 4S AD QD JD 9D 6D 3D 4D AC QC JC 9C 7C 6C 3C 4C"
    )
    burial = choose_between(obs, worse="BJ BJ RJ RJ 2H 2S AH KH", better="3S 4S 3D 4D 6D 3C 4C 6C")
    assert burial == tuple(sorted(parse_cards("3S 4S 3D 4D 6D 3C 4C 6C")))


def test_the_search_keeps_points_out_of_a_talon_the_opponents_will_win() -> None:
    # A starter with two small trumps: the opponents hold almost every trump and win the
    # last trick, taking the talon's points doubled or more (R-S2).
    weak = (
        "3H 4H AS KS KS TS TS 9S 8S 7S 6S 4S "
        "AD KD KD TD TD 9D 8D 7D 6D 4D 3D AC KC TC 9C 8C 7C 6C 4C 3C 3S"
    )
    obs = constructed(weak)
    burial = choose_between(obs, worse="KS KS TS TS KD KD TD TD", better="6S 4S 7D 6D 4D 6C 4C 3C")
    assert burial == tuple(sorted(parse_cards("6S 4S 7D 6D 4D 6C 4C 3C")))
    assert not any(POINTS[kind] for kind in burial)


def test_bury_heuristic_leaves_the_burial_to_the_heuristic() -> None:
    _, obs = at_exchange(STANDARD, 1)
    player = make_player("search:guesses=4:bury=heuristic", 0)
    assert isinstance(player, SearchPlayer) and not player.search_burial
    assert sorted(player.bury(obs)) == sorted(HeuristicPlayer().bury(obs))
    assert player.guesses == []  # nothing searched
    assert parse_player("search:bury=search").bury == "search"
    # the burial search is the default: with no option, as with bury=search
    for name in ("search:bury=search:name=b", "search:guesses=4"):
        searching = make_player(name, 0)
        assert isinstance(searching, SearchPlayer) and searching.search_burial


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("search:bury=random", "search:bury= takes search or heuristic"),
        ("search:bury=", "not ''"),
        ("search:bury=search:bury=heuristic", "the option bury= is given twice"),
        ("heuristic:bury=search", "heuristic takes the options name=…"),
    ],
)
def test_a_bad_bury_option_is_refused(name: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_player(name)


def test_a_burial_that_is_not_eight_cards_of_the_hand_is_refused() -> None:
    game, obs = at_exchange(STANDARD, 2)
    seat = obs.seat
    assert seat is not None
    hands, _ = sample_hidden(random.Random(0), obs, knowledge_for(obs, None))
    before = (list(hands), obs)
    outside = next(k for k in range(54) if not Counter(obs.hand)[k])  # a card not held
    for bad in (obs.hand[:7], (*obs.hand[:7], outside), obs.hand[:9]):
        with pytest.raises(ValueError, match="R-K1"):
            bury_candidates(obs, hands, [bad])
    # not the starter, or not the exchange: no burial to weigh
    with pytest.raises(ValueError, match="R-K1"):
        bury_candidates(observe(game, (seat + 1) % 4), hands, [obs.hand[:8]])
    assert (list(hands), obs) == before and game.phase is Phase.EXCHANGE
