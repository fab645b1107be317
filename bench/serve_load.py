"""A load run of ``tuolaji serve`` on loopback: rooms of scripted clients, measured.

``.venv/bin/python bench/serve_load.py`` (or ``make bench-serve ARGS="--rooms 10"``)
starts the real server as a subprocess (``python -m tuolaji serve`` on a free loopback
port, SQLite in a temporary folder, two bot workers, no pause between rounds), creates
``--rooms`` rooms of one round (``round_limit`` 1) over HTTP and plays them with scripted
clients over WebSockets. Each client is a random player deciding on its own observation,
which it rebuilds from its own stream with a ``SeatView`` (docs/api.md), as any real
client does; it acts when a ``room`` frame says it is to act, and declares during the
deal when a card it draws makes a declaration possible. ``--search-seats`` seats a
``search:guesses=N`` bot in one seat of every room (a quarter of the seats), thinking in
the server's bot workers. It prints, and writes as JSON with ``--json PATH``:

- throughput: accepted client actions per second, game events per second (each room's
  stream counted once), and logged game actions per second (draws and bots included);
- action → everyone: from sending an ``act`` to the moment the last client of the room
  has received the last event the action caused (the events numbered after the acting
  client's ``seq`` when it sent, up to the ``seq`` of the ``ack``), p50/p95/p99;
- event-loop lag of the server (``GET /api/health``, reset when the measured part
  starts) and of this load generator, whose lag delays the arrival times it records;
- the server's memory (RSS from ``/api/health``, polled, and the kernel's peak), the CPU
  seconds of each process, the database's rows and size;
- errors: error frames other than the expected ones (a declaration refused because the
  deal moved on meanwhile), connections closed early, stalls and timeouts, and
  warnings or errors in the server's log.

The clients run in this one asyncio process, the server in another: on a small machine
they share the cores, and the output says how many there are. Every room's clients
connect from their own loopback address (127.1.x.y): the server's rate limits count per
address, as they would for people in different homes. The whole run is bounded by
``--timeout``, and the server is stopped by its process id at the end, whatever happened.
docs/benchmarks.md ("The online server under load") gives figures and what they mean.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from serve_clients import Bench, RoomRun
from serve_harness import (
    HealthWatch,
    LagProbe,
    ServerProcess,
    database_figures,
    percentiles,
)
from serve_rooms import (
    STEP_S,
    complete,
    count_logged,
    finish_clients,
    gather_bounded,
    latencies_ms,
    prepare,
)


async def load(options: argparse.Namespace, server: ServerProcess, until: float) -> dict[str, Any]:
    """The measured run against a started server; the figures as a dict."""
    bench = Bench(server.base_url, options.seed, options.think_ms / 1000)
    rooms = [
        RoomRun(index, index % 4 if options.search_seats else None)
        for index in range(options.rooms)
    ]
    tasks: list[asyncio.Task[None]] = []
    probe = LagProbe()
    probe.start()
    async with httpx.AsyncClient(base_url=server.base_url, timeout=STEP_S, trust_env=False) as http:
        watch = HealthWatch(http)
        idle = await watch.read()
        await gather_bounded(
            [prepare(bench, room, options.guesses, tasks) for room in rooms], until, "setup", bench
        )
        seated = await watch.read(reset=True)
        probe.lags_ms.clear()
        cpu_before, own_before = server.cpu(), resource.getrusage(resource.RUSAGE_SELF)
        started = time.perf_counter()
        watch.start()
        ready = [
            room for room in rooms if room.code and len(room.clients) == len(room.human_seats) - 1
        ]
        await gather_bounded(
            [complete(bench, room, tasks) for room in ready], until, "setup", bench
        )
        measured = await finish_clients(bench, rooms, tasks, until, started)
        cpu_after, own_after = server.cpu(), resource.getrusage(resource.RUSAGE_SELF)
        health = await watch.read()
        if watch.task is not None:
            watch.task.cancel()
        memory = server.memory_mib()
        finished = [room for room in rooms if room.finished is not None]
        await gather_bounded(
            [count_logged(bench, room) for room in finished], until, "record", bench
        )
    if probe.task is not None:
        probe.task.cancel()
    return _figures(bench, rooms, measured, (idle, seated), health, watch, memory, probe, {
        "server": cpu_after["server"] - cpu_before["server"],
        "bot_workers": cpu_after["helpers"] - cpu_before["helpers"],
        "load_generator": own_after.ru_utime + own_after.ru_stime
        - own_before.ru_utime - own_before.ru_stime,
    })  # fmt: skip


def _figures(
    bench: Bench,
    rooms: list[RoomRun],
    measured: float,
    before: tuple[dict[str, Any], dict[str, Any]],
    health: dict[str, Any],
    watch: HealthWatch,
    memory: dict[str, float],
    probe: LagProbe,
    cpu: dict[str, float],
) -> dict[str, Any]:
    latencies = latencies_ms(bench, rooms)
    events = sum(max((client.seq for client in room.clients), default=0) for room in rooms)
    logged = sum(room.logged_actions for room in rooms)
    per_s = 1 / measured if measured > 0 else 0.0
    return {
        "rooms": len(rooms),
        "rooms_finished": sum(1 for room in rooms if room.finished is not None),
        "clients": sum(len(room.clients) for room in rooms),
        "measured_s": round(measured, 2),
        "client_actions": bench.actions_accepted,
        "client_actions_by_kind": dict(bench.accepted_kinds),
        "client_actions_per_s": round(bench.actions_accepted * per_s, 1),
        "game_events": events,
        "game_events_per_s": round(events * per_s, 1),
        "logged_actions": logged,
        "logged_actions_per_s": round(logged * per_s, 1),
        "action_to_everyone_ms": percentiles(latencies),
        "action_to_ack_ms": percentiles(bench.ack_ms),
        "server_loop_lag_ms": health["loop_lag_ms"],
        "load_generator_loop_lag_ms": percentiles(probe.lags_ms),
        "memory_mib": {
            "idle": before[0]["memory_mb"],
            "rooms_seated": before[1]["memory_mb"],
            "peak_polled": max(watch.memory_mb, default=0.0),
            "end": health["memory_mb"],
            **memory,
        },
        "connections_peak": watch.connections,
        "cpu_s": {name: round(seconds, 2) for name, seconds in cpu.items()},
        "errors": dict(bench.errors),
        "error_examples": bench.error_examples,
        "expected": dict(bench.expected),
    }


# ------------------------------------------------------------------ the report


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_average": [round(value, 2) for value in os.getloadavg()],
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }


def goals(figures: dict[str, Any]) -> dict[str, bool]:
    """The issue's goals: no errors, p95 action→everyone < 100 ms, loop lag p99 < 50 ms."""
    everyone = figures["action_to_everyone_ms"]
    return {
        "no_errors": not figures["errors"] and figures["rooms_finished"] == figures["rooms"],
        "p95_action_to_everyone_under_100_ms": everyone.get("p95", 1e9) < 100,
        "server_loop_lag_p99_under_50_ms": figures["server_loop_lag_ms"].get("p99", 1e9) < 50,
    }


