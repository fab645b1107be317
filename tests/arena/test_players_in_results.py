"""Players as tournaments and simulations report them (docs/tournaments.md,
docs/bot-protocol.md): by their labels, with the fallbacks made in their place counted
by cause (crash, timeout, garbage, illegal) and the answer timeouts that fired — in
``--json``, ``result.json``, the table and on stderr — and, with a search budget in
guesses, exactly reproducible: ``--jobs 2`` gives the result and the records of
``--jobs 1``, byte for byte.
"""

from __future__ import annotations

import json
import logging
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji.arena.tournament import parse_players, run_tournament
from tuolaji.cli import app as cli

MISBEHAVING = Path(__file__).resolve().parents[1] / "bots" / "misbehaving_bot.py"
NO_FALLBACKS = {"crash": 0, "timeout": 0, "garbage": 0, "illegal": 0}


def bot(mode: str, *options: str, label: str = "bot", timeout: str = "0.3") -> str:
    """The player name of a misbehaving bot (tests/bots/misbehaving_bot.py) with a
    label and a short answer timeout."""
    command = shlex.join([sys.executable, str(MISBEHAVING), mode, *options])
    return f"cmd:timeout={timeout}:name={label}:{command}"


@pytest.fixture(autouse=True)
def quiet_bots(caplog: pytest.LogCaptureFixture) -> None:
    """The bots here fail on purpose: keep their log out of the test output."""
    caplog.set_level(logging.CRITICAL, logger="tuolaji.bots.external")


# ------------------------------------------------------- reproducible search


def test_search_by_guesses_gives_the_same_results_and_records_with_2_jobs(
    tmp_path: Path,
) -> None:
    players = "search:guesses=1:name=s1,heuristic"
    written = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        done = CliRunner().invoke(
            cli,
            [
                *("tournament", "--players", players, "--deals", "2", "--seed", "5"),
                *("--jobs", jobs, "--json", "--out", str(out), "--records"),
            ],
        )
        assert done.exit_code == 0, done.stderr
        files = [out / "result.json", *sorted((out / "records").iterdir())]
        written[jobs] = {path.relative_to(out): path.read_bytes() for path in files}
    assert len(written["1"]) == 1 + 2 * 2  # the result and one record per run
    assert written["1"] == written["2"]
    result = json.loads(written["1"][Path("result.json")])
    assert list(result["players"]) == ["s1", "heuristic"]  # the label names side A
    assert result["settings"]["players"] == ["search:guesses=1:name=s1", "heuristic"]


# ------------------------------------------------------ fallbacks by cause


@pytest.mark.parametrize(
    ("mode", "cause", "fired"),
    [
        ("crash", "crash", 0),
        ("silent", "timeout", 4),  # once in each of the bot's 2 seats of the 2 runs
        ("garbage", "garbage", 0),
        ("bad_cards", "garbage", 0),
        ("illegal", "illegal", 0),
    ],
)
def test_fallbacks_are_counted_per_player_by_cause(mode: str, cause: str, fired: int) -> None:
    result = run_tournament((bot(mode, "--at", "2"), "random"), 1, seed=3)
    summary = result.summary_json()
    assert list(summary["players"]) == ["bot", "random"]
    failing, other = summary["players"]["bot"], summary["players"]["random"]
    assert failing["replaced_decisions"] > 50
    assert failing["fallbacks"] == {**NO_FALLBACKS, cause: failing["replaced_decisions"]}
    assert failing["timeouts"] == fired
    assert other["fallbacks"] == NO_FALLBACKS and other["timeouts"] == 0
    # The verdict (the sentence under the table) names the cause.
    assert f"({failing['replaced_share']:.1%}): {cause} {failing['replaced_decisions']}" in (
        result.verdict.text
    )
    if fired:
        assert f"(its answer timeout fired {fired} times)" in result.verdict.text
    # result.json counts them the same way.
    assert result.to_json()["players"]["bot"]["fallbacks"] == failing["fallbacks"]


