"""Version-2 records (docs/records.md): the pack of every deal is stored, so replay deals
the same cards whatever ``random.shuffle`` does, and the seed is only information.

What is tested here: ``record_of`` stores every deal's pack in deal order, a round-1
redeal included (R-T6); a version-2 record replays with the seeded shuffle broken; the
``packs`` field is checked like any other (108 cards of the pack each, R-D1; cards in
notation, R-N3); the count of packs must match the deals the actions make, or replay
refuses cleanly; and the one deal a record may lack, the one its last action makes (a game
stopped at its round limit, played on), is the one the seed deals there. The golden
games in both versions are replayed in tests/game/test_records.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.arena.simulate import simulate
from tuolaji.core.cards import PACK_SIZE, format_cards, full_pack, parse_cards
from tuolaji.core.rules import STANDARD
from tuolaji.game import Game
from tuolaji.game.events import CardDrawn, Event, Redealt, RoundStarted
from tuolaji.game.record import (
    RecordError,
    load_record,
    record_from_json,
    record_of,
    replay,
    save_record,
)
from tuolaji.game.record_schema import action_text

from .test_records import assert_refused, events_hash, pack_text, redealt_game
from .test_scenarios import random_players

DATA = Path(__file__).resolve().parent.parent / "data"
V1 = DATA / "game-standard-seed2.json"
V2 = DATA / "game-standard-seed2-v2.json"


def v2_document() -> dict[str, Any]:
    """The JSON document of the version-2 golden record, to change in tests."""
    data: dict[str, Any] = json.loads(V2.read_text(encoding="utf-8"))
    return data


def cards_drawn_per_deal(events: list[Event]) -> list[list[int]]:
    """The cards drawn in each deal, in order (a deal starts with RoundStarted)."""
    deals: list[list[int]] = []
    for event in events:
        if isinstance(event, RoundStarted):
            deals.append([])
        elif isinstance(event, CardDrawn):
            deals[-1].append(event.card)
    return deals


# --------------------------------------------------------------- what is written


def test_record_of_stores_the_pack_of_every_deal_in_deal_order() -> None:
    """Each deal draws its cards from the top of its stored pack (R-D2), in order."""
    game = Game(STANDARD, 31)
    play_until(game, random_players(31), max_rounds=3)
    record = record_of(game, ["random"] * 4)
    assert record.version == 2 and record.decks == ()
    deals = cards_drawn_per_deal(game.events)
    assert len(record.packs) == len(deals) == 4  # three rounds played, the fourth dealt
    for pack, drawn in zip(record.packs, deals, strict=True):
        assert sorted(pack) == full_pack()  # the whole pack (R-D1)
        assert list(pack[: len(drawn)]) == drawn


def test_a_round_one_redeal_is_a_deal_with_its_own_pack() -> None:
    """R-T6: nobody declares on the first pack, round 1 is dealt again from the second;
    both are stored, and the record replays from them."""
    game = redealt_game(5)
    record = record_of(game, ["random"] * 4)
    assert sum(isinstance(event, Redealt) for event in game.events) == 1
    assert record.packs == (tuple(parse_cards(pack_text(5))), tuple(parse_cards(pack_text(~5))))
    data = json.loads(json.dumps(record.to_json()))
    assert data["version"] == 2 and "decks" not in data
    assert replay(record_from_json(data)).events == game.events


def test_simulate_writes_version_2_records(tmp_path: Path) -> None:
    simulate(rounds=2, seed=9, records=tmp_path)
    record = load_record(tmp_path / "game-00000.json")
    assert record.version == 2
    game = replay(record)
    assert record.packs == tuple(game.packs) and len(record.packs) == len(game.results) + 1


def test_save_record_writes_one_pack_and_one_action_per_line(tmp_path: Path) -> None:
    record = load_record(V2)
    save_record(record, tmp_path / "game.json")
    lines = (tmp_path / "game.json").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith('{"format": "tuolaji-record", "version": 2, ')
    assert lines[0].endswith('"packs": [')
    packs = lines[1 : 1 + len(record.packs)]
    assert [tuple(parse_cards(line.strip(' ",'))) for line in packs] == list(record.packs)
    assert lines[1 + len(record.packs)] == '], "actions": ['
    assert len(lines) == 1 + len(record.packs) + 1 + len(record.actions) + 1
    assert load_record(tmp_path / "game.json") == record


# --------------------------------------------------------- replay without the shuffle


def test_a_version_2_record_replays_without_the_seeded_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reason for version 2: a Python whose random.shuffle orders the pack
    differently still replays the same game. Here the seeded generator is broken
    outright (the deal shuffles with random.shuffle's own draws, core.chance.shuffle)."""
    expected = events_hash(replay(load_record(V1)).events)
    records = {path: load_record(path) for path in (V1, V2)}

    def no_draw(*_: object) -> int:
        raise AssertionError("the seeded generator drew")

    monkeypatch.setattr(random.Random, "getrandbits", no_draw)
    assert events_hash(replay(records[V2]).events) == expected
    with pytest.raises(AssertionError, match="the seeded generator drew"):
        replay(records[V1])  # version 1 deals from the seed


