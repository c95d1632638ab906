import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import { isSqlite, isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import type { OrdersTable } from "~/db/schema";
import { ORDER_STATUSES } from "~/constants/store";
import { cartTotals } from "~/lib/cart-lines";
import { CANCELLED, SHIPPED, hasShipped, statusMoveProblem } from "~/lib/order-status";
import { STATUS_EMAIL_KINDS } from "~/lib/order-emails";
import { REVIEW_INVITE_DELAY_MS } from "~/lib/reviews";
import { shipmentSchema, type Shipment } from "~/schemas/admin-orders";
import { recordAudit, type Actor } from "~/services/audit.server";
import { requireOrderDelivery } from "~/services/delivery.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { issueInvoice } from "~/services/invoices.server";
import { enqueueReviewInvite } from "~/services/review-invites.server";
import { releaseOrderStock, takeOrderStock } from "~/services/stock.server";
import { BackendError } from "~/lib/errors";
import { orderLimitProblems, unpaidLimitProblems } from "~/lib/order-limits";
import { firstIssueMessage } from "~/schemas/api";
import { selectCartLines } from "~/services/carts.server";
import { codeNoLongerApplies, giveBackCodeUse, lineKey as discountLineKey, removeCartCode, retakeCodeUse, takeCodeUse } from "~/services/discounts.server";
import { DISCOUNT_MESSAGES, type DiscountLine } from "~/lib/discounts";
import {
  MAX_DESTINATIONS_PER_HOUR,
  MAX_UNPAID_ONLINE_ORDERS_PER_HOUR,
  MAX_COD_ORDERS_PER_HOUR,
  ORDER_MESSAGES,
  idempotencyKeySchema,
  orderBodySchema,
  orderStatusSchema,
  storedAddressSchema,
  type GatewayMode,
  type Order,
  type OrderBody,
  type OrderItem,
  type OrderItemInput,
  type OrderPaymentMethod,
  type PaymentStatus,
} from "~/schemas/orders";

/**
 * Orders (SPEC.md §4, §7; DESIGN.md §4, §6, §9); the payment rules are in
 * services/payments.server.ts (issue 8 item 4). The server decides every amount:
 * an order's items and total come from the shopper's cart lines and the catalogue, never from the
 * request. Every function takes the shopper's id (resolved from the token by the caller) and
 * scopes every query to it. Failures a shopper should hear about are BackendErrors with the
 * Store API's status; none is a 500.
 */

export type OrderRow = Selectable<OrdersTable>;

/** The status text a new order starts with (SPEC.md §4; docs/decisions/0234). */
export const INITIAL_ORDER_STATUS = ORDER_STATUSES[0];

/** How long an order call without an explicit idempotency key is recognised as a retry. */
export const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;

/** Most orders the orders list answers, newest first. */
export const USER_ORDERS_LIMIT = 200;

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A new order id: "CI" + the date (yymmdd, UTC) + "-" + 8 random Crockford base-32 characters,
 * e.g. "CI250314-7K3M9Q2X". Readable on the phone, unique, and valid as Cashfree's order_id and
 * link_id (docs/decisions/0232).
 */
export function newOrderId(now = Date.now()): string {
  const date = new Date(now).toISOString().slice(2, 10).replace(/-/g, "");
  const bytes = crypto.randomBytes(8);
  let tail = "";
  for (const byte of bytes) tail += CROCKFORD[byte % 32];
  return `CI${date}-${tail}`;
}

const orderItemsSchema = z.array(
  z.object({
    productId: z.string(),
    name: z.string(),
    image: z.string(),
    pricePaise: z.number(),
    size: z.string(),
    quantity: z.number(),
    discountPaise: z.number().optional(),
  }),
);

/** A stored row → the order as the services answer it (money in paise). */
export function rowToOrder(row: OrderRow): Order {
  return {
    id: row.id,
    items: orderItemsSchema.parse(JSON.parse(row.items)),
    amountPaise: Number(row.amount_paise),
    address: storedAddressSchema.parse(JSON.parse(row.address)),
    status: row.status,
    paymentMethod: row.payment_method as OrderPaymentMethod,
    paymentStatus: row.payment_status as PaymentStatus,
    createdAt: Number(row.created_at),
    paymentMode: row.payment_method === "cod" ? null : ((row.gateway_mode as GatewayMode | null) ?? null),
    deliveryWindow: row.delivery_from && row.delivery_to ? { from: row.delivery_from, to: row.delivery_to } : null,
    language: row.language === "hi" ? "hi" : "en",
    discountCode: row.discount_code ?? null,
    discountPaise: Number(row.discount_paise ?? 0),
  };
}

/**
 * An order's payment instrument at Cashfree: `gateway_order_id` holds "order:{id}" (a Cashfree
 * order) or "link:{id}" (a payment link). The first instrument's id is our order id; each switch
 * of kind makes a fresh one, "{order id}_{n}" (Cashfree never reuses a terminated order's or a
 * cancelled link's id; docs/decisions/0310).
 */
export type GatewayRef = { kind: "order" | "link"; id: string };

export function parseGatewayRef(value: string | null): GatewayRef | null {
  const match = value ? /^(order|link):(.+)$/.exec(value) : null;
  return match ? { kind: match[1] as GatewayRef["kind"], id: match[2] } : null;
}

export function formatGatewayRef(ref: GatewayRef): string {
  return `${ref.kind}:${ref.id}`;
}

/**
 * Serialises one shopper's checkout writes on PostgreSQL (a row lock on the user; SQLite runs one
 * write transaction at a time already), and refuses an account deleted meanwhile (issue 25 item 4:
 * a session checked just before the deletion committed must not write an order for it).
 * Throws BackendError 401 "Please log in again." when the account is gone or deleted.
 */
export async function lockShopper(trx: Executor, userId: number) {
  let query = trx.selectFrom("users").select(["id", "deleted_at"]).where("id", "=", userId);
  if (!isSqlite(trx as DB)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || row.deleted_at !== null) throw new BackendError(401, "Please log in again.");
}

/** Parses an order call's body; BackendError 400 with the first problem's sentence. */
export function parseOrderBody(input: unknown): OrderBody {
  const parsed = orderBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/**
 * The idempotency keys an order call is recognised by (docs/decisions/0233): a digest of the
 * method, address and items, joined to the explicit key when there is one (the checkout form's
 * one-time key, or an `Idempotency-Key` header) — so a resubmission with an edited address is a
 * new order — and otherwise valid for 10 minutes (this window and the last). The first key is the
 * one a new order is stored under.
 */
function idempotencyKeys(explicit: string | null | undefined, method: OrderPaymentMethod, body: OrderBody, now: number, cartCodeKey: string | null): string[] {
  const items = body.items
    .map((item) => [item._id, item.size, item.quantity] as const)
    .sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
  const digest = crypto
    .createHash("sha256")
    // Issue 47: with the cart's code, so applying or removing one makes the next attempt a new order.
    .update(JSON.stringify(cartCodeKey === null ? [method, body.address, items] : [method, body.address, items, cartCodeKey]))
    .digest("base64url");
  if (explicit) {
    const parsed = idempotencyKeySchema.safeParse(explicit);
    if (!parsed.success) throw new BackendError(400, ORDER_MESSAGES.idempotencyKeyInvalid);
    return [`key:${parsed.data}:${digest}`];
  }
  const window = Math.floor(now / DERIVED_KEY_WINDOW_MS);
  return [`auto:${digest}:${window}`, `auto:${digest}:${window - 1}`];
}

async function findOrderByKeys(trx: Executor, userId: number, keys: string[]): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "in", keys)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/**
 * Prices the shopper's cart (SPEC.md §9: delivery free) after checking that the requested items
 * are exactly its lines. Lines whose product left the catalogue (or was hidden in the back office)
 * are skipped, as the cart page skips them (SPEC.md §4). Throws BackendError 400 (empty cart; an item not in the cart) or 409
 * (same lines, other quantities: the page was stale).
 */
async function priceCart(trx: Executor, userId: number, requested: OrderItemInput[]) {
  const lines = await selectCartLines(trx, userId);
  const productIds = [...new Set(lines.map((line) => line.product_id))];
  const products = productIds.length
    ? await trx
        .selectFrom("products")
        .select(["id", "name", "images", "price_paise", "category", "sub_category"])
        .where("id", "in", productIds)
        .where("hidden", "=", 0)
        .execute()
    : [];
  const byId = new Map(products.map((product) => [product.id, product]));
  const known = lines.filter((line) => byId.has(line.product_id));
  if (known.length === 0) throw new BackendError(400, ORDER_MESSAGES.cartEmpty);

  const lineKey = (productId: string, size: string) => `${productId}\u0000${size}`;
  const cart = new Map(known.map((line) => [lineKey(line.product_id, line.size_key), Number(line.quantity)]));
  const seen = new Set<string>();
  let quantitiesDiffer = false;
  for (const item of requested) {
    const key = lineKey(item._id, item.size);
    if (seen.has(key) || !cart.has(key)) throw new BackendError(400, ORDER_MESSAGES.itemsNotInCart);
    seen.add(key);
    if (cart.get(key) !== item.quantity) quantitiesDiffer = true;
  }
  if (quantitiesDiffer || seen.size !== cart.size) throw new BackendError(409, ORDER_MESSAGES.cartChanged);

  const items: OrderItem[] = known.map((line) => {
    const product = byId.get(line.product_id)!;
    const images = z.array(z.string()).parse(JSON.parse(product.images));
    return {
      productId: line.product_id,
      name: product.name,
      image: images[0] ?? "",
      pricePaise: Number(product.price_paise),
      size: line.size_key,
      quantity: Number(line.quantity),
    };
  });
  // Issue 47: the lines as a discount code reads them, in the order's item order.
  const discountLines: DiscountLine[] = known.map((line) => {
    const product = byId.get(line.product_id)!;
    return {
      key: discountLineKey(line.product_id, line.size_key),
      productId: line.product_id,
      brand: product.sub_category,
      category: product.category,
      pricePaise: Number(product.price_paise),
      quantity: Number(line.quantity),
    };
  });
  return { items, discountLines, amountPaise: cartTotals(items).totalPaise };
}

/** Removes an order's lines from the shopper's cart (lines added since stay; docs/decisions/0235). */
export async function removeOrderedLines(trx: Executor, userId: number, items: OrderItem[]) {
  if (items.length === 0) return;
  await trx
    .deleteFrom("cart_lines")
    .where("user_id", "=", userId)
    .where((eb) => eb.or(items.map((item) => eb.and([eb("product_id", "=", item.productId), eb("size_key", "=", item.size)]))))
    .execute();
  // Issue 47: the code applied to the cart goes with the lines it was applied to.
  await removeCartCode(trx, userId);
}

export type CreatedOrder = { order: Order; row: OrderRow; created: boolean };

/** The rolling window of the unpaid-order limit, in ms (issue 8 item 5). */
export const UNPAID_ORDER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Creates the order for the shopper's cart, or finds the one an earlier identical call made
 * (idempotent: a double submit, a retry or 20 concurrent identical calls make one order). For
 * cash on delivery the ordered lines leave the cart in the same transaction. A new order is
 * refused with BackendError 429 when the shopper already started too many unpaid or
 * cash-on-delivery orders, or sent them to too many places, in the last hour (`refuseOrderSpam`,
 * counted in the orders table, so every process sees the same count; issue 8 item 5, issue 21
 * item 2), and with BackendError 400/429 when it has more of a watch, or more watches, than one
 * order or one account's orders not yet paid may hold (`refuseHoarding`, issue 43 item 3); a
 * replay of an existing order is never refused. A new order's delivery is checked and
 * its promised window stored (issue 13 item 4; BackendError 400: "This PIN code doesn't exist.
 * Please check it.", the state mismatch, "We don't deliver to 194101 yet", cash on delivery not
 * allowed for this PIN or amount). A new cash-on-delivery order puts its "order placed" email in
 * the outbox in the same transaction (issue 14 item 4); an online order's email waits for its
 * payment (payments.server.ts `confirmPayment`).
 */
export async function createOrder(
  db: DB,
  input: {
    userId: number;
    body: OrderBody;
    method: OrderPaymentMethod;
    gatewayKind: GatewayRef["kind"] | null;
    gatewayMode: GatewayMode | null;
    idempotencyKey?: string | null;
    now: number;
  },
): Promise<CreatedOrder> {
  const applied = await db.selectFrom("cart_codes").select("code_key").where("user_id", "=", input.userId).executeTakeFirst();
  const keys = idempotencyKeys(input.idempotencyKey, input.method, input.body, input.now, applied?.code_key ?? null);
  const replay = (row: OrderRow): CreatedOrder => {
    if (row.payment_method !== input.method) throw new BackendError(409, ORDER_MESSAGES.cartChanged);
    return { order: rowToOrder(row), row, created: false };
  };
  try {
    const result = await db.transaction().execute(async (trx) => {
      await lockShopper(trx, input.userId);
      const existing = await findOrderByKeys(trx, input.userId, keys);
      if (existing) {
        // Issue 47: an attempt again on an unpaid order whose code's use went back (its payment
        // failed or its hold ended) takes it again, unless the code was used up meanwhile — also
        // when its watches' stock is not counted (no units were held or released).
        if (existing.payment_status !== "PAID" && existing.status !== CANCELLED) {
          if (!(await retakeCodeUse(trx, existing.id, input.now, { force: false }))) {
            throw new BackendError(409, codeNoLongerApplies(DISCOUNT_MESSAGES.usedUp));
          }
        }
        // Issue 23: an attempt again on an order whose units went back (its payment failed or its
        // hold ended) takes them again, or is told the watch sold out meanwhile.
        if (existing.stock_state === "released" && existing.payment_status !== "PAID") {
          const held = await takeOrderStock(trx, { id: existing.id, items: JSON.parse(existing.items) as OrderItem[] }, input.now);
          await trx.updateTable("orders").set({ stock_state: held ? "held" : null }).where("id", "=", existing.id).execute();
          return replay({ ...existing, stock_state: held ? "held" : null });
        }
        return replay(existing);
      }
      await refuseOrderSpam(trx, input.userId, input.method, input.body.address, input.now);
      const priced = await priceCart(trx, input.userId, input.body.items);
      const id = newOrderId(input.now);
      // Issue 47 item 2: the cart's code, its use taken here in the order's transaction (a code used
      // up by a racing order, or no longer valid, is refused with 409 and nothing is written).
      const taken = await takeCodeUse(trx, {
        orderId: id,
        userId: input.userId,
        email: input.body.address.email,
        phone: input.body.address.phone,
        lines: priced.discountLines,
        now: input.now,
      });
      const lineDiscounts = new Map(taken?.effect.lines.map((line) => [line.key, line.discountPaise]));
      const items = priced.items.map((item) => {
        const discountPaise = lineDiscounts.get(discountLineKey(item.productId, item.size)) ?? 0;
        return discountPaise > 0 ? { ...item, discountPaise } : item;
      });
      const discountPaise = taken?.effect.discountPaise ?? 0;
      const amountPaise = priced.amountPaise - discountPaise;
      await refuseHoarding(trx, input.userId, input.method, items, input.now);
      // Issue 13 item 4: the PIN must exist, match the state and be served, and cash on delivery
      // be allowed there for this amount (placeCodOrder has checked that the store offers it).
      const window = await requireOrderDelivery(trx, input.body.address, {
        amountPaise,
        codEnabled: true,
        paymentMethod: input.method,
        now: input.now,
      });
      // Issue 23: the order's units are taken here, in its transaction; a sold-out watch stops it.
      const held = await takeOrderStock(trx, { id, items }, input.now);
      const row: OrderRow = {
        id,
        user_id: input.userId,
        items: JSON.stringify(items),
        amount_paise: amountPaise,
        address: JSON.stringify(input.body.address),
        status: INITIAL_ORDER_STATUS,
        payment_method: input.method,
        payment_status: "PENDING",
        gateway_order_id: input.gatewayKind ? `${input.gatewayKind}:${id}` : null,
        idempotency_key: keys[0],
        created_at: input.now,
        updated_at: input.now,
        gateway_mode: input.gatewayMode,
        refund_due: 0,
        refund_payments: null,
        paid_by: null,
        courier: null,
        awb_number: null,
        tracking_url: null,
        delivery_from: window.from,
        delivery_to: window.to,
        stock_state: held ? "held" : null,
        // Issue 27: the checkout page's language; the order's emails and links speak it.
        language: input.body.language,
        // Issue 47: the code and what it took off the items (amount_paise is after it).
        discount_code_id: taken?.codeId ?? null,
        discount_code: taken?.code ?? null,
        discount_paise: discountPaise,
      };
      await trx.insertInto("orders").values(row).execute();
      const order = rowToOrder(row);
      if (input.method === "cod") {
        await removeOrderedLines(trx, input.userId, items);
        await enqueueOrderEmail(trx, { kind: "order_placed", order }, { now: input.now });
      }
      return { order, row, created: true };
    });
    if (result.created && input.method === "cod") nudgeOrderEmails();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKeys(db, input.userId, keys);
      if (existing) return replay(existing);
    }
    throw error;
  }
}

