"""Batch work on Ray (``--executor ray``, docs/scaling.md): tournaments, simulations and
analyses give on Ray exactly what they give in one process and on a local pool, a
worker killed mid-run changes nothing, external bots run on the workers, and a Ray
that cannot be used is refused cleanly — a bad ``--ray-address`` with exit status 2,
naming the address, before any work; Ray not installed naming the ``cluster`` extra.

One Ray of 2 CPUs serves the module (Ray takes seconds to start): the runs the library
makes with ``executor="ray"``, and the commands run here, use the Ray this process is
connected to. One command in a fresh process starts its own Ray and stops it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji.arena.analysis import analyse_record
from tuolaji.arena.jobs import ExecutorError
from tuolaji.arena.ray_executor import RayRunner, check_address, probe, ray_runner
from tuolaji.arena.simulate import SimulationSummary, simulate
from tuolaji.arena.tournament import run_tournament
from tuolaji.bots.base import Player
from tuolaji.bots.registry import make_player
from tuolaji.cli import app
from tuolaji.game.record import load_record

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"
EXAMPLE_BOT = ROOT / "examples" / "bot.py"


@pytest.fixture(scope="module", autouse=True)
def ray_of_the_module() -> Iterator[RayRunner]:
    """A Ray of 2 CPUs on this machine for the module's runs, stopped after them."""
    with ray_runner(jobs=2) as runner:  # first: Ray is imported as the executor imports it
        import ray

        # The test's own player factory is sent to the workers by value: they cannot
        # import this test module by name.
        ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # type: ignore[no-untyped-call]
        yield runner


def test_the_ray_of_the_module_listens_on_loopback_only() -> None:
    import ray

    nodes = ray.nodes()  # type: ignore[no-untyped-call]
    assert [node["NodeManagerAddress"] for node in nodes] == ["127.0.0.1"]


def invoke(*args: str) -> tuple[int, str, str]:
    """``tuolaji ARGS`` in this process: exit status, stdout, stderr."""
    done = CliRunner().invoke(app, list(args), env={"COLUMNS": "250", "NO_COLOR": "1"})
    return done.exit_code, done.stdout, done.stderr


def summary_json(summary: SimulationSummary) -> dict[str, Any]:
    """A simulation's summary, less the times (which differ from run to run)."""
    data = summary.to_json()
    del data["seconds"], data["rounds_per_second"]
    return data


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by its path in it."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


# ------------------------------------------------------------ the same results


def test_a_tournament_on_ray_is_the_tournament_of_one_process(tmp_path: Path) -> None:
    players = ("heuristic", "random")
    results, records = [], []
    settings: list[dict[str, Any]] = [{"jobs": 1}, {"jobs": 2}, {"executor": "ray"}]
    for number, how in enumerate(settings):
        folder = tmp_path / f"records{number}"
        result = run_tournament(players, 6, seed=4, records=folder, **how)
        results.append(json.dumps(result.to_json()))
        records.append(files_of(folder))
    assert results[0] == results[1] == results[2]
    # on Ray the records come back to the driver, which writes them: the same bytes
    assert len(records[0]) == 12 and records[0] == records[1] == records[2]


def test_a_simulation_on_ray_is_the_simulation_of_one_process(tmp_path: Path) -> None:
    # 25 rounds: the second game is cut short, as one process cuts it
    for count in ({"games": 2}, {"rounds": 25}):
        summaries, records = [], []
        for number, how in enumerate([{"jobs": 1}, {"jobs": 2}, {"executor": "ray"}]):
            folder = tmp_path / f"{next(iter(count))}{number}"
            summary = simulate(seed=6, records=folder, **count, **how)  # type: ignore[arg-type]
            summaries.append(summary_json(summary))
            records.append(files_of(folder))
        assert summaries[0] == summaries[1] == summaries[2]
        assert records[0] == records[1] == records[2]
    assert summaries[0]["rounds"] == 25 and summaries[0]["games_started"] == 2
    assert sorted(records[0]) == ["game-00000.json", "game-00001.json"]


