"""The sockets the server listens on, bound before anything else starts.

Binding first means a port that is taken is known before the database is opened or a
bot process started, and is said in one line by ``tuolaji serve``, instead of by
uvicorn halfway through its start. The sockets are bound as asyncio binds them for
uvicorn (every address the host name stands for; the port may be reused once its last
server is gone, not while one listens), and uvicorn serves on them.
"""

from __future__ import annotations

import errno
import socket


class ListenError(OSError):
    """The server cannot listen at ``address`` (``HOST:PORT``); ``in_use`` when another
    program listens there already."""

    def __init__(self, address: str, reason: str, in_use: bool) -> None:
        super().__init__(f"cannot listen on {address}: {reason}")
        self.address = address
        self.reason = reason
        self.in_use = in_use


def shown_address(host: str, port: int) -> str:
    """``HOST:PORT``, an IPv6 host in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to ``port`` at every address of ``host`` and listening; a
    :class:`ListenError` that says why when one cannot be (and none is kept)."""
    address = shown_address(host, port)
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as error:
        raise ListenError(address, str(error.strerror), in_use=False) from None
    sockets: list[socket.socket] = []
    try:
        for family, kind, protocol, _name, where in dict.fromkeys(infos):
            sock = socket.socket(family, kind, protocol)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                # one socket per family, as asyncio makes them, not one for both
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(where)
            sock.listen()
    except OSError as error:
        for sock in sockets:
            sock.close()
        in_use = error.errno == errno.EADDRINUSE
        raise ListenError(address, error.strerror or str(error), in_use) from None
    return sockets
