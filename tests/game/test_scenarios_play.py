"""Scenario tests of the game layer with stacked decks: the exchange, the play, throws
and the scoring of a round.

Rule ids covered: R-K1 (the starter buries exactly 8 held cards; every seat sees them
once the round ends), R-P1 (turn order,
the trick winner leads), R-C4 (a mixed lead is refused), R-H1–R-H3 (a valid and a
failed throw, the forced part, the blocker, the penalty's sign), R-S1/R-S2 (the talon
bonus under each ``talon_multiplier``), R-S3/R-S4 (the level table, holding on and
taking over, the next starter), R-S5 (the end of the game).

Helpers (``stack``, ``refuse`` …) come from test_scenarios.py.
"""

from __future__ import annotations

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.core import CLASSIC, STANDARD, RuleSet, legal_follows, parse_cards
from tuolaji.game import Bury, Declare, Draw, Game, Phase, Play, observe
from tuolaji.game.events import (
    Buried,
    GameOver,
    Played,
    RoundEnded,
    RoundStarted,
    TalonBonus,
    ThrowFailed,
    TrickWon,
)
from tuolaji.game.observation_json import observation_to_json

from .test_scenarios import c, draw, finish_draw, pass_window, random_players, refuse, stack

# Seat 0 draws 2H first and declares it: hearts are trump, seat 0 starts, team 0
# declares. All 24 plain clubs are placed: only seat 2 holds clubs above QC (AC KC).
# AD AD KD QD are seat 1's; the other KD is seat 3's (with 6D, a low diamond).
PLAY_HANDS = [
    "2H 3C AC KC QC 3D",
    "AD AD KD QD 4C 3C 9C TC JC",
    "AC KC 5C 6C 4D",
    "KD 5D 6D QC 7C 7C 8C 8C 9C TC JC 4C 5C 6C",
]
FILLER_BURIAL = "3S 3S 4S 4S 5S 5S 6S 6S"  # plain spades seat 0 got as fillers


def exchange_game(rules: RuleSet = STANDARD) -> Game:
    """PLAY_HANDS dealt, seat 0's 2H standing, the window closed: seat 0 must bury."""
    game = Game(rules, decks=[stack(PLAY_HANDS)])
    draw(game, 1)
    game.declare(0, c("2H"))
    finish_draw(game)
    pass_window(game)
    assert game.phase is Phase.EXCHANGE
    return game


def play_game(rules: RuleSet = STANDARD) -> Game:
    """As exchange_game, seat 0 having buried fillers: seat 0 leads trick 1."""
    game = exchange_game(rules)
    game.bury(0, c(FILLER_BURIAL))
    return game


def first_follow(game: Game, seat: int) -> list[int]:
    """The first legal follow of ``seat`` (kinds ascending)."""
    state = game.round
    assert state.ctx is not None and state.lead is not None
    follows = legal_follows(state.ctx, state.lead, game.hand(seat), seat == state.blocker)
    return list(next(follows))


def play_trick(game: Game, lead: str, follows: dict[int, str] | None = None) -> None:
    """The seat to act leads ``lead``; the others play ``follows[seat]`` or their first
    legal follow."""
    leader = game.to_act()
    assert leader is not None
    game.play(leader, c(lead))
    for k in (1, 2, 3):
        seat = (leader + k) % 4
        chosen = (follows or {}).get(seat)
        game.play(seat, c(chosen) if chosen else first_follow(game, seat))


# ------------------------------------------------------------------------- R-K1


def test_r_k1_the_starter_holds_33_cards_before_burying() -> None:
    game = exchange_game()
    assert [len(game.hand(seat)) for seat in range(4)] == [33, 25, 25, 25]
    assert game.to_act() == 0
    assert game.card_locations()["talon"] == []


