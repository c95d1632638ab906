import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { z } from "zod";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import type { Database, NewProductRow, ProductRow } from "~/db/schema";
import {
  clampPage,
  emptyFacets,
  modelKey,
  searchName,
  searchNeedle,
  type CataloguePage,
  type HomeSections,
} from "~/lib/catalogue";
import { HOME_SECTION_SIZE, PAGE_SIZE } from "~/constants/store";
import type { CollectionParams } from "~/schemas/collection-params";
import { productFromJson, productJsonSchema, type Product } from "~/schemas/product";

export type ImportError = { index: number; field: string; message: string };
export type ImportResult = { ok: true; imported: number } | { ok: false; errors: ImportError[] };

/** Rows per INSERT: 500 rows × 20 columns stays under both databases' parameter limits. */
const INSERT_CHUNK = 500;

/** What importCatalogue reports while it writes: rows written so far of `total`. */
export type ImportProgress = (written: number, total: number) => void;

/**
 * Validates every row of a listproduct-shaped catalogue (SPEC.md §3/§7) and, only when all are
 * valid, replaces the stored catalogue with it in one transaction; catalogue order is kept as the
 * "relevant" order. Accepts the bare array or the whole `{success, products}` answer.
 * Never imports part of a file: any bad row gives `{ok:false, errors}` with the row's index (0-based)
 * and the field's path, and nothing is written. Until the transaction commits, readers (the store's
 * pages, other processes) keep seeing the old catalogue. The commit bumps `catalogue_state.version`
 * and, on PostgreSQL, sends `NOTIFY catalogue_changed` (issue 10 items 4, 5).
 */
export async function importCatalogue(db: DB, input: unknown, onProgress?: ImportProgress): Promise<ImportResult> {
  const parsed = validateCatalogue(input);
  if (!parsed.ok) return parsed;
  return replaceCatalogue(db, parsed.products, onProgress);
}

/**
 * Replaces the stored catalogue with already validated products in one transaction (see
 * importCatalogue). `onProgress` is called after each chunk of 500 rows.
 */
export async function replaceCatalogue(db: DB, products: readonly Product[], onProgress?: ImportProgress): Promise<ImportResult> {
  const firsts = new Set<string>();
  const rows = products.map((product, position) => {
    const row = productToRow(product, position);
    const group = modelGroup(row);
    row.model_first = firsts.has(group) ? 0 : 1;
    firsts.add(group);
    return row;
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("products").execute();
    onProgress?.(0, rows.length);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx.insertInto("products").values(rows.slice(i, i + INSERT_CHUNK)).execute();
      onProgress?.(Math.min(rows.length, i + INSERT_CHUNK), rows.length);
    }
    await markCatalogueChanged(trx);
    if (isSqlite(db)) await sql`analyze products`.execute(trx);
  });
  // PostgreSQL: fresh statistics, and a visibility map so facet counts are index-only scans
  // (VACUUM cannot run inside the transaction; a failure here costs speed, never data).
  if (!isSqlite(db)) await sql`vacuum (analyze) products`.execute(db).catch((error) => console.error(`VACUUM after the import failed: ${(error as Error).message}`));
  return { ok: true, imported: rows.length };
}

/**
 * The listings a "You might also like" row chooses among (products.model_first): the first
 * listing, in catalogue order, of each model (`model_key`) in each brand and category. Related
 * products walk only these rows, so a brand with thousands of listings of a few models costs a few
 * rows, not thousands (issue 10 item 1). A write that changes a product's name, brand, category or
 * position must recompute the flag for the models it touches.
 */
function modelGroup(row: Pick<NewProductRow, "model_key" | "sub_category" | "category">): string {
  return JSON.stringify([row.model_key, row.sub_category, row.category]);
}

/** The PostgreSQL channel on which catalogue changes are announced (payload: the new version). */
export const CATALOGUE_CHANNEL = "catalogue_changed";

/**
 * Bumps `catalogue_state.version` inside the caller's transaction and, on PostgreSQL, queues a
 * `NOTIFY catalogue_changed` that is delivered when it commits (DESIGN.md §15). Every write to
 * products must call it. Returns the new version.
 */
