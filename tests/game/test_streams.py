"""Per-seat event streams (docs/rules.md §11): what a seat sees of each event, and the
proof that a client receiving only its own stream knows exactly what it may know.

- :func:`view` hides another seat's drawn card (R-D2) and the talon the starter takes
  and buries (R-K1); a failed throw shows only its public part (R-H1–R-H3); the round's
  end shows the talon to everyone (R-K1).
- Many seeded games are played; a :class:`SeatView` per seat and one for the
  spectator start from the welcome (the observation when the game is made, through
  JSON) and receive, after every action, the views of the new events (through JSON).
  Each must equal ``observe(game, seat)`` after every action.
- An event a seat's observation cannot follow (no declaration, R-T2; cards this seat
  plays or buries but does not hold, R-P2, R-K1; not cards, not a seat …) is refused
  with a ``StreamError`` and changes nothing.

``STREAM_GAMES`` games run in the tests (:envvar:`TUOLAJI_STREAM_GAMES` sets another
count: ``TUOLAJI_STREAM_GAMES=2000 .venv/bin/pytest tests/game/test_streams.py``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

import pytest

from tuolaji.bots.base import Player
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import CLASSIC, STANDARD, parse_cards
from tuolaji.core.cards import KINDS, from_layers, team_of
from tuolaji.game import (
    Event,
    Game,
    Observation,
    Phase,
    RoundStart,
    SeatView,
    StreamError,
    event_from_json,
    event_to_json,
    observe,
    stream,
    view,
)
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
    GameOver,
    HiddenBuried,
    HiddenCardDrawn,
    HiddenTalonTaken,
    Played,
    Redealt,
    RoundEnded,
    TalonFlipped,
    TalonTaken,
    ThrowFailed,
    TrickWon,
)
from tuolaji.game.observation_json import observation_from_json, observation_to_json

from .test_properties import steps
from .test_scenarios import window_game

#: how many seeded games the stream property plays (the issue asks for thousands: run
#: them with TUOLAJI_STREAM_GAMES=2000)
STREAM_GAMES = int(os.environ.get("TUOLAJI_STREAM_GAMES", "200"))
#: the games are split in chunks, so pytest-xdist can share them between workers
CHUNKS = 8
OBSERVERS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def players(seed: int, declare_rate: float) -> list[Player]:
    """Four seeded random players that declare at ``declare_rate``."""
    return [RandomPlayer(seed * 4 + seat, declare_rate=declare_rate) for seat in range(4)]


def seeded_game(seed: int) -> tuple[Game, list[Player]]:
    """Game ``seed`` of the property, one of four kinds so that every event comes:
    a round 1 (declaring decides the declarers, R-T5); two rounds whose first deal is
    often dealt again, nobody declaring (R-T6: Redealt), before round 2 starts; a later
    round where nobody declares (R-T6: the talon is turned); a round at A, whose end
    ends the game (R-S5: GameOver). The presets alternate."""
    rules = STANDARD if seed // 4 % 2 == 0 else CLASSIC
    kind = seed % 4
    starter = seed % 4
    if kind == 0:
        return Game(rules, seed, round_limit=1), players(seed, 0.5)
    if kind == 1:
        return Game(rules, seed, round_limit=2), players(seed, 0.02)
    if kind == 2:
        start = RoundStart(seed % 13, team_of(starter), starter)
        return Game(rules, seed, start=start, round_limit=1), players(seed, 0.0)
    start = RoundStart(12, team_of(starter), starter)
    return Game(rules, seed, start=start), players(seed, 0.5)


def through_json(event: Event) -> Event:
    """``event`` as a client receives it: written as JSON text and read back."""
    return event_from_json(json.loads(json.dumps(event_to_json(event))))


def differences(built: Observation, observed: Observation) -> dict[str, object]:
    """The fields where two observations differ, both values (for failure messages)."""
    return {
        name: (getattr(built, name), getattr(observed, name))
        for name in Observation._fields
        if getattr(built, name) != getattr(observed, name)
    }


def check_streams(game: Game, seats_players: Sequence[Player]) -> set[type]:
    """Play ``game``, following every observer's stream; returns the event types seen.

    After every action, each observer's rebuilt observation must be ``observe``'s. The
    views a seat receives never carry another seat's drawn, taken or buried cards."""
    welcome = {seat: observation_to_json(observe(game, seat)) for seat in OBSERVERS}
    clients = {
        seat: SeatView(observation_from_json(json.loads(json.dumps(welcome[seat]))))
        for seat in OBSERVERS
    }
    seen: set[type] = set()
    mark = len(game.events)
    for _ in steps(game, seats_players):
        new = game.events[mark:]
        mark = len(game.events)
        seen.update(type(event) for event in new)
        # most views are the same for every seat: each is sent through JSON once
        received: dict[Event, Event] = {}
        for seat, client in clients.items():
            for event in stream(new, seat):
                if isinstance(event, CardDrawn | TalonTaken | Buried):
                    assert event.seat == seat, (seat, event)
                if event not in received:
                    received[event] = through_json(event)
                client.apply(received[event])
            expected = observe(game, seat)
            assert client.observation == expected, (
                seat,
                new,
                differences(client.observation, expected),
            )
    assert game.phase is Phase.OVER
    return seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_each_seats_stream_rebuilds_its_observation_after_every_action(chunk: int) -> None:
    for seed in range(chunk, STREAM_GAMES, CHUNKS):
        game, seats_players = seeded_game(seed)
        check_streams(game, seats_players)