/**
 * Refuses a new order (BackendError 429) that would let one account flood the store or other
 * people's doors, counting the shopper's orders of the last hour that cost nothing to start —
 * cash-on-delivery orders and unpaid online attempts (issue 8 item 5; issue 21 item 2):
 * - an online order when MAX_UNPAID_ONLINE_ORDERS_PER_HOUR unpaid online attempts exist
 *   (ORDER_MESSAGES.tooManyUnpaidOrders);
 * - a cash-on-delivery order when MAX_COD_ORDERS_PER_HOUR cash-on-delivery orders exist, a limit
 *   of their own (ORDER_MESSAGES.tooManyCodOrders);
 * - either, to an address (PIN + street) or mobile number not among them, once they already go to
 *   MAX_DESTINATIONS_PER_HOUR different ones (ORDER_MESSAGES.tooManyDestinations).
 * Paid orders never count: paying is its own proof.
 */
async function refuseOrderSpam(trx: Executor, userId: number, method: OrderPaymentMethod, address: OrderBody["address"], now: number) {
  const recent = await trx
    .selectFrom("orders")
    .select(["payment_method", "address"])
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("payment_method", "=", "cod"), eb("payment_status", "<>", "PAID")]))
    .where("created_at", ">", now - UNPAID_ORDER_WINDOW_MS)
    .limit(MAX_UNPAID_ONLINE_ORDERS_PER_HOUR + MAX_COD_ORDERS_PER_HOUR + 1)
    .execute();
  const sameKind = recent.filter((row) => (row.payment_method === "cod") === (method === "cod")).length;
  if (method === "cod" && sameKind >= MAX_COD_ORDERS_PER_HOUR) throw new BackendError(429, ORDER_MESSAGES.tooManyCodOrders);
  if (method !== "cod" && sameKind >= MAX_UNPAID_ONLINE_ORDERS_PER_HOUR) throw new BackendError(429, ORDER_MESSAGES.tooManyUnpaidOrders);
  const places = new Set<string>();
  const phones = new Set<string>();
  for (const row of recent) {
    const stored = storedAddressSchema.safeParse(JSON.parse(row.address));
    if (!stored.success) continue;
    places.add(placeKey(stored.data));
    phones.add(stored.data.phone);
  }
  const newPlace = !places.has(placeKey(address)) && places.size >= MAX_DESTINATIONS_PER_HOUR;
  const newPhone = !phones.has(address.phone) && phones.size >= MAX_DESTINATIONS_PER_HOUR;
  if (newPlace || newPhone) throw new BackendError(429, ORDER_MESSAGES.tooManyDestinations);
}

