"""``tuolaji replay FILE`` (docs/records.md): every bad input gives exit status 1 and one
line on stderr starting with ``error:``, never a traceback; a good record prints the
game round by round, with each round's talon shown at its end (R-K1).

Each bad input is checked twice: ``load_record`` raises the RecordError, and the command
prints exactly that message (in process with typer's CliRunner, and for a few inputs in
a real subprocess on a narrow screen, where a wrapped line would show).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji.cli import app
from tuolaji.core.cards import format_cards
from tuolaji.game.events import Buried, Declared, RoundStarted, TrickWon
from tuolaji.game.record import RecordError, load_record, replay
from tuolaji.i18n import _, current_language, set_language
from tuolaji.play.narrate import game_over_text, record_story
from tuolaji.play.words import plain
from tuolaji.render import cards_text

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = DATA / "game-standard-seed2.json"
#: The same game as a version-2 record, with the pack of every deal.
GOLDEN_V2 = DATA / "game-standard-seed2-v2.json"


def golden_with(change: Callable[[dict[str, Any]], None], golden: Path = GOLDEN) -> bytes:
    """The first golden record with ``change`` made to its document, as file content."""
    data: dict[str, Any] = json.loads(golden.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data).encode()


def first_bury(data: dict[str, Any]) -> int:
    """The index of the golden record's first ``bury``."""
    return next(i for i, action in enumerate(data["actions"]) if action[0] == "bury")


def cut_first_bury(data: dict[str, Any]) -> None:
    """Bury 7 cards instead of 8: a well-formed action that R-K1 refuses."""
    action = data["actions"][first_bury(data)]
    action[2] = " ".join(action[2].split()[:7])


PACK = " ".join(f"{rank}{suit}" for suit in "SHDC" for rank in "23456789TJQKA")
FULL_PACK = f"{PACK} {PACK} BJ BJ RJ RJ"
START = {"rank": "2", "declarers": 0, "starter": 0}

# Each bad input: how to make it (the file's content, or None for a path that is not a
# file), and the whole message; {path} stands for the file's path.
BAD_INPUTS = [
    pytest.param(
        b"\x7fELF\x02\x01\x01\x00\x00\x00\xd0\xfe\x00",
        "{path} is not a record: it is not UTF-8 text (byte 0xd0 at offset 10)",
        id="not-utf8",
    ),
    pytest.param(b"", "{path} is empty: a record is a JSON object", id="empty"),
    pytest.param(b" \n\t", "{path} is empty: a record is a JSON object", id="blank"),
    pytest.param(
        b'{"format": "tuolaji-record", "version": 1,',
        "{path} is not valid JSON: Expecting property name enclosed in double quotes "
        "at line 1 column 43",
        id="cut-json",
    ),
    pytest.param(
        b"{not json",
        "{path} is not valid JSON: Expecting property name enclosed "
        "in double quotes at line 1 column 2",
        id="invalid-json",
    ),
    pytest.param(
        b'{"format": "tuolaji-rec',
        "{path} is not valid JSON: Unterminated string starting at line 1 column 12",
        id="cut-string",
    ),
    pytest.param(b"[1, 2]", "a record is a JSON object, not a list of 2 items", id="a-list"),
    pytest.param(b'"record"', 'a record is a JSON object, not the string "record"', id="str"),
    pytest.param(b"null", "a record is a JSON object, not null", id="null"),
    pytest.param(b'{"seed": NaN}', "{path} is not valid JSON: NaN is not a JSON value", id="nan"),
    pytest.param(
        b'{"seed": ' + b"9" * 5000 + b"}",
        "{path} is not a record: it holds a number with too many digits",
        id="5000-digits",
    ),
    pytest.param(
        b"[" * 100_000 + b"]" * 100_000,
        "{path} is not a record: its JSON is nested too deeply",
        id="nested",
    ),
    pytest.param(
        golden_with(lambda d: d.update(version="1")),
        "'version' must be the number 1 or 2, not the string \"1\"",
        id="version-string",
    ),
    pytest.param(
        golden_with(lambda d: d.update(version=3)),
        "unknown record version 3: this tuolaji reads versions 1 and 2",
        id="version-3",
    ),
    pytest.param(
        golden_with(lambda d: d["packs"].__setitem__(2, PACK), GOLDEN_V2),
        "'packs[2]' must hold the 108 cards of the pack (R-D1), not 52 cards",
        id="v2-pack-52-cards",
    ),
    pytest.param(
        golden_with(lambda d: d.pop("packs"), GOLDEN_V2),
        "the record has no 'packs': it must be a list of the pack of every deal, each a "
        "string of the 108 cards",
        id="v2-no-packs",
    ),
    pytest.param(
        golden_with(lambda d: d["packs"].append(FULL_PACK), GOLDEN_V2),
        "'packs' holds 15 packs, but the actions deal only 14: a version-2 record holds "
        "one pack per deal",
        id="v2-pack-too-many",
    ),
    pytest.param(
        golden_with(lambda d: d.update(decks=[FULL_PACK, FULL_PACK.removesuffix(" RJ")])),
        "'decks[1]' must hold the 108 cards of the pack (R-D1), not 107 cards",
        id="second-deck-107-cards",
    ),
    pytest.param(
        golden_with(lambda d: d.update(decks=5)),
        "'decks' must be a list of stacked packs, each a string of the 108 cards, not the number 5",
        id="decks-5",
    ),
    pytest.param(
        golden_with(lambda d: d.update(start=dict(START, rank=2))),
        '\'start.rank\' must be a rank like "2" or "A", not the number 2',
        id="start-rank-number",
    ),
    pytest.param(
        golden_with(lambda d: d.update(start=dict(START, rank=None))),
        '\'start.rank\' must be a rank like "2" or "A", not null',
        id="start-rank-null",
    ),
    pytest.param(
        golden_with(lambda d: d.update(start=dict(START, rank=["2"]))),
        '\'start.rank\' must be a rank like "2" or "A", not a list of 1 item',
        id="start-rank-list",
    ),
    pytest.param(
        golden_with(lambda d: d.update(start=dict(START, declarers=1.5, starter=1))),
        "'start.declarers' must be the declaring team, 0 or 1, not the number 1.5",
        id="start-declarers-1.5",
    ),
    pytest.param(
        golden_with(lambda d: d.update(start={"rank": "2", "starter": 0})),
        "'start' has no 'declarers': it must be the declaring team, 0 or 1",
        id="start-no-declarers",
    ),
    pytest.param(
        golden_with(cut_first_bury),
        'action 8 (["bury", 0, "9S 5H 6H QH 4D 5D 8C"]) breaks R-K1: bury exactly 8 cards, not 7',
        id="refused-action",
    ),
    pytest.param(
        golden_with(lambda d: d.update(version="[/][bold]")),
        "'version' must be the number 1 or 2, not the string \"[/][bold]\"",
        id="markup-in-the-message",
    ),
]