@pytest.mark.parametrize(
    ("seat", "cards"),
    [
        pytest.param(1, "3H 3H 4H 4H 5H 5H 6H 6H", id="r_k1_only_the_starter_buries"),
        pytest.param(0, "3S 3S 4S 4S 5S 5S 6S", id="r_k1_seven_cards"),
        pytest.param(0, "3S 3S 4S 4S 5S 5S 6S 6S 7S", id="r_k1_nine_cards"),
        pytest.param(0, "", id="r_k1_no_cards"),
        pytest.param(0, "AD 3S 4S 4S 5S 5S 6S 6S", id="r_k1_a_card_not_held"),
        pytest.param(0, "3S 3S 3S 4S 5S 5S 6S 6S", id="r_k1_a_card_three_times"),
    ],
)
def test_r_k1_bad_burials_are_refused(seat: int, cards: str) -> None:
    game = exchange_game()
    refuse(game, Bury(seat, tuple(c(cards))), "R-K1")


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param(FILLER_BURIAL, id="r_k1_fillers"),
        pytest.param("BJ RJ 2H 2D TS TS 5S 5S", id="r_k1_trumps_and_points_may_go"),
    ],
)
def test_r_k1_the_starter_buries_8_held_cards(cards: str) -> None:
    game = exchange_game()
    refuse(game, Play(0, (c(cards)[0],)), "R-P1")  # nobody plays before the burial
    events = game.bury(0, c(cards))
    buried = tuple(sorted(c(cards)))
    assert events == [Buried(0, buried)]
    assert len(game.hand(0)) == 25
    assert game.phase is Phase.PLAY and game.to_act() == 0
    assert game.card_locations()["talon"] == list(buried)
    assert observe(game, 0).buried == buried
    assert all(observe(game, seat).buried == () for seat in (1, 2, 3))
    refuse(game, Bury(0, tuple(c("7S 7S 8S 8S 9S 9S TS TS"))), "R-K1")


def test_r_k1_no_burial_before_the_exchange() -> None:
    game = Game(decks=[stack(PLAY_HANDS)])
    draw(game, 1)
    game.declare(0, c("2H"))
    finish_draw(game)
    assert game.phase is Phase.DECLARE
    refuse(game, Bury(0, tuple(c(FILLER_BURIAL))), "R-K1")


# ----------------------------------------------------------------- R-P1, R-C4


def test_r_p1_the_starter_leads_play_goes_in_seat_order_the_winner_leads_next() -> None:
    game = play_game()
    refuse(game, Play(1, tuple(c("AD"))), "R-P1")
    refuse(game, Play(3, tuple(c("KD"))), "R-P1")
    assert game.play(0, c("3D")) == [Played(0, tuple(c("3D")))]
    assert game.to_act() == 1
    refuse(game, Play(2, tuple(c("4D"))), "R-P1")
    refuse(game, Play(0, tuple(c("QC"))), "R-P1")
    game.play(1, c("AD"))
    game.play(2, c("4D"))
    events = game.play(3, c("5D"))
    assert events == [Played(3, tuple(c("5D"))), TrickWon(1, 1, 5)]
    assert game.to_act() == 1
    assert game.round.trick_points == 5  # seat 1 is an opponent (R-S1)
    refuse(game, Play(0, tuple(c("QC"))), "R-P1")
    refuse(game, Draw(), "R-D2")
    refuse(game, Declare(0, tuple(c("2H"))), "R-T4")


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param("3C 3D", id="r_c4_two_plain_suits"),
        pytest.param("QC 2H", id="r_c4_plain_and_trump"),
        pytest.param("AC KC QC 3D", id="r_c4_throw_with_another_suit"),
    ],
)
def test_r_c4_a_mixed_lead_is_refused(cards: str) -> None:
    game = play_game()
    refuse(game, Play(0, tuple(c(cards))), "R-C4")


def test_r_p2_a_lead_not_held_is_refused() -> None:
    game = play_game()
    refuse(game, Play(0, tuple(c("AD"))), "R-P2")
    refuse(game, Play(0, ()), "R-P2")


