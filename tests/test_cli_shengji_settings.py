"""shengji.io's remaining settings on the command line (docs/rules.md §12):
``tuolaji play --option …`` plays a round under them and saves a record that holds them
and replays; ``tuolaji rules`` explains them; and every bad value — an unknown choice, a
flag that is not true or false, options that contradict each other — is a usage error
(exit status 2) naming the option, with nothing else printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from test_cli_house_rules import tuolaji
from tuolaji.cli import app as cli
from tuolaji.core.rules import SHENGJI
from tuolaji.game.record import load_record, replay


def test_play_a_round_under_shengji_settings_and_replay_its_record(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    done = tuolaji(
        "play",
        "--plain",
        "--bots",
        "heuristic",
        "--seed",
        "5",
        "--rounds",
        "1",
        "--rules",
        "shengji",
        "--option",
        "throw_penalty=10",
        "--option",
        "throw_penalty_per=throw",
        "--option",
        "declaration_order=joker_or_higher_suit",
        "--option",
        "reinforce_to_tie=true",
        "--option",
        "red_joker_single=true",
        "--option",
        "first_declarer_starts=true",
        "--option",
        "throw_evaluation=highest",
        "--save",
        str(path),
        stdin="1\n" + "auto\n" * 300,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    expected = SHENGJI.with_options(
        throw_penalty=10,
        throw_penalty_per="throw",
        declaration_order="joker_or_higher_suit",
        reinforce_to_tie=True,
        red_joker_single=True,
        first_declarer_starts=True,
        throw_evaluation="highest",
    )
    record = load_record(path)
    assert record.rules == expected
    spec = record.to_json()["rules"]
    assert spec["talon_flip"] == "first_card"  # the preset sets it: written
    assert spec["declaration_order"] == "joker_or_higher_suit"
    game = replay(record)
    assert len(game.results) == 1 and game.rules == expected


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


BAD = [
    (("--option", "throw_penalty_per=cards"), "throw_penalty_per must be one of card, throw"),
    (("--option", "talon_flip=first"), "talon_flip must be one of rank_or_highest, first_card"),
    (("--option", "declaration_order=suit"), "declaration_order must be one of"),
    (("--option", "declaration_order=3"), "declaration_order must be one of"),
    (("--option", "reinforce_to_tie=maybe"), "reinforce_to_tie must be true or false"),
    (("--option", "red_joker_single=1"), "red_joker_single must be true or false"),
    (("--option", "first_declarer_starts=yes"), "first_declarer_starts must be true or false"),
    (("--option", "throw_evaluation=all"), "throw_evaluation must be one of biggest_part, highest"),
    (
        ("--rules", "shengji", "--option", "declaration_order=length"),
        "contradicts red_jokers_override",
    ),
    (
        ("--option", "red_joker_single=true", "--option", "joker_no_trump=false"),
        "red_joker_single needs joker_no_trump",
    ),
    (
        ("--option", "reinforce_to_tie=true", "--option", "reinforce=false"),
        "reinforce_to_tie needs reinforce",
    ),
]


@pytest.mark.parametrize("command", ["rules", "play"])
@pytest.mark.parametrize(("args", "reason"), BAD)
def test_bad_settings_are_usage_errors(command: str, args: tuple[str, ...], reason: str) -> None:
    done = invoke(command, *args)
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    error = " ".join(done.stderr.split())  # the message may be wrapped
    assert reason in error and "Traceback" not in error


def test_the_rules_command_explains_the_settings_in_force() -> None:
    done = invoke(
        "rules",
        "--lang",
        "en",
        "--rules",
        "shengji",
        "--option",
        "reinforce_to_tie=true",
        "--option",
        "red_joker_single=true",
        "--option",
        "first_declarer_starts=true",
        "--option",
        "throw_penalty=10",
        "--option",
        "throw_penalty_per=throw",
    )
    assert done.exit_code == 0, done.output
    text = " ".join(done.stdout.split())
    assert "decides alone: its suit is trump, and a joker makes a round with no trump" in text
    assert "One red joker alone declares too" in text
    assert "your pair ties theirs and stands instead" in text
    assert "the first player to declare starts the round" in text
    assert "A failed throw costs 10 points, however many cards are taken back" in text
