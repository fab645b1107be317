"""Crash safety: the real server killed with SIGKILL mid-game, again and again, loses
nothing it acknowledged and applies nothing twice — on SQLite and on PostgreSQL.

``test_games_survive_sigkill`` runs ``tuolaji serve`` as a process on one database, plays
two rooms (four scripted humans; two humans and two bots) over WebSockets, and kills the
server at seeded moments — while the cards are dealt, right after a client sent an action
(before its ack), right after an ack, in the middle of a trick, after a while — at least
:data:`MIN_KILLS` times, restarting it on the same database each time. The clients
reconnect with their token and the last event number they saw, and send an action not
yet acknowledged again with the same id. Once the games are over:

- every event a client was told, before or after any kill, is the final game's event at
  that number as that seat sees it (nothing told was lost or changed), and the client's
  observation is the final game's;
- every action a client got an ack for is in the action log exactly once, at the number
  of its ack, as sent; no client action id appears twice;
- the finished game's record (``GET /api/rooms/CODE/record``) replays to the log;
- the bots went on after restarts, each decision the one its seeded bot makes on the
  game as it stood (docs/protocol.md, "Durable games").

``test_a_restart_finishes_what_a_crash_interrupted`` sets a database up as a crash
between two writes leaves it (the last action stored, not the status; the last seat
taken, not the status) and checks that the server completes them when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from server.crashkit import START_TIMEOUT_S, SeatClient, ServerProcess
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Game, Phase, event_to_json, observe, view
from tuolaji.game.actions import Bury, Declare, Pass, Play, action_to_json
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.record import record_from_json, replay
from tuolaji.game.record_schema import read_action
from tuolaji.server.botpool import BotRequest, Decision, think
from tuolaji.server.driver import SEED_STRIDE
from tuolaji.server.room import game_of
from tuolaji.server.storage import Storage
from tuolaji.server.storage_rows import LoggedAction, RoomRow, SeatRow, StoredRoom
from tuolaji.server.tokens import new_room_code, new_token, token_hash

#: kills while a game is being played, per backend (the durability goal: at least 20)
MIN_KILLS = 20
#: no more kills after this many: the games are then played to their end
MAX_KILLS = 21
#: the whole run of one backend, kills and restarts included
RUN_TIMEOUT_S = 240.0
#: a killer's moment that does not come within this many seconds is replaced by a kill
MOMENT_TIMEOUT_S = 1.0
#: the rooms: a seat plan (``human`` or a bot) and the rounds to play; bots play fast, so
#: their room plays two rounds (a new deal after a restart too)
ROOMS = (
    (("human", "human", "human", "human"), 1),
    (("human", "heuristic", "human", "random"), 2),
)
#: seeds the killer's moments and the scripted players (the rooms' seeds are the server's)
SEED = 102024


@dataclass
class Kill:
    """One SIGKILL: the moment it was aimed at, and what the clients saw then."""

    number: int
    moment: str
    phases: tuple[str, ...]
    in_flight: int
    mid_trick: bool


#: the events a seat's own action makes (the told-others moment watches for them)
ACTION_EVENTS = frozenset({"declared", "passed", "buried", "hidden_buried", "played"})


@dataclass
class Killer:
    """Kills the server at seeded moments (see the module doc) and starts it again.

    Each kill is *armed* with a moment and a number of events to let pass first; the
    clients' hooks fire it, synchronously, when the moment comes; a moment that does not
    come in time (the game moved past it) is replaced by a plain kill. The moments:
    ``dealing`` (an event while cards are dealt), ``after-send`` (an action has just left
    a client, killed at once or a few milliseconds later: before, during or after its
    commit), ``told-others`` (another seat was just told of an action whose client has
    no ack yet: it is stored, and its ack is lost with the server), ``after-ack``,
    ``mid-trick`` (a trick of one to three plays), ``events`` and ``timer``.
    """

    server: ServerProcess
    rng: random.Random
    clients: list[SeatClient] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    moment: str | None = None
    events_left: int = 0
    fired: asyncio.Event = field(default_factory=asyncio.Event)

    def _games_on(self) -> bool:
        return any(not client.done for client in self.clients)

    def after_send(self, client: SeatClient) -> None:
        """An action just left ``client``: the after-send moment kills before its ack."""
        if self.moment == "after-send" and self.events_left <= 0:
            delay = self.rng.choice((0.0, 0.0, 0.002, 0.005, 0.01, 0.02))
            if delay:
                self.moment = f"after-send +{delay * 1000:.0f} ms"
                asyncio.get_running_loop().call_later(delay, self._fire, self.moment)
                self.moment = None  # disarmed: the timer fires it
            else:
                self._fire()

    def after_frame(self, client: SeatClient, frame: dict[str, Any]) -> None:
        """A frame just arrived at ``client``: count it, and fire when the moment came."""
        if self.moment is None:
            return
        kind = frame.get("type")
        if kind == "event":
            self.events_left -= 1
        if self.events_left > 0:
            return
        seen = client.view.observation if client.view is not None else None
        event = frame.get("event") or {}
        if (
            (self.moment == "after-ack" and kind == "ack")
            or (self.moment == "events" and kind == "event")
            or (self.moment == "dealing" and kind == "event" and client.phase is Phase.DRAW)
            or (
                self.moment == "mid-trick"
                and kind == "event"
                and seen is not None
                and seen.phase is Phase.PLAY
                and 0 < len(seen.trick) < 4
            )
        ):
            self._fire()
        elif self.moment == "told-others" and event.get("type") in ACTION_EVENTS:
            for actor in self.clients:
                if (
                    actor.code == client.code
                    and actor.seat == event.get("seat") != client.seat
                    and actor.pending is not None
                ):
                    # The action is stored (another seat was told of it); its ack, which
                    # may be on its way, is lost with the server.
                    actor.lose_unread = True
                    self._fire()
                    return

    def _fire(self, moment: str | None = None) -> None:
        """Kill the server now (once per arming) and note what the clients saw then."""
        if self.fired.is_set():
            return
        moment = moment or self.moment or "timer"
        self.moment = None
        live = [client for client in self.clients if not client.done]
        trick = [client.view.observation.trick for client in live if client.view is not None]
        self.kills.append(
            Kill(
                number=len(self.kills) + 1,
                moment=moment,
                phases=tuple(str(client.phase and client.phase.value) for client in live),
                in_flight=sum(1 for client in live if client.pending is not None),
                mid_trick=any(0 < len(plays) < 4 for plays in trick),
            )
        )
        self.server.kill_now()
        self.fired.set()

    def _arm(self) -> None:
        dealing = any(client.phase in (None, Phase.DRAW) for client in self.clients)
        moments = ["after-send"] * 3 + ["told-others"] * 2
        moments += ["after-ack", "mid-trick", "events", "timer"]
        if dealing:
            moments += ["dealing"] * 4
        # The first kill lands in a deal (the last room's cards are being dealt as the
        # clients connect), the second after an action is stored, before its ack; then
        # the moments are drawn.
        first = ("dealing", "told-others")
        count = len(self.kills)
        self.moment = first[count] if count < len(first) else self.rng.choice(moments)
        # Events to let pass first (each client counts): a few events of each game
        # between two kills, so that the kills cover the games from deal to last trick.
        self.events_left = self.rng.randint(0, 3 * len(self.clients))
        self.fired.clear()

    async def run(self) -> None:
        """Kill and restart until the games are over or :data:`MAX_KILLS` is reached."""
        while self._games_on() and len(self.kills) < MAX_KILLS:
            self._arm()
            wait = (
                self.rng.uniform(0.0, 0.2)
                if self.moment == "timer"
                else 3 * MOMENT_TIMEOUT_S  # humans act rarely while cards are dealt
                if self.moment == "told-others"
                else MOMENT_TIMEOUT_S
            )
            try:
                await asyncio.wait_for(self.fired.wait(), wait)
            except TimeoutError:
                if not self._games_on():
                    break
                late = self.moment
                self._fire("timer" if late in (None, "timer") else f"{late}, too late")
            await self.server.restart()
        self.moment = None


async def _create_rooms(
    server: ServerProcess, rng: random.Random, hooks: Killer
) -> list[SeatClient]:
    """The rooms of :data:`ROOMS` with every human seat taken; a client per human."""
    clients = []
    async with httpx.AsyncClient(base_url=server.base_url, timeout=10) as http:
        for plan, rounds in ROOMS:
            body = {
                "rules": "standard",
                "round_limit": rounds,
                "seats": [{"player": player} for player in plan],
            }
            made = await http.post("/api/rooms", json=body)
            assert made.status_code == 201, made.text
            code = made.json()["code"]
            for seat, player in enumerate(plan):
                if player != "human":
                    continue
                taken = await http.post(
                    f"/api/rooms/{code}/seats/{seat}", json={"name": f"p{seat}"}
                )
                assert taken.status_code == 201, taken.text
                bot_seed = rng.randrange(2**32)
                bot = HeuristicPlayer(bot_seed) if seat % 2 == 0 else RandomPlayer(bot_seed)
                clients.append(SeatClient(code, seat, taken.json()["token"], bot, hooks))
    return clients


@pytest.mark.asyncio
async def test_games_survive_sigkill(storage_url: str, tmp_path: Path) -> None:
    """≥ 20 SIGKILLs during two games: nothing acknowledged is lost, nothing is applied
    twice, everything told stays true, the bots go on, the records replay."""
    rng = random.Random(SEED)
    server_log = tmp_path / "server.log"
    server = ServerProcess(storage_url, server_log)
    try:
        await server.start()
        killer = Killer(server, rng)
        clients = killer.clients
        clients.extend(await _create_rooms(server, rng, killer))
        players = [asyncio.create_task(client.run(server)) for client in clients]
        try:
            await asyncio.wait_for(
                asyncio.gather(killer.run(), *players), RUN_TIMEOUT_S + START_TIMEOUT_S
            )
        finally:
            for task in players:
                task.cancel()
            await asyncio.wait_for(asyncio.gather(*players, return_exceptions=True), 10)
        codes = sorted({client.code for client in clients})
        records = await _download_records(server, codes)
        await server.stop()
        stored = await _load_rooms(storage_url, codes)
    except BaseException:
        await server.kill()
        print(f"--- the server's output ---\n{server.tail()}")
        raise
    finally:
        await server.kill()

    report = _summary(killer, clients)
    print(report)
    problems = [problem for client in clients for problem in client.problems]
    assert not problems, "\n".join(problems)
    _check_kills(killer.kills, report)
    assert any(client.retries for client in clients), f"no action was sent again\n{report}"
    # an action stored before the kill, sent again: acknowledged, not applied again
    assert any(client.duplicates for client in clients), f"no duplicate ack\n{report}"
    for code in codes:
        game = _check_record(records[code], stored[code])
        room_clients = [client for client in clients if client.code == code]
        for client in room_clients:
            _check_told(client, game)
            _check_acked(client, stored[code])
        _check_client_ids(stored[code], room_clients)
        _check_bots(stored[code], server.started_at)
    _check_server_output(server_log)


async def _download_records(server: ServerProcess, codes: list[str]) -> dict[str, Any]:
    """Each finished room's record, as the server gives it."""
    records = {}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=10) as http:
        for code in codes:
            info = await _get(http, f"/api/rooms/{code}")
            assert info.status_code == 200, info.text
            assert info.json()["room"]["status"] == "finished", info.text
            answer = await _get(http, f"/api/rooms/{code}/record")
            assert answer.status_code == 200, answer.text
            records[code] = answer.json()
    return records


