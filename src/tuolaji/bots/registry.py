"""Players by name, as the command line and records name them."""

from __future__ import annotations

from collections.abc import Callable

from tuolaji.bots.base import Player
from tuolaji.bots.random_player import RandomPlayer

_FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
}

PLAYER_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_player(name: str, seed: int) -> Player:
    """A new player of kind ``name``, seeded; an unknown name is a clear error."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown player {name!r}: choose from {', '.join(PLAYER_NAMES)}")
    return factory(seed)
