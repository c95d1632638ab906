import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv, MIN_SESSION_SECRET_LENGTH } from "~/config/env.server";
import { log } from "~/observability/log.server";

let secret: string | undefined;

/** Where a generated session secret is kept, beside the SQLite file (DESIGN.md §12). */
export const SESSION_SECRET_FILE = path.join("data", "session-secret");

/**
 * The secret that signs cookies (DESIGN.md §12, §16): SESSION_SECRET (at least 32 characters in
 * production, checked by env.server.ts), or else a random one generated on first start and kept in
 * `data/session-secret` (mode 0600), with a warning that several instances must share one.
 * Throws when that file exists but holds fewer than 32 characters (empty, truncated, hand-edited):
 * a short secret is never used, and never silently replaced (that would log every shopper out).
 */
export function getSessionSecret(): string {
  if (secret) return secret;
  const fromEnv = getEnv().SESSION_SECRET;
  if (fromEnv) return (secret = fromEnv);
  const file = path.resolve(SESSION_SECRET_FILE);
  let stored: string | undefined;
  try {
    stored = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (stored !== undefined) {
    if (stored.length < MIN_SESSION_SECRET_LENGTH) {
      throw new Error(
        `Invalid configuration:\n  SESSION_SECRET: ${file} holds ${stored.length} characters, fewer than ${MIN_SESSION_SECRET_LENGTH}; delete it to generate a new one, or set SESSION_SECRET`,
      );
    }
    return (secret = stored);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  log.warn({ file }, `SESSION_SECRET is not set: generated one in ${file}. Several instances must share one SESSION_SECRET.`);
  return secret;
}

/** Forgets the cached secret (tests that change SESSION_SECRET or the file). */
export function resetSessionSecret() {
  secret = undefined;
}