def bad_path(tmp_path: Path, content: bytes) -> Path:
    """A file holding ``content``."""
    path = tmp_path / "x.json"
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("content", "message"), BAD_INPUTS)
def test_load_record_refuses_a_bad_file_with_one_line(
    content: bytes, message: str, tmp_path: Path
) -> None:
    path = bad_path(tmp_path, content)
    with pytest.raises(RecordError) as error:
        replay(load_record(path))
    assert str(error.value) == message.format(path=path)


def invoke(path: Path) -> tuple[int, str, str]:
    """``tuolaji replay PATH`` in process: exit status, stdout, stderr."""
    runner = CliRunner(env={"NO_COLOR": "1", "FORCE_COLOR": None, "COLUMNS": "40"})
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("content", "message"), BAD_INPUTS)
def test_tuolaji_replay_of_a_bad_file_prints_one_error_line(
    content: bytes, message: str, tmp_path: Path
) -> None:
    path = bad_path(tmp_path, content)
    status, out, err = invoke(path)
    assert (status, out) == (1, "")
    assert err == f"Error: {message.format(path=path)}\n"


def test_tuolaji_replay_of_a_missing_file_or_a_directory(tmp_path: Path) -> None:
    for path, reason in [
        (tmp_path / "nowhere.json", "No such file or directory"),
        (tmp_path, "Is a directory"),
    ]:
        with pytest.raises(RecordError) as error:
            load_record(path)
        assert str(error.value) == f"cannot read {path}: {reason}"
        status, out, err = invoke(path)
        assert (status, out, err) == (1, "", f"Error: cannot read {path}: {reason}\n")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"\x7fELF\x02\x01\x01\x00" + bytes(range(128, 256)), id="not-utf8"),
        pytest.param(
            golden_with(lambda d: d.update(start=dict(START, rank=2))), id="start-rank-number"
        ),
        pytest.param(
            golden_with(lambda d: d.update(decks=[FULL_PACK, PACK])), id="second-deck-54-cards"
        ),
    ],
)
def test_the_real_command_prints_one_unwrapped_line_and_no_traceback(
    content: bytes, tmp_path: Path
) -> None:
    path = bad_path(tmp_path, content)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "40", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", "replay", str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    assert len(lines[0]) > 40  # longer than the screen, and still one line


# ---------------------------------------------------------------- a good record


