"""Scenario tests of the game layer with stacked decks: the deal and the declaring.

Rule ids covered: R-D2 (draw order, 25 cards each, 8 in the talon), R-T2 and R-T3
(declaring during the draw, strengthening one's own single, overriding, the joker pair
that ends the declaring), R-T4 (the final window), R-T5 (who starts and declares),
R-T6 (nobody declares: a redeal in round 1, the talon turned in later rounds).

The play, the exchange and the scoring are in test_scenarios_play.py, which shares the
helpers of this module (``stack``, ``refuse``, ``round_two`` …).

A stacked deck deals seat ``(first + i) % 4`` the card ``deck[i]`` for ``i < 100``; the
last 8 cards are the talon. ``stack`` builds one from the cards each seat must hold (in
the order they are drawn) and fills the rest with the remaining cards of the pack,
trump-rank 2s and jokers last, so fillers rarely matter.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import BJ, STANDARD, IllegalAction, RuleSet, parse_cards
from tuolaji.core.cards import full_pack
from tuolaji.game import Bury, Declare, Draw, Game, Pass, Phase, observe
from tuolaji.game.actions import Action, Takeback
from tuolaji.game.events import (
    CardDrawn,
    Declared,
    Passed,
    Redealt,
    RoundEnded,
    RoundStarted,
    TalonFlipped,
    TalonTaken,
    TrumpSettled,
)

RANKS = "23456789TJQKA"
SUITS = "SHDC"


def c(text: str) -> list[int]:
    """Cards in notation: ``c("AS AS KS")``."""
    return parse_cards(text)


def _fill_key(kind: int) -> tuple[bool, int]:
    return (kind >= BJ or kind % 13 == 0, kind)


def stack(hands: Sequence[str], talon: str = "", first: int = 0) -> list[int]:
    """A pack order that deals ``hands[s]`` to seat ``s`` (first listed, first drawn) and
    ``talon`` as the first talon cards; the rest of the pack fills hands and talon."""
    wanted = [c(hand) for hand in hands] + [c(talon)]
    rest = Counter(full_pack())
    rest.subtract(card for cards in wanted for card in cards)
    assert min(rest.values()) >= 0, "a card is stacked more than twice"
    filler = sorted(rest.elements(), key=_fill_key)
    for cards, size in zip(wanted, (25, 25, 25, 25, 8), strict=True):
        take = size - len(cards)
        assert take >= 0
        cards.extend(filler[:take])
        del filler[:take]
    deck = [wanted[(first + i) % 4][i // 4] for i in range(100)] + wanted[4]
    assert sorted(deck) == full_pack()
    return deck


def shuffled(seed: int) -> list[int]:
    """A seeded random pack order."""
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return pack


def draw(game: Game, count: int) -> None:
    """Draw ``count`` cards."""
    for _ in range(count):
        game.draw()


def finish_draw(game: Game) -> None:
    """Draw until the pack is dealt."""
    while game.phase is Phase.DRAW:
        game.draw()


def pass_window(game: Game) -> None:
    """Everyone passes in the final window until it closes."""
    while game.phase is Phase.DECLARE:
        seat = game.to_act()
        assert seat is not None
        game.pass_declaring(seat)


def snapshot(game: Game) -> tuple[object, ...]:
    """What a refused action must leave exactly as it was (docs/rules.md §11)."""
    state = game.round
    return (
        game.phase,
        state.number,
        list(state.hands),
        len(game.events),
        game.action_count,
        game.last_action,
        state.drawn,
        state.declaration,
        list(state.declarations),
        state.window_seat,
        state.window_passes,
        state.talon,
        list(state.trick),
        state.to_play,
        state.blocker,
        state.penalties,
        state.trick_points,
        len(state.tricks),
        tuple(game.levels),
        game.winner,
    )


def _forms(game: Game, action: Action) -> tuple[Callable[[], object], ...]:
    """The check_…, can_… and acting forms of ``action``."""
    if isinstance(action, Draw):
        count = action.count
        return (
            lambda: game.check_draw(count),
            lambda: game.can_draw(count),
            lambda: game.apply(action),
        )
    if isinstance(action, Declare):
        seat, cards = action.seat, action.cards
        return (
            lambda: game.check_declare(seat, cards),
            lambda: game.can_declare(seat, cards),
            lambda: game.declare(seat, cards),
        )
    if isinstance(action, Pass):
        seat = action.seat
        return (
            lambda: game.check_pass(seat),
            lambda: game.can_pass(seat),
            lambda: game.pass_declaring(seat),
        )
    assert not isinstance(action, Takeback)
    seat, cards = action.seat, action.cards
    if isinstance(action, Bury):
        return (
            lambda: game.check_bury(seat, cards),
            lambda: game.can_bury(seat, cards),
            lambda: game.bury(seat, cards),
        )
    return (
        lambda: game.check_play(seat, cards),
        lambda: game.can_play(seat, cards),
        lambda: game.play(seat, cards),
    )


def refuse(game: Game, action: Action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused naming ``rule`` (by check_…, can_… and the action
    itself) and that the game is left exactly as it was."""
    check, can, act = _forms(game, action)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as checked:
        check()
    assert checked.value.rule == rule, checked.value.message
    assert can() is False
    with pytest.raises(IllegalAction) as acted:
        act()
    assert acted.value.rule == rule
    assert snapshot(game) == before
    return acted.value


