#!/usr/bin/env bash
# Make sure HAProxy is installed: the proxy of the local cluster (make serve-cluster,
# python -m tuolaji.cluster) and of its tests (tests/cluster). When it is missing,
# install Debian's haproxy with apt-get, as root or through sudo when that works without
# a password; fail with a clear message otherwise. $TUOLAJI_HAPROXY names the program
# when it is elsewhere.
set -euo pipefail

found() {
    if [ -n "${TUOLAJI_HAPROXY:-}" ]; then
        [ -x "$TUOLAJI_HAPROXY" ]
    else
        command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]
    fi
}

if found; then
    exit 0
fi

# the program only: the cluster starts it itself with its own configuration
echo "haproxy: HAProxy is missing" >&2
"$BASH" "${0%/*}/apt_install.sh" haproxy haproxy

if ! found; then
    cat >&2 <<MESSAGE
haproxy: HAProxy is missing and could not be installed (this needs root, or sudo without
a password, and apt-get). The local cluster (make serve-cluster) and its tests
(tests/cluster) run HAProxy 2.6 or later in front of the game servers: install it as
root with
    apt-get update && apt-get install -y --no-install-recommends haproxy
(or set TUOLAJI_HAPROXY to the haproxy program) and run make again.
MESSAGE
    exit 1
fi
