import { sql, type Selectable } from "kysely";
import { isSqlite, type DB, type Executor } from "~/db/db.server";
import type { OrdersTable } from "~/db/schema";
import { getDb } from "~/db/index.server";
import { colourStockOf, markCatalogueChanged } from "~/db/products.server";
import { BackendError } from "~/lib/errors";
import { LOW_STOCK_MAX, STOCK_MESSAGES, stockLabelChanged, type StockReason } from "~/lib/stock";
import type { OrderItem } from "~/schemas/orders";
import { readStoreSettings } from "~/services/invoices.server";
import { log } from "~/observability/log.server";
import { releaseExpiredCodeUses } from "~/services/discounts.server";

type OrderRow = Selectable<OrdersTable>;

/*
 * Stock on hand (issue 23 item 1; DESIGN.md §21; docs/decisions/0690). `products.stock` is the
 * units on hand, null when the owner does not track the product. Units are taken inside the
 * order's transaction by one conditional UPDATE per product (`stock >= wanted`), so the database
 * decides a race for the last units (PostgreSQL's row lock re-checks the condition after the other
 * transaction commits; SQLite has one writer) and the CHECK (stock >= 0) stands behind it. Every
 * change writes a `stock_movements` row with its reason. When a change alters what a page says
 * (lib/stock `stockLabel`: "In stock" / "Only N left" / "Out of stock"), the catalogue's version
 * is bumped in the same transaction, so the page cache drops the pages that show it.
 */

/** Units wanted per product of an order's items (several colours of one watch add up). */
function unitsByProduct(items: readonly Pick<OrderItem, "productId" | "quantity">[]): [string, number][] {
  const units = new Map<string, number>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  // One order of locking for every transaction: no two orders wait on each other's products.
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Units wanted per colour of one product of an order's items, colours in name order (the same locking order). */
function unitsByColour(items: readonly Pick<OrderItem, "productId" | "quantity" | "size">[], productId: string): [string, number][] {
  const units = new Map<string, number>();
  for (const item of items) if (item.productId === productId) units.set(item.size, (units.get(item.size) ?? 0) + item.quantity);
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Sets a product whose colours are kept apart to its colours' total; answers the total. */
async function totalColours(trx: Executor, productId: string): Promise<number> {
  const row = await trx
    .selectFrom("colour_stock")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("stock"), sql<number>`0`).as("total"))
    .where("product_id", "=", productId)
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  await trx.updateTable("products").set({ stock: total }).where("id", "=", productId).execute();
  return total;
}

async function recordMovement(
  trx: Executor,
  movement: {
    productId: string;
    colour?: string | null;
    delta: number;
    stockAfter: number | null;
    reason: StockReason | "failed" | "exchange" | "exchange_release";
    orderId: string | null;
    actor: string;
    at: number;
  },
) {
  await trx
    .insertInto("stock_movements")
    .values({
      product_id: movement.productId,
      colour: movement.colour ?? null,
      delta: movement.delta,
      stock_after: movement.stockAfter,
      reason: movement.reason,
      order_id: movement.orderId,
      actor: movement.actor,
      at: movement.at,
    })
    .execute();
}

/** The shopper's name for a line of a product: "Name (Colour)" when its colours are kept apart. */
function lineName(name: string, colour?: string): string {
  return colour ? `${name} (${colour})` : name;
}

/**
 * Takes an order's units inside the order's transaction `trx` (createOrder). Products whose
 * stock is not tracked are skipped; a product whose colours are kept apart gives each line's units
 * from its colour (docs/decisions/0692), and its total follows. Answers whether any units were
 * taken (the order then holds stock: `orders.stock_state = 'held'`). Throws BackendError 409 with
 * the shopper's sentence when a watch (or its colour) has sold out ("… is out of stock. Remove it
 * from your cart …") or fewer units are left than wanted ("Only 2 of … are left. …"); the
 * caller's transaction then writes nothing.
 */