def _ms(spread: dict[str, Any]) -> str:
    if not spread.get("n") and not spread.get("samples"):
        return "no samples"
    count = spread.get("n", spread.get("samples"))
    return (
        f"p50 {spread['p50']:.1f}, p95 {spread['p95']:.1f}, p99 {spread['p99']:.1f}, "
        f"max {spread['max']:.1f} ms ({count} samples)"
    )


def report(figures: dict[str, Any]) -> str:
    """The figures as the lines printed."""
    setup, box, cpu, memory = (
        figures["setup"], figures["machine"], figures["cpu_s"], figures["memory_mib"]
    )  # fmt: skip
    search = f"; a search:guesses={setup['guesses']} bot in one seat of each" * bool(
        setup["search_seats"]
    )
    lines = [
        f"tuolaji serve under load: {figures['rooms']} rooms of one round, "
        f"{figures['clients']} scripted clients{search}; deal interval {setup['deal_interval']} s; "
        + (
            f"clients think {setup['think_ms']:.0f} ms on average"
            if setup["think_ms"]
            else "clients act at once"
        ),
        f"machine: {box['cores_usable']} cores shared by the server, its bot workers and "
        f"this load generator (one asyncio process); Python {box['python']}; "
        f"load average before {box['load_average'][0]}",
        f"measured: {figures['measured_s']:.1f} s, from the last seats taken to the last room "
        f"finished; rooms finished {figures['rooms_finished']}/{figures['rooms']}",
        f"throughput: {figures['client_actions']} client actions accepted "
        f"({figures['client_actions_per_s']:.0f}/s); {figures['game_events']} game events "
        f"({figures['game_events_per_s']:.0f}/s, each room's stream once); "
        f"{figures['logged_actions']} logged actions, draws and bots included "
        f"({figures['logged_actions_per_s']:.0f}/s)",
        f"action → everyone (sent → the room's last client has its last event): "
        f"{_ms(figures['action_to_everyone_ms'])}",
        f"action → ack (the acting client): {_ms(figures['action_to_ack_ms'])}",
        f"event-loop lag, server (/api/health): {_ms(figures['server_loop_lag_ms'])}",
        f"event-loop lag, load generator: {_ms(figures['load_generator_loop_lag_ms'])}",
        f"memory (RSS, MiB): server idle {memory['idle']}, rooms made and all but the "
        f"last seats connected {memory['rooms_seated']}, peak {memory['peak_polled']} "
        f"(polled; kernel's peak {memory['server_peak']}), end {memory['end']}; "
        f"{memory['helpers']} helper processes (bot workers) {memory['helpers_rss']}",
        f"CPU seconds over the measured part: server {cpu['server']}, bot workers "
        f"{cpu['bot_workers']}, load generator {cpu['load_generator']}",
    ]
    if "database" in figures:
        db = figures["database"]
        lines.append(
            f"database (SQLite): {db['actions']} action rows, "
            f"{db['packs']} packs, {db['bytes'] / 2**20:.1f} MiB ({db['bytes_per_action']} "
            "bytes per action)"
        )
    expected = "; ".join(f"{count} × {what}" for what, count in figures["expected"].items())
    lines.append(f"expected refusals: {expected or 'none'}")
    errors = ", ".join(f"{kind} {count}" for kind, count in figures["errors"].items())
    lines.append(f"errors: {errors or 'none'}")
    lines += [f"  {example}" for example in figures["error_examples"]]
    lines += [f"  server log: {line}" for line in figures["server_log_lines"]]
    met = ", ".join(f"{goal} {'yes' if ok else 'NO'}" for goal, ok in figures["goals"].items())
    lines.append(f"goals: {met}")
    return "\n".join(lines)


