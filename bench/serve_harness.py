"""The measuring side of the load run (bench/serve_load.py): the server in its own
process, read through ``/proc`` and ``GET /api/health``, and this process's loop lag.

:class:`ServerProcess` starts ``python -m tuolaji serve`` with its output in a log file,
waits for its "open" line, reads its CPU time and memory (and its helpers': the bot
workers) and stops it by its process id. :class:`HealthWatch` polls ``/api/health``;
:class:`LagProbe` measures this process's own event-loop lag the way the server's
``LagMonitor`` does.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

#: what the server prints once it listens (tuolaji serve; run in English, see below)
OPEN_LINE = "tuolaji serve: open"
#: how often the server's health is read during the run, in seconds
HEALTH_EVERY_S = 0.5
#: the load generator's own lag probe: the same 50 ms ticks as the server's LagMonitor
PROBE_EVERY_S = 0.05


def percentiles(values: list[float]) -> dict[str, float]:
    """p50/p95/p99/max of ``values`` (the sample at that rank, as /api/health counts)."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0}

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

    return {
        "n": len(ordered),
        "p50": at(0.50),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": round(ordered[-1], 2),
    }


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# ------------------------------------------------------------------ the server process


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    # after the command name: state is field 3, utime and stime are fields 14 and 15
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _status_kib(pid: int, key: str) -> int:
    """A ``/proc/PID/status`` figure in KiB (VmRSS, VmHWM), 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    """Every living process below ``pid`` (the bot workers and their helpers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rpartition(")")[2].split()
                parents[int(entry.name)] = int(stat[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


class ServerProcess:
    """``tuolaji serve`` in a subprocess, its output in a log file."""

    def __init__(self, folder: Path, db: str, deal_interval: float, bot_workers: int) -> None:
        self.port = free_port()
        self.db = db
        self.log_path = folder / "server.log"
        self.command = [
            sys.executable, "-m", "tuolaji", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--db", db, "--bot-workers", str(bot_workers),
            "--deal-interval", str(deal_interval), "--round-pause", "0",
        ]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None
        self.helpers: set[int] = set()

    @property
    def base_url(self) -> str:
        """The server's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float) -> None:
        """Start the server and wait for its "open" line (RuntimeError if it never comes)."""
        # English, so that the "open" line reads as expected whatever the locale
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command, stdout=log, stderr=subprocess.STDOUT, env=env
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if OPEN_LINE in self.log_text():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"the server did not open:\n{self.log_text()[-3000:]}")

    def log_text(self) -> str:
        """What the server has printed so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: the server's, and its helper processes' (bot workers)."""
        assert self.process is not None
        helpers = _descendants(self.process.pid)
        self.helpers.update(helpers)
        return {
            "server": _cpu_seconds(self.process.pid),
            "helpers": sum(_cpu_seconds(pid) for pid in helpers),
        }

    def memory_mib(self) -> dict[str, float]:
        """The server's resident memory now and at its peak, and its helpers' (MiB)."""
        assert self.process is not None
        pid = self.process.pid
        helpers = _descendants(pid)
        return {
            "server_rss": round(_status_kib(pid, "VmRSS") / 1024, 1),
            "server_peak": round(_status_kib(pid, "VmHWM") / 1024, 1),
            "helpers_rss": round(sum(_status_kib(p, "VmRSS") for p in helpers) / 1024, 1),
            "helpers": len(helpers),
        }

    def stop(self) -> int | None:
        """Stop the server by its process id (SIGTERM, then SIGKILL after 10 s), then any
        helper of it still alive; its exit status."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.helpers.update(_descendants(self.process.pid))
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        for pid in self.helpers:
            # a bot worker that outlived its server (one this run started, by its id)
            if Path(f"/proc/{pid}").exists():
                os.kill(pid, signal.SIGKILL)
        return self.process.returncode

    def log_problems(self) -> tuple[Counter[str], list[str]]:
        """Warnings, errors and tracebacks in the server's log: counts and a few lines."""
        counts: Counter[str] = Counter()
        lines: list[str] = []
        for line in self.log_text().splitlines():
            for mark in ("Traceback", "CRITICAL", "ERROR", "WARNING"):
                if line.startswith(mark) or f" {mark} " in line or f"{mark}:" in line:
                    counts[mark.lower()] += 1
                    if len(lines) < 10:
                        lines.append(line[:300])
                    break
        return counts, lines


# ------------------------------------------------------------------ the probes


class LagProbe:
    """This process's event-loop lag: how late a 50 ms sleep wakes (ms)."""

    def __init__(self) -> None:
        self.lags_ms: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def _sample(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(PROBE_EVERY_S)
            late = time.perf_counter() - before - PROBE_EVERY_S
            self.lags_ms.append(max(0.0, late * 1000))

    def start(self) -> None:
        """Start sampling on the running loop."""
        self.task = asyncio.create_task(self._sample())


class HealthWatch:
    """Reads ``GET /api/health`` every :data:`HEALTH_EVERY_S` for the memory peak."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http
        self.memory_mb: list[float] = []
        self.connections = 0
        self.task: asyncio.Task[None] | None = None

    async def read(self, reset: bool = False) -> dict[str, Any]:
        """The server's health figures (``reset``: its lag samples start afresh)."""
        answer = await self.http.get("/api/health", params={"reset": "true"} if reset else None)
        answer.raise_for_status()
        figures: dict[str, Any] = answer.json()
        self.memory_mb.append(figures["memory_mb"])
        self.connections = max(self.connections, figures["connections"])
        return figures

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(HEALTH_EVERY_S)
            await self.read()

    def start(self) -> None:
        """Start polling."""
        self.task = asyncio.create_task(self._poll())


def database_figures(path: Path) -> dict[str, Any]:
    """Rows and bytes of the SQLite file (read after the server stopped)."""
    files = [path, path.with_name(path.name + "-wal")]
    size = sum(file.stat().st_size for file in files if file.exists())
    with sqlite3.connect(path) as db:
        counts = {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("rooms", "actions", "packs")
        }
    actions = counts["actions"] or 1
    return {**counts, "bytes": size, "bytes_per_action": round(size / actions)}
