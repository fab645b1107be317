"""The bots under the house-rule options (docs/rules.md §12): the heuristic and the search
play whole rounds legally under each preset and under every declaring option — every
decision goes through the game's checks, which refuse an illegal one — and their
declarations are among those the options allow (R-T2, R-T3), so a heuristic never
declares jokers when jokers do not declare, nor overrides its own declaration when
``overturn_own`` is off, and a single red joker only under ``red_joker_single``. The
same holds under shengji.io's further settings (the throw penalty per throw, the talon's
first card, the declaration orders, reinforcing to tie, the first declarer starting,
ruffs of a throw by their highest card).
"""

from __future__ import annotations

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.search import SearchPlayer
from tuolaji.core.cards import BJ
from tuolaji.core.rules import CLASSIC, SHENGJI, STANDARD, RuleSet
from tuolaji.game import Game, Phase, observe

HOUSE = [
    pytest.param(SHENGJI, id="shengji"),
    pytest.param(
        CLASSIC.with_options(
            must_defend=["5", "T", "K", "A"], scoring={"cap": 2}, first_round_starter="random"
        ),
        id="classic-defend",
    ),
    pytest.param(
        STANDARD.with_options(joker_no_trump=False, reinforce=False, show_talon=False),
        id="no-jokers",
    ),
    pytest.param(STANDARD.with_options(red_jokers_override=True, overturn_own=False), id="red-own"),
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


@pytest.mark.parametrize("rules", HOUSE)
def test_heuristic_bots_play_whole_games_under_house_rules(rules: RuleSet) -> None:
    for seed in range(2):
        game = Game(rules, seed, round_limit=6)
        play_until(game, [HeuristicPlayer(seed * 4 + seat) for seat in range(4)])
        assert game.phase is Phase.OVER and game.results


@pytest.mark.parametrize("rules", HOUSE)
def test_heuristic_declarations_are_among_those_the_options_allow(rules: RuleSet) -> None:
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
                    assert tuple(cards) in game.legal_declarations(seat)
                    if not rules.joker_no_trump:
                        assert cards[0] < BJ
                    if len(cards) == 1 and cards[0] >= BJ:
                        assert rules.red_joker_single
                    standing = game.round.declaration
                    if standing is not None and standing.seat == seat and not rules.overturn_own:
                        assert set(cards) == {standing.cards[0]}  # only its twin
                    game.declare(seat, cards)
            else:
                assert not list(game.legal_declarations(seat))


#: shengji.io's further declaring settings and the throw penalty per throw, at once
SHENGJI_FURTHER = SHENGJI.with_options(
    throw_penalty=10, throw_penalty_per="throw", reinforce_to_tie=True, red_joker_single=True
)


@pytest.mark.parametrize(
    "rules",
    [SHENGJI, HOUSE[1].values[0], SHENGJI_FURTHER],
    ids=["shengji", "defend", "shengji-further"],
)
def test_the_search_plays_a_round_under_house_rules(rules: RuleSet) -> None:
    game = Game(rules, 4, round_limit=1)
    players = [
        SearchPlayer(0, guesses=2) if seat % 2 == 0 else HeuristicPlayer(seat) for seat in range(4)
    ]
    play_until(game, players)
    assert game.phase is Phase.OVER and len(game.results) == 1