# ------------------------------------------------------------------ R-H1–R-H3

QC, KC, AC = c("QC KC AC")


@pytest.mark.parametrize(
    ("rules", "penalty", "must_beat"),
    [
        pytest.param(STANDARD, 20, True, id="r_h2_r_h3_standard"),
        pytest.param(CLASSIC, 0, False, id="r_h2_r_h3_classic"),
    ],
)
def test_r_h_declarer_throw_fails(rules: RuleSet, penalty: int, must_beat: bool) -> None:
    game = play_game(rules)
    events = game.play(0, c("AC KC QC"))
    # KC and QC can be beaten by seat 2 (AC, KC): QC, the lowest, is led (R-H2).
    assert events == [ThrowFailed(0, (QC, KC, AC), (QC,), penalty, 2), Played(0, (QC,))]
    assert game.round.lead is not None and game.round.lead.kind == "single"
    assert game.round.trick == [(0, (QC,))]
    hand = game.hand(0)
    assert hand.count(AC) == 1 and hand.count(KC) == 1 and QC not in hand
    # R-H3: the declarers' penalty goes to the opponents.
    assert game.round.penalties == penalty
    assert game.round.opponents_points == penalty
    game.play(1, c("3C"))
    assert observe(game, 2).must_beat is must_beat
    if must_beat:
        refuse(game, Play(2, tuple(c("5C"))), "R-H2")
    else:
        assert game.can_play(2, c("5C"))
    game.play(2, c("KC"))
    assert game.play(3, c("7C"))[-1] == TrickWon(1, 2, 10)
    assert game.round.opponents_points == penalty


def opponent_on_lead(rules: RuleSet = STANDARD) -> Game:
    """Trick 1: 3D, AD, 4D, 5D — seat 1 (an opponent) wins and leads trick 2."""
    game = play_game(rules)
    play_trick(game, "3D", {1: "AD", 2: "4D", 3: "5D"})
    assert game.to_act() == 1 and game.round.opponents_points == 5
    return game


def test_r_h1_a_throw_nobody_can_beat_stands() -> None:
    game = opponent_on_lead()
    ad, kd = c("AD KD")
    # The other AD is gone and the other KD is only equal: nothing beats either part.
    assert game.play(1, c("AD KD")) == [Played(1, (kd, ad))]
    assert game.round.lead is not None and game.round.lead.kind == "throw"
    assert game.round.penalties == 0 and game.round.blocker is None


def test_r_h_opponent_throw_fails_and_the_penalty_is_subtracted() -> None:
    game = opponent_on_lead()
    qd, kd, ad = c("QD KD AD")
    events = game.play(1, c("AD KD QD"))
    # Only seat 3's KD beats a part (QD): seat 3 is the blocker.
    assert events == [ThrowFailed(1, (qd, kd, ad), (qd,), 20, 3), Played(1, (qd,))]
    assert game.round.penalties == -20  # R-H3: the opponents lose their penalty
    assert game.round.opponents_points == 5 - 20
    game.play(2, first_follow(game, 2))
    assert observe(game, 3).must_beat and not observe(game, 2).must_beat
    refuse(game, Play(3, tuple(c("6D"))), "R-H2")
    game.play(3, c("KD"))
    game.play(0, first_follow(game, 0))
    winner = game.events[-1]
    assert isinstance(winner, TrickWon) and winner.seat == 3


# --------------------------------------------------------------- R-S1–R-S5

# Seat 0 declares 2S (spades trump) and buries 2S KC KC TC TC 5C 5C 4C (50 points).
# Seat X holds every other top trump: it takes trick 1 with 2S, leads 18 top trumps,
# then throws BJ BJ RJ RJ 2H 2H (a tractor and a pair: 6 cards, largest part 4) to the
# last trick, which it wins: the other 150 points are all in X's tricks.
X_HAND = "2S 2D 2D 2C 2C AS AS KS KS QS QS JS JS TS TS 9S 9S 8S 8S RJ RJ BJ BJ 2H 2H"
X_LEADS = "2D 2D 2C 2C AS AS KS KS QS QS JS JS TS TS 9S 9S 8S 8S"
BURIAL = "2S KC KC TC TC 5C 5C 4C"


