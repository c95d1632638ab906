import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import type { Backend } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { seedDemoCatalogueIfEmpty } from "~/services/catalogue.server";
import { getEnv } from "~/config/env.server";

declare global {
  var __storeBackend: Backend | undefined;
  var __storeSeeded: Promise<DB> | undefined;
}

/**
 * The process's database for the local adapter: opened and migrated (getDb) and, with
 * SEED_DEMO_CATALOGUE=true (the default), seeded with the demo catalogue when it has no products
 * (DESIGN.md §6). Rejects when the database cannot be opened or seeded (and tries again next call).
 */
export function getStoreDb(): Promise<DB> {
  globalThis.__storeSeeded ??= getDb()
    .then(async (db) => {
      if (getEnv().SEED_DEMO_CATALOGUE === "true") await seedDemoCatalogueIfEmpty(db);
      return db;
    })
    .catch((error) => {
      globalThis.__storeSeeded = undefined;
      throw error;
    });
  return globalThis.__storeSeeded;
}

/** The backend of this process: http when BACKEND_URL is set, else local (DESIGN.md §3). */
export function getBackend(): Backend {
  if (!globalThis.__storeBackend) {
    const url = getEnv().BACKEND_URL;
    globalThis.__storeBackend = url ? createHttpBackend(url) : createLocalBackend(getStoreDb);
  }
  return globalThis.__storeBackend;
}
