"""The house-rule options on the command line (docs/rules.md §12, docs/playing.md):
``tuolaji play --rules shengji --option …`` plays a round under them and saves a record
that holds them and replays; ``tuolaji rules`` prints them; and every bad value — an
unknown rank, scoring numbers that contradict each other, a starter that is no seat —
is a usage error (exit status 2) naming the option, with nothing else printed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tuolaji.cli import app as cli
from tuolaji.core.rules import SHENGJI
from tuolaji.game.record import load_record, replay


def tuolaji(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the ``tuolaji`` command in a subprocess, in English."""
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
    return subprocess.run(
        [sys.executable, "-m", "tuolaji", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        env=env,
        check=False,
    )


def test_play_a_round_under_house_rules_and_replay_its_record(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    done = tuolaji(
        "play",
        "--plain",
        "--bots",
        "random",
        "--seed",
        "11",
        "--rounds",
        "1",
        "--rules",
        "shengji",
        "--option",
        "must_defend=5,T,K,A",
        "--option",
        'scoring={"cap": 2}',
        "--option",
        "first_round_starter=random",
        "--save",
        str(path),
        stdin="1\n" + "auto\n" * 300,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    record = load_record(path)
    expected = SHENGJI.with_options(
        must_defend=["5", "T", "K", "A"], scoring={"cap": 2}, first_round_starter="random"
    )
    assert record.rules == expected
    spec = record.to_json()["rules"]
    assert spec["preset"] == "shengji" and spec["must_defend"] == ["5", "T", "K", "A"]
    game = replay(record)
    assert len(game.results) == 1 and game.rules == expected


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


BAD = [
    (("--option", "must_defend=5,X"), "must_defend: 'X' is not a rank"),
    (("--option", "must_defend=[5]"), "must_defend must list ranks by name"),
    (("--option", 'scoring={"take_over": 100, "opponents_up": 90}'), "opponents_up (90) is below"),
    (("--option", 'scoring={"steps": 3}'), "option scoring has no field 'steps'"),
    (("--option", "scoring=3"), "option scoring must be an object"),
    (("--option", "first_round_starter=5"), "first_round_starter must be"),
    (("--option", "first_round_starter=south"), "first_round_starter must be"),
    (("--option", "show_talon=maybe"), "show_talon must be true or false"),
    (("--rules", "shengji", "--option", "overturn_own=2"), "overturn_own must be true or false"),
    (("--rules", "house"), "choose standard, classic or shengji"),
]


@pytest.mark.parametrize("command", ["rules", "play"])
@pytest.mark.parametrize(("args", "reason"), BAD)
def test_bad_house_options_are_usage_errors(
    command: str, args: tuple[str, ...], reason: str
) -> None:
    done = invoke(command, *args)
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    error = " ".join(done.stderr.split())  # the message may be wrapped
    assert reason in error and "Traceback" not in error


def test_resume_refuses_options(tmp_path: Path) -> None:
    done = invoke("play", "--resume", str(tmp_path / "x.json"), "--option", "show_talon=false")
    assert done.exit_code == 2
    assert "leave out --rules, --option and --seed" in " ".join(done.stderr.split())


def test_the_rules_command_prints_the_house_rules_in_force() -> None:
    done = invoke("rules", "--lang", "en", "--rules", "shengji", "--option", "must_defend=5,A")
    assert done.exit_code == 0
    assert "These are the shengji rules" in done.stdout
    assert "The ranks to defend are 5 A" in done.stdout
    assert "a pair of red jokers replaces a pair of black jokers" in done.stdout
    assert "Only the starter ever sees them" in done.stdout
