"""The legal-action views: ``legal_plays``, ``legal_declarations``, ``legal_burials``.

Properties on positions reached by seeded random play, both presets:

- ``x in view`` is exactly ``can_…(x)``, for the cards a seat holds, cards it does not,
  and values that are not cards at all (never an error, R-N3);
- iterating yields no duplicate, and every element is accepted;
- ``count()`` (and ``len``) equals the listing, where listing is affordable;
- follows equal the brute force over every sub-multiset of the lead's size (R-P2–R-P7,
  R-H2); leads equal the brute force over every sub-multiset of a small hand (R-C4);
- ``bool(view)`` is whether the view lists anything, and the views of seats that may
  not act are empty (R-P1, R-K1, R-T4);
- a view is live: it follows the game as it moves on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from itertools import combinations, islice, product
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tuolaji.arena.runner import step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import CLASSIC, STANDARD, RuleSet
from tuolaji.core.cards import BJ, RJ, from_layers, to_layers
from tuolaji.core.follow import count_multisets, multisets
from tuolaji.game import Game, LegalView, Phase, RoundStart

GARBAGE: list[Any] = [None, "AS", [54], [-1], [1.5], [True], (0, 0, 0), 7, b"\x01"]
LISTING_CAP = 3000


def game_at(rules: RuleSet, seed: int, tricks: int, plays: int) -> Game:
    """A game after ``tricks`` finished tricks and ``plays`` plays of the next one (or
    at the end of its round, whichever comes first), by seeded random play."""
    game = Game(rules, seed, start=RoundStart(seed % 13, seed % 2, seed % 2), round_limit=1)
    players = [RandomPlayer(seed * 4 + k, throw_rate=0.3) for k in range(4)]
    while game.phase is not Phase.OVER:
        state = game.round
        if game.phase is Phase.PLAY and (len(state.tricks), len(state.trick)) == (tricks, plays):
            break
        step(game, players)
    return game


def sub_multisets(cards: list[int], size: int | None = None) -> set[tuple[int, ...]]:
    """Every distinct non-empty sub-multiset of ``cards`` (of ``size`` cards if given)."""
    if size is not None:
        return {tuple(sorted(chosen)) for chosen in combinations(cards, size)}
    kinds = sorted(set(cards))
    out = set()
    for copies in product(*[range(cards.count(k) + 1) for k in kinds]):
        chosen = tuple(k for k, n in zip(kinds, copies, strict=True) for _ in range(n))
        if chosen:
            out.add(chosen)
    return out


def check_view(view: LegalView, accepts: Callable[[Any], bool], probes: list[Any]) -> None:
    """The properties every view has (see the module docstring)."""
    for probe in probes + GARBAGE:
        assert (probe in view) == accepts(probe), probe
    listed = list(islice(view, LISTING_CAP))
    assert len(listed) == len(set(listed))
    assert all(accepts(cards) and cards in view for cards in listed)
    assert all(list(cards) == sorted(cards) for cards in listed)
    assert bool(view) == bool(listed)
    if len(listed) < LISTING_CAP:
        assert view.count() == len(view) == len(listed)
    else:
        assert view.count() >= LISTING_CAP
    assert str(view.count()) in repr(view)


positions = st.tuples(
    st.sampled_from([STANDARD, CLASSIC]),
    st.integers(0, 500),
    st.integers(0, 24),
    st.integers(0, 3),
)


@settings(max_examples=60, deadline=None)
@given(where=positions, data=st.data())
def test_plays_view_is_can_play(where: tuple[RuleSet, int, int, int], data: st.DataObject) -> None:
    game = game_at(*where)
    assume(game.phase is Phase.PLAY)  # else the round ended before that trick
    state = game.round
    seat = state.to_play
    hand = game.hand(seat)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    probes: list[Any] = [
        tuple(sorted(rng.sample(hand, rng.randint(1, len(hand))))) for _ in range(30)
    ]
    if state.lead is not None:
        size = state.lead.size
        probes += [tuple(sorted(rng.sample(hand, size))) for _ in range(30) if size <= len(hand)]
        probes.append(tuple(game.hand((seat + 1) % 4)[:size]))  # another seat's cards
    for other in range(4):
        view = game.legal_plays(other)
        check_view(view, partial(game.can_play, other), probes)
        assert bool(view) == (other == seat)
    view = game.legal_plays(seat)
    if state.lead is not None and (state.lead.size <= 3 or len(hand) <= 12):
        # follows: exactly the brute force over the lead's size (R-P2–R-P7, R-H2)
        brute = {
            cards for cards in sub_multisets(hand, state.lead.size) if game.can_play(seat, cards)
        }
        assert set(view) == brute and view.count() == len(brute)
    elif state.lead is None and len(hand) <= 10:
        # leads: every held sub-multiset of one effective suit (R-C4)
        brute = {cards for cards in sub_multisets(hand) if game.can_play(seat, cards)}
        assert set(view) == brute and view.count() == len(brute)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(8))
def test_declarations_view_is_can_declare(rules: RuleSet, seed: int) -> None:
    start = RoundStart(seed % 13, seed % 2, seed % 2) if seed % 2 else None
    game = Game(rules, seed, start=start, round_limit=1)
    players = [RandomPlayer(seed * 4 + k, declare_rate=0.1) for k in range(4)]
    rng = random.Random(seed)
    while game.phase in (Phase.DRAW, Phase.DECLARE):
        rank = game.round.rank
        shapes = [(k,) for k in range(rank, 52, 13)] + [(k, k) for k in range(rank, 52, 13)]
        shapes += [(BJ, BJ), (RJ, RJ), (BJ,), (BJ, RJ)]
        for seat in range(4):
            held = game.hand(seat)
            probes: list[Any] = [*shapes, tuple(rng.sample(held, min(2, len(held))))]
            view = game.legal_declarations(seat)
            check_view(view, partial(game.can_declare, seat), probes)
            assert bool(view) == game.could_declare(seat)
        step(game, players)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_burials_view_is_can_bury(rules: RuleSet, seed: int) -> None:
    game = Game(rules, seed, start=RoundStart(0, seed % 2, seed % 2))
    players = [RandomPlayer(seed * 4 + k) for k in range(4)]
    for seat in range(4):
        assert not game.legal_burials(seat) and game.legal_burials(seat).count() == 0
    while game.phase is not Phase.EXCHANGE:
        step(game, players)
    starter = game.to_act()
    assert starter is not None
    hand = game.hand(starter)
    rng = random.Random(seed)
    probes: list[Any] = [tuple(sorted(rng.sample(hand, 8))) for _ in range(40)]
    probes += [tuple(hand[:7]), tuple(hand[:9]), tuple(game.hand((starter + 1) % 4)[:8])]
    for seat in range(4):
        view = game.legal_burials(seat)
        check_view(view, partial(game.can_bury, seat), probes)
    # R-K1: every distinct 8 of the 33 cards, counted without listing
    assert game.legal_burials(starter).count() == count_multisets(*to_layers(hand), 8) > 10**6


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.integers(0, 9), max_size=12).filter(
        lambda cards: all(cards.count(k) <= 2 for k in cards)
    ),
    size=st.integers(0, 9),
    min_pairs=st.integers(0, 3),
)
def test_multisets_are_counted_as_listed(cards: list[int], size: int, min_pairs: int) -> None:
    # a burial's count on small hands: the count equals the listing, and the listing
    # is every sub-multiset of the size with enough pairs, once
    ones, twos = to_layers(cards)
    listed = list(multisets(ones, twos, size, min_pairs))
    assert count_multisets(ones, twos, size, min_pairs) == len(listed) == len(set(listed))
    brute = {
        chosen
        for chosen in sub_multisets(cards, size)
        if sum(chosen.count(k) == 2 for k in set(chosen)) >= min_pairs
    }
    assert {tuple(from_layers(*layers)) for layers in listed} == brute


def test_a_view_is_live() -> None:
    game = game_at(STANDARD, 4, 3, 0)
    leader = game.to_act()
    assert leader is not None
    leads = game.legal_plays(leader)
    assert leads and leads.count() > 0
    lead = next(iter(leads))
    game.play(leader, lead)
    # the same view now reads the next position: the leader has played
    assert not leads and leads.count() == 0 and list(leads) == []
    follows = game.legal_plays((leader + 1) % 4)
    assert all(len(cards) == len(lead) for cards in follows)


@pytest.mark.parametrize("seat", [True, False, -1, 4, "0", 1.0, None])
def test_values_that_are_not_seats_have_no_legal_actions(seat: Any) -> None:
    # R-N4: in every phase, a value that is not a seat (True is not seat 1) gets empty
    # views that answer False to everything, and never an error
    game = Game(STANDARD, 2, start=RoundStart(0, 1, 1))
    players = [RandomPlayer(k, declare_rate=0.0) for k in range(4)]  # the window opens
    phases = set()
    while len(game.round.tricks) < 2:
        phases.add(game.phase)
        for view in (
            game.legal_plays(seat),
            game.legal_declarations(seat),
            game.legal_burials(seat),
        ):
            assert not view and view.count() == 0 and list(view) == []
            assert tuple(game.hand(1)[:1]) not in view
        step(game, players)
    assert phases == {Phase.DRAW, Phase.DECLARE, Phase.EXCHANGE, Phase.PLAY}
