"""Knowledge, hidden-card guesses, rebuilt positions and the search player.

- Knowledge tracks exactly the cards a seat has not seen: at every decision of seeded
  games, its unseen cards are the other hands plus (unless it buried it) the talon, and
  every void it records is real (R-P3–R-P6 oblige a holder to follow suit).
- A guess deals exactly the unseen cards, as many to each seat as it holds, respecting
  the voids shown.
- A game rebuilt from an observation and a guess shows the observer the same position.
- The search player only makes legal moves and stays within its budget.
- Candidates clearly behind the leader stop being played out (never the heuristic's
  choice, the default), and a decision ends early once only the heuristic's is left.
- A budget in guesses is exactly reproducible: no clock is read, and the same seed plays
  the same round, move for move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from noclock import forbid_the_clock
from tuolaji.arena.runner import step
from tuolaji.bots.base import Player
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.hidden import sample_hidden
from tuolaji.bots.knowledge import Knowledge, knowledge_for
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.registry import make_player
from tuolaji.bots.search import (
    PRUNE_EVERY,
    SearchPlayer,
    history_templates,
    play_candidates,
    prune,
    round_utility,
    seeds_for,
)
from tuolaji.core import CLASSIC, STANDARD, RuleSet
from tuolaji.core.cards import from_layers
from tuolaji.game import Game, Phase, RoundStart, observe
from tuolaji.game.determinize import game_from_observation
from tuolaji.game.record import GameRecord, record_of
from tuolaji.game.results import RoundResult


def walk_decisions(rules: RuleSet, seed: int) -> Iterator[Game]:
    """Play a round and yield the game at each play decision (random players throw and
    declare often, so failed throws and declarations show up)."""
    game = Game(rules, seed, start=RoundStart(seed % 13, seed % 2, seed % 2), round_limit=1)
    players = [RandomPlayer(seed + k, throw_rate=0.3) for k in range(4)]
    while game.phase is not Phase.OVER:
        if game.phase is Phase.PLAY:
            yield game
        step(game, players)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_seeded_playouts_are_the_fresh_players_playouts(rules: RuleSet, seed: int) -> None:
    # The playout players start from the history known once a decision, with each
    # guessed hand taken out: exactly the knowledge a fresh player builds from its own
    # observation, so the playouts' results are the same, move for move.
    rng = random.Random(seed)
    checked = 0
    for number, game in enumerate(walk_decisions(rules, seed)):
        if number % 9:
            continue  # every ninth decision: failed throws and declarations among them
        seat = game.round.to_play
        obs = observe(game, seat)
        hands, talon = sample_hidden(rng, obs, knowledge_for(obs, None))
        templates = history_templates(obs)
        guess = game_from_observation(obs, hands, talon)
        # the playouts' unchecked rebuild is the same game
        unchecked = game_from_observation(obs, hands, talon, check=False)
        assert all(observe(unchecked, s) == observe(guess, s) for s in range(4))
        for other, seed_knowledge in enumerate(seeds_for(obs, templates, hands, talon)):
            assert seed_knowledge == knowledge_for(observe(guess, other), None), other
        candidates = [list(cards) for cards in list(game.legal_plays(seat))[:3]]
        assert play_candidates(obs, hands, talon, candidates, templates) == play_candidates(
            obs, hands, talon, candidates
        )
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(4))
def test_knowledge_is_exactly_what_the_seat_has_not_seen(rules: RuleSet, seed: int) -> None:
    knowledge: list[Knowledge | None] = [None, None, None, None]
    for game in walk_decisions(rules, seed):
        seat = game.round.to_play
        obs = observe(game, seat)
        know = knowledge[seat] = knowledge_for(obs, knowledge[seat])
        hidden = Counter(card for other in range(4) if other != seat for card in game.hand(other))
        if seat != game.round.starter:
            hidden.update(game.round.talon)
        assert Counter(from_layers(*know.unseen)) == hidden
        ctx = game.round.ctx
        assert ctx is not None
        for other in range(4):
            for suit in range(5):
                if know.is_void(other, suit):
                    assert all(ctx.eff[k] != suit for k in game.hand(other)), (other, suit)
            # what it believes a seat holds (declared, or taken back), that seat holds
            believed = Counter(from_layers(*know.known[other]))
            assert not believed - Counter(game.hand(other)), other


@pytest.mark.parametrize("seed", range(3))
def test_a_guess_deals_the_unseen_cards_within_sizes_and_voids(seed: int) -> None:
    rng = random.Random(seed)
    knowledge: list[Knowledge | None] = [None, None, None, None]
    checked = 0
    for game in walk_decisions(STANDARD, seed + 20):
        seat = game.round.to_play
        obs = observe(game, seat)
        know = knowledge[seat] = knowledge_for(obs, knowledge[seat])
        hands, talon = sample_hidden(rng, obs, know)
        assert hands[seat] == obs.hand_layers
        guessed = Counter(k for s in range(4) if s != seat for k in from_layers(*hands[s]))
        if seat != game.round.starter:
            guessed.update(talon)
        else:
            assert tuple(talon) == obs.buried
        assert guessed == Counter(from_layers(*know.unseen))
        for other in range(4):
            held = from_layers(*hands[other])
            assert len(held) == obs.hand_sizes[other]
            for suit in range(5):
                if know.is_void(other, suit):
                    assert all(know.ctx.eff[k] != suit for k in held)
        checked += 1
    assert checked > 20


def test_a_rebuilt_game_shows_the_observer_the_same_position() -> None:
    rng = random.Random(5)
    knowledge: list[Knowledge | None] = [None, None, None, None]
    public = [
        "seat",
        "phase",
        "rank",
        "trump_suit",
        "declarers",
        "starter",
        "to_act",
        "hand_layers",
        "hand_sizes",
        "declaration",
        "trick",
        "lead",
        "failed_throw",
        "must_beat",
        "tricks",
        "opponents_points",
        "penalties",
    ]
    for game in walk_decisions(STANDARD, 9):
        seat = game.round.to_play
        obs = observe(game, seat)
        know = knowledge[seat] = knowledge_for(obs, knowledge[seat])
        hands, talon = sample_hidden(rng, obs, know)
        rebuilt = observe(game_from_observation(obs, hands, talon), seat)
        for name in public:
            assert getattr(rebuilt, name) == getattr(obs, name), name


def test_a_rebuilt_game_plays_to_the_end_of_the_round_only() -> None:
    rng = random.Random(1)
    for game in walk_decisions(STANDARD, 3):
        seat = game.round.to_play
        obs = observe(game, seat)
        hands, talon = sample_hidden(rng, obs, knowledge_for(obs, None))
        rebuilt = game_from_observation(obs, hands, talon)
        players = [HeuristicPlayer() for _ in range(4)]
        while rebuilt.phase is Phase.PLAY:
            step(rebuilt, players)
        assert rebuilt.phase is Phase.OVER and len(rebuilt.results) == 1
        places = rebuilt.card_locations()
        assert sum(len(cards) for cards in places.values()) == 108
        break


def result(declarers: int, hold: bool, levels: int, points: int) -> RoundResult:
    return RoundResult(
        1, 0, 1, declarers, declarers, points, points, 0, 0, (), False, hold, levels, 0
    )


def test_round_utility_counts_levels_for_and_against_the_team() -> None:
    # declarers (team 0) hold with +2 at 20 points
    assert round_utility(result(0, True, 2, 20), 0) > 2
    assert round_utility(result(0, True, 2, 20), 1) < -2
    # opponents (team 1) take over +1 at 130 points
    assert round_utility(result(0, False, 1, 130), 1) > 1
    assert round_utility(result(0, False, 1, 130), 0) < -1
    # more points for the opponents is always better for them, worse for the declarers
    assert round_utility(result(0, False, 0, 100), 1) > round_utility(result(0, False, 0, 85), 1)


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_search_plays_a_whole_round_legally_within_its_budget(rules: RuleSet) -> None:
    game = Game(rules, 11, start=RoundStart(3, 1, 1), round_limit=1)
    searchers = [SearchPlayer(k, guesses=2) for k in (0, 2)]
    players: list[Player] = [searchers[0], HeuristicPlayer(1), searchers[1], HeuristicPlayer(3)]
    while game.phase is not Phase.OVER:
        step(game, players)  # an illegal answer would raise IllegalAction here
    assert len(game.results) == 1
    searched = searchers[0].guesses + searchers[1].guesses
    assert searched and all(g == 2 for g in searched)


def test_a_budget_in_seconds_still_keeps_to_its_bounds() -> None:
    # No time at all: the search still makes its minimum of guesses, and no more.
    game = Game(STANDARD, 12, start=RoundStart(4, 0, 0), round_limit=1)
    searcher = SearchPlayer(0, seconds=0.0, max_guesses=3, min_guesses=3)
    players: list[Player] = [searcher, HeuristicPlayer(1), HeuristicPlayer(2), HeuristicPlayer(3)]
    while game.phase is not Phase.OVER:
        step(game, players)
    assert searcher.guesses and set(searcher.guesses) == {3}


def searched_round(seed: int) -> tuple[GameRecord, list[int]]:
    """The record of a round with ``search:guesses=2`` in seats 0 and 2, made by name
    as tournaments make players, and the guesses of every decision they searched."""
    names = ["search:guesses=2", "heuristic", "search:guesses=2", "heuristic"]
    players = [make_player(name, seed * 4 + seat) for seat, name in enumerate(names)]
    game = Game(STANDARD, seed, start=RoundStart(seed % 13, 1, 1), round_limit=1)
    while game.phase is not Phase.OVER:
        step(game, players)
    searched = [g for player in players if isinstance(player, SearchPlayer) for g in player.guesses]
    return record_of(game, names), searched


def test_a_budget_in_guesses_is_reproducible_and_reads_no_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, searched = searched_round(21)
    assert len(searched) > 20 and set(searched) == {2}
    forbid_the_clock(monkeypatch)
    # Same seed, same record, move for move — whatever the clock would have said.
    assert searched_round(21) == (first, searched)
    assert searched_round(22)[0].actions != first.actions


def test_search_declines_to_search_a_forced_move() -> None:
    player = SearchPlayer(0, guesses=1)
    for game in walk_decisions(STANDARD, 2):
        seat = game.round.to_play
        obs = observe(game, seat)
        if obs.lead is not None and obs.hand_sizes[seat] == 1:
            player.guesses.clear()
            assert sorted(player.play(obs)) == list(obs.hand)
            assert player.guesses == []
            return
    pytest.fail("no last-card decision found")


def test_one_player_object_can_play_game_after_game() -> None:
    # the same objects in two new games: knowledge from the first must not leak
    searchers = [SearchPlayer(k, guesses=1) for k in (0, 2)]
    players: list[Player] = [searchers[0], HeuristicPlayer(1), searchers[1], HeuristicPlayer(3)]
    for seed in (4, 5):
        game = Game(STANDARD, seed, start=RoundStart(2, 0, 0), round_limit=1)
        while game.phase is not Phase.OVER:
            step(game, players)
        assert len(game.results) == 1


def test_prune_drops_only_candidates_clearly_behind_the_leader() -> None:
    noise = [0.3, -0.3] * 8
    outcomes = [
        [0.0] * 16,  # the heuristic's choice: far behind, but the default stays
        [1.0 + n for n in noise],  # the leader
        [-1.0 + n for n in noise],  # two levels behind on every guess: dropped
        [0.99 - n for n in noise],  # about level with the leader: stays
        [0.9 + n for n in noise],  # a little behind on every guess: dropped
        [0.9 + 3 * n for n in noise],  # as far behind, but too noisy to tell: stays
    ]
    assert prune(outcomes, range(6)) == [0, 1, 3, 5]
    # only the candidates still in the race are weighed
    assert prune(outcomes, [0, 2, 4]) == [0, 4]


def test_the_choice_is_among_the_candidates_left() -> None:
    outcomes = [[0.0] * 32, [1.0, 0.9] * 8, [0.5, 0.7] * 16]
    # the dropped candidate's first guesses looked best; it is not taken
    assert SearchPlayer._choose(outcomes, [0, 2]) == 2
    assert SearchPlayer._choose(outcomes, [0]) == 0


def test_a_decision_ends_early_once_only_the_heuristics_choice_is_left() -> None:
    budget = 4 * PRUNE_EVERY
    searcher = SearchPlayer(3, guesses=budget, width=4, search_burial=False)
    players: list[Player] = [searcher] + [HeuristicPlayer(seat) for seat in range(1, 4)]
    game = Game(STANDARD, 31, start=RoundStart(5, 0, 0), round_limit=1)
    while game.phase is not Phase.OVER and len(searcher.guesses) < 10:
        step(game, players)
    # every search either spent its budget or stopped at a pruning with one candidate
    assert all(g % PRUNE_EVERY == 0 and g <= budget for g in searcher.guesses)
    assert budget in searcher.guesses and min(searcher.guesses) < budget