export async function markCatalogueChanged(trx: Executor): Promise<number> {
  const row = await trx
    .updateTable("catalogue_state")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: Date.now() }))
    .where("id", "=", 1)
    .returning("version")
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  if (!isSqlite(trx as DB)) await sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(version)})`.execute(trx);
  return version;
}

/** The catalogue's version (goes up with every change): the ETag of listproduct. */
export async function catalogueVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom("catalogue_state").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Parses a catalogue file's content without writing; see importCatalogue for the shapes.
 * File-level problems (not a list, a `{success:false}` answer, no products) come with index -1
 * and field "(file)"; row problems with the row's 0-based index and the field's dotted path
 * (e.g. "image.0"), one per zod issue, in file order.
 */
export function validateCatalogue(
  input: unknown,
): { ok: true; products: Product[] } | { ok: false; errors: ImportError[] } {
  const fileError = (message: string) => ({ ok: false as const, errors: [{ index: -1, field: "(file)", message }] });
  const isAnswer = input !== null && typeof input === "object" && !Array.isArray(input) && "products" in input;
  if (input !== null && typeof input === "object" && !Array.isArray(input) && (input as { success?: unknown }).success === false) {
    const message = (input as { message?: unknown }).message;
    return fileError(`the file holds a failed answer${typeof message === "string" && message ? `: ${message}` : ""}`);
  }
  const list = isAnswer ? (input as { products: unknown }).products : input;
  if (!Array.isArray(list)) {
    return fileError("expected an array of products or {success, products: [...]}");
  }
  if (list.length === 0) return fileError("the file holds no products; an empty catalogue is never imported");
  const errors: ImportError[] = [];
  const products: Product[] = [];
  const seen = new Map<string, number>();
  list.forEach((row, index) => {
    const result = productJsonSchema.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ index, field: issue.path.map(String).join(".") || "(row)", message: issue.message });
      }
      return;
    }
    const first = seen.get(result.data._id);
    if (first !== undefined) {
      errors.push({ index, field: "_id", message: `duplicate id ${result.data._id} (first used in row ${first})` });
      return;
    }
    seen.set(result.data._id, index);
    products.push(productFromJson(result.data));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, products };
}

/** Every product in catalogue order (DESIGN.md §3). */
export async function listProducts(db: DB): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().orderBy("position").execute();
  return rows.map(rowToProduct);
}

/**
 * The catalogue in catalogue order, `batchSize` products at a time (keyset on `position`), for
 * answers too large to build at once (listproduct streams them, issue 10 item 3). Each batch is
 * one short query, so writers are never held up and the event loop is free between batches.
 */
export async function* productBatches(db: DB, batchSize = 1000): AsyncGenerator<Product[]> {
  let after = -1;
  for (;;) {
    const rows = await db.selectFrom("products").selectAll().where("position", ">", after).orderBy("position").limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows.map(rowToProduct);
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
    const conditions: Expression<SqlBool>[] = [eb("price_paise", ">=", filter.minPaise), eb("price_paise", "<=", filter.maxPaise)];
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
 * the same answer as lib/catalogue `queryCatalogue` over the whole list, from three indexed
 * queries — the category counts (whose sum over the selected categories is the total), the brand
 * counts, and `LIMIT pageSize OFFSET …` of the clamped page, ties in catalogue order. Prices in
 * `params` are whole rupees; the answer's money is paise.
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
  const categoryCounts = db
    .selectFrom("products")
    .select(["category", (eb) => eb.fn.countAll<number>().as("n")])
    .where(productWhere(sqlite, filter, "category"))
    .groupBy("category")
    .execute();
  const brandCounts = db
    .selectFrom("products")
    .select(["sub_category", (eb) => eb.fn.countAll<number>().as("n")])
    .where(productWhere(sqlite, filter, "brand"))
    .groupBy("sub_category")
    .execute();
  const dearest = db.selectFrom("products").select((eb) => eb.fn.max("price_paise").as("top")).executeTakeFirst();

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
  // two); it is read again only when the page turns out to be past the end.
  const guessedOffset = (Math.max(1, params.page) - 1) * pageSize;
  const guessedPage = !sqlite && filter.needle === "" ? readPage(guessedOffset, false) : null;
  guessedPage?.catch(() => undefined); // awaited below when used; never an unhandled rejection
  const [byCategory, byBrand, top] = await Promise.all([categoryCounts, brandCounts, dearest]);

  const facets = emptyFacets();
  let total = 0;
  const selected = new Set<string>(params.categories);
  for (const row of byCategory) {
    const n = Number(row.n);
    if (Object.hasOwn(facets.categories, row.category)) facets.categories[row.category as keyof typeof facets.categories] = n;
    if (selected.size === 0 || selected.has(row.category)) total += n;
  }
  for (const row of byBrand) {
    if (Object.hasOwn(facets.brands, row.sub_category)) facets.brands[row.sub_category as keyof typeof facets.brands] = Number(row.n);
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
  return {
    products,
    total,
    page,
    pageCount,
    from: total === 0 ? 0 : offset + 1,
    to: offset + products.length,
    facets,
    maxPricePaise: Number(top?.top ?? 0),
  };
}

/** One product by id, or null (SPEC.md §2). */
export async function getProduct(db: DB, id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? rowToProduct(row) : null;
}

/** The products of `ids` that exist, by id, in catalogue order (cart lines, checkout); 500 ids a query. */
export async function getProducts(db: DB, ids: readonly string[]): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  const rows: ProductRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    rows.push(...(await db.selectFrom("products").selectAll().where("id", "in", unique.slice(i, i + 500)).execute()));
  }
  rows.sort((a, b) => Number(a.position) - Number(b.position));
  return new Map(rows.map((row) => [row.id, rowToProduct(row)]));
}

/**
 * "You might also like" from the database (SPEC.md §2; the same answer as lib/catalogue
 * `relatedProducts`): four tiers in order — same brand and category, same brand, same category,
 * the rest — each read in catalogue order through an index, a batch at a time, skipping the
 * product's own model and any model already shown, until `count` are found. Only each model's
 * first listing per brand and category is read (`model_first`): the first listing of a model in a
 * tier is always one of those.
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
    db.selectFrom("products").selectAll().orderBy("position").limit(size).execute(),
    db.selectFrom("products").selectAll().where("bestseller", "=", 1).orderBy("position").limit(size).execute(),
  ]);
  return { latest: latest.map(rowToProduct), bestSellers: bestSellers.map(rowToProduct) };
}

function productToRow(product: Product, position: number): NewProductRow {
  return {
    id: product.id,
    position,
    name: product.name,
    images: JSON.stringify(product.images),
    videos: JSON.stringify(product.videos),
    video_poster: product.videoPoster,
    price_paise: product.pricePaise,
    original_paise: product.originalPaise,
    category: product.category,
    sub_category: product.subCategory,
    description: product.description,
    features: JSON.stringify(product.features),
    movement: product.movement,
    strap_material: product.strapMaterial,
    colours: JSON.stringify(product.colours),
    bestseller: product.bestseller ? 1 : 0,
    sold: product.sold,
    created_at: product.createdAt,
    search_name: searchName(product.name),
    model_key: modelKey(product),
    model_first: 0,
  };
}

const jsonList = z.array(z.string());

function rowToProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    images: jsonList.parse(JSON.parse(row.images)),
    videos: jsonList.parse(JSON.parse(row.videos)),
    videoPoster: row.video_poster,
    pricePaise: Number(row.price_paise),
    originalPaise: row.original_paise === null ? null : Number(row.original_paise),
    category: row.category as Product["category"],
    subCategory: row.sub_category,
    description: row.description,
    features: jsonList.parse(JSON.parse(row.features)),
    movement: row.movement,
    strapMaterial: row.strap_material,
    colours: jsonList.parse(JSON.parse(row.colours)),
    bestseller: Number(row.bestseller) === 1,
    sold: Number(row.sold),
    createdAt: Number(row.created_at),
  };
}