def random_players(seed: int) -> list[RandomPlayer]:
    """Four seeded random players."""
    return [RandomPlayer(seed * 4 + seat) for seat in range(4)]


ROUND_ONE_DECK = shuffled(7)


def declare_first_two(game: Game) -> None:
    """Draw the whole pack; the first seat to draw a 2 declares it at once (round 1)."""
    while game.phase is Phase.DRAW:
        drawn = game.draw()[0]
        assert isinstance(drawn, CardDrawn)
        fresh = game.round.declaration is None and game.phase is Phase.DRAW
        if fresh and drawn.card < BJ and drawn.card % 13 == game.round.rank:
            game.declare(drawn.seat, [drawn.card])
    pass_window(game)


def round_two(
    deal: Callable[[int, int], list[int]], rules: RuleSet = STANDARD, seed: int = 3
) -> Game:
    """A game whose round 1 (stacked, declared by the first seat to draw a 2) is played
    out by random players; round 2 is dealt from ``deal(rank, first_drawer)``, built
    when round 2 starts, so it may depend on how round 1 ended."""
    games: list[Game] = []

    def decks() -> Iterator[list[int]]:
        yield ROUND_ONE_DECK
        game = games[0]
        ended = game.events[-1]
        assert isinstance(ended, RoundEnded)
        yield deal(game.levels[ended.next_declarers], ended.next_starter)

    game = Game(rules, seed, decks=decks())
    games.append(game)
    declare_first_two(game)
    play_until(game, random_players(seed), max_rounds=1)
    assert game.round.number == 2 and game.phase is Phase.DRAW
    return game


def card(rank: int, suit: str) -> str:
    """The notation of the card of ``rank`` (0-12) and suit letter ``suit``."""
    return RANKS[rank] + suit


# ------------------------------------------------------------------------- R-D2


def test_r_d3_r_t1_both_teams_start_at_level_2_and_round_one_is_played_at_2() -> None:
    game = Game(seed=5)
    assert game.levels == [0, 0]  # level index 0 is rank "2"
    assert game.round.number == 1
    assert game.round.rank == 0
    assert game.round.declarers is None and game.round.starter is None
    assert observe(game, None).levels == (0, 0)


def test_r_d2_round_one_seat_0_draws_first_25_each_and_8_in_the_talon() -> None:
    deck = shuffled(11)
    game = Game(decks=[deck])
    assert game.next_drawer() == 0
    draw(game, 100)
    drawn = [e for e in game.events if isinstance(e, CardDrawn)]
    assert [(e.seat, e.card) for e in drawn] == [(i % 4, deck[i]) for i in range(100)]
    for seat in range(4):
        assert game.hand(seat) == sorted(deck[seat:100:4])
        assert len(game.hand(seat)) == 25
    assert game.card_locations()["pack"] == deck[100:]
    assert game.round.talon == tuple(deck[100:])
    assert game.phase is Phase.DECLARE
    refuse(game, Draw(), "R-D2")


def test_r_d2_later_rounds_the_starter_draws_first() -> None:
    decks: list[list[int]] = []

    def deal(rank: int, first: int) -> list[int]:
        decks.append(shuffled(12))
        return decks[-1]

    game = round_two(deal)
    started = game.events[-1]
    ended = game.events[-2]
    assert isinstance(started, RoundStarted) and isinstance(ended, RoundEnded)
    starter = ended.next_starter
    assert started.first_drawer == starter == game.round.starter
    assert game.next_drawer() == starter
    mark = len(game.events)
    draw(game, 100)
    drawn = [e for e in game.events[mark:] if isinstance(e, CardDrawn)]
    assert len(drawn) == 100
    assert [(e.seat, e.card) for e in drawn] == [
        ((starter + i) % 4, decks[0][i]) for i in range(100)
    ]
    for k in range(4):
        assert game.hand((starter + k) % 4) == sorted(decks[0][k:100:4])
    assert len(game.card_locations()["pack"]) == 8


