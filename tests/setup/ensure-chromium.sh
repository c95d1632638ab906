#!/usr/bin/env bash
# The browser tests use Debian's Chromium (npx playwright install cannot download here) and the
# text-browser test uses Debian's lynx. Installs them when missing and we may (root with apt-get);
# otherwise says what to do.
set -euo pipefail
path="${PLAYWRIGHT_CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
if [ "$path" != "bundled" ] && [ ! -x "$path" ]; then missing+=(chromium fonts-dejavu-core fonts-lohit-deva); fi
command -v lynx >/dev/null 2>&1 || missing+=(lynx)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}) or set PLAYWRIGHT_CHROMIUM_PATH for Chromium." >&2
exit 1
