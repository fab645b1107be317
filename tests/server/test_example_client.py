"""The example client (examples/online_client.py) against a real ``tuolaji serve``.

Each test runs the server and the clients as processes, the way people run them: a
client that creates a room with three bots plays its round to the end, telling it in
the words of the table (seats named as the browser names them, "You win it" for its
own seat); four clients on one room play it together; and a client that waits at its
first decision lives through a server restart (it reconnects by itself and acts), then
is stopped and started again from its ``--state`` file, takes its seat again and
finishes the game. Every wait is bounded; only processes these tests started are
signalled, by PID. The deal (declaring while the cards come) and Ctrl-C are in
test_example_client_deal.py.
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.example_processes import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that do not restart it."""
    running = Server(tmp_path_factory.mktemp("serve"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_a_created_room_with_three_bots_plays_its_round_to_the_end(server: Server) -> None:
    client = server.client("--create", "--bots", "3", "--rounds", "1", "--auto", "heuristic")
    status, output = client.finish()
    assert status == 0, output
    assert "Room code: " in output
    assert "Result: 1 round played; levels: We " in output and output.endswith("Game over.")
    assert "Refused" not in output, output  # the client acts only on its own decisions
    assert "Not allowed" not in output, output
    # the seats as the browser names them, each with its place from this chair (R-N4)
    seats = "Seats: Seat 0 · you | Bot 1 (heuristic) · right | Bot 2 (heuristic) · partner | "
    assert seats + "Bot 3 (heuristic) · left" in output
    # sentences about the client's own seat speak to the player, never of "You (seat 0)"
    assert "(seat 0)" not in output and "You plays" not in output and "you wins" not in output
    assert re.search(r"^You play \S", output, re.M) and re.search(r"^Bot 2 .* plays ", output, re.M)
    tricks = re.findall(r"^Trick (\d+): (you win it|Bot [123] \(heuristic\) wins it)", output, re.M)
    numbers = [int(number) for number, _won in tricks]
    # each trick told, in order (a round of big throws can take as few as 9 tricks)
    assert numbers and numbers == list(range(1, len(numbers) + 1)), output
    assert re.search(
        r"^Round 1 is over: the opponents \((we|they)\) won \d+ points?, so ", output, re.M
    )


def test_four_clients_play_one_room_together(server: Server) -> None:
    creator = server.client(
        "--create", "--bots", "0", "--rounds", "1", "--auto", "heuristic", "--name", "Ana"
    )
    code = creator.wait_for("Room code: ").split()[-1]
    creator.wait_for("Seat 3 is open:")  # it tells the others how to join
    joiners = [
        server.client("--room", code, "--seat", str(seat), "--name", f"P{seat}", "--auto", bot)
        for seat, bot in ((1, "random"), (2, "heuristic"), (3, "random"))
    ]
    results, seats = [], []
    for client in [creator, *joiners]:
        status, output = client.finish()
        assert status == 0, output
        assert "Refused" not in output, output
        lines = output.splitlines()
        results.append(next(line for line in lines if line.startswith("Result:")))
        seats.append([line for line in lines if line.startswith("Seats:")][-1])
    # one game, seen alike by partners and from the other side by the other team
    assert results[0] == results[2] and results[1] == results[3], results
    ours, theirs = (re.findall(r"We (\w+\+?) · They (\w+\+?)", result) for result in results[:2])
    assert ours == [tuple(reversed(pair)) for pair in theirs], results
    # the same names for everyone, the positions from each chair
    assert seats[0] == "Seats: Ana · you | P1 · right | P2 · partner | P3 · left"
    assert seats[1] == "Seats: Ana · left | P1 · you | P2 · right | P3 · partner"


def test_a_client_lives_through_a_restart_and_takes_its_seat_again(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    state = tmp_path / "seat.json"
    person = server.client(
        "--create", "--bots", "3", "--rounds", "1", "--state", str(state), stdin=True
    )
    try:
        # The first decision of seat 0 is its turn in the final declaring window
        # (R-T4): the game waits for the person, who says nothing yet.
        person.wait_for("Your turn to declare")
        server.stop()  # the notice, then the connection closes; the database keeps all
        person.wait_for("Server: the server is restarting")
        server.start()
        person.type("pass")  # sent as soon as the client is back: it reconnected itself
        person.wait_for("You pass.")
        person.type("quit")
        status, _ = person.finish()
        assert status == 0
        assert oct(state.stat().st_mode & 0o777) == "0o600"  # the token is the owner's only
        # Started again with the state file alone, the client takes its seat again.
        again = server.client("--state", str(state), "--auto", "heuristic")
        status, output = again.finish()
        assert status == 0, output
        assert "You take seat 0 of room" in output
        assert "Game over." in output
    finally:
        person.stop(signal.SIGKILL)
        server.stop()
