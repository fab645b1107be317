"""The cluster of a test module: a throwaway PostgreSQL, ``PROCESSES`` servers (the
module's constant, 3 by default) and HAProxy, started through tuolaji.cluster once for
the module and stopped at its end, pass or fail (the processes' logs are shown when a
test failed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cluster.tables import log_tails
from tuolaji.cluster.launcher import LocalCluster, Settings
from tuolaji.cluster.processes import free_port

#: what every server of the tests runs with: a quick deal (the deal is still one card
#: at a time, so a kill can land in it), no pause between rounds, a disconnected seat
#: kept for its person (no stand-in), bots thinking in the server's own process
SERVE_ARGS = ("--deal-interval", "0.02", "--round-pause", "0", "--grace", "600")


@pytest.fixture(scope="module")
def cluster(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LocalCluster]:
    """The module's running cluster."""
    processes = getattr(request.module, "PROCESSES", 3)
    folder = tmp_path_factory.mktemp("cluster")
    running = LocalCluster(
        Settings(
            processes=processes,
            port=free_port(),
            bot_workers=0,
            serve_args=SERVE_ARGS,
            durable=False,
            folder=folder,
        )
    )
    running.start()
    failed_before = request.session.testsfailed
    try:
        yield running
    finally:
        running.stop()
        if request.session.testsfailed > failed_before:
            print(f"--- the cluster's logs ({folder}) ---\n{log_tails(running)}")
