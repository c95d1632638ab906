import { createDatabase, migrateToLatest, type DB } from "~/db/db.server";
import { seedDemoCatalogueIfEmpty } from "~/db/seed.server";
import { getEnv } from "~/utils/env.server";

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
