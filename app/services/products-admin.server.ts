import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { markCatalogueChanged, productToRow, recomputeModelFirst, rowToProduct } from "~/db/products.server";
import type { Database } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import { clampPage, modelKey, searchNeedle } from "~/lib/catalogue";
import { LOW_STOCK_MAX } from "~/lib/stock";
import { DECLARATION_LABELS, type DeclarationField } from "~/lib/declarations";
import type { CollectionParams } from "~/schemas/collection-params";
import { productFromJson, productToJson, type Product, type ProductJson } from "~/schemas/product";
import { recordAudit, type Actor } from "~/services/audit.server";
import { withColourStock } from "~/services/catalogue.server";
import { refreshDeclarations } from "~/services/declarations.server";
import { setProductStock } from "~/services/stock.server";

/*
 * The back office's products (issue 12 item 2; DESIGN.md §18; docs/decisions/0610): the list with
 * hidden products, create, edit, hide and bestseller. Every write is one transaction holding the
 * change, `markCatalogueChanged` (the page cache and other processes follow within seconds) and
 * one audit row (entity "product") with the changed fields before and after, in the listproduct
 * shape (rupees).
 */

/** The sentence a `staff` member gets for a changed price (issue 12 item 2). */
export const PRICE_OWNER_ONLY = "Only an owner can change prices.";

/**
 * A product as the back office sees it: the store product, whether staff hid it, and (issue 25
 * item 2) the required declarations it lacks (labels) and whether that withholds it from shoppers.
 */
export type AdminProduct = Product & { hidden: boolean; withheld?: boolean; declarationsMissing?: string[] };

/** The back office's view of a row's visibility and declarations. */
function adminFlags(row: { hidden: number | string; declarations_missing?: string | null }) {
  const missing = row.declarations_missing ? row.declarations_missing.split(",").map((field) => DECLARATION_LABELS[field as DeclarationField] ?? field) : [];
  return { hidden: Number(row.hidden) === 1, withheld: Number(row.hidden) === 2, declarationsMissing: missing };
}

/** A refused write with the form field it is about (or none): status 400, 403, 404 or 409. */
export class ProductWriteError extends BackendError {
  constructor(
    status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    super(status, message);
    this.name = "ProductWriteError";
  }
}

/** The admin list's stock filter (issue 23): every product, the low ones (tracked, 1 to LOW_STOCK_MAX) or the sold-out ones (0). */
export type AdminStockFilter = "all" | "low" | "out";

/** The admin list's query: the /collection filters (prices in whole rupees, null = no bound), shown/hidden and stock. */
export type AdminListParams = Omit<CollectionParams, "min" | "max"> & {
  min: number | null;
  max: number | null;
  visibility: "all" | "shown" | "hidden";
  stock: AdminStockFilter;
};

/** Rows per admin list page. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * One page of the back office's product list, hidden products included unless filtered: name
 * search (case-insensitive substring, as SPEC §5), categories, brands, price bounds (rupees),
 * sort, shown/hidden, stock (low: tracked with 1 to LOW_STOCK_MAX units; out: none). Answers
 * the clamped page, its products (money in paise) and the total.
 */
