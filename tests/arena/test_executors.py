"""Where a run's jobs go (``arena.executors``, ``arena.jobs``): the executors a run may
ask for and the refusals of the others, the one loop that keeps tasks submitted (lazily,
within its window, cancelling what is left when the caller stops or a job fails), and a
simulation spread over worker processes giving the summary and records of one process.
Ray's side is tests/test_ray_batch.py."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tuolaji.arena.executors import (
    ExecutorChoice,
    InProcess,
    LocalPool,
    check_executor,
    open_runner,
)
from tuolaji.arena.jobs import ExecutorError, chunks, run_chunk, stream
from tuolaji.arena.ray_executor import MAX_BATCH, batch_size
from tuolaji.arena.simulate import simulate


def square(_shared: object, item: int) -> int:
    """A job: the item squared."""
    return item * item


def offset(shared: int, item: int) -> int:
    """A job that reads the shared data."""
    return shared + item


def fail_on_three(_shared: object, item: int) -> int:
    """A job that fails for item 3."""
    if item == 3:
        raise ValueError("three is refused")
    return item


def test_the_executors_that_can_be_asked_for() -> None:
    assert check_executor() == ExecutorChoice("local", 1, None)
    assert check_executor("local", 4).in_process is False
    assert check_executor("ray", 1).in_process is False
    assert check_executor("ray", 2, "10.1.2.3:6379").address == "10.1.2.3:6379"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"kind": "threads"}, "the executor must be local or ray, not 'threads'"),
        ({"jobs": 0}, "the number of worker processes (jobs) must be from 1 to 128, not 0"),
        ({"jobs": 129}, "from 1 to 128, not 129"),
        ({"address": "auto"}, "a Ray address needs the ray executor"),
        ({"kind": "ray", "address": "nowhere"}, "'nowhere' is not a Ray address (no host:port)"),
    ],
)
def test_executors_that_cannot_be_asked_for_are_refused(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as refused:
        check_executor(**settings)  # type: ignore[arg-type]
    assert message in str(refused.value)


def test_a_malformed_address_is_an_executor_error_naming_it() -> None:
    with pytest.raises(ExecutorError) as refused:
        check_executor("ray", 1, "ray://head")
    assert (refused.value.address, refused.value.problem) == ("ray://head", "malformed")


def test_chunks_are_taken_lazily() -> None:
    assert list(chunks(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(chunks([], 3)) == []
    endless = chunks(itertools.count(), 2)
    assert [next(endless), next(endless)] == [[0, 1], [2, 3]]
    assert run_chunk(offset, 10, [1, 2]) == [(1, 11), (2, 12)]


def test_batches_are_sized_to_share_the_cpus() -> None:
    assert batch_size(None, 4) == 1  # items not counted: one a task
    assert batch_size(200, 2) == 13  # 8 tasks a CPU
    assert batch_size(10, 2) == 1
    assert batch_size(100_000, 2) == MAX_BATCH


class Recorder:
    """A fake executor for :func:`stream`: tasks are done when waited for, in order."""

    def __init__(self) -> None:
        self.submitted: list[list[int]] = []
        self.cancelled: list[int] = []
        self.most_pending = 0
        self._pending: list[int] = []

    def submit(self, chunk: list[int]) -> int:
        self.submitted.append(chunk)
        self._pending.append(len(self.submitted) - 1)
        self.most_pending = max(self.most_pending, len(self._pending))
        return len(self.submitted) - 1

    def wait_any(self, pending: list[int]) -> list[int]:
        done = pending[0]
        self._pending.remove(done)
        return [done]

    def collect(self, handle: int) -> list[tuple[int, int]]:
        return [(item, item * 10) for item in self.submitted[handle]]

    def cancel(self, pending: list[int]) -> None:
        self.cancelled = pending


def test_the_stream_keeps_its_window_and_cancels_what_is_left() -> None:
    fake = Recorder()
    pairs = stream(
        fake.submit,
        fake.wait_any,
        fake.collect,
        fake.cancel,
        itertools.count(),
        batch=2,
        window=3,
    )
    taken = [next(pairs) for _ in range(5)]
    assert taken == [(0, 0), (1, 10), (2, 20), (3, 30), (4, 40)]
    assert fake.most_pending == 3  # never more tasks than the window
    pairs.close()  # the caller has what it needs
    assert fake.cancelled and len(fake.submitted) <= 6


def test_a_failed_job_is_raised_by_the_pool() -> None:
    pairs = LocalPool(2).map(fail_on_three, None, range(40))
    with pytest.raises(ValueError, match="three is refused"):
        list(pairs)


def test_every_runner_maps_every_item_once() -> None:
    for choice in (ExecutorChoice("local", 1), ExecutorChoice("local", 2)):
        with open_runner(choice) as runner:
            assert sorted(runner.map(offset, 100, range(9))) == [(i, 100 + i) for i in range(9)]
    lazy = InProcess().map(square, None, itertools.count())
    assert [next(lazy) for _ in range(3)] == [(0, 0), (1, 1), (2, 4)]


def summary_of(**settings: object) -> dict[str, object]:
    """A simulation's summary, less its times."""
    data = simulate(**settings).to_json()  # type: ignore[arg-type]
    del data["seconds"], data["rounds_per_second"]
    return data


def files_of(folder: Path) -> dict[str, bytes]:
    """The files in ``folder``, by name."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.parametrize("count", [{"games": 3}, {"rounds": 30}, {"rounds": 1}])
def test_a_simulation_on_worker_processes_is_that_of_one_process(
    count: dict[str, int], tmp_path: Path
) -> None:
    alone = summary_of(seed=8, records=tmp_path / "one", **count)
    shared = summary_of(seed=8, records=tmp_path / "two", jobs=2, **count)
    assert shared == alone
    # no record of a game that one process would not have played
    assert files_of(tmp_path / "two") == files_of(tmp_path / "one")
    if "rounds" in count:
        assert alone["rounds"] == count["rounds"]


def test_rounds_in_one_process_report_progress_after_every_round() -> None:
    seen: list[tuple[int, int]] = []
    simulate(rounds=4, seed=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
