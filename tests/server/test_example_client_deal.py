"""The example client (examples/online_client.py) while the cards are dealt, and leaving
with Ctrl-C, against a real ``tuolaji serve`` that deals a card every 50 ms.

While the cards come the client shows the hand as it grows and what the player could
declare, and a declaration typed then is made at once (R-T2), before the deal ends.
Ctrl-C in the middle of the deal closes the connection normally: the client exits 130,
as shells expect of an interrupted program, without a traceback, and the server sees
a clean close (no 1011, no error in its log). Only processes these tests started are
signalled, by PID.
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.example_processes import CLIENT, LINE_S, Server

#: a deal in which seat 0 can declare a single 2 from its second card on and no other
#: seat can declare before the 67th card of the deal (standard rules, round 1)
SEED = 161
#: bots that sit in seats 1 to 3 (the heuristic declares as soon as it can)
BOTS = [{"player": "heuristic"}] * 3


@pytest.fixture(scope="module")
def dealer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that deals one card every 50 ms (a deal in about 5 s), and deals a room
    from the seed a test gives it."""
    running = Server(tmp_path_factory.mktemp("dealer"), deal_interval=0.05, allow_seeds=True)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def new_room(server: Server, seed: int | None = None) -> str:
    """A room of one person (seat 0) and three bots, one round; its code."""
    body: dict[str, object] = {"seats": [{"player": "human"}, *BOTS], "round_limit": 1}
    if seed is not None:
        body["seed"] = seed
    return str(server.request("POST", "/api/rooms", body)["code"])


def test_the_hand_grows_on_screen_and_a_declaration_typed_during_the_deal_is_made(
    dealer: Server,
) -> None:
    code = new_room(dealer, SEED)
    person = dealer.client("--room", code, "--seat", "0", "--name", "Ana", stdin=True)
    try:
        person.wait_for("The cards are dealt: type a declaration whenever you hold one")
        offer = person.wait_for("You could declare now: 1) ")
        # the hand as it stands is shown with the offer, grouped, the trumps first
        hand = person.seen[-2]
        assert re.fullmatch(r"Your hand \(\d cards?\): Trumps: 2[SHDC]( \| .+)?", hand), hand
        option = re.search(r"1\) (\S+)", offer)
        assert option is not None
        person.type("1")
        person.wait_for(f"You declare {option.group(1)}.")
        # the deal goes on after it, and the hand keeps being shown as it grows
        person.wait_for("Your hand (10 cards): ")
        person.type("quit")
        status, output = person.finish()
        assert status == 0, output
        assert "Too late to declare" not in output and "Not allowed" not in output, output
    finally:
        person.stop(signal.SIGKILL)


def test_ctrl_c_during_the_deal_leaves_cleanly(dealer: Server, tmp_path: Path) -> None:
    code = new_room(dealer)
    state = tmp_path / "seat.json"
    person = dealer.client(
        "--room", code, "--seat", "0", "--name", "Ana", "--state", str(state), stdin=True
    )
    try:
        person.wait_for("Your hand (5 cards): ")  # the deal is under way
        person.process.send_signal(signal.SIGINT)
        status, output = person.finish(LINE_S)
    finally:
        person.stop(signal.SIGKILL)
    assert status == 130, output  # as shells expect of an interrupted program
    assert "Traceback" not in output and "Error" not in output, output
    assert output.splitlines()[-2:] == [
        "You left the game (Ctrl-C).",
        f"To sit down again: python {CLIENT} --server {dealer.url} --state {state}",
    ]
    # the server saw the connection close, and logged no error for it
    ends = time.monotonic() + LINE_S
    while dealer.request("GET", f"/api/rooms/{code}")["room"]["seats"][0]["connected"]:
        assert time.monotonic() < ends, "the server still holds the connection"
        time.sleep(0.05)
    assert dealer.child is not None
    log = dealer.child.output()
    assert "1011" not in log and "Traceback" not in log and "ERROR" not in log, log
