"""What each seat sees under the visibility options (docs/rules.md, "What each seat
sees": R-V1 hidden_history, R-V2 hide_blocker, R-V3 hide_declarer_points): the
observation, the views of events and a seat's stream, which still rebuilds the
observation exactly."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import STANDARD
from tuolaji.core.cards import team_of
from tuolaji.core.rules import RuleSet, rules_from_spec
from tuolaji.game import Game, observe, stream, view
from tuolaji.game.event_json import event_from_json, event_to_json
from tuolaji.game.events import Played, ThrowFailed, TrickWon
from tuolaji.game.observation import Observation
from tuolaji.game.observation_json import observation_from_json, observation_to_json
from tuolaji.game.record import load_record, record_of, replay, save_record
from tuolaji.game.state import Phase

from .test_properties import steps
from .test_streams import check_streams

HIDDEN = STANDARD.with_options(hidden_history=True)
NO_BLOCKER = STANDARD.with_options(hide_blocker=True)
NO_POINTS = STANDARD.with_options(hide_declarer_points=True)
ALL = STANDARD.with_options(hidden_history=True, hide_blocker=True, hide_declarer_points=True)
OBSERVERS = (0, 1, 2, 3, None)


def random_players(seed: int) -> list[RandomPlayer]:
    return [RandomPlayer(seed * 4 + seat, declare_rate=0.3) for seat in range(4)]


def plays_of(obs: Observation) -> set[int]:
    """The numbers of the finished tricks whose cards ``obs`` shows."""
    return {trick.number for trick in obs.tricks if trick.plays}


def assert_r_v1(obs: Observation) -> None:
    """R-V1: an observation holds the cards of its last finished trick only, and every
    finished trick's number, winner and points."""
    assert [trick.number for trick in obs.tricks] == list(range(1, len(obs.tricks) + 1))
    for trick in obs.tricks[:-1]:
        assert trick.plays == () and trick.failed_throw is None, trick
    if obs.tricks:
        assert len(obs.tricks[-1].plays) == 4


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_r_v1_no_observation_holds_a_trick_older_than_the_last(seed: int) -> None:
    game = Game(HIDDEN, seed, round_limit=1)
    players = random_players(seed)
    for _ in steps(game, players):
        if game.phase is Phase.PLAY:
            for seat in OBSERVERS:
                obs = observe(game, seat)
                assert_r_v1(obs)
                # the JSON form says no more than the observation
                data = observation_to_json(obs)
                assert all(not trick["plays"] for trick in data["tricks"][:-1])
                assert observation_from_json(json.loads(json.dumps(data))) == obs


def test_r_v1_the_points_and_winners_of_old_tricks_stay_public() -> None:
    game = Game(HIDDEN, 7, round_limit=1)
    whole = Game(STANDARD, 7, round_limit=1)
    for _ in zip(steps(game, random_players(7)), steps(whole, random_players(7)), strict=False):
        pass
    # the same seeds and players: the same game, seen two ways
    assert game.results[-1] == whole.results[-1]
    hidden, shown = observe(game, 1), observe(whole, 1)
    assert [(t.number, t.winner, t.points) for t in hidden.tricks] == [
        (t.number, t.winner, t.points) for t in shown.tricks
    ]
    assert hidden.opponents_points == shown.opponents_points
    assert hidden.hand_sizes == shown.hand_sizes
    assert hidden.tricks[-1] == shown.tricks[-1]


def test_r_v1_to_r_v3_each_seats_stream_rebuilds_its_observation() -> None:
    for seed in range(12):
        rules = (HIDDEN, NO_BLOCKER, NO_POINTS, ALL)[seed % 4]
        check_streams(Game(rules, seed, round_limit=1), random_players(seed))


def test_r_v1_a_play_is_sent_only_while_its_trick_is_on_the_table() -> None:
    game = Game(HIDDEN, 11, round_limit=1)
    mark = 0
    for _ in steps(game, random_players(11)):
        new = game.events[mark:]
        mark = len(game.events)
        for event in stream(new, 2):
            if isinstance(event, Played) and game.phase is Phase.PLAY:
                tricks = len(game.round.tricks)
                # its trick is the one in progress, or the one just won
                on_table = game.round.trick and event in (
                    Played(seat, cards) for seat, cards in game.round.trick
                )
                just_won = tricks and (event.seat, event.cards) in game.round.tricks[-1].plays
                assert on_table or just_won


