"""Replays (docs/protocol.md, "Replays"): a finished room's game, or an uploaded record's,
step by step — after the burial, after each trick, at the round's end — with all four
hands; a game in play gives none, and an upload that is not a record, breaks a rule
or is too large is refused and changes nothing."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from server.harness import LiveServer, eventually, new_room, running_server, sqlite_url
from tuolaji.arena.runner import play_until
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.core.cards import parse_cards
from tuolaji.game.actions import Play, action_to_json
from tuolaji.game.event_json import result_to_json
from tuolaji.game.game import Game
from tuolaji.game.record import record_of
from tuolaji.server.replay_routes import MAX_UPLOAD_BYTES
from tuolaji.server.replays import replay_json

FOUR_BOTS = [{"player": "random", "name": "Rob"}, {"player": "heuristic"}] * 2


def cards_of(groups: list[dict[str, str]]) -> list[int]:
    """Every card of a hand given as groups."""
    return [card for group in groups for card in parse_cards(group["cards"])]


def check_round(entry: dict[str, Any], result: dict[str, Any]) -> None:
    """A round's steps: the burial, each trick in turn, the end; every card accounted."""
    steps = entry["steps"]
    assert [step["kind"] for step in steps] == ["start"] + ["trick"] * (len(steps) - 2) + ["end"]
    assert [step["trick"] for step in steps[1:-1]] == list(range(1, len(steps) - 1))
    start = steps[0]
    assert [len(cards_of(hand)) for hand in start["hands"]] == [25] * 4
    assert start["observation"]["phase"] == "play" and start["observation"]["tricks"] == []
    held = Counter(card for hand in start["hands"] for card in cards_of(hand))
    for before, step in itertools.pairwise(steps[:-1]):
        trick = step["observation"]["tricks"][-1]
        assert trick["number"] == step["trick"] and step["observation"]["phase"] == "play"
        played = Counter(card for play in trick["plays"] for card in parse_cards(play[1]))
        now = Counter(card for hand in step["hands"] for card in cards_of(hand))
        assert now + played == Counter(card for hand in before["hands"] for card in cards_of(hand))
        held = now
    assert not held  # the last trick empties every hand
    end = steps[-1]
    assert end["observation"]["last_round"] == result == entry["result"]
    assert len(end["observation"]["tricks"]) == steps[-2]["trick"]


@pytest_asyncio.fixture
async def finished(tmp_path: Path) -> AsyncIterator[tuple[LiveServer, str]]:
    """A live server with a finished one-round game of four bots."""
    async with running_server(sqlite_url(tmp_path), replay_burst=3) as live:
        code, room = await new_room(live, seats=FOUR_BOTS)
        await eventually(lambda: room.row.status == "finished", "the game's end", timeout=30)
        yield live, code


@pytest.mark.asyncio
async def test_a_finished_rooms_replay_steps_through_every_trick(
    finished: tuple[LiveServer, str],
) -> None:
    live, code = finished
    room = live.room(code)
    response = await live.http.get(f"/api/rooms/{code}/replay")
    assert response.status_code == 200
    replay = response.json()
    assert replay["rules"] == room.row.rules
    # named as the table names them: a bot named after its kind is "Bot N (kind)"
    assert replay["seats"] == ["Rob", "Bot 2 (heuristic)", "Rob", "Bot 4 (heuristic)"]
    assert [entry["number"] for entry in replay["rounds"]] == [1]
    check_round(replay["rounds"][0], result_to_json(room.game.results[0]))
    # the same game uploaded as its record replays the same
    record = (await live.http.get(f"/api/rooms/{code}/record")).json()
    uploaded = await live.http.post("/api/replays", json=record)
    assert uploaded.status_code == 200 and uploaded.json() == replay
    again = await live.http.get(f"/api/rooms/{code.lower()}/replay")
    assert again.json() == replay  # kept, and the same


