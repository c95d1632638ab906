import { sql, type SqlBool } from "kysely";
import { isSqlite, type DB } from "~/db/db.server";
import { rowToProduct } from "~/db/products.server";
import { BackendError } from "~/lib/errors";
import { WISHLIST_LIMIT, WISHLIST_MESSAGES, priceDropped } from "~/lib/wishlist";
import type { Product } from "~/schemas/product";

/*
 * The wishlist (issue 24 item 2; DESIGN.md §22; docs/decisions/0710): the watches a shopper saved,
 * kept on the server (table `wishlist_items`, one row per shopper and product, the price in paise
 * when saved), so it follows the shopper to every device. Every function is scoped to one
 * shopper's id, which the caller takes from the session, never from the request. Hidden and
 * removed products are left out of the list and the count; their rows stay, and come back if the
 * owner shows the watch again.
 */

const shown = sql<SqlBool>`products.hidden = 0`;

/** A saved watch as /wishlist shows it: today's product, the price when saved (paise), when (ms). */
export type WishlistItem = { product: Product; savedPricePaise: number; savedAt: number; priceDropped: boolean };

/**
 * Saves `productId` for the shopper at today's price. Saving a watch already saved changes nothing
 * (`added: false`: its saved price stays the first one). Throws BackendError 404 (no such shown
 * product), 409 (the list already holds WISHLIST_LIMIT watches).
 */
export async function saveToWishlist(db: DB, userId: number, productId: string, now = Date.now()): Promise<{ added: boolean }> {
  return db.transaction().execute(async (trx) => {
    // One save per shopper at a time (the shopper's row locked on PostgreSQL; SQLite has one
    // writer), so a flood of parallel saves stops at the limit too.
    let lock = trx.selectFrom("users").select("id").where("id", "=", userId);
    if (!isSqlite(db)) lock = lock.forUpdate();
    await lock.execute();
    const product = await trx.selectFrom("products").select(["price_paise"]).where("id", "=", productId).where(shown).executeTakeFirst();
    if (!product) throw new BackendError(404, WISHLIST_MESSAGES.unknownProduct);
    const existing = await trx.selectFrom("wishlist_items").select("product_id").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
    if (existing) return { added: false };
    // Counts every row, hidden products' too, so the table itself stays bounded.
    const { count } = await trx
      .selectFrom("wishlist_items")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WISHLIST_LIMIT) throw new BackendError(409, WISHLIST_MESSAGES.full);
    const result = await trx
      .insertInto("wishlist_items")
      .values({ user_id: userId, product_id: productId, price_paise: Number(product.price_paise), saved_at: now })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .executeTakeFirst();
    return { added: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
  });
}

/** Removes `productId` from the shopper's list; removing one not there changes nothing (`removed: false`). */
export async function removeFromWishlist(db: DB, userId: number, productId: string): Promise<{ removed: boolean }> {
  const result = await db.deleteFrom("wishlist_items").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return { removed: Number(result.numDeletedRows) > 0 };
}

/** Whether the shopper saved `productId` (the product page's toggle). */
export async function isInWishlist(db: DB, userId: number, productId: string): Promise<boolean> {
  const row = await db.selectFrom("wishlist_items").select("product_id").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return row !== undefined;
}

/** The shopper's saved watches that are on sale in the store, newest saved first, with today's product. */
export async function wishlistItems(db: DB, userId: number): Promise<WishlistItem[]> {
  const rows = await db
    .selectFrom("wishlist_items")
    .innerJoin("products", "products.id", "wishlist_items.product_id")
    .selectAll("products")
    .select(["wishlist_items.price_paise as saved_price_paise", "wishlist_items.saved_at"])
    .where("wishlist_items.user_id", "=", userId)
    .where(shown)
    .orderBy("wishlist_items.saved_at", "desc")
    .orderBy("products.position")
    .execute();
  return rows.map((row) => {
    const product = rowToProduct(row);
    const savedPricePaise = Number(row.saved_price_paise);
    return { product, savedPricePaise, savedAt: Number(row.saved_at), priceDropped: priceDropped(savedPricePaise, product.pricePaise) };
  });
}

