import { sql } from "kysely";
import { z } from "zod";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import type { Insertable } from "kysely";
import type { NewProductRow, ProductRow, StockMovementsTable } from "~/db/schema";
import { log } from "~/observability/log.server";

type NewStockMovement = Insertable<StockMovementsTable>;
import { modelKey, searchName } from "~/lib/catalogue";
import type { Product } from "~/schemas/product";

/*
 * How products are stored (DESIGN.md §6, docs/decisions/0500): rows ↔ products, replacing the
 * catalogue, and the version every catalogue write bumps. Queries over the catalogue live in
 * services/catalogue.server.ts.
 */

/** Rows per INSERT: 500 rows × 28 columns (14,000 values) stays under both databases' parameter limits (SQLite 32,766; PostgreSQL 65,535). */
const INSERT_CHUNK = 500;

/** What a catalogue import reports while it writes: rows written so far of `total`. */
export type ImportProgress = (written: number, total: number) => void;

/**
 * The per-colour stock of those of `productIds` whose colours the owner keeps apart (issue 23;
 * docs/decisions/0692): product id → colour → units on hand. Products sharing one count are absent.
 */
export async function colourStockOf(db: Executor, productIds: readonly string[]): Promise<Map<string, Record<string, number>>> {
  const byProduct = new Map<string, [string, number][]>();
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom("colour_stock").select(["product_id", "colour", "stock"]).where("product_id", "in", unique.slice(i, i + 500)).execute();
    for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), [row.colour, Number(row.stock)]]);
  }
  // fromEntries defines own properties: a colour named like "__proto__" stays a colour.
  return new Map([...byProduct].map(([id, colours]) => [id, Object.fromEntries(colours)]));
}

/**
 * Replaces the stored catalogue with already validated products (services/catalogue
 * `validateCatalogue`) in one transaction, in their order (catalogue order = "relevant").
 * Until it commits, readers (the store's pages, other processes) keep seeing the old catalogue;
 * the commit bumps `catalogue_state.version` and, on PostgreSQL, sends `NOTIFY catalogue_changed`
 * (issue 10 items 4, 5). `onProgress` is called after each chunk of 500 rows. A product stays
 * hidden when its id was hidden before or is in `hiddenIds` (issue 12; docs/decisions/0610); a
 * product whose `stock` is undefined keeps its stored stock (and its colours' figures, for the
 * colours it still has), one with `colourStock` gets those (docs/decisions/0692), every change of
 * stock is written to `stock_movements` as `import` by `actor`, and every product keeps its
 * published reviews' count and stars (issue 23);
 * `inTransaction` runs last inside the transaction (the back office's audit row). Returns the number
 * of products written. Throws the database's error, having written nothing.
 */
export async function replaceCatalogue(
  db: DB,
  products: readonly Product[],
  onProgress?: ImportProgress,
  options: { hiddenIds?: ReadonlySet<string>; inTransaction?: (trx: Executor) => Promise<void>; actor?: string } = {},
): Promise<number> {
  await db.transaction().execute(async (trx) => {
    const wasHidden = new Set((await trx.selectFrom("products").select("id").where("hidden", "=", 1).execute()).map((row) => row.id));
    // Issue 23: stock the file does not mention stays as it was, and published reviews stay the product's.
    const kept = new Map(
      (
        await trx
          .selectFrom("products")
          .select(["id", "stock", "review_count", "rating_sum"])
          .where((eb) => eb.or([eb("stock", "is not", null), eb("review_count", ">", 0)]))
          .execute()
      ).map((row) => [row.id, row]),
    );
    const keptColours = new Map<string, Map<string, number>>();
    for (const row of await trx.selectFrom("colour_stock").select(["product_id", "colour", "stock"]).execute()) {
      const colours = keptColours.get(row.product_id) ?? new Map<string, number>();
      colours.set(row.colour, Number(row.stock));
      keptColours.set(row.product_id, colours);
    }
    const colourRows: { product_id: string; colour: string; stock: number }[] = [];
    const movements: NewStockMovement[] = [];
    const now = Date.now();
    const firsts = new Set<string>();
    const rows = products.map((product, position) => {
      const row = productToRow(product, position);
      row.hidden = wasHidden.has(product.id) || options.hiddenIds?.has(product.id) ? 1 : 0;
      const before = kept.get(product.id);
      const stockBefore = before?.stock === null || before?.stock === undefined ? null : Number(before.stock);
      if (product.colourStock) {
        // Colours kept apart (docs/decisions/0692): the file's figures, and the total on the product.
        for (const [colour, stock] of Object.entries(product.colourStock)) colourRows.push({ product_id: product.id, colour, stock });
      } else if (product.stock === undefined) {
        // Not in the file: what was stored stays, colours kept apart included (those it still has).
        const colours = keptColours.get(product.id);
        const still = colours ? [...colours].filter(([colour]) => product.colours.includes(colour)) : [];
        for (const [colour, stock] of still) colourRows.push({ product_id: product.id, colour, stock });
        row.stock = still.length > 0 ? still.reduce((sum, [, stock]) => sum + stock, 0) : stockBefore;
      }
      const stockAfter = row.stock ?? null;
      if (stockAfter !== stockBefore) {
        movements.push({ product_id: product.id, colour: null, delta: (stockAfter ?? 0) - (stockBefore ?? 0), stock_after: stockAfter, reason: "import", order_id: null, actor: options.actor ?? "system", at: now });
      }
      row.review_count = Number(before?.review_count ?? 0);
      row.rating_sum = Number(before?.rating_sum ?? 0);
      const group = modelGroup(row);
      row.model_first = row.hidden === 1 || firsts.has(group) ? 0 : 1;
      if (row.hidden === 0) firsts.add(group);
      return row;
    });
    await trx.deleteFrom("products").execute();
    await trx.deleteFrom("colour_stock").execute();
    onProgress?.(0, rows.length);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx.insertInto("products").values(rows.slice(i, i + INSERT_CHUNK)).execute();
      onProgress?.(Math.min(rows.length, i + INSERT_CHUNK), rows.length);
    }
    for (let i = 0; i < colourRows.length; i += INSERT_CHUNK) await trx.insertInto("colour_stock").values(colourRows.slice(i, i + INSERT_CHUNK)).execute();
    // Issue 23: every change of stock is audited with its reason; an import's is `import`.
    for (let i = 0; i < movements.length; i += INSERT_CHUNK) await trx.insertInto("stock_movements").values(movements.slice(i, i + INSERT_CHUNK)).execute();
    await markCatalogueChanged(trx);
    await options.inTransaction?.(trx);
    if (isSqlite(db)) await sql`analyze products`.execute(trx);
  });
  // PostgreSQL: fresh statistics, and a visibility map so facet counts are index-only scans
  // (VACUUM cannot run inside the transaction; a failure here costs speed, never data).
  if (!isSqlite(db)) await sql`vacuum (analyze) products`.execute(db).catch((error: unknown) => log.error({ err: error }, "VACUUM after the import failed"));
  return products.length;
}

