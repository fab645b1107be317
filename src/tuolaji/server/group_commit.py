"""Group commit: the writes that wait at the same moment share one transaction.

Every room stores each accepted action before it tells anyone, so under load many rooms
wait on the database at once. Written one transaction each, they queue for the
database's write lock (SQLite's busy handler even sleeps between tries, so a write could
wait for seconds while the file sat idle) and each pays a commit and an fsync.
:class:`GroupCommit` gives each write a future and one writer task that takes every
write waiting, writes them in one transaction and only then resolves their futures: each
caller still learns that its write is stored before it goes on. A batch the database
refuses is written again one write per transaction, so that only the bad write fails;
a batch may also refuse some of its writes and commit the others (the fenced writes of
several servers on one database: a room another server took is refused alone).
(bench/serve_load.py measures the difference: docs/benchmarks.md.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

Write = TypeVar("Write")

#: the most writes one transaction takes (the rest wait for the next one)
MAX_BATCH = 256


class GroupCommit(Generic[Write]):
    """Writes batched into shared transactions. ``write_batch`` writes several in one
    transaction: all or none when it raises; otherwise it returns None (all written) or,
    for each write, None (written) or the exception that refused it. ``write_one`` writes
    one in its own."""

    def __init__(
        self,
        write_batch: Callable[[Sequence[Write]], Awaitable[Sequence[Exception | None] | None]],
        write_one: Callable[[Write], Awaitable[None]],
    ) -> None:
        self._write_batch = write_batch
        self._write_one = write_one
        self._waiting: list[tuple[Write, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        #: how many transactions were committed, and holding how many writes (measures)
        self.transactions = 0
        self.writes = 0

    async def write(self, item: Write) -> None:
        """Store ``item``; returns once its transaction is committed, or raises what the
        database said about it (and nothing of it is stored)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting(), name="group commit")
        await future

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch = self._waiting[:MAX_BATCH]
            del self._waiting[:MAX_BATCH]
            if len(batch) == 1:
                await self._write_alone(*batch[0])
                continue
            try:
                outcomes = await self._write_batch([item for item, _ in batch])
            except Exception:
                # one bad write spoils the shared transaction: each goes on its own
                for item, future in batch:
                    await self._write_alone(item, future)
            else:
                refusals = outcomes if outcomes is not None else [None] * len(batch)
                self._count(sum(1 for refusal in refusals if refusal is None))
                for (_, future), refusal in zip(batch, refusals, strict=True):
                    _settle(future, refusal)

    async def _write_alone(self, item: Write, future: asyncio.Future[None]) -> None:
        """Write one item in its own transaction and tell its caller how it went."""
        try:
            await self._write_one(item)
        except Exception as refusal:
            _settle(future, refusal)
        else:
            self._count(1)
            _settle(future, None)

    def _count(self, writes: int) -> None:
        self.transactions += 1
        self.writes += writes

    async def drain(self) -> None:
        """Wait until every write handed in so far is written (or refused)."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)


def _settle(future: asyncio.Future[None], refusal: BaseException | None) -> None:
    """Resolve a caller's future (one whose caller gave up is left as it is)."""
    if future.done():
        return
    if refusal is None:
        future.set_result(None)
    else:
        future.set_exception(refusal)
