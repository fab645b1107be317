"""No seat ever sees another seat's cards (docs/rules.md §11), over the wire.

Seeded games with humans, bots and spectators are played through real WebSocket
connections; every frame every connection receives — welcomes and settled events with
their tables, events, room frames, acks, errors, and the answers to the hints the seats
keep asking for — is scanned by :mod:`leakscan`, which works out from the engine's whole
event list (not from the server's redaction) which cards each seat may know at that
moment. Seat records downloaded during and after play are scanned the same way. The
scanner itself is shown to catch a leak. Every frame is also checked to be a frame of
the protocol (docs/protocol.schema.json's models), its event of its event type's form.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from server.harness import (
    LiveServer,
    Player,
    eventually,
    play_all,
    room_status,
    running_server,
    sqlite_url,
)
from server.leakscan import leaks
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.game.event_json import event_to_json
from tuolaji.game.events import CardDrawn
from tuolaji.game.game import Game
from tuolaji.server.fanout import event_frames
from tuolaji.server.protocol import AnyServerFrame, ServerFrame
from tuolaji.server.table import table_json

#: the seat plans of the games played: a human ("human") or a bot in each seat
PLANS = (
    ["human", "human", "human", "human"],
    ["human", "heuristic", "human", "random"],
    ["random", "human", "search:guesses=2", "human"],
    ["human", "random", "random", "random"],
    ["heuristic", "heuristic", "human", "human"],
)
_SERVER_FRAME: TypeAdapter[AnyServerFrame] = TypeAdapter(ServerFrame)


class HintingPlayer(Player):
    """A seat that asks for a hint before each of its actions and after every few
    settled events, all game long (while cards are dealt too); it keeps the answers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settled_seen = 0
        self.asked = 0
        self.sending: list[asyncio.Task[None]] = []
        self.hints: list[dict[str, Any]] = []

    def follow(self, frame: dict[str, Any]) -> None:
        """Follow the frame; keep a hint's answer; ask again every 5th settled event."""
        super().follow(frame)
        if frame["type"] == "hint":
            self.hints.append(frame)
        elif frame["type"] == "event" and frame["settled"]:
            self.settled_seen += 1
            if self.settled_seen % 5 == 0:
                hint = {"type": "hint", "id": f"h{self.settled_seen}"}
                self.asked += 1
                self.sending.append(asyncio.create_task(self.client.send(hint)))

    async def act(self, action: dict[str, str], action_id: str | None = None) -> str:
        """Ask for a hint, then act."""
        self.asked += 1
        await self.client.send({"type": "hint", "id": f"h{self.settled_seen}-{len(self.sent)}"})
        return await super().act(action, action_id)

    async def all_answered(self) -> None:
        """Wait (bounded) until every hint asked for is answered."""
        await asyncio.wait_for(asyncio.gather(*self.sending), 10)
        await self.play_until(lambda: len(self.hints) == self.asked, acting=False)


def _scan(frames: list[dict[str, Any]], events: list[Any], seat: int | None) -> list[str]:
    found = []
    for frame in frames:
        found.extend(leaks(frame, events, seat))
    return found


def _not_of_the_protocol(frames: list[dict[str, Any]]) -> list[str]:
    """What is wrong with each frame that is no server frame of the protocol."""
    problems = []
    for frame in frames:
        try:
            _SERVER_FRAME.validate_json(json.dumps(frame))
        except ValidationError as error:
            problems.append(f"{frame['type']} {frame['seq']}: {error}")
    return problems


async def _late_joiners(live: LiveServer, code: str, token: str, seat: int) -> list[Any]:
    """In the middle of play: a spectator, and a second connection of ``seat`` asking for
    a fresh snapshot; both follow the game to its end."""
    room = live.room(code)
    await eventually(lambda: room.seq >= 140, "the game reaching its tricks", timeout=60)
    seq = live.seq_of(code)
    watcher = Player(await live.join(code, label="late spectator"), None, server_seq=seq)
    second = Player(await live.join(code, token, label=f"seat {seat} again"), seat, server_seq=seq)
    return [watcher, second]


