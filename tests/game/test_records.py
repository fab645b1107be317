"""Game records (docs/records.md): golden games that must replay to exactly the same
game, records that must be refused with a clear RecordError, and ``tuolaji replay``.

Rule ids: a record that breaks a rule is refused naming the rule (R-D2, R-T4, R-K1,
R-P1) and the action's number; every other failure names what is wrong with the file.

The golden files tests/data/game-*.json were written by

    tuolaji simulate --games 1 --seed 2 --records DIR                  # standard-seed2
    tuolaji simulate --games 1 --seed 4 --records DIR                  # standard-seed4
    tuolaji simulate --games 1 --seed 3 --rules classic --records DIR  # classic-seed3

(each writes DIR/game-00000.json). They hold actions, not outcomes, so they stay valid
as long as the rules and the seeded shuffle do. If a deliberate change of the game
layer changes the events, regenerate the expectations below with:

    python -c "import hashlib, sys; from tuolaji.game.record import load_record, replay;
    g = replay(load_record(sys.argv[1])); print(g.levels, g.winner, len(g.results),
    hashlib.sha256('\\n'.join(repr(e) for e in g.events).encode()).hexdigest())" FILE
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from clikit import run_cli
from tuolaji.game import Phase
from tuolaji.game.events import TrickWon
from tuolaji.game.record import (
    RecordError,
    load_record,
    record_from_json,
    record_of,
    replay,
    save_record,
)

DATA = Path(__file__).resolve().parent.parent / "data"


def events_hash(events: list[Any]) -> str:
    """sha256 of the events' reprs, one per line."""
    return hashlib.sha256("\n".join(repr(e) for e in events).encode()).hexdigest()


GOLDEN = [
    # file, preset, seed, actions, rounds, tricks, final levels, winner, events hash
    pytest.param(
        "game-standard-seed2.json",
        "standard",
        2000006,
        1422,
        14,
        328,
        [4, 14],
        1,
        "d6bc7d27b533a89c0273a45862ed5d0657c853b0fb1d5afdd4401dfb929eb476",
        id="standard-seed2",
    ),
    pytest.param(
        "game-standard-seed4.json",
        "standard",
        4000012,
        1795,
        18,
        412,
        [13, 6],
        0,
        "5441a5cc2facf198261592be6aa93965bff091e0ab64b75455971d3827d3e60c",
        id="standard-seed4",
    ),
    pytest.param(
        "game-classic-seed3.json",
        "classic",
        3000009,
        1903,
        19,
        437,
        [13, 6],
        0,
        "4fde6fdfd85cba5fe919d2917c061a4770f51d60a7960a96d7fa3646cfa34da6",
        id="classic-seed3",
    ),
]


@pytest.mark.parametrize(
    ("name", "preset", "seed", "actions", "rounds", "tricks", "levels", "winner", "digest"),
    GOLDEN,
)
def test_golden_records_replay_to_the_same_game(
    name: str,
    preset: str,
    seed: int,
    actions: int,
    rounds: int,
    tricks: int,
    levels: list[int],
    winner: int,
    digest: str,
    tmp_path: Path,
) -> None:
    record = load_record(DATA / name)
    assert (record.rules.preset, record.seed, len(record.actions)) == (preset, seed, actions)
    assert record.players == ("random",) * 4
    game = replay(record)
    assert game.phase is Phase.OVER
    assert (game.levels, game.winner, len(game.results)) == (levels, winner, rounds)
    assert sum(isinstance(e, TrickWon) for e in game.events) == tricks
    assert events_hash(game.events) == digest
    # The record of the replayed game is the record; saving it writes the same file.
    assert record_of(game, record.players) == record
    save_record(record, tmp_path / name)
    assert (tmp_path / name).read_text() == (DATA / name).read_text()


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
        data["version"] = 2
        return data, r"unknown record version 2.*version 1"
    if change == "format":
        data["format"] = "chess-pgn"
        return data, r"not a tuolaji record.*'format'"
    if change.startswith("missing "):
        name = change.removeprefix("missing ")
        del data[name]
        if name == "format":
            return data, r"not a tuolaji record: 'format' must be 'tuolaji-record'"
        if name == "version":
            return data, r"unknown record version None"
        return data, f"the record has no '{name}'"
    if change == "rules":
        data["rules"] = {"preset": "house"}
        return data, r"bad rules: unknown preset 'house'"
    if change == "seed":
        data["seed"] = "two"
        return data, r"'seed' must be a whole number"
    if change == "players":
        data["players"] = ["random"] * 3
        return data, r"'players' must list 4 names"
    if change == "deck":
        data["decks"] = ["AS KS"]
        return data, r"a stacked deck must hold the 108 cards"
    if change == "deck notation":
        data["decks"] = ["AS XX"]
        return data, r"bad stacked deck: cannot read card 'XX'"
    index = first(data, "play")
    if change == "action seat":
        actions[index] = ["play", 7, "AS"]
        return data, rf"action {index + 1}: play needs a seat 0-3"
    if change == "action name":
        actions[index] = ["fly", 0, "AS"]
        return data, rf"action {index + 1}: unknown or malformed action"
    if change == "action card":
        actions[index] = ["play", 0, "AS 1Z"]
        return data, rf"action {index + 1}: .*cannot read card '1Z'"
    if change == "action shape":
        actions[index] = "play 0 AS"
        return data, rf"action {index + 1}: an action is a list"
    if change == "draw count":
        actions[0] = ["draw", 0]
        return data, r"action 1: draw takes one count"
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


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        pytest.param('{"format": "tuolaji-record", "version": 1,', "is not valid JSON", id="cut"),
        pytest.param("", "is not valid JSON", id="empty"),
        pytest.param("[1, 2]", "a record is a JSON object", id="a_list"),
        pytest.param('"record"', "a record is a JSON object", id="a_string"),
    ],
)
def test_a_corrupted_file_fails_with_record_error(text: str, pattern: str, tmp_path: Path) -> None:
    path = tmp_path / "corrupted.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=pattern):
        load_record(path)


def test_a_missing_file_fails_with_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "nowhere.json")


def test_a_record_cut_short_replays_to_the_game_so_far() -> None:
    data = golden_document()
    data["actions"] = data["actions"][:40]
    game = replay(record_from_json(data))
    assert game.phase is Phase.PLAY and not game.results
    assert len(game.actions) == 40


# --------------------------------------------------------------- tuolaji replay


def test_tuolaji_replay_prints_rounds_and_tricks() -> None:
    done = run_cli("replay", str(DATA / "game-standard-seed2.json"))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "standard rules, seed 2000006" in out
    rounds = re.findall(r"^Round (\d+) ", out, re.MULTILINE)
    assert [int(r) for r in rounds] == list(range(1, 15))
    tricks = re.findall(r"^ {2,3}\d{1,2}  \d: ", out, re.MULTILINE)
    assert len(tricks) == 328
    assert "team 1 (seats 1 & 3) passes A and wins the game" in out


def test_tuolaji_replay_of_a_broken_record_exits_1_with_the_error(tmp_path: Path) -> None:
    data, _ = broken("R-K1")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    done = run_cli("replay", str(path))
    assert done.returncode == 1
    output = done.stdout + done.stderr
    assert "error:" in output and "breaks R-K1" in output
    path.write_text("{not json")
    done = run_cli("replay", str(path))
    assert done.returncode == 1
    assert "not valid JSON" in done.stdout + done.stderr
