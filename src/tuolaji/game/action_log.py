"""The actions a game has taken, in order, as records and replays read them
(:attr:`Game.actions <tuolaji.game.game.Game.actions>`).

The game notes each action as it applies it — a hundred draws and a hundred plays a
round — so the log keeps them cheaply and builds the action values only when read:
consecutive draws are counted and read as one ``Draw(count)``, and a play is kept as its
``(seat, cards)``, read as a ``Play``. (The action classes stay interpreted Python in the
compiled build, :mod:`tuolaji.game.actions` reading untrusted values, and are slow to
build there.)
"""

from __future__ import annotations

from tuolaji.game.actions import Action, Draw, Play


class ActionLog:
    """Every action of a game so far (see the module docstring)."""

    def __init__(self) -> None:
        """An empty log."""
        # the actions before the last draws, a play as its (seat, cards)
        self._entries: list[Action | tuple[int, tuple[int, ...]]] = []
        # the draws since the last other action, one Draw(count) when read
        self._pending_draws = 0

    def draw(self) -> None:
        """Note one card drawn."""
        self._pending_draws += 1

    def play(self, seat: int, cards: tuple[int, ...]) -> None:
        """Note that ``seat`` played ``cards`` (as it gave them)."""
        self._flush_draws()
        self._entries.append((seat, cards))

    def add(self, action: Action) -> None:
        """Note any other action (a declaration, a pass, a burial)."""
        self._flush_draws()
        self._entries.append(action)

    def _flush_draws(self) -> None:
        if self._pending_draws:
            self._entries.append(Draw(self._pending_draws))
            self._pending_draws = 0

    def actions(self) -> list[Action]:
        """Every action so far (a new list), consecutive draws merged into one
        ``Draw(count)``."""
        actions = [
            Play(entry[0], entry[1]) if isinstance(entry, tuple) else entry
            for entry in self._entries
        ]
        if self._pending_draws:
            actions.append(Draw(self._pending_draws))
        return actions

    def count(self) -> int:
        """How many actions :meth:`actions` would list, without building them."""
        return len(self._entries) + (1 if self._pending_draws else 0)

    def last(self) -> Action | None:
        """The last action :meth:`actions` would list (None before the first), without
        building the others."""
        if self._pending_draws:
            return Draw(self._pending_draws)
        if not self._entries:
            return None
        entry = self._entries[-1]
        return Play(entry[0], entry[1]) if isinstance(entry, tuple) else entry

    def copy(self) -> ActionLog:
        """An independent copy (the actions themselves are frozen and shared)."""
        twin = ActionLog()
        twin._entries = list(self._entries)
        twin._pending_draws = self._pending_draws
        return twin
