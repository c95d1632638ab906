import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import type { Backend } from "~/backend/types";
import { createDatabase, type DB } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { BRANDS, CATEGORIES, SORTS, type Brand, type Category } from "~/constants/store";
import type { CollectionParams } from "~/schemas/collection-params";
import { importCatalogue } from "~/services/catalogue.server";
import { startContractServer, type ContractServer } from "../setup/contract-server";

/**
 * The http adapter's catalogue (issue 10 items 1, 3; DESIGN.md §3): a storefront in front of a
 * server that speaks SPEC.md §7 keeps `listproduct` in memory and answers every catalogue call
 * with lib/catalogue's pure functions. Over the production build, for random catalogues imported
 * into the server's database and random URL parameters, its answers equal the local adapter's SQL
 * on the same database. `listproduct` streams valid JSON with an ETag, answers 304 to
 * `If-None-Match`, and the tag changes with the catalogue.
 */

let server: ContractServer;
let storefront: ContractServer;
let db: DB;
let local: Backend;

beforeAll(async () => {
  server = await startContractServer({}, { buildSuffix: "contract-catalogue" });
  // A storefront whose catalogue comes from `server` through the http adapter (BACKEND_URL).
  storefront = await startContractServer({ BACKEND_URL: server.baseUrl, PUBLIC_URL: server.baseUrl }, { buildSuffix: "contract-catalogue", skipBuild: true });
  db = createDatabase(`file:${server.databaseFile}`);
  local = createLocalBackend(async () => db);
}, 240_000);
afterAll(async () => {
  await db?.destroy();
  await storefront?.stop();
  await server?.stop();
}, 30_000);

/** What a shopper reads of a collection page: the count line, the cards' links, the filter labels. */
async function collectionView(baseUrl: string, search: string) {
  const html = (await (await fetch(`${baseUrl}/collection${search}`)).text()).replace(/<!-- -->/g, "");
  return {
    count: /data-testid="result-count"[^>]*>([^<]*)</.exec(html)?.[1],
    cards: [...html.matchAll(/data-testid="product-card"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="product-card"/g)].map((m) => m[1] ?? m[2]),
    facets: [...html.matchAll(/data-testid="facet-([^"]+)"[\s\S]*?\((\d+)\)/g)].map((m) => `${m[1]} ${m[2]}`),
  };
}

const arbParams: fc.Arbitrary<CollectionParams> = fc
  .record({
    q: fc.constantFrom("", "casio", "SEIKO 5", "dial", "gmt", "ro", "x", "rolex submariner", "%", "ss"),
    categories: fc.subarray([...CATEGORIES] as Category[]),
    brands: fc.subarray([...BRANDS] as Brand[]),
    a: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
    b: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 2_000_000 })),
    sort: fc.constantFrom(...SORTS),
    page: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ a, b, ...rest }) => ({ ...rest, min: Math.min(a, b), max: Math.max(a, b) }));

describe("http adapter and local adapter answer the catalogue alike", () => {
  it("for random catalogues and random URL parameters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 400 }), fc.array(arbParams, { minLength: 5, maxLength: 10 }), async (size, paramsList) => {
        const imported = await importCatalogue(db, generateDemoCatalogue(size));
        expect(imported).toMatchObject({ ok: true });
        // A fresh adapter waits for its first load, so it holds exactly this catalogue.
        const http = createHttpBackend(server.baseUrl);
        for (const params of paramsList) {
          expect(await http.queryCatalogue(params)).toEqual(await local.queryCatalogue(params));
        }
        const home = await local.homeSections();
        expect(await http.homeSections()).toEqual(home);
        const product = home.latest[size % home.latest.length];
        expect(await http.getProduct(product.id)).toEqual(product);
        expect(await http.getProduct("no-such-watch")).toBeNull();
        expect(await http.relatedProducts(product, 5)).toEqual(await local.relatedProducts(product, 5));
        const ids = home.latest.map((p) => p.id).reverse();
        expect([...(await http.getProducts([...ids, "gone"])).keys()]).toEqual([...(await local.getProducts(ids)).keys()]);
      }),
      { numRuns: 6 },
    );
  }, 180_000);
});

describe("a storefront in front of the server (BACKEND_URL) shows the same pages", () => {
  it("collection pages, facets and product pages match the server's own", async () => {
    expect(await importCatalogue(db, generateDemoCatalogue(300))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // the storefront's background refresh (2 s)
    await fetch(`${storefront.baseUrl}/collection`); // starts it, if it has not yet
    for (const search of ["", "?category=Men&brand=Casio&sort=low-high&page=2", "?q=seiko&sort=high-low", "?brand=Rolex&max=2000000&sort=newest"]) {
      const deadline = Date.now() + 10_000;
      const want = await collectionView(server.baseUrl, search);
      expect(want.cards.length).toBeGreaterThan(0);
      expect(want.facets).toHaveLength(11);
      let got = await collectionView(storefront.baseUrl, search);
      while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        got = await collectionView(storefront.baseUrl, search);
      }
      expect(got, search).toEqual(want);
    }
    const [first] = await local.listProducts();
    const page = await fetch(`${storefront.baseUrl}/product/${first.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(first.name);
    expect((await fetch(`${storefront.baseUrl}/product/no-such-watch`)).status).toBe(404);
  }, 60_000);
});

describe("GET /api/product/listproduct streams with an ETag", () => {
  it("answers the whole catalogue as JSON, 304 to If-None-Match, a new tag after an import", async () => {
    expect(await importCatalogue(db, generateDemoCatalogue(2_500))).toMatchObject({ ok: true });
    const first = await fetch(`${server.baseUrl}/api/product/listproduct`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"c\d+"$/);
    const body = (await first.json()) as { success: boolean; products: { _id: string }[] };
    expect(body.success).toBe(true);
    expect(body.products.map((p) => p._id)).toEqual((await local.listProducts()).map((p) => p.id));

    const again = await fetch(`${server.baseUrl}/api/product/listproduct`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    expect(await importCatalogue(db, generateDemoCatalogue(30))).toMatchObject({ ok: true });
    const changed = await fetch(`${server.baseUrl}/api/product/listproduct`, { headers: { "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as { products: unknown[] }).products).toHaveLength(30);
  }, 60_000);

  it("a storefront's http adapter follows a catalogue change in the background, never waiting on it", async () => {
    expect(await importCatalogue(db, generateDemoCatalogue(40))).toMatchObject({ ok: true });
    const http = createHttpBackend(server.baseUrl, fetch, { catalogueRefreshMs: 0 });
    const before = await http.queryCatalogue({ q: "", categories: [], brands: [], min: 0, max: 1_000_000_000, sort: "relevant", page: 1 });
    expect(before.total).toBe(40);
    expect(await importCatalogue(db, generateDemoCatalogue(55))).toMatchObject({ ok: true });
    const deadline = Date.now() + 5_000;
    let total = before.total;
    while (total !== 55 && Date.now() < deadline) {
      total = (await http.queryCatalogue({ q: "", categories: [], brands: [], min: 0, max: 1_000_000_000, sort: "relevant", page: 1 })).total;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(total).toBe(55);
  }, 30_000);
});
