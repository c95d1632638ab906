import { z } from "zod";
import { BackendError } from "~/lib/errors";
import type { DB, Executor } from "~/db/db.server";
import { colourStockOf } from "~/db/products.server";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { STOCK_MESSAGES } from "~/lib/stock";
import {
  API_MESSAGES,
  MAX_LINE_QUANTITY,
  cartAddBodySchema,
  cartUpdateBodySchema,
  firstIssueMessage,
  type CartData,
} from "~/schemas/api";

/**
 * The server-side cart (DESIGN.md §8). Every function takes the shopper's id (resolved from their
 * token by the caller) and every query is scoped to it: no call can read or change another
 * shopper's lines.
 */

/** The shopper's cart lines with a quantity, in product id then key order; scoped to `userId`. */
export function selectCartLines(executor: Executor, userId: number) {
  return executor
    .selectFrom("cart_lines")
    .select(["product_id", "size_key", "quantity"])
    .where("user_id", "=", userId)
    .where("quantity", ">", 0)
    .orderBy("product_id")
    .orderBy("size_key")
    .execute();
}

/**
 * The shopper's cart as SPEC.md §3 shapes it: product id → size-or-colour key → quantity.
 * Lines are in product id, then key, order. Products that left the catalogue are still listed
 * (the storefront skips them), so the shopper's data is never silently lost.
 */
export async function getCartData(db: DB, userId: number): Promise<CartData> {
  const rows = await selectCartLines(db, userId);
  const cart: CartData = {};
  for (const row of rows) {
    (cart[row.product_id] ??= {})[row.size_key] = Number(row.quantity);
  }
  return cart;
}

/**
 * Adds one of a product in a colour (or the default key) to the cart; adding again increments
 * the line (SPEC.md §4). Input `{itemId, size}` as in `POST /api/cart/add`.
 * Throws BackendError 400 ('Please select a size' when no key; 'Please select a colour.' when the
 * key is not one of the product's colours), 404 (unknown product), 409 (line already at 99; the
 * watch is out of stock, issue 23).
 */
export async function addCartItem(db: DB, userId: number, input: unknown): Promise<void> {
  const parsed = cartAddBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const { itemId, size } = parsed.data;
  await requireValidKey(db, itemId, size);

  const result = await db
    .insertInto("cart_lines")
    .values({ user_id: userId, product_id: itemId, size_key: size, quantity: 1 })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "product_id", "size_key"])
        .doUpdateSet((eb) => ({ quantity: eb("cart_lines.quantity", "+", 1) }))
        .where("cart_lines.quantity", "<", MAX_LINE_QUANTITY),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new BackendError(409, API_MESSAGES.quantityCap);
}

/**
 * Sets a line's quantity (SPEC.md §4; `POST /api/cart/update`): 1..99 sets it (creating the line
 * if needed), 0 removes it. Removing works even for a product that has left the catalogue.
 * Throws BackendError 400 (bad quantity or key, with the sentence to show), 404 (unknown product).
 */
export async function updateCartItem(db: DB, userId: number, input: unknown): Promise<void> {
  const parsed = cartUpdateBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const { itemId, size, quantity } = parsed.data;

  if (quantity === 0) {
    const result = await db
      .deleteFrom("cart_lines")
      .where("user_id", "=", userId)
      .where("product_id", "=", itemId)
      .where("size_key", "=", size)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) return;
    if (!(await findProduct(db, itemId))) throw new BackendError(404, API_MESSAGES.productUnknown);
    return;
  }

  await requireValidKey(db, itemId, size);
  await db
    .insertInto("cart_lines")
    .values({ user_id: userId, product_id: itemId, size_key: size, quantity })
    .onConflict((oc) => oc.columns(["user_id", "product_id", "size_key"]).doUpdateSet({ quantity }))
    .execute();
}

const colourList = z.array(z.string());

async function findProduct(db: DB, itemId: string): Promise<{ colours: string[]; stock: number | null } | undefined> {
  // A hidden product is unknown to the shopper (issue 12 item 2).
  const row = await db.selectFrom("products").select(["id", "colours", "stock"]).where("id", "=", itemId).where("hidden", "=", 0).executeTakeFirst();
  if (!row) return undefined;
  return { colours: colourList.parse(JSON.parse(row.colours)), stock: row.stock === null ? null : Number(row.stock) };
}

/**
 * The product must exist and be shown (404), be in stock when its stock is tracked (409 "Sorry,
 * this watch is out of stock."; issue 23), and the key must be one of its colours, or
 * DEFAULT_SIZE_KEY for a product without colours (DESIGN.md §8).
 */
async function requireValidKey(db: DB, itemId: string, size: string): Promise<void> {
  const product = await findProduct(db, itemId);
  if (!product) throw new BackendError(404, API_MESSAGES.productUnknown);
  if (product.stock === 0) throw new BackendError(409, STOCK_MESSAGES.outOfStock);
  if (product.colours.length > 0) {
    if (!product.colours.includes(size)) throw new BackendError(400, API_MESSAGES.colourRequired);
    // A colour kept apart that sold out (docs/decisions/0692).
    if (product.stock !== null) {
      const apart = (await colourStockOf(db, [itemId])).get(itemId);
      if (apart && (apart[size] ?? 0) <= 0) throw new BackendError(409, STOCK_MESSAGES.colourOutOfStock(size));
    }
  } else if (size !== DEFAULT_SIZE_KEY) {
    throw new BackendError(400, `This watch comes in one style only: add it with size "${DEFAULT_SIZE_KEY}".`);
  }
}
