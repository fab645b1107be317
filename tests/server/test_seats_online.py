"""Seats over real WebSocket connections (docs/protocol.md): turn clocks, the grace
period of a player who drops out, a person taking a bot's seat between rounds, refused
frames, and rooms closed for being idle.

Time is a ManualClock: a deadline passes only when a test moves the clock on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.harness import (
    LiveServer,
    Player,
    eventually,
    human_actions,
    in_play,
    is_type,
    new_room,
    play_all,
    room_frame,
    room_status,
    running_server,
    sqlite_url,
)
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import format_cards
from tuolaji.game import observe
from tuolaji.game.record import record_from_json, replay
from tuolaji.server.botpool import BotRequest
from tuolaji.server.room import Room

RoomTest = Callable[[dict[str, Any]], bool]


async def room_says(player: Player, wanted: RoomTest) -> dict[str, Any]:
    """The room as ``player`` last heard of it, once it is ``wanted`` (reading on,
    without acting, until a room frame says so)."""
    if player.room is not None and wanted(player.room):
        return player.room
    frame = await player.read_until(room_frame(wanted))
    room: dict[str, Any] = frame["room"]
    return room


def away(seat: int, flag: bool = True) -> RoomTest:
    """A room whose ``seat`` is (or is not) away."""
    return lambda room: room["seats"][seat]["away"] is flag


def deciding(room: Room) -> Callable[[Player], bool]:
    """A ``play_all`` test: caught up, and the game waits for a seat's decision."""
    return lambda player: player.caught_up() and room.game.turn().seat is not None


async def let_the_server_run() -> None:
    """Give every task of the loop that is ready (the server runs in this loop) its
    turns: what a test then finds unchanged was not waiting to happen."""
    for _ in range(50):
        await asyncio.sleep(0)


def seat_info(room: Room, seat: int | None) -> dict[str, Any]:
    """How the room describes ``seat`` now (as its room frames do)."""
    seats: Any = room.info()["seats"]
    assert seat is not None
    return dict(seats[seat])


def bot_entries(room: Room) -> list[tuple[int | None, int]]:
    """(seat, number) of the actions bots made, in order."""
    return [(entry.seat, entry.number) for entry in room.log if entry.by_bot]


# ------------------------------------------------------------------ the turn clock


async def finish_with_the_seat_back(room: Room, players: list[Player], seat: int) -> None:
    """Play to the end; the stand-in decided only for ``seat``, and every decision of the
    seat after its stand-in's last one was its person's; every view is exact."""
    await play_all(players, room_status("finished"))
    stand_in = bot_entries(room)
    assert stand_in and {entry_seat for entry_seat, _ in stand_in} == {seat}
    later = [entry for entry in room.log if entry.seat == seat and entry.number > stand_in[-1][1]]
    assert later and not any(entry.by_bot for entry in later)
    for player in players:
        assert player.observation == observe(room.game, player.seat)


