import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import * as memory from "~/lib/catalogue";
import { BRANDS, CATEGORIES, DEFAULT_PRICE_MAX, SORTS, type Brand, type Category } from "~/constants/store";
import type { CollectionParams } from "~/schemas/collection-params";
import type { Product } from "~/schemas/product";
import * as database from "~/services/catalogue.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * One catalogue, two ways to ask it (issue 10 item 1; DESIGN.md §3): lib/catalogue's pure
 * functions over the whole list (the http adapter's path) and services/catalogue's indexed SQL
 * (the local adapter's path) must give identical answers — the page, its order, the total, the
 * clamped page, the facet counts, the catalogue's price range (issue 48), related products, the home rows and getProducts — over random
 * catalogues and random URL parameters, on SQLite and on PostgreSQL.
 */

// Words that make searches hit and fold case in awkward ways: Turkish dotted I, German ß, Greek
// capital sigma, LIKE and FTS5 metacharacters, quotes, repeated letters for overlapping trigrams.
const WORDS = ["Casio", "G-Shock", "casio", "İstanbul", "Straße", "ΣΟΦΙΑ", "dive", "AAA", "aa", "100%", "a_b", '"q"', "it's", "Ölçü", "x"];
// Listings of one model ("Casio G-Shock" in 41 mm, with a black dial) must be skipped together.
const arbName = fc.oneof(
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(" ")),
  fc.constantFrom("Casio G-Shock", "Casio G-Shock 41mm", "Casio G-Shock Black Dial GA2100", "Seiko 5 Sports"),
);

const arbProduct = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
  name: arbName,
  pricePaise: fc.integer({ min: 0, max: 30_000 }).map((rupees) => rupees * 100 + (rupees % 3 === 0 ? 50 : 0)),
  originalPaise: fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: null }),
  category: fc.constantFrom(...CATEGORIES),
  // Brands outside the filter's list are stored too (SPEC.md §3: subCategory is free text).
  subCategory: fc.constantFrom(...BRANDS, "Omega", "toString"),
  sold: fc.nat(5),
  createdAt: fc.integer({ min: 0, max: 4 }).map((n) => 1_750_000_000_000 + n * 86_400_000),
  bestseller: fc.boolean(),
  colours: fc.constantFrom<string[][]>([], ["Black"]),
});

const arbCatalogue: fc.Arbitrary<Product[]> = fc
  .uniqueArray(arbProduct, { selector: (p) => p.id, maxLength: 70, size: "large" })
  .map((rows) =>
    rows.map((row) => ({
      ...row,
      images: [`/images/${row.id}.svg`],
      videos: [],
      videoPoster: null,
      description: "A watch",
      features: [],
      movement: "Quartz",
      strapMaterial: null,
    })),
  );

/** A search text: a piece of some product's name in another letter case, or a word, or nothing. */
function arbQuery(products: Product[]): fc.Arbitrary<string> {
  const pieces = products.length
    ? fc
        .tuple(fc.constantFrom(...products.map((p) => p.name)), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
        .map(([name, start, length, upper]) => {
          const chars = Array.from(name);
          const from = start % chars.length;
          const piece = chars.slice(from, from + length).join("").trim();
          return upper ? piece.toUpperCase() : piece;
        })
    : fc.constant("");
  return fc.oneof(fc.constant(""), pieces, fc.constantFrom(...WORDS, "zzz", "%", "_", '"', "ss"));
}

function arbParams(products: Product[]): fc.Arbitrary<CollectionParams> {
  return fc
    .record({
      q: arbQuery(products),
      categories: fc.subarray([...CATEGORIES] as Category[]),
      brands: fc.subarray([...BRANDS] as Brand[]),
      a: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30_000 })),
      // No upper bound (the default since issue 48), SPEC.md §9's old 10,000, or any bound.
      b: fc.oneof(fc.constantFrom(DEFAULT_PRICE_MAX, 10_000), fc.integer({ min: 0, max: 30_000 })),
      sort: fc.constantFrom(...SORTS),
      page: fc.integer({ min: 1, max: 5 }),
    })
    .map(({ a, b, ...rest }) => ({ ...rest, min: Math.min(a, b), max: Math.max(a, b) }));
}

