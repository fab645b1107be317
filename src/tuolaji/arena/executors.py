"""Where the independent jobs of a run go: this process, a pool of worker processes on
this machine, or a Ray cluster (docs/scaling.md, "Batch work on Ray").

A tournament's deals, a simulation's games and an analysis's decisions are jobs of one
shape (:mod:`tuolaji.arena.jobs`): a module-level function of the data the run's jobs
share and of one item. Results come back as they are done, in any order: the caller
puts them in the order of their items, so that every executor gives the result of one
process.

:func:`open_runner` opens a :class:`~tuolaji.arena.jobs.Runner` for the run's whole
length (a Ray started for the command is started once and stopped at its end); its
``map`` maps a job over items and yields ``(item, result)`` pairs as they come. The
pool and Ray share the loop that keeps tasks submitted (:func:`~tuolaji.arena.jobs.stream`)
and differ only in how they submit, wait and cancel. Ray is imported by
:mod:`tuolaji.arena.ray_executor` alone, and only when Ray is asked for.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence, Sized
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tuolaji.arena.jobs import Job, R, Runner, S, T, run_chunk, stream
from tuolaji.arena.limits import MAX_JOBS, check_count

#: The executors a run can use: ``local`` (this process, or ``jobs`` worker processes)
#: and ``ray`` (a Ray started for the run with ``jobs`` CPUs, or an existing cluster).
EXECUTORS = ("local", "ray")


@dataclass(frozen=True, slots=True)
class ExecutorChoice:
    """Where a run's jobs go: ``kind`` is ``local`` or ``ray``; ``jobs`` the worker
    processes (local) or the CPUs of the Ray started for the run; ``address`` an existing
    Ray cluster (``auto``, ``host:port`` or ``ray://host:port``), Ray only."""

    kind: str = "local"
    jobs: int = 1
    address: str | None = None

    @property
    def in_process(self) -> bool:
        """Whether the jobs run one after another in this process (``local``, one job)."""
        return self.kind == "local" and self.jobs == 1


def check_executor(
    kind: str = "local", jobs: int = 1, address: str | None = None
) -> ExecutorChoice:
    """The executor ``kind`` with ``jobs`` workers at ``address``, checked: a
    ``ValueError`` that says why for an unknown kind, a number of jobs out of its bounds
    (``arena.limits``), an address without Ray, or an address that is not written as
    one (:func:`~tuolaji.arena.ray_executor.check_address`; whether a cluster answers
    there is found when the run starts)."""
    if kind not in EXECUTORS:
        raise ValueError(f"the executor must be local or ray, not {kind!r}")
    check_count("worker processes (jobs)", jobs, MAX_JOBS)
    if address is not None:
        if kind != "ray":
            raise ValueError("a Ray address needs the ray executor")
        from tuolaji.arena.ray_executor import check_address  # imports no Ray

        check_address(address)
    return ExecutorChoice(kind, jobs, address)


class InProcess:
    """The jobs run one after another in this process, each as it is asked for."""

    workers = 1

    def map(
        self,
        job: Job[S, T, R],
        shared: S,
        items: Iterable[T],
        *,
        window: int | None = None,
    ) -> Generator[tuple[T, R], None, None]:
        """See :meth:`Runner.map`: each item's job runs when its result is asked for."""
        for item in items:
            yield item, job(shared, item)


class _Installed:
    """The shared data of the run in a worker process of the local pool, given once
    when the process starts rather than with every job."""

    shared: Any = None


def _install(shared: object) -> None:
    """Keep the run's shared data in a new worker process."""
    _Installed.shared = shared


def _run_installed(job: Job[Any, T, R], chunk: Sequence[T]) -> list[tuple[T, R]]:
    """One task in a worker process of the local pool, on the data installed."""
    return run_chunk(job, _Installed.shared, chunk)


class LocalPool:
    """``jobs`` worker processes on this machine, a pool for each map. Every item is
    one task (a job here costs a process hop of well under a millisecond)."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs

    def map(
        self,
        job: Job[S, T, R],
        shared: S,
        items: Iterable[T],
        *,
        window: int | None = None,
    ) -> Generator[tuple[T, R], None, None]:
        """See :meth:`Runner.map`. Without ``window`` every item is submitted at once."""
        if window is None:
            window = len(items) if isinstance(items, Sized) else 2 * self.workers
        size = len(items) if isinstance(items, Sized) else self.workers
        workers = max(1, min(self.workers, size))
        with ProcessPoolExecutor(workers, initializer=_install, initargs=(shared,)) as pool:

            def submit(chunk: list[T]) -> Future[list[tuple[T, R]]]:
                return pool.submit(_run_installed, job, chunk)

            def wait_any(
                pending: list[Future[list[tuple[T, R]]]],
            ) -> Iterable[Future[list[tuple[T, R]]]]:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                return [future for future in pending if future in done]  # as submitted

            def cancel(_pending: list[Future[list[tuple[T, R]]]]) -> None:
                # The pool's own shutdown drops the tasks not started; those running end.
                pool.shutdown(cancel_futures=True)

            yield from stream(
                submit,
                wait_any,
                lambda future: future.result(),
                cancel,
                items,
                batch=1,
                window=max(1, window),
            )


@contextmanager
def open_runner(choice: ExecutorChoice) -> Iterator[Runner]:
    """The runner of ``choice`` for the length of the ``with`` block: this process,
    a pool of ``jobs`` worker processes, or Ray (started for the block and stopped at
    its end, or the cluster at ``choice.address``). A Ray address where no cluster
    answers is an :class:`ExecutorError`; Ray not installed a
    :class:`~tuolaji.extras.MissingExtra` naming the ``cluster`` extra."""
    if choice.kind == "ray":
        from tuolaji.arena.ray_executor import ray_runner

        with ray_runner(choice.jobs, choice.address) as runner:
            yield runner
    elif choice.jobs == 1:
        yield InProcess()
    else:
        yield LocalPool(choice.jobs)