export async function takeOrderStock(
  trx: Executor,
  order: { id: string; items: readonly Pick<OrderItem, "productId" | "quantity" | "name" | "size">[] },
  now: number,
): Promise<boolean> {
  let held = false;
  let labelChanged = false;
  const apart = await colourStockOf(trx, order.items.map((item) => item.productId));
  const nameOf = (productId: string) => order.items.find((item) => item.productId === productId)?.name;
  for (const [productId, wanted] of unitsByProduct(order.items)) {
    if (apart.has(productId)) {
      for (const [colour, units] of unitsByColour(order.items, productId)) {
        const taken = await trx
          .updateTable("colour_stock")
          .set((eb) => ({ stock: eb("stock", "-", units) }))
          .where("product_id", "=", productId)
          .where("colour", "=", colour)
          .where("stock", ">=", units)
          .returning("stock")
          .executeTakeFirst();
        if (!taken) {
          const row = await trx.selectFrom("colour_stock").select("stock").where("product_id", "=", productId).where("colour", "=", colour).executeTakeFirst();
          const left = Number(row?.stock ?? 0);
          const name = lineName(nameOf(productId) ?? productId, colour);
          throw new BackendError(409, left <= 0 ? STOCK_MESSAGES.lineSoldOut(name) : STOCK_MESSAGES.lineShort(name, left));
        }
        const after = Number(taken.stock);
        labelChanged ||= stockLabelChanged(after + units, after);
        await recordMovement(trx, { productId, colour, delta: -units, stockAfter: after, reason: "sale", orderId: order.id, actor: "shopper", at: now });
      }
      const before = Object.values(apart.get(productId)!).reduce((sum, units) => sum + units, 0);
      const total = await totalColours(trx, productId);
      labelChanged ||= stockLabelChanged(before, total);
      held = true;
      continue;
    }
    const taken = await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", wanted) }))
      .where("id", "=", productId)
      .where("stock", "is not", null)
      .where("stock", ">=", wanted)
      .returning("stock")
      .executeTakeFirst();
    if (taken) {
      const after = Number(taken.stock);
      held = true;
      labelChanged ||= stockLabelChanged(after + wanted, after);
      await recordMovement(trx, { productId, delta: -wanted, stockAfter: after, reason: "sale", orderId: order.id, actor: "shopper", at: now });
      continue;
    }
    const row = await trx.selectFrom("products").select(["stock", "name"]).where("id", "=", productId).executeTakeFirst();
    if (!row || row.stock === null) continue;
    const left = Number(row.stock);
    const name = nameOf(productId) ?? row.name;
    throw new BackendError(409, left <= 0 ? STOCK_MESSAGES.lineSoldOut(name) : STOCK_MESSAGES.lineShort(name, left));
  }
  if (labelChanged) await markCatalogueChanged(trx);
  return held;
}

/**
 * Gives an order's held units back (a cancellation, an online order unpaid past the hold time,
 * a failed payment), once: the order's `stock_state` moves from `held` to `released` by a
 * conditional UPDATE, so two releases racing give back once. Products no longer tracked are
 * skipped; a product whose colours are kept apart gets each line's units back in its colour (a
 * colour the owner has since dropped gets none). Answers whether units went back.
 */
export async function releaseOrderStock(
  trx: Executor,
  order: Pick<OrderRow, "id" | "items">,
  reason: "cancel" | "expiry" | "failed",
  actor: string,
  now: number,
): Promise<boolean> {
  const moved = await trx
    .updateTable("orders")
    .set({ stock_state: "released" })
    .where("id", "=", order.id)
    .where("stock_state", "=", "held")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  const items = JSON.parse(order.items) as OrderItem[];
  const apart = await colourStockOf(trx, items.map((item) => item.productId));
  let labelChanged = false;
  for (const [productId, units] of unitsByProduct(items)) {
    if (apart.has(productId)) {
      for (const [colour, back] of unitsByColour(items, productId)) {
        const row = await trx
          .updateTable("colour_stock")
          .set((eb) => ({ stock: eb("stock", "+", back) }))
          .where("product_id", "=", productId)
          .where("colour", "=", colour)
          .returning("stock")
          .executeTakeFirst();
        if (!row) continue;
        const after = Number(row.stock);
        labelChanged ||= stockLabelChanged(after - back, after);
        await recordMovement(trx, { productId, colour, delta: back, stockAfter: after, reason, orderId: order.id, actor, at: now });
      }
      const before = Object.values(apart.get(productId)!).reduce((sum, n) => sum + n, 0);
      const total = await totalColours(trx, productId);
      labelChanged ||= stockLabelChanged(before, total);
      continue;
    }
    const back = await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", units) }))
      .where("id", "=", productId)
      .where("stock", "is not", null)
      .returning("stock")
      .executeTakeFirst();
    if (!back) continue;
    const after = Number(back.stock);
    labelChanged ||= stockLabelChanged(after - units, after);
    await recordMovement(trx, { productId, delta: units, stockAfter: after, reason, orderId: order.id, actor, at: now });
  }
  if (labelChanged) await markCatalogueChanged(trx);
  return true;
}

