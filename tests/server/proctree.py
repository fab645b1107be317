"""A process and everything it started, read from Linux's /proc, for tests that check
that nothing outlives its server.

A process is named by its pid *and* its start time (field 22 of ``/proc/PID/stat``), so
that a pid the kernel hands to a new process later is never taken for the old one. A
zombie (state Z, or X) counts as gone: it runs nothing and holds nothing but its entry.
"""

from __future__ import annotations

import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Proc:
    """One process as it was seen: its pid, its parent, its start time and command."""

    pid: int
    parent: int
    started: int
    command: str


def _stat(pid: int) -> tuple[str, int, int] | None:
    """State, parent pid and start time of ``pid`` (None: no such process)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # the command name (field 2) is in parentheses and may hold spaces or parentheses
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[19])


def _command(pid: int) -> str:
    """The command line of ``pid``, its arguments joined by spaces ('' when gone)."""
    try:
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()


def descendants(root: int) -> list[Proc]:
    """Every living process below ``root``: its children, theirs, and so on."""
    children: dict[int, list[tuple[int, int]]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is None or stat[0] in "ZX":
            continue
        children.setdefault(stat[1], []).append((int(entry.name), stat[2]))
    found: list[Proc] = []
    waiting = [root]
    while waiting:
        parent = waiting.pop()
        for pid, started in children.get(parent, []):
            found.append(Proc(pid, parent, started, _command(pid)))
            waiting.append(pid)
    return found


def alive(process: Proc) -> bool:
    """Whether ``process`` still runs: the same pid with the same start time, and not a
    zombie."""
    stat = _stat(process.pid)
    return stat is not None and stat[0] not in "ZX" and stat[2] == process.started


def kill_all(processes: list[Proc]) -> None:
    """SIGKILL each of ``processes`` that still runs, by pid (checked to be the same
    process just before)."""
    for process in processes:
        if alive(process):
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
