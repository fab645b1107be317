"""What a game keeps so that a player may take back their last action (R-U1, the
``takebacks`` table setting), and who may take back what.

Before each declaration, pass, burial and play the game keeps a copy of the round as it
stood (its :meth:`~tuolaji.game.state.RoundState.copy`) and the phase; a takeback puts
them back, so the game stands exactly where it stood before the action (hands, trick,
declarations, turn, and so every seat's observation and legal actions). Only a game
whose rules have ``takebacks`` on keeps anything: the default game, the bots' and the
search's, pays nothing but one ``is None`` test per action.

Several actions in a row can be kept: after a takeback the action before it is again
the last one, and its seat may take it back in turn, as the rule says ("while nobody
has acted after it"). A card drawn forgets them all (the next card is dealt: everyone
has seen the declaration stand), and so does an action that settled the trump (the
starter took up the talon, or the cards were gathered to be dealt again) or ended the
round (the talon and the result are shown): such an action is never kept.
"""

from __future__ import annotations

from typing import NamedTuple

from tuolaji.core.errors import (
    ACTED_SINCE,
    FINAL_ACTION,
    NOT_YOUR_ACTION,
    NOTHING_TO_TAKE_BACK,
    TAKEBACKS_OFF,
    IllegalAction,
)
from tuolaji.game.state import Phase, RoundState

#: why nothing can be taken back: nothing done yet, a card drawn since, the trump
#: settled by the last action, the round ended by it
NOTHING, DRAWN, SETTLED, ENDED = "", "drawn", "settled", "ended"


class Kept(NamedTuple):
    """One action that may be taken back: whose, its kind, the round and phase before
    it, and what the takebacks knew before it (to be known again once it is undone)."""

    seat: int
    kind: str
    state: RoundState
    phase: Phase
    last_seat: int | None
    sealed: str


class Takebacks:
    """The actions a game may still take back, the last one last."""

    __slots__ = ("kept", "last_seat", "sealed")

    def __init__(self) -> None:
        """Nothing to take back."""
        self.kept: list[Kept] = []
        #: the seat of the last declaration, pass, burial or play (None: none yet)
        self.last_seat: int | None = None
        #: why ``kept`` is empty (one of NOTHING, DRAWN, SETTLED, ENDED)
        self.sealed = NOTHING

    def keep(self, seat: int, kind: str, state: RoundState, phase: Phase) -> None:
        """``seat`` is about to take an action of ``kind`` on ``state`` in ``phase``:
        keep a copy of the round as it stands."""
        self.kept.append(Kept(seat, kind, state.copy(), phase, self.last_seat, self.sealed))

    def acted(self, seat: int, *, final: bool, ended: bool = False) -> None:
        """The action kept last by :meth:`keep` is done; ``final`` when it settled the
        trump or dealt again (``ended``: when it ended the round): then nothing done
        before it can be taken back any more, nor it."""
        self.last_seat = seat
        if final:
            self.kept.clear()
            self.sealed = ENDED if ended else SETTLED

    def drawn(self) -> None:
        """A card was drawn: nothing done before it can be taken back."""
        if self.kept or self.sealed != DRAWN:
            self.kept.clear()
            self.sealed = DRAWN

    def check(self, seat: int) -> Kept:
        """The action ``seat`` would take back; :class:`IllegalAction` (R-U1) when it has
        none: the last action is another seat's, someone acted after the seat's own, or
        the seat's last action cannot be taken back."""
        if self.kept:
            top = self.kept[-1]
            if top.seat == seat:
                return top
            if any(kept.seat == seat for kept in self.kept):
                raise IllegalAction(
                    "R-U1",
                    f"seat {top.seat} has acted since: the action can no longer be taken back",
                    ACTED_SINCE,
                    details={"seat": top.seat},
                )
            raise IllegalAction(
                "R-U1",
                f"the last action is seat {top.seat}'s: only that seat may take it back",
                NOT_YOUR_ACTION,
                details={"seat": top.seat},
            )
        if self.last_seat == seat and self.sealed == DRAWN:
            raise IllegalAction(
                "R-U1", "a card has been drawn since: it can no longer be taken back", ACTED_SINCE
            )
        if self.last_seat == seat and self.sealed in (SETTLED, ENDED):
            what = "ended the round" if self.sealed == ENDED else "settled the trump"
            raise IllegalAction(
                "R-U1",
                f"the last action {what}: it cannot be taken back",
                FINAL_ACTION,
                details={"ended": int(self.sealed == ENDED)},
            )
        raise IllegalAction("R-U1", "there is nothing to take back", NOTHING_TO_TAKE_BACK)

    def take_back(self) -> Kept:
        """Forget the last kept action and return it (after :meth:`check` allowed it)."""
        top = self.kept.pop()
        self.last_seat, self.sealed = top.last_seat, top.sealed
        return top

    def copy(self) -> Takebacks:
        """An independent copy (the kept rounds are never changed: a takeback puts a copy
        of one back, so copies of a game can share them)."""
        twin = Takebacks()
        twin.kept = list(self.kept)
        twin.last_seat, twin.sealed = self.last_seat, self.sealed
        return twin


def takebacks_off() -> IllegalAction:
    """The refusal of a takeback at a table whose rules have ``takebacks`` off."""
    return IllegalAction("R-U1", "takebacks are off at this table", TAKEBACKS_OFF)
