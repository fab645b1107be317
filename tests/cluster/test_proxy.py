"""HAProxy as the cluster configures it (deploy/haproxy.cfg), in front of stand-in
servers: plain HTTP servers in this process that answer every request with their name.

What the routing must do for the game: every request of a room reaches the same
process, however the code is spelt; other requests go round; a server that dies loses
its rooms to the live ones at once (before the health checks mark it down, and to the
same process after), and gets them back when it is up again; a server added while the
proxy runs takes only its share of the rooms.
"""

from __future__ import annotations

import contextlib
import http.server
import random
import threading
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tuolaji.cluster.errors import ClusterError
from tuolaji.cluster.processes import free_port
from tuolaji.cluster.proxy import Proxy, render, template_path

#: the letters of room codes (the server's alphabet)
LETTERS = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
#: rooms routed in each check (enough for each of three servers to get some)
ROOMS = 40
#: seconds HAProxy may take to see a server go down or up (checks 500 ms apart)
SEES_S = 10.0


class _Answer(http.server.BaseHTTPRequestHandler):
    """Answers every request with the stand-in's name."""

    def answer(self) -> None:
        """Answer the request with the stand-in's name."""
        body = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        """Any GET."""
        self.answer()

    def do_POST(self) -> None:
        """Any POST."""
        self.answer()

    def do_PUT(self) -> None:
        """Any PUT."""
        self.answer()

    def log_message(self, *_args: object) -> None:
        """Quiet."""

    def handle(self) -> None:
        # a health check the stand-in is stopped in the middle of is no error
        with contextlib.suppress(ConnectionError):
            super().handle()


class StandIn:
    """A plain HTTP server on a loopback port, answering its name."""

    def __init__(self, name: str, port: int) -> None:
        self.name, self.port = name, port
        self.server: http.server.ThreadingHTTPServer | None = None

    def start(self) -> None:
        """Listen (again) on its port."""
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), _Answer)
        self.server.daemon_threads = True
        self.server.name = self.name  # type: ignore[attr-defined]
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def stop(self) -> None:
        """Stop listening: connections to its port are refused, as to a dead process."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def stand_ins() -> Iterator[list[StandIn]]:
    """Three stand-in servers, s1 to s3."""
    servers = [StandIn(f"s{number}", free_port()) for number in (1, 2, 3)]
    for server in servers:
        server.start()
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def proxy(tmp_path: Path, stand_ins: list[StandIn]) -> Iterator[Proxy]:
    """HAProxy in front of the stand-ins."""
    running = Proxy(
        tmp_path, ("127.0.0.1", free_port()), [(server.name, server.port) for server in stand_ins]
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _get(proxy: Proxy, path: str, method: str = "GET") -> str:
    """The name of the stand-in that answered ``path`` through the proxy."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    data = b"{}" if method != "GET" else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{proxy.front[1]}{path}", data=data, method=method
    )
    with opener.open(request, timeout=5) as answer:
        text: str = answer.read().decode()
        return text


def _codes(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(LETTERS) for _ in range(12)) for _ in range(count)]


def _routes(proxy: Proxy, codes: list[str]) -> dict[str, str]:
    return {code: _get(proxy, f"/ws/{code}") for code in codes}


def test_the_template_is_filled_in_whole(tmp_path: Path) -> None:
    """Every field of the template is filled in; the servers keep their order."""
    text = render(
        template_path().read_text(encoding="utf-8"),
        ("127.0.0.1", 8000),
        [("s1", 9001), ("s2", 9002)],
        tmp_path / "haproxy.sock",
    )
    assert "${" not in text
    assert "bind 127.0.0.1:8000" in text
    assert text.index("server s1 127.0.0.1:9001") < text.index("server s2 127.0.0.1:9002")
    assert f"stats socket {tmp_path / 'haproxy.sock'} " in text
    assert "balance hash var(txn.room)" in text and "hash-type consistent" in text
    # an IPv6 front is written in brackets
    ipv6 = render(template_path().read_text(encoding="utf-8"), ("::1", 8000), [], Path("/s"))
    assert "bind [::1]:8000" in ipv6