async def _get(http: httpx.AsyncClient, path: str) -> httpx.Response:
    """GET ``path``, waiting as ``Retry-After`` says when refused for the rate (on
    PostgreSQL the limits per address outlive the restarts; the whole test is one
    address)."""
    for _ in range(5):
        response = await http.get(path)
        if response.status_code != 429:
            return response
        await asyncio.sleep(float(response.headers["Retry-After"]) + 0.5)
    return response


async def _load_rooms(url: str, codes: list[str]) -> dict[str, StoredRoom]:
    """What the database holds of each room, read once the server is stopped."""
    storage = await asyncio.wait_for(Storage.open(url), 30)
    try:
        rooms = {}
        for code in codes:
            stored = await asyncio.wait_for(storage.load_room(code), 30)
            assert stored is not None, code
            rooms[code] = stored
        return rooms
    finally:
        await storage.close()


def _summary(killer: Killer, clients: list[SeatClient]) -> str:
    moments: dict[str, int] = {}
    for kill in killer.kills:
        moments[kill.moment] = moments.get(kill.moment, 0) + 1
    lines = [f"{len(killer.kills)} kills: {moments}"]
    lines += [
        f"  kill {kill.number}: {kill.moment}, phases {kill.phases}, "
        f"{kill.in_flight} in flight, mid-trick {kill.mid_trick}"
        for kill in killer.kills
    ]
    lines += [
        f"  {client.code} seat {client.seat}: {len(client.seen)} events, "
        f"{len(client.acked)} acked, {client.retries} resent, {client.duplicates} duplicate "
        f"acks, {len(client.refused)} refused, {client.connections} connections, "
        f"{client.welcomes} welcomes"
        for client in clients
    ]
    return "\n".join(lines)