def trump_sweep(x: int, rules: RuleSet, levels: list[int] | None = None) -> Game:
    """Seat ``x`` wins every trick of round 1 (see above); the round is over.
    ``levels``, if given, replace the teams' levels before the round is played."""
    hands = ["2S 3C KC KC TC TC 5C 5C 4C", "", "", ""]
    hands[x] = X_HAND
    game = Game(rules, decks=[stack(hands)])
    if levels is not None:
        game.levels = list(levels)
    draw(game, 1)
    game.declare(0, c("2S"))
    finish_draw(game)
    pass_window(game)
    game.bury(0, c(BURIAL))
    play_trick(game, "3C", {x: "2S"})
    for lead in X_LEADS.split():
        play_trick(game, lead)
    play_trick(game, "RJ RJ BJ BJ 2H 2H")
    assert len(game.results) == 1
    return game


@pytest.mark.parametrize(
    ("option", "multiplier", "levels"),
    [
        # 150 + 50 × 12 = 750 → +16 (280 → +5, one more per further 40)
        pytest.param("cards", 12, 16, id="r_s2_cards"),
        pytest.param("largest_part", 8, 11, id="r_s2_largest_part"),  # 550 → +11
        pytest.param("power", 16, 21, id="r_s2_power"),  # 950 → +21
    ],
)
def test_r_s2_opponents_win_the_last_trick_talon_bonus(
    option: str, multiplier: int, levels: int
) -> None:
    game = trump_sweep(1, STANDARD.with_options(talon_multiplier=option))
    result = game.results[0]
    bonus = 50 * multiplier
    talon = tuple(sorted(c(BURIAL)))
    assert TalonBonus(talon, multiplier, bonus) in game.events
    assert (result.trick_points, result.penalties, result.talon_bonus) == (150, 0, bonus)
    assert result.opponents_points == 150 + bonus and result.talon_shown
    # R-S3/R-S4: the opponents take over; seat 1, after the starter, starts.
    assert (result.declarers_hold, result.levels_gained) == (False, levels)
    assert game.levels == [0, levels]
    ended = next(e for e in game.events if isinstance(e, RoundEnded))
    assert (ended.next_declarers, ended.next_starter) == (1, 1)
    if levels > 12:  # R-S5: team 1 passed A
        assert game.phase is Phase.OVER and game.winner == 1
        assert game.events[-1] == GameOver(1, (0, levels))
    else:
        assert game.events[-1] == RoundStarted(2, levels, 1, 1, 1)
        assert game.round.rank == levels and game.winner is None


def test_r_s2_no_bonus_when_the_declarers_win_the_last_trick() -> None:
    game = trump_sweep(2, STANDARD)
    result = game.results[0]
    assert not any(isinstance(e, TalonBonus) for e in game.events)
    assert (result.talon_bonus, result.talon_shown, result.opponents_points) == (0, False, 0)
    # R-S3/R-S4: 0 points, the declarers hold on, +3; the starter's partner starts.
    assert (result.declarers_hold, result.levels_gained) == (True, 3)
    assert game.levels == [3, 0]
    assert game.events[-1] == RoundStarted(2, 3, 0, 2, 2)