/**
 * Refuses a new order that would let one account keep watches from other shoppers without paying
 * (issue 43 item 3; lib/order-limits, docs/decisions/0930), before any unit is taken:
 * - BackendError 400 when the order alone has more than MAX_UNITS_OF_ONE_WATCH (3) of a watch (its
 *   colours together) or more than MAX_UNITS_PER_ORDER (6) watches — any payment method;
 * - for an online order, BackendError 429 when, with the items of the shopper's unpaid online
 *   orders of the last hour (whether their units are still held or went back), it would pass
 *   MAX_UNPAID_UNITS_OF_ONE_WATCH (6) of a watch or MAX_UNPAID_UNITS (12) in all. Counting the
 *   hour's orders, not only the holds still open, keeps a hold from being renewed by ordering
 *   again. Cash-on-delivery orders are placed, not unpaid: they meet the per-order limits and their
 *   own hourly limits (`refuseOrderSpam`), and do not count here.
 * The sentence names the watch and sends a larger order to the store.
 */
async function refuseHoarding(trx: Executor, userId: number, method: OrderPaymentMethod, items: OrderItem[], now: number) {
  const own = orderLimitProblems(items);
  if (own.length > 0) throw new BackendError(400, own[0].message);
  if (method === "cod") return;
  const recent = await trx
    .selectFrom("orders")
    .select("items")
    .where("user_id", "=", userId)
    .where("payment_method", "<>", "cod")
    .where("payment_status", "<>", "PAID")
    .where("created_at", ">", now - UNPAID_ORDER_WINDOW_MS)
    .limit(MAX_UNPAID_ONLINE_ORDERS_PER_HOUR + 1)
    .execute();
  const unpaid = recent.flatMap((row) => orderItemsSchema.parse(JSON.parse(row.items)));
  const problems = unpaidLimitProblems(items, unpaid);
  if (problems.length > 0) throw new BackendError(429, problems[0].message);
}

