"""Hints (docs/protocol.md, "hint"): what the heuristic bot would do in the seat now,
from the seat's own observation; null when the seat has nothing to do; refused to
spectators; counted against the frame rate like any frame. A hint changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.harness import in_play, new_room, play_all, running_server, sqlite_url
from tuolaji.bots.base import seat_decision
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.core.cards import format_cards
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.state import Phase
from tuolaji.server.hints import suggested_action


def answer_to(frame_id: str) -> Callable[[dict[str, Any]], bool]:
    """A ``recv_until`` test: the frame that answers ``frame_id``."""
    return lambda frame: frame.get("id") == frame_id


def test_a_hint_is_the_heuristic_bots_decision_from_the_seats_observation() -> None:
    game = Game(seed=8)
    checked = {Phase.DECLARE: 0, Phase.EXCHANGE: 0, Phase.PLAY: 0}
    while game.phase is not Phase.OVER and checked[Phase.PLAY] < 30:
        seat = game.turn().seat
        if seat is None:
            game.draw()
            continue
        observation = observe(game, seat)
        hint = suggested_action(observation, seed=len(game.events))
        decided = seat_decision(HeuristicPlayer(seed=len(game.events)), observation)
        assert decided is not None and hint == {
            "kind": decided[0],
            "cards": format_cards(decided[1]),
        }
        checked[game.phase] += 1
        for other in range(4):  # nobody else has anything to do
            if other != seat:
                assert suggested_action(observe(game, other), 1) is None
        # the hint is legal: the engine takes it
        kind, cards = hint["kind"], tuple(decided[1])
        if kind == "play":
            game.play(seat, cards)
        elif kind == "bury":
            game.bury(seat, cards)
        elif kind == "declare":
            game.declare(seat, cards)
        else:
            game.pass_declaring(seat)
    assert all(count > 0 for count in checked.values())
    assert suggested_action(observe(game, None), 1) is None  # a spectator


def test_while_cards_are_dealt_a_hint_is_a_declaration_or_nothing() -> None:
    declared = 0
    for seed in range(6):
        game = Game(seed=seed)
        while game.phase is Phase.DRAW:
            game.draw()
            if game.phase is not Phase.DRAW:
                break  # the final window (R-T4): the seat asked declares or passes
            for seat in range(4):
                hint = suggested_action(observe(game, seat), seed)
                if hint is not None:
                    assert hint["kind"] == "declare"
                    assert any(
                        format_cards(option) == hint["cards"]
                        for option in game.legal_declarations(seat)
                    )
                    declared += 1
    assert declared > 0


@pytest.mark.asyncio
async def test_a_seat_asks_for_a_hint_and_a_spectator_cannot(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        seat = room.game.turn().seat
        assert seat is not None
        player = players[seat]
        logged, events = len(room.log), len(room.game.events)
        await player.client.send({"type": "hint", "id": "h1"})
        answer = await player.read_until(lambda frame: frame.get("id") == "h1")
        assert answer["type"] == "hint" and answer["seq"] == room.seq
        expected = suggested_action(player.observation, seed=logged)
        assert answer["action"] == expected and expected is not None
        assert expected["kind"] == "play"
        # the hint is a legal play, and asking changed nothing
        await player.client.send({"type": "check", "id": "c1", "action": answer["action"]})
        verdict = await player.read_until(lambda frame: frame.get("id") == "c1")
        assert verdict["legal"] is True
        assert (len(room.log), len(room.game.events)) == (logged, events)
        # another seat has nothing to do
        other = players[(seat + 1) % 4]
        await other.client.send({"type": "hint", "id": "h2"})
        idle = await other.read_until(lambda frame: frame.get("id") == "h2")
        assert idle["type"] == "hint" and idle["action"] is None
        # a spectator gets no hint
        watcher = await live.join(code, label="spectator")
        await watcher.send({"type": "hint", "id": "h3"})
        refused = await watcher.recv_until(lambda frame: frame.get("id") == "h3")
        assert refused["type"] == "error" and refused["code"] == "not-seated"
        # a hint frame of the wrong shape is a bad frame
        await player.client.send({"type": "hint", "id": "h 4"})
        bad = await player.read_until(lambda frame: frame.get("type") == "error")
        assert bad["code"] == "bad-frame"
        assert (await player.act_now())["type"] == "ack"


@pytest.mark.asyncio
async def test_hints_count_against_the_frame_rate(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), frame_burst=3) as live:
        code, _room = await new_room(live, seats=[{"player": "human"}] + [{"player": "random"}] * 3)
        token = await live.take_seat(code, 0, "Ann")
        client = await live.join(code, token)
        for number in range(5):
            await client.send({"type": "hint", "id": f"h{number}"})
        answers = [await client.recv_until(answer_to(f"h{number}")) for number in range(5)]
        kinds = [answer["type"] for answer in answers]
        # the hello is not counted: three hints pass, then the limit
        assert kinds[:3] == ["hint"] * 3
        assert kinds[3:] == ["error", "error"]
        assert all(answer["code"] == "rate-limited" for answer in answers[3:])
        assert all(answer["retry_after"] > 0 for answer in answers[3:])
