import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { DEMO_BRAND_DECLARATIONS, generateDemoCatalogue } from "~/db/demo-catalogue";
import { STORE_CONTACT } from "~/content/store-details";
import { colourStockOf, rowToProduct } from "~/db/products.server";
import type { Database, ProductRow } from "~/db/schema";
import { importCatalogue } from "~/services/catalogue-import.server";
import { cataloguePage, clampPage, emptyFacets, modelKey, searchNeedle, type CataloguePage, type HomeSections, type PriceRangePaise } from "~/lib/catalogue";
import { HOME_SECTION_SIZE, PAGE_SIZE } from "~/constants/store";
import type { CollectionParams } from "~/schemas/collection-params";
import type { Product } from "~/schemas/product";

export { catalogueVersion, replaceCatalogue, type ImportProgress } from "~/db/products.server";
export { importCatalogue, validateCatalogue, type ImportError, type ImportResult } from "~/services/catalogue-import.server";

/**
 * Only shown products reach the storefront (issue 12 item 2: a hidden product leaves every page,
 * the sitemap and listproduct). A literal, not a parameter, so the partial indexes
 * `… where hidden = 0` (migration 0006) serve the facet counts on both databases.
 */
const shown = sql<SqlBool>`hidden = 0`;

/** Every shown product in catalogue order (DESIGN.md §3; hidden ones are left out, issue 12). */
export async function listProducts(db: DB): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().where(shown).orderBy("position").execute();
  return rows.map(rowToProduct);
}

/**
 * The shown catalogue in catalogue order, `batchSize` products at a time (keyset on `position`),
 * for answers too large to build at once (listproduct streams them, issue 10 item 3). Each batch is
 * one short query, so writers are never held up and the event loop is free between batches.
 * `includeHidden` (the back office's export, issue 12) adds hidden products, each with `hidden: true`.
 */
export async function* productBatches(
  db: DB,
  batchSize = 1000,
  { includeHidden = false } = {},
): AsyncGenerator<(Product & { hidden?: true })[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .selectAll()
      .where("position", ">", after)
      .$call((qb) => (includeHidden ? qb : qb.where(shown)))
      .orderBy("position")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    const products = includeHidden ? await withColourStock(db, rows.map(rowToProduct)) : rows.map(rowToProduct);
    yield products.map((product, i) => (Number(rows[i].hidden) === 1 ? { ...product, hidden: true as const } : product));
    after = Number(rows[rows.length - 1].position);
    if (rows.length < batchSize) return;
  }
}

type ProductFilter = {
  needle: string;
  categories: readonly string[];
  brands: readonly string[];
  minPaise: number;
  maxPaise: number;
};

/** Trigram indexes need 3 characters; shorter needles are a scan (issue 10 item 1). */
const TRIGRAM = 3;

/**
 * The WHERE clause of a catalogue query (SPEC.md §5), one group left out for its facet count.
 * Name search is an exact, case-sensitive substring test on `search_name` (already lower-cased),
 * narrowed first by the trigram index: SQLite FTS5 phrase match (a superset, `instr` decides),
 * PostgreSQL `LIKE` served by the pg_trgm GIN index.
 */