/**
 * Sets `model_first` again for the model groups (model, brand, category) of `products` after a
 * back-office write changed a name, brand, category or the hidden flag (issue 12): 1 on the first
 * shown listing of each group in catalogue order, 0 on every other row of the group. Served by the
 * `products_model_group` index (migration 0006).
 */
export async function recomputeModelFirst(
  trx: Executor,
  products: readonly Pick<Product, "name" | "subCategory" | "category">[],
): Promise<void> {
  const groups = new Map<string, { key: string; brand: string; category: string }>();
  for (const product of products) {
    const key = modelKey(product);
    groups.set(JSON.stringify([key, product.subCategory, product.category]), { key, brand: product.subCategory, category: product.category });
  }
  for (const { key, brand, category } of groups.values()) {
    const inGroup = trx
      .updateTable("products")
      .where("model_key", "=", key)
      .where("sub_category", "=", brand)
      .where("category", "=", category);
    await inGroup.set({ model_first: 0 }).execute();
    const first = await trx
      .selectFrom("products")
      .select("id")
      .where("model_key", "=", key)
      .where("sub_category", "=", brand)
      .where("category", "=", category)
      .where("hidden", "=", 0)
      .orderBy("position")
      .limit(1)
      .executeTakeFirst();
    if (first) await trx.updateTable("products").set({ model_first: 1 }).where("id", "=", first.id).execute();
  }
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
 * The catalogue's tag for `version` (`catalogue_state.version`): listproduct's ETag and what the
 * page cache compares (DESIGN.md §17), e.g. `"c42"`. The listener makes the same tag from a
 * notification's payload, so the page cache knows the new tag before its re-read answers (issue 49
 * item 2; docs/decisions/1021).
 */
export function catalogueTagOf(version: number): string {
  return `"c${version}"`;
}

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

/** A product as its `products` row (money in paise, lists as JSON text); `model_first` is set by replaceCatalogue. */
export function productToRow(product: Product, position: number): NewProductRow {
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
    search_name: searchName(product.name, product.nameHi),
    model_key: modelKey(product),
    model_first: 0,
    hidden: 0,
    stock: product.stock ?? null,
    declarations: product.declarations && Object.keys(product.declarations).length > 0 ? JSON.stringify(product.declarations) : null,
    name_hi: product.nameHi || null,
    description_hi: product.descriptionHi || null,
    features_hi: product.featuresHi && product.featuresHi.length > 0 ? JSON.stringify(product.featuresHi) : null,
  };
}

const jsonList = z.array(z.string());

/** A `products` row as a product. Throws when a list column holds something other than a JSON list of strings. */
export function rowToProduct(row: ProductRow): Product {
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
    // Left undefined when there is nothing to say, as a product read from listproduct JSON has them.
    stock: row.stock === null || row.stock === undefined ? undefined : Number(row.stock),
    reviewCount: Number(row.review_count ?? 0) || undefined,
    ratingSum: Number(row.rating_sum ?? 0) || undefined,
    ...(row.declarations ? { declarations: storedDeclarations.parse(JSON.parse(row.declarations)) } : {}),
    // Issue 27 (docs/decisions/0880): absent when the owner gave none, as `declarations`.
    ...(row.name_hi ? { nameHi: row.name_hi } : {}),
    ...(row.description_hi ? { descriptionHi: row.description_hi } : {}),
    // Issue 48 (docs/decisions/0972): a JSON list, null when the owner gave none.
    ...(row.features_hi ? { featuresHi: jsonList.parse(JSON.parse(row.features_hi)) } : {}),
  };
}

/** A product's stored declarations (lib/declarations ProductDeclarations; MRP in paise). */
const storedDeclarations = z
  .object({
    manufacturer: z.string(),
    manufacturerAddress: z.string(),
    importer: z.string(),
    importerAddress: z.string(),
    countryOfOrigin: z.string(),
    genericName: z.string(),
    netQuantity: z.string(),
    manufactured: z.string(),
    mrpPaise: z.number().int(),
  })
  .partial();
