import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { seedDemoCatalogueIfEmpty } from "~/db/seed.server";
import { getEnv } from "~/config/env.server";

declare global {
  // One handle per process, kept across dev-server rebuilds.
  var __storeDb: Promise<DB> | undefined;
}

/**
 * The process's database, created, migrated and (when the catalogue is empty) seeded with the
 * demo catalogue on first use (DESIGN.md §6). Rejects when the database cannot be opened.
 */
export function getDb(): Promise<DB> {
  globalThis.__storeDb ??= (async () => {
    const env = getEnv();
    const db = createDatabase(env.DATABASE_URL);
    await migrateToLatest(db);
    if (env.SEED_DEMO_CATALOGUE === "true") await seedDemoCatalogueIfEmpty(db);
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