/** One delivery place: the PIN code and the street, case and spacing folded. */
function placeKey(address: { zipcode: string; street: string }): string {
  return `${address.zipcode}|${address.street.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()}`;
}

/**
 * Places a cash-on-delivery order (SPEC.md §7 `POST /api/order/place`, body `{address, items,
 * amount}`; `amount` and item prices are ignored). The order is created and its lines leave the
 * cart in one transaction. Throws BackendError 400 (bad input, empty cart, items not in the cart,
 * cash on delivery switched off: 'Please select a valid payment method'), 409 (stale cart).
 */
export async function placeCodOrder(
  db: DB,
  userId: number,
  input: unknown,
  options: { codEnabled: boolean; idempotencyKey?: string | null; now?: number },
): Promise<{ order: Order; created: boolean }> {
  const body = parseOrderBody(input);
  if (!options.codEnabled) throw new BackendError(400, ORDER_MESSAGES.invalidMethod);
  const { order, created } = await createOrder(db, {
    userId,
    body,
    method: "cod",
    gatewayKind: null,
    gatewayMode: null,
    idempotencyKey: options.idempotencyKey,
    now: options.now ?? Date.now(),
  });
  return { order, created };
}

/**
 * The shopper's orders for My Orders (SPEC.md §4, DESIGN.md §9), newest first: paid orders and
 * cash-on-delivery orders; unpaid online attempts are left out. At most 200.
 */