# ------------------------------------------------------------------ R-T2, R-T3

# Seat 0 draws 2H, 2H as its 1st and 2nd card (draws 1 and 5), seat 1 2D 2D (draws 2
# and 6), seat 2 BJ BJ (draws 3 and 7), seat 3 2S RJ RJ (draws 4, 8 and 12). The other 2S
# and the 2Cs lie in the talon, so no seat ever holds them.
DECLARE_DECK = stack(["2H 2H", "2D 2D", "BJ BJ", "2S RJ RJ"], talon="2S 2C 2C")

Step = tuple[str, int, str]  # ("draw", count, "") or ("declare", seat, cards)


def run_steps(game: Game, steps: Sequence[Step]) -> None:
    """Draw and declare as the steps say."""
    for name, number, cards in steps:
        if name == "draw":
            draw(game, number)
        else:
            game.declare(number, c(cards))


DECLARE_CASES = [
    # (steps before, seat, cards, refused with rule or None, standing declaration after)
    pytest.param([], 0, "2H", "R-T2", None, id="r_t2_card_not_drawn_yet"),
    pytest.param([("draw", 8, "")], 1, "2S", "R-T2", None, id="r_t2_card_not_held"),
    pytest.param([("draw", 8, "")], 1, "2D 2S", "R-T2", None, id="r_t2_not_identical"),
    pytest.param([("draw", 8, "")], 0, "AS", "R-T2", None, id="r_t2_not_a_rank_card"),
    pytest.param([("draw", 8, "")], 0, "2H 2H 2H", "R-T2", None, id="r_t2_three_cards"),
    pytest.param([("draw", 2, "")], 0, "2H", None, (0, "2H"), id="r_t2_not_just_drawn"),
    pytest.param([("draw", 3, "")], 2, "BJ", "R-T2", None, id="r_t2_single_joker"),
    pytest.param(
        [("draw", 2, ""), ("declare", 0, "2H"), ("draw", 3, "")],
        0,
        "2H",
        None,
        (0, "2H 2H"),
        id="r_t3_strengthen_own_single_into_a_pair",
    ),
    pytest.param(
        [("draw", 1, ""), ("declare", 0, "2H"), ("draw", 4, "")],
        0,
        "2H 2H",
        None,
        (0, "2H 2H"),
        id="r_t3_own_pair_over_own_single",
    ),
    pytest.param(
        [("draw", 1, ""), ("declare", 0, "2H"), ("draw", 3, "")],
        3,
        "2S",
        "R-T3",
        None,
        id="r_t3_single_cannot_override_single",
    ),
    pytest.param(
        [("draw", 1, ""), ("declare", 0, "2H"), ("draw", 5, "")],
        1,
        "2D 2D",
        None,
        (1, "2D 2D"),
        id="r_t3_pair_overrides_single",
    ),
    pytest.param(
        [("draw", 6, ""), ("declare", 1, "2D 2D")],
        0,
        "2H 2H",
        "R-T3",
        None,
        id="r_t3_pair_cannot_override_pair",
    ),
    pytest.param(
        [("draw", 2, ""), ("declare", 0, "2H"), ("draw", 3, "")],
        1,
        "2D",
        "R-T3",
        None,
        id="r_t3_single_of_another_suit_cannot_override_single",
    ),
    pytest.param(
        [("draw", 6, ""), ("declare", 1, "2D 2D"), ("draw", 1, "")],
        2,
        "BJ BJ",
        None,
        (2, "BJ BJ"),
        id="r_t3_joker_pair_overrides_pair",
    ),
    pytest.param(
        [("draw", 7, ""), ("declare", 2, "BJ BJ"), ("draw", 5, "")],
        3,
        "RJ RJ",
        "R-T3",
        None,
        id="r_t3_nothing_overrides_a_joker_pair",
    ),
]


@pytest.mark.parametrize(("steps", "seat", "cards", "rule", "standing"), DECLARE_CASES)
def test_declaring_during_the_draw(
    steps: list[Step],
    seat: int,
    cards: str,
    rule: str | None,
    standing: tuple[int, str] | None,
) -> None:
    game = Game(decks=[DECLARE_DECK])
    run_steps(game, steps)
    assert game.phase is Phase.DRAW
    if rule is not None:
        refuse(game, Declare(seat, tuple(c(cards))), rule)
        return
    assert standing is not None
    events = game.declare(seat, c(cards))
    assert events == [Declared(standing[0], tuple(c(standing[1])))]
    declaration = game.round.declaration
    assert declaration is not None
    assert (declaration.seat, declaration.cards) == (standing[0], tuple(c(standing[1])))
    assert game.phase is Phase.DRAW