const catalogueAndParams = arbCatalogue.chain((products) =>
  fc.tuple(fc.constant(products), fc.array(arbParams(products), { minLength: 1, maxLength: 6 })),
);

const RUNS = 40;

describe.each(testDatabases())("catalogue in memory and in $name answer alike", ({ create }) => {
  let current: TestDatabase;
  let db: DB;
  beforeAll(async () => {
    current = await create();
    db = current.db;
  });
  afterAll(async () => current?.cleanup());

  it("queryCatalogue: the same page, order, total, clamped page and facet counts", async () => {
    await fc.assert(
      fc.asyncProperty(catalogueAndParams, fc.integer({ min: 1, max: 30 }), async ([products, paramsList], pageSize) => {
        await database.replaceCatalogue(db, products);
        for (const params of paramsList) {
          const expected = memory.queryCatalogue(products, params, pageSize);
          const actual = await database.queryCatalogue(db, params, pageSize);
          expect(actual).toEqual(expected);
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);

  it("relatedProducts, homeSections and getProducts: the same products in the same order", async () => {
    await fc.assert(
      fc.asyncProperty(arbCatalogue, fc.nat(), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 12 }), async (products, pick, count, size) => {
        await database.replaceCatalogue(db, products);
        expect(await database.homeSections(db, size)).toEqual(memory.homeSections(products, size));
        if (products.length === 0) return;
        const product = products[pick % products.length];
        expect(await database.relatedProducts(db, product, count)).toEqual(memory.relatedProducts(products, product, count));
        expect(await database.getProduct(db, product.id)).toEqual(product);
        const ids = [...products.map((p) => p.id)].reverse().filter((_, i) => i % 2 === 0);
        const found = await database.getProducts(db, [...ids, "missing"]);
        expect([...found.keys()]).toEqual(products.map((p) => p.id).filter((id) => ids.includes(id)));
      }),
      { numRuns: RUNS * 2, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);

  it("listProducts and productBatches give the catalogue back in catalogue order", async () => {
    await fc.assert(
      fc.asyncProperty(arbCatalogue, fc.integer({ min: 1, max: 9 }), async (products, batch) => {
        await database.replaceCatalogue(db, products);
        expect(await database.listProducts(db)).toEqual(products);
        const streamed: Product[] = [];
        for await (const part of database.productBatches(db, batch)) {
          expect(part.length).toBeLessThanOrEqual(batch);
          streamed.push(...part);
        }
        expect(streamed).toEqual(products);
      }),
      { numRuns: 15 },
    );
  });

  it("search uses the trigram index and stays exact: a 3-character piece of a name finds it", async () => {
    const catalogue = fc.sample(fc.uniqueArray(arbProduct, { selector: (p) => p.id, minLength: 20, maxLength: 40 }), { numRuns: 1, seed: 42 })[0].map(
      (row) => ({ ...row, images: ["/w.svg"], videos: [], videoPoster: null, description: "", features: [], movement: "", strapMaterial: null }),
    );
    await database.replaceCatalogue(db, catalogue);
    const version = await database.catalogueVersion(db);
    await database.replaceCatalogue(db, catalogue);
    expect(await database.catalogueVersion(db)).toBe(version + 1);
    for (const product of catalogue.slice(0, 10)) {
      const piece = Array.from(product.name).slice(0, 3).join("");
      const params = { q: piece.toUpperCase(), categories: [], brands: [], min: 0, max: 1_000_000, sort: "relevant" as const, page: 1 };
      const answer = await database.queryCatalogue(db, params, 1000);
      expect(answer.products.map((p) => p.id)).toContain(product.id);
      expect(answer).toEqual(memory.queryCatalogue(catalogue, params, 1000));
    }
  });
});