export async function listUserOrders(db: DB, userId: number): Promise<Order[]> {
  const rows = await db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("payment_status", "=", "PAID"), eb("payment_method", "=", "cod")]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(USER_ORDERS_LIMIT)
    .execute();
  return rows.map(rowToOrder);
}

/** Who moved an order when no staff member did: `npm run orders:status`. */
export const CLI_ORDERS_ACTOR: Actor = { id: null, email: "cli:orders:status" };

/**
 * Moves an order along the status machine (issue 12 item 1; lib/order-status.ts): `Order Placed →
 * Packing → Shipped → Out for delivery → Delivered` forward only (steps may be skipped),
 * `Cancelled` only before `Shipped`; nothing leaves `Delivered` or `Cancelled`. Used by the back
 * office and `npm run orders:status` alike. A move to `Shipped` needs `shipment` (courier and AWB
 * number, optional http(s) tracking URL; shared/schemas/admin-orders.ts); later moves may carry
 * one too. A move to the status the order already has changes nothing and writes nothing.
 *
 * Writes, in one transaction: the update (conditional on the status read, so of two concurrent
 * moves one wins and the other gets 409), one `order_events` row (kind `status`, the shipment in
 * `details`), one audit row (entity `order`) and, for `Shipped`, `Out for delivery` and
 * `Delivered`, the shopper's email in the outbox (issue 14 item 4; once per order and status) and,
 * for a cash-on-delivery order reaching `Delivered`, its GST tax invoice (issue 14 item 2); at
 * `Delivered`, the invitation to review the watches not yet reviewed, due 3 days later (issue 23
 * item 2; services/review-invites.server.ts).
 * `actor` defaults to the terminal command; `by: "shopper"` marks the shopper's own cancel in the
 * event's details and `alsoInTransaction` adds writes to the move's transaction (issue 45,
 * services/order-cancel.server.ts).
 *
 * Throws BackendError 400 (unknown status; missing or bad shipment for `Shipped`), 404 (unknown
 * order), 409 (an illegal move, e.g. `Order CI… is "Delivered"; it cannot move back to
 * "Packing".`; an online order that is not paid; a test-paid order moved past `Order Placed`
 * while the store has live credentials, issue 8 item 1 — cancelling it stays allowed; a
 * concurrent change).
 */
