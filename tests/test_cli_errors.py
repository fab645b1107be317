"""Every ``tuolaji`` command reports an error one way and ends with the exit status of the
README's table ("Errors and exit statuses", ``tuolaji.cli_errors``): 0 done; 1 a run
that failed; 2 usage or bad input, nothing done; 3 a tournament whose bot fallback moves
replaced too often (tests/arena). An error is one ``Error: …`` line on stderr (a usage
error under the usage line and where to find help), and nothing on stdout."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji import cli_arena, i18n
from tuolaji.arena.limits import DEFAULT_GAMES
from tuolaji.cli import app
from tuolaji.cli_errors import EXIT_FAILED, EXIT_OK, EXIT_REPLACED, EXIT_USAGE

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "data" / "game-standard-seed2-v2.json"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English (a command switches the whole process)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def invoke(*args: str) -> Any:
    """``tuolaji ARGS`` in this process, in English, on a wide screen."""
    env = {"TUOLAJI_LANG": "en", "COLUMNS": "250", "NO_COLOR": "1"}
    return CliRunner().invoke(app, list(args), env=env)


def usage_error(stderr: str, command: str | None) -> str:
    """The message of a usage error of ``command`` (None: of ``tuolaji`` itself),
    checked to be laid out as typer and click lay it out: the usage line, where to find
    help, a blank line, one ``Error:`` line."""
    lines = stderr.splitlines()
    assert len(lines) == 4, stderr
    path = r"\S+" if command is None else rf"\S+ {command}"
    assert re.match(rf"Usage: {path} \[OPTIONS\]", lines[0]), lines[0]
    assert re.fullmatch(rf"Try '{path} --help' for help\.", lines[1]), lines[1]
    assert lines[2] == "" and lines[3].startswith("Error: ")
    return lines[3].removeprefix("Error: ")


def one_line(stderr: str) -> str:
    """The message of an error that is one ``Error:`` line and nothing else."""
    assert stderr.count("\n") == 1 and stderr.startswith("Error: "), stderr
    return stderr.removeprefix("Error: ").rstrip("\n")


def test_the_statuses_are_the_readmes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Errors and exit statuses")[1].split("```")[0]
    statuses = [int(status) for status in re.findall(r"^\| (\d) \|", table, re.MULTILINE)]
    assert statuses == [EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REPLACED] == [0, 1, 2, 3]


# ------------------------------------------------------------ 2: usage, bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["nosuch"], "No such command 'nosuch'.", id="unknown-command"),
        pytest.param(
            ["simulate", "--games", "0"],
            "Invalid value for '--games': Input should be greater than or equal to 1",
            id="count-out-of-bounds",
        ),
        pytest.param(
            ["simulate", "--games", "1", "--rounds", "2"],
            "Invalid value: give --rounds N or --games N, not both",
            id="games-and-rounds",
        ),
        pytest.param(
            ["rules", "--rules", "house"],
            "Invalid value: unknown preset 'house': choose standard, classic or shengji",
            id="unknown-preset",
        ),
        pytest.param(
            ["play", "--bots", "alphago"],
            "Invalid value for '--bots': choose heuristic, search, random, not 'alphago'",
            id="unknown-bot",
        ),
    ],
)
def test_a_usage_error_is_shown_under_the_usage_line_with_status_2(
    args: list[str], message: str
) -> None:
    done = invoke(*args)
    assert (done.exit_code, done.stdout) == (EXIT_USAGE, "")
    command = None if args == ["nosuch"] else args[0]
    assert usage_error(done.stderr, command) == message


def test_tuolaji_alone_shows_its_help_with_status_2() -> None:
    # no command: typer's way, the whole help on stderr, is kept (no "Error:" line)
    done = invoke()
    assert (done.exit_code, done.stdout) == (EXIT_USAGE, "")
    assert done.stderr.startswith("Usage: ") and "Commands:" in done.stderr
    assert "Error:" not in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["simulate", "--players", "foo"], id="simulate-with-no-count"),
        pytest.param(
            [
                *("simulate", "--players", "random,foo,random,random", "--rules", "house"),
                *("--games", "1", "--records", "/no/such/folder"),
            ],
            id="simulate-before-the-rules-and-the-folder",
        ),
        pytest.param(
            ["tournament", "--players", "random,foo", "--option", "x", "--out", "/no/such"],
            id="tournament-before-the-options-and-the-folder",
        ),
    ],
)
def test_an_unknown_player_is_named_before_anything_else(args: list[str]) -> None:
    done = invoke(*args)
    assert (done.exit_code, done.stdout) == (EXIT_USAGE, "")
    assert usage_error(done.stderr, args[0]).startswith(
        "Invalid value for '--players': unknown player 'foo': choose from random, heuristic"
    )


def test_a_port_in_use_is_said_in_one_line_with_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        database = tmp_path / "games.db"
        done = run_cli("serve", "--port", str(port), "--db", f"sqlite:///{database}", timeout=120)
    assert (done.returncode, done.stdout) == (EXIT_USAGE, "")
    assert one_line(done.stderr) == (
        f"cannot listen on 127.0.0.1:{port}: the port is already in use (stop what uses it, "
        "or choose another port with --port)"
    )
    assert not database.exists()  # refused before the database was opened


def test_a_save_file_that_exists_is_refused_in_one_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("kept", encoding="utf-8")
    done = invoke("play", "--plain", "--seed", "1", "--save", str(save))
    assert (done.exit_code, done.stdout) == (EXIT_USAGE, "")
    assert one_line(done.stderr).startswith(f"{save} already exists: choose a new file")
    assert save.read_text(encoding="utf-8") == "kept"


# ------------------------------------------------------------- 1: a failed run


def test_replay_of_a_missing_file_says_what_the_readme_shows(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = readme.split("$ tuolaji replay missing.json\n")[1].splitlines()[0]
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", "replay", "missing.json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (EXIT_FAILED, "", shown + "\n")


def test_a_record_that_does_not_verify_fails_with_status_1(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    text = GOLDEN.read_text(encoding="utf-8")
    broken.write_text(text.replace('"bury", 0', '"bury", 1', 1), encoding="utf-8")
    assert broken.read_text(encoding="utf-8") != text
    for command in ("replay", "analyse"):
        done = invoke(command, str(broken))
        assert (done.exit_code, done.stdout) == (EXIT_FAILED, ""), command
        assert "breaks R-" in one_line(done.stderr)


def test_a_database_out_of_reach_fails_in_one_line_with_status_1() -> None:
    # two ports nothing listens on: one for the database, one for the server (were they
    # the same, the database driver would reach the server's own socket and wait for
    # its time-out)
    with socket.socket() as closed, socket.socket() as free:
        closed.bind(("127.0.0.1", 0))
        free.bind(("127.0.0.1", 0))
        db_port, port = closed.getsockname()[1], free.getsockname()[1]
    url = f"postgresql://nobody@127.0.0.1:{db_port}/tuolaji"
    done = run_cli("serve", "--port", str(port), "--db", url, timeout=120)
    assert (done.returncode, done.stdout) == (EXIT_FAILED, "")
    assert one_line(done.stderr).startswith("cannot open the database: ")
    assert "Traceback" not in done.stderr


# ------------------------------------------------------ the language, the count


def test_the_error_line_speaks_the_language_of_the_command(tmp_path: Path) -> None:
    done = invoke("--lang", "zh_CN", "replay", str(tmp_path / "missing.json"))
    assert done.exit_code == EXIT_FAILED
    with i18n.using_language("zh_CN"):
        prefix = i18n._("Error: {message}").format(message="")
    assert prefix != "Error: " and done.stderr.startswith(prefix)


def test_simulate_without_a_count_plays_the_default_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"`--rounds N` plays {DEFAULT_GAMES} whole games" in readme
    help_page = " ".join(invoke("simulate", "--help").stdout.split())
    assert f"({DEFAULT_GAMES} games when neither is given)" in help_page
    monkeypatch.setattr(cli_arena, "DEFAULT_GAMES", 2)  # the same path, quicker
    done = invoke("simulate", "--json")
    assert done.exit_code == EXIT_OK, done.stderr
    assert '"games_started": 2' in done.stdout and '"games_finished": 2' in done.stdout
