#!/usr/bin/env bash
# Starts the production build for the browser tests on a fresh SQLite database (DESIGN.md §14).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="tests/.tmp/e2e-${E2E_PORT:-3210}"
rm -rf "$tmp" && mkdir -p "$tmp"
export NODE_ENV=production
export PORT="${E2E_PORT:-3210}"
export DATABASE_URL="file:$tmp/store.db"
export SESSION_SECRET="e2e-session-secret-not-for-production"
export PUBLIC_URL="http://localhost:$PORT"
export FEEDBACK_URL="https://example.com/feedback"
# Many browser tests log in from one address: generous limits here; the contract suite proves 429.
export RATE_LIMIT_AUTH_PER_MIN="${RATE_LIMIT_AUTH_PER_MIN:-1000}"
export RATE_LIMIT_AUTH_EMAIL_PER_MIN="${RATE_LIMIT_AUTH_EMAIL_PER_MIN:-1000}"
export RATE_LIMIT_AUTH_SHARED_PER_MIN="${RATE_LIMIT_AUTH_SHARED_PER_MIN:-1000}"
exec npx remix-serve "./build${BUILD_SUFFIX:+-$BUILD_SUFFIX}/index.js"