@pytest.mark.asyncio
async def test_a_game_in_play_has_no_replay(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, _room = await new_room(live)
        answer = await live.http.get(f"/api/rooms/{code}/replay")
        assert answer.status_code == 403 and answer.json()["error"] == "in-play"
        missing = await live.http.get("/api/rooms/NOSUCHROOM22/replay")
        assert missing.status_code == 404 and missing.json()["error"] == "no-room"


def whole_game_record(seed: int) -> dict[str, Any]:
    """The record of a whole game of heuristic bots (several rounds)."""
    game = Game(seed=seed)
    play_until(game, [HeuristicPlayer(seed=seat) for seat in range(4)], max_rounds=3)
    return record_of(game, ["A", "B", "C", "D"]).to_json()


def test_a_long_game_replays_round_by_round() -> None:
    game = Game(seed=12)
    play_until(game, [HeuristicPlayer(seed=seat) for seat in range(4)], max_rounds=3)
    replay = replay_json(record_of(game, ["A", "B", "C", "D"]))
    assert [entry["number"] for entry in replay["rounds"]] == [1, 2, 3]
    for entry, result in zip(replay["rounds"], game.results, strict=True):
        check_round(entry, result_to_json(result))
        # the last trick is shown before the round is settled: the levels of the trick
        levels = entry["steps"][-2]["observation"]["levels"]
        assert levels == entry["steps"][-3]["observation"]["levels"]
    # the end of a round that is not the game's last shows the round, the next to deal
    assert replay["rounds"][0]["steps"][-1]["observation"]["phase"] == "draw"
    assert replay["rounds"][0]["steps"][-1]["observation"]["round"] == 1


@pytest.mark.asyncio
async def test_bad_uploads_are_refused_and_change_nothing(
    finished: tuple[LiveServer, str],
) -> None:
    live, _code = finished
    rooms = len(live.lobby.rooms)
    record = whole_game_record(3)
    plays = [index for index, action in enumerate(record["actions"]) if action[0] == "play"]
    # a play swapped for another seat's card breaks a rule of the game
    broken = json.loads(json.dumps(record))
    seat, cards = broken["actions"][plays[10]][1], broken["actions"][plays[10]][2]
    broken["actions"][plays[10]] = action_to_json(Play((seat + 1) % 4, tuple(parse_cards(cards))))
    cases: list[tuple[bytes, int, str]] = [
        (b"{not json", 422, "not JSON"),
        (b"\xff\xfe", 422, "not UTF-8"),
        (b'{"format": "tuolaji-game"}', 422, "tuolaji-record"),
        (b'{"format": "tuolaji-record", "version": 9}', 422, "version"),
        (b"[1, 2, 3]", 422, "record"),
        (b'{"seed": NaN}', 422, "record"),
        (json.dumps(broken).encode(), 422, "breaks R-"),
        (b" " * (MAX_UPLOAD_BYTES + 1), 413, "at most"),
    ]
    for body, status, said in cases:
        response = await live.http.post(
            "/api/replays", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == status, (body[:40], response.text)
        answer = response.json()
        assert answer["error"] == ("too-large" if status == 413 else "bad-record")
        assert said in answer["message"], answer
        live.clock.advance(3.0)  # one replay a time unit: stay under the rate limit

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(5):
            yield b" " * (MAX_UPLOAD_BYTES // 4)

    streamed = await live.http.post("/api/replays", content=chunks())
    assert streamed.status_code == 413
    assert len(live.lobby.rooms) == rooms


@pytest.mark.asyncio
async def test_uploads_are_rate_limited(finished: tuple[LiveServer, str]) -> None:
    live, _code = finished
    record = whole_game_record(5)
    answers = [(await live.http.post("/api/replays", json=record)).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    live.clock.advance(3.0)
    assert (await live.http.post("/api/replays", json=record)).status_code == 200


@pytest.mark.asyncio
async def test_the_record_and_the_replay_are_given_as_soon_as_the_end_is_told(
    tmp_path: Path,
) -> None:
    # The game's end is told once its last action is stored, a moment before the room's
    # status is: a page that opens the replay on the game-over event must get it.
    async with running_server(sqlite_url(tmp_path)) as live:
        storage = live.lobby.storage
        release = asyncio.Event()
        set_status = storage.set_status

        async def held_set_status(code: str, status: str, now: float) -> None:
            if status == "finished":
                await release.wait()
            await set_status(code, status, now)

        storage.set_status = held_set_status  # type: ignore[method-assign]
        code, room = await new_room(live, seats=FOUR_BOTS)
        try:
            await eventually(lambda: room.game_over, "the game's end told", timeout=30)
            assert room.row.status != "finished"
            # asked now, answered once the room's lock is free (the status stored)
            asked = [
                asyncio.create_task(live.http.get(f"/api/rooms/{code}/{what}"))
                for what in ("record", "replay")
            ]
            await asyncio.sleep(0.2)  # let the requests reach the server before release
        finally:
            release.set()
        answers = await asyncio.wait_for(asyncio.gather(*asked), timeout=10)
        assert [answer.status_code for answer in answers] == [200, 200]
