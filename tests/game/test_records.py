"""Game records (docs/records.md): golden games that must replay to exactly the same
game, and records that must be refused with a clear RecordError.

Rule ids: a record that breaks a rule is refused naming the rule (R-D2, R-T4, R-K1,
R-P1, R-P2) and the action's number; every other failure names the field, what was found
there and what belongs there (R-D1 for stacked packs, R-N3 for cards, R-T5 for the
starter). Bad files and ``tuolaji replay`` are tested in tests/test_cli_replay.py, and
mutated records in tests/game/test_record_fuzz.py. What only version-2 records have (the
pack of every deal) is tested in tests/game/test_records_v2.py.

The version-1 golden files tests/data/game-*.json (no ``-v2``) were written by

    tuolaji simulate --games 1 --seed 2 --records DIR                  # standard-seed2
    tuolaji simulate --games 1 --seed 4 --records DIR                  # standard-seed4
    tuolaji simulate --games 1 --seed 3 --rules classic --records DIR  # classic-seed3

(each writes DIR/game-00000.json) when tuolaji wrote version 1. They hold actions, not
outcomes, so they stay valid as long as the rules and the seeded shuffle do. The
version-2 golden files tests/data/game-*-v2.json are the same games written again:

    save_record(record_of(replay(load_record(V1)), ("random",) * 4), V2)

so they hold the same actions and, in ``packs``, every pack the seed dealt. If a
deliberate change of the game layer changes the events, regenerate the expectations
below with:

    python -c "import hashlib, sys; from tuolaji.game.record import load_record, replay;
    g = replay(load_record(sys.argv[1])); print(g.levels, g.winner, len(g.results),
    hashlib.sha256('\\n'.join(repr(e) for e in g.events).encode()).hexdigest())" FILE
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.core.cards import format_cards, full_pack, parse_cards
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game import Draw, Game, Pass, Phase
from tuolaji.game.events import Redealt, TrickWon
from tuolaji.game.record import (
    GameRecord,
    RecordError,
    load_record,
    record_from_json,
    record_of,
    replay,
    save_record,
)

from .test_scenarios import random_players

DATA = Path(__file__).resolve().parent.parent / "data"


def events_hash(events: list[Any]) -> str:
    """sha256 of the events' reprs, one per line."""
    return hashlib.sha256("\n".join(repr(e) for e in events).encode()).hexdigest()


GAMES = [
    # file stem, preset, seed, actions, rounds, tricks, final levels, winner, events hash
    pytest.param(
        "game-standard-seed2",
        "standard",
        2000006,
        1422,
        14,
        328,
        [4, 14],
        1,
        "c7e486663ac931bc08c09cf4c8c76cbc04fa281f6f2e62e24390ca3e62c6200e",
        id="standard-seed2",
    ),
    pytest.param(
        "game-standard-seed4",
        "standard",
        4000012,
        1795,
        18,
        412,
        [13, 6],
        0,
        "c62efc71e5487e3ce0fe0a3df35e423d80d62d30ae29d97396855a5a8f28a0c4",
        id="standard-seed4",
    ),
    pytest.param(
        "game-classic-seed3",
        "classic",
        3000009,
        1903,
        19,
        437,
        [13, 6],
        0,
        "9b84870c932883dc7b62c46d27d43a29effd244a55c287ab6842ed0d459654d3",
        id="classic-seed3",
    ),
]
#: Each golden game twice: as tuolaji wrote it in version 1, and in version 2.
GOLDEN = [
    pytest.param(*game.values, version, id=f"{game.id}-v{version}")
    for game in GAMES
    for version in (1, 2)
]


def golden_file(stem: str, version: int) -> Path:
    """The golden record of game ``stem`` in ``version``."""
    return DATA / (f"{stem}.json" if version == 1 else f"{stem}-v2.json")