def _check_kills(kills: list[Kill], report: str) -> None:
    """Enough kills, landed at the moments that matter."""
    during_play = [kill for kill in kills if kill.phases]
    assert len(during_play) >= MIN_KILLS, report
    assert any("draw" in kill.phases for kill in kills), f"no kill while dealing\n{report}"
    assert any(kill.in_flight for kill in kills), f"no kill before an ack\n{report}"
    assert any(kill.mid_trick for kill in kills), f"no kill in the middle of a trick\n{report}"


def _check_record(record: dict[str, Any], stored: StoredRoom) -> Game:
    """The downloaded record replays to a finished game, the one the action log makes
    (the record joins runs of draws into one action: the events are compared)."""
    assert [entry.number for entry in stored.actions] == list(range(1, len(stored.actions) + 1))
    game = replay(record_from_json(record))
    assert game.turn().over
    logged = game_of(stored)
    assert list(map(event_to_json, game.events)) == list(map(event_to_json, logged.events))
    assert game.packs == logged.packs
    return game


def _check_told(client: SeatClient, game: Game) -> None:
    """Every event the client was told is the final game's, as its seat sees it."""
    assert client.seen, f"seat {client.seat} of {client.code} was told nothing"
    for number, told in sorted(client.seen.items()):
        assert number <= len(game.events), f"event {number} was told, then lost"
        final = json.loads(json.dumps(event_to_json(view(game.events[number - 1], client.seat))))
        assert told == final, f"seat {client.seat} of {client.code}: event {number} changed"
    assert client.view is not None
    assert observation_to_json(client.view.observation) == observation_to_json(
        observe(game, client.seat)
    )


