"""``tuolaji analyse RECORD`` (docs/analysis.md): it reads the records ``tuolaji
simulate`` and the terminal game write (versions 1 and 2), prints a table and the
costliest decisions or one JSON document, gives the same output every run with a
guess budget and any number of worker processes, and stops on a bad record (exit status
1) or bad input (2) with one ``Error:`` line, printing nothing else."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from tuolaji.arena.analysis import analyse_record, seat_decisions
from tuolaji.cli import app
from tuolaji.game.actions import Bury, Play
from tuolaji.game.record import load_record
from tuolaji.play.session import Session, Waiting
from tuolaji.render import cards_text

DATA = Path(__file__).parent / "data"
GOLDEN_V1 = DATA / "game-standard-seed2.json"
GOLDEN_V2 = DATA / "game-standard-seed2-v2.json"


def invoke(*args: str, columns: int = 200) -> tuple[int, str, str]:
    """``tuolaji analyse ARGS`` in process, in English on a terminal ``columns`` wide:
    exit status, stdout, stderr."""
    env = {"NO_COLOR": "1", "COLUMNS": str(columns), "TUOLAJI_LANG": "en"}
    runner = CliRunner(env=env)
    result = runner.invoke(app, ["analyse", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record ``tuolaji simulate`` writes of one round of four heuristic players."""
    folder = tmp_path_factory.mktemp("simulated") / "records"
    runner = CliRunner(env={"NO_COLOR": "1"})
    args = ["simulate", "--rounds", "1", "--players", "heuristic", "--seed", "4"]
    done = runner.invoke(app, [*args, "--records", str(folder), "--json"])
    assert done.exit_code == 0, done.output
    (record,) = folder.glob("*.json")
    return record


def test_a_simulated_record_gives_a_table_and_the_costliest_plays(simulated: Path) -> None:
    status, out, err = invoke(str(simulated), "--guesses", "2", "--top", "2")
    assert (status, err) == (0, "")
    assert "Plays of seat 0, estimated on 2 guesses a decision (seed 0)" in out
    assert "best alternative" in out
    assert "The decisions that cost most:" in out or "No play did worse" in out
    sentences = [line.strip() for line in out.splitlines() if "Round 1, trick " in line]
    assert len(sentences) <= 2
    for sentence in sentences:
        assert " lost about " in sentence and " was better (± " in sentence


def test_the_starters_burial_has_its_row_and_its_sentence(simulated: Path) -> None:
    record = load_record(simulated)
    (burial,) = [a for a in record.actions if isinstance(a, Bury)]
    status, out, _ = invoke(str(simulated), "--seat", str(burial.seat), "--guesses", "2")
    assert status == 0
    rows = [line for line in out.splitlines() if line.split()[:1] == ["burial"]]
    assert len(rows) == 1
    status, out, _ = invoke(
        str(simulated), "--seat", str(burial.seat), "--guesses", "2", "--json", "--top", "99"
    )
    document = json.loads(out)
    first = document["decisions"][0]
    assert (first["kind"], first["trick"]) == ("burial", 0)
    assert len(first["played"]["cards"].split()) == 8
    if first["loss"] > 0:
        status, out, _ = invoke(
            str(simulated), "--seat", str(burial.seat), "--guesses", "2", "--top", "99"
        )
        assert "Round 1: burying " in out and "; burying " in out


def test_the_json_document_is_the_analysis_and_the_same_every_run(simulated: Path) -> None:
    args = (str(simulated), "--seat", "3", "--guesses", "2", "--seed", "7", "--json")
    status, out, err = invoke(*args)
    assert (status, err) == (0, "")
    document = json.loads(out)
    expected = analyse_record(load_record(simulated), 3, guesses=2, seed=7).to_json(5)
    assert document == json.loads(json.dumps(expected))
    assert document["seat"] == 3 and document["decisions"]
    assert invoke(*args) == (status, out, err)


def terminal_record(folder: Path, plays: int | None) -> tuple[Path, int]:
    """A game of the terminal (``tuolaji play``), the human following the hints, saved
    after ``plays`` plays of the human (None: at the end of its one round); the path
    and how many plays the human made."""
    session = Session.new("random", seed=3, rounds=1)
    made = 0
    for _ in range(1000):
        session.run_until_human()
        waiting = session.waiting()
        if waiting in (Waiting.SUMMARY, Waiting.OVER) or made == plays:
            break
        made += waiting is Waiting.PLAY
        assert session.follow_hint().ok
    path = folder / "saved.json"
    assert session.save(path).ok
    return path, made


@pytest.mark.parametrize("plays", [None, 6], ids=["finished", "saved-mid-round"])
def test_a_terminal_game_record_is_analysed_for_the_human(
    plays: int | None, tmp_path: Path
) -> None:
    path, made = terminal_record(tmp_path, plays)
    human_plays = [a for a in load_record(path).actions if isinstance(a, Play) and a.seat == 0]
    assert len(human_plays) == made and made >= 6
    status, out, err = invoke(str(path), "--guesses", "1", "--json")
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert document["forced"] + len(document["decisions"]) == made
    tricks = [decision["trick"] for decision in document["decisions"]]
    assert tricks == sorted(tricks) and all(1 <= trick <= made for trick in tricks)


def test_a_version_1_record_is_analysed_round_by_round() -> None:
    status, out, err = invoke(str(GOLDEN_V1), "--round", "2", "--guesses", "1", "--json")
    assert (status, err) == (0, "")
    decisions = json.loads(out)["decisions"]
    assert decisions and {decision["round"] for decision in decisions} == {2}


