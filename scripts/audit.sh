#!/usr/bin/env bash
# `npm audit --omit=dev` that fails on high or critical advisories (issue 8 item 15). A registry
# whose audit endpoint does not answer (this workplace's answers 405) gives a warning, not a failure:
# the advisories we know of are pinned in package.json's overrides and recorded in
# docs/decisions/0301-router-advisories.md.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(npm audit --omit=dev --audit-level=high 2>&1)
code=$?
printf '%s\n' "$out" | grep -v 'Unknown user config' | tail -n 20
if [ "$code" -eq 0 ]; then
  echo "npm audit: no high or critical advisories"
  exit 0
fi
if printf '%s' "$out" | grep -qiE 'audit endpoint returned an error|405 Method Not Allowed|ENOAUDIT|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network'; then
  echo "WARNING: the registry's audit endpoint could not be reached; npm audit was skipped" >&2
  exit 0
fi
echo "npm audit found high or critical advisories in production dependencies" >&2
exit "$code"
