"""R-U1, the ``takebacks`` table setting: a player takes back their last action while
nobody has acted after it, and the game stands exactly where it stood before it.

- the rule's cases: a play, a declaration during the deal, a pass, a burial, a chain of
  takebacks, the fourth play of a trick;
- each refusal, naming R-U1 and changing nothing: the setting off, another seat's
  action, someone acted since, a card drawn since, an action that settled the trump or
  ended the round, nothing to take back, a bad seat;
- properties over random games with takebacks on: every takeback gives back every
  seat's observation, legal actions, turn and the dealer's random state; a game with
  takebacks interleaved ends exactly as the same game without them; the streams of
  every seat follow takebacks; records keep and replay them;
- ``Game.copy`` keeps what may be taken back, independently of the original.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import STANDARD, IllegalAction
from tuolaji.core.errors import (
    ACTED_SINCE,
    BAD_SEAT,
    FINAL_ACTION,
    NOT_YOUR_ACTION,
    NOTHING_TO_TAKE_BACK,
    TAKEBACKS_OFF,
)
from tuolaji.game import ActionKind, Game, Phase, SeatView, observation_to_json, observe
from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play, Takeback
from tuolaji.game.events import TakenBack
from tuolaji.game.record import record_from_json, record_of, replay

from .test_scenarios import snapshot

TAKEBACKS = STANDARD.with_options(takebacks=True)
SEATS_AND_SPECTATOR = (0, 1, 2, 3, None)


# ------------------------------------------------------------------ helpers


def standing(game: Game) -> dict[str, Any]:
    """Everything a takeback must give back: every seat's observation (as JSON) and legal
    actions, the turn, where every card is, and the dealer's random state."""
    seen: dict[str, Any] = {
        "observations": [observation_to_json(observe(game, seat)) for seat in SEATS_AND_SPECTATOR],
        "turn": (game.turn().seat, game.turn().chance, game.phase),
        "kinds": [sorted(game.open_actions(seat)) for seat in range(4)],
        "declarations": [sorted(game.legal_declarations(seat)) for seat in range(4)],
        "cards": game.card_locations(),
        "dealer": game.dealer.random_state(),
        "levels": list(game.levels),
        "results": list(game.results),
    }
    seat = game.to_act()
    if game.phase is Phase.PLAY and seat is not None:
        seen["plays"] = sorted(tuple(play) for play in game.legal_plays(seat))
    if game.phase is Phase.EXCHANGE and seat is not None:
        seen["burial"] = next(iter(game.legal_burials(seat)))
    return seen


def across(seen: dict[str, Any]) -> dict[str, Any]:
    """``standing`` without the rules the observations name: the same game played with
    takebacks on and off differs only in them."""
    observations = [{**obs, "rules": None} for obs in seen["observations"]]
    return {**seen, "observations": observations}


def choices(game: Game, rng: random.Random) -> list[Action]:
    """Some legal seat actions now (none while only chance may act)."""
    turn = game.turn()
    if turn.chance:
        # anyone who can may declare while the cards come (R-T2)
        return [
            Declare(seat, tuple(cards))
            for seat in range(4)
            for cards in list(game.legal_declarations(seat))[:2]
        ]
    seat = turn.seat
    assert seat is not None
    kinds = turn.kinds(seat)
    if ActionKind.PLAY in kinds:
        plays = list(game.legal_plays(seat))
        return [Play(seat, tuple(play)) for play in rng.sample(plays, min(3, len(plays)))]
    if ActionKind.BURY in kinds:
        hand = game.hand(seat)
        return [Bury(seat, tuple(rng.sample(hand, 8)))]
    options: list[Action] = [Pass(seat)]
    options += [Declare(seat, tuple(cards)) for cards in game.legal_declarations(seat)]
    return options


def seat_of(action: Action) -> int:
    """The seat of a seat action."""
    assert not isinstance(action, Draw)
    return action.seat