def failed_throw_game(rules: RuleSet) -> tuple[Game, ThrowFailed]:
    """A game under ``rules`` played until a throw fails (seeded random players throw
    rarely: the seeds are tried in order)."""
    for seed in range(400):
        game = Game(rules, seed, round_limit=1)
        for _ in steps(game, random_players(seed)):
            if game.events and isinstance(game.events[-2], ThrowFailed):
                throw = game.events[-2]
                assert isinstance(throw, ThrowFailed)
                return game, throw
    raise AssertionError("no throw failed")


def test_r_v2_only_the_blocker_is_told_who_blocked_a_failed_throw() -> None:
    game, throw = failed_throw_game(NO_BLOCKER)
    assert throw.blocker is not None and throw.blocker_hidden  # the engine computes it
    for seat in OBSERVERS:
        seen = view(throw, seat)
        assert isinstance(seen, ThrowFailed)
        assert seen.blocker == (throw.blocker if seat == throw.blocker else None)
        assert seen.forced == throw.forced and seen.penalty == throw.penalty
        obs = observe(game, seat)
        assert obs.failed_throw is not None
        assert obs.failed_throw.blocker == seen.blocker
        assert event_from_json(json.loads(json.dumps(event_to_json(seen)))) == seen
    # the blocker must still beat it (R-H2), and is told so
    assert observe(game, throw.blocker).must_beat


def test_r_v2_without_the_option_everyone_is_told_the_blocker() -> None:
    _, throw = failed_throw_game(STANDARD)
    assert not throw.blocker_hidden
    assert {view(throw, seat) for seat in OBSERVERS} == {throw}


def test_r_v3_the_points_of_tricks_the_declarers_win_are_told_to_nobody() -> None:
    game = Game(NO_POINTS, 5, round_limit=1)
    for _ in steps(game, random_players(5)):
        pass
    declarers = game.results[-1].declarers
    won = [event for event in game.events if isinstance(event, TrickWon)]
    assert any(team_of(e.seat) == declarers for e in won)
    assert any(team_of(e.seat) != declarers for e in won)
    for event in won:
        assert event.points is not None  # the game's own log keeps them
        for seat in OBSERVERS:
            seen = view(event, seat)
            assert isinstance(seen, TrickWon)
            hidden = team_of(event.seat) == declarers
            assert seen.points == (None if hidden else event.points)
    for seat in OBSERVERS:
        for trick in observe(game, seat).tricks:
            assert (trick.points is None) == (team_of(trick.winner) == declarers)
    # the round's result still says all (R-S3)
    assert game.results[-1].trick_points == sum(
        e.points or 0 for e in won if team_of(e.seat) != declarers
    )


def test_the_options_are_off_by_default_and_cost_nothing_then() -> None:
    assert not STANDARD.hides
    assert HIDDEN.hides and NO_BLOCKER.hides and NO_POINTS.hides
    game = Game(STANDARD, 3, round_limit=1)
    for _ in steps(game, random_players(3)):
        if game.phase is Phase.PLAY:
            # without the options the observation shares the game's own tricks
            assert observe(game, 0).tricks is game.round.tricks


def test_the_options_are_written_only_when_set_and_read_back() -> None:
    assert "hidden_history" not in STANDARD.to_spec()
    for rules in (HIDDEN, NO_BLOCKER, NO_POINTS, ALL):
        assert rules_from_spec(json.loads(json.dumps(rules.to_spec()))) == rules
    assert ALL.to_spec()["hide_blocker"] is True


def test_r_v1_to_r_v3_a_record_round_trips_and_replays_the_same_game(tmp_path: Path) -> None:
    game = Game(ALL, 8, round_limit=1)
    for _ in steps(game, random_players(8)):
        pass
    path = tmp_path / "game.json"
    save_record(record_of(game, ["a", "b", "c", "d"]), path)
    record = load_record(path)
    assert record.rules == ALL
    again = replay(record)
    assert again.results == game.results and again.events == game.events
