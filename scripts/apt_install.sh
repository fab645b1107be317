#!/usr/bin/env bash
# Install Debian packages with apt-get, as root or through sudo when that works without a
# password: `scripts/apt_install.sh WHAT PACKAGE...` (WHAT names the caller in messages).
# Says so and returns 0 when it cannot run apt-get; the caller checks what it needs and
# explains, since only it knows what the package is for.
set -euo pipefail

what=$1
shift

# How to run apt-get as root: directly, through sudo, or not at all.
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    sudo="none"
fi

if [ "$sudo" != "none" ] && command -v apt-get >/dev/null 2>&1; then
    echo "$what: installing Debian's $* with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2 \
        && $sudo apt-get install -y -qq --no-install-recommends "$@" >&2 \
        || echo "$what: apt-get could not install $*" >&2
else
    echo "$what: apt-get cannot be run as root here (no root, no password-less sudo)" >&2
fi
