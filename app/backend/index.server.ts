import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import type { Backend } from "~/backend/types";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/config/env.server";

declare global {
  var __storeBackend: Backend | undefined;
}

/** The backend of this process: http when BACKEND_URL is set, else local (DESIGN.md §3). */
export function getBackend(): Backend {
  if (!globalThis.__storeBackend) {
    const url = getEnv().BACKEND_URL;
    globalThis.__storeBackend = url ? createHttpBackend(url) : createLocalBackend(getDb);
  }
  return globalThis.__storeBackend;
}