def played(rng: random.Random, seed: int, take_back: float, limit: int = 1) -> tuple[Game, Game]:
    """The same game twice from ``seed``: with takebacks on, where every action has a
    ``take_back`` chance of being taken back (the state compared with the state before
    it) and made again; and with takebacks off, made once."""
    twin = Game(TAKEBACKS, seed=seed, round_limit=limit)
    plain = Game(STANDARD, seed=seed, round_limit=limit)
    while not plain.turn().over:
        options = choices(plain, rng)
        if plain.turn().chance and (not options or rng.random() < 0.9):
            twin.draw()
            plain.draw()
            continue
        action = rng.choice(options)
        seat = seat_of(action)
        for attempt in range(3):
            before = standing(twin)
            twin.apply(action)
            if attempt == 2 or not twin.can_takeback(seat) or rng.random() >= take_back:
                break
            # R-U1: nobody acted after it: taken back, the game stands as before
            assert twin.takeback(seat) == [TakenBack(seat, _kind(action))]
            assert standing(twin) == before
        plain.apply(action)
        assert across(standing(twin))["observations"] == across(standing(plain))["observations"]
    return twin, plain


def _kind(action: Action) -> str:
    return {Declare: "declare", Pass: "pass", Bury: "bury", Play: "play"}[type(action)]


def until_play(rules: Any = TAKEBACKS, seed: int = 3) -> Game:
    """A game at its first lead: the deal, a declaration if any, the passes, a burial."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        turn = game.turn()
        if turn.chance:
            game.draw()
            continue
        seat = turn.seat
        assert seat is not None
        if ActionKind.BURY in turn.kinds(seat):
            game.bury(seat, rng.sample(game.hand(seat), 8))
        else:
            options = list(game.legal_declarations(seat))
            if options and game.round.declaration is None:
                game.declare(seat, options[0])
            else:
                game.pass_declaring(seat)
    return game


def refused(game: Game, seat: object, reason: str) -> IllegalAction:
    """``seat``'s takeback refused for ``reason``, naming R-U1, the game unchanged."""
    before = (snapshot(game), standing(game))
    with pytest.raises(IllegalAction) as refusal:
        game.takeback(seat)
    assert (refusal.value.rule, refusal.value.reason) == (
        "R-N4" if reason == BAD_SEAT else "R-U1",
        reason,
    )
    with pytest.raises(IllegalAction):
        game.check_takeback(seat)
    assert not game.can_takeback(seat)
    with pytest.raises(IllegalAction):
        game.apply(Takeback(seat))  # type: ignore[arg-type]
    assert (snapshot(game), standing(game)) == before
    return refusal.value


# ------------------------------------------------------------------ the rule


def test_r_u1_a_play_is_taken_back_and_another_played() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    before = standing(game)
    plays = sorted(tuple(play) for play in game.legal_plays(seat))
    game.play(seat, plays[0])
    assert game.can_takeback(seat)
    assert game.takeback(seat) == [TakenBack(seat, "play")]
    assert standing(game) == before
    game.play(seat, plays[-1])
    assert game.round.trick == [(seat, plays[-1])]
    actions = game.actions
    assert actions[-3:] == [Play(seat, plays[0]), Takeback(seat), Play(seat, plays[-1])]


def phase_of(game: Game) -> Phase:
    """The game's phase, read anew (mypy keeps a narrowed attribute across calls)."""
    return game.phase


def test_r_u1_a_burial_is_taken_back_until_the_starter_leads() -> None:
    game = until_play()
    starter = game.to_act()
    assert starter is not None and isinstance(game.last_action, Bury)
    buried = game.round.talon
    game.takeback(starter)
    assert game.phase is Phase.EXCHANGE and game.to_act() == starter
    assert len(game.hand(starter)) == 33
    game.bury(starter, buried)
    lead = next(iter(game.legal_plays(starter)))
    game.play(starter, lead)
    # the lead is the last action now: only it can be taken back, then the burial again
    game.takeback(starter)
    assert phase_of(game) is Phase.PLAY
    game.takeback(starter)
    assert phase_of(game) is Phase.EXCHANGE


def test_r_u1_a_declaration_during_the_deal_is_taken_back_until_the_next_card() -> None:
    game = Game(TAKEBACKS, seed=5)
    while not any(game.legal_declarations(seat) for seat in range(4)):
        game.draw()
    seat = next(seat for seat in range(4) if game.legal_declarations(seat))
    before = standing(game)
    game.declare(seat, next(iter(game.legal_declarations(seat))))
    game.takeback(seat)
    assert standing(game) == before
    game.declare(seat, next(iter(game.legal_declarations(seat))))
    game.draw()
    error = refused(game, seat, ACTED_SINCE)
    assert "seat" not in error.details  # a card, not a seat, came after it