@pytest.mark.parametrize(
    "stem, preset, seed, actions, rounds, tricks, levels, winner, digest, version", GOLDEN
)
def test_golden_records_replay_to_the_same_game(
    stem: str,
    preset: str,
    seed: int,
    actions: int,
    rounds: int,
    tricks: int,
    levels: list[int],
    winner: int,
    digest: str,
    version: int,
    tmp_path: Path,
) -> None:
    path = golden_file(stem, version)
    record = load_record(path)
    assert record.version == version
    assert (record.rules.preset, record.seed, len(record.actions)) == (preset, seed, actions)
    assert record.players == ("random",) * 4
    game = replay(record)
    assert game.phase is Phase.OVER
    assert (game.levels, game.winner, len(game.results)) == (levels, winner, rounds)
    assert sum(isinstance(e, TrickWon) for e in game.events) == tricks
    assert events_hash(game.events) == digest
    # The record of the replayed game is the version-2 record of the game, whichever
    # version was replayed: the same actions and the pack of every deal, in deal order.
    rewritten = record_of(game, record.players)
    assert rewritten == load_record(golden_file(stem, 2))
    assert rewritten.actions == record.actions
    assert rewritten.version == 2 and rewritten.packs == tuple(game.packs)
    assert len(rewritten.packs) == rounds  # no golden game has a round-1 redeal
    # Saving the record read writes the same file, in its own version.
    save_record(record, tmp_path / path.name)
    assert (tmp_path / path.name).read_text() == path.read_text()


# ---------------------------------------------------------------- broken records


def golden_document() -> dict[str, Any]:
    """The JSON document of the first golden record, to break in tests."""
    data: dict[str, Any] = json.loads((DATA / "game-standard-seed2.json").read_text())
    return data


def first(data: dict[str, Any], name: str) -> int:
    """The index of the first action called ``name``."""
    return next(i for i, action in enumerate(data["actions"]) if action[0] == name)


def broken(change: str) -> tuple[dict[str, Any], str]:
    """The golden document broken as ``change`` says, and a pattern of the message."""
    data = copy.deepcopy(golden_document())
    actions = data["actions"]
    if change == "version":
        data["version"] = 3
        return data, r"^unknown record version 3: this tuolaji reads versions 1 and 2$"
    if change == "format":
        data["format"] = "chess-pgn"
        return data, r"not a tuolaji record.*'format'"
    if change.startswith("missing "):
        name = change.removeprefix("missing ")
        del data[name]
        if name == "format":
            return data, r"not a tuolaji record: it has no 'format'"
        if name == "version":
            return data, r"the record has no 'version': it must be the number 1 or 2"
        return data, f"the record has no '{name}'"
    if change == "rules":
        data["rules"] = {"preset": "house"}
        return data, r"'rules': unknown preset 'house'"
    if change == "seed":
        data["seed"] = "two"
        return data, r"'seed' must be a whole number"
    if change == "players":
        data["players"] = ["random"] * 3
        return data, r"'players' must list 4 names"
    if change == "deck":
        data["decks"] = ["AS KS"]
        return data, r"'decks\[0\]' must hold the 108 cards of the pack \(R-D1\), not 2 cards"
    if change == "deck notation":
        data["decks"] = ["AS XX"]
        return data, r"'decks\[0\]': cannot read card 'XX'"
    index = first(data, "play")
    if change == "action seat":
        actions[index] = ["play", 7, "AS"]
        return data, rf"action {index + 1} \(.*\): the seat must be 0-3, not the number 7"
    if change == "action name":
        actions[index] = ["fly", 0, "AS"]
        return data, rf'action {index + 1} \(.*\): unknown action "fly"'
    if change == "action card":
        actions[index] = ["play", 0, "AS 1Z"]
        return data, rf"action {index + 1} \(.*\): cannot read card '1Z'"
    if change == "action shape":
        actions[index] = "play 0 AS"
        return data, rf"action {index + 1} must be a list like .*, not the string"
    if change == "draw count":
        actions[0] = ["draw", 0]
        return data, r"action 1 \(.*\): the count must be a whole number from 1 to 100"
    # Well-formed actions that break a rule: refused with the rule and the action number.
    if change == "R-P1":
        seat = actions[index][1]
        actions[index] = ["play", (seat + 1) % 4, actions[index][2]]
        return data, rf"action {index + 1} .*breaks R-P1"
    if change == "R-K1":
        index = first(data, "bury")
        actions[index][2] = " ".join(actions[index][2].split()[:7])
        return data, rf"action {index + 1} .*breaks R-K1: bury exactly 8 cards, not 7"
    if change == "R-T4":
        index = first(data, "pass")
        actions[index] = ["pass", (actions[index][1] + 1) % 4]
        return data, rf"action {index + 1} .*breaks R-T4"
    if change == "R-D2":
        actions.append(["draw", 1])
        return data, rf"action {len(actions)} .*breaks R-D2"
    raise AssertionError(change)


