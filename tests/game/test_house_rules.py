"""The house-rule options in whole games (docs/rules.md §12).

- R-T6 ``first_round_starter``: a first round nobody declares in is dealt again
  (``"redeal"``), or a seat starts it — a fixed one, or one drawn by chance from the
  deal's pack, which a record's replay draws again — and the talon gives the trump.
- R-K1 ``show_talon``: off, the talon of a round the opponents did not turn up stays the
  starter's: the round's result is seen without it by every other seat, in the events'
  views, the observations and their JSON forms.
- R-T2, R-T3, R-T4: the declaring options in the game — a red joker pair over a black
  one during the draw, a declaration nothing can override settling the trump at once.
- R-S6 and R-S3: over many random games with random options, every action legal, no card
  lost, each level change the one the scoring and the must-defend ranks give, no level
  ever past a must-defend rank it did not defend, and each record replaying to the same
  events.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.arena.runner import play_until
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import STANDARD, IllegalAction, RuleSet, parse_cards
from tuolaji.core.cards import RANKS, full_pack, team_of
from tuolaji.core.rules import SHENGJI, preset
from tuolaji.core.scoring import PAST_ACE, climb, settle
from tuolaji.game import Game, Phase, observe
from tuolaji.game.dealing import chance_seat
from tuolaji.game.event_json import event_from_json, event_to_json
from tuolaji.game.events import Redealt, RoundEnded, TalonBonus, TalonFlipped, TrumpSettled
from tuolaji.game.observation_json import observation_from_json, observation_to_json
from tuolaji.game.record import record_from_json, record_of, replay
from tuolaji.game.state import RoundStart
from tuolaji.game.streams import SeatView
from tuolaji.game.turn import ActionKind
from tuolaji.game.views import view

from .test_properties import check_conservation, steps
from .test_scenarios import random_players

FULL_PACK = sorted(full_pack())


def quiet_players(seed: int) -> list[RandomPlayer]:
    """Four random players that never declare."""
    return [RandomPlayer(seed * 4 + seat, declare_rate=0.0) for seat in range(4)]


def undeclared_first_round(rules: RuleSet, seed: int = 3) -> Game:
    """A game whose first deal nobody declares in: every card drawn, four passes."""
    game = Game(rules, seed)
    while game.phase is Phase.DRAW:
        game.draw()
    for _ in range(4):
        assert game.phase is Phase.DECLARE
        game.pass_declaring(game.round.window_seat)
    return game


# ------------------------------------------------------------------ R-T6 first round


def test_r_t6_nobody_declares_in_round_1_deals_again_by_default() -> None:
    game = undeclared_first_round(STANDARD)
    assert isinstance(game.events[-2], Redealt)
    assert game.phase is Phase.DRAW and game.round.number == 1 and len(game.packs) == 2


@pytest.mark.parametrize("seat", range(4))
def test_r_t6_a_fixed_seat_starts_a_round_1_nobody_declares_in(seat: int) -> None:
    game = undeclared_first_round(STANDARD.with_options(first_round_starter=seat))
    assert not any(isinstance(event, Redealt) for event in game.events)
    settled = next(event for event in game.events if isinstance(event, TrumpSettled))
    assert (settled.starter, settled.declarers, settled.rank) == (seat, team_of(seat), 0)
    # R-T6: the talon was turned for the suit, as in a later round
    flipped = next(event for event in game.events if isinstance(event, TalonFlipped))
    assert flipped.suit == settled.suit
    assert game.phase is Phase.EXCHANGE and game.turn().seat == seat
    assert len(game.hand(seat)) == 33


def test_r_t6_a_random_starter_comes_from_the_pack_and_replays() -> None:
    seats = set()
    for seed in range(12):
        game = undeclared_first_round(STANDARD.with_options(first_round_starter="random"), seed)
        settled = next(event for event in game.events if isinstance(event, TrumpSettled))
        assert settled.starter == chance_seat(game.packs[0])
        seats.add(settled.starter)
        again = replay(record_of(game, ["a", "b", "c", "d"]))
        assert again.events == game.events
    assert len(seats) > 1  # chance, not one seat always


def test_r_t6_the_starter_option_matters_only_when_nobody_declares() -> None:
    rules = STANDARD.with_options(first_round_starter=2)
    for seed in range(3):
        ours, standard = Game(rules, seed), Game(STANDARD, seed)
        play_until(ours, random_players(seed), max_rounds=1)
        play_until(standard, random_players(seed), max_rounds=1)
        if not any(isinstance(event, Redealt) for event in standard.events):
            assert ours.events == standard.events


def test_r_t6_whole_games_with_a_starter_never_redeal() -> None:
    game = Game(STANDARD.with_options(first_round_starter="random"), 5)
    play_until(game, quiet_players(5), max_rounds=3)
    assert not any(isinstance(event, Redealt) for event in game.events)
    assert len(game.results) == 3


# ------------------------------------------------------------------ R-K1 the talon shown


def hidden_talon_round(seed_range: range) -> tuple[Game, RoundEnded]:
    """A first round under ``show_talon`` off in which the opponents did not win the
    last trick (so the talon was never turned up)."""
    rules = STANDARD.with_options(show_talon=False)
    for seed in seed_range:
        game = Game(rules, seed)
        play_until(game, random_players(seed), max_rounds=1)
        ended = next(event for event in game.events if isinstance(event, RoundEnded))
        if not any(isinstance(event, TalonBonus) for event in game.events):
            return game, ended
    raise AssertionError("no round without a talon bonus")


def test_r_k1_without_show_talon_only_the_starter_sees_the_talon_at_the_end() -> None:
    game, ended = hidden_talon_round(range(40))
    assert ended.result is not None
    result = ended.result
    assert not result.talon_public and len(result.talon) == 8  # the game keeps it whole
    for seat in (0, 1, 2, 3, None):
        seen = view(ended, seat)
        assert isinstance(seen, RoundEnded) and seen.result is not None
        last = observe(game, seat).last_round
        assert last is not None
        if seat == result.starter:
            assert seen == ended and last.talon == result.talon
        else:
            assert seen.result.talon == () and last.talon == ()
            assert observation_to_json(observe(game, seat))["last_round"]["talon"] == ""
        # the JSON forms carry it both ways, the hidden talon as no cards
        data = event_to_json(seen)
        assert data["result"]["talon_public"] is False
        assert event_from_json(data) == seen
        obs = observe(game, seat)
        assert observation_from_json(observation_to_json(obs)) == obs


def test_r_k1_without_show_talon_a_talon_turned_up_for_the_bonus_is_everyones() -> None:
    rules = STANDARD.with_options(show_talon=False)
    for seed in range(60):
        game = Game(rules, seed)
        play_until(game, random_players(seed), max_rounds=1)
        if any(isinstance(event, TalonBonus) for event in game.events):
            ended = next(event for event in game.events if isinstance(event, RoundEnded))
            assert ended.result is not None and ended.result.talon_public
            assert all(view(ended, seat) == ended for seat in (0, 1, 2, 3, None))
            assert "talon_public" not in event_to_json(ended)["result"]
            return
    raise AssertionError("no round with a talon bonus")


def test_r_k1_a_seat_followed_from_its_stream_knows_what_observe_shows() -> None:
    game, _ended = hidden_talon_round(range(40))
    fresh = Game(game.rules, game.seed)
    views = {seat: SeatView(observe(fresh, seat)) for seat in (0, 1, 2, 3, None)}
    for seat, seat_view in views.items():
        seat_view.apply_all(game.events[len(fresh.events) :])
        assert seat_view.observation.last_round == observe(game, seat).last_round


def test_r_k1_the_standard_talon_is_everyones() -> None:
    game = Game(STANDARD, 1)
    play_until(game, random_players(1), max_rounds=1)
    ended = next(event for event in game.events if isinstance(event, RoundEnded))
    assert ended.result is not None and ended.result.talon_public
    assert all(view(ended, seat) is ended for seat in (0, 1, 2, 3, None))


# ------------------------------------------------------------------ R-T2–R-T4 in the game


def stacked(first: str) -> list[int]:
    """A pack whose first cards, drawn by seats 0, 1, 2, 3, 0 … in turn, are ``first``;
    the rest of the pack follows in its usual order."""
    cards = parse_cards(first)
    rest = Counter(full_pack())
    rest.subtract(cards)
    return [*cards, *sorted(rest.elements())]


def draw(game: Game, count: int) -> None:
    for _ in range(count):
        game.draw()


def test_r_t3_a_red_joker_pair_overrides_a_black_one_in_the_draw() -> None:
    # seat 0 draws BJ BJ, seat 1 RJ RJ (cards 1, 5 and 2, 6 of the pack)
    deck = stacked("BJ RJ 3S 3S BJ RJ 4S 4S")
    for rules, overrides in (
        (STANDARD, False),
        (STANDARD.with_options(red_jokers_override=True), True),
    ):
        game = Game(rules, decks=[deck])
        draw(game, 6)
        game.declare(0, parse_cards("BJ BJ"))
        # R-T3/R-T4: the black pair is final only without the option
        assert (ActionKind.DECLARE in game.open_actions(1)) is overrides
        assert game.could_declare(1) is overrides
        assert game.can_declare(1, parse_cards("RJ RJ")) is overrides
        if overrides:
            game.declare(1, parse_cards("RJ RJ"))
            assert game.round.declaration is not None and game.round.declaration.seat == 1
            assert game.seats_that_could_declare() == ()  # the red pair is final
        else:
            with pytest.raises(IllegalAction) as info:
                game.declare(1, parse_cards("RJ RJ"))
            assert info.value.rule == "R-T3"


def test_r_t2_without_joker_no_trump_jokers_never_declare_and_a_pair_is_final() -> None:
    rules = STANDARD.with_options(joker_no_trump=False)
    game = Game(rules, decks=[stacked("BJ 2S 2H 3S BJ 2S 2H 3S")])
    draw(game, 5)
    assert not game.could_declare(0)
    with pytest.raises(IllegalAction) as info:
        game.declare(0, parse_cards("BJ BJ"))
    assert info.value.rule == "R-T2" and info.value.details["no_jokers"] == 1
    draw(game, 1)
    game.declare(1, parse_cards("2S 2S"))
    # a pair nothing can override closes the declaring (R-T4)
    assert game.seats_that_could_declare() == () and not game.open_actions(2) - {ActionKind.DRAW}
    while game.phase is Phase.DRAW:
        game.draw()
    assert game.phase is Phase.EXCHANGE  # settled at the last card: no window


def test_r_t3_with_overturn_own_off_a_declarer_only_reinforces() -> None:
    rules = SHENGJI  # reinforce on, overturn_own off
    game = Game(rules, decks=[stacked("2S 3C 4C 5C 2S 3C 4C 5C 2H 3D 4D 5D 2H")])
    draw(game, 1)
    game.declare(0, parse_cards("2S"))
    draw(game, 8)  # seat 0 now holds 2S 2S 2H
    assert sorted(game.legal_declarations(0)) == [(0,), (0, 0)]  # the twin, or both
    with pytest.raises(IllegalAction) as info:
        game.declare(0, parse_cards("2H"))
    assert info.value.rule == "R-T3"
    game.declare(0, parse_cards("2S"))  # the twin: a pair
    assert game.round.declaration is not None and len(game.round.declaration.cards) == 2
    draw(game, 4)  # seat 0 draws its second 2H
    assert not game.could_declare(0)
    with pytest.raises(IllegalAction) as info:
        game.declare(0, parse_cards("2H 2H"))
    assert info.value.reason == "too-weak"


# ------------------------------------------------------------------ R-S5 attempts on A


@pytest.mark.parametrize("attempts", [1, 2])
def test_r_s5_declarers_who_lose_on_the_ace_often_enough_go_back_to_2(attempts: int) -> None:
    rules = STANDARD.with_options(ace_attempts=attempts)
    for seed in range(30):
        # team 0 declaring on A (a later round, as a tournament deal starts), team 1 on 2
        game = Game(rules, seed, start=RoundStart(12, 0, 0), round_limit=40)
        game.levels = [12, 0]
        play_until(game, random_players(seed))
        losses = [0, 0]
        before = (12, 0)
        for event in game.events:
            if not isinstance(event, RoundEnded) or event.result is None:
                continue
            declarers = event.result.declarers
            if not event.declarers_hold and before[declarers] == 12:
                losses[declarers] += 1
                if losses[declarers] == attempts:
                    assert event.levels[declarers] == 0, "back to 2"
                    return
                assert event.levels[declarers] == 12
            before = event.levels
    raise AssertionError("no declarers lost on A often enough")


def test_r_s5_without_ace_attempts_a_loss_on_the_ace_keeps_the_ace() -> None:
    for seed in range(10):
        game = Game(STANDARD, seed, start=RoundStart(12, 0, 0), round_limit=1)
        play_until(game, random_players(seed))
        ended = next(event for event in game.events if isinstance(event, RoundEnded))
        if not ended.declarers_hold:
            assert ended.levels[0] == 12 and game.ace_failures == [0, 0]
            return
    raise AssertionError("no declarers lost")


# ------------------------------------------------------------------ random games, any options

RULE_SETS = st.builds(
    lambda name, must, red, reinforce, overturn, jokers, show, starter, scoring, ace: preset(
        name
    ).with_options(
        must_defend=must,
        ace_attempts=ace,
        red_jokers_override=red,
        reinforce=reinforce,
        overturn_own=overturn,
        joker_no_trump=jokers,
        show_talon=show,
        first_round_starter=starter,
        scoring=scoring,
    ),
    st.sampled_from(["standard", "classic", "shengji"]),
    st.lists(st.sampled_from(RANKS), max_size=5),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["redeal", "random", 0, 1, 2, 3]),
    st.fixed_dictionaries(
        {},
        optional={
            "step": st.sampled_from([20, 30, 40]),
            "take_over": st.sampled_from([60, 80, 100]),
            "shutout_bonus": st.integers(0, 2),
            "cap": st.one_of(st.none(), st.integers(1, 3)),
        },
    ).map(lambda fields: {**fields, "opponents_up": (fields.get("take_over") or 80) + 40}),
    st.integers(0, 3),
)


def check_level_change(
    game: Game, before: tuple[int, int], ended: RoundEnded, failures: list[int]
) -> None:
    """R-S3, R-S6: the team that goes up climbs what the scoring gives, as far as the
    must-defend ranks let it, and never past one it did not defend; R-S5: declarers who
    lose on A for the ``ace_attempts``-th time go back to 2 (``failures`` counts)."""
    result = ended.result
    assert result is not None
    rules = game.rules
    scored = settle(result.opponents_points, rules)
    assert scored.declarers_hold == result.declarers_hold
    team = result.declarers if result.declarers_hold else 1 - result.declarers
    start = before[team]
    reached = climb(start, scored.levels, result.declarers_hold, rules)
    assert ended.levels[team] == reached == start + result.levels_gained
    other = before[1 - team]
    if rules.ace_attempts and not result.declarers_hold and other == 12:
        failures[1 - team] += 1
        if failures[1 - team] == rules.ace_attempts:
            other, failures[1 - team] = 0, 0
    assert ended.levels[1 - team] == other
    passed = range(start + 1, min(reached, PAST_ACE))
    assert not set(passed) & set(rules.must_defend), "a must-defend rank was jumped"
    if start in rules.must_defend and reached > start:
        assert result.declarers_hold, "a must-defend rank left without defending it"
    if rules.scoring.cap is not None:
        assert result.levels_gained <= rules.scoring.cap


@settings(max_examples=40, deadline=None)
@given(rules=RULE_SETS, seed=st.integers(0, 10_000))
def test_random_games_under_any_house_rules(rules: RuleSet, seed: int) -> None:
    game = Game(rules, seed, round_limit=30)
    players = random_players(seed)
    for _ in steps(game, players):  # every action through the game's checks: legal
        check_conservation(game)
    # every round's level change, in order
    before = (0, 0)
    failures = [0, 0]
    for event in game.events:
        if isinstance(event, RoundEnded):
            check_level_change(game, before, event, failures)
            before = event.levels
    assert failures == game.ace_failures
    # R-K1: the talon of each round is public exactly as the rules and the bonus say
    for result in game.results:
        assert result.talon_public == (rules.show_talon or result.talon_shown)
    assert game.phase is Phase.OVER
    # records: the rules and every deal written, replayed to the same events
    record = record_of(game, ["a", "b", "c", "d"])
    data: dict[str, Any] = record.to_json()
    again = replay(record_from_json(data))
    assert again.events == game.events and again.rules == rules
