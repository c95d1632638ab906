import fs from "node:fs/promises";
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

/**
 * The `.eml` file stem of outbox row `row` sent at `now` (ms since the epoch):
 * "2026-12-01T20-00-00-000Z-{kind}-{order id}-{row id}". It ends in "-{row id}" so that
 * `removeOutboxFiles` finds a row's file by its id alone (issue 43 item 6).
 */
export function outboxFileStem(row: { id: number | string; kind: string; order_id: string | null }, now: number): string {
  return `${new Date(now).toISOString().replace(/[:.]/g, "-")}-${row.kind}-${row.order_id}-${row.id}`;
}

/**
 * Removes the `.eml` files that outbox rows `ids` were written to in `dir` (issue 43 item 6: an
 * erased account's sent emails — order emails with the address and phone, reset and complaint
 * links — leave no copy on disk). Answers how many files went; a missing folder is 0. Never throws
 * for a file that is already gone.
 */
export async function removeOutboxFiles(ids: readonly (number | string)[], dir: string = outboxDir()): Promise<number> {
  if (ids.length === 0) return 0;
  const wanted = new Set(ids.map((id) => `-${id}.eml`));
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  const doomed = names.filter((name) => {
    const dash = name.lastIndexOf("-");
    return dash >= 0 && wanted.has(name.slice(dash));
  });
  await Promise.all(doomed.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return doomed.length;
}
