"""The bots under the visibility options (docs/rules.md, "What each seat sees"): the
heuristic and the search play whole rounds legally with ``hidden_history`` (R-V1),
``hide_blocker`` (R-V2) and ``hide_declarer_points`` (R-V3), and under R-V1 they
decide from what the observation holds alone: their knowledge is made from it, the
cards of old tricks count as unseen, and no void is known from a hidden trick."""

from __future__ import annotations

import random

import pytest

from tuolaji.arena.runner import play_until, step
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.hidden import sample_hidden
from tuolaji.bots.knowledge import knowledge_for
from tuolaji.bots.search import SearchPlayer
from tuolaji.core.cards import count_layers, from_layers
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game import Game, Phase, observe

HIDDEN = STANDARD.with_options(hidden_history=True)
ALL = STANDARD.with_options(hidden_history=True, hide_blocker=True, hide_declarer_points=True)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(HIDDEN, id="hidden_history"),
        pytest.param(STANDARD.with_options(hide_blocker=True), id="hide_blocker"),
        pytest.param(STANDARD.with_options(hide_declarer_points=True), id="hide_points"),
    ],
)
def test_r_v1_to_r_v3_heuristic_bots_play_whole_games(rules: RuleSet) -> None:
    for seed in range(2):
        game = Game(rules, seed, round_limit=4)
        play_until(game, [HeuristicPlayer(seed * 4 + seat) for seat in range(4)])
        assert game.phase is Phase.OVER and game.results


def test_r_v1_the_search_plays_a_round_with_hidden_history() -> None:
    game = Game(ALL, 4, round_limit=1)
    players = [
        SearchPlayer(0, guesses=2) if seat % 2 == 0 else HeuristicPlayer(seat) for seat in range(4)
    ]
    play_until(game, players)
    assert game.phase is Phase.OVER and len(game.results) == 1


def play_tricks(game: Game, count: int) -> None:
    """Play ``game`` with heuristic players until ``count`` tricks are won."""
    players = [HeuristicPlayer(seat) for seat in range(4)]
    while not (game.phase is Phase.PLAY and len(game.round.tricks) >= count):
        step(game, players)


def test_r_v1_a_seats_knowledge_holds_only_what_its_observation_shows() -> None:
    game = Game(HIDDEN, 9, round_limit=1)
    play_tricks(game, 8)
    seat = game.turn().seat
    assert seat is not None
    obs = observe(game, seat)
    know = knowledge_for(obs, None)
    # the cards of the old tricks are unseen, even this seat's own
    old = [card for trick in game.round.tricks[:-1] for _, cards in trick.plays for card in cards]
    unseen = from_layers(*know.unseen)
    assert all(card in unseen for card in set(old))
    # a knowledge carried from an earlier decision is not used: the same as a fresh one
    earlier = knowledge_for(obs, None)
    assert knowledge_for(obs, earlier).unseen == know.unseen
    # no void comes from a hidden trick: the voids are those of the last two tricks
    shown = Game(STANDARD, 9, round_limit=1)
    play_tricks(shown, 8)
    assert count_layers(*knowledge_for(observe(shown, seat), None).unseen) < count_layers(
        *know.unseen
    )


def test_r_v1_a_guess_deals_the_unseen_cards_to_the_hands_and_the_old_tricks() -> None:
    game = Game(HIDDEN, 9, round_limit=1)
    play_tricks(game, 8)
    seat = game.turn().seat
    assert seat is not None
    obs = observe(game, seat)
    know = knowledge_for(obs, None)
    for guess in range(5):
        hands, talon = sample_hidden(random.Random(guess), obs, know)
        assert [count_layers(*hand) for hand in hands] == list(obs.hand_sizes)
        assert hands[seat] == obs.hand_layers
        assert len(talon) == 8 and (not obs.buried or talon == obs.buried)
        dealt = [card for hand in hands for card in from_layers(*hand)]
        if not obs.buried:
            dealt += talon
        # every card dealt was unseen (or the seat's own)
        own = from_layers(*obs.hand_layers)
        assert all(card in from_layers(*know.unseen) or card in own for card in dealt)
        # the rest went to the old tricks
        assert len(dealt) < count_layers(*know.unseen) + len(own)
