"""The HTTP side of the server (docs/protocol.md): creating rooms with rules and seat
plans, taking seats, seating bots, records during and after play, rate limits, unknown
rooms and the front page. A refused request changes nothing and says why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from server.harness import LiveServer, eventually, running_server, sqlite_url
from tuolaji.game import Game, SeatView, event_from_json, observe
from tuolaji.game.observation_json import observation_from_json
from tuolaji.server.page import seated_names
from tuolaji.server.storage_rows import RoomSummary

HUMAN = {"player": "human"}


async def refused(live: LiveServer, body: Any, status: int = 422) -> dict[str, Any]:
    """POST ``body`` to create a room: refused with ``status``; no room was made."""
    rooms = len(live.lobby.rooms)
    response = await live.http.post("/api/rooms", json=body)
    assert response.status_code == status, response.text
    assert len(live.lobby.rooms) == rooms
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.asyncio
async def test_rooms_are_created_with_presets_options_and_seat_plans(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), create_burst=20) as live:
        classic = await live.create_room(rules="classic")
        assert classic["room"]["rules"]["preset"] == "classic"
        assert classic["room"]["status"] == "waiting"
        assert len(classic["code"]) == 12 and len(classic["admin_token"]) >= 22

        created = await live.create_room(
            rules={"preset": "standard", "throw_penalty": 5, "failed_throw_must_beat": False},
            seats=[
                {"player": "human", "name": "Ann"},
                {"player": "search:guesses=4"},
                HUMAN,
                {"player": "random", "name": "Rob"},
            ],
            clock_s=30,
            spectators=False,
            stand_in="random",
            round_limit=3,
        )
        room = created["room"]
        assert room["rules"]["throw_penalty"] == 5
        assert room["rules"]["failed_throw_must_beat"] is False
        assert (room["clock_s"], room["spectators"], room["stand_in"], room["round_limit"]) == (
            30,
            False,
            "random",
            3,
        )
        assert [seat["player"] for seat in room["seats"]] == [
            "human",
            "search:guesses=4",
            "human",
            "random",
        ]
        assert [seat["name"] for seat in room["seats"]][::3] == ["Ann", "Rob"]
        assert not any(seat["taken"] for seat in room["seats"])
        info = (await live.http.get(f"/api/rooms/{created['code'].lower()}")).json()["room"]
        assert info == {**room, "deadline": info["deadline"]}

        # four bots: the game starts at once
        bots = await live.create_room(seats=[{"player": "random"}] * 4, round_limit=1)
        assert bots["room"]["status"] == "playing"

        # a search bot named without a budget gets a guess budget (it replays exactly)
        plain = await live.create_room(seats=[{"player": "search"}, HUMAN, HUMAN, HUMAN])
        assert plain["room"]["seats"][0]["player"] == "search:guesses=40"


@pytest.mark.asyncio
async def test_bad_room_requests_are_refused_naming_the_option(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), create_burst=50) as live:
        cases: list[tuple[dict[str, Any], str]] = [
            ({"rules": {"bombs": True}}, "bombs"),
            ({"rules": {"throw_penalty": 500}}, "throw_penalty"),
            ({"rules": {"talon_multiplier": "lots"}}, "talon_multiplier"),
            ({"rules": "tournament"}, "tournament"),
            ({"clock_s": 1}, "clock_s"),
            ({"round_limit": 0}, "round_limit"),
            ({"seats": [HUMAN] * 3}, "seats"),
            ({"seats": [{"player": "cmd:./bot"}, HUMAN, HUMAN, HUMAN]}, "seats.0.player"),
            ({"seats": [{"player": "genius"}, HUMAN, HUMAN, HUMAN]}, "seats.0.player"),
            # a search that thinks for seconds would not replay: guesses only
            ({"seats": [{"player": "search:0.5"}, HUMAN, HUMAN, HUMAN]}, "guesses"),
            ({"stand_in": "search:seconds=1"}, "guesses"),
            ({"seats": [{"name": "x" * 41}, HUMAN, HUMAN, HUMAN]}, "seats.0.name"),
            ({"stand_in": "human"}, "stand_in"),
            ({"colour": "red"}, "colour"),
        ]
        for body, named in cases:
            answer = await refused(live, body)
            assert answer["error"] == "bad-request"
            assert named in answer["message"], (body, answer)
        response = await live.http.post(
            "/api/rooms", content=b"{not json", headers={"content-type": "application/json"}
        )
        assert response.status_code == 422 and response.json()["error"] == "bad-request"


@pytest.mark.asyncio
async def test_seats_are_taken_once_and_only_the_admin_seats_bots(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        created = await live.create_room(round_limit=1)
        code, admin = created["code"], created["admin_token"]
        token = await live.take_seat(code, 0, "Ann")
        again = await live.http.post(f"/api/rooms/{code}/seats/0", json={"name": "Bob"})
        assert again.status_code == 409 and again.json()["error"] == "seat-refused"
        assert "taken" in again.json()["message"]
        for seat in (4, -1):
            answer = await live.http.post(f"/api/rooms/{code}/seats/{seat}", json={})
            assert answer.status_code == 404 and answer.json()["error"] == "no-seat"
        long_name = await live.http.post(f"/api/rooms/{code}/seats/1", json={"name": "x" * 41})
        assert long_name.status_code == 422 and "name" in long_name.json()["message"]

        def seat_bot(seat: int, player: str, bearer: str | None) -> Any:
            headers = {} if bearer is None else {"Authorization": f"Bearer {bearer}"}
            return live.http.put(
                f"/api/rooms/{code}/seats/{seat}/bot", json={"player": player}, headers=headers
            )

        for bearer in (None, token, "A" * 43):
            answer = await seat_bot(1, "random", bearer)
            assert answer.status_code == 403 and answer.json()["error"] == "not-admin"
        assert (await seat_bot(1, "cmd:./bot", admin)).status_code == 422
        assert (await seat_bot(1, "human", admin)).status_code == 422
        assert (await seat_bot(0, "random", admin)).status_code == 409  # Ann's
        seated = await seat_bot(1, "random", admin)
        assert seated.status_code == 200
        assert seated.json()["room"]["seats"][1]["player"] == "random"
        assert (await seat_bot(2, "heuristic", admin)).status_code == 200
        assert live.room(code).row.status == "waiting"
        await live.take_seat(code, 3, "Cy")
        assert live.room(code).row.status == "playing"
        assert (await seat_bot(3, "random", admin)).status_code == 409


@pytest.mark.asyncio
async def test_records_whole_after_the_game_and_per_seat_during_it(tmp_path: Path) -> None:
    """During play the whole record is refused; a seat's token gets that seat's own
    record, whose events rebuild exactly the seat's observation and never show a card
    another seat drew."""
    async with running_server(sqlite_url(tmp_path)) as live:
        seats = [HUMAN, {"player": "random"}, {"player": "random"}, {"player": "heuristic"}]
        created = await live.create_room(seats=seats, round_limit=1)
        code, admin = created["code"], created["admin_token"]
        token = await live.take_seat(code, 0, "Ann")
        room = live.room(code)
        # the bots deal and play until the person (not connected, within grace) must act
        await eventually(lambda: room.game.turn().seat == 0, "seat 0's decision", 15)

        whole = await live.http.get(f"/api/rooms/{code}/record")
        assert whole.status_code == 403 and whole.json()["error"] == "in-play"
        for bearer in (admin, "A" * 43):
            answer = await live.http.get(
                f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {bearer}"}
            )
            assert answer.status_code == 403 and answer.json()["error"] == "bad-token"

        response = await live.http.get(
            f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 200
        record = response.json()
        assert (record["format"], record["seat"], record["room"]) == (
            "tuolaji-seat-record",
            0,
            code,
        )
        view = SeatView(observation_from_json(record["observation"]))
        for event in record["events"]:
            view.apply(event_from_json(event))
        assert view.observation == observe(room.game, 0)
        assert record["first_seq"] + len(record["events"]) == room.seq
        drawn = [event for event in record["events"] if event["type"] == "card_drawn"]
        assert len(drawn) >= 25  # a whole deal's cards for this seat
        private = [e for e in record["events"] if e["type"] in ("card_drawn", "talon_taken")]
        assert {event["seat"] for event in private} == {0}
        assert any(event["type"] == "hidden_card_drawn" for event in record["events"])
        # the whole record names the seats as the table does
        assert room.record_json()["players"] == [
            "Ann",
            "Bot 1 (random)",
            "Bot 2 (random)",
            "Bot 3 (heuristic)",
        ]


@pytest.mark.asyncio
async def test_rate_limits_refuse_with_retry_after(tmp_path: Path) -> None:
    async with running_server(
        sqlite_url(tmp_path), create_burst=2, create_every_s=12.0, join_burst=3
    ) as live:
        first = await live.create_room()
        await live.create_room()
        answer = await refused(live, {}, status=429)
        assert answer["error"] == "rate-limited"
        response = await live.http.post("/api/rooms", json={})
        assert response.status_code == 429 and float(response.headers["Retry-After"]) > 0

        live.clock.advance(12)  # one more token
        await live.create_room()

        code = first["code"]
        for _ in range(3):
            assert (await live.http.get(f"/api/rooms/{code}")).status_code == 200
        limited = await live.http.get(f"/api/rooms/{code}")
        assert limited.status_code == 429 and limited.json()["error"] == "rate-limited"
        assert "Retry-After" in limited.headers


@pytest.mark.asyncio
async def test_unknown_rooms_are_not_found(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        for code in ("ZZZZZZZZZZZZ", "nope", "A" * 300, "0O1IL0O1IL0O"):
            for method, path, body in (
                ("GET", f"/api/rooms/{code}", None),
                ("GET", f"/api/rooms/{code}/record", None),
                ("POST", f"/api/rooms/{code}/seats/0", {"name": "x"}),
            ):
                response = await live.http.request(method, path, json=body)
                assert response.status_code == 404, (method, path)
                assert response.json()["error"] == "no-room"


@pytest.mark.asyncio
async def test_the_front_page_lists_listed_open_rooms_with_names_escaped(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        name = '<script>alert("Ann & Bob")</script>'
        listed = await live.create_room(
            listed=True, seats=[{"name": name}, HUMAN, HUMAN, {"player": "random"}]
        )
        hidden = await live.create_room(listed=False)
        full = await live.create_room(listed=True, seats=[{"player": "random"}] * 4)

        page = await live.http.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert listed["code"] in page.text
        assert hidden["code"] not in page.text and full["code"] not in page.text
        assert "<script>" not in page.text
        assert "&lt;script&gt;alert(&quot;Ann &amp; Bob&quot;)&lt;/script&gt;" in page.text

        rooms = (await live.http.get("/api/rooms")).json()["rooms"]
        assert [room["code"] for room in rooms] == [listed["code"]]
        assert rooms[0]["open_seats"] == [0, 1, 2] and name in rooms[0]["names"]
        assert rooms[0]["players"] == ["human", "human", "human", "random"]


def test_the_plain_front_page_names_seated_players_as_the_table_does() -> None:
    # a bot named after its spec is "Bot N (kind)"; open seats are left out
    room = RoomSummary(
        code="ROOM",
        created_at=0.0,
        rules={"preset": "standard"},
        status="waiting",
        open_seats=(2,),
        names=("Ana", "heuristic", "", "search:guesses=40"),
        players=("human", "heuristic", "human", "search:guesses=40"),
    )
    assert seated_names(room) == "Ana, Bot 1 (heuristic), Bot 2 (search)"


@pytest.mark.asyncio
async def test_a_seed_is_taken_only_by_a_server_that_allows_seeds(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        answer = await refused(live, {"seed": 42, "round_limit": 1})
        assert answer["error"] == "bad-request" and "seed" in answer["message"]
        assert "--allow-seeds" in answer["message"]
    async with running_server(sqlite_url(tmp_path), allow_seeds=True, create_burst=20) as live:
        created = await live.create_room(seed=42, round_limit=1)
        room = live.room(created["code"])
        assert room.row.seed == 42
        assert room.game.packs[0] == Game(seed=42).packs[0]  # dealt from the seed (R-D2)
        shown = (await live.http.get(f"/api/rooms/{created['code']}")).json()
        assert "seed" not in json.dumps(created) and "seed" not in json.dumps(shown)
        for bad in (-1, 2**63, True, "7", 1.5):
            answer = await refused(live, {"seed": bad})
            assert answer["error"] == "bad-request" and "seed" in answer["message"], bad
        unseeded = await live.create_room(round_limit=1)
        assert live.room(unseeded["code"]).row.seed != 42
