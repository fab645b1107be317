"""Rematches (docs/protocol.md, "Rematch"): each player of a finished game asks with its
seat token and sits in its seat of one new room with the same settings and bots; every
client of the old room is told the new code, which survives a restart. Asking with a
wrong token, before the end, or twice is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.harness import (
    LiveServer,
    Player,
    new_room,
    play_all,
    room_frame,
    room_status,
    running_server,
    sqlite_url,
)

#: the settings a rematch keeps
SETTINGS = {
    "rules": {"preset": "classic", "throw_penalty": 5},
    "clock_s": 45.0,
    "spectators": False,
    "listed": True,
    "stand_in": "random",
    "round_limit": 1,
}
PLAN = [
    {"player": "human"},
    {"player": "heuristic", "name": "Hugo"},
    {"player": "human"},
    {"player": "random"},
]


async def ask(live: LiveServer, code: str, token: str | None) -> Any:
    """POST a rematch of room ``code`` with ``token``: the response."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return await live.http.post(f"/api/rooms/{code}/rematch", headers=headers)


async def finished_game(live: LiveServer) -> tuple[str, list[Player]]:
    """A room of SETTINGS and PLAN played to its end by its two people."""
    code, _room = await new_room(live, seats=PLAN, **SETTINGS)
    players = await live.seat_players(code, seats=(0, 2))
    await play_all(players, room_status("finished"), timeout=60)
    return code, players


@pytest.mark.asyncio
async def test_both_players_sit_down_again_in_one_new_room(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, players = await finished_game(live)
        rooms = len(live.lobby.rooms)
        first = await ask(live, code, players[0].token)
        assert first.status_code == 201, first.text
        answer = first.json()
        new_code = answer["code"]
        assert new_code != code and answer["seat"] == 0 and answer["admin_token"]
        room = answer["room"]
        shown = ("clock_s", "spectators", "stand_in", "round_limit")
        assert {name: room[name] for name in shown} == {name: SETTINGS[name] for name in shown}
        assert live.room(new_code).row.listed is True
        assert room["rules"] == live.room(code).row.rules and room["rules"]["throw_penalty"] == 5
        assert [(seat["player"], seat["name"], seat["taken"]) for seat in room["seats"]] == [
            ("human", "player 0", True),
            ("heuristic", "Hugo", False),
            ("human", "", False),
            ("random", "random", False),
        ]
        assert room["status"] == "waiting" and room["rematch"] is None
        assert len(live.lobby.rooms) == rooms + 1
        # every client of the old room hears of it
        for player in players:
            told = await player.read_until(room_frame(lambda info: info["rematch"] is not None))
            assert told["room"]["rematch"] == new_code
        info = (await live.http.get(f"/api/rooms/{code}")).json()["room"]
        assert info["rematch"] == new_code

        second = await ask(live, code, players[1].token)
        assert second.status_code == 201
        assert second.json()["code"] == new_code and second.json()["seat"] == 2
        assert "admin_token" not in second.json()
        assert second.json()["room"]["status"] == "playing"  # every seat taken
        assert len(live.lobby.rooms) == rooms + 1
        # the new seats' tokens play the new game
        client = await live.join(new_code, answer["token"], label="rematch seat 0")
        welcome = await client.recv_until(lambda frame: frame["type"] == "welcome")
        assert welcome["seat"] == 0 and welcome["room"]["code"] == new_code

        # asking again for a seat taken in the rematch: refused, nothing made
        again = await ask(live, code, players[0].token)
        assert again.status_code == 409 and again.json()["error"] == "seat-refused"
        assert len(live.lobby.rooms) == rooms + 1


@pytest.mark.asyncio
async def test_a_rematch_is_refused_without_a_seat_token_or_before_the_end(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        created = await live.create_room(round_limit=1, seats=PLAN)
        code, admin = created["code"], created["admin_token"]
        token = await live.take_seat(code, 0, "Ann")
        rooms = len(live.lobby.rooms)
        for wrong in (None, "x" * 43, admin):
            refused = await ask(live, code, wrong)
            assert refused.status_code == 403 and refused.json()["error"] == "bad-token"
        early = await ask(live, code, token)
        assert early.status_code == 409 and early.json()["error"] == "not-finished"
        missing = await ask(live, "NOSUCHROOM22", token)
        assert missing.status_code == 404
        assert len(live.lobby.rooms) == rooms
        assert live.room(code).row.rematch is None


@pytest.mark.asyncio
async def test_the_link_to_the_rematch_survives_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    async with running_server(url) as live:
        code, players = await finished_game(live)
        tokens = [player.token for player in players]
        new_code = (await ask(live, code, tokens[0])).json()["code"]
    async with running_server(url) as live:
        info = (await live.http.get(f"/api/rooms/{code}")).json()["room"]
        assert info["rematch"] == new_code and info["status"] == "finished"
        # the second player joins the same rematch after the restart
        joined = await ask(live, code, tokens[1])
        assert joined.status_code == 201 and joined.json()["code"] == new_code
        assert joined.json()["seat"] == 2
