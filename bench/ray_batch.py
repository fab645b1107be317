"""Batch work on Ray against the local pool, side by side in one run (``make bench-ray``;
docs/benchmarks.md, "Batch work on Ray").

It measures, on this machine:

- **deals per second** of a heuristic-against-heuristic tournament (200 deals by
  default): in one process, on the local pool of 2 worker processes (``--jobs 2``), and
  on a local Ray of 2 CPUs (``--executor ray --jobs 2``) with the batches the executor
  chooses and with one deal per task; the runs alternate, ``--repeats`` times, and the
  table gives the median and each figure as a ratio to the local pool;
- **Ray's start-up and stop**: a Ray of 2 CPUs started and stopped as a command does;
- **the cost per task**: many trivial jobs (an item back) one per task, on Ray and on
  the local pool, the driver's CPU time per task on Ray, and the difference per deal
  between Ray with one deal per task and the pool;
- **what is shipped**: the bytes of a task's arguments, of the data a run shares (put
  once in Ray's object store) and of each kind of result, pickled as Ray pickles them.

``.venv/bin/python bench/ray_batch.py [--deals N] [--repeats N] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tuolaji.arena.analysis import AnalysisSetup, Budget, analyse_decision_job
from tuolaji.arena.executors import InProcess, LocalPool
from tuolaji.arena.jobs import Runner
from tuolaji.arena.ray_executor import RayRunner, batch_size, ray_runner
from tuolaji.arena.simulate import GameJob, play_game_job
from tuolaji.arena.tournament import DealJob, play_deal_job
from tuolaji.core.rules import STANDARD
from tuolaji.game.record import load_record

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "data" / "game-standard-seed2-v2.json"
PLAYERS = ("heuristic", "heuristic")
CPUS = 2
TRIVIAL_TASKS = 2000


def echo(_shared: object, item: int) -> int:
    """The trivial job: its item back."""
    return item


def seconds_of(run: Callable[[], object]) -> float:
    """Wall seconds ``run`` takes."""
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def drain(pairs: Iterable[object]) -> int:
    """Consume a map's results; how many there were."""
    return sum(1 for _ in pairs)


def deals_on(runner: Runner, deals: int, seed: int, batch: int | None = None) -> float:
    """Seconds for ``deals`` heuristic deals on ``runner`` (one task per deal when
    ``batch`` is 1; the runner's own choice when None)."""
    job = DealJob(PLAYERS, seed, STANDARD)
    if isinstance(runner, RayRunner):
        return seconds_of(lambda: drain(runner.map(play_deal_job, job, range(deals), batch=batch)))
    return seconds_of(lambda: drain(runner.map(play_deal_job, job, range(deals))))


def trivial_seconds(runner: Runner) -> tuple[float, float]:
    """Wall seconds for :data:`TRIVIAL_TASKS` trivial jobs on ``runner``, one a task,
    and the CPU seconds of this process (the driver, Ray's threads in it included)."""
    cpu = time.process_time()
    if isinstance(runner, RayRunner):
        wall = seconds_of(lambda: drain(runner.map(echo, None, range(TRIVIAL_TASKS), batch=1)))
    else:
        wall = seconds_of(lambda: drain(runner.map(echo, None, range(TRIVIAL_TASKS))))
    return wall, time.process_time() - cpu