/**
 * Reserves `units` of `colour` of `productId` for an exchange asked on order `orderId` (issue 45
 * item 2; services/returns.server.ts), inside the request's transaction `trx`: a product whose
 * colours are kept apart gives them from that colour by one conditional UPDATE (`stock >= units`),
 * so of two exchanges racing for the last unit the database lets one win; a product tracked as one
 * count gives them from it the same way; an untracked product reserves nothing. A `stock_movements`
 * row (reason `exchange`) records each reservation. Answers `reserved`, `untracked`, or `sold_out`
 * (nothing taken: the caller refuses with 409).
 */
export async function reserveExchangeUnits(
  trx: Executor,
  exchange: { orderId: string; productId: string; colour: string; units: number; actor: string; now: number },
): Promise<"reserved" | "untracked" | "sold_out"> {
  const { orderId, productId, colour, units, actor, now } = exchange;
  const apart = (await colourStockOf(trx, [productId])).get(productId);
  if (apart) {
    const taken = await trx
      .updateTable("colour_stock")
      .set((eb) => ({ stock: eb("stock", "-", units) }))
      .where("product_id", "=", productId)
      .where("colour", "=", colour)
      .where("stock", ">=", units)
      .returning("stock")
      .executeTakeFirst();
    if (!taken) return "sold_out";
    const after = Number(taken.stock);
    await recordMovement(trx, { productId, colour, delta: -units, stockAfter: after, reason: "exchange", orderId, actor, at: now });
    const before = Object.values(apart).reduce((sum, n) => sum + n, 0);
    const total = await totalColours(trx, productId);
    if (stockLabelChanged(after + units, after) || stockLabelChanged(before, total)) await markCatalogueChanged(trx);
    return "reserved";
  }
  const row = await trx.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
  if (!row || row.stock === null) return "untracked";
  const taken = await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", units) }))
    .where("id", "=", productId)
    .where("stock", "is not", null)
    .where("stock", ">=", units)
    .returning("stock")
    .executeTakeFirst();
  if (!taken) return "sold_out";
  const after = Number(taken.stock);
  await recordMovement(trx, { productId, delta: -units, stockAfter: after, reason: "exchange", orderId, actor, at: now });
  if (stockLabelChanged(after + units, after)) await markCatalogueChanged(trx);
  return "reserved";
}

/**
 * Gives back `units` of `colour` of `productId` reserved by `reserveExchangeUnits` for order
 * `orderId` (a rejected exchange), inside `trx`: into the colour's count when colours are kept
 * apart (none when the owner has since dropped the colour), else into the product's count when it
 * is tracked; a `stock_movements` row (reason `exchange_release`). Not idempotent by itself: the
 * caller makes sure it runs once (services/returns.server.ts `releaseExchangeStock`). Answers
 * whether units went back.
 */
export async function releaseExchangeUnits(
  trx: Executor,
  exchange: { orderId: string; productId: string; colour: string; units: number; actor: string; now: number },
): Promise<boolean> {
  const { orderId, productId, colour, units, actor, now } = exchange;
  const apart = (await colourStockOf(trx, [productId])).get(productId);
  if (apart) {
    const row = await trx
      .updateTable("colour_stock")
      .set((eb) => ({ stock: eb("stock", "+", units) }))
      .where("product_id", "=", productId)
      .where("colour", "=", colour)
      .returning("stock")
      .executeTakeFirst();
    if (!row) return false;
    const after = Number(row.stock);
    await recordMovement(trx, { productId, colour, delta: units, stockAfter: after, reason: "exchange_release", orderId, actor, at: now });
    const before = Object.values(apart).reduce((sum, n) => sum + n, 0);
    const total = await totalColours(trx, productId);
    if (stockLabelChanged(after - units, after) || stockLabelChanged(before, total)) await markCatalogueChanged(trx);
    return true;
  }
  const back = await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", units) }))
    .where("id", "=", productId)
    .where("stock", "is not", null)
    .returning("stock")
    .executeTakeFirst();
  if (!back) return false;
  const after = Number(back.stock);
  await recordMovement(trx, { productId, delta: units, stockAfter: after, reason: "exchange_release", orderId, actor, at: now });
  if (stockLabelChanged(after - units, after)) await markCatalogueChanged(trx);
  return true;
}

/**
 * A payment that arrived for an order whose units were already given back (it came after the hold
 * time, or after a failed attempt): takes the units again when all are still there and answers
 * true; otherwise takes none and answers false — the order is paid but short of stock, and the
 * caller records that for the staff (refund or restock). `trx` must hold the order's row.
 */
