#!/usr/bin/env bash
# Starts the production build for the browser tests on a fresh SQLite database (DESIGN.md §14).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="tests/.tmp/e2e-${E2E_PORT:-3210}"
rm -rf "$tmp" && mkdir -p "$tmp"
export NODE_ENV=production
export PORT="${E2E_PORT:-3210}"
export DATABASE_URL="file:$tmp/store.db"
# No scheduled backups in the browser tests (the backup tests run their own; docs/decisions/1001).
export BACKUP_EVERY=off
export SESSION_SECRET="e2e-session-secret-not-for-production"
export PUBLIC_URL="http://localhost:$PORT"
export FEEDBACK_URL="https://example.com/feedback"
# Cash on delivery is on, as a store owner in India would run it: the delivery promise (issue 13)
# offers it by PIN code and amount, and the browser tests prove it shown, disabled and refused.
export ENABLE_COD=true
# Login limits count failures per account (each test has its own shoppers), so the defaults stay:
# the browser tests prove the 6th failure's 429. Per-address limits are off (no TRUST_PROXY).
export RATE_LIMIT_ADDRESS_PER_MIN="${RATE_LIMIT_ADDRESS_PER_MIN:-1000}"
# Payments (issue 4): a fake Cashfree on loopback (the store's own simulator behind HTTP); the store
# runs with credentials and CASHFREE_API_BASE pointing at it, so the real client code is exercised.
FAKE_CASHFREE_URL_FILE="$tmp/cashfree-fake.url" FAKE_CASHFREE_CLIENT_ID=e2e_app_id FAKE_CASHFREE_CLIENT_SECRET=e2e_secret_key \
  node --import tsx tests/fakes/cashfree-server.ts &
for _ in $(seq 1 100); do [ -s "$tmp/cashfree-fake.url" ] && break; sleep 0.2; done
export CASHFREE_APP_ID=e2e_app_id CASHFREE_SECRET_KEY=e2e_secret_key CASHFREE_ENV=sandbox
export CASHFREE_API_BASE="$(cat "$tmp/cashfree-fake.url")/pg"
# The delivery rules of the browser tests (issue 13): the defaults, with Leh's 194101 not served,
# set before the server starts so no spec has to change rules another spec reads.
node --import tsx scripts/delivery-rules.ts --set tests/fixtures/delivery-rules.json >/dev/null
exec npx remix-serve "./build${BUILD_SUFFIX:+-$BUILD_SUFFIX}/index.js"
