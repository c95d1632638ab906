#!/usr/bin/env bash
# The browser tests use Debian's Chromium in its headless shell (npx playwright install cannot
# download here; playwright.config.ts, decision 0682) and the text-browser test uses Debian's lynx.
# Installs them when missing and we may (root with apt-get); otherwise says what to do. Without the
# shell, Debian's full `chromium` serves (slower); PLAYWRIGHT_CHROMIUM_PATH names another Chromium.
set -euo pipefail
shell=/usr/lib/chromium/chromium-headless-shell
can_install=false
[ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 && can_install=true
missing=()
if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then
  if [ "$PLAYWRIGHT_CHROMIUM_PATH" != "bundled" ] && [ ! -x "$PLAYWRIGHT_CHROMIUM_PATH" ]; then missing+=(chromium fonts-dejavu-core fonts-lohit-deva); fi
elif [ ! -x "$shell" ] && { $can_install || [ ! -x /usr/bin/chromium ]; }; then
  missing+=(chromium-headless-shell fonts-dejavu-core fonts-lohit-deva)
fi
command -v lynx >/dev/null 2>&1 || missing+=(lynx)
[ ${#missing[@]} -eq 0 ] && exit 0
if $can_install; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}) or set PLAYWRIGHT_CHROMIUM_PATH for Chromium." >&2
exit 1
