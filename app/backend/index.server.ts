import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import type { Backend } from "~/backend/types";
import { getDb } from "~/db/index.server";
import type { Product } from "~/schemas/product";
import { getEnv } from "~/utils/env.server";

declare global {
  var __storeBackend: Backend | undefined;
  var __storeCatalogue: { at: number; value: Promise<Catalogue> } | undefined;
}

/** The backend of this process: http when BACKEND_URL is set, else local (DESIGN.md §3). */
export function getBackend(): Backend {
  if (!globalThis.__storeBackend) {
    const url = getEnv().BACKEND_URL;
    globalThis.__storeBackend = url ? createHttpBackend(url) : createLocalBackend(getDb);
  }
  return globalThis.__storeBackend;
}

export type Catalogue = { products: Product[]; byId: Map<string, Product> };

const CATALOGUE_TTL_MS = 30_000;

/**
 * The catalogue for browsing, kept in memory for 30 s (DESIGN.md §3). Call
 * `invalidateCatalogue()` after this process writes products.
 */
export function getCatalogue(): Promise<Catalogue> {
  const now = Date.now();
  const cached = globalThis.__storeCatalogue;
  if (cached && now - cached.at < CATALOGUE_TTL_MS) return cached.value;
  const value = getBackend()
    .listProducts()
    .then((products) => ({ products, byId: new Map(products.map((p) => [p.id, p])) }));
  globalThis.__storeCatalogue = { at: now, value };
  value.catch(() => {
    if (globalThis.__storeCatalogue?.value === value) globalThis.__storeCatalogue = undefined;
  });
  return value;
}

export function invalidateCatalogue() {
  globalThis.__storeCatalogue = undefined;
}
