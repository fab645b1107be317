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

echo "chromium: $CHROMIUM is missing" >&2
"$BASH" "${0%/*}/apt_install.sh" chromium chromium

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