def test_the_property_games_bring_every_kind_of_event() -> None:
    seen: set[type] = set()
    for seed in range(8):
        seen |= check_streams(*seeded_game(seed))
    whole = {CardDrawn, TalonTaken, Buried, Redealt, TalonFlipped, ThrowFailed, GameOver}
    assert whole <= seen, whole - seen


# ------------------------------------------------------------------------- views


def test_r_d2_another_seats_drawn_card_is_hidden() -> None:
    drawn = CardDrawn(2, parse_cards("AS")[0])
    assert view(drawn, 2) == drawn
    assert view(drawn, 0) == HiddenCardDrawn(2)
    assert view(drawn, None) == HiddenCardDrawn(2)


def test_r_k1_the_talon_taken_and_buried_is_the_starters_alone() -> None:
    cards = tuple(parse_cards("3S 4S 5S 6S 7S 8S 9S TS"))
    assert view(TalonTaken(1, cards), 1) == TalonTaken(1, cards)
    assert view(Buried(1, cards), 1) == Buried(1, cards)
    for seat in (0, 2, 3, None):
        assert view(TalonTaken(1, cards), seat) == HiddenTalonTaken(1, 8)
        assert view(Buried(1, cards), seat) == HiddenBuried(1, 8)


def test_r_h1_to_r_h3_a_failed_throw_shows_its_public_part_to_everyone() -> None:
    throw = ThrowFailed(0, tuple(parse_cards("AS KS KS")), tuple(parse_cards("KS KS")), 10, 3)
    for seat in OBSERVERS:
        assert view(throw, seat) == throw


def test_a_view_of_a_view_is_the_same_view() -> None:
    game, seats_players = seeded_game(1)
    for _ in steps(game, seats_players):
        pass
    for event in game.events:
        for seat in OBSERVERS:
            once = view(event, seat)
            assert view(once, seat) == once
            assert view(once, None) == view(event, None)


def test_r_k1_every_seat_sees_the_talon_when_the_round_ends() -> None:
    game, seats_players = seeded_game(0)
    for _ in steps(game, seats_players):
        pass
    buried = next(event for event in game.events if isinstance(event, Buried))
    ended = next(event for event in game.events if isinstance(event, RoundEnded))
    assert ended.result is not None and ended.result.talon == buried.cards
    for seat in OBSERVERS:
        assert view(ended, seat) == ended
        assert through_json(view(ended, seat)) == ended


# -------------------------------------------------------------------- seat views


def test_a_whole_event_gives_a_seat_only_its_view() -> None:
    game = Game(seed=6)
    client = SeatView(observe(game, 1))
    client.apply_all(game.draw() + game.draw())  # seat 0's card, then seat 1's
    assert client.observation == observe(game, 1)
    assert client.observation.hand == tuple(game.hand(1))


def test_a_stream_that_is_not_the_seats_is_refused_and_changes_nothing() -> None:
    game = Game(seed=6)
    client = SeatView(observe(game, 0))
    before = client.observation
    for event in (HiddenCardDrawn(0), HiddenTalonTaken(0, 8), HiddenBuried(0, 8)):
        with pytest.raises(StreamError, match="another seat's stream"):
            client.apply(event)
        assert client.observation is before


def test_events_that_cannot_follow_are_refused_and_change_nothing() -> None:
    game = Game(seed=6)
    client = SeatView(observe(game, None))
    before = client.observation
    with pytest.raises(StreamError, match="before the trump is settled"):
        client.apply(Played(0, tuple(parse_cards("AS"))))
    with pytest.raises(StreamError, match="without its result"):
        client.apply(RoundEnded(1, 30, True, 2, (2, 0), 0, 2))
    assert client.observation is before


#: odd events a client in the draw (seat 2, rank 2) cannot follow: each is refused
#: with a StreamError, never an IndexError, a ValueError or a NotationError
ODD_DRAW_EVENTS = [
    pytest.param(Declared(1, ()), id="r-t2-declare-nothing"),
    pytest.param(Declared(1, tuple(parse_cards("2S 2S 2S"))), id="r-t2-three"),
    pytest.param(Declared(1, tuple(parse_cards("AS KD"))), id="r-t2-not-a-declaration"),
    pytest.param(Declared(1, tuple(parse_cards("BJ RJ"))), id="r-t2-two-jokers"),
    pytest.param(Declared(1, tuple(parse_cards("3S"))), id="r-t2-not-the-rank"),
    pytest.param(Declared(2, tuple(parse_cards("2S"))), id="r-t2-own-not-held"),
    pytest.param(Declared(1, (99,)), id="r-n3-not-a-card"),
    pytest.param(CardDrawn(2, 99), id="r-n3-drawn-99"),
    pytest.param(CardDrawn(7, 0), id="r-n4-seat-7"),
    pytest.param(CardDrawn(-1, 0), id="r-n4-seat-minus-1"),
    pytest.param(HiddenBuried(1, 8), id="r-k1-buried-from-an-empty-hand"),
    pytest.param(HiddenTalonTaken(1, 99), id="r-k1-taking-99"),
    pytest.param(TalonTaken(2, tuple(parse_cards("AS"))), id="r-k1-taking-1"),
    pytest.param(Buried(1, ()), id="r-k1-burying-none"),
    pytest.param(Played(1, ()), id="r-p2-playing-none"),
    pytest.param(TrickWon(1, 0, 0), id="a-trick-won-with-no-trick"),
    pytest.param("junk", id="not-an-event"),
]