function productWhere(sqlite: boolean, filter: ProductFilter, omit: "category" | "brand" | null) {
  return (eb: ExpressionBuilder<Database, "products">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [shown, eb("price_paise", ">=", filter.minPaise), eb("price_paise", "<=", filter.maxPaise)];
    if (filter.needle !== "") {
      if (sqlite) {
        conditions.push(sql<SqlBool>`instr(search_name, ${filter.needle}) > 0`);
        if (Array.from(filter.needle).length >= TRIGRAM) {
          const phrase = `"${filter.needle.replace(/"/g, '""')}"`;
          conditions.push(sql<SqlBool>`position in (select rowid from products_search where products_search match ${phrase})`);
        }
      } else {
        const pattern = `%${filter.needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql<SqlBool>`search_name like ${pattern} escape '\\'`);
      }
    }
    if (omit !== "category" && filter.categories.length > 0) conditions.push(eb("category", "in", [...filter.categories]));
    if (omit !== "brand" && filter.brands.length > 0) conditions.push(eb("sub_category", "in", [...filter.brands]));
    return eb.and(conditions);
  };
}

/**
 * productWhere for `catalogue_facets` (counts of shown products by category, brand and price;
 * docs/decisions/0820), for a filter without a search: price range, and the categories and brands
 * chosen, one group left out for its facet count.
 */
function facetWhere(filter: ProductFilter, omit: "category" | "brand") {
  return (eb: ExpressionBuilder<Database, "catalogue_facets">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb("price_paise", ">=", filter.minPaise), eb("price_paise", "<=", filter.maxPaise)];
    if (omit !== "category" && filter.categories.length > 0) conditions.push(eb("category", "in", [...filter.categories]));
    if (omit !== "brand" && filter.brands.length > 0) conditions.push(eb("sub_category", "in", [...filter.brands]));
    return eb.and(conditions);
  };
}

/** PostgreSQL reads pages up to this one beside the counts, before knowing the total. */
const GUESS_PAGES = 40;

/** Searches matching at most this many products are sorted after the trigram index finds them. */
const SORT_MATCHES_BELOW = 20_000;

const ORDER_BY: Record<CollectionParams["sort"], [keyof ProductRow & string, "asc" | "desc"] | null> = {
  relevant: null,
  "low-high": ["price_paise", "asc"],
  "high-low": ["price_paise", "desc"],
  newest: ["created_at", "desc"],
  bestselling: ["sold", "desc"],
};

/**
 * One page of /collection from the database (issue 10 item 1; SPEC.md §5, §9; DESIGN.md §15):
 * the same answer as lib/catalogue `queryCatalogue` over the whole list, from two statements of
 * indexed reads: one of the category counts (whose sum over the selected categories is the total),
 * the brand counts and the catalogue's price range (`priceRange`'s two index probes); and
 * `LIMIT pageSize OFFSET …` of the clamped page, ties in catalogue order (on PostgreSQL without a
 * search read beside the counts, a guess at the page). Prices in `params` are whole rupees; the
 * answer's money is paise.
 */
export async function queryCatalogue(db: DB, params: CollectionParams, pageSize = PAGE_SIZE): Promise<CataloguePage> {
  const sqlite = isSqlite(db);
  const filter: ProductFilter = {
    needle: searchNeedle(params.q),
    categories: params.categories,
    brands: params.brands,
    minPaise: params.min * 100,
    maxPaise: params.max * 100,
  };
  // Shown products per value of `column`, `omit`'s group left out of the filter: without a search a
  // sum over catalogue_facets (kept by triggers, decision 0820); a search counts its matches.
  const facetCounts = (column: "category" | "sub_category", omit: "category" | "brand") =>
    filter.needle !== ""
      ? db
          .selectFrom("products")
          .select((eb) => [eb.ref(column).as("value"), eb.fn.countAll<number>().as("n")])
          .where(productWhere(sqlite, filter, omit))
          .groupBy(column)
      : db
          .selectFrom("catalogue_facets")
          .select((eb) => [eb.ref(column).as("value"), eb.fn.sum<number>("n").as("n")])
          .where(facetWhere(filter, omit))
          .groupBy(column);
  // Both counts and the price range in one statement (one round trip through the pooler, one
  // statement for the database to parse: issue 49 item 5, docs/decisions/1025), each count a JSON
  // array (Kysely's jsonArrayFrom; SQLite answers it as text).
  const jsonArrayFrom = sqlite ? sqliteJsonArrayFrom : postgresJsonArrayFrom;
  const counts = db
    .selectNoFrom([
      jsonArrayFrom(facetCounts("category", "category")).as("by_category"),
      jsonArrayFrom(facetCounts("sub_category", "brand")).as("by_brand"),
      PRICE_LOW.as("low"),
      PRICE_HIGH.as("high"),
    ])
    .executeTakeFirstOrThrow();

  const order = ORDER_BY[params.sort];
  const where = productWhere(sqlite, filter, null);
  const readPage = (offset: number, fewMatches: boolean) =>
    // PostgreSQL may walk a sort index hoping to meet 25 matches of a search early; when the
    // search matches few products, reading them through the trigram index and sorting is sure.
    (fewMatches
      ? db
          .with(
            (cte) => cte("matches").materialized(),
            (qb) => qb.selectFrom("products").selectAll().where(where),
          )
          .selectFrom("matches")
          .selectAll()
          .$call((qb) => (order ? qb.orderBy(order[0], order[1]) : qb))
          .orderBy("position")
          .limit(pageSize)
          .offset(offset)
          .execute()
      : db
          .selectFrom("products")
          .selectAll()
          .where(where)
          .$call((qb) => (order ? qb.orderBy(order[0], order[1]) : qb))
          .orderBy("position")
          .limit(pageSize)
          .offset(offset)
          .execute()) as Promise<ProductRow[]>;
  // Without a search, PostgreSQL reads the requested page beside the counts (one round trip, not
  // two); it is read again only when the page turns out to be past the end. Only for the first
  // pages: a hand-typed page=999999 must not cost a walk past every row before it is clamped.
  const guessedOffset = (Math.max(1, params.page) - 1) * pageSize;
  const guessedPage = !sqlite && filter.needle === "" && params.page <= GUESS_PAGES ? readPage(guessedOffset, false) : null;
  guessedPage?.catch(() => undefined); // awaited below when used; never an unhandled rejection
  const row = await counts;
  const byCategory = jsonRows(row.by_category);
  const byBrand = jsonRows(row.by_brand);
  const prices = priceRangeOf(row);

  const facets = emptyFacets();
  let total = 0;
  const selected = new Set<string>(params.categories);
  for (const row of byCategory) {
    const n = Number(row.n);
    if (Object.hasOwn(facets.categories, row.value)) facets.categories[row.value as keyof typeof facets.categories] = n;
    if (selected.size === 0 || selected.has(row.value)) total += n;
  }
  for (const row of byBrand) {
    if (Object.hasOwn(facets.brands, row.value)) facets.brands[row.value as keyof typeof facets.brands] = Number(row.n);
  }

  const { page, pageCount, offset } = clampPage(params.page, total, pageSize);
  let products: Product[] = [];
  if (total > 0) {
    const rows =
      guessedPage && offset === guessedOffset
        ? await guessedPage
        : await readPage(offset, !sqlite && filter.needle !== "" && total <= SORT_MATCHES_BELOW);
    products = rows.map(rowToProduct);
  }
  return cataloguePage(products, total, { page, pageCount, offset }, facets, prices);
}

/** The lowest and the highest shown price, paise, as scalar subqueries (see `priceRange`). */
const PRICE_LOW = sql<number | string | null>`(select min(price_paise) from products where hidden = 0)`;
const PRICE_HIGH = sql<number | string | null>`(select max(price_paise) from products where hidden = 0)`;

/** priceRange's statement (exported for the test of its query plan; queryCatalogue's counts embed the same two subqueries). */
export const PRICE_RANGE_SQL = sql<{ low: number | string | null; high: number | string | null }>`select ${PRICE_LOW} as low, ${PRICE_HIGH} as high`;

/** A count's rows from `jsonArrayFrom`: PostgreSQL's driver parses the JSON, SQLite answers text. */
function jsonRows(value: unknown): { value: string; n: number | string }[] {
  return (typeof value === "string" ? JSON.parse(value) : value) as { value: string; n: number | string }[];
}

function priceRangeOf({ low, high }: { low: number | string | null; high: number | string | null }): PriceRangePaise | null {
  return low === null || high === null ? null : { lowPaise: Number(low), highPaise: Number(high) };
}

/**
 * The lowest and highest effective price (`price_paise`) of the shown catalogue, in paise, or null
 * when no product is shown (issue 48 item 1: the price filter's inputs show it;
 * docs/decisions/0970). One statement of two scalar subqueries, so each is a MIN/MAX that both
 * databases answer from the `products_price (price_paise, position)` index — walking it from
 * either end to the first shown row — instead of scanning the table (SQLite optimises a MIN or MAX
 * only when it is a query's single aggregate). Run with every catalogue query: it costs two index
 * probes, and kept per request it is never stale across processes.
 */
export async function priceRange(db: Executor): Promise<PriceRangePaise | null> {
  const row = await PRICE_RANGE_SQL.execute(db);
  return priceRangeOf(row.rows[0] ?? { low: null, high: null });
}

/** The number of shown products and the time of the last catalogue change (ms since epoch). */
export async function catalogueInfo(db: DB): Promise<{ count: number; changedAt: number }> {
  const [count, state] = await Promise.all([
    db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where(shown).executeTakeFirst(),
    db.selectFrom("catalogue_state").select("changed_at").where("id", "=", 1).executeTakeFirst(),
  ]);
  return { count: Number(count?.n ?? 0), changedAt: Number(state?.changed_at ?? 0) };
}

/** Up to `limit` shown product ids from `offset` (0-based) in catalogue order, through the position index. */
export async function productIds(db: DB, offset: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom("products").select("id").where(shown).orderBy("position").limit(limit).offset(offset).execute();
  return rows.map((row) => row.id);
}

/** One shown product by id, or null (SPEC.md §2; a hidden product is null, like an unknown id — issue 12). */
export async function getProduct(db: DB, id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).where(shown).executeTakeFirst();
  return row ? (await withColourStock(db, [rowToProduct(row)]))[0] : null;
}

/**
 * `products` with `colourStock` set on those whose colours the owner keeps apart (issue 23;
 * docs/decisions/0692): read where a colour is chosen (product page, cart, checkout, export), one
 * query for all of them.
 */
export async function withColourStock<P extends Product>(db: Executor, products: P[]): Promise<P[]> {
  const withColours = products.filter((product) => product.colours.length > 0 && product.stock !== null && product.stock !== undefined);
  if (withColours.length === 0) return products;
  const byId = await colourStockOf(db, withColours.map((product) => product.id));
  return products.map((product) => (byId.has(product.id) ? { ...product, colourStock: byId.get(product.id) } : product));
}

/** The shown products of `ids` that exist (hidden ones are left out like unknown ids), by id, in catalogue order (cart lines, checkout); 500 ids a query. */
export async function getProducts(db: DB, ids: readonly string[]): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  const rows: ProductRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    rows.push(...(await db.selectFrom("products").selectAll().where("id", "in", unique.slice(i, i + 500)).where(shown).execute()));
  }
  rows.sort((a, b) => Number(a.position) - Number(b.position));
  const products = await withColourStock(db, rows.map(rowToProduct));
  return new Map(products.map((product) => [product.id, product]));
}

/**
 * "You might also like" from the database (SPEC.md §2; the same answer as lib/catalogue
 * `relatedProducts`): four tiers in order — same brand and category, same brand, same category,
 * the rest — each read in catalogue order through an index, a batch at a time, skipping the
 * product's own model and any model already shown, until `count` are found. Only each model's
 * first shown listing per brand and category is read (`model_first`, 0 on hidden rows): the first
 * listing of a model in a tier is always one of those.
 */
export async function relatedProducts(db: DB, product: Product, count: number): Promise<Product[]> {
  const seen = new Set([modelKey(product)]);
  const related: Product[] = [];
  const sameBrand = (eb: ExpressionBuilder<Database, "products">, same: boolean) =>
    eb("sub_category", same ? "=" : "!=", product.subCategory);
  const sameCategory = (eb: ExpressionBuilder<Database, "products">, same: boolean) =>
    eb("category", same ? "=" : "!=", product.category);
  const tiers: [boolean, boolean][] = [
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ];
  const batch = Math.max(count * 4, 20);
  for (const [brand, category] of tiers) {
    let after = -1;
    while (related.length < count) {
      const rows = await db
        .selectFrom("products")
        .selectAll()
        .where((eb) =>
          eb.and([
            eb("model_first", "=", 1),
            shown,
            sameBrand(eb, brand),
            sameCategory(eb, category),
            eb("model_key", "not in", [...seen]),
            eb("position", ">", after),
          ]),
        )
        .orderBy("position")
        .limit(batch)
        .execute();
      for (const row of rows) {
        if (related.length >= count) break;
        if (row.id === product.id || seen.has(row.model_key)) continue;
        seen.add(row.model_key);
        related.push(rowToProduct(row));
      }
      if (rows.length < batch) break;
      after = Number(rows[rows.length - 1].position);
    }
    if (related.length >= count) break;
  }
  return related;
}

/** The home page's rows from the database (SPEC.md §2; as lib/catalogue `homeSections`). */
export async function homeSections(db: DB, size = HOME_SECTION_SIZE): Promise<HomeSections> {
  const [latest, bestSellers] = await Promise.all([
    db.selectFrom("products").selectAll().where(shown).orderBy("position").limit(size).execute(),
    db.selectFrom("products").selectAll().where("bestseller", "=", 1).where(shown).orderBy("position").limit(size).execute(),
  ]);
  return { latest: latest.map(rowToProduct), bestSellers: bestSellers.map(rowToProduct) };
}

/**
 * Seeds the demo catalogue (app/db/demo-catalogue.ts, 120 products) through the same import path a
 * store owner uses (`npm run catalogue:import`) when the products table is empty. Returns the number
 * of products imported (0 when a catalogue was already there). Throws if the generator produced an
 * invalid row (a bug), naming the row and field.
 */
export async function seedDemoCatalogueIfEmpty(db: DB): Promise<number> {
  const existing = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return 0;
  // Issue 25 item 2: the demo brands' declarations, as the demo store's owner would set them once.
  const now = Date.now();
  const importer = { importer: STORE_CONTACT.address[0], importerAddress: STORE_CONTACT.address.slice(1).join(", ") };
  await db
    .insertInto("brand_declarations")
    .values(Object.entries(DEMO_BRAND_DECLARATIONS).map(([brand, declared]) => ({ brand, declarations: JSON.stringify({ ...declared, ...importer }), updated_at: now })))
    .onConflict((oc) => oc.column("brand").doNothing())
    .execute();
  const result = await importCatalogue(db, generateDemoCatalogue());
  if (!result.ok) {
    const problems = result.errors.slice(0, 3).map((e) => `row ${e.index}, field ${e.field}: ${e.message}`);
    throw new Error(`Demo catalogue is invalid: ${problems.join("; ")}`);
  }
  return result.imported;
}
