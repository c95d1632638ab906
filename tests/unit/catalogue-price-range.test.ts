import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { queryCatalogue as queryInMemory } from "~/lib/catalogue";
import { BRANDS } from "~/constants/store";
import { DEFAULT_COLLECTION_PARAMS, priceBounds } from "~/schemas/collection-params";
import { productFromJson, productJsonSchema } from "~/schemas/product";
import * as catalogue from "~/services/catalogue.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Issue 48 item 1 (docs/decisions/0970): with no price in the URL the collection lists every
 * product of the demo store, and its price boxes show the catalogue's lowest and highest effective
 * price rounded outward. Expectations are computed here from the demo catalogue's JSON rows by
 * SPEC.md §3's rule (the price shown is `price`, else `discount`), not by the store's code, so
 * they hold whatever prices the demo catalogue carries.
 */

type Row = { _id: string; price?: number | string | null; discount?: number | string | null };
const rows = generateDemoCatalogue() as Row[];
/** SPEC.md §3: the price the shopper pays, in rupees. */
const effectiveRupees = (row: Row) => Number(row.price !== undefined && row.price !== null && row.price !== "" ? row.price : row.discount);
const byPrice = [...rows].sort((a, b) => effectiveRupees(a) - effectiveRupees(b));
const cheapest = byPrice[0];
const dearest = byPrice[byPrice.length - 1];

describe.each(testDatabases())("the demo catalogue's price range on $name", ({ name, create }) => {
  let current: TestDatabase;
  let db: DB;
  beforeAll(async () => {
    current = await create();
    db = current.db;
    expect(await catalogue.importCatalogue(db, rows)).toMatchObject({ ok: true, imported: rows.length });
  });
  afterAll(async () => current?.cleanup());

  it("lists every product with no price given, and answers the lowest and highest effective price", async () => {
    const page = await catalogue.queryCatalogue(db, DEFAULT_COLLECTION_PARAMS);
    expect(rows.length).toBe(120);
    expect(page.total).toBe(rows.length);
    expect(page.priceRange).toEqual({ lowPaise: Math.round(effectiveRupees(cheapest) * 100), highPaise: Math.round(effectiveRupees(dearest) * 100) });
    // The boxes: whole rupees, the lowest rounded down, the highest up.
    expect(priceBounds(page.priceRange)).toEqual({ min: Math.floor(effectiveRupees(cheapest)), max: Math.ceil(effectiveRupees(dearest)) });
    // Facet counts follow the range: every brand's count is its number of products.
    const perBrand: Record<string, number> = Object.fromEntries(BRANDS.map((brand) => [brand, 0]));
    for (const row of generateDemoCatalogue() as { subCategory: string }[]) perBrand[row.subCategory] = (perBrand[row.subCategory] ?? 0) + 1;
    expect(page.facets.brands).toEqual(perBrand);
  });

  it("?max=10000 still counts the watches at ₹10,000 or less; the range is the whole catalogue's", async () => {
    const page = await catalogue.queryCatalogue(db, { ...DEFAULT_COLLECTION_PARAMS, max: 10_000 });
    expect(page.total).toBe(rows.filter((row) => effectiveRupees(row) <= 10_000).length);
    expect(page.priceRange?.highPaise).toBe(Math.round(effectiveRupees(dearest) * 100));
  });

  it("answers as the in-memory path does (the http adapter's)", async () => {
    const products = rows.map((row) => productFromJson(productJsonSchema.parse(row)));
    for (const params of [DEFAULT_COLLECTION_PARAMS, { ...DEFAULT_COLLECTION_PARAMS, max: 10_000, sort: "low-high" as const }]) {
      expect(await catalogue.queryCatalogue(db, params)).toEqual(queryInMemory(products, params));
    }
  });

  it("leaves hidden products out of the range, and answers null when nothing is shown", async () => {
    await db.updateTable("products").set({ hidden: 1 }).where("id", "in", [cheapest._id, dearest._id]).execute();
    const next = byPrice.slice(1, -1);
    expect(await catalogue.priceRange(db)).toEqual({
      lowPaise: Math.round(effectiveRupees(next[0]) * 100),
      highPaise: Math.round(effectiveRupees(next[next.length - 1]) * 100),
    });
    await db.updateTable("products").set({ hidden: 1 }).execute();
    expect(await catalogue.priceRange(db)).toBeNull();
    expect((await catalogue.queryCatalogue(db, DEFAULT_COLLECTION_PARAMS)).priceRange).toBeNull();
    await db.updateTable("products").set({ hidden: 0 }).execute();
  });

  it("reads the range through the price index, never a scan of the products (DESIGN.md §15)", async () => {
    const statement = catalogue.PRICE_RANGE_SQL.compile(db).sql;
    if (name === "sqlite") {
      const plan = (await sql.raw<{ detail: string }>(`explain query plan ${statement}`).execute(db)).rows.map((row) => row.detail);
      expect(plan.filter((line) => /products/.test(line))).toEqual([
        "SEARCH products USING INDEX products_price",
        "SEARCH products USING INDEX products_price",
      ]);
    } else {
      await sql`analyze products`.execute(db);
      const plan = (await sql.raw<{ "QUERY PLAN": string }>(`explain ${statement}`).execute(db)).rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(/Index Scan( Backward)? using products_price/);
      expect(plan).not.toMatch(/Seq Scan on products/);
    }
  });

  /** `db` that counts the statements it executed (a Kysely plugin sees each statement's result once). */
  function counting(): { db: DB; statements: () => number } {
    let statements = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    return { db: counted, statements: () => statements };
  }

  it("two statements a page (issue 49 item 5; docs/decisions/1025): the counts and the price range in one, the page in the other — the answer unchanged", async () => {
    const brand = BRANDS[0];
    for (const params of [
      DEFAULT_COLLECTION_PARAMS,
      { ...DEFAULT_COLLECTION_PARAMS, brands: [brand], sort: "low-high" as const },
      { ...DEFAULT_COLLECTION_PARAMS, q: brand.toLowerCase(), sort: "newest" as const },
    ]) {
      const { db: counted, statements } = counting();
      const page = await catalogue.queryCatalogue(counted, params);
      expect(statements(), JSON.stringify(params)).toBe(2);
      const products = rows.map((row) => productFromJson(productJsonSchema.parse(row)));
      expect(page).toEqual(queryInMemory(products, params));
    }
  });
});
