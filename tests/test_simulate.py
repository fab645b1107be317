"""``tuolaji simulate``: self-play of seeded games, its JSON summary, its records, and
clean failures on bad arguments: counts and seeds out of their bounds, and a records
folder that cannot take the records, refused before the first game.

Rule ids: R-S5 (``--games`` plays whole games, each ending when a team passes A);
R-S3 (each round ends with a settlement, counted in ``rounds``). Records written with
``--records`` must replay through the rules (docs/records.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji.arena.limits import MAX_GAMES, MAX_ROUNDS, MAX_SEED
from tuolaji.arena.simulate import simulate
from tuolaji.cli import app as cli
from tuolaji.game import Phase
from tuolaji.game.record import load_record, replay


def summary_of(*args: str) -> dict[str, object]:
    """Run ``tuolaji simulate ARGS --json`` and read its one JSON line."""
    done = run_cli("simulate", *args, "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    summary = json.loads(lines[0])
    assert isinstance(summary, dict)
    return summary


def test_r_s5_games_json_prints_one_summary() -> None:
    summary = summary_of("--games", "2", "--seed", "1")
    rounds, seconds, rate = summary["rounds"], summary["seconds"], summary["rounds_per_second"]
    assert isinstance(rounds, int) and rounds >= 2 * 5  # a game needs ≥ 5 rounds to pass A
    assert isinstance(seconds, float) and seconds > 0
    assert isinstance(rate, float) and rate == pytest.approx(rounds / seconds)
    assert summary["games_started"] == summary["games_finished"] == 2
    assert summary["team_wins"] in ([2, 0], [1, 1], [0, 2])
    # The same seed plays the same games.
    again = summary_of("--games", "2", "--seed", "1")
    assert again["rounds"] == rounds and again["team_wins"] == summary["team_wins"]


def test_r_s3_rounds_stops_after_that_many_rounds() -> None:
    summary = summary_of("--rounds", "5", "--seed", "3")
    assert summary["rounds"] == 5
    assert summary["games_started"] == 1 and summary["games_finished"] == 0


@pytest.mark.parametrize(
    ("args", "rounds_of"),
    [
        pytest.param(["--games", "2", "--seed", "1"], None, id="games"),
        pytest.param(["--games", "1", "--seed", "2", "--rules", "classic"], None, id="classic"),
        pytest.param(["--rounds", "3", "--seed", "4"], 3, id="rounds"),
    ],
)
def test_records_written_by_simulate_replay(
    args: list[str], rounds_of: int | None, tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    summary = summary_of(*args, "--records", str(folder))
    files = sorted(folder.glob("game-*.json"))
    assert len(files) == summary["games_started"]
    preset = "classic" if "classic" in args else "standard"
    rounds = 0
    for path in files:
        record = load_record(path)
        assert record.rules.preset == preset
        game = replay(record)
        rounds += len(game.results)
        if rounds_of is None:
            assert game.phase is Phase.OVER and game.winner is not None
    assert rounds == summary["rounds"]
    if rounds_of is not None:
        assert rounds == rounds_of
    # Writing the records again with the same seed gives the same files.
    second = tmp_path / "again"
    summary_of(*args, "--records", str(second))
    assert [p.read_text() for p in files] == [
        p.read_text() for p in sorted(second.glob("game-*.json"))
    ]


def test_the_table_summary_without_json() -> None:
    done = run_cli("simulate", "--rounds", "2", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert "rounds per second" in done.stdout and "standard rules" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["--games", "1", "--rounds", "5"], "give --rounds N or --games N, not both", id="both"
        ),
        pytest.param(
            ["--games", "1", "--players", "random,alphago,random,random"],
            "unknown player 'alphago'",
            id="unknown_player",
        ),
        pytest.param(
            ["--games", "1", "--players", "random,random"], "one name or four", id="two_players"
        ),
        pytest.param(["--games", "1", "--rules", "house"], "unknown preset 'house'", id="preset"),
        pytest.param(
            ["--games", "1", "--option", "jokers=3"], "unknown rule option 'jokers'", id="option"
        ),
        pytest.param(
            ["--games", "1", "--option", "throw_penalty=-5"],
            "throw_penalty must be a whole number",
            id="option_value",
        ),
        pytest.param(["--games", "many"], "Invalid value for '--games'", id="not_a_number"),
    ],
)
def test_bad_arguments_fail_cleanly(args: list[str], message: str) -> None:
    done = run_cli("simulate", *args, "--json")
    assert done.returncode != 0
    assert message in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip() == ""  # no summary was printed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["--games", "99999999999999999999"],
            "'--games': Input should be less than or equal to 100000",
            id="games_too_many",
        ),
        pytest.param(["--games", "0"], "'--games': Input should be greater than", id="no_games"),
        pytest.param(
            ["--rounds", "1000001"],
            "'--rounds': Input should be less than or equal to 1000000",
            id="rounds_too_many",
        ),
        pytest.param(
            ["--games", "1", "--seed", "-3"],
            "'--seed': Input should be greater than or equal to 0",
            id="negative_seed",
        ),
        pytest.param(
            ["--games", "1", "--seed", str(2**64)],
            "'--seed': Input should be less than or equal to 4294967295",
            id="huge_seed",
        ),
        pytest.param(
            ["--games", "1", "--players", "search:0"],
            "search:SECONDS takes a budget greater than 0 and at most 60 seconds, not 0",
            id="search_budget",
        ),
        pytest.param(
            ["--games", "1", "--players", "search:guesses=5001"],
            "search:guesses=N takes a whole number of guesses from 1 to 5000, not 5001",
            id="search_guesses",
        ),
        pytest.param(
            ["--games", "1", "--players", 'cmd:bot "unclosed,random,random,random'],
            'the player list has an unclosed " quote',
            id="unclosed_quote",
        ),
    ],
)
def test_counts_and_seeds_out_of_bounds_are_refused(args: list[str], message: str) -> None:
    done = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert done.exit_code == 2
    assert message in done.stderr
    assert done.stdout == ""


def test_the_library_refuses_the_same_bounds() -> None:
    bad = [
        ({"games": MAX_GAMES + 1}, "the number of games must be from 1 to 100000"),
        ({"rounds": MAX_ROUNDS + 1}, "the number of rounds must be from 1 to 1000000"),
        ({"rounds": 0}, "the number of rounds must be from 1 to 1000000, not 0"),
        ({"games": 1, "seed": MAX_SEED + 1}, "the seed must be from 0 to 4294967295"),
        ({"games": True}, "the number of games must be a whole number, not True"),
    ]
    for settings, message in bad:
        with pytest.raises(ValueError) as refused:
            simulate(**settings)  # type: ignore[arg-type]
        assert message in str(refused.value)


def records_cases(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Records folders that ``--records`` must refuse, with what the message says."""
    a_file = tmp_path / "a-file.json"
    a_file.write_text("keep me")
    earlier = tmp_path / "games"
    earlier.mkdir()
    (earlier / "game-00000.json").write_text("{}")
    missing = tmp_path / "no" / "such" / "games"
    return {
        "an existing file": (a_file, f"{a_file} is a file, not a folder"),
        "under a file": (
            a_file / "games",
            f"cannot create {a_file / 'games'}: {a_file} is a file, not a folder",
        ),
        "missing parent": (
            missing,
            f"cannot create {missing}: the folder {missing.parent} does not exist",
        ),
        "earlier records": (
            earlier,
            f"{earlier} already holds game-00000.json from an earlier run",
        ),
    }


@pytest.mark.parametrize(
    "case", ["an existing file", "under a file", "missing parent", "earlier records"]
)
def test_a_records_folder_that_cannot_take_them_is_refused_up_front(
    case: str, tmp_path: Path
) -> None:
    folder, message = records_cases(tmp_path)[case]
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    # Refused before the first game: an earlier run's records are not overwritten.
    done = CliRunner().invoke(cli, ["simulate", "--games", "2", "--records", str(folder), "--json"])
    assert done.exit_code == 2
    assert f"Invalid value for '--records': {message}" in done.stderr
    assert done.stdout == ""
    after = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert after == before  # nothing written, nothing lost


def test_a_missing_records_folder_is_created_when_its_parent_exists(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    done = CliRunner().invoke(
        cli, ["simulate", "--rounds", "1", "--records", str(folder), "--json"]
    )
    assert done.exit_code == 0, done.stderr
    assert [path.name for path in folder.iterdir()] == ["game-00000.json"]