@pytest.mark.asyncio
async def test_a_clock_that_runs_out_hands_the_decision_to_the_stand_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """clock_s=5: the deadline is announced with the decision; when it passes the
    seat is away and the stand-in decides. The player's own action, sent before the
    stand-in answers, wins and clears "away"; later, ``back`` clears it too, and the
    seat's decisions are its player's again."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live, clock_s=5)
        players = await live.seat_players(code)
        await play_all(players, deciding(room))
        first = players[room.game.turn().seat or 0]
        seat = first.seat or 0
        now = live.clock.now()
        await room_says(first, lambda info: info["to_act"] == seat and info["deadline"] == now + 5)

        # the stand-in is asked, but thinks until the test lets it answer
        asked: list[BotRequest] = []
        answered = asyncio.Event()
        release = asyncio.Event()
        decide = room.bots.decide

        async def thinking(request: BotRequest, deadline_s: float) -> tuple[int, ...] | None:
            asked.append(request)
            await release.wait()
            try:
                return await decide(request, deadline_s)
            finally:
                answered.set()

        monkeypatch.setattr(room.bots, "decide", thinking)
        live.clock.advance(4)
        await let_the_server_run()
        assert not asked and room.game.turn().seat == seat  # not yet
        live.clock.advance(1)
        await room_says(first, away(seat))
        assert [request.player for request in asked] == ["heuristic"]  # the stand-in

        ack = await first.act_now()  # the player answers first: the bot's answer is late
        assert ack["type"] == "ack"
        await room_says(first, away(seat, False))
        release.set()
        await asyncio.wait_for(answered.wait(), 5)
        await first.sync()
        assert room.log[-1].seat == seat and room.log[-1].client_id == ack["id"]
        assert bot_entries(room) == []

        # the next decision runs out too; the stand-in decides it at once
        await play_all(players, deciding(room))
        second = players[room.game.turn().seat or 0]
        seat = second.seat or 0
        logged = len(room.log)
        deadline = live.clock.now() + 5
        await room_says(
            second, lambda info: info["to_act"] == seat and info["deadline"] == deadline
        )
        live.clock.advance(5)
        await room_says(second, away(seat))
        await eventually(lambda: len(room.log) > logged, "the stand-in's decision")
        assert room.log[logged].seat == seat and room.log[logged].by_bot
        info = (await live.http.get(f"/api/rooms/{code}")).json()["room"]
        assert info["seats"][seat]["away"] is True

        # "back": the seat's player decides again
        await second.client.send({"type": "back"})
        await room_says(second, away(seat, False))
        await finish_with_the_seat_back(room, players, seat)


# ------------------------------------------------------------------ the grace period


@pytest.mark.asyncio
async def test_a_player_who_drops_out_keeps_the_seat_for_the_grace_period(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), grace_s=30.0) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        leader = players[room.game.turn().seat or 0]
        leaver = players[((leader.seat or 0) + 1) % 4]
        await leaver.disconnect()
        await eventually(lambda: not seat_info(room, leaver.seat)["connected"], "the seat left")
        assert (await leader.act_now())["type"] == "ack"

        # the game waits for the leaver within the grace period ...
        logged = len(room.log)
        live.clock.advance(29)
        await let_the_server_run()
        assert len(room.log) == logged and room.game.turn().seat == leaver.seat
        assert seat_info(room, leaver.seat)["away"] is False

        # ... and after it the stand-in plays for the seat
        live.clock.advance(1)
        await eventually(lambda: len(room.log) > logged, "the stand-in's play")
        assert room.log[logged].seat == leaver.seat and room.log[logged].by_bot
        assert seat_info(room, leaver.seat)["away"] is True

        # back again: the game catches the leaver up and its next decision is its own
        await leaver.reconnect(live, code)
        await leaver.sync()
        assert leaver.observation == observe(room.game, leaver.seat)
        await finish_with_the_seat_back(room, players, leaver.seat or 0)
        assert len(bot_entries(room)) == 1  # the one decision after the grace period


# ------------------------------------------------------------------ taking a bot's seat


@pytest.mark.asyncio
async def test_a_person_takes_a_bots_seat_between_rounds_not_during_one(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), round_pause_s=10.0) as live:
        seats = [{}, {"player": "random"}, {"player": "random"}, {"player": "random"}]
        code, room = await new_room(live, seats=seats, round_limit=2)
        (host,) = await live.seat_players(code, (0,), bots=RandomPlayer)
        await host.play_until(lambda: in_play(host))
        refused = await live.http.post(f"/api/rooms/{code}/seats/1", json={"name": "Ann"})
        assert refused.status_code == 409
        assert refused.json()["error"] == "seat-refused"
        assert "between rounds" in refused.json()["message"]

        # the first round ends; the room pauses before the next deal
        await host.play_until(lambda: host.caught_up() and len(room.game.results) == 1)
        assert room.game.turn().chance and room.between_rounds()
        taken = await live.http.post(f"/api/rooms/{code}/seats/1", json={"name": "Ann"})
        assert taken.status_code == 201, taken.text
        assert taken.json()["room"]["seats"][1] == {
            **taken.json()["room"]["seats"][1],
            "player": "human",
            "name": "Ann",
            "taken": True,
        }
        client = await live.join(code, taken.json()["token"], label="Ann")
        ann = Player(client, 1, RandomPlayer(1), live.seq_of(code), taken.json()["token"])
        round_two = len(room.log)

        live.clock.advance(10)  # the pause is over: the second round is dealt
        await play_all([host, ann], room_status("finished"))
        seat_one = [entry for entry in room.log if entry.seat == 1]
        by_the_bot = [entry for entry in seat_one if entry.number <= round_two]
        by_ann = [entry for entry in seat_one if entry.number > round_two]
        assert by_the_bot and all(entry.by_bot for entry in by_the_bot)
        assert by_ann and not any(entry.by_bot for entry in by_ann)
        assert ann.observation == observe(room.game, 1)


# ------------------------------------------------------------------ refusals


async def unchanged(live: LiveServer, room: Room, code: str) -> tuple[int, int, int]:
    """What a refusal must not change: the game's events, the log, the stored log."""
    stored = await live.lobby.storage.load_room(code)
    assert stored is not None
    return len(room.game.events), len(room.log), len(stored.actions)


@pytest.mark.asyncio
async def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        leader = players[room.game.turn().seat or 0]
        other = players[((leader.seat or 0) + 1) % 4]
        before = await unchanged(live, room, code)

        not_mine = next(card for card in range(54) if card not in leader.observation.hand)
        attempts = [
            # out of turn (R-P1), a card not held, bad notation (R-N3), a burial now
            (other, {"kind": "play", "cards": format_cards(other.observation.hand[:1])}),
            (leader, {"kind": "play", "cards": format_cards([not_mine])}),
            (leader, {"kind": "play", "cards": "AS ZZ"}),
            (leader, {"kind": "bury", "cards": format_cards(leader.observation.hand[:8])}),
            (leader, {"kind": "pass", "cards": ""}),
        ]
        for player, action in attempts:
            action_id = await player.act(action)
            refusal = await player.answer(action_id)
            assert refusal["type"] == "error" and refusal["code"] == "illegal", refusal
            assert refusal["id"] == action_id
            assert refusal["rule"].startswith("R-") and refusal["reason"] and refusal["message"]
            assert await unchanged(live, room, code) == before
        bad_notation = leader.errors[-3]
        assert bad_notation["rule"] == "R-N3"

        # the connections stay open and the game goes on
        await other.client.send({"type": "ping"})
        assert (await other.read_until(is_type("pong")))["seq"] == room.seq
        assert (await leader.act_now())["type"] == "ack"
        assert len(room.log) == before[1] + 1