export async function setOrderStatus(
  db: DB,
  orderId: string,
  status: unknown,
  options: {
    liveCredentials: boolean;
    now?: number;
    actor?: Actor;
    shipment?: unknown;
    /** Who asked, when not staff: "shopper" (the shopper's cancel, issue 45; kept in the event's details). */
    by?: "shopper";
    /** More writes of the move, in its transaction after the status changed (the shopper's cancel email; issue 45). */
    alsoInTransaction?: (trx: Executor, row: OrderRow) => Promise<void>;
  } = { liveCredentials: false },
): Promise<Order> {
  const now = options.now ?? Date.now();
  const actor = options.actor ?? CLI_ORDERS_ACTOR;
  const parsed = orderStatusSchema.safeParse(status);
  if (!parsed.success) {
    throw new BackendError(400, `Unknown status ${JSON.stringify(status)}. Use one of: ${ORDER_STATUSES.join(", ")}.`);
  }
  const to = parsed.data;
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new BackendError(404, `No order with id ${orderId}.`);
  if (row.status === to) return rowToOrder(row);
  const problem = statusMoveProblem(orderId, row.status, to);
  if (problem) throw new BackendError(409, problem);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") {
    throw new BackendError(409, `Order ${orderId} is not paid (payment ${row.payment_status}); only paid and cash-on-delivery orders move.`);
  }
  if (options.liveCredentials && row.payment_method !== "cod" && row.gateway_mode !== "live" && to !== INITIAL_ORDER_STATUS && to !== CANCELLED) {
    throw new BackendError(
      409,
      `Order ${orderId} was paid in test mode (${row.gateway_mode ?? "unknown"}): no real money was taken, so it cannot move past "${INITIAL_ORDER_STATUS}" on a store with live Cashfree credentials.`,
    );
  }
  let shipment: Shipment | null = null;
  const shipmentGiven = options.shipment !== undefined && options.shipment !== null;
  if (to === SHIPPED || (shipmentGiven && hasShipped(to))) {
    const checked = shipmentSchema.safeParse(options.shipment ?? {});
    if (!checked.success) throw new BackendError(400, firstIssueMessage(checked.error));
    shipment = checked.data;
  }
  const before = { status: row.status, courier: row.courier, awbNumber: row.awb_number, trackingUrl: row.tracking_url };
  const after = shipment
    ? { status: to, courier: shipment.courier, awbNumber: shipment.awbNumber, trackingUrl: shipment.trackingUrl }
    : { ...before, status: to };

  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("orders")
      .set({ status: to, updated_at: now, courier: after.courier, awb_number: after.awbNumber, tracking_url: after.trackingUrl })
      .where("id", "=", orderId)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("order_events")
      .values({ order_id: orderId, at: now, kind: "status", status: to, actor: actor.email, details: JSON.stringify({ from: row.status, shipment, ...(options.by ? { by: options.by } : {}) }) })
      .execute();
    await recordAudit(trx, { actor, entity: "order", entityId: orderId, action: `status: ${row.status} → ${to}`, before, after, at: now });
    if (to === "Delivered" && row.payment_method === "cod") await issueInvoice(trx, { ...rowToOrder(row), status: to }, now);
    // Issue 23: a cancelled order's units go back on sale.
    if (to === CANCELLED) {
      await releaseOrderStock(trx, row, "cancel", actor.email, now);
      // Issue 47 item 2: a cancelled order gives its code's use back, once.
      await giveBackCodeUse(trx, row.id, now);
    }
    if (options.alsoInTransaction) await options.alsoInTransaction(trx, row);
    const emailKind = STATUS_EMAIL_KINDS[to];
    if (emailKind) {
      const order = { ...rowToOrder(row), status: to };
      const sent = after.courier && after.awbNumber ? { courier: after.courier, awbNumber: after.awbNumber, trackingUrl: after.trackingUrl } : null;
      await enqueueOrderEmail(trx, emailKind === "delivered" ? { kind: emailKind, order } : { kind: emailKind, order, shipment: sent }, { now });
      // Issue 23 item 2: the invitation to review, due REVIEW_INVITE_DELAY_MS after delivery, naming
      // the watches not yet reviewed (none: no invitation); once per order (its dedupe key).
      if (emailKind === "delivered") await enqueueReviewInvite(trx, order, row.user_id, { now, dueAt: now + REVIEW_INVITE_DELAY_MS });
    }
    return true;
  });
  if (!updated) throw new BackendError(409, `Order ${orderId} was changed by someone else just now. Reload it and try again.`);
  if (STATUS_EMAIL_KINDS[to]) nudgeOrderEmails();
  return { ...rowToOrder(row), status: to };
}