def _check_acked(client: SeatClient, stored: StoredRoom) -> None:
    """Every acknowledged action is in the log once, at its number, as sent."""
    for action_id, number in client.acked.items():
        entry = stored.actions[number - 1]
        assert (entry.seat, entry.client_id, entry.by_bot) == (client.seat, action_id, False)
        assert entry.action == client.sent[action_id].logged(client.seat), action_id
    assert client.pending is None


def _check_client_ids(stored: StoredRoom, clients: list[SeatClient]) -> None:
    """No client action id twice in the log; each one logged was sent, and acked."""
    logged = [(e.seat, e.client_id) for e in stored.actions if e.client_id is not None]
    assert len(logged) == len(set(logged))
    by_seat = {client.seat: client for client in clients}
    for seat, action_id in logged:
        assert seat is not None and action_id in by_seat[seat].acked, (seat, action_id)


def _check_bots(stored: StoredRoom, started_at: list[float]) -> None:
    """Each bot decision is what its seeded bot decides on the game as it stood, and
    the bots went on after restarts (they acted in more than one server's life)."""
    rows = stored.room
    game = Game(
        rules_from_spec(rows.rules), rows.seed, decks=stored.packs, round_limit=rows.round_limit
    )
    lives = set()
    for entry in stored.actions:
        action = read_action(entry.number, entry.action)
        if entry.by_bot:
            assert entry.seat is not None
            player = stored.seats[entry.seat].player
            assert player != "human", entry  # no stand-in ever played (grace 600 s)
            decision: Decision = (
                "play"
                if type(action) is Play
                else "bury"
                if type(action) is Bury
                else "declaration"
            )
            request = BotRequest(
                player=player,
                seed=rows.seed * SEED_STRIDE + entry.number - 1,
                decision=decision,
                observation=observation_to_json(observe(game, entry.seat)),
            )
            cards = think(request)
            expected = (
                Pass(entry.seat)
                if decision == "declaration" and not cards
                else Declare(entry.seat, cards or ())
                if decision == "declaration"
                else Bury(entry.seat, cards or ())
                if decision == "bury"
                else Play(entry.seat, cards or ())
            )
            assert action_to_json(expected) == entry.action, entry
            lives.add(sum(1 for started in started_at if started <= entry.at))
        game.apply(action)
    if any(seat.player != "human" for seat in stored.seats):
        assert len(lives) > 1, f"the bots acted in server lives {sorted(lives)} only"