def test_tuolaji_replay_prints_rounds_and_tricks() -> None:
    done = run_cli("replay", str(GOLDEN), "--lang", "en")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "standard rules, seed 2000006" in out
    rounds = re.findall(r"^Round (\d+) begins: trump rank ", out, re.MULTILINE)
    assert [int(r) for r in rounds] == list(range(1, 15))
    # every trick on one line, in the play log's words
    tricks = re.findall(r"^Trick \d{1,2}: \S+ .* — .*wins?, \d+ points?\.$", out, re.MULTILINE)
    game = replay(load_record(GOLDEN))
    assert len(tricks) == sum(isinstance(event, TrickWon) for event in game.events) == 328
    assert out.rstrip().endswith(game_over_text(1))  # team 1 (East and West) wins
    # every declaration and pass is told as it happens
    declared = re.findall(r"^(You declare|\w+ declares) ", out, re.MULTILINE)
    assert len(declared) == sum(isinstance(event, Declared) for event in game.events)
    # R-K1: every round's talon is shown at its end, after its last trick.
    for bury in (event for event in game.events if isinstance(event, Buried)):
        talon = cards_text(bury.cards).plain
        assert re.search(rf"^(You buried|\w+ buried) {talon} in the talon\.$", out, re.MULTILINE), (
            talon
        )


def test_tuolaji_replay_prints_a_version_2_record_as_the_same_game(tmp_path: Path) -> None:
    """The version-2 golden is the version-1 golden with every deal's pack: the printed
    game is the same, line for line."""
    runner = CliRunner(env={"NO_COLOR": "1", "FORCE_COLOR": None, "COLUMNS": "200"})
    printed = []
    for version, golden in (("v1", GOLDEN), ("v2", GOLDEN_V2)):
        path = tmp_path / version / "game.json"  # the same length, so the same wrapping
        path.parent.mkdir()
        path.write_bytes(golden.read_bytes())
        result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr
        printed.append(result.stdout.replace(str(path), "FILE"))
    assert printed[0] == printed[1]
    assert game_over_text(1) in printed[1]


def test_names_and_messages_with_brackets_are_printed_as_they_are(tmp_path: Path) -> None:
    path = bad_path(tmp_path, golden_with(lambda d: d["players"].__setitem__(0, "[/]x[bold]")))
    status, out, err = invoke(path)
    assert (status, err) == (0, "")
    joined = " ".join(out.split())
    assert "Players: You: [/]x[bold], East: random, North: random, West: random." in joined


def test_replay_speaks_the_language_asked_for() -> None:
    """``--lang`` as for the other commands: the game is told in the play log's words,
    translated (the round's opening line here)."""
    runner = CliRunner(env={"NO_COLOR": "1", "FORCE_COLOR": None, "COLUMNS": "200"})
    before = current_language()
    try:
        result = runner.invoke(app, ["replay", str(GOLDEN), "--lang", "zh_CN"])
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr
        opening = _("Round {n} begins: trump rank {rank}.").format(n=1, rank="2")
        assert opening != "Round 1 begins: trump rank 2."  # the catalog translates it
    finally:
        set_language(before)
    assert opening in result.stdout.splitlines()


# ------------------------------------------------------------------ the replay text


@pytest.mark.usefixtures("english")
def test_the_printed_game_shows_each_rounds_talon_at_its_end() -> None:
    """R-K1: the talon is the starter's secret only until the round ends; a record has
    full information, so the replay shows it then, whoever took the last trick: with
    its bonus when the opponents took the last trick, in the round's summary always."""
    game = replay(load_record(DATA / "game-standard-seed4.json"))
    lines = [plain(message) for message in record_story(game.events, game.results)]
    buried = [event for event in game.events if isinstance(event, Buried)]
    # each round's summary ends with its verdict: "Round N is over: …"
    ends = [i for i, line in enumerate(lines) if re.match(r"Round \d+ is over: ", line)]
    assert len(ends) == len(game.results) == len(buried)
    shown = {"bonus": 0, "no bonus": 0}
    start = 0
    for end, bury, result in zip(ends, buried, game.results, strict=True):
        talon = format_cards(bury.cards)
        assert tuple(bury.cards) == result.talon
        told = lines[start : end + 1]
        last_trick = max(i for i, line in enumerate(told) if line.startswith("Trick "))
        summary = told[last_trick + 1 :]
        assert any(line.endswith(f"buried {talon} in the talon.") for line in summary)
        if any(
            line.startswith(f"The opponents took the last trick: the talon {talon}")
            for line in summary
        ):
            shown["bonus"] += 1
        else:
            shown["no bonus"] += 1
            assert "Talon bonus: none (the declarers took the last trick)." in summary
        start = end + 1
    assert shown["bonus"] and shown["no bonus"]  # the golden game has both kinds of end


@pytest.mark.usefixtures("english")
def test_the_story_tells_every_deal_and_no_draws() -> None:
    """Every deal starts after an empty line; no drawn card is ever told (a record's
    reader learns the hands from the plays, as at the table)."""
    game = replay(load_record(GOLDEN))
    story = list(record_story(game.events, game.results))
    deals = sum(isinstance(event, RoundStarted) for event in game.events)
    assert sum(message == [] for message in story) == deals
    assert not any("draw" in plain(message) for message in story)
