"""The one exception of the cluster layer: a step that could not be done, worded for
the person who ran the command, with the exit status it ends the command with."""

from __future__ import annotations

from typing import Final

#: the run failed: a program missing, a process that did not start (as ``tuolaji``'s 1)
EXIT_FAILED: Final = 1
#: the command line asks for something that cannot be done (as ``tuolaji``'s 2)
EXIT_USAGE: Final = 2


class ClusterError(Exception):
    """A step of the cluster failed; ``str(error)`` says what and how to fix it."""

    def __init__(self, message: str, exit_status: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.exit_status = exit_status
