"""Whole games over real WebSocket connections (docs/protocol.md): four people, people
with bots, a spectator, reconnecting in the middle of a trick and during the deal, and
retried actions.

Every test runs a live server (tests/server/harness.py) on a ManualClock: time moves
only when a test says so, and every read is bounded.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from server.harness import (
    BOUND_S,
    LiveServer,
    Player,
    eventually,
    human_actions,
    in_play,
    is_type,
    new_room,
    play_all,
    room_status,
    running_server,
    sqlite_url,
)
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.cli import app as cli_app
from tuolaji.game import observe
from tuolaji.game.record import record_from_json, replay
from tuolaji.server.fanout import event_frames
from tuolaji.server.room import Room


def event_numbers(frames: list[dict[str, Any]]) -> list[int]:
    """The numbers of the event frames among ``frames``, in the order received."""
    return [frame["seq"] for frame in frames if frame["type"] == "event"]


def expected_events(room: Room, after: int, seat: int | None) -> list[dict[str, Any]]:
    """The event frames ``seat`` should get after event ``after``, as the room makes them
    (the last with the seat's table now)."""
    frames = event_frames(room.game.events[after:], after + 1, seat, room.table)
    return [json.loads(text) for text in frames]


def mid_trick(player: Player) -> bool:
    """Caught up, after the first trick, with two cards of the trick on the table."""
    if not player.caught_up():
        return False
    obs = player.observation
    return obs.phase.value == "play" and len(obs.tricks) >= 1 and len(obs.trick) == 2


# ------------------------------------------------------------------ whole games


@pytest.mark.asyncio
async def test_four_people_play_a_whole_game_and_its_record_replays(tmp_path: Path) -> None:
    """Two rounds, four scripted clients: each client's observation, built from its own
    stream only, is the server's observe(game, seat); every action was acknowledged
    once and stored once; the record replays to the same game, in the API and with
    ``tuolaji replay``."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live, round_limit=2)
        players = await live.seat_players(code)
        await play_all(players, room_status("finished"), timeout=60)

        assert room.row.status == "finished" and len(room.game.results) == 2
        for player in players:
            assert player.observation == observe(room.game, player.seat)
            assert not player.errors, player.errors
            sent = [action_id for action_id, _ in player.sent]
            assert [ack["id"] for ack in player.acks] == sent
            assert not any(ack["duplicate"] for ack in player.acks)
        # every person's action is in the log once, under its id, with the seat's number
        logged = human_actions(room)
        assert sorted(logged, key=str) == sorted(
            ((player.seat, action_id) for player in players for action_id, _ in player.sent),
            key=str,
        )
        stored = await live.lobby.storage.load_room(code)
        assert stored is not None and stored.actions == tuple(room.log)

        response = await live.http.get(f"/api/rooms/{code}/record")
        assert response.status_code == 200
        replayed = replay(record_from_json(response.json()))
        assert replayed.actions == room.game.actions
        assert replayed.events == room.game.events

        path = tmp_path / "online-game.json"
        path.write_text(json.dumps(response.json()), encoding="utf-8")
        result = CliRunner().invoke(cli_app, ["replay", str(path), "--lang", "en"])
        assert result.exit_code == 0, result.output
        assert "standard rules" in result.output


@pytest.mark.asyncio
async def test_two_people_and_two_bots_finish_a_round(tmp_path: Path) -> None:
    """Seats 1 and 3 are bots (heuristic, random): they play in the bot pool and the
    people's clients follow them; each side's actions are logged as its own."""
    async with running_server(sqlite_url(tmp_path)) as live:
        seats = [{"player": "human"}, {"player": "heuristic"}, {}, {"player": "random"}]
        code, room = await new_room(live, seats=seats)
        players = await live.seat_players(code, (0, 2), bots=RandomPlayer)
        await play_all(players, room_status("finished"))

        assert room.row.status == "finished"
        for player in players:
            assert player.observation == observe(room.game, player.seat)
            assert not player.errors
        assert {entry.seat for entry in room.log if entry.by_bot} == {1, 3}
        assert {entry.seat for entry in room.log if not entry.by_bot} == {None, 0, 2}
        assert all(entry.client_id for entry in room.log if entry.seat in (0, 2))


@pytest.mark.asyncio
async def test_a_spectator_sees_the_spectator_view(tmp_path: Path) -> None:
    """A watcher (no token) gets the spectator's welcome, no hand, never a card drawn
    face down, and ends with observe(game, None)."""
    async with running_server(sqlite_url(tmp_path)) as live:
        seats = [{}, {"player": "random"}, {"player": "random"}, {"player": "random"}]
        code, room = await new_room(live, seats=seats)
        watcher_client = await live.join(code, label="spectator")
        watcher = Player(watcher_client, None, server_seq=live.seq_of(code))
        await watcher.read_until(is_type("welcome"))
        assert watcher.observation.seat is None and watcher.observation.hand == ()
        assert watcher.room is not None and watcher.room["watchers"] == 1

        players = await live.seat_players(code, (0,))
        await play_all([*players, watcher], room_status("finished"))

        assert watcher.observation == observe(room.game, None)
        assert watcher.observation.hand == ()
        kinds = {frame["event"]["type"] for frame in watcher_client.frames if "event" in frame}
        assert "hidden_card_drawn" in kinds and "card_drawn" not in kinds
        assert "talon_taken" not in kinds and "buried" not in kinds
        assert not watcher.sent  # a spectator never acts


# ------------------------------------------------------------------ reconnecting


@pytest.mark.asyncio
async def test_a_reconnect_in_the_middle_of_a_trick_gets_exactly_what_was_missed(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, mid_trick)
        to_act = room.game.turn().seat
        assert to_act is not None
        leaver = players[(to_act + 1) % 4]
        await leaver.disconnect()
        last_seen = leaver.last_seq

        # the trick goes on while the leaver is away
        ack = await players[to_act].act_now()
        assert ack["type"] == "ack"
        assert room.seq > last_seen

        client = await leaver.reconnect(live, code)
        await leaver.sync()
        assert client.frames[0]["type"] == "event"  # no snapshot: the missed events
        assert event_numbers(client.frames) == list(range(last_seen + 1, room.seq + 1))
        missed = [frame for frame in client.frames if frame["type"] == "event"]
        assert missed == expected_events(room, last_seen, leaver.seat)
        assert leaver.observation == observe(room.game, leaver.seat)

        # and plays on, like everyone else, to the end of the round
        await play_all(players, room_status("finished"))
        for player in players:
            assert player.observation == observe(room.game, player.seat)
        assert any(seat == leaver.seat for seat, _ in human_actions(room)[-8:])


async def deal_cards(live: LiveServer, room: Room, count: int) -> None:
    """With ``deal_interval_s=1``: move the clock one second at a time, each time
    waiting until the card is dealt and the room waits for the next one."""
    for _ in range(count):
        await deal_one_card(live, room)


async def deal_one_card(live: LiveServer, room: Room) -> None:
    """Move the clock a second on: one card is dealt; wait until the room waits again."""
    before = len(room.game.events)
    live.clock.advance(1)
    await eventually(
        lambda: len(room.game.events) > before and live.clock.next_wakeup() == live.clock.now() + 1,
        "a card dealt and the next one waited for",
    )


@pytest.mark.asyncio
async def test_a_reconnect_during_the_deal_gets_the_cards_dealt_meanwhile(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), deal_interval_s=1.0) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await eventually(lambda: live.clock.next_wakeup() == live.clock.now() + 1, "the deal")
        await deal_cards(live, room, 6)
        for player in players:
            await player.sync()
        leaver = players[2]
        await leaver.disconnect()
        last_seen = leaver.last_seq
        hand_before = len(leaver.observation.hand)

        await deal_cards(live, room, 12)  # three cards for each seat, the leaver's too
        client = await leaver.reconnect(live, code)
        await leaver.sync()
        assert event_numbers(client.frames) == list(range(last_seen + 1, room.seq + 1))
        missed = [frame for frame in client.frames if frame["type"] == "event"]
        assert missed == expected_events(room, last_seen, leaver.seat)
        own = [frame for frame in missed if frame["event"]["type"] == "card_drawn"]
        assert {frame["event"]["seat"] for frame in own} == {leaver.seat}
        assert len(leaver.observation.hand) == hand_before + 3
        assert leaver.observation == observe(room.game, leaver.seat)

        # the rest of the deal at once, then the round is played out
        live.config.deal_interval_s = 0.0
        live.clock.advance(1)
        await play_all(players, room_status("finished"))
        for player in players:
            assert player.observation == observe(room.game, player.seat)


@pytest.mark.asyncio
async def test_a_last_seq_too_old_or_absurd_gets_a_fresh_snapshot(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), deal_interval_s=1.0, catch_up_limit=3) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await eventually(lambda: live.clock.next_wakeup() == live.clock.now() + 1, "the deal")
        await deal_cards(live, room, 8)
        seq = room.seq
        token = players[1].token

        for last_seq, snapshot in ((seq - 3, False), (seq - 4, True), (0, True), (seq + 1, True)):
            client = await live.join(code, token, last_seq, label=f"last_seq {last_seq}")
            first = await client.recv()
            if snapshot:
                assert first["type"] == "welcome" and first["seq"] == seq
                assert first["seat"] == 1
                welcome = Player(client, 1, server_seq=live.seq_of(code))
                welcome.follow(first)
                assert welcome.observation == observe(room.game, 1)
            else:
                frames = [first, *(await client.drain())]
                assert event_numbers(frames) == [seq - 2, seq - 1, seq]
                assert "welcome" not in {frame["type"] for frame in frames}
            await client.close()

        # beyond any game: refused as a bad hello, and the connection is closed
        client = await live.join(code, token, 10_000_001, label="absurd")
        refusal = await client.recv()
        assert refusal["type"] == "error" and refusal["code"] == "hello-first"
        assert "last_seq" in refusal["message"]
        assert await client.closed() == 1008


# ------------------------------------------------------------------ retried actions


@pytest.mark.asyncio
async def test_a_repeated_action_id_is_applied_once(tmp_path: Path) -> None:
    """The same id again is acknowledged as a duplicate with the same number, and the
    game and its log hold the action once; also when the retry comes on a new
    connection after the first one was lost before its ack."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        first = players[room.game.turn().seat or 0]
        ack = await first.act_now("retry-1")
        assert ack["type"] == "ack" and ack["duplicate"] is False
        events, logged = len(room.game.events), len(room.log)

        action = first.sent[-1][1]
        await first.act(action, "retry-1")
        again = await first.answer("retry-1")
        assert again["type"] == "ack" and again["duplicate"] is True
        assert again["number"] == ack["number"]
        assert (len(room.game.events), len(room.log)) == (events, logged)
        assert [entry.client_id for entry in room.log].count("retry-1") == 1

        # the next seat's action goes through, but its connection is lost before the ack
        second = players[room.game.turn().seat or 0]
        await second.sync()
        due = second.due()
        assert due is not None
        last_seen = second.last_seq
        await second.act(due, "retry-2")
        await second.disconnect()
        await eventually(lambda: room.log[-1].client_id == "retry-2", "the action applied")
        number = room.log[-1].number

        client = await second.reconnect(live, code)
        await second.act(due, "retry-2")
        answer = await second.answer("retry-2")
        assert answer == {**answer, "type": "ack", "duplicate": True, "number": number}
        assert event_numbers(client.frames)[0] == last_seen + 1  # the action's own events
        assert [entry.client_id for entry in room.log].count("retry-2") == 1
        stored = await live.lobby.storage.load_room(code)
        assert stored is not None
        assert [entry.client_id for entry in stored.actions].count("retry-2") == 1
        assert second.observation == observe(room.game, second.seat)


@pytest.mark.asyncio
async def test_no_frame_is_sent_before_the_action_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the database has not yet taken an action, nobody hears of it: not its
    events, and not its number in the ``seq`` of any other frame (a pong here), so a
    client that reconnects with the last ``seq`` it saw never skips an event."""
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(live)
        players = await live.seat_players(code)
        await play_all(players, in_play)
        storage = live.lobby.storage
        store = storage.append_action
        entered, release = asyncio.Event(), asyncio.Event()

        async def slow_store(*args: Any, **kwargs: Any) -> None:
            entered.set()
            await release.wait()
            await store(*args, **kwargs)

        monkeypatch.setattr(storage, "append_action", slow_store)
        actor = players[room.game.turn().seat or 0]
        watcher = players[((actor.seat or 0) + 1) % 4]
        seen = watcher.last_seq
        action = actor.due()
        assert action is not None
        action_id = await actor.act(action)
        try:
            await asyncio.wait_for(entered.wait(), BOUND_S)
            await watcher.client.send({"type": "ping"})
            pong = await watcher.read_until(is_type("pong"))
            assert pong["seq"] == seen  # the action is applied in memory, not yet stored
            assert event_numbers(await watcher.client.drain()) == []
        finally:
            release.set()
        assert (await actor.answer(action_id))["type"] == "ack"
        await watcher.sync()
        assert event_numbers(watcher.client.frames)[-1] == room.seq > seen
        assert watcher.observation == observe(room.game, watcher.seat)