def test_every_request_of_a_room_reaches_one_server(proxy: Proxy) -> None:
    """The socket, the room's routes, and the code as a person may type it go to one
    server; the rooms spread over all three."""
    codes = _codes(ROOMS, 1)
    routes = _routes(proxy, codes)
    assert set(routes.values()) == {"s1", "s2", "s3"}, Counter(routes.values())
    for code in codes[:10]:
        typed = f"{code[:4].lower()}-{code[4:8]}-{code[8:].lower()}"
        assert _get(proxy, f"/api/rooms/{code}") == routes[code]
        assert _get(proxy, f"/api/rooms/{code}/seats/2", "POST") == routes[code]
        assert _get(proxy, f"/api/rooms/{code}/record") == routes[code]
        assert _get(proxy, f"/api/rooms/{code}/seats/1/bot", "PUT") == routes[code]
        assert _get(proxy, f"/api/rooms/{typed}/replay") == routes[code]
        assert _get(proxy, f"/ws/{typed}?x=1") == routes[code]


def test_other_requests_go_round(proxy: Proxy) -> None:
    """The front page, the lobby's list, creating a room and the table's files go to
    the servers in turn: each gets its equal share (the turn walks the hash ring, 16
    points a server, so 48 requests make whole turns)."""
    kinds = [("/", "GET"), ("/api/rooms", "GET"), ("/api/rooms", "POST"), ("/assets/a.js", "GET")]
    answered = Counter(_get(proxy, *kinds[number % len(kinds)]) for number in range(48))
    assert answered == {"s1": 16, "s2": 16, "s3": 16}, answered


def test_a_dead_servers_rooms_go_to_the_live_ones_and_come_back(
    proxy: Proxy, stand_ins: list[StandIn]
) -> None:
    """Right after a server dies each of its rooms goes to one live server (a refused
    connection is tried elsewhere), the same one once the checks have marked it down;
    the other rooms stay; started again, it gets its rooms back."""
    codes = _codes(ROOMS, 2)
    before = _routes(proxy, codes)
    dead = stand_ins[1]
    dead.stop()
    at_once = _routes(proxy, codes)
    assert proxy.wait_state(dead.name, False, SEES_S), proxy.server_states()
    marked = _routes(proxy, codes)
    assert "s2" not in set(at_once.values()) | set(marked.values())
    assert at_once == marked
    assert all(marked[code] == before[code] for code in codes if before[code] != "s2")
    dead.start()
    assert proxy.wait_state(dead.name, True, SEES_S), proxy.server_states()
    assert _routes(proxy, codes) == before


def test_a_server_added_later_takes_only_its_share(proxy: Proxy, stand_ins: list[StandIn]) -> None:
    """A fourth server added to the running proxy gets some rooms; every room that
    moves, moves to it."""
    codes = _codes(ROOMS, 3)
    before = _routes(proxy, codes)
    newcomer = StandIn("s4", free_port())
    newcomer.start()
    try:
        proxy.add_server(newcomer.name, newcomer.port)
        assert proxy.wait_state(newcomer.name, True, SEES_S), proxy.server_states()
        after = _routes(proxy, codes)
    finally:
        newcomer.stop()
    moved = {code for code in codes if after[code] != before[code]}
    assert moved, "the new server took no room"
    assert {after[code] for code in moved} == {"s4"}
    with pytest.raises(ClusterError, match="did not add the server s4"):
        proxy.add_server("s4", newcomer.port)  # a name taken already


def test_a_configuration_haproxy_refuses_is_said(tmp_path: Path) -> None:
    """A front address HAProxy cannot use: the check fails and says so, nothing runs."""
    refused = Proxy(tmp_path, ("300.0.0.1", 8000), [("s1", 9001)])
    with pytest.raises(ClusterError, match="HAProxy refused its configuration"):
        refused.start()
    assert not refused.running()
