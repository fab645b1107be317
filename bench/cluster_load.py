"""A load run of the local cluster: 1, 2 and 3 ``tuolaji serve`` processes on one
PostgreSQL behind HAProxy, rooms of scripted clients through the proxy, then SIGKILLs.

``.venv/bin/python bench/cluster_load.py`` (or ``make bench-cluster``) starts, for each
count of ``--processes`` (default 1,2,3), a whole cluster with
:class:`tuolaji.cluster.launcher.LocalCluster` — a throwaway PostgreSQL 15 with fsync on,
the servers (``--bot-workers`` each, no pause between rounds), HAProxy on a free port —
and plays ``--rooms`` rooms of one round through the proxy only, with the scripted
clients of the single-server run (bench/serve_clients.py; every room's clients from
their own loopback address). For each count it measures:

- logged actions per second (draws included) over the measured part, from the last
  seats taken to the last room finished;
- action latency: from sending an ``act`` to the last client of the room having the
  action's last event, and to the acting client's ack (p50/p95/p99);
- CPU per logged action: the servers' CPU seconds from ``/proc`` (their bot workers,
  HAProxy and PostgreSQL apart) over the logged actions;
- PostgreSQL's writes: ``pg_stat_database``'s ``xact_commit`` and ``tup_inserted`` (and
  updates) over the measured part, per second and per logged action;
- where the rooms were: how many each process owned once every seat was taken.

Then, for each count in ``--failover-on`` (default 3), ``--kills`` times: the process
that owns the most rooms of ``--failover-rooms`` whole games is killed with SIGKILL,
and each of its rooms' failover time is measured, from the kill to the first action of
the room accepted by another process (bench/cluster_failover.py); the killed process is
started again between two kills.

It prints a table and writes every figure as JSON with ``--json PATH``. The machine is
shared by everything (servers, PostgreSQL, HAProxy and this load generator); the output
says how many cores there are and the load average before each run. docs/benchmarks.md
("The cluster under load") gives figures and what they mean.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

from cluster_failover import failover
from cluster_measure import cpu_snapshot, log_faults, pg_counters
from serve_clients import Bench, RoomRun
from serve_harness import LagProbe, percentiles
from serve_rooms import (
    complete,
    count_logged,
    finish_clients,
    gather_bounded,
    latencies_ms,
    prepare,
)
from tuolaji.cluster.launcher import LocalCluster, Settings
from tuolaji.cluster.processes import free_port

#: seconds PostgreSQL may take to publish a backend's counters (it flushes them at most
#: once a second while the backend is busy)
PG_STATS_DELAY_S = 1.5


async def _owned(cluster: LocalCluster) -> dict[str, int]:
    """How many rooms each process owns now (its /api/health)."""
    owned = {}
    for server in cluster.servers:
        health = await asyncio.to_thread(server.health)
        owned[server.name] = int(health.get("owned", health.get("rooms", 0)))
    return owned


async def throughput(
    cluster: LocalCluster, options: argparse.Namespace, until: float
) -> dict[str, Any]:
    """Play ``--rooms`` one-round rooms through the proxy; the figures."""
    # reconnecting as the browser table does: a room handed between two processes as
    # its seats are taken tells its first connections to connect again
    bench = Bench(cluster.url, options.seed, options.think_ms / 1000, reconnect=True)
    rooms = [RoomRun(index, None) for index in range(options.rooms)]
    tasks: list[asyncio.Task[None]] = []
    await gather_bounded([prepare(bench, room, 16, tasks) for room in rooms], until, "setup", bench)
    pg_before = await pg_counters(cluster.db_url)
    probe = LagProbe()  # this process's own lag: it delays the arrivals it stamps
    probe.start()
    cpu_before, own_before = cpu_snapshot(cluster), resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    ready = [room for room in rooms if room.code and len(room.clients) == 3]
    await gather_bounded([complete(bench, room, tasks) for room in ready], until, "setup", bench)
    placed = await _owned(cluster)
    measured = await finish_clients(bench, rooms, tasks, until, started)
    cpu = cpu_snapshot(cluster) - cpu_before
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    if probe.task is not None:
        probe.task.cancel()
    await asyncio.sleep(PG_STATS_DELAY_S)
    pg_after = await pg_counters(cluster.db_url)
    finished = [room for room in rooms if room.finished is not None]
    await gather_bounded([count_logged(bench, room) for room in finished], until, "record", bench)
    logged = sum(room.logged_actions for room in rooms)
    writes = {name: pg_after[name] - pg_before[name] for name in pg_after}
    per_s = 1 / measured if measured > 0 else 0.0
    per_action = 1 / logged if logged else 0.0
    return {
        "rooms": len(rooms),
        "rooms_finished": len(finished),
        "rooms_owned_when_seated": placed,
        "measured_s": round(measured, 2),
        "logged_actions": logged,
        "logged_actions_per_s": round(logged * per_s, 1),
        "client_actions": bench.actions_accepted,
        "client_reconnects": bench.reconnects,
        "action_to_everyone_ms": percentiles(latencies_ms(bench, rooms)),
        "action_to_ack_ms": percentiles(bench.ack_ms),
        "load_generator_loop_lag_ms": percentiles(probe.lags_ms),
        "cpu_s": {
            **cpu.rounded(),
            "load_generator": round(
                own_after.ru_utime + own_after.ru_stime - own_before.ru_utime - own_before.ru_stime,
                2,
            ),
        },
        "server_cpu_ms_per_action": round(cpu.servers * 1000 * per_action, 2),
        "postgres_cpu_ms_per_action": round(cpu.postgres * 1000 * per_action, 2),
        "haproxy_cpu_ms_per_action": round(cpu.haproxy * 1000 * per_action, 2),
        "postgres_writes": writes,
        "commits_per_s": round(writes["xact_commit"] * per_s, 1),
        "rows_inserted_per_s": round(writes["tup_inserted"] * per_s, 1),
        "commits_per_action": round(writes["xact_commit"] * per_action, 2),
        "rows_written_per_action": round(
            (writes["tup_inserted"] + writes["tup_updated"]) * per_action, 2
        ),
        "errors": dict(bench.errors),
        "error_examples": bench.error_examples,
        "expected": dict(bench.expected),
    }


def _settings(options: argparse.Namespace, processes: int) -> Settings:
    return Settings(
        processes=processes,
        port=free_port(),
        bot_workers=options.bot_workers,
        serve_args=("--deal-interval", str(options.deal_interval), "--round-pause", "0"),
        durable=True,
        folder=None if options.logs is None else Path(options.logs) / f"{processes}-processes",
    )


async def one_count(options: argparse.Namespace, processes: int, until: float) -> dict[str, Any]:
    """Start a cluster of ``processes`` servers, measure it, stop it."""
    load_before = os.getloadavg()[0]
    cluster = LocalCluster(_settings(options, processes))
    await asyncio.to_thread(cluster.start)
    try:
        figures: dict[str, Any] = {
            "processes": processes,
            "load_average_before": round(load_before, 2),
        }
        figures["throughput"] = await throughput(cluster, options, until)
        if processes in options.failover_on and options.kills > 0:
            figures["failover"] = await failover(
                cluster,
                options.failover_rooms,
                options.kills,
                options.failover_think_ms / 1000,
                options.seed + processes,
                until,
            )
        figures["server_log_faults"] = log_faults(cluster)
        return figures
    finally:
        await asyncio.to_thread(cluster.stop)


def _row(figures: dict[str, Any]) -> list[str]:
    run = figures["throughput"]
    everyone = run["action_to_everyone_ms"]
    owned = "/".join(str(count) for count in run["rooms_owned_when_seated"].values())
    errors = sum(run["errors"].values())
    return [
        str(figures["processes"]),
        f"{run['rooms_finished']}/{run['rooms']}",
        owned,
        f"{run['logged_actions_per_s']:.0f}",
        f"{everyone.get('p50', 0):.0f}/{everyone.get('p95', 0):.0f}/{everyone.get('p99', 0):.0f}",
        f"{run['load_generator_loop_lag_ms'].get('p99', 0):.0f}",
        f"{run['server_cpu_ms_per_action']:.2f}",
        f"{run['postgres_cpu_ms_per_action']:.2f}",
        f"{run['commits_per_s']:.0f}",
        f"{run['rows_inserted_per_s']:.0f}",
        f"{run['rows_written_per_action']:.2f}",
        str(errors),
    ]


HEADERS = [
    "processes",
    "rooms done",
    "rooms each",
    "actions/s",
    "action ms p50/95/99",
    "generator lag p99 ms",
    "server CPU ms/action",
    "PG CPU ms/action",
    "PG commits/s",
    "PG rows inserted/s",
    "PG rows written/action",
    "errors",
]


def report(results: dict[str, Any]) -> str:
    """The figures as the lines printed: a table, then the failover runs."""
    box = results["machine"]
    rows = [HEADERS, *(_row(figures) for figures in results["runs"])]
    widths = [max(len(row[column]) for row in rows) for column in range(len(HEADERS))]
    lines = [
        f"the cluster under load: {results['setup']['rooms']} rooms of one round per run, "
        f"4 scripted clients each, through HAProxy; deal interval "
        f"{results['setup']['deal_interval']} s; PostgreSQL 15 with fsync on",
        f"machine: {box['cores_usable']} cores shared by the servers, PostgreSQL, HAProxy and "
        f"this load generator; Python {box['python']}",
        "",
    ]
    lines += [
        "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    for figures in results["runs"]:
        run = figures["throughput"]
        if run["errors"]:
            lines.append(f"  {figures['processes']} processes: errors {run['errors']}")
            lines += [f"    {example}" for example in run["error_examples"]]
        faults = figures["server_log_faults"]
        if faults["counts"]:
            count = figures["processes"]
            lines.append(f"  {count} processes: the servers logged {faults['counts']}")
            lines += [f"    {line}" for line in faults["lines"]]
        fail = figures.get("failover")
        if fail is None:
            continue
        every, slowest = fail["failover_s_every_room"], fail["failover_s_slowest_room_of_each_kill"]
        lines += [
            "",
            f"failover with {figures['processes']} processes: {fail['kills']} SIGKILLs of the "
            f"process owning the most of {fail['rooms']} rooms (whole games), each followed by "
            f"a restart of it ({fail['restart_s'].get('median', 0)} s median)",
            f"  kill → first action accepted by another process, every room of the killed "
            f"process: median {every.get('median', 0):.2f} s, p95 {every.get('p95', 0):.2f} s, "
            f"max {every.get('max', 0):.2f} s ({every.get('n', 0)} rooms)",
            f"  the slowest room of each kill: median {slowest.get('median', 0):.2f} s, "
            f"max {slowest.get('max', 0):.2f} s; rooms that did not move on: "
            f"{fail['stuck_rooms']}",
            f"  owner changes by reason: {fail['takes_by_reason']}; client reconnects "
            f"{fail['client_reconnects']}; errors {fail['errors'] or 'none'}",
        ]
        lines += [f"    {example}" for example in fail["error_examples"]]
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }


def _counts(text: str) -> list[int]:
    values = [int(part) for part in text.split(",") if part.strip()]
    if not values or any(not 1 <= value <= 16 for value in values):
        raise argparse.ArgumentTypeError("give counts from 1 to 16, separated by commas")
    return values


def options_from(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--processes",
        type=_counts,
        default=[1, 2, 3],
        help="the counts of processes to run, e.g. 1,2,3 (the default)",
    )
    parser.add_argument("--rooms", type=int, default=100, help="rooms per count (default 100)")
    parser.add_argument(
        "--deal-interval",
        type=float,
        default=0.3,
        help="seconds between two cards of the deal (default 0.3)",
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="mean time a client thinks before each decision (default 0)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=1,
        help="bot workers of each server (default 1: the rooms have no bots)",
    )
    parser.add_argument(
        "--failover-on",
        type=_counts,
        default=[3],
        help="the counts of processes to run the kills on (default 3)",
    )
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs (default 20)")
    parser.add_argument(
        "--failover-rooms",
        type=int,
        default=12,
        help="whole games played while killing (default 12)",
    )
    parser.add_argument(
        "--failover-think-ms",
        type=float,
        default=200.0,
        help="mean time a client thinks during the kills (default 200)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=1500.0,
        help="hard bound of the whole run, seconds (default 1500)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="the random clients' seed")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--logs", help="keep the processes' logs in this folder")
    options = parser.parse_args(argv)  # fmt: skip
    if not 1 <= options.rooms <= 2000 or options.kills < 0 or options.failover_rooms < 1:
        parser.error("--rooms is 1 to 2000, --kills 0 or more, --failover-rooms at least 1")
    return options


async def run(options: argparse.Namespace) -> dict[str, Any]:
    """Every count, one after another."""
    until = time.monotonic() + options.timeout
    runs = [await one_count(options, count, until) for count in options.processes]
    return {
        "machine": machine(),
        "setup": {
            "rooms": options.rooms,
            "deal_interval": options.deal_interval,
            "think_ms": options.think_ms,
            "bot_workers": options.bot_workers,
            "failover_rooms": options.failover_rooms,
            "failover_think_ms": options.failover_think_ms,
            "seed": options.seed,
        },
        "runs": runs,
    }


def main(argv: list[str] | None = None) -> int:
    """Run, print the table; 0 when every room finished without an error, 1 otherwise."""
    options = options_from(argv)
    results = asyncio.run(run(options))
    print(report(results))
    if options.json:
        with open(options.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)
            out.write("\n")
    clean = all(
        not figures["throughput"]["errors"]
        and figures["throughput"]["rooms_finished"] == figures["throughput"]["rooms"]
        and not figures.get("failover", {}).get("stuck_rooms")
        and not figures.get("failover", {}).get("errors")
        and not figures["server_log_faults"]["counts"]
        for figures in results["runs"]
    )
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
