"""Table snapshots (docs/protocol.md, "Tables"): every welcome and every settled event
frame carries the seat's table — its observation exactly as the seat's own view holds
it, its hand grouped by effective suit in the order the engine shows a hand, the
actions open to it and the declarations it may make — and no other frame does. A
spectator's table has no hand."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from server.harness import Player, play_all, room_status, running_server, sqlite_url
from tuolaji.arena.runner import step
from tuolaji.bots.registry import make_player
from tuolaji.core.cards import POINTS, format_cards, parse_cards, points_of, rank_of
from tuolaji.core.declare import declaration_options
from tuolaji.core.trump import suit_label
from tuolaji.game.events import TrickWon
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.state import Phase
from tuolaji.server.fanout import Connection, EventFanout
from tuolaji.server.table import table_json
from tuolaji.wording.hands import display_context, suit_groups


def expected_actions(observation: Observation) -> list[str]:
    """The actions a seat has, as its observation shows the turn: anyone may declare
    while cards are dealt (R-T2); the seat the game waits for declares or passes in the
    final window (R-T4), buries (R-K1) or plays (R-P1)."""
    seat, phase = observation.seat, observation.phase
    if seat is None:
        return []
    if phase is Phase.DRAW:
        return ["declare"]
    if observation.to_act != seat:
        return []
    return {Phase.DECLARE: ["declare", "pass"], Phase.EXCHANGE: ["bury"]}.get(phase, ["play"])


def check_table(table: dict[str, Any], observation: Observation) -> None:
    """``table`` is the one ``observation`` gives: the observation itself, the hand in
    the shown order, the open actions and the declarations that would stand."""
    assert table["observation"] == observation_to_json(observation)
    ctx = display_context(observation)
    assert table["hand_groups"] == [
        {"suit": suit_label(suit), "cards": format_cards(group)}
        for suit, group in suit_groups(ctx, observation.rank, observation.hand)
    ]
    shown = [card for group in table["hand_groups"] for card in parse_cards(group["cards"])]
    assert Counter(shown) == Counter(observation.hand)
    assert table["actions"] == expected_actions(observation)
    if "declare" in table["actions"]:
        assert observation.seat is not None
        options = declaration_options(
            observation.rank, observation.declaration, observation.seat, observation.hand_layers
        )
        assert table["declarations"] == [format_cards(option) for option in options]
    else:
        assert table["declarations"] == []


class TableChecker(Player):
    """A player (or spectator) that checks every table it gets against its own view."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tables = 0
        self.groups_seen = 0

    def follow(self, frame: dict[str, Any]) -> None:
        """Follow the frame, then check its table (or that it has none)."""
        super().follow(frame)
        if frame["type"] == "welcome":
            assert frame["table"]["observation"] == frame["observation"]
        if frame["type"] == "event" and not frame["settled"]:
            assert "table" not in frame
        elif frame["type"] in ("welcome", "event"):
            assert "table" in frame, f"a settled frame without a table: {frame}"
            check_table(frame["table"], self.observation)
            self.tables += 1
            self.groups_seen += len(frame["table"]["hand_groups"])


@pytest.mark.asyncio
async def test_every_settled_frame_carries_the_seats_table(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        created = await live.create_room(
            round_limit=1, seats=[{"player": "human"}] * 3 + [{"player": "heuristic"}]
        )
        code = created["code"]
        watcher = TableChecker(await live.join(code, label="spectator"), None)
        players = []
        for seat in range(3):
            token = await live.take_seat(code, seat, f"p{seat}")
            client = await live.join(code, token, label=f"seat {seat}")
            players.append(TableChecker(client, seat, None, live.seq_of(code), token))
        await play_all([*players, watcher], room_status("finished"), timeout=60)
        for player in players:
            assert player.tables > 100 and player.groups_seen > 100
        assert watcher.tables > 100 and watcher.groups_seen == 0


def game_at(seed: int, phase: Phase) -> Game:
    """A game of heuristic bots, stepped until it reaches ``phase``."""
    game = Game(seed=seed)
    players = [make_player("heuristic", seed * 10 + seat) for seat in range(4)]
    while game.phase is not phase:
        step(game, players)
    return game


@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.DECLARE, Phase.EXCHANGE, Phase.PLAY])
def test_a_table_in_each_phase(phase: Phase) -> None:
    game = game_at(21, phase)
    if phase is Phase.DRAW:
        for _ in range(40):
            game.draw()
    for seat in range(4):
        table = table_json(game, seat)
        check_table(table, observe(game, seat))
        json.dumps(table)
    spectator = table_json(game, None)
    public = {key: table_json(game, 0)[key] for key in ("winning", "point_cards")}
    assert spectator == {
        "observation": observation_to_json(observe(game, None)),
        "hand_groups": [],
        "actions": [],
        "declarations": [],
        **public,
        "talon": "",
    }
    to_act = game.turn().seat
    if phase is Phase.EXCHANGE:
        assert table_json(game, to_act)["actions"] == ["bury"]
        assert len(observe(game, to_act).hand) == 33  # the talon taken (R-K1)
    if phase is Phase.PLAY:
        assert table_json(game, to_act)["actions"] == ["play"]
        assert [table_json(game, seat)["actions"] for seat in range(4)].count([]) == 3