def test_an_analysis_on_ray_is_the_analysis_of_one_process() -> None:
    record = load_record(DATA / "game-standard-seed2-v2.json")
    documents = [
        analyse_record(record, 1, guesses=2, round_number=1, **how).to_json(5)
        for how in ({"jobs": 1}, {"jobs": 2}, {"executor": "ray"})
    ]
    assert documents[0]["decisions"] and documents[0] == documents[1] == documents[2]


def test_the_commands_on_ray_print_what_they_print_locally() -> None:
    for command in (
        ("tournament", "--players", "heuristic,random", "--deals", "3", "--json"),
        ("simulate", "--games", "1", "--seed", "3", "--json"),
    ):
        local, on_ray = invoke(*command), invoke(*command, "--executor", "ray", "--jobs", "2")
        assert local[0] == on_ray[0] == 0 and on_ray[2] == ""
        if command[0] == "tournament":
            assert on_ray[1] == local[1]
        else:
            assert summary_of(on_ray[1]) == summary_of(local[1])


def summary_of(printed: str) -> dict[str, Any]:
    """A simulation's printed JSON summary, less the times."""
    data: dict[str, Any] = json.loads(printed)
    del data["seconds"], data["rounds_per_second"]
    return data


# ------------------------------------------------------- workers lost and bots


@dataclass(frozen=True)
class CrashingOnce:
    """Makes players as the registry does, except that the first player made in a
    worker process ends that process at once (leaving ``marker``), as a machine lost
    mid-run would: Ray must run the task again."""

    marker: Path
    driver: int

    def __call__(self, name: str, seed: int) -> Player:
        if os.getpid() != self.driver:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass  # crashed once already
            else:
                os._exit(17)
        return make_player(name, seed)


def test_a_worker_killed_mid_run_changes_nothing(tmp_path: Path) -> None:
    crashing = CrashingOnce(tmp_path / "crashed", os.getpid())
    alone = run_tournament(("heuristic", "random"), 6, seed=9)
    on_ray = run_tournament(("heuristic", "random"), 6, seed=9, executor="ray", factory=crashing)
    assert crashing.marker.exists()  # a worker did die
    assert on_ray.to_json() == alone.to_json()


def test_an_external_bot_runs_on_the_workers() -> None:
    bot = f"cmd:{sys.executable} {EXAMPLE_BOT}"
    alone = run_tournament((bot, "heuristic"), 2, seed=1)
    on_ray = run_tournament((bot, "heuristic"), 2, seed=1, executor="ray")
    assert on_ray.to_json() == alone.to_json()
    assert on_ray.sides[0].decisions > 0 and on_ray.sides[0].replaced == 0  # it answered


def test_a_ray_started_for_the_command_keeps_its_output_clean(tmp_path: Path) -> None:
    # A fresh process: Ray is started for the command with --jobs CPUs, and stopped.
    command = ("tournament", "--players", "heuristic,random", "--deals", "4", "--json")
    on_ray = run_cli(*command, "--executor", "ray", "--jobs", "2", "--out", str(tmp_path))
    local = run_cli(*command)
    assert (on_ray.returncode, on_ray.stderr) == (0, "")
    assert on_ray.stdout == local.stdout  # one JSON line, no word of Ray's
    assert json.loads((tmp_path / "result.json").read_text())["deals"] == 4


def test_local_runs_never_import_ray() -> None:
    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tuolaji.cli import app\n"
        "runs = [['simulate', '--games', '1', '--jobs', '2', '--json'],\n"
        "        ['tournament', '--deals', '2', '--jobs', '2', '--json']]\n"
        "codes = [CliRunner().invoke(app, args).exit_code for args in runs]\n"
        "print(codes, 'ray' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout.strip() == "[0, 0] False", done.stderr


