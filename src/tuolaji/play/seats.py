"""Who sits at the terminal game's table: the human's seat as the arena runner sees it,
and the bots ``--bots`` names."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.game.events import RoundStarted
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation
from tuolaji.i18n import _

HUMAN_NAME = "human"
BOT_CHOICES = ("heuristic", "search", "random")


class HumanSeat:
    """Seat 0 in the runner's list of players. The session offers the human every
    declaration itself and never lets the runner ask seat 0 anything else."""

    name = HUMAN_NAME

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """The runner asks on the human's draws: the session's own offer answers."""
        return None

    def bury(self, observation: Observation) -> Sequence[int]:
        """Never called: the session waits for the human instead."""
        raise RuntimeError("the runner must not bury for the human")

    def play(self, observation: Observation) -> Sequence[int]:
        """Never called: the session waits for the human instead."""
        raise RuntimeError("the runner must not play for the human")


def deal_start(game: Game) -> int:
    """Where the story of the deal in progress starts among ``game``'s events."""
    starts = [i for i, event in enumerate(game.events) if isinstance(event, RoundStarted)]
    return starts[-1] if starts else 0


def bot_names(choice: str) -> tuple[str, str, str]:
    """The three bots for ``--bots``: one of :data:`BOT_CHOICES`."""
    if choice not in BOT_CHOICES:
        raise ValueError(
            _("unknown bots {name!r}: choose {choices}").format(
                name=choice, choices=", ".join(BOT_CHOICES)
            )
        )
    return (choice, choice, choice)