def test_the_seed_of_a_version_2_record_is_only_information() -> None:
    expected = replay(load_record(V2)).events
    data = v2_document()
    data["seed"] = 12345
    game = replay(record_from_json(data))
    assert game.events == expected and game.seed == 12345


def test_a_version_1_record_still_reads_as_before() -> None:
    """A version-1 reader ignored fields it did not know; 'packs' is one of them."""
    data: dict[str, Any] = json.loads(V1.read_text(encoding="utf-8"))
    data["packs"] = "not read in version 1"
    record = record_from_json(data)
    assert record == load_record(V1) and record.version == 1 and record.packs == ()
    assert record.to_json()["version"] == 1 and "packs" not in record.to_json()


# -------------------------------------------------------------- the packs, checked

SHORT_PACK = pack_text(2).rsplit(" ", 1)[0]
TRIPLED_2S = "2S " + pack_text(2).replace("RJ", "", 1).strip()


def set_pack(index: int, text: object) -> Callable[[dict[str, Any]], None]:
    """A change that replaces ``packs[index]``."""
    return lambda data: data["packs"].__setitem__(index, text)


# Each: what is changed in the version-2 golden document, and the whole message.
PACK_ERRORS = [
    pytest.param(
        lambda d: d.pop("packs"),
        "the record has no 'packs': it must be a list of the pack of every deal, each a "
        "string of the 108 cards",
        id="no-packs",
    ),
    pytest.param(
        lambda d: d.update(packs=5),
        "'packs' must be a list of the pack of every deal, each a string of the 108 cards, "
        "not the number 5",
        id="packs-number",
    ),
    pytest.param(
        lambda d: d.update(packs=pack_text(1)),
        "'packs' must be a list of the pack of every deal, each a string of the 108 cards, "
        f'not the string "{pack_text(1)[:59]}…"',
        id="packs-one-string",
    ),
    pytest.param(
        lambda d: d.update(packs=[]),
        "'packs' must hold the pack of every deal, the first deal's at least, not an empty list",
        id="packs-empty",
    ),
    pytest.param(
        set_pack(0, ["AS"]),
        "'packs[0]' must be a string of the 108 cards of the pack in notation (R-N3), "
        "not a list of 1 item",
        id="pack-list",
    ),
    pytest.param(
        set_pack(0, None),
        "'packs[0]' must be a string of the 108 cards of the pack in notation (R-N3), not null",
        id="pack-null",
    ),
    pytest.param(
        set_pack(3, SHORT_PACK),
        "'packs[3]' must hold the 108 cards of the pack (R-D1), not 107 cards",
        id="pack-107-cards",
    ),
    pytest.param(
        set_pack(13, TRIPLED_2S),
        "'packs[13]' must hold each card of the pack twice (R-D1), not 2S ×3, RJ ×1",
        id="last-pack-three-2S",
    ),
    pytest.param(
        set_pack(1, "AS XX"),
        "'packs[1]': cannot read card 'XX': write a rank (2-9, T or 10, J, Q, K, A) then a "
        "suit (S, H, D, C or ♠♥♦♣), or BJ / RJ for the jokers",
        id="pack-notation",
    ),
    pytest.param(
        lambda d: d.update(decks=[pack_text(1)]),
        "'decks' must be left out of a version-2 record, which holds every deal's pack in "
        "'packs', not a list of 1 item",
        id="decks-in-version-2",
    ),
    pytest.param(
        lambda d: d.update(version=3),
        "unknown record version 3: this tuolaji reads versions 1 and 2",
        id="version-3",
    ),
    pytest.param(
        lambda d: d.update(version="2"),
        "'version' must be the number 1 or 2, not the string \"2\"",
        id="version-string",
    ),
    pytest.param(
        # Fields are checked in the order of docs/records.md: 'start' before 'packs'.
        lambda d: d.update(packs=5, start=[]),
        '\'start\' must be an object like {"rank": "2", "declarers": 0, "starter": 0} or '
        "null, not an empty list",
        id="start-before-packs",
    ),
]


@pytest.mark.parametrize(("change", "message"), PACK_ERRORS)
def test_every_pack_is_checked_and_the_message_names_it(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = v2_document()
    change(data)
    assert_refused(data, message)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d.update(decks=None), id="decks-null"),
        pytest.param(lambda d: d.update(decks=[]), id="decks-empty"),
        pytest.param(lambda d: d.update(seed=-(2**70)), id="any-seed"),
        pytest.param(
            lambda d: d["packs"].__setitem__(0, d["packs"][0].lower().replace("t", "10")),
            id="pack-notation-variants",
        ),
    ],
)
def test_the_forms_version_2_allows_replay_the_same_game(
    change: Callable[[dict[str, Any]], None],
) -> None:
    expected = replay(load_record(V2)).events
    data = v2_document()
    change(data)
    assert replay(record_from_json(data)).events == expected


# ------------------------------------------------------------ as many packs as deals


