"""The Ray executor: a run's jobs as Ray tasks, on a Ray started for the run or on an
existing cluster (docs/scaling.md, "Batch work on Ray").

The only module of tuolaji that imports Ray (an import-linter contract says so), and
only when a run asks for it, so that nothing else pays for Ray's import or needs it
installed (the ``cluster`` extra).

- **Where.** No address: a Ray on this machine with ``jobs`` CPUs, started when the run
  starts and stopped when it ends, listening on 127.0.0.1 only and sending no usage
  statistics. An address (``auto``, ``host:port``, ``ray://host:port``): the cluster
  there, whose CPUs all share the work. A process already connected to Ray (a program
  that called ``ray.init`` itself) uses its connection and leaves it open.
- **What a task gets.** The job's function by name, the shared data put once in Ray's
  object store, and a few items (:func:`batch_size`); results are plain data too.
- **Lost workers.** A task whose worker process or machine dies is run again, up to
  :data:`MAX_RETRIES` times; since a job is a function of its data, the run's result
  does not change. An error raised by the job itself is not retried: it is the run's.
- **Quiet.** Ray's log lines, its notes about workers that died and were replaced, and
  its dashboard are kept off the command's output.
- **A bad address** fails fast, before Ray is asked: the address is read
  (:func:`check_address`), then probed (:func:`probe`: something must answer there, in
  :data:`PROBE_SECONDS`, and speak HTTP/2 as Ray's servers do), since Ray itself would
  wait minutes for a cluster that is not there.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import socket
import warnings
from collections.abc import Generator, Iterable, Iterator, Sized
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tuolaji.arena.jobs import ExecutorError, ExecutorFailed, Job, R, S, T, run_chunk, stream
from tuolaji.extras import require_extra

#: Times a task is run again after its worker process (or machine) died.
MAX_RETRIES = 3
#: Seconds to wait for something to answer at a cluster's address.
PROBE_SECONDS = 5.0
#: Tasks per CPU a run is cut into when its items are known: enough for the CPUs to
#: share the work evenly when jobs take unequal times, few enough that Ray's cost per
#: task (about a millisecond, docs/benchmarks.md) stays small beside the jobs'.
TASKS_PER_WORKER = 8
#: The most items in one task: a task lost with its worker is run again whole.
MAX_BATCH = 16
#: Tasks kept submitted per CPU: the CPUs never wait for the driver, and the driver
#: never holds the whole run's tasks at once.
WINDOW_PER_WORKER = 4
#: The object store of a Ray started for a run: the shared data and results are small.
LOCAL_OBJECT_STORE_BYTES = 256 * 1024 * 1024
#: The variable by which Ray is told to send the cluster's token to a given address.
AUTH_MODE_VARIABLE = "RAY_AUTH_MODE"
#: Hosts that are this machine: a cluster there is reached on the loopback interface.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

# The kinds of bad address, for the caller's message (ExecutorError.problem).
MALFORMED = "malformed"
NOTHING_THERE = "nothing-there"
NO_ANSWER = "no-answer"
NOT_RAY = "not-ray"
NO_CLUSTER = "no-cluster"
REFUSED = "refused"

#: The first bytes an HTTP/2 client sends (RFC 9113 §3.4), then an empty SETTINGS
#: frame; an HTTP/2 server (Ray's are gRPC servers) answers with a SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_SETTINGS_FRAME = 4


@dataclass(frozen=True, slots=True)
class Address:
    """A cluster's address as read: ``ray://`` (Ray's client) or not, host and port;
    ``auto`` has neither (Ray finds the cluster started last on this machine)."""

    text: str
    client: bool = False
    host: str = ""
    port: int = 0

    @property
    def auto(self) -> bool:
        """Whether Ray is to find the cluster itself (``auto``)."""
        return not self.host

    @property
    def loopback(self) -> bool:
        """Whether the cluster is on this machine, reached on the loopback interface."""
        return self.host in LOOPBACK_HOSTS


def check_address(text: str) -> Address:
    """``text`` read as a cluster's address: ``auto``, ``host:port`` or
    ``ray://host:port`` (an IPv6 host in brackets, a port from 1 to 65535); anything
    else is an :class:`~tuolaji.arena.jobs.ExecutorError` (``malformed``)."""

    def malformed(why: str) -> ExecutorError:
        return ExecutorError(
            f"{text!r} is not a Ray address ({why}): give auto, host:port or ray://host:port",
            text,
            MALFORMED,
            why,
        )

    if text == "auto":
        return Address(text)
    rest = text.removeprefix("ray://")
    client = rest != text
    if "://" in rest:
        raise malformed("the only scheme is ray://")
    host, colon, port_text = rest.rpartition(":")
    if not colon or not host:
        raise malformed("no host:port")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise malformed("an IPv6 host goes in brackets")
    if not host or any(char.isspace() or char in "/[]@" for char in host):
        raise malformed("no host")
    if not port_text.isascii() or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise malformed("the port must be a number from 1 to 65535")
    return Address(text, client, host, int(port_text))


def probe(address: Address, seconds: float = PROBE_SECONDS, shown: str | None = None) -> None:
    """Check that a server answers at ``address`` within ``seconds`` and speaks HTTP/2,
    as the servers of a Ray cluster (and of its client) do: an
    :class:`~tuolaji.arena.jobs.ExecutorError` when nothing is there, nothing
    answers in time, or what answers is no such server. The error names the address
    as ``shown`` (its text by default)."""
    name = address.text if shown is None else shown

    def refused(problem: str, detail: str) -> ExecutorError:
        return ExecutorError(f"no Ray cluster at {name}: {detail}", name, problem, detail)

    try:
        with socket.create_connection((address.host, address.port), timeout=seconds) as link:
            link.sendall(_HTTP2_PREFACE)
            reply = link.recv(9)
    except TimeoutError:
        raise refused(NO_ANSWER, f"nothing answered in {seconds:g} s") from None
    except OSError as error:  # refused, no route, a host name that does not resolve …
        raise refused(NOTHING_THERE, error.strerror or str(error)) from None
    if len(reply) < 4 or reply[3] != _SETTINGS_FRAME:
        raise refused(NOT_RAY, "the server there is not a Ray cluster")


def batch_size(count: int | None, workers: int) -> int:
    """Items per task for ``count`` items on ``workers`` CPUs (one when the items are
    not counted): :data:`TASKS_PER_WORKER` tasks per CPU, at most :data:`MAX_BATCH`
    items in one."""
    if count is None:
        return 1
    return max(1, min(MAX_BATCH, math.ceil(count / (workers * TASKS_PER_WORKER))))


def _prepare_environment(address: Address | None) -> None:
    """Settings Ray reads from the environment when it is imported and started (a value
    the user set is kept)."""
    # A Ray started for the run reports no usage statistics anywhere.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address is not None and address.auto:
        address = _latest_cluster() or address
    if address is None or address.loopback:
        # Ray replaces a loopback address (its own, or the one given) by the machine's
        # network address; a cluster on this machine is reached, and a Ray started here
        # listens, on the loopback interface only. (Read when Ray is imported.)
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def _import_ray(address: Address | None) -> Any:
    """Ray, imported for the first time with the environment it needs; a
    :class:`~tuolaji.extras.MissingExtra` naming the ``cluster`` extra without it."""
    require_extra("cluster")
    _prepare_environment(address)
    import ray

    return ray


def _quiet(ray: Any) -> None:
    """Keep Ray's notes about tasks and workers (a worker that died, a task run again)
    off the command's output: Ray prints them on standard output, where a ``--json``
    result goes. They stay in Ray's log files."""
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    if worker is not None and hasattr(worker, "_worker_logs_enabled"):
        worker._worker_logs_enabled = False