def test_r_t3_joker_pair_ends_the_declaring_and_skips_the_final_window() -> None:
    game = Game(decks=[DECLARE_DECK])
    draw(game, 7)
    game.declare(2, c("BJ BJ"))
    draw(game, 92)
    refuse(game, Declare(3, tuple(c("RJ RJ"))), "R-T3")
    events = game.draw()  # the 100th card
    assert game.phase is Phase.EXCHANGE
    assert events[-2:] == [
        TrumpSettled(rank=0, suit=None, declarers=0, starter=2),
        TalonTaken(2, game.round.talon),  # R-K1: the starter takes the talon
    ]
    assert not any(isinstance(e, Passed) for e in game.events)
    assert game.to_act() == 2
    refuse(game, Pass(0), "R-T4")
    refuse(game, Declare(3, tuple(c("RJ RJ"))), "R-T4")


# ------------------------------------------------------------------------- R-T4


def window_game() -> Game:
    """The pack dealt, seat 0's single 2H standing: the final window is open."""
    game = Game(decks=[DECLARE_DECK])
    draw(game, 1)
    game.declare(0, c("2H"))
    finish_draw(game)
    assert game.phase is Phase.DECLARE
    return game


@pytest.mark.parametrize(
    "action",
    [
        pytest.param(Pass(1), id="r_t4_pass_out_of_turn"),
        pytest.param(Pass(3), id="r_t4_pass_out_of_turn_3"),
        pytest.param(Declare(1, tuple(c("2D 2D"))), id="r_t4_declare_out_of_turn"),
        pytest.param(Declare(2, tuple(c("BJ BJ"))), id="r_t4_joker_pair_out_of_turn"),
    ],
)
def test_r_t4_the_window_goes_in_turn_from_the_first_drawer(action: Action) -> None:
    game = window_game()
    assert game.to_act() == 0
    refuse(game, action, "R-T4")


def test_r_t4_four_passes_in_a_row_close_the_window() -> None:
    game = window_game()
    for seat in range(3):
        assert game.pass_declaring(seat) == [Passed(seat)]
        assert game.phase is Phase.DECLARE
        assert game.to_act() == seat + 1
    events = game.pass_declaring(3)
    assert events == [
        Passed(3),
        TrumpSettled(rank=0, suit=1, declarers=0, starter=0),
        TalonTaken(0, game.round.talon),
    ]
    assert game.phase is Phase.EXCHANGE
    refuse(game, Pass(0), "R-T4")
    refuse(game, Declare(1, tuple(c("2D 2D"))), "R-T4")


def test_r_t4_a_declaration_in_the_window_resets_the_count() -> None:
    game = window_game()
    game.pass_declaring(0)
    game.declare(1, c("2D 2D"))
    assert game.round.window_passes == 0
    assert game.to_act() == 2
    for seat in (2, 3, 0):
        game.pass_declaring(seat)
    assert game.turn().phase is Phase.DECLARE  # three passes since the declaration
    refuse(game, Declare(1, tuple(c("2D 2D"))), "R-T3")  # its own pair: not stronger
    game.pass_declaring(1)
    assert game.phase is Phase.EXCHANGE
    assert game.events[-2:] == [
        TrumpSettled(rank=0, suit=2, declarers=1, starter=1),
        TalonTaken(1, game.round.talon),
    ]


def test_r_t4_a_joker_pair_in_the_window_settles_at_once() -> None:
    game = window_game()
    game.pass_declaring(0)
    game.pass_declaring(1)
    events = game.declare(2, c("BJ BJ"))
    assert events == [
        Declared(2, tuple(c("BJ BJ"))),
        TrumpSettled(rank=0, suit=None, declarers=0, starter=2),
        TalonTaken(2, game.round.talon),
    ]
    assert game.phase is Phase.EXCHANGE


# ------------------------------------------------------------------------- R-T5


