import type { Product } from "~/schemas/product";
import { log } from "~/observability/log.server";

/** The whole catalogue as the http adapter holds it: catalogue order, an index by id, its ETag. */
export type CatalogueSnapshot = {
  products: Product[];
  byId: Map<string, Product>;
  /** Catalogue position (0-based) by id. */
  positionById: Map<string, number>;
  /** The remote ETag, sent back with If-None-Match; null when the remote sends none. */
  etag: string | null;
  /** This snapshot's tag for our own answers: the remote ETag, else one new tag per load. */
  tag: string;
  /** When this catalogue was loaded (ms since epoch): a changed catalogue is loaded anew. */
  loadedAt: number;
};

/** One read of the remote catalogue: unchanged since `etag` (HTTP 304), or the new list and its ETag. */
export type CatalogueFetch = (etag: string | null) => Promise<{ notModified: true } | { notModified: false; products: Product[]; etag: string | null }>;

/**
 * The http adapter's in-memory catalogue (DESIGN.md §3, issue 10 items 1 and 3): the first caller
 * waits for the first load (there is nothing else to answer with); after that every caller gets the
 * snapshot at once, and a read older than `refreshMs` (default 2000 ms) starts one background
 * refresh with `If-None-Match`, so an unchanged catalogue costs a 304 and no parsing. A failed
 * refresh keeps the last snapshot and is logged; a failed first load rejects (and is retried by the
 * next caller).
 */
export function createMemoryCatalogue(fetchCatalogue: CatalogueFetch, { refreshMs = 2000 } = {}) {
  let snapshot: CatalogueSnapshot | null = null;
  let pending: Promise<CatalogueSnapshot> | null = null;
  let checkedAt = 0;
  let loads = 0;

  function refresh(): Promise<CatalogueSnapshot> {
    pending ??= fetchCatalogue(snapshot?.etag ?? null)
      .then((answer) => {
        checkedAt = Date.now();
        if (answer.notModified && snapshot) return snapshot;
        if (answer.notModified) throw new Error("The store answered 304 to a first catalogue load.");
        snapshot = {
          products: answer.products,
          byId: new Map(answer.products.map((p) => [p.id, p])),
          positionById: new Map(answer.products.map((p, index) => [p.id, index])),
          etag: answer.etag,
          tag: answer.etag ?? `"m${++loads}"`,
          loadedAt: Date.now(),
        };
        return snapshot;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    /** The catalogue now: waits only for the very first load. */
    async get(): Promise<CatalogueSnapshot> {
      if (!snapshot) return refresh();
      if (Date.now() - checkedAt >= refreshMs && !pending) {
        refresh().catch((error: unknown) => log.error({ err: error }, "Catalogue refresh failed; keeping the last one"));
      }
      return snapshot;
    },
  };
}