def sizes(ray: Any, deals_shared: DealJob) -> dict[str, int]:
    """Bytes, pickled as Ray pickles them, of what goes to a task and what comes back."""
    dumps = ray.cloudpickle.dumps
    ref = ray.put(deals_shared)
    outcome = play_deal_job(deals_shared, 0)
    with_records = play_deal_job(DealJob(PLAYERS, 0, STANDARD, collect=True), 0)
    game = play_game_job(GameJob(("random",) * 4, 0, STANDARD), (0, None))
    game_record = play_game_job(GameJob(("random",) * 4, 0, STANDARD, collect=True), (0, None))
    record = load_record(RECORD)
    setup: AnalysisSetup = (record.to_json(), 1, 1, Budget(4, 0, 4, 1.0))
    decision = analyse_decision_job(setup, 0)
    return {
        "task arguments, 1 deal (job by name, shared data by reference, indices)": len(
            dumps((play_deal_job, ref, [0]))
        ),
        "task arguments, 16 deals": len(dumps((play_deal_job, ref, list(range(16))))),
        "tournament's shared data (put once)": len(dumps(deals_shared)),
        "one deal's result": len(dumps([(0, outcome)])),
        "one deal's result with its 2 run records (--records on Ray)": len(
            dumps([(0, with_records)])
        ),
        "one whole random game's result (simulate)": len(dumps([((0, None), game)])),
        "the same with its record (--records on Ray)": len(dumps([((0, None), game_record)])),
        "analysis's shared data (a 14-round record of 1422 actions as JSON, put once)": len(
            dumps(setup)
        ),
        "one analysed decision's result": len(dumps([(0, decision)])),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the measurements, print the tables, write the JSON if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None, metavar="PATH")
    args = parser.parse_args(argv)

    times: dict[str, list[float]] = {
        "one process": [],
        "local pool, --jobs 2": [],
        "Ray, 2 CPUs, chosen batches": [],
        "Ray, 2 CPUs, 1 deal a task": [],
    }
    startups: list[float] = []
    stops: list[float] = []
    trivial: dict[str, list[float]] = {"Ray, 1 item a task": [], "local pool, 1 item a task": []}
    shipped: dict[str, int] = {}
    driver_cpu: list[float] = []
    for repeat in range(args.repeats):
        seed = repeat + 1
        pool = LocalPool(CPUS)
        times["one process"].append(deals_on(InProcess(), args.deals, seed))
        times["local pool, --jobs 2"].append(deals_on(pool, args.deals, seed))
        started = time.perf_counter()
        session = ray_runner(jobs=CPUS)
        runner = session.__enter__()
        startups.append(time.perf_counter() - started)
        try:
            # the first tasks start Ray's worker processes, which then import the
            # tournament's code: not counted below (the start-up is measured above)
            deals_on(runner, 4 * CPUS, 0, batch=1)
            order = ["Ray, 2 CPUs, chosen batches", "Ray, 2 CPUs, 1 deal a task"]
            for name in order if repeat % 2 == 0 else order[::-1]:
                batch = 1 if name.endswith("a task") else None
                times[name].append(deals_on(runner, args.deals, seed, batch))
            wall, cpu = trivial_seconds(runner)
            trivial["Ray, 1 item a task"].append(wall)
            driver_cpu.append(cpu)
            if not shipped:
                import ray

                shipped = sizes(ray, DealJob(PLAYERS, seed, STANDARD))
        finally:
            started = time.perf_counter()
            session.__exit__(None, None, None)
            stops.append(time.perf_counter() - started)
        trivial["local pool, 1 item a task"].append(trivial_seconds(pool)[0])

    pool_median = statistics.median(times["local pool, --jobs 2"])
    rows = []
    for name, runs in times.items():
        median = statistics.median(runs)
        rows.append(
            {
                "run": name,
                "deals_per_second": args.deals / median,
                "ratio_to_pool": pool_median / median,
                "seconds": runs,
            }
        )
    per_task = {
        name: statistics.median(runs) / TRIVIAL_TASKS * 1000 for name, runs in trivial.items()
    }
    per_deal_ms = (
        (statistics.median(times["Ray, 2 CPUs, 1 deal a task"]) - pool_median) / args.deals * 1000
    )
    report = {
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cores": os.cpu_count(),
        },
        "deals": args.deals,
        "repeats": args.repeats,
        "chosen_batch": batch_size(args.deals, CPUS),
        "tournament": rows,
        "ray_start_seconds": statistics.median(startups),
        "ray_stop_seconds": statistics.median(stops),
        "ms_per_trivial_task": per_task,
        "ray_driver_cpu_ms_per_trivial_task": statistics.median(driver_cpu) / TRIVIAL_TASKS * 1000,
        "ray_extra_ms_per_deal_one_deal_a_task": per_deal_ms,
        "bytes": shipped,
    }
    print(f"{args.deals} deals heuristic against heuristic, median of {args.repeats} runs")
    print(f"{'run':<32} {'deals/s':>8} {'× pool':>7}")
    for row in rows:
        print(f"{row['run']:<32} {row['deals_per_second']:>8.1f} {row['ratio_to_pool']:>7.2f}")
    print(f"chosen batch: {report['chosen_batch']} deals a task")
    start, stop = report["ray_start_seconds"], report["ray_stop_seconds"]
    print(f"Ray start-up: {start:.2f} s, stop: {stop:.2f} s")
    for name, value in per_task.items():
        print(f"trivial job, {name}: {value:.3f} ms a task")
    print(
        "the driver's CPU a trivial task on Ray: "
        f"{report['ray_driver_cpu_ms_per_trivial_task']:.3f} ms"
    )
    print(f"Ray with 1 deal a task, beyond the pool: {per_deal_ms:+.3f} ms a deal")
    for name, value in shipped.items():
        print(f"{value:>7} B  {name}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
