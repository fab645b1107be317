"""What every child of the cluster needs: a free loopback port, a start that ties the
child to this process, the processes below a child, a stop by process id, and a wait
for an HTTP answer.

Children are started in their own session, so that a Ctrl-C at the terminal reaches the
launcher only and the launcher stops them in its order (the proxy, the servers, the
database). On Linux a child started from the main thread is also asked to receive
SIGTERM when the launcher dies (``PR_SET_PDEATHSIG``), so that a launcher killed with
SIGKILL leaves no server or proxy behind. (The kernel sends that signal when the
*thread* that started the child ends, so a child started from another thread — a test
or a benchmark starting servers through ``asyncio.to_thread`` — is not tied: it would
be stopped when that worker thread is.)

Only processes started here are ever signalled, by their id, and a helper of a child (a
bot worker) only when its start time shows it is the same process that was seen below
that child.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: Linux's prctl option: the signal a process gets when its parent thread dies
PR_SET_PDEATHSIG = 1
#: how often a wait looks again, in seconds
POLL_S = 0.05


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _find_prctl() -> Callable[..., int] | None:
    """The C library's ``prctl`` (Linux), looked up once here: the child, between fork
    and exec, only calls it (no library is loaded there, no lock taken)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


_PRCTL = _find_prctl()


def _die_with_parent(parent: int) -> Callable[[], None]:
    """What the child runs before its program: SIGTERM when the launcher (``parent``)
    dies, and exit at once if it died already (the race before prctl)."""

    def tie() -> None:
        if _PRCTL is not None:
            _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)

    return tie


def run_to_end(
    command: Sequence[str], timeout_s: float, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` to its end in a session of its own (a Ctrl-C at the terminal
    reaches the launcher only, which stops its children in order), killed after
    ``timeout_s``; its result, the caller deciding what a failure means. A command that
    cannot start or runs too long has exit status -1 and says why in ``stderr``."""
    args = list(command)
    try:
        return subprocess.run(
            args,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(args, -1, "", f"{type(error).__name__}: {error}")


def start_child(
    command: Sequence[str],
    log: Path,
    env: dict[str, str] | None = None,
    tied: bool = True,
) -> subprocess.Popen[bytes]:
    """Start ``command`` with its output appended to ``log``, in a session of its own;
    ``tied``: it gets SIGTERM when this process dies (a program that forks and exits,
    such as ``pg_ctl``, must not be tied: its parent is gone at once), when started
    from the main thread (see the module doc)."""
    tied = tied and threading.current_thread() is threading.main_thread()
    with log.open("ab") as output:
        return subprocess.Popen(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
            # runs between fork and exec: it only calls prctl, looked up beforehand
            preexec_fn=_die_with_parent(os.getpid()) if tied and _PRCTL else None,  # noqa: PLW1509
        )


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (None when gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def start_time(pid: int) -> int | None:
    """When process ``pid`` started, in clock ticks since boot (None when gone): a
    process id and its start time name one process, even after the id is reused."""
    fields = _stat_fields(pid)
    # after the name: state is field 3 of the file, the start time field 22
    return int(fields[19]) if fields is not None and len(fields) > 19 else None


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, exited and not yet reaped, does not)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of ``pid`` so far (0 when it is gone)."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    # utime and stime: fields 14 and 15 of the file
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> dict[int, int]:
    """Every living process below ``pid`` (children of children too): id → start time."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None and len(fields) > 1:
                parents[int(entry.name)] = int(fields[1])
    found: dict[int, int] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in found:
                started = start_time(child)
                if started is not None:
                    found[child] = started
                    frontier.append(child)
    return found


@dataclass
class Family:
    """A child process and the helpers seen below it (id → start time), so that a
    helper that outlives its parent can still be found and stopped."""

    process: subprocess.Popen[bytes]
    helpers: dict[int, int] = field(default_factory=dict)

    def look(self) -> None:
        """Note the helpers below the child now."""
        if self.process.poll() is None:
            self.helpers.update(descendants(self.process.pid))

    def signal(self, number: int) -> None:
        """Send ``number`` to the child, if it still runs."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, number)

    def kill_helpers(self) -> None:
        """SIGKILL every helper seen that still runs (the same process: same start)."""
        for pid, started in self.helpers.items():
            if start_time(pid) == started and alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self.helpers.clear()

    def stop(self, grace_s: float) -> int | None:
        """SIGTERM, then SIGKILL after ``grace_s`` seconds; then the helpers left. The
        child's exit status (negative: the signal that ended it)."""
        self.look()
        self.signal(signal.SIGTERM)
        try:
            self.process.wait(grace_s)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.process.wait(grace_s)
        self.kill_helpers()
        return self.process.returncode

    def kill(self) -> None:
        """SIGKILL the child at once (its helpers are noted first, and stopped by
        :meth:`reap`)."""
        self.look()
        self.signal(signal.SIGKILL)

    def reap(self, timeout_s: float) -> int | None:
        """Wait for the killed child, then stop the helpers it left; its exit status."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout_s)
        self.kill_helpers()
        return self.process.returncode


class Started:
    """Something this cluster starts as a child process (:class:`Family`), asked about
    its current start: ``family`` is None until it is started."""

    family: Family | None = None

    @property
    def pid(self) -> int | None:
        """The process id of its current start."""
        return None if self.family is None else self.family.process.pid

    def running(self) -> bool:
        """Whether the current start still runs."""
        return self.family is not None and self.family.process.poll() is None

    def exit_status(self) -> int | None:
        """The exit status of the current start once it ended (negative: a signal)."""
        return None if self.family is None else self.family.process.poll()


def http_status(url: str, timeout_s: float = 2.0) -> int | None:
    """The HTTP status ``url`` answers with, or None when nothing answers."""
    request = urllib.request.Request(url, headers={"User-Agent": "tuolaji-cluster"})
    # no proxy from the environment: every address here is this machine's loopback
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=timeout_s) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as error:
        return error.code
    except (OSError, ValueError):
        return None


def wait_until(
    ready: Callable[[], bool], timeout_s: float, gone: Callable[[], bool] = lambda: False
) -> bool:
    """Whether ``ready()`` held within ``timeout_s`` seconds; stops early (False) once
    ``gone()`` holds (the process waited on has exited)."""
    deadline = time.monotonic() + timeout_s
    while True:
        if ready():
            return True
        if gone() or time.monotonic() > deadline:
            return False
        time.sleep(POLL_S)


def tail(path: Path, size: int = 3000) -> str:
    """The end of a log file ('' when there is none)."""
    try:
        return path.read_text(errors="replace")[-size:]
    except OSError:
        return ""