def test_a_hand_is_grouped_trumps_first_then_spades_hearts_clubs_diamonds() -> None:
    game = game_at(21, Phase.PLAY)
    ctx = game.ctx
    assert ctx is not None
    for seat in range(4):
        groups = table_json(game, seat)["hand_groups"]
        suits = [group["suit"] for group in groups]
        order = ["trump", "S", "H", "C", "D"]
        assert suits == sorted(suits, key=order.index) and len(set(suits)) == len(suits)
        for group in groups:
            cards = parse_cards(group["cards"])
            assert [suit_label(ctx.eff[card]) for card in cards] == [group["suit"]] * len(cards)
            assert cards == ctx.sort_high_to_low(list(cards))  # high to low (R-O1, R-O2)


def test_each_seats_table_is_made_once_per_batch() -> None:
    game = game_at(4, Phase.PLAY)
    fanout = EventFanout()
    for seat in (0, 0, 0, 1, None, None):
        fanout.connections.add(Connection(seat, 100))
    asked: list[int | None] = []

    def table(seat: int | None) -> dict[str, Any]:
        asked.append(seat)
        return table_json(game, seat)

    first = len(game.events)
    seat = game.turn().seat
    assert seat is not None
    events = game.play(seat, next(iter(game.legal_plays(seat))))
    fanout.send_events(events, first + 1, table)
    assert sorted(asked, key=str) == sorted([0, 1, None], key=str)
    for connection in fanout.connections:
        frames = [json.loads(connection.outbox.get_nowait() or "") for _ in events]
        assert [("table" in frame) for frame in frames] == [False] * (len(events) - 1) + [True]
        assert frames[-1]["table"] == table_json(game, connection.seat)


def test_the_winning_play_of_a_trick_is_the_one_the_trick_is_won_by() -> None:
    """After each play, ``winning`` names the seat the engine ranks first so far
    (R-W1–R-W4), the same for every seat and a spectator: the leader alone at first,
    then the seat winning before or the one that just played; the seat winning after
    the third play wins the trick unless the fourth play takes it (as trick_won says)."""
    game = game_at(8, Phase.PLAY)
    players = [make_player("heuristic", 80 + seat) for seat in range(4)]
    assert table_json(game, None)["winning"] is None  # no trick led yet
    standing: int | None = None
    tricks = changes = 0
    while game.phase is Phase.PLAY:
        seat = game.turn().seat
        before = len(game.events)
        step(game, players)
        shown = {table_json(game, viewer)["winning"] for viewer in (None, 0, 1, 2, 3)}
        assert len(shown) == 1
        winning = shown.pop()
        won = [event for event in game.events[before:] if isinstance(event, TrickWon)]
        if won:
            assert won[0].seat in (standing, seat)
            assert winning is None  # between two tricks
            standing, tricks = None, tricks + 1
            continue
        assert winning in ((seat,) if standing is None else (standing, seat))
        changes += standing is not None and winning != standing
        standing = winning
    assert tricks >= 10 and changes > 0


def test_point_cards_are_those_of_the_tricks_each_team_won() -> None:
    """R-O4, R-S1: the point cards in a team's tricks are worth the points the tricks
    gave it; every seat and a spectator see the same (tricks are public). Once the
    round ends they stay those of the round that ended until the next round deals."""
    game = game_at(8, Phase.PLAY)
    players = [make_player("heuristic", 80 + seat) for seat in range(4)]
    won = [0, 0]
    while game.phase is Phase.PLAY:
        step(game, players)
        observation = observe(game, None)
        if observation.phase is Phase.PLAY:
            won = [
                sum((t.points or 0) for t in observation.tricks if t.winner % 2 == team)
                for team in (0, 1)
            ]
        else:
            last = [event for event in game.events if isinstance(event, TrickWon)][-1]
            won[last.seat % 2] += last.points or 0
        tables = [table_json(game, viewer)["point_cards"] for viewer in (None, 0, 1, 2, 3)]
        assert all(cards == tables[0] for cards in tables)
        for team in (0, 1):
            cards = parse_cards(tables[0][team])
            assert points_of(cards) == won[team] and all(POINTS[card] for card in cards)
            assert [rank_of(card) for card in cards] == sorted(map(rank_of, cards), reverse=True)
    result = observe(game, None).last_round
    assert game.phase is Phase.DRAW and result is not None
    assert sum(won) + points_of(result.talon) == 200  # every point card, the talon's too
    game.draw()  # the next round deals: its own tricks count from nothing
    assert table_json(game, None)["point_cards"] == ["", ""]


def test_only_the_starter_burying_sees_the_talon_it_took() -> None:
    """R-K1: the talon the starter takes is its own to see, while it buries."""
    game = game_at(21, Phase.EXCHANGE)
    starter = game.turn().seat
    assert starter is not None
    before = Counter(game.hand(starter))
    talon = table_json(game, starter)["talon"]
    assert len(parse_cards(talon)) == 8
    assert not Counter(parse_cards(talon)) - before  # the talon is in the starter's hand
    shown = [card for group in table_json(game, starter)["hand_groups"] for card in
             parse_cards(group["cards"])]  # fmt: skip
    positions = [shown.index(card) for card in dict.fromkeys(parse_cards(talon))]
    assert positions == sorted(positions)  # in the hand's order
    for other in (None, *(seat for seat in range(4) if seat != starter)):
        assert table_json(game, other)["talon"] == ""
    game.bury(starter, game.hand(starter)[:8])
    assert table_json(game, starter)["talon"] == ""  # buried: the exchange is over