@pytest.mark.asyncio
async def test_refused_connections_and_frames(tmp_path: Path) -> None:
    """A wrong token: bad-token, closed. A spectator acting: not-seated, still open.
    Acting before every seat is taken: not-started. A first frame that is no hello:
    hello-first, closed. An unknown room: room-closed, closed."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        token = await live.take_seat(code, 0, "early")

        wrong = await live.join(code, "A" * 43, label="wrong token")
        refusal = await wrong.recv()
        assert (refusal["type"], refusal["code"]) == ("error", "bad-token")
        assert await wrong.closed() == 1008

        other_code, _ = await new_room(live)
        other_token = await live.take_seat(other_code, 0)
        elsewhere = await live.join(code, other_token, label="another room's token")
        assert (await elsewhere.recv())["code"] == "bad-token"
        assert await elsewhere.closed() == 1008

        watcher = await live.join(code, label="spectator")
        assert (await watcher.recv())["type"] == "welcome"
        await watcher.send({"type": "act", "id": "w1", "action": {"kind": "pass"}})
        refusal = await watcher.recv_until(is_type("error"))
        assert (refusal["code"], refusal["id"]) == ("not-seated", "w1")
        await watcher.send({"type": "ping"})
        assert (await watcher.recv_until(is_type("pong")))["seq"] == room.seq

        early = await live.join(code, token, label="early")
        assert (await early.recv())["type"] == "welcome"
        await early.send({"type": "act", "id": "e1", "action": {"kind": "play", "cards": "AS"}})
        refusal = await early.recv_until(is_type("error"))
        assert (refusal["code"], refusal["id"]) == ("not-started", "e1")
        await early.send({"type": "hello", "token": token})  # hello is said once
        assert (await early.recv_until(is_type("error")))["code"] == "bad-frame"
        assert len(room.log) == 0 and room.row.status == "waiting"

        rude = await live.connect(code, "no hello")
        await rude.send({"type": "ping"})
        assert (await rude.recv())["code"] == "hello-first"
        assert await rude.closed() == 1008

        nowhere = await live.join("ZZZZZZZZZZZZ", label="unknown room")
        assert (await nowhere.recv())["code"] == "room-closed"
        assert await nowhere.closed() == 1008


@pytest.mark.asyncio
async def test_a_room_without_spectators_refuses_watchers(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live, spectators=False)
        watcher = await live.join(code, label="spectator")
        refusal = await watcher.recv()
        assert (refusal["type"], refusal["code"]) == ("error", "no-spectators")
        assert await watcher.closed() == 1008
        assert room.info()["watchers"] == 0


# ------------------------------------------------------------------ idle rooms


@pytest.mark.asyncio
async def test_an_idle_room_is_closed_and_its_record_kept(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), idle_close_s=100.0, idle_check_s=1e9) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        fresh_code, _ = await new_room(live)

        live.clock.advance(50)
        assert await live.lobby.close_idle() == []
        await live.take_seat(fresh_code, 0)  # a join keeps that room alive
        live.clock.advance(51)
        assert await live.lobby.close_idle() == [code]

        for player in players:
            notice = await player.client.recv_until(is_type("notice"))
            assert notice["notice"] == "closed" and notice["seq"] == room.seq
            await player.client.closed()
        assert code not in live.lobby.rooms and fresh_code in live.lobby.rooms
        info = (await live.http.get(f"/api/rooms/{code}")).json()["room"]
        assert info["status"] == "closed"
        response = await live.http.get(f"/api/rooms/{code}/record")
        assert response.status_code == 200
        replayed = replay(record_from_json(response.json()))
        assert replayed.events == room.game.events
        assert human_actions(room) and replayed.actions == room.game.actions

        # a closed room takes no seat and no action
        gone = await live.http.post(f"/api/rooms/{code}/seats/0", json={"name": "late"})
        assert gone.status_code == 409
        late = await live.join(code, players[0].token, label="late")
        assert (await late.recv())["code"] == "room-closed"
        assert await late.closed() in (1000, 1008)


@pytest.mark.asyncio
async def test_a_connection_to_a_halted_unfinished_room_is_told_to_reconnect(
    tmp_path: Path,
) -> None:
    """A connection that found a room's copy just as the server halted it (to rebuild or
    move it) hears "restarting" — reconnect, the game goes on — never "closed"."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        await room.halt()  # as when a fresh copy is about to replace it
        assert live.lobby.rooms[code] is room and room.row.status == "waiting"
        late = await live.join(code, label="late")
        frame = await late.recv()
        assert (frame["type"], frame.get("notice")) == ("notice", "restarting"), frame
        assert await late.closed() in (1000, 1001, 1008, 1012)
