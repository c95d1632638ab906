import path from "node:path";
import { getEnv, type Env } from "~/config/env.server";

/**
 * Where order emails are written as `.eml` files when SMTP_URL is unset (issue 14 item 4;
 * DESIGN.md §20 `data/outbox/`): `outbox/` beside the SQLite file of DATABASE_URL (so a test store
 * keeps its mail with its database, as `media/` does), or `data/outbox` on PostgreSQL.
 */
export function outboxDir(env: Env = getEnv()): string {
  const url = env.DATABASE_URL;
  if (url.startsWith("file:") && url !== "file::memory:") return path.join(path.dirname(path.resolve(url.slice("file:".length))), "outbox");
  return path.resolve("data", "outbox");
}