CHANGES = [
    "version",
    "format",
    "missing format",
    "missing version",
    "missing rules",
    "missing seed",
    "missing players",
    "missing actions",
    "rules",
    "seed",
    "players",
    "deck",
    "deck notation",
    "action seat",
    "action name",
    "action card",
    "action shape",
    "draw count",
    "R-P1",
    "R-K1",
    "R-T4",
    "R-D2",
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_broken_record_fails_with_a_message_naming_the_problem(
    change: str, tmp_path: Path
) -> None:
    data, pattern = broken(change)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as error:
        replay(load_record(path))
    assert re.search(pattern, str(error.value)), str(error.value)


# ------------------------------------------------------- every field checked, by name


def pack_text(seed: int) -> str:
    """A shuffled pack (R-D1) in notation, as a record's ``decks`` holds it."""
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return format_cards(pack)


START = {"rank": "2", "declarers": 0, "starter": 0}


def change_start(**fields: object) -> Callable[[dict[str, Any]], None]:
    """A change that gives the document a ``start`` with ``fields`` changed (or deleted,
    for the value ``DELETE``)."""

    def change(data: dict[str, Any]) -> None:
        start = dict(START, **fields)
        data["start"] = {name: value for name, value in start.items() if value is not DELETE}

    return change


def change_action(index: int, action: object) -> Callable[[dict[str, Any]], None]:
    """A change that replaces ``actions[index]`` (the action numbered ``index + 1``)."""
    return lambda data: data["actions"].__setitem__(index, action)


DELETE = object()
SECOND_DECK_SHORT = pack_text(2).rsplit(" ", 1)[0]
SECOND_DECK_TRIPLED = "2S " + pack_text(2).replace("RJ", "", 1).strip()

# Each: what is changed in the golden document, and the whole message it must give.
FIELD_ERRORS = [
    pytest.param(
        lambda d: d.update(version="1"),
        "'version' must be the number 1 or 2, not the string \"1\"",
        id="version-string",
    ),
    pytest.param(
        lambda d: d.update(version=True),
        "'version' must be the number 1 or 2, not true",
        id="version-true",
    ),
    pytest.param(
        lambda d: d.update(version=1.0),
        "'version' must be the number 1 or 2, not the number 1.0",
        id="version-float",
    ),
    pytest.param(
        lambda d: d.update(format=1),
        "not a tuolaji record: 'format' must be the string \"tuolaji-record\", not the number 1",
        id="format-number",
    ),
    pytest.param(
        lambda d: d.update(rules=[]),
        '\'rules\' must be an object of options like {"preset": "standard"}, a preset name '
        "or null, not an empty list",
        id="rules-list",
    ),
    pytest.param(
        lambda d: d.update(rules={"throw_penalty": -1}),
        "'rules': option throw_penalty must be a whole number from 0 to 200, not -1",
        id="rules-option",
    ),
    pytest.param(
        lambda d: d.update(seed=True), "'seed' must be a whole number, not true", id="seed-true"
    ),
    pytest.param(
        lambda d: d.update(seed=2.5),
        "'seed' must be a whole number, not the number 2.5",
        id="seed-2.5",
    ),
    pytest.param(
        lambda d: d.update(players="random"),
        "'players' must be a list of 4 names, seat 0 first, not the string \"random\"",
        id="players-string",
    ),
    pytest.param(
        lambda d: d["players"].append("random"),
        "'players' must list 4 names, seat 0 first, not 5",
        id="players-five",
    ),
    pytest.param(
        lambda d: d["players"].__setitem__(2, None),
        "'players[2]' must be a name, not null",
        id="player-null",
    ),
    pytest.param(
        lambda d: d["players"].__setitem__(1, ""),
        "'players[1]' must be a name, not the string \"\"",
        id="player-empty",
    ),
    pytest.param(
        lambda d: d.update(decks=5),
        "'decks' must be a list of stacked packs, each a string of the 108 cards, not the number 5",
        id="decks-number",
    ),
    pytest.param(
        lambda d: d.update(decks=[["AS"]]),
        "'decks[0]' must be a string of the 108 cards of the pack in notation (R-N3), "
        "not a list of 1 item",
        id="deck-list",
    ),
    pytest.param(
        lambda d: d.update(decks=[pack_text(1), SECOND_DECK_SHORT]),
        "'decks[1]' must hold the 108 cards of the pack (R-D1), not 107 cards",
        id="second-deck-107-cards",
    ),
    pytest.param(
        lambda d: d.update(decks=[pack_text(1), SECOND_DECK_TRIPLED]),
        "'decks[1]' must hold each card of the pack twice (R-D1), not 2S ×3, RJ ×1",
        id="second-deck-three-2S",
    ),
    pytest.param(
        lambda d: d.update(start=[]),
        '\'start\' must be an object like {"rank": "2", "declarers": 0, "starter": 0} or null, '
        "not an empty list",
        id="start-list",
    ),
    pytest.param(
        change_start(rank=2),
        '\'start.rank\' must be a rank like "2" or "A", not the number 2',
        id="start-rank-number",
    ),
    pytest.param(
        change_start(rank=None),
        '\'start.rank\' must be a rank like "2" or "A", not null',
        id="start-rank-null",
    ),
    pytest.param(
        change_start(rank=["2"]),
        '\'start.rank\' must be a rank like "2" or "A", not a list of 1 item',
        id="start-rank-list",
    ),
    pytest.param(
        change_start(rank="1"),
        '\'start.rank\' must be a rank like "2" or "A" (2-9, T or 10, J, Q, K, A), '
        'not the string "1"',
        id="start-rank-unknown",
    ),
    pytest.param(
        change_start(declarers=1.5, starter=1),
        "'start.declarers' must be the declaring team, 0 or 1, not the number 1.5",
        id="start-declarers-1.5",
    ),
    pytest.param(
        change_start(declarers=True, starter=1),
        "'start.declarers' must be the declaring team, 0 or 1, not true",
        id="start-declarers-true",
    ),
    pytest.param(
        change_start(declarers=DELETE),
        "'start' has no 'declarers': it must be the declaring team, 0 or 1",
        id="start-no-declarers",
    ),
    pytest.param(
        change_start(starter=4),
        "'start.starter' must be the starting seat, 0-3, not the number 4",
        id="start-starter-4",
    ),
    pytest.param(
        change_start(starter=1),
        "'start.starter' must be a seat of the declaring team 0 (seats 0 and 2), not seat 1 (R-T5)",
        id="start-starter-other-team",
    ),
    pytest.param(
        lambda d: d.update(round_limit=0),
        "'round_limit' must be a whole number ≥ 1 or null, not the number 0",
        id="round-limit-0",
    ),
    pytest.param(
        lambda d: d.update(actions={}),
        "'actions' must be a list of actions, not an empty object",
        id="actions-object",
    ),
    pytest.param(
        change_action(0, ["draw", 101]),
        'action 1 (["draw", 101]): the count must be a whole number from 1 to 100 '
        "(a deal draws 100 cards, R-D2), not the number 101",
        id="draw-101",
    ),
    pytest.param(
        change_action(0, ["draw", True]),
        'action 1 (["draw", true]): the count must be a whole number from 1 to 100 '
        "(a deal draws 100 cards, R-D2), not true",
        id="draw-true",
    ),
    pytest.param(
        change_action(0, ["draw", 1, 2]),
        'action 1 (["draw", 1, 2]): draw takes one count, like ["draw", 5]',
        id="draw-two-counts",
    ),
    pytest.param(
        change_action(1, ["declare", True, "2D"]),
        'action 2 (["declare", true, "2D"]): the seat must be 0-3, not true',
        id="seat-true",
    ),
    pytest.param(
        change_action(3, ["pass", 0.0]),
        'action 4 (["pass", 0.0]): the seat must be 0-3, not the number 0.0',
        id="seat-float",
    ),
    pytest.param(
        change_action(3, ["pass", 0, "2D"]),
        'action 4 (["pass", 0, "2D"]): pass takes a seat, like ["pass", 2]',
        id="pass-with-cards",
    ),
    pytest.param(
        change_action(7, ["bury", 0, 5]),
        'action 8 (["bury", 0, 5]): the cards must be a string in notation like "AS AS" '
        "(R-N3), not the number 5",
        id="cards-number",
    ),
    pytest.param(
        change_action(8, ["play", 0]),
        'action 9 (["play", 0]): play takes a seat and cards, like ["play", 0, "AS AS"]',
        id="play-without-cards",
    ),
    pytest.param(
        change_action(8, [3, 0]),
        "action 9 ([3, 0]) must start with the action's name (draw, declare, pass, bury, "
        "play or takeback), not the number 3",
        id="name-number",
    ),
    pytest.param(
        change_action(8, []),
        'action 9 must be a list like ["play", 0, "AS"], not an empty list',
        id="empty-action",
    ),
]


@pytest.mark.parametrize(("change", "message"), FIELD_ERRORS)
def test_every_field_is_checked_and_the_message_names_it(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = golden_document()
    change(data)
    assert_refused(data, message)


def assert_refused(data: dict[str, Any], message: str) -> None:
    """Reading ``data`` is refused with exactly ``message``, and changes nothing."""
    before = copy.deepcopy(data)
    with pytest.raises(RecordError) as error:
        record_from_json(data)
    assert str(error.value) == message
    assert data == before  # reading changes nothing


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d.update(decks=None, start=None, round_limit=None), id="nulls"),
        pytest.param(lambda d: d.update(decks=[]), id="no-decks"),
        pytest.param(lambda d: d.update(comment="a note", extra=[1, {}]), id="unknown-fields"),
        pytest.param(lambda d: d.update(rules="standard"), id="rules-preset-name"),
        pytest.param(lambda d: d.update(rules=None), id="rules-null"),
        pytest.param(lambda d: d.update(rules={"preset": "standard"}), id="rules-preset-only"),
        pytest.param(lambda d: d.update(players=["甲", "b", "c", "d"]), id="any-names"),
        pytest.param(
            lambda d: d["actions"].__setitem__(7, ["bury", 0, "9s 5♥ 6H QH 4D 5D 8C 10C"]),
            id="card-notation-variants",
        ),
    ],
)
def test_the_forms_the_format_allows_replay_the_same_game(
    change: Callable[[dict[str, Any]], None],
) -> None:
    expected = replay(record_from_json(golden_document()))
    data = golden_document()
    change(data)
    assert replay(record_from_json(data)).events == expected.events