def test_r_u1_a_chain_of_takebacks_goes_back_one_action_at_a_time() -> None:
    game = until_play()
    marks = []
    for _ in range(3):
        seat = game.to_act()
        assert seat is not None
        marks.append((seat, standing(game)))
        game.play(seat, next(iter(game.legal_plays(seat))))
    first, second, _third = marks
    refused(game, first[0], ACTED_SINCE)
    refused(game, second[0], ACTED_SINCE)
    for seat, before in reversed(marks):
        game.takeback(seat)
        assert standing(game) == before


def test_r_u1_the_fourth_play_of_a_trick_is_taken_back_until_its_winner_leads() -> None:
    game = until_play()
    for _ in range(3):
        seat = game.to_act()
        assert seat is not None
        game.play(seat, next(iter(game.legal_plays(seat))))
    fourth = game.to_act()
    assert fourth is not None
    before = standing(game)
    game.play(fourth, next(iter(game.legal_plays(fourth))))
    assert len(game.round.tricks) == 1 and game.round.trick == []
    game.takeback(fourth)
    assert standing(game) == before
    assert len(game.round.tricks) == 0 and len(game.round.trick) == 3


def test_r_u1_a_pass_is_taken_back_and_a_declaration_made_instead() -> None:
    game = Game(TAKEBACKS, seed=11)
    while game.phase is Phase.DRAW:
        game.draw()
    seat = game.to_act()
    assert seat is not None and game.phase is Phase.DECLARE
    before = standing(game)
    game.pass_declaring(seat)
    game.takeback(seat)
    assert standing(game) == before


# ------------------------------------------------------------------ refusals


def test_r_u1_refused_when_the_table_has_takebacks_off() -> None:
    game = until_play(STANDARD)
    seat = game.to_act()
    assert seat is not None
    game.play(seat, next(iter(game.legal_plays(seat))))
    refused(game, seat, TAKEBACKS_OFF)


def test_r_u1_refused_for_another_seats_action() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    game.play(seat, next(iter(game.legal_plays(seat))))
    other = (seat + 1) % 4
    error = refused(game, other, NOT_YOUR_ACTION)
    assert error.details == {"seat": seat}


def test_r_u1_refused_once_someone_acted_since() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    game.play(seat, next(iter(game.legal_plays(seat))))
    nxt = game.to_act()
    assert nxt is not None
    game.play(nxt, next(iter(game.legal_plays(nxt))))
    assert refused(game, seat, ACTED_SINCE).details == {"seat": nxt}


def test_r_u1_refused_with_nothing_to_take_back() -> None:
    refused(Game(TAKEBACKS, seed=1), 0, NOTHING_TO_TAKE_BACK)
    game = Game(TAKEBACKS, seed=1)
    game.draw()
    refused(game, 2, NOTHING_TO_TAKE_BACK)


@pytest.mark.parametrize("seat", [4, -1, True, "0", None])
def test_r_u1_a_bad_seat_is_refused_naming_r_n4(seat: object) -> None:
    refused(until_play(), seat, BAD_SEAT)


def test_r_u1_the_play_that_ends_the_round_is_never_taken_back() -> None:
    game = until_play()
    game.round_limit = None
    last = None
    while game.round.number == 1:
        last = game.to_act()
        assert last is not None
        game.play(last, next(iter(game.legal_plays(last))))
    assert last is not None
    error = refused(game, last, FINAL_ACTION)
    assert error.details == {"ended": 1}


def test_r_u1_the_pass_that_settles_the_trump_is_never_taken_back() -> None:
    rng = random.Random(2)
    for seed in range(40):
        game = Game(TAKEBACKS, seed=seed)
        while game.phase is Phase.DRAW:
            game.draw()
        if game.phase is not Phase.DECLARE:
            continue
        while game.phase is Phase.DECLARE:
            seat = game.to_act()
            assert seat is not None
            options = list(game.legal_declarations(seat))
            if options and rng.random() < 0.3:
                game.declare(seat, options[0])
            else:
                game.pass_declaring(seat)
        if game.phase is Phase.EXCHANGE and isinstance(game.last_action, Pass):
            error = refused(game, game.last_action.seat, FINAL_ACTION)
            assert error.details == {"ended": 0}
            return
    pytest.fail("no seed settled the trump with a pass")


