#!/usr/bin/env bash
# The store's tests (`npm test`): Vitest, then the browser tests against the production build.
# Prints each phase's duration (issue 22 item 2).
set -euo pipefail
cd "$(dirname "$0")/.."

timings="" start=$SECONDS
timed() {
  local name="$1" began=$SECONDS
  shift
  echo "== $name"
  "$@"
  timings+="$(printf '%6ss  %s' "$((SECONDS - began))" "$name")"$'\n'
}
trap 'printf "\n== npm test phase timings\n%s%6ss  total\n" "$timings" "$((SECONDS - start))"' EXIT

timed "unit, contract, crash, fuzz and abuse tests (vitest)" npx vitest run
timed "browser tests (build and playwright)" npm run test:e2e
