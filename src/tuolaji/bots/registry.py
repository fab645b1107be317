"""Players by name, as the command line and records name them."""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Sequence

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
#: The longest thinking budget per decision that ``search:SECONDS`` takes.
MAX_SEARCH_SECONDS = 60


def make_player(name: str, seed: int) -> Player:
    """A new player of kind ``name``, seeded; an unknown name is a clear error.

    ``cmd:COMMAND`` seats an external bot: COMMAND is split like a shell command line
    (``cmd:python examples/bot.py``) and run speaking docs/bot-protocol.md.
    ``search:SECONDS`` is the search player with another thinking budget per decision.
    """
    if name.startswith("cmd:"):
        return ExternalPlayer(shlex.split(name[len("cmd:") :]), seed, name=name)
    if name.startswith("search:"):
        budget = name[len("search:") :]
        try:
            seconds = float(budget)
        except ValueError:
            seconds = math.nan
        if not 0 < seconds <= MAX_SEARCH_SECONDS:  # NaN fails this too
            shown = budget.strip() if not math.isnan(seconds) else repr(budget)
            raise ValueError(
                "search:SECONDS takes a budget greater than 0 and at most "
                f"{MAX_SEARCH_SECONDS} seconds, not {shown}"
            )
        player = SearchPlayer(seed, seconds=seconds)
        player.name = name
        return player
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(
            f"unknown player {name!r}: choose from {', '.join(PLAYER_NAMES)}, "
            "search:SECONDS or cmd:COMMAND"
        )
    return factory(seed)


def check_player_names(
    names: Sequence[str], factory: Callable[[str, int], Player] = make_player
) -> None:
    """Raise ``ValueError`` for a name that names no player, before any game starts
    (making a player is cheap: an external bot's process only starts when first asked)."""
    for name in dict.fromkeys(names):
        player = factory(name, 0)
        close = getattr(player, "close", None)
        if callable(close):
            close()
