import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/index.server";
import { loader as slugLoader } from "~/routes/collection.$slug";
import { loader as collectionLoader } from "~/routes/collection._index";
import { loader as newArrivalsLoader } from "~/routes/new-arrivals";
import { importCatalogue } from "~/services/catalogue.server";
import { resetEnv } from "~/config/env.server";
import type { CollectionPageData } from "~/utils/collection-page.server";

// The loaders called directly (DESIGN §14) over a catalogue of 60 products: 54 at ₹1,000–₹9,000,
// 6 above ₹10,000 (ids x0…x5, ₹74,000–₹79,000), one Casio for Women named "Casio Blue Lagoon".
// Its price boxes show ₹1,000 and ₹79,000 (issue 48: the default range is the catalogue's).
const rows = Array.from({ length: 60 }, (_, i) => ({
  _id: i >= 54 ? `x${i - 54}` : `w${i}`,
  name: i === 7 ? "Casio Blue Lagoon" : `Watch number ${i}`,
  image: ["/w.svg"],
  price: i >= 54 ? 20_000 + i * 1000 : 1000 + (i % 9) * 1000,
  discount: 100_000,
  category: i === 7 ? ("Women" as const) : ("Men" as const),
  subCategory: i >= 54 ? "Rolex" : i === 7 ? "Casio" : "Seiko",
  description: "A watch",
  sold: i,
  createdAt: 1_750_000_000_000 + i * 86_400_000,
}));

