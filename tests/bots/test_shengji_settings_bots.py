"""The bots under shengji.io's remaining settings (docs/rules.md §12): the heuristic and
the search play whole games legally under each — every decision goes through the
game's checks, which refuse an illegal one — and the heuristic's declarations are among
the engine's legal ones for the declaring settings (R-T2, R-T3): a single red joker only
under ``red_joker_single``, a tie only with the seat's earlier single.
"""

from __future__ import annotations

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.search import SearchPlayer
from tuolaji.core.cards import BJ
from tuolaji.core.rules import SHENGJI, STANDARD, RuleSet
from tuolaji.game import Game, Phase, observe

SETTINGS = [
    pytest.param(STANDARD.with_options(throw_penalty_per="throw"), id="per-throw"),
    pytest.param(STANDARD.with_options(talon_flip="first_card"), id="first-card"),
    pytest.param(STANDARD.with_options(declaration_order="joker_or_higher_suit"), id="suit"),
    pytest.param(
        SHENGJI.with_options(declaration_order="length", red_jokers_override=False), id="length"
    ),
    pytest.param(SHENGJI.with_options(reinforce_to_tie=True), id="tie"),
    pytest.param(STANDARD.with_options(red_joker_single=True), id="red-single"),
    pytest.param(STANDARD.with_options(first_declarer_starts=True), id="first-declarer"),
    pytest.param(STANDARD.with_options(throw_evaluation="highest"), id="highest-ruff"),
]


@pytest.mark.parametrize("rules", SETTINGS)
def test_heuristic_bots_play_whole_games_under_shengji_settings(rules: RuleSet) -> None:
    for seed in range(2):
        game = Game(rules, seed, round_limit=4)
        play_until(game, [HeuristicPlayer(seed * 4 + seat) for seat in range(4)])
        assert game.phase is Phase.OVER and game.results


@pytest.mark.parametrize("rules", SETTINGS)
def test_heuristic_declarations_are_the_engines_legal_ones(rules: RuleSet) -> None:
    for seed in range(6):
        game = Game(rules, seed)
        players = [HeuristicPlayer(seed * 4 + seat) for seat in range(4)]
        while game.phase is Phase.DRAW:
            seat = game.next_drawer()
            game.draw()
            assert seat is not None
            if game.could_declare(seat):
                cards = players[seat].declaration(observe(game, seat))
                if cards:
                    assert tuple(cards) in set(game.legal_declarations(seat))
                    if len(cards) == 1 and cards[0] >= BJ:
                        assert rules.red_joker_single
                    game.declare(seat, cards)
            else:
                assert not list(game.legal_declarations(seat))


def test_the_search_plays_a_round_under_shengji_settings() -> None:
    rules = SHENGJI.with_options(
        throw_penalty=10, throw_penalty_per="throw", reinforce_to_tie=True, red_joker_single=True
    )
    game = Game(rules, 4, round_limit=1)
    players = [
        SearchPlayer(0, guesses=2) if seat % 2 == 0 else HeuristicPlayer(seat) for seat in range(4)
    ]
    play_until(game, players)
    assert game.phase is Phase.OVER and len(game.results) == 1