# ------------------------------------------------------------------ properties


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), chooser=st.integers(0, 10_000))
def test_r_u1_every_takeback_gives_back_the_state_and_the_game_ends_as_without_them(
    seed: int, chooser: int
) -> None:
    twin, plain = played(random.Random(chooser), seed, take_back=0.4)
    assert across(standing(twin)) == across(standing(plain))
    assert twin.packs == plain.packs
    taken_back = [action for action in twin.actions if isinstance(action, Takeback)]
    assert taken_back, "some action was taken back"
    # without the takebacks and the actions they took back, the same actions
    kept: list[Action] = []
    for action in twin.actions:
        if isinstance(action, Takeback):
            kept.pop()
        elif isinstance(action, Draw) and kept and isinstance(kept[-1], Draw):
            kept[-1] = Draw(kept[-1].count + action.count)
        else:
            kept.append(action)
    assert kept == plain.actions


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_r_u1_every_seats_stream_follows_the_takebacks(seed: int) -> None:
    game = Game(TAKEBACKS, seed=seed, round_limit=1)
    clients = [SeatView(observe(game, seat)) for seat in SEATS_AND_SPECTATOR]
    rng = random.Random(seed)
    while not game.turn().over:
        mark = len(game.events)
        options = choices(game, rng)
        if game.turn().chance and (not options or rng.random() < 0.9):
            game.draw()
        else:
            action = rng.choice(options)
            game.apply(action)
            if game.can_takeback(seat_of(action)) and rng.random() < 0.5:
                game.takeback(seat_of(action))
        for client, seat in zip(clients, SEATS_AND_SPECTATOR, strict=True):
            client.apply_all(game.events[mark:])
            assert client.observation == observe(game, seat)


def test_records_keep_the_takebacks_and_replay_them() -> None:
    twin, _plain = played(random.Random(4), 77, take_back=0.5)
    record = record_of(twin, ["Ana", "Bo", "Cy", "Di"])
    data = json.loads(json.dumps(record.to_json()))
    assert data["rules"]["takebacks"] is True
    assert any(item[0] == "takeback" and len(item) == 2 for item in data["actions"])
    again = replay(record_from_json(data))
    assert again.events == twin.events
    # (a replay deals the recorded packs: its dealer's random state is not the game's)
    assert {**standing(again), "dealer": None} == {**standing(twin), "dealer": None}


def test_a_record_with_a_takeback_refused_by_its_rules_does_not_replay() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    game.play(seat, next(iter(game.legal_plays(seat))))
    game.takeback(seat)
    data = record_of(game, ["a", "b", "c", "d"]).to_json()
    del data["rules"]["takebacks"]
    with pytest.raises(Exception, match="R-U1"):
        replay(record_from_json(data))


def test_the_default_game_keeps_nothing_to_take_back() -> None:
    game = until_play(STANDARD)
    assert game._takebacks is None
    assert game.copy()._takebacks is None


def test_a_copy_keeps_what_may_be_taken_back_independently() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    game.play(seat, next(iter(game.legal_plays(seat))))
    twin = game.copy()
    after = standing(game)
    twin.takeback(seat)
    assert standing(game) == after, "the original is untouched"
    game.takeback(seat)
    assert standing(game) == standing(twin)
    # the kept round is copied when it is put back: playing on one changes not the other
    play = next(iter(game.legal_plays(seat)))
    game.play(seat, play)
    assert twin.round.trick == []
    twin.play(seat, play)
    assert standing(twin) == standing(game)


def test_a_takeback_is_written_and_read_as_a_record_action() -> None:
    from tuolaji.game.actions import action_to_json
    from tuolaji.game.record_schema import read_action

    assert action_to_json(Takeback(2)) == ["takeback", 2]
    assert read_action(1, ["takeback", 2]) == Takeback(2)
    for bad in (["takeback"], ["takeback", 4], ["takeback", 1, "AS"]):
        with pytest.raises(ValueError, match="action 1"):
            read_action(1, bad)


def test_cards_of_a_taken_back_play_are_in_hand_again() -> None:
    game = until_play()
    seat = game.to_act()
    assert seat is not None
    play = next(iter(game.legal_plays(seat)))
    hand = game.hand(seat)
    game.play(seat, play)
    assert len(game.hand(seat)) == len(hand) - len(play)
    game.takeback(seat)
    assert game.hand(seat) == hand