let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "collection-page-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "store.db")}`;
  process.env.SEED_DEMO_CATALOGUE = "false";
  process.env.PUBLIC_URL = "https://watches.example";
  process.env.PAYMENT_SIMULATOR = "true";
  resetEnv();
  const result = await importCatalogue(await getDb(), rows);
  expect(result).toMatchObject({ ok: true });
});
afterAll(async () => {
  await (await getDb()).destroy();
  globalThis.__storeDb = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = (url: string, init?: RequestInit, params: Record<string, string> = {}) => ({
  request: new Request(`http://localhost${url}`, init),
  params,
  context: {},
});

async function load(url: string, init?: RequestInit) {
  const response = (await collectionLoader(args(url, init))) as Response;
  return { response, data: (await response.json()) as CollectionPageData };
}

/** The redirect a loader throws for a non-canonical URL (or null when it answers). */
async function redirectOf(call: () => Promise<unknown>) {
  try {
    await call();
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

describe("/collection loader", () => {
  it("answers one page of 25 cards with the counts, never the catalogue", async () => {
    const { data } = await load("/collection");
    expect(data.cards).toHaveLength(25);
    expect(data).toMatchObject({ total: 60, page: 1, pageCount: 3, from: 1, to: 25, basePath: "/collection", curated: null });
    expect(data.priceBounds).toEqual({ min: 1000, max: 79_000 });
    expect(data.params).toMatchObject({ min: 0, max: 1_000_000_000 });
    expect(data.facets.brands).toMatchObject({ Rolex: 6, Seiko: 53, Casio: 1 });
    expect(Object.keys(data.cards[0]).sort()).toEqual(["id", "image", "name", "originalPaise", "pricePaise"]);
    expect(data.canonicalUrl).toBe("https://watches.example/collection");
  });

  it("filters by the URL", async () => {
    const { data } = await load("/collection?q=blue&category=Women&brand=Casio");
    expect(data.cards.map((c) => c.name)).toEqual(["Casio Blue Lagoon"]);
    const dear = await load("/collection?brand=Rolex&min=10000&max=100000&sort=high-low");
    expect(dear.data.cards.map((c) => c.id)).toEqual(["x5", "x4", "x3", "x2", "x1", "x0"]);
  });

  it("redirects the no-JavaScript form's query to the canonical URL", async () => {
    // The form sent untouched carries the catalogue's shown bounds: no bound, left out (decision 0970).
    expect(await redirectOf(() => load("/collection?q=&category=Men&min=1000&max=79000&sort=relevant"))).toEqual({
      status: 302,
      location: "/collection?category=Men",
    });
    expect(await redirectOf(() => load("/collection?q=&min=1000&max=79000&sort=relevant"))).toEqual({ status: 302, location: "/collection" });
    expect(await redirectOf(() => load("/collection?q=&min=0&max=10000&sort=relevant"))).toEqual({ status: 302, location: "/collection?max=10000" });
    expect(await redirectOf(() => load("/collection?min=5000&max=79000"))).toEqual({ status: 302, location: "/collection?min=5000" });
    expect(await redirectOf(() => load("/collection?sort=newest&brand=seiko&category=Men"))).toEqual({
      status: 302,
      location: "/collection?category=Men&brand=Seiko&sort=newest",
    });
  });

  it("redirects bad values and a page past the end, keeping parameters outside the contract", async () => {
    expect(await redirectOf(() => load("/collection?min=abc&page=0&search=1"))).toEqual({ status: 302, location: "/collection?search=1" });
    expect(await redirectOf(() => load("/collection?page=99&utm_source=mail"))).toEqual({
      status: 302,
      location: "/collection?page=3&utm_source=mail",
    });
    expect(await redirectOf(() => load("/collection?q=nothing-like-this&page=2"))).toEqual({
      status: 302,
      location: "/collection?q=nothing-like-this",
    });
  });

  it("keeps a bookmarked price bound: ?max=10000 narrows to ₹10,000 or less, facets too (issue 48)", async () => {
    expect(await redirectOf(() => load("/collection?max=10000"))).toBeNull();
    const { data } = await load("/collection?max=10000");
    expect(data).toMatchObject({ total: 54, pageCount: 3, params: { min: 0, max: 10_000 }, priceBounds: { min: 1000, max: 79_000 } });
    expect(data.facets.brands).toMatchObject({ Rolex: 0, Seiko: 53, Casio: 1 });
    const dear = await load("/collection?min=75000");
    expect(dear.data.cards.map((c) => c.id)).toEqual(["x1", "x2", "x3", "x4", "x5"]);
  });

  it("answers canonical URLs without redirecting, other parameters left alone", async () => {
    expect(await redirectOf(() => load("/collection?category=Men&page=2"))).toBeNull();
    expect(await redirectOf(() => load("/collection?search=1"))).toBeNull();
    expect(await redirectOf(() => load("/collection?q=caf%C3%A9+cr%C3%A8me"))).toBeNull();
    const { data } = await load("/collection?q=nothing-like-this");
    expect(data).toMatchObject({ total: 0, cards: [], page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it("lets shared caches keep anonymous pages briefly, never a shopper's", async () => {
    const anonymous = (await load("/collection")).response.headers;
    expect(anonymous.get("Cache-Control")).toMatch(/^public, .*s-maxage=60/);
    expect(anonymous.get("Vary")).toBe("Cookie");
    const shopper = (await load("/collection", { headers: { Cookie: "session=abc" } })).response.headers;
    expect(shopper.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("curated pages", () => {
  const slug = async (name: string, query = "") => {
    const response = (await slugLoader(args(`/collection/${name}${query}`, undefined, { slug: name }))) as Response;
    return (await response.json()) as CollectionPageData;
  };

  it("luxury lists the luxury brands at every price, dearest first, under its own heading", async () => {
    const data = await slug("luxury");
    expect(data.curated?.title).toBe("Luxury Watches");
    expect(data.cards.map((c) => c.id)).toEqual(["x5", "x4", "x3", "x2", "x1", "x0"]);
    expect(data.params).toMatchObject({ brands: ["Rolex", "PatekPhilippe", "Cartier", "Rado"], sort: "high-low", min: 0, max: 1_000_000_000 });
    expect(data.priceBounds).toEqual({ min: 1000, max: 79_000 });
    expect(data.canonicalUrl).toBe("https://watches.example/collection/luxury");
  });

  it("limited edition lists ₹10,000 and up; classic and sport every price of their brands (issue 48)", async () => {
    expect((await slug("limited")).cards.map((c) => c.id)).toEqual(["x5", "x4", "x3", "x2", "x1", "x0"]);
    expect((await slug("classic")).total).toBe(53);
    expect((await slug("classic")).params).toMatchObject({ min: 0, max: 1_000_000_000 });
    expect((await slug("classic")).curated?.description).toBe("Timeless dress and everyday watches from Tissot, Seiko, Fossil and Rado.");
    expect((await slug("sport")).total).toBe(54);
  });

  it("every header link has a page", async () => {
    for (const name of ["luxury", "sport", "smart", "classic", "limited"]) {
      const data = await slug(name);
      expect(data.basePath).toBe(`/collection/${name}`);
      expect(data.curated?.title.length).toBeGreaterThan(0);
    }
  });

  it("reads only the page from the URL", async () => {
    expect(await redirectOf(() => slug("sport", "?brand=Rolex"))).toEqual({ status: 302, location: "/collection/sport" });
    expect(await redirectOf(() => slug("sport", "?page=9"))).toEqual({ status: 302, location: "/collection/sport?page=3" });
    expect((await slug("sport", "?page=2")).page).toBe(2);
  });

  it("answers 404 for an unknown collection", async () => {
    const thrown = await slugLoader(args("/collection/vintage", undefined, { slug: "vintage" })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("new arrivals lists every watch, newest first", async () => {
    const response = (await newArrivalsLoader(args("/new-arrivals"))) as Response;
    const data = (await response.json()) as CollectionPageData;
    expect(data.curated?.title).toBe("New Arrivals");
    expect(data.total).toBe(60);
    expect(data.cards[0].id).toBe("x5");
  });
});
