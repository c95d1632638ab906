import { describe, expect, it, vi } from "vitest";
import { createMemoryCatalogue, type CatalogueFetch } from "~/backend/memory-catalogue.server";
import { log } from "~/observability/log.server";
import type { Product } from "~/schemas/product";

/**
 * The http adapter's catalogue (issue 10 item 3): only the very first request waits for a load;
 * afterwards every request is answered from memory at once while a refresh runs in the background
 * (If-None-Match: an unchanged catalogue is a 304 and keeps the snapshot); a failed refresh keeps
 * the last catalogue.
 */

const product = (id: string): Product => ({
  id,
  name: `Watch ${id}`,
  images: ["/w.svg"],
  videos: [],
  videoPoster: null,
  pricePaise: 100_000,
  originalPaise: null,
  category: "Men",
  subCategory: "Casio",
  description: "",
  features: [],
  movement: "",
  strapMaterial: null,
  colours: [],
  bestseller: false,
  sold: 0,
  createdAt: 0,
});

/** A fetch whose answers the test releases one at a time. */
function controlledFetch() {
  const calls: { etag: string | null; resolve: (answer: Awaited<ReturnType<CatalogueFetch>>) => void; reject: (error: Error) => void }[] = [];
  const fetchCatalogue: CatalogueFetch = (etag) =>
    new Promise((resolve, reject) => {
      calls.push({ etag, resolve, reject });
    });
  return { calls, fetchCatalogue };
}

describe("the http adapter's in-memory catalogue", () => {
  it("makes only the first caller wait; later callers get the snapshot while one refresh runs", async () => {
    const { calls, fetchCatalogue } = controlledFetch();
    const catalogue = createMemoryCatalogue(fetchCatalogue, { refreshMs: 0 });
    const first = catalogue.get();
    expect(calls).toHaveLength(1);
    calls[0].resolve({ notModified: false, products: [product("a"), product("b")], etag: '"v1"' });
    const snapshot = await first;
    expect(snapshot.products.map((p) => p.id)).toEqual(["a", "b"]);
    expect(snapshot.positionById.get("b")).toBe(1);
    expect(snapshot.tag).toBe('"v1"');

    // Stale now (refreshMs 0): answered at once, one background refresh with If-None-Match.
    const again = await catalogue.get();
    const third = await catalogue.get();
    expect(again).toBe(snapshot);
    expect(third).toBe(snapshot);
    expect(calls).toHaveLength(2);
    expect(calls[1].etag).toBe('"v1"');

    calls[1].resolve({ notModified: false, products: [product("c")], etag: '"v2"' });
    await vi.waitFor(async () => expect((await catalogue.get()).products.map((p) => p.id)).toEqual(["c"]));
  });

  it("keeps the snapshot on 304 and on a failed refresh", async () => {
    const { calls, fetchCatalogue } = controlledFetch();
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const catalogue = createMemoryCatalogue(fetchCatalogue, { refreshMs: 0 });
    const first = catalogue.get();
    calls[0].resolve({ notModified: false, products: [product("a")], etag: null });
    const snapshot = await first;
    expect(snapshot.tag).toMatch(/^"m\d+"$/);

    await catalogue.get();
    calls[1].resolve({ notModified: true });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await catalogue.get()).toBe(snapshot);
    calls[2].reject(new Error("backend down"));
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(await catalogue.get()).toBe(snapshot);
    errors.mockRestore();
  });

  it("a failed first load rejects, and the next caller tries again", async () => {
    const { calls, fetchCatalogue } = controlledFetch();
    const catalogue = createMemoryCatalogue(fetchCatalogue);
    const first = catalogue.get();
    calls[0].reject(new Error("unreachable"));
    await expect(first).rejects.toThrow("unreachable");
    const second = catalogue.get();
    calls[1].resolve({ notModified: false, products: [product("a")], etag: '"v1"' });
    expect((await second).products).toHaveLength(1);
  });
});
