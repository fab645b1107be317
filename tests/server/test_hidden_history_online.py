"""The visibility options over the wire (docs/rules.md, "What each seat sees";
docs/protocol.md): whole rounds played through the server with each option on, every
frame of a seat's WebSocket and of a spectator's recorded.

R-V1 (``hidden_history``): no frame sent while a trick is neither the one in progress
nor the last one won holds that trick's plays — not an observation (welcome, table),
not a catch-up of a connection that comes back, not a seat's record before the game is
over. R-V2 (``hide_blocker``) and R-V3 (``hide_declarer_points``): the blocker and the
declarers' trick points are in no frame but those the rules allow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from server.harness import Player, eventually, play_all, room_status, running_server, sqlite_url
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import team_of
from tuolaji.game.events import Event, Played, RoundStarted, TrickWon
from tuolaji.server.protocol import AnyServerFrame, ServerFrame

_SERVER_FRAME: TypeAdapter[AnyServerFrame] = TypeAdapter(ServerFrame)


def trick_of_plays(events: list[Event]) -> dict[int, tuple[int, int]]:
    """For each event number (1-based) of a play: its (round, trick) — the trick it
    belongs to, counted from 1 in its round."""
    found: dict[int, tuple[int, int]] = {}
    round_number, won = 0, 0
    for number, event in enumerate(events, start=1):
        if isinstance(event, RoundStarted):
            round_number, won = round_number + 1, 0
        elif isinstance(event, Played):
            found[number] = (round_number, won + 1)
        elif isinstance(event, TrickWon):
            won += 1
    return found


def standing_after(events: list[Event], seq: int) -> tuple[int, int]:
    """(round, tricks won in it) once the first ``seq`` events have happened."""
    round_number, won = 0, 0
    for event in events[:seq]:
        if isinstance(event, RoundStarted):
            round_number, won = round_number + 1, 0
        elif isinstance(event, TrickWon):
            won += 1
    return round_number, won


def old_tricks_shown(frame: dict[str, Any]) -> list[int]:
    """The numbers of the tricks older than the last that an observation in ``frame``
    shows the plays of."""
    shown = []
    for observation in (frame.get("observation"), (frame.get("table") or {}).get("observation")):
        if observation is None:
            continue
        for trick in observation["tricks"][:-1]:
            if trick["plays"] or trick["failed_throw"] is not None:
                shown.append(trick["number"])
    return shown


def random_bot(seat: int) -> RandomPlayer:
    # random players throw, and fail throws, often
    return RandomPlayer(seed=40 + seat, declare_rate=0.3)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "rules",
    [
        pytest.param({"hidden_history": True}, id="hidden_history"),
        pytest.param({"hide_blocker": True}, id="hide_blocker"),
        pytest.param({"hide_declarer_points": True}, id="hide_declarer_points"),
    ],
)
async def test_r_v1_to_r_v3_a_round_through_the_server_says_only_what_the_rules_allow(
    tmp_path: Path, rules: dict[str, Any]
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        created = await live.create_room(
            seats=[{"player": p} for p in ("human", "human", "random", "heuristic")],
            round_limit=1,
            rules={"preset": "standard", **rules},
        )
        code = created["code"]
        assert all(created["room"]["rules"][name] is True for name in rules)
        players = await live.seat_players(code, range(2), random_bot)
        watcher = Player(await live.join(code, label="spectator"), None)
        room = live.room(code)
        everyone = [*players, watcher]
        # play to the middle of the round, keeping the seq each connection had early on
        early: dict[int, int] = {}

        def five_tricks_in(player: Player) -> bool:
            if player.view is None:
                return False
            obs = player.observation
            if obs.phase.value == "play" and len(obs.tricks) == 1:
                early.setdefault(id(player), player.last_seq)
            return obs.phase.value == "play" and len(obs.tricks) >= 6

        await play_all(everyone, five_tricks_in, timeout=60)
        # a seat's own record is refused while the old tricks are hidden (R-V1)
        response = await live.http.get(
            f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {players[0].token}"}
        )
        assert response.status_code == (403 if "hidden_history" in rules else 200)
        if "hidden_history" in rules:
            assert response.json()["error"] == "hidden-history"
            assert "R-V1" in response.json()["message"]
        reconnect_at: dict[int, int] = {}
        if "hidden_history" in rules:
            # every connection comes back with the seq it had at trick 2: the plays of
            # tricks 2 to 5 are old now, so a snapshot comes, not the events missed
            for player in everyone:
                player.last_seq, player.view = early[id(player)], None
                if player.seat is None:
                    await player.disconnect()
                    player.client = await live.join(code, None, player.last_seq, "spectator")
                else:
                    await player.reconnect(live, code)
                reconnect_at[id(player.client)] = room.seq
            for player in everyone:
                frame = await player.client.recv(10)
                assert frame["type"] == "welcome", frame["type"]
                player.follow(frame)
        await play_all(everyone, room_status("finished"), timeout=60)
        await eventually(lambda: room.game_over, "the game over")

        events = room.game.events
        plays = trick_of_plays(events)
        declarers = room.game.results[-1].declarers
        problems: list[str] = []
        frames_seen = 0
        for player in everyone:
            for frame in player.client.frames:
                frames_seen += 1
                _SERVER_FRAME.validate_json(json.dumps(frame))
                seq = frame.get("seq", 0)
                if "hidden_history" in rules:
                    # a frame is sent once its seq has happened, and no later than now:
                    # its table's observation is the game after its seq
                    if old_tricks_shown(frame):
                        problems.append(f"{frame['type']} {seq}: {old_tricks_shown(frame)}")
                    if frame["type"] == "event" and seq in plays:
                        sent_at = reconnect_at.get(id(player.client), seq)
                        round_now, won_now = standing_after(events, max(seq, sent_at))
                        if seq <= sent_at:
                            round_of, trick = plays[seq]
                            if round_of != round_now or trick < won_now:
                                problems.append(f"play {seq} of old trick {trick}")
                event = frame.get("event") or {}
                if "hide_blocker" in rules and event.get("type") == "throw_failed":
                    blocker = room.game.events[seq - 1].blocker
                    expected = blocker if player.seat == blocker else None
                    if event["blocker"] != expected:
                        problems.append(f"blocker {event['blocker']} told to {player.seat}")
                if "hide_declarer_points" in rules and event.get("type") == "trick_won":
                    hidden = team_of(event["seat"]) == declarers
                    if (event["points"] is None) != hidden:
                        problems.append(f"trick {event['number']} points {event['points']}")
        assert problems == []
        assert frames_seen > 300
        # once the game is over, the seat's record is given, whole
        response = await live.http.get(
            f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {players[0].token}"}
        )
        assert response.status_code == 200
