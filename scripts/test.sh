#!/usr/bin/env bash
# The store's tests (`npm test`): one production build, then Vitest, then the browser tests
# against that build. Prints each phase's duration (issue 22 item 2).
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

# Every server the tests start runs this one build (tests/setup/production-build.ts).
timed "production build (remix build)" npx remix build
export TEST_SHARED_BUILD=1
timed "unit, contract, crash, fuzz, abuse and text-browser tests (vitest)" npx vitest run
timed "browser tests (playwright)" bash -c "bash tests/setup/ensure-chromium.sh && npx playwright test"