def redealt_game(seed: int, rules: RuleSet = STANDARD) -> Game:
    """A one-round game from two stacked packs: nobody declares on the first, so round 1
    is dealt again from the second (R-T6); random players play the rest."""
    decks = [parse_cards(pack_text(seed)), parse_cards(pack_text(~seed))]
    game = Game(rules, seed, decks=decks, round_limit=1)
    game.apply(Draw(100))
    while game.phase is Phase.DECLARE:
        seat = game.to_act()
        assert seat is not None
        game.apply(Pass(seat))
    assert any(isinstance(event, Redealt) for event in game.events)
    play_until(game, random_players(seed))
    return game


def version_1_of(record: GameRecord) -> GameRecord:
    """``record`` (of a game started from its stacked decks) as version 1 wrote it."""
    return dataclasses.replace(record, version=1, decks=record.packs, packs=())


def test_a_round_one_redeal_uses_the_second_stacked_deck_and_replays() -> None:
    game = redealt_game(5)
    record = version_1_of(record_of(game, ["random"] * 4))
    assert len(record.decks) == 2
    data = json.loads(json.dumps(record.to_json()))
    assert data["version"] == 1 and "packs" not in data
    assert replay(record_from_json(data)).events == game.events
    # A second deck that is not the pack is refused when read, before anything is played.
    data["decks"][1] = " ".join(data["decks"][1].split()[:-1])
    with pytest.raises(RecordError, match=r"^'decks\[1\]' must hold the 108 cards"):
        record_from_json(data)


