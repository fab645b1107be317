"""Who is at the table: each seat's connections, when it left, whether it is away.

A human seat is played by its stand-in bot while the seat is *away* (its clock ran out
and it has not acted since) or *gone* (no connection for longer than the grace
period). It comes back to its player at the next decision after the player reconnects
or says it is back.
"""

from __future__ import annotations

from dataclasses import dataclass

from tuolaji.server.storage_rows import SeatRow


@dataclass
class SeatPresence:
    """The live state of one seat (kept in memory only: a restart starts it afresh)."""

    #: open connections holding this seat's token
    connections: int = 0
    #: when the last connection closed, or the seat was taken or the room loaded with
    #: nobody connected (None while a connection is open)
    left_at: float | None = None
    #: the clock ran out on this seat, and its player has not acted since
    away: bool = False

    def gone(self, now: float, grace_s: float) -> bool:
        """No connection for longer than the grace period."""
        return self.connections == 0 and self.left_at is not None and now >= self.left_at + grace_s

    def grace_ends(self, grace_s: float) -> float | None:
        """When the grace period of a seat with no connection ends (None: connected)."""
        if self.connections or self.left_at is None:
            return None
        return self.left_at + grace_s


def bot_for(
    seat: SeatRow, presence: SeatPresence, stand_in: str, now: float, grace_s: float
) -> str | None:
    """The bot that makes this seat's decisions now, or None when its human does: the
    seat's own bot, or the stand-in for a human who is away or gone."""
    if seat.player != "human":
        return seat.player
    if presence.away or presence.gone(now, grace_s):
        return stand_in
    return None
