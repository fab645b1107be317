"""Group commit: actions of many rooms waiting at once share a transaction, each caller
is answered only after the commit, and one bad action fails alone."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from server.test_storage import create, loaded, logged, make_room
from tuolaji.game.actions import Draw, action_to_json
from tuolaji.server.group_commit import GroupCommit
from tuolaji.server.storage import Storage, StorageError

ROOMS = 30
ACTIONS = 6


async def _play(storage: Storage, code: str) -> None:
    """One room appending its actions one after the other, as a room does."""
    for number in range(1, ACTIONS + 1):
        await storage.append_action(code, logged(number, action_to_json(Draw(1))))


@pytest.mark.asyncio
async def test_many_rooms_share_transactions_and_every_action_is_stored(storage: Storage) -> None:
    codes = [f"room{index}" for index in range(ROOMS)]
    for index, code in enumerate(codes):
        await create(storage, make_room(code), seed=index)
    await asyncio.gather(*(_play(storage, code) for code in codes))
    for code in codes:
        stored = await loaded(storage, code)
        assert [entry.number for entry in stored.actions] == list(range(1, ACTIONS + 1))
    appends = storage._appends
    assert appends.writes == ROOMS * ACTIONS
    assert appends.transactions < appends.writes  # shared: fewer commits than actions


@pytest.mark.asyncio
async def test_a_bad_action_in_a_shared_transaction_fails_alone(storage: Storage) -> None:
    for code in ("room1", "room2", "room3"):
        await create(storage, make_room(code))
    await storage.append_action("room2", logged(1, action_to_json(Draw(1))))
    results = await asyncio.gather(
        storage.append_action("room1", logged(1, action_to_json(Draw(1)))),
        storage.append_action("room2", logged(1, action_to_json(Draw(2)))),  # number taken
        storage.append_action("room3", logged(1, action_to_json(Draw(1)))),
        storage.append_action("nowhere", logged(1, action_to_json(Draw(1)))),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StorageError) and "action 1 of room 'room2'" in str(results[1])
    assert isinstance(results[3], StorageError) and "room 'nowhere'" in str(results[3])
    assert [len((await loaded(storage, code)).actions) for code in ("room1", "room2", "room3")] == [
        1,
        1,
        1,
    ]
    assert (await loaded(storage, "room2")).actions[0].action == ["draw", 1]


@pytest.mark.asyncio
async def test_callers_are_answered_after_their_batch_and_one_gone_caller_harms_none() -> None:
    written: list[list[int]] = []
    release = asyncio.Event()

    async def write_batch(items: Sequence[int]) -> None:
        await release.wait()
        if 13 in items:
            raise ValueError("13 is refused")
        written.append(list(items))

    async def write_one(item: int) -> None:
        if item == 13:
            raise ValueError("13 is refused")
        written.append([item])

    commits: GroupCommit[int] = GroupCommit(write_batch, write_one)
    first = asyncio.ensure_future(commits.write(1))
    await asyncio.sleep(0)  # the writer takes 1 alone and waits
    waiting = [asyncio.ensure_future(commits.write(item)) for item in (2, 3, 13, 4)]
    gone = asyncio.ensure_future(commits.write(5))
    await asyncio.sleep(0)
    gone.cancel()
    assert not any(future.done() for future in [first, *waiting])
    release.set()
    await asyncio.wait_for(first, 5)
    outcomes = await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), 5)
    assert outcomes[:2] == [None, None] and outcomes[3] is None
    assert isinstance(outcomes[2], ValueError)
    await commits.drain()
    # 1 alone; then 2, 3, 13, 4, 5 shared, refused for 13, so each on its own, in order
    assert written == [[1], [2], [3], [4], [5]]
    assert commits.writes == 5