@pytest.mark.parametrize("event", ODD_DRAW_EVENTS)
def test_odd_events_are_refused_with_a_stream_error_and_change_nothing(event: Event) -> None:
    game = Game(seed=5)
    client = SeatView(observe(game, 2))
    client.apply_all(game.draw())  # seat 0 holds a card
    before = client.observation
    with pytest.raises(StreamError):
        client.apply(event)
    assert client.observation is before


def test_the_repro_of_a_declaration_of_no_cards_is_a_stream_error() -> None:
    # reading such an event is refused already (WireFormatError); made by hand, the
    # view refuses it, where it once raised an IndexError
    client = SeatView(observe(Game(seed=5), 2))
    before = client.observation
    with pytest.raises(StreamError, match="R-T2"):
        client.apply(Declared(1, ()))
    assert client.observation is before


def game_at(phase: Phase, seed: int = 3) -> Game:
    """A seeded game at its first decision in ``phase``."""
    game, seats_players = seeded_game(seed)
    for _ in steps(game, seats_players):
        if game.phase is phase:
            return game
    raise AssertionError(f"game {seed} never reached {phase}")


def missing_card(game: Game, seat: int) -> int:
    """A card ``seat`` does not hold."""
    held = set(game.hand(seat))
    return next(kind for kind in range(KINDS) if kind not in held)


def test_r_p2_playing_cards_not_held_is_refused_and_changes_nothing() -> None:
    game = game_at(Phase.PLAY)
    seat = game.to_act()
    assert seat is not None
    client = SeatView(observe(game, seat))
    before = client.observation
    held = game.hand(seat)
    for cards in [(missing_card(game, seat),), (held[0], held[0], held[0])]:
        with pytest.raises(StreamError):
            client.apply(Played(seat, cards))
        assert client.observation is before
    once = next((kind for kind in held if held.count(kind) == 1), None)
    if once is not None:  # one copy held, two played
        with pytest.raises(StreamError, match="not in its hand"):
            client.apply(Played(seat, (once, once)))
        assert client.observation is before
    # another seat's stream is not checked against a hand, only its size
    other = SeatView(observe(game, (seat + 1) % 4))
    other.apply(Played(seat, (held[0],)))
    assert other.observation.hand_sizes[seat] == before.hand_sizes[seat] - 1


def test_r_k1_burying_cards_not_held_is_refused_and_changes_nothing() -> None:
    game = game_at(Phase.EXCHANGE)
    starter = game.round.starter
    assert starter is not None
    client = SeatView(observe(game, starter))
    before = client.observation
    held = game.hand(starter)
    assert len(held) == 33  # 25 and the talon's 8
    with pytest.raises(StreamError, match="not in its hand"):
        client.apply(Buried(starter, (*held[:7], missing_card(game, starter))))
    assert client.observation is before
    assert from_layers(*client.observation.hand_layers) == sorted(held)
    client.apply(Buried(starter, tuple(held[:8])))  # the cards held: followed
    assert client.observation.hand_sizes[starter] == 25


def test_r_t4_a_joker_pair_in_the_window_keeps_the_passes_it_followed() -> None:
    # The game settles the trump at once on a joker pair in the final window, keeping
    # the count of passes: every rebuilt observation says the same.
    game = window_game()
    clients = {seat: SeatView(observe(game, seat)) for seat in OBSERVERS}
    mark = len(game.events)
    game.pass_declaring(0)
    game.pass_declaring(1)
    game.declare(2, parse_cards("BJ BJ"))
    assert game.phase is Phase.EXCHANGE
    for seat, client in clients.items():
        client.apply_all(game.events[mark:])
        assert client.observation == observe(game, seat)
        assert client.observation.window_passes == 2


def test_a_game_from_a_position_streams_like_any_other() -> None:
    # A server may seat clients in a game built from a position (Game.from_position):
    # the welcome is the observation there, and the stream goes on to the round's end.
    game, seats_players = seeded_game(0)
    for _ in steps(game, seats_players):
        if game.phase is Phase.PLAY and len(game.round.tricks) == 5:
            break
    resumed = Game.from_position(game.position(), game.rules)
    assert check_streams(resumed, seats_players) >= {RoundEnded}
