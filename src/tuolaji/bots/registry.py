"""Players by name, as the command line and records name them."""

from __future__ import annotations

import shlex
from collections.abc import Callable

from tuolaji.bots.base import Player
from tuolaji.bots.external import ExternalPlayer
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.search import SearchPlayer

_FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "search": SearchPlayer,
}

PLAYER_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_player(name: str, seed: int) -> Player:
    """A new player of kind ``name``, seeded; an unknown name is a clear error.

    ``cmd:COMMAND`` seats an external bot: COMMAND is split like a shell command line
    (``cmd:python examples/bot.py``) and run speaking docs/bot-protocol.md.
    """
    if name.startswith("cmd:"):
        return ExternalPlayer(shlex.split(name[len("cmd:") :]), seed, name=name)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown player {name!r}: choose from {', '.join(PLAYER_NAMES)}")
    return factory(seed)
