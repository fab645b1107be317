"""A bot decision through the server's bot pool, as a room waits for it: the round
trip of one ``BotPool.decide`` (the request pickled to a worker process, the decision,
the answer back), for the random and the heuristic player on one lead of a seeded game.

The pool's workers each run a watcher thread (they exit when the server is gone,
``tuolaji.server.lifeline``); this measures that it costs the decisions nothing.

    .venv/bin/python bench/bot_pool.py            # 400 decisions of each player
    .venv/bin/python bench/bot_pool.py --count 2000
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from tuolaji.game import ActionKind, Game, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.server.botpool import BotPool, BotRequest

#: decisions made before the timing starts (the worker process starts on the first)
WARM_UP = 20


def lead_observation(seed: int = 11) -> dict[str, Any]:
    """The observation of the first seat to lead in a game the engine's first legal
    actions drive, as JSON (what a room sends a worker)."""
    game = Game(seed=seed)
    while game.turn().chance:
        game.draw()
    while True:
        seat = game.turn().seat
        assert seat is not None
        kinds = game.turn().kinds(seat)
        if ActionKind.PLAY in kinds:
            return observation_to_json(observe(game, seat))
        if ActionKind.BURY in kinds:
            game.bury(seat, next(iter(game.legal_burials(seat))))
            continue
        choice = next(iter(game.legal_declarations(seat)), None)
        if choice is not None:
            game.declare(seat, choice)
        else:
            game.pass_declaring(seat)


async def measure(count: int) -> None:
    """Print the median and 90th percentile round trip of ``count`` decisions of each
    player through a pool of one worker."""
    observation = lead_observation()
    pool = BotPool(1)
    try:
        for player in ("random", "heuristic"):
            request = BotRequest(player, 7, "play", observation)
            for _ in range(WARM_UP):
                await pool.decide(request, 10)
            seconds = []
            for _ in range(count):
                start = time.perf_counter()
                await pool.decide(request, 10)
                seconds.append(time.perf_counter() - start)
            seconds.sort()
            median = statistics.median(seconds) * 1e3
            p90 = seconds[int(len(seconds) * 0.9)] * 1e3
            print(f"{player:10} median {median:.3f} ms   p90 {p90:.3f} ms   ({count} decisions)")
    finally:
        await pool.close()


def main() -> None:
    """Parse the command line and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400, help="decisions of each player")
    asyncio.run(measure(parser.parse_args().count))


if __name__ == "__main__":  # the workers import this module as __main__'s stand-in
    main()
