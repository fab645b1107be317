#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium: the browser that the end-to-end
# tests of the browser table drive (tests/web; Playwright's own browser download cannot
# reach its servers here). When it is missing, install it with apt-get, as root or
# through sudo when that works without a password; fail with a clear message otherwise.
set -euo pipefail

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

# How to run apt-get as root: directly, through sudo, or not at all.
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    sudo="none"
fi

if [ "$sudo" != "none" ] && command -v apt-get >/dev/null 2>&1; then
    echo "chromium: $CHROMIUM is missing: installing Debian's chromium with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2 \
        && $sudo apt-get install -y -qq --no-install-recommends chromium >&2 \
        || echo "chromium: apt-get could not install chromium" >&2
fi

if [ ! -x "$CHROMIUM" ]; then
    cat >&2 <<MESSAGE
chromium: $CHROMIUM is missing and could not be installed (this needs root, or sudo
without a password, and apt-get). The end-to-end tests of the browser table (tests/web)
drive Debian's Chromium: install it as root with
    apt-get update && apt-get install -y --no-install-recommends chromium
and run make test again.
MESSAGE
    exit 1
fi
