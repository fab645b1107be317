"""Two ``tuolaji serve`` processes behind HAProxy on one PostgreSQL: rooms created
through the proxy land on both, and every one is played to its end, driven by one
process at a time."""

from __future__ import annotations

import pytest

from cluster.tables import rooms_on_every_process
from tuolaji.cluster.launcher import LocalCluster

#: the servers of this module's cluster (conftest.py)
PROCESSES = 2


@pytest.mark.asyncio
async def test_rooms_land_on_both_processes_and_play_to_the_end(cluster: LocalCluster) -> None:
    """Each process owns rooms once their seats are taken; every game finishes; every
    acknowledged action is in its record; no room had two drivers."""
    placed = await rooms_on_every_process(cluster, seed=2)
    assert sorted(set(placed.values())) == ["s1", "s2"]