export async function adminProductList(
  db: DB,
  params: AdminListParams,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<{ products: AdminProduct[]; total: number; page: number; pageCount: number }> {
  const sqlite = isSqlite(db);
  const where = (eb: ExpressionBuilder<Database, "products">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    const needle = searchNeedle(params.q);
    if (needle) {
      conditions.push(
        sqlite
          ? sql<SqlBool>`instr(search_name, ${needle}) > 0`
          : sql<SqlBool>`search_name like ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
      );
    }
    if (params.categories.length > 0) conditions.push(eb("category", "in", [...params.categories]));
    if (params.brands.length > 0) conditions.push(eb("sub_category", "in", [...params.brands]));
    if (params.min !== null) conditions.push(eb("price_paise", ">=", params.min * 100));
    if (params.max !== null) conditions.push(eb("price_paise", "<=", params.max * 100));
    if (params.visibility !== "all") conditions.push(eb("hidden", "=", params.visibility === "hidden" ? 1 : 0));
    // Not tracked (null) is neither low nor out: `between` and `=` are never true of null.
    if (params.stock === "low") conditions.push(eb.between("stock", 1, LOW_STOCK_MAX));
    if (params.stock === "out") conditions.push(eb("stock", "=", 0));
    return eb.and(conditions);
  };
  const count = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where(where).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const { page, pageCount, offset } = clampPage(params.page, total, pageSize);
  const order = {
    relevant: null,
    "low-high": ["price_paise", "asc"],
    "high-low": ["price_paise", "desc"],
    newest: ["created_at", "desc"],
    bestselling: ["sold", "desc"],
  } as const satisfies Record<CollectionParams["sort"], readonly ["price_paise" | "created_at" | "sold", "asc" | "desc"] | null>;
  const sort = order[params.sort];
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where(where)
    .$call((qb) => (sort ? qb.orderBy(sort[0], sort[1]) : qb))
    .orderBy("position")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { products: rows.map((row) => ({ ...rowToProduct(row), ...adminFlags(row) })), total, page, pageCount };
}

/** One product by id for the back office, hidden or not; null when there is none. */
export async function getAdminProduct(db: Executor, id: string): Promise<AdminProduct | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [product] = await withColourStock(db, [rowToProduct(row)]);
  return { ...product, ...adminFlags(row) };
}

/** The fields of `after` (listproduct JSON, rupees) that differ from `before`, each side's value. */
function changedFields(before: ProductJson, after: ProductJson): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])] as (keyof ProductJson)[];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * Adds a product (already parsed by `productJsonSchema`, the import's schema; SPEC.md §3) at the
 * end of catalogue order, shown unless `hidden`. Creating sets a price, so only an owner may
 * (`canSetPrice`). Throws ProductWriteError 403 (not an owner), 409 on `_id` (the id is taken).
 */
export async function createProduct(
  db: DB,
  json: ProductJson,
  actor: Actor,
  { canSetPrice, hidden = false }: { canSetPrice: boolean; hidden?: boolean },
): Promise<AdminProduct> {
  if (!canSetPrice) throw new ProductWriteError(403, "Only an owner can set prices, so only an owner can add a product.");
  const product = productFromJson(json);
  await db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("products").select("id").where("id", "=", product.id).executeTakeFirst();
    if (taken) throw new ProductWriteError(409, `A product with the id ${product.id} already exists.`, "_id");
    const last = await trx.selectFrom("products").select((eb) => eb.fn.max("position").as("top")).executeTakeFirst();
    const row = productToRow(product, last?.top === null || last?.top === undefined ? 0 : Number(last.top) + 1);
    row.hidden = hidden ? 1 : 0;
    // Issue 23: the first stock goes in as a movement too (audited like every later change).
    await trx.insertInto("products").values({ ...row, stock: null }).execute();
    await setProductStock(trx, product.id, product.stock ?? null, { reason: "edit", actor: actor.email, now: Date.now(), before: null, colourStock: product.colourStock });
    await recomputeModelFirst(trx, [product]);
    await refreshDeclarations(trx, { ids: [product.id] });
    await markCatalogueChanged(trx);
    await recordAudit(trx, { actor, entity: "product", entityId: product.id, action: "create", after: { ...productToJson(product), hidden } });
  });
  return { ...product, hidden };
}

/**
 * Saves an edited product (parsed by `productJsonSchema`; `_id` and `createdAt` are kept from the
 * stored row, whatever the form says). A changed price, original price or declared MRP
 * (`pricePaise`, `originalPaise`, `declarations.mrpPaise`) needs `canChangePrice` (an owner; issue
 * 12 item 2; issue 43 item 8: the MRP is a price the Legal Metrology rules read). Answers the saved
 * product and whether anything changed (nothing changed: no write, no audit row). Throws
 * ProductWriteError 404 (no such product), 403 "Only an owner can change prices." on `price` (or
 * `declarations.mrp`).
 */
export async function updateProduct(
  db: DB,
  id: string,
  json: ProductJson,
  actor: Actor,
  { canChangePrice, stockSeen }: { canChangePrice: boolean; stockSeen?: number | null },
): Promise<{ product: AdminProduct; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await getAdminProduct(trx, id);
    if (!before) throw new ProductWriteError(404, "There is no product with this id.");
    const edited: Product = { ...productFromJson(json), id: before.id, createdAt: before.createdAt };
    if (!canChangePrice && (edited.pricePaise !== before.pricePaise || edited.originalPaise !== before.originalPaise)) {
      throw new ProductWriteError(403, PRICE_OWNER_ONLY, "price");
    }
    if (!canChangePrice && edited.declarations?.mrpPaise !== before.declarations?.mrpPaise) {
      throw new ProductWriteError(403, PRICE_OWNER_ONLY, "declarations.mrp");
    }
    const stockBefore = before.stock ?? null;
    const stockAfter = edited.stock === undefined ? stockBefore : edited.stock;
    const colourStock = edited.colourStock;
    // Issue 23: the form's figure replaces the stock only if no sale moved it since the form opened.
    if (stockAfter !== stockBefore && stockSeen !== undefined && stockSeen !== stockBefore) {
      throw new ProductWriteError(409, `The stock changed to ${stockBefore ?? "not tracked"} while you were editing (orders came in). Check it and save again.`, "stock");
    }
    const diff = changedFields(productToJson(before), productToJson({ ...edited, stock: stockAfter, colourStock }));
    if (Object.keys(diff.after).length === 0) return { product: before, changed: false };
    const { id: _id, position: _position, model_first: _first, hidden: _hidden, stock: _stock, ...fields } = productToRow(edited, 0);
    await trx.updateTable("products").set(fields).where("id", "=", id).execute();
    await setProductStock(trx, id, stockAfter, { reason: "edit", actor: actor.email, now: Date.now(), before: stockBefore, colourStock });
    if (modelKey(before) !== modelKey(edited) || before.subCategory !== edited.subCategory || before.category !== edited.category) {
      await recomputeModelFirst(trx, [before, edited]);
    }
    await refreshDeclarations(trx, { ids: [id] });
    await markCatalogueChanged(trx);
    await recordAudit(trx, { actor, entity: "product", entityId: id, action: "edit", ...diff });
    return { product: { ...edited, stock: stockAfter, ...(colourStock ? { colourStock } : {}), hidden: before.hidden }, changed: true };
  });
}

/**
 * Hides a product from the storefront or shows it again (issue 12 item 2): every page, the
 * sitemap, listproduct and carts leave it out while hidden; orders keep their snapshots.
 * Throws ProductWriteError 404. Setting the state it already has writes nothing.
 */
export async function setProductHidden(db: DB, id: string, hidden: boolean, actor: Actor): Promise<void> {
  await setFlag(db, id, actor, "hidden", hidden);
}

/** Marks a product as a bestseller (SPEC.md §3 `bestseller`) or not; as setProductHidden. */
export async function setProductBestseller(db: DB, id: string, bestseller: boolean, actor: Actor): Promise<void> {
  await setFlag(db, id, actor, "bestseller", bestseller);
}

async function setFlag(db: DB, id: string, actor: Actor, flag: "hidden" | "bestseller", value: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getAdminProduct(trx, id);
    if (!before) throw new ProductWriteError(404, "There is no product with this id.");
    if (before[flag] === value) return;
    await trx
      .updateTable("products")
      .set(flag === "hidden" ? { hidden: value ? 1 : 0 } : { bestseller: value ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    if (flag === "hidden") await recomputeModelFirst(trx, [before]);
    // Shown again by staff: withheld instead if a declaration is missing on a live store (issue 25 item 2).
    if (flag === "hidden" && !value) await refreshDeclarations(trx, { ids: [id] });
    await markCatalogueChanged(trx);
    const action = flag === "hidden" ? (value ? "hide" : "show") : value ? "bestseller on" : "bestseller off";
    await recordAudit(trx, { actor, entity: "product", entityId: id, action, before: { [flag]: before[flag] }, after: { [flag]: value } });
  });
}