# ------------------------------------------------------------------ main


def options_from(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50, help="rooms of 4 seats (default 50)")
    parser.add_argument(
        "--deal-interval", type=float, default=0.3,
        help="seconds between two cards of the deal (default 0.3, the server's default)",
    )  # fmt: skip
    parser.add_argument(
        "--search-seats", action="store_true",
        help="seat a search bot in one seat of each room (a quarter of the seats)",
    )  # fmt: skip
    parser.add_argument("--guesses", type=int, default=16, help="the search bots' guesses")
    parser.add_argument(
        "--timeout", type=float, default=600.0, help="hard bound of the whole run, seconds"
    )
    parser.add_argument(
        "--think-ms", type=float, default=0.0,
        help="mean time a client thinks before each decision of its turn (default 0: at once)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--seed", type=int, default=2026, help="the random clients' seed")
    parser.add_argument(
        "--db", help="a database URL instead of a fresh SQLite file (e.g. PostgreSQL)"
    )
    options = parser.parse_args(argv)
    if not 1 <= options.rooms <= 5000 or options.timeout <= 0 or options.guesses < 1:
        parser.error("--rooms is 1 to 5000, --timeout more than 0, --guesses at least 1")
    return options


def main(argv: list[str] | None = None) -> int:
    """Run the load, print the figures; 0 when every goal is met, 1 otherwise."""
    options = options_from(argv)
    until = time.monotonic() + options.timeout
    box = machine()
    with tempfile.TemporaryDirectory(prefix="tuolaji-load-") as folder:
        db_path = Path(folder) / "load.db"
        server = ServerProcess(
            Path(folder), options.db or f"sqlite:///{db_path}", options.deal_interval, 2
        )
        try:
            server.start(min(60.0, options.timeout))
            figures = asyncio.run(
                asyncio.wait_for(load(options, server, until - 5), options.timeout + 30)
            )
        finally:
            status = server.stop()
        problems, lines = server.log_problems()
        figures["errors"].update({f"server-log-{kind}": n for kind, n in problems.items()})
        figures["server_log_lines"] = lines
        figures["server_exit_status"] = status
        if options.db is None:
            figures["database"] = database_figures(db_path)
    figures["machine"] = box
    figures["setup"] = {
        "rooms": options.rooms,
        "deal_interval": options.deal_interval,
        "search_seats": options.search_seats,
        "guesses": options.guesses,
        "think_ms": options.think_ms,
        "seed": options.seed,
        "server": " ".join(server.command[1:]),
    }
    figures["goals"] = goals(figures)
    print(report(figures))
    if options.json is not None:
        options.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if all(figures["goals"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
