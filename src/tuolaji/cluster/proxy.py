"""HAProxy in front of the game servers: its configuration, written from the template
``deploy/haproxy.cfg`` (commented line by line there), and the proxy process.

:func:`render` fills the template in for a front address and the servers' ports;
:class:`Proxy` checks the configuration (``haproxy -c``), starts HAProxy in the
foreground (``-db``) as a child, waits until the front port accepts connections, and
stops it. Through HAProxy's runtime API (a Unix socket in the cluster's folder) it adds
a server that starts later (``add server``, with the template's own server settings)
and reads whether each server is up, which the launcher and the tests wait on.
"""

from __future__ import annotations

import os
import shutil
import socket
import string
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from tuolaji.cluster.errors import EXIT_USAGE, ClusterError
from tuolaji.cluster.processes import Family, Started, start_child, tail, wait_until
from tuolaji.i18n import _

#: the variable naming the haproxy program, when it is not on PATH or in /usr/sbin
HAPROXY_VARIABLE: Final = "TUOLAJI_HAPROXY"
#: the backend of the template, whose servers the runtime API changes
BACKEND: Final = "tuolaji_servers"
#: connections at once through the proxy (both sides of each count towards the limit)
MAXCONN: Final = 8192
#: seconds HAProxy may take to check its configuration, to start or to stop
STEP_TIMEOUT_S: Final = 15.0
#: HAProxy's operational state of a server that is up (``show servers state``)
STATE_UP: Final = "2"


def template_path() -> Path:
    """The configuration template: shipped in the package (a wheel), or the checkout's
    ``deploy/haproxy.cfg``."""
    shipped = Path(__file__).with_name("haproxy.cfg")
    if shipped.exists():
        return shipped
    return Path(__file__).resolve().parents[3] / "deploy" / "haproxy.cfg"


def haproxy_program() -> Path:
    """The haproxy program (ClusterError saying how to install it when there is none)."""
    named = os.environ.get(HAPROXY_VARIABLE)
    found = named or shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin")
    if found is None or not Path(found).exists():
        raise ClusterError(
            _(
                "HAProxy is not installed ({program} not found): install it (on Debian or "
                "Ubuntu: apt-get install haproxy, or run scripts/ensure_haproxy.sh), or set "
                "${variable} to its program"
            ).format(program=named or "haproxy", variable=HAPROXY_VARIABLE)
        )
    return Path(found)


def server_line(name: str, port: int) -> str:
    """The backend's line for the game server ``name`` on loopback port ``port``."""
    return f"    server {name} 127.0.0.1:{port}"


def render(
    template: str,
    front: tuple[str, int],
    servers: Sequence[tuple[str, int]],
    stats_socket: Path,
    threads: int = 1,
) -> str:
    """The configuration: ``template`` with the front address (host, port), the servers
    (name, loopback port; their order gives their ids, and so the hash ring) and the
    runtime API's socket filled in."""
    host, port = front
    shown = f"[{host}]" if ":" in host else host
    return string.Template(template).substitute(
        front_address=f"{shown}:{port}",
        servers="\n".join(server_line(name, port) for name, port in servers),
        stats_socket=str(stats_socket),
        maxconn=str(MAXCONN),
        threads=str(threads),
    )