export async function retakeOrderStock(trx: Executor, order: Pick<OrderRow, "id" | "items" | "stock_state">, now: number): Promise<boolean> {
  if (order.stock_state !== "released") return true;
  const items = JSON.parse(order.items) as OrderItem[];
  try {
    // Checked first under the row locks (PostgreSQL) or the single writer (SQLite), so a shortfall
    // takes nothing at all: the order stays (it is paid), so nothing may be half taken.
    const apart = await colourStockOf(trx, items.map((item) => item.productId));
    for (const [productId, wanted] of unitsByProduct(items)) {
      if (apart.has(productId)) {
        for (const [colour, units] of unitsByColour(items, productId)) {
          let query = trx.selectFrom("colour_stock").select("stock").where("product_id", "=", productId).where("colour", "=", colour);
          if (!isSqlite(trx as DB)) query = query.forUpdate();
          const row = await query.executeTakeFirst();
          if (!row || Number(row.stock) < units) return false;
        }
      }
      let query = trx.selectFrom("products").select("stock").where("id", "=", productId);
      if (!isSqlite(trx as DB)) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (row && row.stock !== null && Number(row.stock) < wanted) return false;
    }
    const held = await takeOrderStock(trx, { id: order.id, items }, now);
    await trx.updateTable("orders").set({ stock_state: held ? "held" : null }).where("id", "=", order.id).execute();
    return true;
  } catch (error) {
    if (error instanceof BackendError) return false;
    throw error;
  }
}

/**
 * Gives back the units of online orders still unpaid `holdMs` after they were placed (issue 23:
 * an abandoned payment; the owner's hold time, 15 minutes by default, issue 43 item 3), at most `limit` orders a
 * call, each in its own transaction with the order's row re-read (a payment confirmed meanwhile
 * wins). Cash on delivery orders keep theirs. Answers how many orders gave stock back.
 */
export async function releaseExpiredHolds(db: DB, options: { holdMs: number; now?: number; limit?: number }): Promise<number> {
  const now = options.now ?? Date.now();
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("stock_state", "=", "held")
    .where("payment_method", "<>", "cod")
    .where("payment_status", "<>", "PAID")
    .where("created_at", "<", now - options.holdMs)
    .orderBy("created_at")
    .limit(options.limit ?? 200)
    .execute();
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom("orders").select(["id", "items", "payment_status", "stock_state"]).where("id", "=", id);
      if (!isSqlite(db)) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row || row.payment_status === "PAID" || row.stock_state !== "held") return false;
      return releaseOrderStock(trx, row, "expiry", "system", now);
    });
    if (done) released += 1;
  }
  return released;
}

/**
 * Sets a product's stock by hand (the back office's product form, reason `edit`) or from a file
 * (reason `import`), inside the caller's transaction: `stock` units (null: stop tracking), or
 * `colourStock` (colour → units) for a watch whose colours the owner keeps apart, `stock` then
 * being their total (docs/decisions/0692). Going back to one count drops the colours' figures.
 * Writes a movement per change (delta from what was stored; per colour when kept apart) and bumps
 * the catalogue when a page's words change. Answers false when nothing changed.
 */
export async function setProductStock(
  trx: Executor,
  productId: string,
  stock: number | null,
  change: { reason: "edit" | "import"; actor: string; now: number; before: number | null; colourStock?: Record<string, number> },
): Promise<boolean> {
  const colourBefore = (await colourStockOf(trx, [productId])).get(productId);
  const movement = { productId, reason: change.reason, orderId: null, actor: change.actor, at: change.now };
  if (change.colourStock) {
    const before = colourBefore ?? {};
    let changed = colourBefore === undefined;
    let labelChanged = colourBefore === undefined;
    for (const [colour, units] of Object.entries(before)) {
      if (Object.hasOwn(change.colourStock, colour)) continue;
      await trx.deleteFrom("colour_stock").where("product_id", "=", productId).where("colour", "=", colour).execute();
      await recordMovement(trx, { ...movement, colour, delta: -units, stockAfter: null });
      changed = labelChanged = true;
    }
    for (const [colour, units] of Object.entries(change.colourStock).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const was = Object.hasOwn(before, colour) ? before[colour] : undefined;
      if (was === units) continue;
      await trx
        .insertInto("colour_stock")
        .values({ product_id: productId, colour, stock: units })
        .onConflict((conflict) => conflict.columns(["product_id", "colour"]).doUpdateSet({ stock: units }))
        .execute();
      await recordMovement(trx, { ...movement, colour, delta: units - (was ?? 0), stockAfter: units });
      changed = true;
      labelChanged ||= stockLabelChanged(was, units);
    }
    const total = await totalColours(trx, productId);
    labelChanged ||= stockLabelChanged(change.before, total);
    if (labelChanged) await markCatalogueChanged(trx);
    return changed || total !== change.before;
  }
  let labelChanged = false;
  if (colourBefore) {
    // Back to one count for every colour: the colours' own figures (and what pages said of them) go.
    await trx.deleteFrom("colour_stock").where("product_id", "=", productId).execute();
    labelChanged = true;
  }
  if (stock === change.before && !colourBefore) return false;
  await trx.updateTable("products").set({ stock }).where("id", "=", productId).execute();
  const delta = (stock ?? 0) - (change.before ?? 0);
  if (delta !== 0 || stock !== change.before) await recordMovement(trx, { ...movement, delta, stockAfter: stock });
  if (labelChanged || stockLabelChanged(change.before, stock)) await markCatalogueChanged(trx);
  return true;
}