@pytest.mark.parametrize(
    ("seat", "cards", "after", "suit"),
    [
        pytest.param(0, "2H", 1, 1, id="r_t5_seat_0_single"),
        pytest.param(1, "2D 2D", 6, 2, id="r_t5_seat_1_pair"),
        pytest.param(2, "BJ BJ", 7, None, id="r_t5_seat_2_joker_pair"),
        pytest.param(3, "2S", 4, 0, id="r_t5_seat_3_single"),
    ],
)
def test_r_t5_round_one_declarer_starts_and_their_team_declares(
    seat: int, cards: str, after: int, suit: int | None
) -> None:
    game = Game(decks=[DECLARE_DECK])
    draw(game, after)
    game.declare(seat, c(cards))
    finish_draw(game)
    pass_window(game)
    assert game.phase is Phase.EXCHANGE
    settled = [e for e in game.events if isinstance(e, TrumpSettled)]
    assert settled == [TrumpSettled(rank=0, suit=suit, declarers=seat % 2, starter=seat)]
    assert (game.round.starter, game.round.declarers) == (seat, seat % 2)
    assert game.to_act() == seat
    assert len(game.hand(seat)) == 33


def test_r_t5_later_rounds_any_seat_declares_only_the_suit() -> None:
    def deal(rank: int, first: int) -> list[int]:
        hands = ["", "", "", ""]
        hands[(first + 1) % 4] = card(rank, "D")  # an opponent of the starter
        return stack(hands, first=first)

    game = round_two(deal)
    starter, declarers = game.round.starter, game.round.declarers
    assert starter is not None and declarers is not None
    opponent = (starter + 1) % 4
    draw(game, 2)
    game.declare(opponent, c(card(game.round.rank, "D")))
    finish_draw(game)
    pass_window(game)
    assert game.events[-2:] == [
        TrumpSettled(game.round.rank, 2, declarers, starter),
        TalonTaken(starter, game.round.talon),
    ]
    assert len(game.hand(starter)) == 33


# ------------------------------------------------------------------------- R-T6


def test_r_t6_round_one_nobody_declares_redeal() -> None:
    second = shuffled(13)
    game = Game(decks=[DECLARE_DECK, second])
    finish_draw(game)
    mark = len(game.events)
    for seat in range(4):
        game.pass_declaring(seat)
    assert game.events[mark:] == [
        Passed(0),
        Passed(1),
        Passed(2),
        Passed(3),
        Redealt(1),
        RoundStarted(number=1, rank=0, declarers=None, starter=None, first_drawer=0),
    ]
    assert game.phase is Phase.DRAW
    assert game.round.number == 1 and game.round.drawn == 0
    assert game.round.deck == second
    assert all(game.hand(seat) == [] for seat in range(4))
    assert game.card_locations()["pack"] == second
    game.draw()
    assert game.hand(0) == [second[0]]


def flip_talon(rank: int) -> str:
    """Jokers, then a non-rank card, then a diamond of the rank: it is turned third."""
    other = (rank + 1) % 13
    return f"BJ {card(other, 'S')} {card(rank, 'D')} {card(rank, 'H')} RJ"


def no_rank_talon(rank: int) -> str:
    """No card of the rank: the highest non-joker rank (hearts turned before spades)."""
    high = 12 if rank != 12 else 11
    low = [r for r in range(13) if r not in (rank, high)]
    return (
        f"BJ {card(low[0], 'C')} {card(high, 'H')} {card(low[1], 'D')} "
        f"{card(high, 'S')} RJ {card(low[2], 'C')} {card(low[3], 'S')}"
    )


@pytest.mark.parametrize(
    ("talon_of", "turned", "suit"),
    [
        pytest.param(flip_talon, 3, 2, id="r_t6_first_rank_card_turned_names_the_suit"),
        pytest.param(no_rank_talon, 8, 1, id="r_t6_no_rank_card_highest_first_turned"),
    ],
)
def test_r_t6_later_round_nobody_declares_the_talon_is_turned(
    talon_of: Callable[[int], str], turned: int, suit: int
) -> None:
    talons: list[list[int]] = []

    def deal(rank: int, first: int) -> list[int]:
        talons.append(c(talon_of(rank)))
        return stack(["", "", "", ""], talon=talon_of(rank), first=first)

    game = round_two(deal)
    finish_draw(game)
    assert game.round.talon[: len(talons[0])] == tuple(talons[0])
    mark = len(game.events)
    pass_window(game)
    flipped = game.round.talon[:turned]
    starter, declarers = game.round.starter, game.round.declarers
    assert starter is not None and declarers is not None
    assert game.events[mark + 4 :] == [
        TalonFlipped(flipped, suit),
        TrumpSettled(game.round.rank, suit, declarers, starter),
        TalonTaken(starter, game.round.talon),
    ]
    assert game.round.talon_flipped == flipped
    assert game.phase is Phase.EXCHANGE
    assert len(game.hand(starter)) == 33