def _start(ray: Any, jobs: int, address: Address | None) -> None:
    """Start a Ray of ``jobs`` CPUs here, or connect to the cluster at ``address``."""
    settings: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,  # a worker's output (an external bot's notes) stays in its log
        "logging_level": logging.ERROR,
    }
    if address is None:
        settings.update(
            # "local": a new Ray, even where a cluster was started (``ray start``), which
            # Ray would join otherwise
            address="local",
            num_cpus=jobs,
            num_gpus=0,
            object_store_memory=LOCAL_OBJECT_STORE_BYTES,
            _node_ip_address="127.0.0.1",
        )
    else:
        del settings["include_dashboard"]  # the cluster's own, not ours to choose
        settings["address"] = address.text
    with warnings.catch_warnings(), _on_loopback(ray, address is None):
        warnings.simplefilter("ignore")  # Ray's deprecation notes are not the user's
        ray.init(**settings)


@contextlib.contextmanager
def _on_loopback(ray: Any, wanted: bool) -> Iterator[None]:
    """While Ray starts, when ``wanted``: keep its addresses on the loopback interface
    even if Ray was imported before :func:`_prepare_environment` could say so (a
    program that imported it first), by the setting that variable sets."""
    constants: Any = getattr(getattr(ray, "_private", None), "ray_constants", None)
    before = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    if not wanted or before is None:
        yield
        return
    constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        constants.ENABLE_RAY_CLUSTER = before


@contextlib.contextmanager
def ray_runner(jobs: int = 1, address: str | None = None) -> Iterator[RayRunner]:
    """A :class:`RayRunner` for the ``with`` block: on a Ray of ``jobs`` CPUs started
    for it (and stopped after), or on the cluster at ``address`` (checked and probed
    first: :func:`check_address`, :func:`probe`), or on the Ray this process is already
    connected to (left connected)."""
    where = None if address is None else check_address(address)
    ray = _import_ray(where)
    if ray.is_initialized():
        yield RayRunner(ray)
        return
    if address is not None:
        check_reachable(address)
    try:
        _start(ray, jobs, where)
    except Exception as error:  # Ray's own refusal (no cluster found, a version mismatch …)
        ray.shutdown()
        raise _not_connected(address, error) from None
    _quiet(ray)
    try:
        yield RayRunner(ray)
    finally:
        ray.shutdown()


