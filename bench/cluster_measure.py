"""The measuring side of the cluster's load run (bench/cluster_load.py): CPU seconds of
every process of the cluster from ``/proc``, PostgreSQL's counters of the game database
(``pg_stat_database``), and direct reads of the database for the failover runs (who
owns a room, the actions written after a moment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import asyncpg

from tuolaji.cluster.launcher import LocalCluster
from tuolaji.cluster.processes import cpu_seconds, descendants

#: the counters of pg_stat_database read before and after a run
PG_COUNTERS = ("xact_commit", "xact_rollback", "tup_inserted", "tup_updated", "tup_deleted")


#: what the servers' logs are searched for: unhandled exceptions, and rooms stopped
#: because memory and database disagree (the action log refused a second driver)
LOG_FAULTS = {"traceback": "Traceback", "room stopped": " stopped: "}


def log_faults(cluster: LocalCluster) -> dict[str, Any]:
    """How often each of :data:`LOG_FAULTS` appears in the servers' logs, and the first
    few such lines."""
    counts = dict.fromkeys(LOG_FAULTS, 0)
    lines: list[str] = []
    for server in cluster.servers:
        try:
            text = server.log_path.read_text(errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            for name, mark in LOG_FAULTS.items():
                if mark in line:
                    counts[name] += 1
                    if len(lines) < 5:
                        lines.append(f"{server.name}: {line[:200]}")
    return {"counts": {name: n for name, n in counts.items() if n}, "lines": lines}


def dsn(db_url: str) -> str:
    """asyncpg's form of the cluster's SQLAlchemy URL."""
    return db_url.replace("postgresql+asyncpg://", "postgresql://", 1)


@dataclass
class CpuSnapshot:
    """CPU seconds so far of each part of the cluster."""

    servers: float
    bot_workers: float
    haproxy: float
    postgres: float

    def __sub__(self, before: CpuSnapshot) -> CpuSnapshot:
        return CpuSnapshot(
            self.servers - before.servers,
            self.bot_workers - before.bot_workers,
            self.haproxy - before.haproxy,
            self.postgres - before.postgres,
        )

    def rounded(self) -> dict[str, float]:
        """As a dict of seconds, rounded."""
        return {name: round(value, 2) for name, value in vars(self).items()}


def cpu_snapshot(cluster: LocalCluster) -> CpuSnapshot:
    """CPU seconds of the servers (their own processes), their bot workers, HAProxy and
    PostgreSQL (the postmaster and its backends: a throwaway server only, else 0)."""
    servers = helpers = 0.0
    for server in cluster.servers:
        if server.pid is not None and server.running():
            servers += cpu_seconds(server.pid)
            helpers += sum(cpu_seconds(pid) for pid in descendants(server.pid))
    proxy = cluster.proxy.pid if cluster.proxy is not None else None
    postgres = 0.0
    if cluster.postgres is not None and cluster.postgres.pid is not None:
        postmaster = cluster.postgres.pid
        postgres = cpu_seconds(postmaster) + sum(
            cpu_seconds(pid) for pid in descendants(postmaster)
        )
    return CpuSnapshot(servers, helpers, cpu_seconds(proxy) if proxy else 0.0, postgres)


async def pg_counters(db_url: str) -> dict[str, int]:
    """The game database's counters in pg_stat_database now."""
    connection = await asyncpg.connect(dsn(db_url))
    try:
        row = await connection.fetchrow(
            f"SELECT {', '.join(PG_COUNTERS)} FROM pg_stat_database "
            "WHERE datname = current_database()"
        )
    finally:
        await connection.close()
    assert row is not None
    return {name: int(row[name]) for name in PG_COUNTERS}


class Database:
    """One connection to the game database, for the failover run's reads."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    @classmethod
    async def open(cls, db_url: str) -> Database:
        """Connect to the cluster's database."""
        return cls(await asyncpg.connect(dsn(db_url)))

    async def close(self) -> None:
        """Disconnect."""
        await self.connection.close()

    async def owners(self, codes: list[str]) -> dict[str, str | None]:
        """The owner (a server id) of each unfinished room of ``codes``."""
        rows = await self.connection.fetch(
            "SELECT code, owner FROM rooms WHERE code = ANY($1::text[]) "
            "AND status IN ('waiting', 'playing')",
            codes,
        )
        return {row["code"]: row["owner"] for row in rows}

    async def last_numbers(self, codes: list[str]) -> dict[str, int]:
        """The number of the last action of each room (0: none yet)."""
        rows = await self.connection.fetch(
            "SELECT code, max(number) AS last FROM actions WHERE code = ANY($1::text[]) "
            "GROUP BY code",
            codes,
        )
        found = {row["code"]: int(row["last"]) for row in rows}
        return {code: found.get(code, 0) for code in codes}

    async def first_after(
        self, after: dict[str, int], not_by: str
    ) -> dict[str, tuple[float, str | None]]:
        """For each room of ``after`` (code → an action number), the time and writer of
        its first action numbered after it that ``not_by`` did not write, if any."""
        rows = await self.connection.fetch(
            "SELECT DISTINCT ON (a.code) a.code, a.at, a.written_by FROM actions a "
            "JOIN unnest($1::text[], $2::int[]) AS w(code, number) ON a.code = w.code "
            "WHERE a.number > w.number AND a.written_by IS DISTINCT FROM $3 "
            "ORDER BY a.code, a.number",
            list(after),
            list(after.values()),
            not_by,
        )
        return {row["code"]: (float(row["at"]), row["written_by"]) for row in rows}

    async def takes(self, codes: list[str]) -> list[dict[str, Any]]:
        """Every change of owner of the rooms of ``codes`` (the room_takes audit)."""
        rows = await self.connection.fetch(
            "SELECT code, server, taken_at, previous_owner, reason, actions_at_take "
            "FROM room_takes WHERE code = ANY($1::text[]) ORDER BY id",
            codes,
        )
        return [dict(row) for row in rows]