# ------------------------------------------------------- 80 columns, jobs, progress


def test_the_tables_fit_80_columns_and_fold_long_plays_between_cards() -> None:
    # The starter's round: its burial of 8 cards is the longest play there is.
    record = load_record(GOLDEN_V2)
    burial = next(action for action in record.actions if isinstance(action, Bury))
    args = (str(GOLDEN_V2), "--round", "1", "--seat", str(burial.seat), "--guesses", "1")
    status, out, err = invoke(*args, columns=80)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), out
    assert "…" not in out  # no heading or number cut short
    (heading,) = [line for line in lines if line.split()[:2] == ["trick", "played"]]
    assert heading.split()[-2:] == ["loss", "±"]  # the last column is there whole
    assert "alternative" in out.split(heading)[0].splitlines()[-1] + heading  # not cut
    row = next(number for number, line in enumerate(lines) if line.split()[:1] == ["burial"])
    buried = cards_text(sorted(burial.cards)).plain.split()
    shown = " ".join(lines[row : row + 3])
    assert all(card in shown for card in buried) and len(lines[row].split()) >= 2
    assert lines[2].strip() == "Round 1" and "The decisions that cost most:" in out


def test_worker_processes_print_the_same_analysis(simulated: Path) -> None:
    args = (str(simulated), "--seat", "1", "--guesses", "1", "--json")
    alone, shared = invoke(*args), invoke(*args, "--jobs", "2")
    assert alone[0] == 0 and shared == alone
    status, out, err = invoke(*args, "--jobs", "0")
    assert (status, out) == (2, "") and "Invalid value for '--jobs'" in err


def run_on_a_terminal(*args: str) -> tuple[int, str, str]:
    """``python -m tuolaji analyse ARGS`` with its stderr on a pseudo-terminal 80
    columns wide and its stdout on a pipe: the exit status, stdout, and what the
    terminal was sent."""
    main, terminal = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "TUOLAJI_LANG": "en"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tuolaji", "analyse", *args],
        stdout=subprocess.PIPE,
        stderr=terminal,
        env=env,
    )
    os.close(terminal)
    sent: list[bytes] = []

    def read() -> None:  # until the command is gone (the terminal then reads EIO)
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                return
            if not chunk:
                return
            sent.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    out, _ = process.communicate(timeout=300)
    reader.join(timeout=60)
    os.close(main)
    return process.returncode, out.decode(), b"".join(sent).decode(errors="replace")


def test_a_progress_bar_on_a_terminal_only_and_not_with_json() -> None:
    args = (str(GOLDEN_V2), "--round", "1", "--guesses", "1")
    status, out, shown = run_on_a_terminal(*args)
    assert status == 0 and "Plays of seat 0" in out
    decisions = len(seat_decisions(load_record(GOLDEN_V2), 0, 1))
    assert "Analysing the decisions" in shown and f"{decisions}/{decisions}" in shown
    status, out, shown = run_on_a_terminal(*args, "--json")
    assert status == 0 and json.loads(out)["decisions"] and shown == ""
    # and a pipe gets no bar: the in-process runs above print nothing on stderr


# ------------------------------------------------------------------ bad input


def bad_play_seat(data: dict[str, Any]) -> None:
    """The first play made by the wrong seat: well formed, refused on replay (R-P1)."""
    action = next(action for action in data["actions"] if action[0] == "play")
    action[1] = (action[1] + 1) % 4


def golden_with_bad_play() -> bytes:
    data: dict[str, Any] = json.loads(GOLDEN_V2.read_text(encoding="utf-8"))
    bad_play_seat(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("content", "args", "status", "message"),
    [
        # a run that fails: the file is no record, or one that does not verify
        pytest.param(b"not json", (), 1, "is not valid JSON", id="not-a-record"),
        pytest.param(b'{"format": "x"}', (), 1, "format", id="not-a-tuolaji-record"),
        pytest.param(golden_with_bad_play(), (), 1, "breaks R-", id="does-not-verify"),
        # bad input: what was asked of a good record cannot be done
        pytest.param(
            GOLDEN_V2.read_bytes(), ("--round", "99"), 2, "the record has no round 99", id="round"
        ),
        pytest.param(
            GOLDEN_V2.read_bytes(),
            ("--infer", "0"),
            2,
            "the inference weight is above 0 and at most 1, not 0.0",
            id="no-inference-weight",
        ),
    ],
)
def test_a_bad_record_fails_and_bad_input_is_refused_in_one_line(
    content: bytes, args: tuple[str, ...], status: int, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    done, out, err = invoke(str(path), "--guesses", "1", *args)
    assert (done, out) == (status, "")
    assert err.startswith("Error: ") and message in err and err.count("\n") == 1
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]  # nothing written


def test_a_missing_file_and_a_seat_out_of_range_are_refused(tmp_path: Path) -> None:
    status, out, err = invoke(str(tmp_path / "missing.json"))
    assert (status, out) == (1, "") and err.startswith("Error: cannot read ")
    status, out, err = invoke(str(GOLDEN_V2), "--seat", "4")
    assert (status, out) == (2, "") and "Invalid value for '--seat'" in err
    status, out, err = invoke(str(GOLDEN_V2), "--guesses", "0")
    assert (status, out) == (2, "") and "'--guesses'" in err
    status, out, err = invoke(str(GOLDEN_V2), "--infer", "1.5")
    assert (status, out) == (2, "") and "'--infer'" in err