def check_reachable(text: str) -> Address:
    """The cluster's address ``text``, read (:func:`check_address`) and probed
    (:func:`probe`) — for ``auto``, the address it stands for, when one can be known
    before Ray is started (:func:`_latest_cluster`); an
    :class:`~tuolaji.arena.jobs.ExecutorError` when it is not one or no cluster answers
    there (``no-cluster`` for an ``auto`` that stands for none)."""
    address = check_address(text)
    if address.auto:
        found = _latest_cluster()
        if found is None:
            raise ExecutorError(
                "no Ray cluster found for auto: start one with 'ray start --head'",
                text,
                NO_CLUSTER,
            )
        probe(found, shown=f"auto ({found.text})")
    else:
        probe(address)
    return address


def _latest_cluster() -> Address | None:
    """The address ``auto`` stands for, as Ray finds it: the ``RAY_ADDRESS`` variable,
    else the note ``ray start`` leaves in Ray's temporary folder (``RAY_TMPDIR``,
    ``TMPDIR`` or /tmp, then ``ray/ray_current_cluster``) of the cluster it started last
    on this machine. None when neither is there, or it is not written as an address
    (Ray's own refusal then says what it is)."""
    found = os.environ.get("RAY_ADDRESS", "")
    if not found:
        folder = os.environ.get("RAY_TMPDIR") or os.environ.get("TMPDIR") or "/tmp"
        note = Path(folder) / "ray" / "ray_current_cluster"
        with contextlib.suppress(OSError):  # no note: no cluster was started here
            found = note.read_text(encoding="utf-8").strip()
    try:
        return check_address(found) if found and found != "auto" else None
    except ExecutorError:
        return None


def _first_line(error: BaseException) -> str:
    """The first line of what ``error`` says (its class when it says nothing)."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _last_line(error: BaseException) -> str:
    """The last line of what ``error`` says: under a remote traceback, the error."""
    return (str(error).strip().splitlines() or [type(error).__name__])[-1].strip()


def _not_connected(address: str | None, error: Exception) -> ExecutorError:
    """The error of a Ray that could not be started or reached, in one line."""
    said = _first_line(error)
    if address is None:
        return ExecutorError(f"could not start Ray: {said}", "", REFUSED, said)
    problem = NO_CLUSTER if address == "auto" else REFUSED
    if address != "auto" and AUTH_MODE_VARIABLE not in os.environ:
        # Ray sends its token to a cluster it found itself (auto), not to an address
        said += f" (if the cluster asks for a token: set {AUTH_MODE_VARIABLE}=token)"
    return ExecutorError(f"no Ray cluster at {address}: {said}", address, problem, said)


class RayRunner:
    """Jobs as Ray tasks (see the module docstring)."""

    def __init__(self, ray: Any) -> None:
        self._ray = ray
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(
            run_chunk
        )

    def map(
        self,
        job: Job[S, T, R],
        shared: S,
        items: Iterable[T],
        *,
        window: int | None = None,
        batch: int | None = None,
    ) -> Generator[tuple[T, R], None, None]:
        """See :class:`~tuolaji.arena.jobs.Runner`: ``batch`` items per task
        (:func:`batch_size` unless given), :data:`WINDOW_PER_WORKER` tasks per CPU kept
        submitted unless ``window`` says how many."""
        ray = self._ray
        if batch is None:
            batch = batch_size(len(items) if isinstance(items, Sized) else None, self.workers)
        shared_ref = ray.put(shared)  # once: every task reads it from the object store

        def submit(chunk: list[T]) -> Any:
            return self._task.remote(job, shared_ref, chunk)

        def wait_any(pending: list[Any]) -> list[Any]:
            done, _ = ray.wait(pending, num_returns=1)
            return list(done)

        def collect(ref: Any) -> list[tuple[T, R]]:
            try:
                result: list[tuple[T, R]] = ray.get(ref)
            except ray.exceptions.RaySystemError as error:
                # the worker could not read the task: another version of tuolaji there
                said = _last_line(error)
                raise ExecutorFailed(
                    f"a worker could not read its task ({said}): every machine of the "
                    "cluster needs this version of tuolaji"
                ) from None
            except ray.exceptions.RayTaskError:
                raise  # the job's own error (also an instance of its class)
            except ray.exceptions.RayError as error:  # workers or machines lost for good
                raise ExecutorFailed(
                    f"Ray lost work it could not run again: {_first_line(error)}"
                ) from None
            return result

        def cancel(pending: list[Any]) -> None:
            for ref in pending:
                with contextlib.suppress(Exception):  # done or gone meanwhile
                    ray.cancel(ref, force=True)

        yield from stream(
            submit,
            wait_any,
            collect,
            cancel,
            items,
            batch=batch,
            window=window if window is not None else WINDOW_PER_WORKER * self.workers,
        )
