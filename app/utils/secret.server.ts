import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/utils/env.server";

let secret: string | undefined;

/**
 * The secret that signs cookies (DESIGN.md §12): SESSION_SECRET, or else a random one generated on
 * first start and kept in `data/session-secret` (mode 0600) beside the SQLite file, with a warning
 * that several instances must share one.
 */
export function getSessionSecret(): string {
  if (secret) return secret;
  const fromEnv = getEnv().SESSION_SECRET;
  if (fromEnv) return (secret = fromEnv);
  const file = path.resolve("data", "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    console.warn(`SESSION_SECRET is not set: generated one in ${file}. Several instances must share one SESSION_SECRET.`);
  }
  return secret;
}