def deal_starts(record_path: Path) -> dict[int, int]:
    """For each deal after the first, the number of the action that starts it."""
    record = load_record(record_path)
    game = Game(record.rules, record.seed, decks=record.packs)
    starts = {}
    for number, action in enumerate(record.actions, start=1):
        game.apply(action)
        if len(game.packs) not in starts and len(game.packs) > 1:
            starts[len(game.packs)] = number
    return starts


def test_a_replay_that_runs_out_of_packs_is_refused_at_the_action_that_deals() -> None:
    data = v2_document()
    del data["packs"][13]
    number = deal_starts(V2)[14]  # the last trick of round 13
    action = action_text(data["actions"][number - 1])
    with pytest.raises(RecordError) as error:
        replay(record_from_json(data))
    assert str(error.value) == (
        f"action {number} ({action}) starts deal 14, but 'packs' holds only 13 packs: "
        "a version-2 record holds the pack of every deal"
    )


def test_a_record_with_more_packs_than_deals_is_refused() -> None:
    data = v2_document()
    data["packs"].append(pack_text(3))
    with pytest.raises(RecordError) as error:
        replay(record_from_json(data))
    assert str(error.value) == (
        "'packs' holds 15 packs, but the actions deal only 14: "
        "a version-2 record holds one pack per deal"
    )


def test_a_version_2_record_cut_short_replays_with_the_packs_dealt_so_far() -> None:
    data = v2_document()
    data["actions"] = data["actions"][:40]
    with pytest.raises(RecordError, match=r"^'packs' holds 14 packs, but the actions deal only 1"):
        replay(record_from_json(data))
    data["packs"] = data["packs"][:1]
    game = replay(record_from_json(data))
    assert len(game.actions) == 40 and len(game.packs) == 1 and not game.results


def test_a_game_stopped_at_its_round_limit_plays_on_with_the_seeds_next_deal() -> None:
    """A game saved at its round limit holds the packs it dealt; replayed without the
    limit (as ``tuolaji play --resume`` does), its last action deals one more round,
    which the record does not hold: that deal, and every later one, is the one the seed
    deals there, as in the game that never stopped (R-D1)."""
    stopped = Game(STANDARD, 41, round_limit=1)
    play_until(stopped, random_players(41))
    record = record_of(stopped, ["random"] * 4)
    assert len(record.packs) == 1
    assert len(replay(record).packs) == 1  # with its limit, nothing more is dealt
    played_on = replay(dataclasses.replace(record, round_limit=None))
    never_stopped = Game(STANDARD, 41)
    play_until(never_stopped, random_players(41), max_rounds=2)
    assert played_on.packs == never_stopped.packs[:2]
    # The game played on deals its later rounds from the seed too, not round 1's pack.
    play_until(played_on, random_players(99), max_rounds=1)
    assert played_on.packs == never_stopped.packs
    assert len(set(played_on.packs)) == 3


def test_only_the_last_action_may_deal_beyond_the_packs() -> None:
    """The same game with one more action after the limit's deal: now the record's
    actions draw from a pack it does not hold, and replay refuses."""
    stopped = Game(STANDARD, 41, round_limit=1)
    play_until(stopped, random_players(41))
    record = record_of(stopped, ["random"] * 4)
    data = record.to_json()
    del data["round_limit"]
    data["actions"].append(["draw", 1])
    last_play = len(data["actions"]) - 1
    with pytest.raises(RecordError) as error:
        replay(record_from_json(data))
    assert str(error.value) == (
        f"action {last_play} ({action_text(data['actions'][-2])}) starts deal 2, but "
        "'packs' holds only 1 pack: a version-2 record holds the pack of every deal"
    )


# -------------------------------------------------------- records built by hand


HAND_BUILT = [
    pytest.param(
        lambda r: dataclasses.replace(r, packs=()),
        "'packs' must hold the pack of every deal, the first deal's at least, not an empty list",
        id="no-packs",
    ),
    pytest.param(
        lambda r: dataclasses.replace(r, decks=r.packs),
        "'decks' must be left out of a version-2 record, which holds every deal's pack in "
        "'packs', not a list of 2 items",
        id="decks-too",
    ),
    pytest.param(
        lambda r: dataclasses.replace(r, version=7),
        "unknown record version 7: this tuolaji reads versions 1 and 2",
        id="version-7",
    ),
    pytest.param(
        lambda r: dataclasses.replace(r, packs=(r.packs[0], r.packs[1][:-1])),
        'action 5 (["pass", 3]) is refused: a stacked deck must hold the 108 cards of the '
        "pack (R-D1)",
        id="short-second-pack",
    ),
]


@pytest.mark.parametrize(("change", "message"), HAND_BUILT)
def test_a_hand_built_version_2_record_is_refused_cleanly(
    change: Callable[[Any], Any], message: str
) -> None:
    record = record_of(redealt_game(5), ["random"] * 4)
    assert len(record.packs[1]) == PACK_SIZE
    with pytest.raises(RecordError) as error:
        replay(change(record))
    assert str(error.value) == message


def test_the_packs_written_are_the_cards_in_notation() -> None:
    record = load_record(V2)
    data = record.to_json()
    assert data["packs"] == [format_cards(pack) for pack in record.packs]
    assert data["packs"] == v2_document()["packs"]
