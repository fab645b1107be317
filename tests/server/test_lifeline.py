"""What ends a bot worker whose server is gone (tuolaji.server.lifeline), each way on
its own: the lifeline's end-of-file (closed while the worker runs, or before it even
started), a parent process that changed, and Linux's parent-death signal. Real
processes, each bounded in time and ended by pid when a test fails."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from pathlib import Path

import pytest

from tuolaji.server import lifeline
from tuolaji.server.lifeline import ORPHANED_EXIT, Lifeline, server_gone, start_worker

#: how long a worker may take to notice its server is gone (it takes well under a
#: second: the watcher sleeps in the pipe, and checks its parent every 0.5 s)
GONE_WITHIN_S = 5.0
SRC = Path(lifeline.__file__).resolve().parents[2]


def _worker(end: Connection) -> None:
    """A stand-in bot worker: started as the pool starts one, then idle."""
    start_worker(end)
    time.sleep(60)


def _context() -> ForkServerContext | SpawnContext:
    """The start method the bot pool uses here."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def _exit_code(process: multiprocessing.process.BaseProcess) -> int | None:
    """The exit status of ``process`` once it ended within the bound (it is killed
    otherwise, and None comes back)."""
    process.join(GONE_WITHIN_S)
    if process.is_alive():
        process.kill()
        process.join(GONE_WITHIN_S)
        return None
    return process.exitcode


def test_a_worker_exits_once_the_lifeline_closes() -> None:
    context = _context()
    line = Lifeline(context)
    worker = context.Process(target=_worker, args=(line.worker_end,), daemon=True)
    worker.start()
    try:
        time.sleep(0.3)  # it runs, and waits
        assert worker.is_alive()
        line.close()  # what the kernel does when the server dies
        assert _exit_code(worker) == ORPHANED_EXIT
    finally:
        line.close()
        if worker.is_alive():
            worker.kill()


def test_a_worker_whose_server_went_before_it_started_exits_at_once() -> None:
    context = _context()
    worker_end, server_end = context.Pipe(duplex=False)
    server_end.close()  # gone before the worker set anything up
    assert server_gone(worker_end)
    worker = context.Process(target=_worker, args=(worker_end,), daemon=True)
    try:
        worker.start()
        assert _exit_code(worker) == ORPHANED_EXIT
    finally:
        worker_end.close()
        if worker.is_alive():
            worker.kill()


class _Exited(Exception):
    """os._exit, caught: the status it was called with."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def test_the_watcher_exits_when_the_parent_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback where no pipe tells: a parent pid that is no longer the one it was."""

    def exit_(status: int) -> None:
        raise _Exited(status)

    monkeypatch.setattr(os, "_exit", exit_)  # the one os module, lifeline's too
    worker_end, server_end = multiprocessing.Pipe(duplex=False)
    try:
        with pytest.raises(_Exited) as exited:
            lifeline._watch(worker_end, parent=os.getppid() + 1)  # as if reparented
        assert exited.value.status == ORPHANED_EXIT
        assert not server_gone(worker_end)  # the pipe itself never closed
    finally:
        server_end.close()
        worker_end.close()


#: A middle process that starts a child which sets its death signal, says the child's
#: pid, and waits to be killed; the child has no lifeline, only the signal.
_MIDDLE = """
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", '''
import sys, time
from tuolaji.server.lifeline import die_with_parent
print("set" if die_with_parent() else "unset", flush=True)
time.sleep(60)
'''], stdout=subprocess.PIPE, text=True)
print(child.pid, child.stdout.readline().strip(), flush=True)
child.wait()
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in "ZX"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_the_death_signal_kills_a_child_whose_parent_is_killed() -> None:
    environment = dict(os.environ, PYTHONPATH=str(SRC))
    middle = subprocess.Popen(
        [sys.executable, "-c", _MIDDLE], stdout=subprocess.PIPE, text=True, env=environment
    )
    child = 0
    try:
        assert middle.stdout is not None
        number, said = middle.stdout.readline().split()
        child = int(number)
        assert said == "set"
        assert _running(child)
        middle.kill()
        middle.wait(GONE_WITHIN_S)
        deadline = time.monotonic() + GONE_WITHIN_S
        while _running(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(child), "the child outlived its killed parent"
    finally:
        for pid in (middle.pid, child):
            if pid and _running(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        middle.wait(GONE_WITHIN_S)