@pytest.mark.asyncio
@pytest.mark.parametrize("plan_index", range(len(PLANS)))
async def test_no_frame_shows_a_seat_a_card_it_may_not_see(tmp_path: Path, plan_index: int) -> None:
    plan = PLANS[plan_index]
    chooser = random.Random(plan_index)
    async with running_server(sqlite_url(tmp_path)) as live:
        created = await live.create_room(
            seats=[{"player": player} for player in plan], round_limit=1
        )
        code = created["code"]
        humans = [seat for seat, player in enumerate(plan) if player == "human"]
        watcher = Player(await live.join(code, label="spectator"), None)

        def bot_for(seat: int) -> Any:
            # random players throw (and fail throws) often: the blocker must stay secret
            if chooser.random() < 0.5:
                return RandomPlayer(seed=plan_index * 10 + seat)
            return HeuristicPlayer(seed=plan_index * 10 + seat)

        players: list[HintingPlayer] = []
        for seat in humans:
            token = await live.take_seat(code, seat, f"player {seat}")
            client = await live.join(code, token, label=f"seat {seat}")
            players.append(HintingPlayer(client, seat, bot_for(seat), live.seq_of(code), token))
        late = asyncio.create_task(
            _late_joiners(live, code, players[0].token or "", players[0].seat or 0)
        )
        everyone = [*players, watcher]
        await play_all(everyone, room_status("finished"), timeout=60)
        joiners = await asyncio.wait_for(late, 10)
        for joiner in joiners:
            await joiner.play_until(lambda p=joiner: p.caught_up(), acting=False)
        for player in players:
            await player.all_answered()
            # the hints were scanned below with every other frame; they said something
            assert any(hint["action"] is not None for hint in player.hints)
            assert all(hint["type"] == "hint" for hint in player.hints)

        events = live.room(code).game.events
        problems = []
        for player in [*everyone, *joiners]:
            frames = player.client.frames
            assert frames, f"{player.client.label} received nothing"
            problems += _scan(frames, events, player.seat)
            problems += _not_of_the_protocol(frames)
        # each seat's own record, downloaded at the end: its events, numbered
        for player in players:
            response = await live.http.get(
                f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {player.token}"}
            )
            assert response.status_code == 200
            record = response.json()
            first = record["first_seq"]
            frames = [{"seq": first, "observation": record["observation"]}]
            frames += [
                {"seq": number, "event": event}
                for number, event in enumerate(record["events"], start=first + 1)
            ]
            problems += _scan(frames, events, player.seat)
        assert problems == []
        # the scan looked at real frames: hands, draws and plays were named in them
        named = sum(1 for frame in players[0].client.frames if frame["type"] == "event")
        assert named > 100
        tables = [frame["table"] for frame in players[0].client.frames if "table" in frame]
        assert len(tables) > 100 and any(table["hand_groups"] for table in tables)


def test_the_scanner_catches_a_card_of_another_hand() -> None:
    game = Game(seed=11)
    for _ in range(40):
        game.draw()
    events = game.events
    # the server's own frames for every seat pass
    for seat in (0, 1, 2, 3, None):
        frames = [json.loads(text) for text in event_frames(events, 1, seat)]
        assert _scan(frames, events, seat) == []
    # an unredacted draw of seat 1 shown to seat 0 does not, unless seat 0 holds the kind
    mine = set(game.hand(0))
    secret = next(card for card in game.hand(1) if card not in mine)
    drawn = next(
        number
        for number, event in enumerate(events, start=1)
        if event == CardDrawn(seat=1, card=secret)
    )
    shown = event_to_json(events[drawn - 1])
    frame = {"seq": drawn, "type": "event", "event": shown}
    assert leaks(frame, events, 0)
    assert leaks(frame, events, 1) == []
    # a seat's table shown to another seat is caught too (the hand, grouped)
    other = {"seq": len(events), "type": "welcome", "table": table_json(game, 1)}
    assert leaks(other, events, 0) and leaks(other, events, 1) == []
    # and so is a card named inside a message
    assert leaks({"seq": len(events), "message": f"look: {shown['card']}!"}, events, 0)
