"""The front page while the browser table is not built: the open rooms, in plain HTML."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tuolaji.server.storage_rows import RoomSummary
from tuolaji.wording.seats import display_name, own_name


def seated_names(room: RoomSummary) -> str:
    """Who sits at ``room``, or has a seat kept under their name, named as its table
    names them: "Ana, Bot 1 (heuristic)" (its open seats are counted apart)."""
    seats = room.seats()
    return ", ".join(
        display_name(seats, seat)
        for seat, info in enumerate(seats)
        if seat not in room.open_seats or own_name(info)
    )


def lobby_page(rooms: Sequence[RoomSummary]) -> str:
    """A plain page listing the listed rooms with open seats, how to play, and how to
    build the browser table."""
    if rooms:
        rows = "\n".join(
            "<tr><td><code>{code}</code></td><td>{preset}</td><td>{seats}</td><td>{names}</td></tr>".format(
                code=escape(room.code),
                preset=escape(str(room.rules.get("preset", "standard"))),
                seats=escape(", ".join(str(seat) for seat in room.open_seats)),
                names=escape(seated_names(room)),
            )
            for room in rooms
        )
        listing = (
            "<table><thead><tr><th>Room</th><th>Rules</th><th>Open seats</th>"
            f"<th>Players</th></tr></thead><tbody>\n{rows}\n</tbody></table>"
        )
    else:
        listing = "<p>No room is open to everyone right now.</p>"
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tuolaji — Tractor online</title></head>
<body>
<h1>tuolaji — Tractor online</h1>
<p>The browser table is not built: run <code>make web</code> (it needs Node 20 and npm),
then reload this page.</p>
<h2>Open rooms</h2>
{listing}
<h2>How to play</h2>
<p>Create a room with <code>POST /api/rooms</code>, take a seat with
<code>POST /api/rooms/CODE/seats/SEAT</code>, then connect to <code>/ws/CODE</code> with the
seat's token. The example client does it all: <code>python examples/online_client.py</code>.
The protocol is described in docs/protocol.md; the API at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
"""