/** One payment that arrived for an order that was already paid: the store owner must refund it. */
export type RefundDuePayment = {
  paymentId: string;
  amountPaise: number | null;
  currency: string | null;
  source: string;
  at: number;
  /** Set once the back office dealt with it (issue 12 item 4): refunded through Cashfree, or marked refunded elsewhere. */
  resolution?: "refunded" | "elsewhere";
  refundId?: string | null;
  reference?: string | null;
  resolvedAt?: number;
  resolvedBy?: string;
};

/** What the store owner sees of an order (`npm run orders:status -- ORDER_ID`). Money in paise. */
export type OwnerOrderView = Order & {
  userId: number;
  gatewayRef: string | null;
  paidBy: string | null;
  refundDue: boolean;
  refundPayments: RefundDuePayment[];
};

const refundPaymentsSchema = z.array(
  z.object({
    paymentId: z.string(),
    amountPaise: z.number().nullable(),
    currency: z.string().nullable(),
    source: z.string(),
    at: z.number(),
    resolution: z.enum(["refunded", "elsewhere"]).optional(),
    refundId: z.string().nullish(),
    reference: z.string().nullish(),
    resolvedAt: z.number().optional(),
    resolvedBy: z.string().optional(),
  }),
);

/** Reads the `refund_payments` JSON of a row ([] when empty or unreadable). */
export function refundPaymentsOf(row: Pick<OrderRow, "refund_payments">): RefundDuePayment[] {
  if (!row.refund_payments) return [];
  try {
    const parsed = refundPaymentsSchema.safeParse(JSON.parse(row.refund_payments));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function ownerView(row: OrderRow): OwnerOrderView {
  return {
    ...rowToOrder(row),
    userId: Number(row.user_id),
    gatewayRef: row.gateway_order_id,
    paidBy: row.paid_by,
    refundDue: Number(row.refund_due) === 1,
    refundPayments: refundPaymentsOf(row),
  };
}

/** One order as the store owner sees it (issue 8 item 2: refunds due included). BackendError 404. */
export async function describeOrder(db: DB, orderId: string): Promise<OwnerOrderView> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new BackendError(404, `No order with id ${orderId}.`);
  return ownerView(row);
}

/** Every order that received a second successful payment to refund, oldest first (issue 8 item 2). */
export async function listRefundsDue(db: DB): Promise<OwnerOrderView[]> {
  const rows = await db.selectFrom("orders").selectAll().where("refund_due", "=", 1).orderBy("created_at").orderBy("id").limit(1000).execute();
  return rows.map(ownerView);
}

/** The shopper's order row; another shopper's order reads exactly like an unknown one (BackendError 404). */
export async function findUserOrderRow(db: DB, userId: number, orderId: string): Promise<OrderRow> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return row;
}

/**
 * Any order's row by id, for the back office (no shopper scope). `lock` takes the row lock
 * (SELECT … FOR UPDATE) inside a PostgreSQL transaction; SQLite already serialises write
 * transactions. BackendError 404 "No order with id {orderId}." (the order page's action tells an
 * unknown order by that sentence).
 */
export async function findOrderRow(db: Executor, orderId: string, lock = false): Promise<OrderRow> {
  let query = db.selectFrom("orders").selectAll().where("id", "=", orderId);
  if (lock && !isSqlite(db as DB)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new BackendError(404, `No order with id ${orderId}.`);
  return row;
}