def test_a_hand_built_record_with_a_bad_second_deck_is_refused_at_the_redeal() -> None:
    record = version_1_of(record_of(redealt_game(5), ["random"] * 4))
    bad = dataclasses.replace(record, decks=(record.decks[0], record.decks[1][:-1]))
    # Found at the redeal (action 5, the fourth pass) or when the game is set up.
    with pytest.raises(RecordError, match=r"a stacked deck must hold the 108 cards .*\(R-D1\)"):
        replay(bad)


def test_a_refused_action_names_its_number_and_the_rule() -> None:
    data = golden_document()
    data["actions"][8] = ["play", 0, "RJ"]  # seat 0 does not hold RJ
    with pytest.raises(RecordError) as error:
        replay(record_from_json(data))
    assert str(error.value) == 'action 9 (["play", 0, "RJ"]) breaks R-P2: seat 0 does not hold RJ'


# -------------------------------------------------------------------- record files


def test_a_utf8_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (DATA / "game-standard-seed2.json").read_bytes())
    assert load_record(path) == load_record(DATA / "game-standard-seed2.json")


def test_a_record_cut_short_replays_to_the_game_so_far() -> None:
    data = golden_document()
    data["actions"] = data["actions"][:40]
    game = replay(record_from_json(data))
    assert game.phase is Phase.PLAY and not game.results
    assert len(game.actions) == 40
