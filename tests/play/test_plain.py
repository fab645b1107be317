"""The line mode, driven through stdin (a real subprocess for a whole round), and the
``tuolaji rules`` command."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from tuolaji.cli import app as cli
from tuolaji.core.cards import format_card, parse_cards
from tuolaji.play.plain import read_cards, run_plain
from tuolaji.play.session import Session, Waiting

ROOT = Path(__file__).resolve().parents[2]
SEED = 3


def tuolaji(*args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run the ``tuolaji`` command in a subprocess, in English whatever the machine says."""
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


def test_a_whole_round_in_the_line_mode_through_stdin(tmp_path: Path) -> None:
    # commands, a bad card, a bad declaration, then declare option 1 (2H 2H: we start)
    script = ["help", "hint", "XX", "AS", "hand", "status", "last", "1"] + ["auto"] * 200
    done = tuolaji(
        "play",
        "--plain",
        "--bots",
        "random",
        "--seed",
        str(SEED),
        "--rounds",
        "1",
        "--save",
        str(tmp_path / "game.json"),
        stdin="\n".join(script) + "\n",
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Commands: help" in out
    assert "You may declare now" in out and "Options: 1) 2H 2H" in out
    assert "Could not read 'XX'" in out
    assert "Not allowed (R-T2)" in out  # AS is no declaration
    assert "Your hand (" in out and "Trumps:" in out
    assert "No trick has been played yet" in out
    assert "Choose 8 cards to bury" in out and "You bury" in out
    assert "Type the cards to play." in out and "You play" in out
    assert re.search(r"Trick 1: .* wins? it", out)
    for words in ("Round 1 is over.", "Talon bonus", "Opponents' total", "Press Enter"):
        assert words in out
    assert "The game is over." in out
    assert "Traceback" not in done.stderr


def test_cards_are_typed_in_any_case_with_10_and_suit_symbols() -> None:
    assert read_cards("th 10h 2♣ rj bj") == (parse_cards("TH TH 2C RJ BJ"), None)
    cards, error = read_cards("AS 1X")
    assert cards == [] and error is not None and "'1X'" in error


def test_typed_cards_are_played_and_every_prompt_says_what_is_expected() -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    session.run_until_human()
    assert session.keep_drawing().ok
    while session.waiting() is not Waiting.PLAY:
        session.run_until_human()
        if session.waiting() is not Waiting.PLAY:
            assert session.follow_hint().ok
    hint = session.hint().cards
    assert hint
    typed = " ".join(format_card(card).lower().replace("t", "10") for card in hint)
    out = io.StringIO()
    code = run_plain(session, io.StringIO(typed + "\nquit\n"), out, "unused.json")
    text = out.getvalue()
    assert code == 0
    assert "You play" in text and text.rstrip().endswith("Goodbye.")
    prompts = [block for block in text.split("> ")[:-1]]
    for block in prompts:
        last_line = block.rstrip("\n").splitlines()[-1]
        assert last_line.startswith(("Type", "Press")), last_line


def test_end_of_input_ends_the_game_cleanly() -> None:
    done = tuolaji("play", "--plain", "--bots", "random", "--seed", str(SEED))
    assert done.returncode == 0
    assert "Input ended" in done.stdout and "Traceback" not in done.stderr


def test_save_then_resume_in_the_line_mode(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    first = tuolaji(
        "play",
        "--plain",
        "--bots",
        "random",
        "--seed",
        str(SEED),
        stdin=f"auto\nauto\nsave {path}\nquit\n",
    )
    assert first.returncode == 0 and f"Game saved to {path}" in first.stdout
    second = tuolaji("play", "--plain", "--resume", str(path), "--bots", "random", stdin="quit\n")
    assert second.returncode == 0, second.stderr
    assert "Resumed" in second.stdout and "random choices may differ" in second.stdout
    shown = tuolaji("replay", str(path))
    assert shown.returncode == 0 and "Round 1" in shown.stdout


def test_resuming_a_broken_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[]")
    done = tuolaji("play", "--plain", "--resume", str(path), stdin="")
    assert done.returncode == 1
    assert "Cannot resume" in done.stderr and "Traceback" not in done.stderr


def test_bad_options_are_refused() -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "--bots", "nobody"]).exit_code != 0
    assert runner.invoke(cli, ["play", "--rules", "house"]).exit_code != 0


def test_the_rules_command_explains_every_rule_id() -> None:
    done = tuolaji("rules")
    assert done.returncode == 0
    documented = set(re.findall(r"R-[A-Z]\d+", (ROOT / "docs" / "rules.md").read_text()))
    printed = set(re.findall(r"^(R-[A-Z]\d+) ", done.stdout, re.MULTILINE))
    assert documented and printed == documented
    assert "Leading and following" in done.stdout


def test_an_unknown_language_plays_in_english_with_a_notice() -> None:
    done = tuolaji("rules", "--lang", "tlh")
    assert done.returncode == 0
    assert "Unknown language 'tlh'" in done.stderr
    assert "R-P3" in done.stdout
