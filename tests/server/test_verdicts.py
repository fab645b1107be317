"""``check`` → ``verdict``: the engine says what an action would be (legal or why not, and
the combination a play makes, R-C1–R-C4) and nothing changes."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path
from typing import Any

import pytest

from server.harness import Player, play_all, running_server, sqlite_url
from tuolaji.arena.runner import step
from tuolaji.bots.registry import make_player
from tuolaji.core.cards import format_cards, parse_cards, points_of
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.state import Phase
from tuolaji.server.verdicts import verdict


def game_in_play(seed: int) -> Game:
    """A game whose first trick is about to be led."""
    game = Game(seed=seed)
    players = [make_player("heuristic", seed * 10 + seat) for seat in range(4)]
    while game.phase is not Phase.PLAY:
        step(game, players)
    return game


def test_a_legal_lead_names_its_combination() -> None:
    game = game_in_play(5)
    seat = game.turn().seat
    assert seat is not None
    before = observe(game, seat)
    lead = next(iter(game.legal_plays(seat)))
    answer = verdict(game, seat, "play", format_cards(lead))
    assert answer["legal"] is True
    combination = answer["combination"]
    assert combination["size"] == len(lead)
    assert combination["kind"] in ("single", "pair", "tractor", "throw")
    assert observe(game, seat) == before  # nothing changed


def test_pairs_mixed_cards_and_turns() -> None:
    game = game_in_play(7)
    seat = game.turn().seat
    assert seat is not None
    hand = game.hand(seat)
    pair = next(card for card in set(hand) if hand.count(card) == 2)
    answer = verdict(game, seat, "play", format_cards([pair, pair]))
    assert answer["combination"]["kind"] == "pair" and answer["combination"]["parts"] == ["pair"]
    # cards of two effective suits are no combination, and no lead (R-C4)
    ctx = game.ctx
    assert ctx is not None
    by_suit: dict[int, int] = {}
    for card in hand:
        by_suit.setdefault(ctx.eff[card], card)
    assert len(by_suit) >= 2
    mixed = verdict(game, seat, "play", format_cards(list(by_suit.values())[:2]))
    assert mixed["legal"] is False and mixed["combination"]["kind"] == "mixed"
    assert mixed["rule"] == "R-C4" and mixed["combination"]["suit"] is None
    # another seat: not its turn (R-P1), whatever its cards
    other = (seat + 1) % 4
    late = verdict(game, other, "play", format_cards(game.hand(other)[:1]))
    assert (late["legal"], late["rule"], late["reason"]) == (False, "R-P1", "not-your-turn")
    assert late["details"] == {"seat": seat}


def test_other_actions_and_bad_notation() -> None:
    game = Game(seed=3)
    for _ in range(20):
        game.draw()
    twin = copy.deepcopy(game.events)
    # before the trump is settled a play has no combination, and is refused (R-P1)
    early = verdict(game, 0, "play", format_cards(game.hand(0)[:1]))
    assert early == {
        "legal": False,
        "combination": None,
        "points": points_of(game.hand(0)[:1]),
        "rule": "R-P1",
        "reason": "wrong-phase",
        "message": "Not allowed (R-P1): Cards are played only after the talon exchange.",
        "parts": [{"text": "Not allowed (R-P1): Cards are played only after the talon exchange."}],
    }
    assert verdict(game, 0, "pass", "")["rule"] == "R-T4"
    assert verdict(game, 1, "bury", format_cards(game.hand(1)[:8]))["legal"] is False
    bad = verdict(game, 0, "play", "AS ZZ")
    assert (bad["legal"], bad["rule"], bad["reason"]) == (False, "R-N3", "bad-card")
    declarable = [list(option) for option in game.legal_declarations(0)]
    for option in declarable:
        assert verdict(game, 0, "declare", format_cards(option)) == {
            "legal": True,
            "combination": None,
            "points": None,
        }
    assert game.events == twin  # nothing changed


@pytest.mark.asyncio
async def test_a_seat_checks_before_it_acts_and_a_spectator_cannot(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code = (await live.create_room(round_limit=1))["code"]
        players = await live.seat_players(code)
        room = live.room(code)
        await play_all(players, lambda _player: room.game.phase is Phase.PLAY)
        seat = room.game.turn().seat
        assert seat is not None
        player: Player = players[seat]
        action = player.due()
        assert action is not None
        logged = len(room.log)
        await player.client.send({"type": "check", "id": "c1", "action": action})
        answer = await player.read_until(lambda frame: frame.get("id") == "c1")
        assert answer["type"] == "verdict" and answer["legal"] is True
        assert answer["combination"]["size"] == len(action["cards"].split())
        assert len(room.log) == logged  # a check changes nothing
        other = players[(seat + 1) % 4]
        await other.client.send({"type": "check", "id": "c2", "action": action})
        refused = await other.read_until(lambda frame: frame.get("id") == "c2")
        assert refused["type"] == "verdict" and refused["legal"] is False
        assert refused["rule"] == "R-P1"
        watcher = await live.join(code, label="spectator")
        await watcher.send({"type": "check", "id": "c3", "action": action})
        frame = await watcher.recv_until(lambda frame: frame.get("id") == "c3")
        assert frame["type"] == "error" and frame["code"] == "not-seated"
        assert (await player.act_now())["type"] == "ack"


def test_points_count_for_plays_and_burials_only() -> None:
    game = game_in_play(5)
    seat = game.turn().seat
    assert seat is not None
    lead = next(iter(game.legal_plays(seat)))
    assert verdict(game, seat, "play", format_cards(lead))["points"] == points_of(lead)
    # R-O4: fives 5, tens and kings 10, whatever the action's legality
    refused = verdict(game, seat, "bury", "5S TH KD 2C")
    assert refused["legal"] is False and refused["points"] == 25
    assert verdict(game, seat, "declare", "2S")["points"] is None
    assert verdict(game, seat, "pass", "")["points"] is None
    assert verdict(game, seat, "play", "5S ZZ")["points"] is None  # not cards (R-N3)
    assert points_of(parse_cards("5S TH KD 2C")) == 25


def read_parts(refusal: dict[str, Any]) -> str:
    """A refusal's ``parts`` read one after the other: words, cards in notation, seats by
    the name the sentence gives them."""
    pieces = refusal["parts"]
    return "".join(part.get("text", part.get("cards", part.get("name", ""))) for part in pieces)


@pytest.mark.parametrize("lang", ["en", "zh_CN", "es", "da", "lv", "hi"])
def test_a_refusal_comes_in_parts_that_read_as_its_message(lang: str) -> None:
    game = game_in_play(5)
    seat = game.turn().seat
    assert seat is not None
    hand = game.hand(seat)
    # R-P1 from the next seat: the seat to act is named, by number and by name
    other = (seat + 1) % 4
    late = verdict(game, other, "play", format_cards(game.hand(other)[:1]), lang)
    assert read_parts(late) == late["message"]
    seats = [part for part in late["parts"] if "seat" in part]
    assert [part["seat"] for part in seats] == [seat]
    assert seats[0]["name"] in late["message"] and set(seats[0]) == {"seat", "name"}
    # R-P2 NOT_HELD: the cards named are a part of their own, in notation
    missing = next(card for card in range(54) if card not in hand)
    lead = verdict(game, seat, "play", format_cards([missing]), lang)
    assert (lead["legal"], lead["reason"]) == (False, "not-held")
    assert [part["cards"] for part in lead["parts"] if "cards" in part] == [lead["cards"]]
    assert read_parts(lead) == lead["message"]
    # the words of a sentence are one part between two cards or seats, never split
    for answer in (late, lead):
        kinds = ["text" if "text" in part else "other" for part in answer["parts"]]
        assert all(a != b or a == "other" for a, b in itertools.pairwise(kinds))
    # a legal verdict has no message, so no parts
    legal = verdict(game, seat, "play", format_cards(next(iter(game.legal_plays(seat)))), lang)
    assert legal["legal"] is True and "parts" not in legal


def test_a_refusal_is_worded_for_the_seat_in_its_language() -> None:
    game = game_in_play(5)
    seat = game.turn().seat
    assert seat is not None
    other = (seat + 1) % 4
    cards = format_cards(game.hand(other)[:1])
    english = verdict(game, other, "play", cards)
    spanish = verdict(game, other, "play", cards, "es")
    assert english["message"].startswith("Not allowed (R-P1): ")
    assert spanish["message"].startswith("No permitido (R-P1): ")
    worded = ("message", "parts")
    assert {key: value for key, value in spanish.items() if key not in worded} == {
        key: value for key, value in english.items() if key not in worded
    }
    # a language the game does not have words it in English
    assert verdict(game, other, "play", cards, "tlh")["message"] == english["message"]


@pytest.mark.asyncio
async def test_a_connection_hears_refusals_in_the_language_of_its_hello(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code = (await live.create_room(round_limit=1))["code"]
        tokens = [await live.take_seat(code, seat, f"p{seat}") for seat in range(4)]
        room = live.room(code)
        said: dict[str, str] = {}
        for lang, seat in (("es", 0), ("zh-CN", 1), ("tlh", 2), (None, 3)):
            client = await live.connect(code, label=f"seat {seat}")
            hello: dict[str, Any] = {"type": "hello", "token": tokens[seat]}
            if lang is not None:
                hello["lang"] = lang
            await client.send(hello)
            await client.recv_until(lambda frame: frame["type"] == "welcome")
            # playing before the trump is settled is refused (R-P1): no seat's action
            action = {"kind": "play", "cards": "AS"}
            await client.send({"type": "act", "id": "a1", "action": action})
            error = await client.recv_until(lambda frame: frame.get("id") == "a1")
            await client.send({"type": "check", "id": "c1", "action": action})
            answer = await client.recv_until(lambda frame: frame.get("id") == "c1")
            assert error["code"] == "illegal" and error["rule"] == answer["rule"]
            assert error["message"] == answer["message"]
            assert error["parts"] == answer["parts"] and read_parts(error) == error["message"]
            assert all(entry.seat is None for entry in room.log)  # only the deal's draws
            said[str(lang)] = error["message"]
        assert said["es"].startswith("No permitido (R-")
        assert said["zh-CN"].startswith("不允许（R-")
        assert said["tlh"] == said["None"] and said["None"].startswith("Not allowed (R-")
        # a language that is not a language code is a bad hello
        client = await live.connect(code, label="bad hello")
        await client.send({"type": "hello", "token": tokens[0], "lang": "es; rm -rf"})
        refused = await client.recv()
        assert refused["code"] == "hello-first"
        assert await client.closed() == 1008
