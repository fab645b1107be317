"""Refusals that say the actual mistake, and bad values refused cleanly (docs/rules.md §11).

Rule ids covered: R-D2 (``Draw(n)`` checked whole before a card is drawn), R-N3 (values
that are not cards), R-N4 (values that are not seats), R-T2 (declaring cards not held),
R-P2 (leading cards not held), R-P5/R-P6 (following while led-suit cards are kept:
the refusal names them), R-K1 (the burial's count). Every refusal leaves the game as it
was; ``can_…`` answers False and never raises. The last section follows the named cases
to the English line the player reads (play/refusals.py): it names the rule and the
cards, and not the generic sentence of a rule that does not fit the mistake.

Helpers (``stack``, ``refuse`` …) come from test_scenarios.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tuolaji.core import (
    STANDARD,
    IllegalAction,
    NotationError,
    RulesError,
    TuolajiError,
    parse_cards,
    preset,
)
from tuolaji.core.errors import (
    BAD_CARD,
    BAD_DRAW_COUNT,
    BAD_SEAT,
    BURY_COUNT,
    MUST_FOLLOW_SUIT,
    MUST_PLAY_PAIRS,
    NOT_A_DECLARATION,
    NOT_HELD,
    NOT_YOUR_TURN,
    TOO_WEAK,
    WRONG_PHASE,
)
from tuolaji.game import Bury, Declare, Draw, Game, Pass, Phase, Play, PositionError
from tuolaji.game.actions import Action
from tuolaji.game.record import RecordError
from tuolaji.play.refusals import refusal_message, refusal_text
from tuolaji.play.words import CardRun, rule_brief

from .test_scenarios import c, draw, finish_draw, pass_window, refuse, snapshot, stack


def dealt(hands: list[str], trump: str) -> Game:
    """``hands`` dealt (the rest filled in); seat 0 draws ``trump`` first, declares it and
    buries 8 cards not named in its hand: seat 0 leads trick 1."""
    game = Game(decks=[stack(hands)])
    draw(game, 1)
    game.declare(0, c(trump))
    finish_draw(game)
    pass_window(game)
    keep = Counter(c(hands[0]))
    burial: list[int] = []
    for card in game.hand(0):
        if keep[card]:
            keep[card] -= 1
        elif len(burial) < 8:
            burial.append(card)
    game.bury(0, burial)
    assert game.phase is Phase.PLAY and game.to_act() == 0
    return game


# ------------------------------------------------------------------- Draw(n), R-D2


@pytest.mark.parametrize(
    "count",
    [0, -1, -100, 101, 500, 10**30, True, False, 1.5, "3", None],
    ids=repr,
)
def test_r_d2_a_bad_draw_count_draws_nothing(count: Any) -> None:
    game = Game(seed=1)
    draw(game, 3)
    error = refuse(game, Draw(count), "R-D2")
    assert error.reason == BAD_DRAW_COUNT and error.details == {"left": 97}


def test_r_d2_draw_n_up_to_the_cards_left() -> None:
    game = Game(seed=1)
    game.apply(Draw(60))
    assert game.round.drawn == 60
    refuse(game, Draw(41), "R-D2")
    game.apply(Draw(40))
    assert game.round.drawn == 100 and game.phase is Phase.DECLARE
    error = refuse(game, Draw(1), "R-D2")
    assert error.reason == WRONG_PHASE


def test_apply_refuses_a_value_that_is_no_action() -> None:
    game = Game(seed=1)
    before = snapshot(game)
    with pytest.raises(TypeError):
        game.apply("draw")  # type: ignore[arg-type]
    assert snapshot(game) == before


# ---------------------------------------------------------- bad seats and cards

BAD_SEATS = [-1, 4, 99, "0", 1.5, True, False, None]
BAD_CARDS = [[-1], [54], [60], [1.5], ["AS"], "AS", [True], [None], None, 5, {3: 3}, [3, -1]]


def actions_with(seat: Any, cards: Any) -> list[Action]:
    return [Declare(seat, cards), Pass(seat), Bury(seat, cards), Play(seat, cards)]


def positions() -> list[Game]:
    """A game in each phase: draw, final window, exchange, play."""
    drawing = Game(seed=2)
    draw(drawing, 9)
    window = Game(seed=2)
    finish_draw(window)
    exchange = Game(seed=2)
    while exchange.phase is not Phase.EXCHANGE:
        finish_draw(exchange)
        seat = exchange.to_act()
        assert seat is not None
        rank_cards = [k for k in exchange.hand(seat) if k < 52 and k % 13 == 0]
        if rank_cards:
            exchange.declare(seat, rank_cards[:1])
        pass_window(exchange)
    playing = dealt(["2H", "", "", ""], "2H")
    return [drawing, window, exchange, playing]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_r_n4_a_bad_seat_is_refused_in_every_phase(seat: Any) -> None:
    for game in positions():
        for action in actions_with(seat, (0,)):
            error = refuse(game, action, "R-N4")
            assert error.reason == BAD_SEAT
        with pytest.raises(IllegalAction) as info:
            game.hand(seat)
        assert info.value.rule == "R-N4"


@pytest.mark.parametrize("cards", BAD_CARDS, ids=repr)
def test_r_n3_values_that_are_not_cards_are_refused_in_every_phase(cards: Any) -> None:
    for game in positions():
        acting = game.to_act()
        seat = 0 if acting is None else acting
        for action in (Declare(seat, cards), Bury(seat, cards), Play(seat, cards)):
            error = refuse(game, action, "R-N3")
            assert error.reason == BAD_CARD


# ----------------------------------------------------------- refusals name the mistake


def test_r_p2_leading_a_card_not_held_names_it() -> None:
    game = dealt(["2H 3D", "AD", "", ""], "2H")
    error = refuse(game, Play(0, tuple(c("3D AD"))), "R-P2")
    assert (error.reason, error.cards) == (NOT_HELD, tuple(c("AD")))
    assert "AD" in error.message and "as many" not in error.message


def test_r_p2_a_card_named_more_often_than_held() -> None:
    game = dealt(["2H 3D", "", "", ""], "2H")
    error = refuse(game, Play(0, tuple(c("3D 3D 3D"))), "R-P2")
    assert (error.reason, error.cards) == (NOT_HELD, tuple(c("3D 3D")))


def test_r_t2_declaring_a_card_not_held_names_it() -> None:
    game = Game(decks=[stack(["2H", "2D", "", ""], talon="2S 2S")])
    draw(game, 4)
    error = refuse(game, Declare(0, tuple(c("2S"))), "R-T2")
    assert (error.reason, error.cards) == (NOT_HELD, tuple(c("2S")))
    # cards that are no declaration at all say so first, held or not
    error = refuse(game, Declare(0, tuple(c("3S"))), "R-T2")
    assert (error.reason, error.details) == (NOT_A_DECLARATION, {"rank": 0})


def test_r_t3_showing_ones_own_single_again_without_its_twin_is_no_stronger() -> None:
    # Seat 0 holds one 2H: showing it again is the same single, which cannot override
    # itself (R-T3) — not a card it lacks (it holds the 2H it names).
    game = Game(decks=[stack(["2H", "", "", ""], talon="2H")])
    draw(game, 1)
    game.declare(0, c("2H"))
    error = refuse(game, Declare(0, tuple(c("2H"))), "R-T3")
    assert (error.reason, error.cards, error.details) == (TOO_WEAK, tuple(c("2H")), {"seat": 0})


# Hearts trump. Seat 0 leads the diamond tractor 3D 3D 4D 4D; seat 1 holds only KD TD
# 5D of diamonds (its fillers are spades and hearts), and clubs to discard.
DIAMOND_HANDS = ["2H 3D 3D 4D 4D", "KD TD 5D 3C 4C 5C 6C", "", ""]


def test_r_p5_a_tractor_followed_without_the_diamonds_held_names_them() -> None:
    game = dealt(DIAMOND_HANDS, "2H")
    game.play(0, c("3D 3D 4D 4D"))
    error = refuse(game, Play(1, tuple(c("3C 4C 5C 6C"))), "R-P5")
    assert error.reason == MUST_FOLLOW_SUIT
    assert error.cards == tuple(c("KD TD 5D"))  # high to low: all must be played
    assert error.details == {"suit": 2, "need": 3, "given": 0}
    assert "KD TD 5D" in error.message and "pair" not in error.message
    game.play(1, c("KD TD 5D 3C"))


# Clubs trump. Seat 0 throws RJ RJ BJ (a pair and a single nobody can beat); seat 1
# holds only 5C 6C of the trumps and plays hearts.
TRUMP_THROW_HANDS = ["2C RJ RJ BJ", "5C 6C 3H 4H 5H", "", ""]


def test_r_p6_a_trump_throw_followed_with_hearts_while_holding_trumps() -> None:
    game = dealt(TRUMP_THROW_HANDS, "2C")
    game.play(0, c("RJ RJ BJ"))
    assert game.round.lead is not None and game.round.lead.kind == "throw"
    error = refuse(game, Play(1, tuple(c("3H 4H 5H"))), "R-P6")
    assert error.reason == MUST_FOLLOW_SUIT
    assert error.cards == tuple(c("6C 5C"))
    assert error.details["suit"] == 4  # trumps
    assert "6C 5C" in error.message and "trumps" in error.message


def test_r_p4_a_pair_kept_in_hand_is_named() -> None:
    game = dealt(["2H 9D 9D", "5D 5D 6D", "", ""], "2H")
    game.play(0, c("9D 9D"))
    error = refuse(game, Play(1, tuple(c("5D 6D"))), "R-P4")
    assert error.reason == MUST_PLAY_PAIRS
    assert error.cards == tuple(c("5D 5D"))


def test_r_p1_out_of_turn_names_whose_turn_it_is() -> None:
    game = dealt(["2H 3D", "", "", ""], "2H")
    error = refuse(game, Play(2, tuple(game.hand(2)[:1])), "R-P1")
    assert (error.reason, error.details) == (NOT_YOUR_TURN, {"seat": 0})


def test_r_k1_a_burial_of_the_wrong_count_says_how_many() -> None:
    game = positions()[2]
    starter = game.to_act()
    assert starter is not None
    error = refuse(game, Bury(starter, tuple(game.hand(starter)[:3])), "R-K1")
    assert (error.reason, error.details) == (BURY_COUNT, {"need": 8, "given": 3})


# ------------------------------------------------------- the words the player reads


def test_words_leading_a_card_not_held(english: None) -> None:
    game = dealt(["2H 3D", "", "", ""], "2H")
    text = refusal_text(refuse(game, Play(0, tuple(c("AD"))), "R-P2"))
    assert text == "Not allowed (R-P2): You don't hold AD."
    assert rule_brief("R-P2") not in text


def test_words_declaring_a_card_not_held(english: None) -> None:
    game = Game(decks=[stack(["2H", "2D", "", ""], talon="2S 2S")])
    draw(game, 4)
    text = refusal_text(refuse(game, Declare(0, tuple(c("2S"))), "R-T2"))
    assert text == "Not allowed (R-T2): You don't hold 2S."
    assert rule_brief("R-T2") not in text


def test_words_a_trump_throw_followed_with_hearts_while_holding_trumps(english: None) -> None:
    game = dealt(TRUMP_THROW_HANDS, "2C")
    game.play(0, c("RJ RJ BJ"))
    error = refuse(game, Play(1, tuple(c("3H 4H 5H"))), "R-P6")
    text = refusal_text(error)
    assert text == (
        "Not allowed (R-P6): You hold 6C 5C of the led suit (trumps): they must all be played."
    )
    assert "several combinations" not in text
    # on the screen the cards stay cards, to be coloured
    assert CardRun(tuple(c("6C 5C"))) in refusal_message(error)


def test_words_a_diamond_tractor_followed_without_the_diamonds(english: None) -> None:
    game = dealt(DIAMOND_HANDS, "2H")
    game.play(0, c("3D 3D 4D 4D"))
    text = refusal_text(refuse(game, Play(1, tuple(c("3C 4C 5C 6C"))), "R-P5"))
    assert text == (
        "Not allowed (R-P5): You hold KD TD 5D of the led suit (diamonds): they must all be played."
    )
    assert "pairs" not in text


def test_words_a_pair_kept_in_hand(english: None) -> None:
    game = dealt(["2H 9D 9D", "5D 5D 6D", "", ""], "2H")
    game.play(0, c("9D 9D"))
    text = refusal_text(refuse(game, Play(1, tuple(c("5D 6D"))), "R-P4"))
    assert text == (
        "Not allowed (R-P4): You hold the pair 5D 5D of the led suit (diamonds): it must be played."
    )


def test_words_out_of_turn_names_the_seat(english: None) -> None:
    game = dealt(["2H 3D", "", "", ""], "2H")
    game.play(0, c("3D"))
    text = refusal_text(refuse(game, Play(0, tuple(game.hand(0)[:1])), "R-P1"))
    assert text == "Not allowed (R-P1): Wait for your turn: East plays now."


# ------------------------------------------------------------- one root for errors


def test_every_error_tuolaji_raises_on_purpose_has_one_root() -> None:
    # python-chess style: a refused action is a ValueError carrying its rule id
    game = Game(STANDARD, 1)
    with pytest.raises(ValueError) as info:
        game.play(0, [0])
    refusal = info.value
    assert isinstance(refusal, IllegalAction) and isinstance(refusal, TuolajiError)
    assert (refusal.rule, refusal.reason) == ("R-P1", WRONG_PHASE)
    for error in (NotationError, RulesError, PositionError, RecordError):
        assert issubclass(error, TuolajiError) and issubclass(error, ValueError)
    with pytest.raises(TuolajiError):
        parse_cards("ZZ")
    with pytest.raises(TuolajiError):
        preset("nonesuch")
