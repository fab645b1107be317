"""Bot workers die with their server, however the server dies (SIGKILL included).

The bot pool's processes would otherwise outlive a server that was killed: a pool worker
waits on its task queue, whose write end it holds itself, so it never sees the server
go; it holds the forkserver's "alive" pipe, so the forkserver stays; and both hold the
multiprocessing resource tracker's pipe, so the tracker stays too. Two mechanisms end
the workers, and with them the rest:

- On Linux, the kernel: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` in the forkserver (a
  preload module, :mod:`tuolaji.server.lifeline_forkserver`: its parent is the server)
  and in each worker (the pool's initializer, :func:`start_worker`: its parent is the
  forkserver). A dead server kills the forkserver, which kills the workers, at once,
  even a worker busy in code that never lets the watcher below run.
- Everywhere, a lifeline: a pipe whose only write end the server holds
  (:class:`Lifeline`). The read end goes to each worker, where a watcher thread waits
  on it; when the server dies the kernel closes the write end, the read end reports
  end-of-file and the worker exits. The watcher also wakes every
  :data:`WATCH_INTERVAL_S` seconds to see whether its parent process changed (it was
  reparented: the parent died), and exits then too. It never polls hot, so bot
  decisions are as fast as without it.

A parent that died before the worker set its death signal is caught right after
setting it: the lifeline is already at end-of-file by then.

Once the workers are gone, the forkserver and the resource tracker see their pipes close
and exit by themselves.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Final

#: ``PR_SET_PDEATHSIG`` from ``<linux/prctl.h>``: the signal sent when the parent dies
PR_SET_PDEATHSIG: Final = 1
#: how often a worker's watcher checks its parent when the lifeline stays quiet (s)
WATCH_INTERVAL_S: Final = 0.5
#: the exit status of a worker that found its server gone
ORPHANED_EXIT: Final = 70


def die_with_parent() -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux only; the
    parent *thread*, strictly: the one that started this process). Whether it was set:
    False where the platform has no ``prctl``; the lifeline covers those."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # The process's own symbols, the C library's among them: no search for the
        # library file (ctypes.util.find_library may run ldconfig, a process).
        libc = ctypes.CDLL(None, use_errno=True)
        result = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no C library to load, or no prctl in it
        return False
    return bool(result == 0)


def server_gone(lifeline: Connection) -> bool:
    """Whether the server's end of ``lifeline`` is closed: the server is gone. The
    server never writes, so a readable lifeline is one at end-of-file."""
    try:
        return lifeline.poll(0)
    except (OSError, EOFError, ValueError):  # a broken or closed pipe: gone as well
        return True


def _watch(lifeline: Connection, parent: int) -> None:
    """The watcher thread: exit the process when the lifeline reaches end-of-file or
    the parent process changes. It sleeps in ``poll``; a closed lifeline wakes it."""
    while True:
        try:
            ended = lifeline.poll(WATCH_INTERVAL_S)
        except (OSError, EOFError, ValueError):
            ended = True
        if ended or os.getppid() != parent:
            # os._exit: no clean-up to wait for; the server that would read results
            # is gone, and a thread stuck in a decision must not keep the process.
            os._exit(ORPHANED_EXIT)


def start_worker(lifeline: Connection) -> None:
    """The bot pool's initializer, first thing in each worker: die with the parent, and
    exit at once if the server is already gone; then watch the lifeline."""
    die_with_parent()
    # After the death signal is set, not before: a parent that dies from here on kills
    # this process; one that died earlier left the lifeline at end-of-file.
    parent = os.getppid()
    if server_gone(lifeline):
        os._exit(ORPHANED_EXIT)
    watcher = threading.Thread(
        target=_watch, args=(lifeline, parent), name="tuolaji-lifeline", daemon=True
    )
    watcher.start()


class Lifeline:
    """The server's side: a pipe whose write end only this process holds, and whose
    read end :attr:`worker_end` is handed to every worker (:func:`start_worker`).

    The write end is never inherited (Python makes pipes non-inheritable, and the
    forkserver is passed only the fds it is given), so its end-of-file means exactly
    that this process is gone, or that :meth:`close` was called.
    """

    def __init__(self, context: BaseContext) -> None:
        self.worker_end, self._server_end = context.Pipe(duplex=False)

    def close(self) -> None:
        """Close both ends: workers still running see end-of-file and exit."""
        for end in (self._server_end, self.worker_end):
            with contextlib.suppress(OSError):
                end.close()


def preload_forkserver(context: BaseContext) -> None:
    """Have ``context``'s forkserver, when it is started, set its own death signal (it
    imports :mod:`tuolaji.server.lifeline_forkserver`) besides the usual preload of
    ``__main__``. No effect once a forkserver runs, nor for other start methods."""
    if context.get_start_method() != "forkserver":
        return
    setter = getattr(context, "set_forkserver_preload", None)
    if setter is not None:
        setter(["__main__", "tuolaji.server.lifeline_forkserver"])
