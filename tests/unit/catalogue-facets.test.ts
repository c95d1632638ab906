import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * `catalogue_facets` (docs/decisions/0820) must always equal a count of the shown products by
 * category, brand and price, whatever changes them: inserts, deletes, price, category and brand
 * edits, hiding (1: by staff, 2: declarations missing) and showing again, and edits of columns the
 * counts don't read (stock, sold). The expectation is computed here from `products` with GROUP BY,
 * not from the table under test. Both databases: SQLite's triggers and PostgreSQL's are separate code.
 */

const CATEGORIES = ["Men", "Women", "Couple"];
const BRANDS = ["Casio", "Rolex", "Omega"];

type Row = { id: string; category: string; sub_category: string; price_paise: number; hidden: number };

const arbRow = (id: string) =>
  fc.record({
    id: fc.constant(id),
    category: fc.constantFrom(...CATEGORIES),
    sub_category: fc.constantFrom(...BRANDS),
    price_paise: fc.constantFrom(100_00, 250_00, 999_50),
    hidden: fc.constantFrom(0, 0, 1, 2),
  });

const arbEdit = fc.oneof(
  fc.record({ kind: fc.constant("price" as const), at: fc.nat(), price_paise: fc.constantFrom(100_00, 250_00, 999_50, 5_000_00) }),
  fc.record({ kind: fc.constant("category" as const), at: fc.nat(), category: fc.constantFrom(...CATEGORIES) }),
  fc.record({ kind: fc.constant("brand" as const), at: fc.nat(), sub_category: fc.constantFrom(...BRANDS) }),
  fc.record({ kind: fc.constant("hidden" as const), at: fc.nat(), hidden: fc.constantFrom(0, 1, 2) }),
  fc.record({ kind: fc.constant("stock" as const), at: fc.nat(), stock: fc.nat(9) }),
  fc.record({ kind: fc.constant("everything" as const), at: fc.nat(), price_paise: fc.constantFrom(100_00, 7_00), category: fc.constantFrom(...CATEGORIES), hidden: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), row: arbRow("new").map((row) => row) }),
);

let inserted = 0;

async function insertRow(db: DB, row: Row) {
  const position = (await db.selectFrom("products").select((eb) => eb.fn.max("position").as("top")).executeTakeFirst())?.top ?? 0;
  await db
    .insertInto("products")
    .values({
      ...row,
      position: Number(position) + 1,
      name: `Watch ${row.id}`,
      images: "[]",
      videos: "[]",
      video_poster: null,
      original_paise: null,
      description: "A watch",
      features: "[]",
      movement: "Quartz",
      strap_material: null,
      colours: "[]",
      bestseller: 0,
      sold: 0,
      created_at: 1_750_000_000_000,
      search_name: `watch ${row.id}`,
      model_key: row.id,
      model_first: 1,
      stock: null,
    } as never)
    .execute();
}

/** The counts as GROUP BY over the shown products gives them: "category|brand|price" → n. */
async function countedFromProducts(db: DB): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("products")
    .select(["category", "sub_category", "price_paise", (eb) => eb.fn.countAll<number>().as("n")])
    .where(sql<boolean>`hidden = 0`)
    .groupBy(["category", "sub_category", "price_paise"])
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.category}|${row.sub_category}|${Number(row.price_paise)}`, Number(row.n)]));
}

/** The table under test, its zero rows left out (a row may stay at 0 after its last product goes). */
async function keptFacets(db: DB): Promise<Record<string, number>> {
  const rows = await db.selectFrom("catalogue_facets").selectAll().execute();
  return Object.fromEntries(rows.filter((row) => Number(row.n) !== 0).map((row) => [`${row.category}|${row.sub_category}|${Number(row.price_paise)}`, Number(row.n)]));
}

describe.each(testDatabases())("catalogue_facets on $name", ({ create }) => {
  let current: TestDatabase;
  let db: DB;
  beforeAll(async () => {
    current = await create();
    db = current.db;
  });
  afterAll(async () => current?.cleanup());

  it("equals a count of the shown products after any sequence of inserts, edits, hides and deletes", async () => {
    const arbStart = fc.array(fc.nat(), { minLength: 0, maxLength: 12 }).chain((seeds) => fc.tuple(...seeds.map((_, i) => arbRow(`p${i}`))));
    await fc.assert(
      fc.asyncProperty(arbStart, fc.array(arbEdit, { maxLength: 25 }), async (start, edits) => {
        await db.deleteFrom("products").execute();
        for (const row of start) await insertRow(db, row);
        expect(await keptFacets(db)).toEqual(await countedFromProducts(db));
        for (const edit of edits) {
          const ids = (await db.selectFrom("products").select("id").orderBy("position").execute()).map((row) => row.id);
          if (edit.kind === "insert") {
            await insertRow(db, { ...edit.row, id: `n${++inserted}` });
            continue;
          }
          if (ids.length === 0) continue;
          const id = ids[edit.at % ids.length];
          const update = db.updateTable("products").where("id", "=", id);
          if (edit.kind === "price") await update.set({ price_paise: edit.price_paise }).execute();
          else if (edit.kind === "category") await update.set({ category: edit.category }).execute();
          else if (edit.kind === "brand") await update.set({ sub_category: edit.sub_category }).execute();
          else if (edit.kind === "hidden") await update.set({ hidden: edit.hidden } as never).execute();
          else if (edit.kind === "stock") await update.set({ stock: edit.stock, sold: edit.stock }).execute();
          else if (edit.kind === "everything") await update.set({ price_paise: edit.price_paise, category: edit.category, hidden: edit.hidden } as never).execute();
          else await db.deleteFrom("products").where("id", "=", id).execute();
        }
        expect(await keptFacets(db)).toEqual(await countedFromProducts(db));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
