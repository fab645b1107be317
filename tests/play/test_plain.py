"""The line mode, driven through stdin (a real subprocess for a whole round), and the
``tuolaji rules`` command."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

from typer.testing import CliRunner

from tuolaji.cli import app as cli
from tuolaji.core.cards import format_card, parse_cards
from tuolaji.game.record import load_record
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
    assert "Commands, at any prompt:" in out
    assert "You may declare now" in out and "Options: 1) 2H 2H" in out
    assert "Could not read 'XX'" in out
    assert "Not allowed (R-T2)" in out  # AS is no declaration
    assert "Your hand (" in out and "Trumps:" in out
    assert "No trick has been played yet" in out
    assert "Choose 8 cards to bury" in out and "You bury" in out
    assert "Type the cards to play." in out and "You play" in out
    assert re.search(r"Trick 1: .* wins? it", out)
    for words in ("Talon bonus", "Total for the opponents", "Press Enter"):
        assert words in out
    # the round's end is said once, by its summary, not by the log line before it too
    assert out.count("Round 1 is over") == 1
    summary = out[out.index("Points in tricks") :]
    assert (
        "Round 1 is over: " in summary and "Round 1 is over" not in out[: len(out) - len(summary)]
    )
    # one round of a longer game: not "The game is over", but saved, and how to go on
    assert "The game is over" not in out
    assert "You played the 1 round you asked for (levels: We " in out
    assert f"the game is not finished. It is saved in {tmp_path / 'game.json'}" in out
    assert "resume it with tuolaji play --plain --resume" in out
    assert (tmp_path / "game.json").is_file()
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


def test_end_of_input_ends_the_game_cleanly_and_says_it_was_not_saved(data_dir: Path) -> None:
    done = tuolaji("play", "--plain", "--bots", "random", "--seed", str(SEED))
    assert done.returncode == 0
    assert "Input ended." in done.stdout and "Traceback" not in done.stderr
    assert "The game was not saved. Type `save` before quitting next time." in done.stdout
    assert not data_dir.exists() or not list(data_dir.iterdir())


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


class Keys(io.StringIO):
    """Typed lines for the line mode; ``INTERRUPT`` stands for Ctrl-C at that prompt."""

    INTERRUPT = "<ctrl-c>"

    def __init__(self, *lines: str) -> None:
        super().__init__()
        self.lines = list(lines)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        """The next line, or the KeyboardInterrupt that Ctrl-C raises while reading."""
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        if line == self.INTERRUPT:
            raise KeyboardInterrupt
        return line + "\n"


def play_plain(*lines: str, save: Path, rounds: int | None = None) -> tuple[int, str]:
    """Play in the line mode with typed ``lines``; the exit code and everything printed."""
    session = Session.new("random", seed=SEED, rounds=rounds)
    out = io.StringIO()
    code = run_plain(session, Keys(*lines), out, str(save))
    return code, out.getvalue()


def test_the_help_lists_one_command_a_line(tmp_path: Path) -> None:
    _code, out = play_plain("help", save=tmp_path / "g.json")
    lines = out.splitlines()
    for command in ("help", "hint", "auto", "hand", "table", "last", "status", "rules"):
        assert any(re.match(rf"  {command} +\w", line) for line in lines), command
    assert any(re.match(r"  save +save the game \(save FILE", line) for line in lines)
    assert any(re.match(r"  quit +leave the game", line) for line in lines)
    assert max(len(line) for line in lines[: lines.index("Commands, at any prompt:") + 11]) < 80


def test_the_round_summary_comes_before_the_next_round(tmp_path: Path) -> None:
    code, out = play_plain("1", *["auto"] * 400, save=tmp_path / "g.json", rounds=2)
    assert code == 0
    summary, ended, begins = (
        out.index("Declarers: "),
        out.index("Round 1 is over"),
        out.index("Round 2 begins"),
    )
    # the summary says the round is over (once: the log line is left out for it)
    assert summary < ended < out.index("Press Enter to go on.") < begins
    assert out.count("Round 1 is over") == out.count("Round 2 is over") == 1
    assert "You played the 2 rounds you asked for" in out


def test_quit_offers_to_save_first_and_says_where(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play_plain("quit", "maybe", "y", save=path)
    assert code == 0 and path.is_file()
    assert out.count("Save the game before quitting?") == 2  # "maybe" is asked again
    assert f"Type y to save it to {path}, or n to quit without saving." in out
    assert f"Game saved to {path}." in out
    assert f"Resume it with: tuolaji play --plain --resume {path}" in out
    assert out.rstrip().endswith("Goodbye.")
    assert Session.resume(path, "random").game.actions == list(load_record(path).actions)


def test_quit_without_saving_says_how_to_save_next_time(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play_plain("quit", "n", save=path)
    assert code == 0 and not path.exists()
    assert "The game was not saved. Type `save` before quitting next time." in out
    # a game saved just before quitting is not asked about
    code, out = play_plain("save", "quit", save=path)
    assert code == 0 and path.is_file()
    assert "Save the game before quitting?" not in out and out.rstrip().endswith("Goodbye.")


def test_quitting_after_moves_since_a_save_names_that_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    # saved, then the deal goes on (Enter), then quit without saving again
    code, out = play_plain("save", "", "quit", "n", save=path)
    assert code == 0 and path.is_file()
    assert f"The moves since the last save ({path}) were not saved." in out
    assert "The game was not saved." not in out


def test_save_file_never_writes_over_another_file(tmp_path: Path) -> None:
    precious = tmp_path / "important.txt"
    precious.write_text("precious")
    code, out = play_plain(f"save {precious}", "quit", "n", save=tmp_path / "g.json")
    assert code == 0 and precious.read_text() == "precious"
    assert f"Not saved: {precious} already exists and is not this game's file." in out


def test_a_failed_save_on_quitting_keeps_the_game_going(tmp_path: Path) -> None:
    bad = tmp_path / "no such folder" / "g.json"
    good = tmp_path / "g.json"
    code, out = play_plain("quit", "y", f"save {good}", "quit", save=bad)
    assert code == 0 and good.is_file() and not bad.exists()
    assert f"Could not save to {bad}" in out
    assert "The game goes on" in out
    assert out.count("Save the game before quitting?") == 1  # saved by then: no question


def test_ctrl_c_asks_like_quit_and_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play_plain(Keys.INTERRUPT, "y", save=path)
    assert code == 130 and path.is_file()
    assert "Save the game before quitting?" in out and f"Game saved to {path}." in out
    # Ctrl-C again at the question leaves without saving, and says so
    code, out = play_plain(Keys.INTERRUPT, Keys.INTERRUPT, save=tmp_path / "other.json")
    assert code == 130 and not (tmp_path / "other.json").exists()
    assert "The game was not saved. Type `save` before quitting next time." in out


def test_ctrl_c_in_a_real_terminal_game_is_not_silent(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
    # A terminal delivers Ctrl-C; a test run started in the background of a shell that
    # has no job control ignores SIGINT, and its children inherit that: the game starts
    # with Python's own handler again, as from a terminal.
    start = (
        "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "runpy.run_module('tuolaji', run_name='__main__')"
    )
    game = subprocess.Popen(
        [sys.executable, "-c", start, "play", "--plain", "--bots", "random", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert game.stdin is not None and game.stdout is not None
    try:
        seen = read_until(game.stdout, b"> ")
        game.send_signal(signal.SIGINT)
        seen += read_until(game.stdout, b"> ")
        assert b"Save the game before quitting?" in seen
        rest, errors = game.communicate(b"y\n", timeout=30)
    finally:
        game.kill()
    out = (seen + rest).decode()
    assert game.returncode == 130, errors
    assert b"Traceback" not in errors
    saved = re.search(r"Game saved to (.+\.json)\.", out)
    assert saved and Path(saved.group(1)).parent == Path(os.environ["TUOLAJI_DATA_DIR"])
    assert Path(saved.group(1)).is_file()


def read_until(stream: IO[bytes], marker: bytes, timeout: float = 30) -> bytes:
    """What ``stream`` gives until ``marker`` (a prompt that ends without a newline)."""
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no {marker!r} in {seen[-500:]!r}"
        chunk = os.read(stream.fileno(), 65536)
        assert chunk, f"the game ended before {marker!r}: {seen[-500:]!r}"
        seen += chunk
    return seen
