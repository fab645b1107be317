"""R-U1: ``takebacks`` is a table setting for people; tournaments, simulations and
analyses, played by bots that never take back, refuse rules with it on — on the command
line (exit status 2, a message naming the option) and in the library (a ValueError)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tuolaji.arena.analysis import AnalysisError, analyse_record
from tuolaji.arena.simulate import simulate
from tuolaji.arena.tournament import run_tournament
from tuolaji.cli import app as cli
from tuolaji.core.rules import SHENGJI, STANDARD
from tuolaji.game.game import Game
from tuolaji.game.record import record_of, save_record

TAKEBACKS = STANDARD.with_options(takebacks=True)


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--games", "1", "--option", "takebacks=true"],
        ["tournament", "--deals", "1", "--option", "takebacks=true"],
        ["tournament", "--deals", "1", "--rules", "shengji", "--option", "takebacks=true"],
    ],
)
def test_r_u1_the_commands_refuse_takebacks(command: list[str], tmp_path: Path) -> None:
    done = CliRunner().invoke(cli, [*command])
    assert done.exit_code == 2
    assert "takebacks" in done.output and "R-U1" in done.output
    assert "Traceback" not in done.output


def test_r_u1_analyse_refuses_a_record_played_with_takebacks(tmp_path: Path) -> None:
    game = Game(TAKEBACKS, seed=1, round_limit=1)
    path = tmp_path / "game.json"
    save_record(record_of(game, ["a", "b", "c", "d"]), path)
    done = CliRunner().invoke(cli, ["analyse", str(path)])
    assert done.exit_code == 2
    assert "takebacks" in done.output and "R-U1" in done.output
    with pytest.raises(AnalysisError, match="takebacks"):
        analyse_record(record_of(game, ["a", "b", "c", "d"]))


def test_r_u1_the_library_refuses_takebacks_before_playing() -> None:
    with pytest.raises(ValueError, match="takebacks"):
        simulate(games=1, rules=TAKEBACKS)
    with pytest.raises(ValueError, match="takebacks"):
        run_tournament(["random", "random"], 1, rules=TAKEBACKS)


def test_the_shengji_preset_leaves_takebacks_off_and_tournaments_run() -> None:
    assert not SHENGJI.takebacks
    result = run_tournament(["random", "random"], 1, rules=SHENGJI)
    assert result.summary_json()["deals"] == 1