def test_the_command_reports_timeouts_everywhere(tmp_path: Path) -> None:
    out = tmp_path / "out"
    players = f"{bot('silent', '--at', '2', label='sleepy')},random"
    done = run_cli("tournament", "--players", players, "--deals", "1", "--json", "--out", str(out))
    assert done.returncode == 3  # the fallbacks made far more than 1% of its decisions
    summary = json.loads(done.stdout)
    sleepy = summary["players"]["sleepy"]
    assert (
        sleepy["timeouts"] == 4 and sleepy["fallbacks"]["timeout"] == sleepy["replaced_decisions"]
    )
    written = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert written["players"]["sleepy"] == sleepy
    # Each timeout is one line on stderr, with the prefix docs/bot-protocol.md shows.
    logged = [line for line in done.stderr.splitlines() if line.startswith("ERROR ")]
    assert len(logged) == 4
    assert all(
        line.startswith("ERROR tuolaji.bots.external: external bot sleepy (seat ")
        and "timeout: no answer within 0.3 s" in line
        for line in logged
    ), logged
    (refusal,) = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert (
        f"made {sleepy['replaced_decisions']} of the {sleepy['decisions']} decisions of sleepy"
        in (refusal)
    )
    wide = {"COLUMNS": "250", "NO_COLOR": "1"}  # a table not cut to 80 columns
    table = CliRunner().invoke(cli, ["tournament", "--players", players, "--deals", "1"], env=wide)
    assert table.exit_code == 3
    assert "sleepy" in table.stdout and "replaced moves" in table.stdout
    caption = " ".join(table.stdout.split())  # the verdict is wrapped to the table
    replaced = sleepy["replaced_decisions"]  # the same seed: the same run as above
    assert f"timeout {replaced} (its answer timeout fired 4 times)" in caption


def test_simulate_counts_each_seats_fallbacks() -> None:
    players = f"{bot('silent', '--at', '2', label='sleepy')},random,heuristic:name=h,random"
    done = CliRunner().invoke(cli, ["simulate", "--rounds", "1", "--json", "--players", players])
    assert done.exit_code == 0, done.stderr
    seats = json.loads(done.stdout)["seats"]
    assert [seat["player"] for seat in seats] == ["sleepy", "random", "h", "random"]
    sleepy = seats[0]
    assert sleepy["decisions"] > 10 and sleepy["timeouts"] == 1
    assert sleepy["replaced_decisions"] == sleepy["decisions"] - 1  # all but the first
    assert sleepy["fallbacks"] == {**NO_FALLBACKS, "timeout": sleepy["replaced_decisions"]}
    for seat in seats[1:]:
        assert seat["decisions"] > 10 and seat["replaced_decisions"] == 0
        assert seat["fallbacks"] == NO_FALLBACKS and seat["timeouts"] == 0


# ---------------------------------------------------------- labels and lists


def test_labels_name_the_sides_and_equal_labels_are_told_apart() -> None:
    result = run_tournament(("random:name=r", "heuristic:name=r"), 1, seed=1)
    assert [side.name for side in result.sides] == ["r#1", "r#2"]
    result = run_tournament(("random:name=lucky", "random"), 1, seed=1)
    assert [side.name for side in result.sides] == ["lucky", "random"]


def test_a_quoted_comma_reaches_the_bot(tmp_path: Path) -> None:
    # The bot notes what it receives in a file whose path holds a comma: the comma
    # must survive the player list (quoted, or escaped) and the command's split.
    quoted = tmp_path / "lines,quoted.jsonl"
    escaped = tmp_path / "lines,escaped.jsonl"
    command = shlex.join([sys.executable, str(MISBEHAVING), "good", "--record"])
    players = f'cmd:name=q:{command} "{quoted}",cmd:name=e:{command} {escaped}'.replace(
        f"{escaped}", str(escaped).replace(",", "\\,")
    )
    assert parse_players(players)[0].endswith(f'"{quoted}"')
    done = CliRunner().invoke(cli, ["tournament", "--players", players, "--deals", "1", "--json"])
    assert done.exit_code == 0, done.stderr
    summary = json.loads(done.stdout)
    assert list(summary["players"]) == ["q", "e"]
    for side in summary["players"].values():
        assert side["replaced_decisions"] == 0
    assert quoted.read_text(encoding="utf-8").startswith('{"type":"hello"')
    assert escaped.read_text(encoding="utf-8").startswith('{"type":"hello"')


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_a_list_with_an_unclosed_quote_is_refused_before_anything_runs(
    command: str, tmp_path: Path
) -> None:
    marker = tmp_path / "marker.jsonl"
    good = shlex.join([sys.executable, str(MISBEHAVING), "good", "--record", str(marker)])
    players = f'cmd:{good},cmd:bot "never closed'
    args = ["--deals", "1"] if command == "tournament" else ["--rounds", "1"]
    done = CliRunner().invoke(cli, [command, "--players", players, *args, "--json"])
    assert done.exit_code == 2
    assert 'unclosed " quote' in done.stderr and done.stdout == ""
    assert not marker.exists()  # no bot was started