def _check_server_output(log: Path) -> None:
    """No server ever logged an unhandled exception or a broken room."""
    text = log.read_text(errors="replace")
    for marker in ("Traceback", "ERROR", "stopped:", "could not be resumed"):
        assert marker not in text, f"the server logged {marker!r}:\n{text[-6000:]}"


# ------------------------------------------------- a crash between two writes


def _room_row(code: str, status: str, seed: int) -> RoomRow:
    return RoomRow(
        code=code,
        created_at=1_800_000_000.0,
        updated_at=1_800_000_000.0,
        rules=rules_from_spec("standard").to_spec(),
        seed=seed,
        round_limit=1,
        clock_s=None,
        spectators=True,
        listed=False,
        stand_in="heuristic",
        status=status,
        admin_hash=token_hash(new_token()),
    )


def _taken_seats() -> tuple[SeatRow, ...]:
    return tuple(SeatRow(seat, "human", f"p{seat}", token_hash(new_token())) for seat in range(4))


async def _store_interrupted_rooms(url: str) -> tuple[str, str]:
    """Two rooms as a crash leaves them: one whose last action is stored but not the
    status "finished"; one whose last seat is taken but whose status is still
    "waiting". Returns their codes."""
    over, full = new_room_code(), new_room_code()
    game = Game(rules_from_spec("standard"), 7, round_limit=1)
    storage = await asyncio.wait_for(Storage.open(url), 30)
    try:
        await storage.create_room(_room_row(over, "playing", 7), _taken_seats(), game.packs[0])
        number = 0
        while not game.turn().over:
            assert number < 2000, "the scripted game does not end"
            turn = game.turn()
            packs = len(game.packs)
            if turn.chance:
                events = game.draw()
                action: list[Any] = ["draw", 1]
                seat = None
            else:
                seat = turn.seat
                assert seat is not None
                before = len(game.actions)
                if game.phase is Phase.PLAY:
                    events = game.play(seat, next(iter(game.legal_plays(seat))))
                elif game.phase is Phase.EXCHANGE:
                    events = game.bury(seat, next(iter(game.legal_burials(seat))))
                elif (choice := next(iter(game.legal_declarations(seat)), None)) is not None:
                    events = game.declare(seat, choice)  # else every deal is dealt again
                else:
                    events = game.pass_declaring(seat)
                assert len(game.actions) == before + 1
                action = action_to_json(game.actions[-1])
            assert events
            number += 1
            entry = LoggedAction(number, action, seat, None, False, 1_800_000_001.0)
            await storage.append_action(over, entry, game.packs[packs:])
        await storage.create_room(
            _room_row(full, "waiting", 8), _taken_seats(), Game(seed=8).packs[0]
        )
    finally:
        await storage.close()
    return over, full


async def _status_seen(url: str, wanted: str, within: float = 5.0) -> str:
    """Watch a room as a spectator until its status is ``wanted`` (the driver sets it
    once the server runs) or ``within`` seconds pass; the last status seen."""
    status = "unknown"
    async with connect(url, open_timeout=5, close_timeout=1) as watcher:
        await watcher.send(json.dumps({"type": "hello"}))
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(within):
                while status != wanted:
                    frame = json.loads(await watcher.recv())
                    if frame["type"] in ("welcome", "room"):
                        status = frame["room"]["status"]
    return status


@pytest.mark.asyncio
async def test_a_restart_finishes_what_a_crash_interrupted(
    storage_url: str, tmp_path: Path
) -> None:
    """A game whose last action was stored but not its end is finished (its record is
    served); a room whose seats are all taken but which never started, starts."""
    over, full = await _store_interrupted_rooms(storage_url)
    server = ServerProcess(storage_url, tmp_path / "server.log")
    try:
        await server.start()
        finished = await _status_seen(server.ws_url(over), "finished")
        started = await _status_seen(server.ws_url(full), "playing")
        assert (finished, started) == ("finished", "playing"), (
            f"after a crash between two writes, a game that is over stays {finished!r} "
            f"and a room whose seats are all taken stays {started!r}"
        )
        async with httpx.AsyncClient(base_url=server.base_url, timeout=10) as http:
            record = await http.get(f"/api/rooms/{over}/record")
            assert record.status_code == 200, record.text
            assert replay(record_from_json(record.json())).turn().over
    except BaseException:
        print(f"--- the server's output ---\n{server.tail()}")
        raise
    finally:
        await server.kill()