# ------------------------------------------------------------- refused cleanly


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on (just released)."""
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port: int = probe_socket.getsockname()[1]
    return port


@pytest.mark.parametrize("command", ["tournament", "simulate", "analyse"])
def test_an_address_where_nothing_answers_is_a_usage_error_naming_it(command: str) -> None:
    address = f"127.0.0.1:{free_port()}"
    record = () if command != "analyse" else (str(DATA / "game-standard-seed2-v2.json"),)
    status, out, err = invoke(command, *record, "--executor", "ray", "--ray-address", address)
    assert (status, out) == (2, "")
    assert f"Error: Invalid value for '--ray-address': no Ray cluster at {address}" in err
    assert "nothing answers there" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("127.0.0.1", "no host:port"),
        ("ray://", "no host:port"),
        ("host:99999", "the port must be a number from 1 to 65535"),
        ("host:http", "the port must be a number from 1 to 65535"),
        ("http://host:6379", "the only scheme is ray://"),
        ("::1:6379", "an IPv6 host goes in brackets"),
        (":6379", "no host:port"),
    ],
)
def test_a_malformed_address_is_refused_naming_it(address: str, why: str) -> None:
    with pytest.raises(ExecutorError) as refused:
        check_address(address)
    assert (refused.value.problem, refused.value.detail) == ("malformed", why)
    status, out, err = invoke("simulate", "--executor", "ray", "--ray-address", address)
    assert (status, out) == (2, "")
    assert f"{address!r} is not a Ray address: give auto, HOST:PORT or ray://HOST:PORT" in err


def test_addresses_that_are_read() -> None:
    assert check_address("auto").auto
    read = check_address("10.0.0.5:6379")
    assert (read.client, read.host, read.port, read.loopback) == (False, "10.0.0.5", 6379, False)
    assert check_address("ray://head:10001").client
    assert check_address("[::1]:6379").loopback


def listening() -> socket.socket:
    """A server socket on a free port of 127.0.0.1 that accepts no one by itself."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    return server


def test_a_server_that_does_not_answer_is_refused_in_time() -> None:
    with listening() as server:
        address = check_address(f"127.0.0.1:{server.getsockname()[1]}")
        with pytest.raises(ExecutorError) as silent:
            probe(address, seconds=0.2)
    assert silent.value.problem == "no-answer" and "nothing answered in 0.2 s" in str(silent.value)


def test_a_server_that_is_not_ray_is_told_apart() -> None:
    with listening() as server:
        address = check_address(f"localhost:{server.getsockname()[1]}")

        def answer_as_a_web_server() -> None:
            connection, _ = server.accept()
            with connection:
                connection.recv(64)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

        helper = threading.Thread(target=answer_as_a_web_server)
        helper.start()
        with pytest.raises(ExecutorError) as web:
            probe(address, seconds=5)
        helper.join(timeout=5)
    assert web.value.problem == "not-ray"
    assert (
        str(web.value) == f"no Ray cluster at {address.text}: the server there is not a Ray cluster"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ray-address", "auto"], "'--ray-address': --ray-address needs --executor ray"),
        (["--executor", "fast"], "'--executor': give local or ray, not 'fast'"),
        (
            ["--executor", "ray", "--jobs", "2", "--ray-address", "auto"],
            "'--jobs': --jobs gives the CPUs of a Ray started for the command",
        ),
    ],
)
def test_executor_options_that_do_not_go_together_are_refused(
    args: list[str], message: str
) -> None:
    for command in ("tournament", "simulate"):
        status, out, err = invoke(command, *args)
        assert (status, out) == (2, "") and message in err


def test_without_ray_the_cluster_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    status, out, err = invoke("tournament", "--deals", "2", "--executor", "ray")
    assert (status, out) == (1, "")
    assert err == (
        "Error: this command needs tuolaji[cluster], which is not fully installed (missing: "
        "ray). Install it with: pip install 'tuolaji[cluster]'\n"
    )
    # the local executor needs no Ray
    assert invoke("tournament", "--deals", "2", "--jobs", "1", "--json")[0] == 0


@pytest.mark.parametrize("command", ["tournament", "simulate", "analyse"])
def test_the_help_shows_the_executor_options(command: str) -> None:
    status, out, _err = invoke(command, "--help")
    assert status == 0
    assert "--executor" in out and "--ray-address" in out and "--jobs" in out
