#!/usr/bin/env bash
# The browser tests use Debian's Chromium (npx playwright install cannot download here).
# Installs it when missing and we may (root with apt-get); otherwise says what to do.
set -euo pipefail
path="${PLAYWRIGHT_CHROMIUM_PATH:-/usr/bin/chromium}"
[ "$path" = "bundled" ] && exit 0
[ -x "$path" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "No Chromium at $path. Install it (sudo apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH." >&2
exit 1