/** A product's last stock movements, newest first (the back office's product page). */
export async function stockMovements(db: Executor, productId: string, limit = 20) {
  const rows = await db
    .selectFrom("stock_movements")
    .select(["colour", "delta", "stock_after", "reason", "order_id", "actor", "at"])
    .where("product_id", "=", productId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    colour: row.colour,
    delta: Number(row.delta),
    stockAfter: row.stock_after === null ? null : Number(row.stock_after),
    reason: row.reason,
    orderId: row.order_id,
    actor: row.actor,
    at: Number(row.at),
  }));
}

/** The dashboard's stock line: tracked products that are low (1 to LOW_STOCK_MAX) and out (0), hidden ones aside. */
export async function stockSummary(db: Executor): Promise<{ low: number; out: number }> {
  const row = await db
    .selectFrom("products")
    .select([
      sql<number>`sum(case when stock = 0 then 1 else 0 end)`.as("out"),
      sql<number>`sum(case when stock between 1 and ${LOW_STOCK_MAX} then 1 else 0 end)`.as("low"),
    ])
    .where("hidden", "=", 0)
    .where("stock", "is not", null)
    .executeTakeFirst();
  return { low: Number(row?.low ?? 0), out: Number(row?.out ?? 0) };
}

/** How often the server process gives back expired holds, ms. */
const HOLD_SWEEP_MS = 60_000;

declare global {
  // One sweep per process, however often the module is reloaded (remix dev).
  var __stockHoldSweep: ReturnType<typeof setInterval> | undefined;
}

/**
 * Starts giving back, every minute in this server process, the stock of online orders unpaid past
 * the owner's hold time (store settings `stockHoldMinutes`, default 15; issue 23 item 1, issue 43 item 3). Several
 * processes may sweep at once: each release is conditional, so units go back once. A failed sweep
 * is logged and tried again next minute; it never stops the store.
 */
export function startStockHoldSweep(database: () => Promise<DB> = getDb): void {
  if (globalThis.__stockHoldSweep) return;
  const sweep = async () => {
    try {
      const db = await database();
      const { stockHoldMinutes } = await readStoreSettings(db);
      const released = await releaseExpiredHolds(db, { holdMs: stockHoldMinutes * 60_000 });
      if (released > 0) log.info({ released, stockHoldMinutes }, `Stock: ${released} unpaid order(s) past ${stockHoldMinutes} minutes gave their units back.`);
      // Issue 47: and their discount codes' uses, after the same hold time.
      const uses = await releaseExpiredCodeUses(db, { holdMs: stockHoldMinutes * 60_000 });
      if (uses > 0) log.info({ uses, stockHoldMinutes }, `Discount codes: ${uses} unpaid order(s) past ${stockHoldMinutes} minutes gave their code's use back.`);
    } catch (error) {
      log.error({ err: error }, "Stock hold sweep failed");
    }
  };
  globalThis.__stockHoldSweep = setInterval(() => void sweep(), HOLD_SWEEP_MS);
  globalThis.__stockHoldSweep.unref();
  void sweep();
}

/** Stops the sweep (graceful shutdown, tests). */
export function stopStockHoldSweep(): void {
  if (globalThis.__stockHoldSweep) clearInterval(globalThis.__stockHoldSweep);
  globalThis.__stockHoldSweep = undefined;
}
