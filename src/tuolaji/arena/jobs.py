"""What every executor of a run's jobs shares (:mod:`tuolaji.arena.executors`): the shape
of a job, the one loop that keeps tasks submitted and collects them, and the errors.

A job is a module-level function of two arguments: the plain data every job of the run
shares (the rules, the player names, the seed …) and one item (a deal's index …). A
worker finds the function by its name and gets the data as values, never a live object
of the caller, so the same job runs in this process, in a worker process or on another
machine. A task is a few items, run one after another by :func:`run_chunk`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H")

#: A job: a module-level function of the shared data and one item.
Job = Callable[[S, T], R]


class ExecutorError(ValueError):
    """An executor that cannot be used as asked (an address where no Ray cluster
    answers): nothing was run. ``address`` is the address concerned, ``problem`` one of
    the words :mod:`tuolaji.arena.ray_executor` lists, and ``detail`` what was found."""

    def __init__(self, message: str, address: str = "", problem: str = "", detail: str = ""):
        super().__init__(message)
        self.address = address
        self.problem = problem
        self.detail = detail


class ExecutorFailed(RuntimeError):
    """The executor lost work it could not run again (Ray's workers died more times than
    a task is retried, the cluster went away): the run failed. The message is what the
    executor said."""


class Runner(Protocol):
    """An open executor: it maps jobs over items until the run closes it."""

    #: how many jobs it runs at once (worker processes, or the cluster's CPUs)
    workers: int

    def map(
        self,
        job: Job[S, T, R],
        shared: S,
        items: Iterable[T],
        *,
        window: int | None = None,
    ) -> Generator[tuple[T, R], None, None]:
        """``(item, job(shared, item))`` for every item, as each is done (in any order).

        ``items`` may be lazy, even endless, when ``window`` bounds the items submitted
        and not yet yielded: the next is taken from ``items`` only as one is yielded, so
        the caller may stop early (closing the iterator cancels what was not done).
        Without ``window`` ``items`` must be finite. An error of a job is raised here,
        and what was not done is cancelled."""
        ...


def run_chunk(job: Job[S, T, R], shared: S, chunk: Sequence[T]) -> list[tuple[T, R]]:
    """What a worker does with one task: the job on each item of ``chunk``, in order."""
    return [(item, job(shared, item)) for item in chunk]


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter), taken lazily."""
    source = iter(items)
    while chunk := list(itertools.islice(source, size)):
        yield chunk


def stream(
    submit: Callable[[list[T]], H],
    wait_any: Callable[[list[H]], Iterable[H]],
    collect: Callable[[H], list[tuple[T, R]]],
    cancel: Callable[[list[H]], None],
    items: Iterable[T],
    *,
    batch: int,
    window: int,
) -> Generator[tuple[T, R], None, None]:
    """Keep up to ``window`` tasks of ``batch`` items each submitted, and yield each
    task's ``(item, result)`` pairs as it is done; the tasks still pending are
    cancelled when the caller stops or a task fails.

    ``submit`` starts a task and gives its handle, ``wait_any`` gives the handles among
    those it is given that are done (at least one, waiting if need be), ``collect`` a
    done task's pairs (raising its error), ``cancel`` drops tasks not done."""
    pending: dict[H, None] = {}  # a dict: the order they were submitted in, for the waits
    tasks = chunks(items, batch)
    try:
        while True:
            while len(pending) < window and (chunk := next(tasks, None)) is not None:
                pending[submit(chunk)] = None
            if not pending:
                return
            for handle in wait_any(list(pending)):
                del pending[handle]
                yield from collect(handle)
    finally:
        # A failed task, Ctrl-C or a caller that has what it needs: the rest is not run.
        if pending:
            cancel(list(pending))
