"""R-U1 online: a person takes back their last action through the protocol (an ``act``
of kind ``takeback``), everyone sees the game go back, the bots wait a moment before
acting after a person, and the room's action log keeps the takebacks, so that the
record and a restart rebuild the same game.

A live server on a ManualClock: the bots wait for ``takeback_grace_s`` after a person's
action, and time moves only when the test says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.harness import BOUND_S, Player, is_type, new_room, running_server, sqlite_url
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.game import observe
from tuolaji.game.actions import Takeback
from tuolaji.game.record import record_from_json, replay
from tuolaji.server.room import game_of

TAKEBACK = {"kind": "takeback", "cards": ""}
RULES = {"preset": "standard", "takebacks": True}
BOTS = [{}, {"player": "random"}, {"player": "random"}, {"player": "random"}]


def last_table(player: Player) -> dict[str, Any]:
    """The table of the last settled event frame the player received."""
    frames = [f for f in player.client.frames if f["type"] == "event" and f.get("settled")]
    table: dict[str, Any] = frames[-1]["table"]
    return table


async def reach_lead_or_follow(live: Any, person: Player) -> None:
    """Let the game go on (the person making its declarations and burial, the clock
    moving past each moment to take back) until the person is to play a card."""
    while True:
        await person.play_until(lambda: person.due() is not None, acting=False)
        if person.observation.phase.value == "play":
            return
        action = person.due()
        assert action is not None
        assert (await person.answer(await person.act(action)))["type"] == "ack"
        live.clock.advance(3.5)


@pytest.mark.asyncio
async def test_r_u1_a_person_takes_back_plays_through_a_whole_round(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path), takeback_grace_s=3.0) as live:
        code, room = await new_room(live, seats=BOTS, rules=RULES)
        watcher = Player(
            await live.join(code, label="spectator"), None, server_seq=live.seq_of(code)
        )
        await watcher.read_until(is_type("welcome"))
        (person,) = await live.seat_players(code, (0,), bots=RandomPlayer)

        # nothing to take back yet: refused naming R-U1, nothing stored
        refused = await person.answer(await person.act(TAKEBACK))
        assert (refused["code"], refused["rule"]) == ("illegal", "R-U1")
        assert refused["reason"] == "nothing-to-take-back"
        assert all(entry.action[0] != "takeback" for entry in room.log)

        def finished() -> bool:
            return bool(room.row.status == "finished")

        taken = 0
        while not finished():
            await person.play_until(lambda: finished() or person.due() is not None, acting=False)
            if finished():
                break
            action = person.due()
            assert action is not None
            before = person.observation
            assert (await person.answer(await person.act(action)))["type"] == "ack"
            if room.game.can_takeback(0):
                await person.sync()
                assert "takeback" in last_table(person)["actions"]
                # the bots wait out the moment (the clock stands still): taken back
                back = await person.answer(await person.act(TAKEBACK))
                assert back["type"] == "ack", back
                await person.sync()
                assert person.observation == before == observe(room.game, 0)
                # (the action before it may be the person's too: a burial before a lead)
                offered = "takeback" in last_table(person)["actions"]
                assert offered == room.game.can_takeback(0)
                taken += 1
                assert (await person.answer(await person.act(action)))["type"] == "ack"
            live.clock.advance(3.5)
        await person.sync()
        await watcher.sync()

        # every play but the last (a throw may shorten the round), and maybe a burial
        assert taken >= 12
        assert person.observation == observe(room.game, 0)
        assert watcher.observation == observe(room.game, None)
        told = [f["event"] for f in watcher.client.frames if f["type"] == "event"]
        assert sum(event["type"] == "taken_back" for event in told) == taken
        assert all(ack["id"] for ack in person.acks)

        # the log keeps the takebacks: the record and a restart rebuild the same game
        logged = [entry.action for entry in room.log if entry.action[0] == "takeback"]
        assert logged == [["takeback", 0]] * taken
        stored = await live.lobby.storage.load_room(code)
        assert stored is not None and stored.actions == tuple(room.log)
        assert game_of(stored).events == room.game.events
        response = await live.http.get(f"/api/rooms/{code}/record")
        replayed = replay(record_from_json(response.json()))
        assert replayed.events == room.game.events
        assert Takeback(0) in replayed.actions


@pytest.mark.asyncio
async def test_r_u1_refused_once_a_bot_acted_and_at_a_table_without_takebacks(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), takeback_grace_s=3.0) as live:
        for rules, reason in ((RULES, "acted-since"), ({"preset": "standard"}, "takebacks-off")):
            code, room = await new_room(live, seats=BOTS, rules=rules)
            (person,) = await live.seat_players(code, (0,), bots=RandomPlayer)
            while True:
                await reach_lead_or_follow(live, person)
                action = person.due()
                assert action is not None
                assert (await person.answer(await person.act(action)))["type"] == "ack"
                # a bot must be the next to act: a person whose play won the trick leads
                # again, and plays on (the deal is random)
                if reason != "acted-since" or room.game.to_act() != 0:
                    break
            if reason == "acted-since":
                # the moment passes and the next seat (a bot) plays
                logged = len(room.log)
                live.clock.advance(3.5)
                await person.play_until(
                    # awaited at once: the loop's values cannot change under it
                    lambda: len(room.log) > logged,  # noqa: B023
                    acting=False,
                    timeout=BOUND_S,
                )
            await person.sync()
            refused = await person.answer(await person.act(TAKEBACK))
            assert refused["type"] == "error" and refused["rule"] == "R-U1"
            assert refused["reason"] == reason, refused
            # nothing taken back (the bots play on meanwhile: the state is theirs)
            assert all(entry.action[0] != "takeback" for entry in room.log)
            await person.client.send({"type": "check", "id": "c1", "action": TAKEBACK})
            check = await person.read_until(is_type("verdict"))
            assert check["legal"] is False and check["rule"] == "R-U1"
            await person.disconnect()