def check_port_free(host: str, port: int) -> None:
    """ClusterError (a usage error) when ``host:port`` cannot be listened on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
            if error.errno == 98:  # EADDRINUSE
                message = _(
                    "cannot listen on {address}: the port is already in use (stop what uses "
                    "it, or choose another port with --port)"
                ).format(address=address)
            else:
                message = _("cannot listen on {address}: {reason}").format(
                    address=address, reason=error.strerror
                )
            raise ClusterError(message, EXIT_USAGE) from None


def _accepts(host: str, port: int) -> bool:
    """Whether something accepts TCP connections at ``host:port`` now."""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


class Proxy(Started):
    """HAProxy for the cluster, its files in ``folder`` (configuration, log, socket)."""

    def __init__(self, folder: Path, front: tuple[str, int], servers: Sequence[tuple[str, int]]):
        self.folder = folder
        self.front = front
        self.servers = list(servers)
        self.config_path = folder / "haproxy.cfg"
        self.log_path = folder / "haproxy.log"
        self.socket_path = folder / "haproxy.sock"
        self.family: Family | None = None

    def start(self) -> None:
        """Write the configuration, check it, start HAProxy and wait until its front
        port accepts connections (ClusterError with its log otherwise)."""
        program = haproxy_program()
        template = template_path().read_text(encoding="utf-8")
        self.config_path.write_text(
            render(template, self.front, self.servers, self.socket_path), encoding="utf-8"
        )
        checked = subprocess.run(
            [str(program), "-c", "-q", "-f", str(self.config_path)],
            capture_output=True,
            text=True,
            timeout=STEP_TIMEOUT_S,
            check=False,
        )
        if checked.returncode != 0:
            raise ClusterError(
                _("HAProxy refused its configuration {config}:\n{output}").format(
                    config=self.config_path, output=(checked.stdout + checked.stderr).strip()
                )
            )
        self.family = Family(
            start_child([str(program), "-db", "-f", str(self.config_path)], self.log_path)
        )
        host = "127.0.0.1" if self.front[0] in ("0.0.0.0", "") else self.front[0]
        host = "::1" if host == "::" else host
        up = wait_until(
            lambda: _accepts(host, self.front[1]) and self.socket_path.exists(),
            STEP_TIMEOUT_S,
            gone=lambda: not self.running(),
        )
        if not up:
            self.stop()
            raise ClusterError(
                _("HAProxy did not start; the end of its log:\n{log}").format(
                    log=tail(self.log_path)
                )
            )

    def command(self, line: str) -> str:
        """Send one command to HAProxy's runtime API; its answer."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as api:
            api.settimeout(STEP_TIMEOUT_S)
            api.connect(str(self.socket_path))
            api.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := api.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode(errors="replace")

    def server_states(self) -> dict[str, bool]:
        """Each server of the backend: whether HAProxy has it up now."""
        answer = self.command(f"show servers state {BACKEND}")
        states: dict[str, bool] = {}
        for line in answer.splitlines():
            fields = line.split()
            # be_id be_name srv_id srv_name srv_addr srv_op_state ...
            if len(fields) > 5 and fields[1] == BACKEND:
                states[fields[3]] = fields[5] == STATE_UP
        return states

    def wait_state(self, name: str, up: bool, timeout_s: float) -> bool:
        """Whether server ``name`` is up (or down, ``up`` False) within ``timeout_s``."""
        return wait_until(lambda: self.server_states().get(name) is up, timeout_s)

    def _server_settings(self) -> str:
        """The template's ``default-server`` settings (a server added at run time gets
        none of them by itself)."""
        for line in self.config_path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words and words[0] == "default-server":
                return " ".join(words[1:])
        return "check"

    def add_server(self, name: str, port: int) -> None:
        """Add the game server ``name`` on loopback ``port`` to the running proxy, its
        health checks on; it takes its share of the hash ring once it is up."""
        answers = [
            self.command(f"add server {BACKEND}/{name} 127.0.0.1:{port} {self._server_settings()}"),
            self.command(f"enable health {BACKEND}/{name}"),
            self.command(f"enable server {BACKEND}/{name}"),
        ]
        if not answers[0].strip().startswith("New server registered"):
            raise ClusterError(
                _("HAProxy did not add the server {name}: {answer}").format(
                    name=name, answer=" ".join(answer.strip() for answer in answers)
                )
            )
        self.servers.append((name, port))

    def stop(self) -> int | None:
        """Stop HAProxy (SIGTERM, then SIGKILL); its exit status."""
        if self.family is None:
            return None
        return self.family.stop(STEP_TIMEOUT_S)