@pytest.mark.parametrize("x", [pytest.param(1, id="opponents"), pytest.param(2, id="declarers")])
def test_r_k1_every_seat_sees_the_talon_once_the_round_ends(x: int) -> None:
    # The burial is the starter's secret only until the round ends, whoever wins the
    # last trick: then every seat and the spectator see it.
    game = trump_sweep(x, STANDARD)
    talon = tuple(sorted(c(BURIAL)))
    assert game.results[0].talon == talon
    for seat in (0, 1, 2, 3, None):
        obs = observe(game, seat)
        assert obs.last_round is not None and obs.last_round.talon == talon
        assert sorted(parse_cards(observation_to_json(obs)["last_round"]["talon"])) == list(talon)


@pytest.mark.parametrize(
    ("levels", "over"),
    [
        pytest.param([10, 4], True, id="r_s5_passing_a_ends_the_game"),
        pytest.param([9, 4], False, id="r_s5_reaching_a_does_not"),
    ],
)
def test_r_s5_a_team_passing_a_wins(levels: list[int], over: bool) -> None:
    # The levels are set directly before the round is played, to reach the end of a
    # game cheaply (the round's own rank stays 2); the declarers then gain 3 levels.
    game = trump_sweep(2, STANDARD, levels=levels)
    assert game.results[0].levels_gained == 3
    if over:
        assert game.phase is Phase.OVER and game.winner == 0
        assert game.events[-1] == GameOver(0, (13, 4))
        assert game.to_act() is None
        refuse(game, Draw(), "R-D2")
        refuse(game, Play(2, tuple(c("AS"))), "R-P1")
        refuse(game, Bury(2, tuple(c(BURIAL))), "R-K1")
        assert observe(game, 1).winner == 0
    else:
        assert game.phase is Phase.DRAW and game.winner is None
        assert game.events[-1] == RoundStarted(2, 12, 0, 2, 2)


def level_table(points: int) -> tuple[bool, int]:
    """docs/rules.md R-S3 as written: (declarers hold on, levels gained)."""
    p = max(points, 0)
    if p == 0:
        return True, 3
    if p <= 35:
        return True, 2
    if p <= 75:
        return True, 1
    for top, levels in ((115, 0), (155, 1), (195, 2), (235, 3), (275, 4)):
        if p <= top:
            return False, levels
    return False, 5 + (p - 280) // 40


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_s3_r_s4_r_s5_random_games_follow_the_table(rules: RuleSet) -> None:
    seen: set[tuple[bool, bool]] = set()
    for seed in range(4):
        game = Game(rules, seed)
        play_until(game, random_players(seed))
        levels = [0, 0]
        ended = [e for e in game.events if isinstance(e, RoundEnded)]
        started = [e for e in game.events if isinstance(e, RoundStarted)]
        later = [e for e in started if e.number > 1]
        assert len(ended) == len(game.results) == len(later) + 1
        for k, (result, end) in enumerate(zip(game.results, ended, strict=True)):
            holds, gained = level_table(result.opponents_points)
            assert (end.declarers_hold, end.levels_gained) == (holds, gained), result
            team = result.declarers if holds else 1 - result.declarers
            levels[team] += gained
            seen.add((holds, gained > 0))
            assert end.levels == tuple(levels)
            assert end.next_declarers == team
            # R-S4: partner of the starter on holding; the next seat on taking over.
            step = 2 if holds else 1
            assert end.next_starter == (result.starter + step) % 4
            if k + 1 < len(game.results):
                assert max(levels) <= 12  # R-S5: nobody has passed A yet
                nxt = game.results[k + 1]
                assert (nxt.declarers, nxt.starter) == (team, end.next_starter)
                assert nxt.rank == levels[team]  # R-T1
                assert later[k] == RoundStarted(
                    k + 2, levels[team], team, end.next_starter, end.next_starter
                )
        # R-S5: the game ends the moment a team passes A, and that team wins.
        assert game.levels == levels and game.phase is Phase.OVER
        assert game.winner is not None and levels[game.winner] > 12
        assert levels[1 - game.winner] <= 12
        assert game.events[-1] == GameOver(game.winner, (levels[0], levels[1]))
    assert seen >= {(True, True), (False, False), (False, True)}
