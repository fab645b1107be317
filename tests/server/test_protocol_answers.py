"""Every frame gets the answer docs/protocol.md gives it, at the edges a client author
meets: a first frame that is no valid hello (each kind of mistake: ``hello-first``, the
connection closed), no hello at all, binary messages before and after the hello, cards
not in notation (``illegal``, R-N3), ``back`` from a seat that is not away and from a
spectator, and how an ack's ``number`` counts the game's actions. Each refusal is
checked to change nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.harness import (
    Player,
    is_type,
    new_room,
    play_all,
    running_server,
    sqlite_url,
)
from tuolaji.game import observation_to_json, observe
from tuolaji.server import app as server_app
from tuolaji.server.room import Room

#: first frames that are no valid hello, and what the refusal's message names
NOT_A_HELLO: list[tuple[str, str | bytes, str]] = [
    ("not JSON", '{"type": "hello"', "Invalid JSON"),
    ("binary", json.dumps({"type": "hello"}).encode(), "binary"),
    ("another frame", json.dumps({"type": "ping"}), "not ping"),
    ("a token too short", json.dumps({"type": "hello", "token": "short"}), "hello.token"),
    ("a token of other characters", json.dumps({"type": "hello", "token": "a!" * 12}), "token"),
    ("a token that is a number", json.dumps({"type": "hello", "token": 12345}), "hello.token"),
    ("an unknown field", json.dumps({"type": "hello", "colour": "red"}), "hello.colour"),
    ("last_seq -1", json.dumps({"type": "hello", "last_seq": -1}), "hello.last_seq"),
    ("last_seq as text", json.dumps({"type": "hello", "last_seq": "5"}), "hello.last_seq"),
    ("last_seq 1.5", json.dumps({"type": "hello", "last_seq": 1.5}), "hello.last_seq"),
    ("last_seq true", json.dumps({"type": "hello", "last_seq": True}), "hello.last_seq"),
    ("a language of no form", json.dumps({"type": "hello", "lang": "en gb"}), "hello.lang"),
    ("over 4096 bytes", json.dumps({"type": "hello", "lang": "e" * 5000}), "4096"),
    ("not an object", "[]", "an object"),
    ("no such frame", json.dumps({"type": "helo"}), "helo"),
]


def _state(room: Room) -> Any:
    """What a refusal must leave as it was: events, actions, observations, presence."""
    return (
        room.seq,
        len(room.log),
        [observation_to_json(observe(room.game, seat)) for seat in (0, 1, 2, 3, None)],
        room.info()["seats"],
        room.info()["watchers"],
    )


def deciding(room: Room) -> Callable[[Player], bool]:
    """A ``play_all`` test: caught up with every event told, after which the game waits
    for a seat's decision (with four people at the table, the first is in the final
    declaring window, R-T4)."""
    return lambda player: (
        player.caught_up()
        and player.observation.to_act is not None
        and room.seq == len(room.game.events)  # no action half stored
    )


async def _answer_other_than_room(player: Player) -> dict[str, Any]:
    """The next frame that is not a ``room`` frame (followed by the player)."""
    return await player.read_until(lambda frame: frame["type"] != "room")


@pytest.mark.asyncio
async def test_a_first_frame_that_is_no_valid_hello_is_refused_with_hello_first(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        before = _state(room)
        for case, frame, named in NOT_A_HELLO:
            client = await live.connect(code, case)
            await client.send(frame)
            refusal = await client.recv()
            assert refusal["type"] == "error" and refusal["code"] == "hello-first", case
            assert refusal["seq"] == 0, case
            assert refusal["message"].startswith("the first frame must be a hello"), case
            assert named in refusal["message"], (case, refusal["message"])
            assert await client.closed() == 1008, case
        assert _state(room) == before


@pytest.mark.asyncio
async def test_a_connection_that_says_nothing_is_closed_with_hello_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_app, "HELLO_TIMEOUT_S", 0.2)
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        client = await live.connect(code, "silent")
        refusal = await client.recv()
        assert refusal["code"] == "hello-first"
        assert refusal["message"] == "no hello came within 0.2 s"
        assert await client.closed() == 1008
        assert room.info()["watchers"] == 0


@pytest.mark.asyncio
async def test_binary_messages_after_the_hello_are_refused_and_the_connection_stays(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, deciding(room))
        before = _state(room)
        seat = room.game.turn().seat
        assert seat is not None
        player = players[seat]
        for frame in (
            json.dumps({"type": "ping"}).encode(),  # a ping as bytes is no ping
            json.dumps({"type": "act", "id": "b1", "action": {"kind": "pass"}}).encode(),
            b"\xff\xfe",
        ):
            await player.client.send(frame)
            refusal = await _answer_other_than_room(player)
            assert refusal["type"] == "error" and refusal["code"] == "bad-frame", refusal
            assert "binary" in refusal["message"] and "id" not in refusal
            assert refusal["seq"] == before[0]
        assert _state(room) == before
        await player.client.send({"type": "ping"})  # the connection is still there
        assert (await _answer_other_than_room(player))["type"] == "pong"


@pytest.mark.asyncio
async def test_cards_not_in_notation_are_refused_by_the_game_under_r_n3(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, deciding(room))
        before = _state(room)
        seat = room.game.turn().seat
        assert seat is not None
        player = players[seat]
        for number, cards in enumerate(("XX", "AS,KS", "1S", "2C 2C 2C 2C x")):
            action_id = f"n{number}"
            await player.client.send(
                {"type": "act", "id": action_id, "action": {"kind": "declare", "cards": cards}}
            )
            refusal = await player.answer(action_id)
            assert refusal["type"] == "error" and refusal["code"] == "illegal", refusal
            assert (refusal["rule"], refusal["reason"]) == ("R-N3", "bad-card"), refusal
            await player.client.send(
                {"type": "check", "id": action_id, "action": {"kind": "play", "cards": cards}}
            )
            verdict = await player.read_until(is_type("verdict"))
            assert verdict["id"] == action_id and verdict["legal"] is False
            assert (verdict["rule"], verdict["reason"]) == ("R-N3", "bad-card")
        # a text past the protocol's 300 characters is not read as cards at all
        await player.client.send(
            {"type": "act", "id": "long", "action": {"kind": "play", "cards": "AS " * 101}}
        )
        assert (await _answer_other_than_room(player))["code"] == "bad-frame"
        assert _state(room) == before


@pytest.mark.asyncio
async def test_back_is_answered_even_when_the_seat_is_not_away(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        watcher = Player(await live.join(code, label="spectator"), None)
        await play_all([*players, watcher], deciding(room))
        for player in [*players, watcher]:
            await player.client.drain()
        before = _state(room)
        back_seat, other = players[0], players[1]
        await back_seat.client.send({"type": "back"})
        answer = await back_seat.read_until(is_type("room"))
        assert answer["seq"] == room.seq and answer["room"]["seats"][0]["away"] is False
        assert answer["room"] == room.info()
        # nothing changed, so nobody else is told anything
        assert await other.client.drain() == []
        assert _state(room) == before
        # a spectator holds no seat to take back
        await watcher.client.send({"type": "back"})
        refusal = await watcher.read_until(is_type("error"))
        assert refusal["code"] == "not-seated" and "id" not in refusal
        assert _state(room) == before


@pytest.mark.asyncio
async def test_an_acks_number_counts_every_card_dealt_as_an_action(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)  # four people: nobody declares while dealt
        await play_all(players, deciding(room))
        assert room.game.phase.value == "declare"  # the final window (R-T4)
        seat = room.game.turn().seat
        assert seat is not None
        first = await players[seat].act_now()
        # the 100 cards dealt are actions 1 to 100: the window's first decision is 101
        assert first["type"] == "ack" and first["number"] == 101
        assert [entry.action[0] for entry in room.log[:100]] == ["draw"] * 100
        await play_all(players, deciding(room))
        seat = room.game.turn().seat
        assert seat is not None
        second = await players[seat].act_now()
        assert second["number"] == 102 == len(room.log)
