import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { getEnv } from "~/config/env.server";

declare global {
  // One handle per process, kept across dev-server rebuilds.
  var __storeDb: Promise<DB> | undefined;
}

/**
 * The process's database, created and migrated on first use (DESIGN.md §6); the backend seeds the
 * demo catalogue into it (backend/index.server.ts). Rejects when the database cannot be opened.
 */
export function getDb(): Promise<DB> {
  globalThis.__storeDb ??= (async () => {
    const env = getEnv();
    const db = createDatabase(env.DATABASE_URL);
    await migrateToLatest(db);
    return db;
  })().catch((error) => {
    globalThis.__storeDb = undefined;
    throw error;
  });
  return globalThis.__storeDb;
}

/**
 * Closes the process's database (Kysely `destroy()`: the PostgreSQL pool's connections, or the
 * SQLite file) if it was opened; the graceful shutdown calls it (issue 8 item 18). Never throws.
 */
export async function closeDb(): Promise<void> {
  const pending = globalThis.__storeDb;
  globalThis.__storeDb = undefined;
  if (!pending) return;
  try {
    await (await pending).destroy();
  } catch {
    // It never opened, or is closed already: nothing to release.
  }
}
