import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import { BackendError } from "~/backend/types";
import { isSqlite, isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import type { OrdersTable } from "~/db/schema";
import { DELIVERY_FEE_PAISE, ORDER_STATUSES } from "~/lib/constants";
import { CashfreeError } from "~/payments/cashfree.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import {
  linkEventId,
  parseWebhookEvent,
  paymentEventId,
  verifyWebhookSignature,
  type CashfreeWebhookEvent,
} from "~/payments/webhook.server";
import { firstIssueMessage } from "~/schemas/api";
import { selectCartLines } from "~/services/carts.server";
import {
  ORDER_MESSAGES,
  idempotencyKeySchema,
  orderBodySchema,
  orderStatusSchema,
  storedAddressSchema,
  verifyCashfreeBodySchema,
  verifyStripeBodySchema,
  type Order,
  type OrderBody,
  type OrderItem,
  type OrderItemInput,
  type OrderPaymentMethod,
  type PaymentStatus,
} from "~/schemas/orders";

/**
 * Orders and payments (SPEC.md §4, §7; DESIGN.md §4, §6, §9). The server decides every amount:
 * an order's items and total come from the shopper's cart lines and the catalogue, never from the
 * request. Every function takes the shopper's id (resolved from the token by the caller) and
 * scopes every query to it. Failures a shopper should hear about are BackendErrors with the
 * Store API's status; none is a 500.
 */

type OrderRow = Selectable<OrdersTable>;

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
  }),
);

function rowToOrder(row: OrderRow): Order {
  return {
    id: row.id,
    items: orderItemsSchema.parse(JSON.parse(row.items)),
    amountPaise: Number(row.amount_paise),
    address: storedAddressSchema.parse(JSON.parse(row.address)),
    status: row.status,
    paymentMethod: row.payment_method as OrderPaymentMethod,
    paymentStatus: row.payment_status as PaymentStatus,
    createdAt: Number(row.created_at),
  };
}

/** `gateway_order_id` holds "order:{id}" (a Cashfree order) or "link:{id}" (a payment link). */
type GatewayRef = { kind: "order" | "link"; id: string };

function parseGatewayRef(value: string | null): GatewayRef | null {
  const match = value ? /^(order|link):(.+)$/.exec(value) : null;
  return match ? { kind: match[1] as GatewayRef["kind"], id: match[2] } : null;
}

/**
 * Serialises one shopper's checkout writes on PostgreSQL (a row lock on the user). SQLite runs one
 * write transaction at a time already.
 */
async function lockShopper(trx: Executor, userId: number) {
  if (isSqlite(trx as DB)) return;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

function parseOrderBody(input: unknown): OrderBody {
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
function idempotencyKeys(explicit: string | null | undefined, method: OrderPaymentMethod, body: OrderBody, now: number): string[] {
  const items = body.items
    .map((item) => [item._id, item.size, item.quantity] as const)
    .sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([method, body.address, items]))
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
 * are exactly its lines. Lines whose product left the catalogue are skipped, as the cart page
 * skips them (SPEC.md §4). Throws BackendError 400 (empty cart; an item not in the cart) or 409
 * (same lines, other quantities: the page was stale).
 */
async function priceCart(trx: Executor, userId: number, requested: OrderItemInput[]) {
  const lines = await selectCartLines(trx, userId);
  const productIds = [...new Set(lines.map((line) => line.product_id))];
  const products = productIds.length
    ? await trx
        .selectFrom("products")
        .select(["id", "name", "images", "price_paise"])
        .where("id", "in", productIds)
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
  const subtotal = items.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  return { items, amountPaise: subtotal + DELIVERY_FEE_PAISE };
}

/** Removes an order's lines from the shopper's cart (lines added since stay; docs/decisions/0235). */
async function removeOrderedLines(trx: Executor, userId: number, items: OrderItem[]) {
  if (items.length === 0) return;
  await trx
    .deleteFrom("cart_lines")
    .where("user_id", "=", userId)
    .where((eb) => eb.or(items.map((item) => eb.and([eb("product_id", "=", item.productId), eb("size_key", "=", item.size)]))))
    .execute();
}

type CreatedOrder = { order: Order; row: OrderRow; created: boolean };

/**
 * Creates the order for the shopper's cart, or finds the one an earlier identical call made
 * (idempotent: a double submit, a retry or 20 concurrent identical calls make one order). For
 * cash on delivery the ordered lines leave the cart in the same transaction.
 */
async function createOrder(
  db: DB,
  input: {
    userId: number;
    body: OrderBody;
    method: OrderPaymentMethod;
    gatewayKind: GatewayRef["kind"] | null;
    idempotencyKey?: string | null;
    now: number;
  },
): Promise<CreatedOrder> {
  const keys = idempotencyKeys(input.idempotencyKey, input.method, input.body, input.now);
  const replay = (row: OrderRow): CreatedOrder => {
    if (row.payment_method !== input.method) throw new BackendError(409, ORDER_MESSAGES.cartChanged);
    return { order: rowToOrder(row), row, created: false };
  };
  try {
    return await db.transaction().execute(async (trx) => {
      await lockShopper(trx, input.userId);
      const existing = await findOrderByKeys(trx, input.userId, keys);
      if (existing) return replay(existing);
      const { items, amountPaise } = await priceCart(trx, input.userId, input.body.items);
      const id = newOrderId(input.now);
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
      };
      await trx.insertInto("orders").values(row).execute();
      if (input.method === "cod") await removeOrderedLines(trx, input.userId, items);
      return { order: rowToOrder(row), row, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKeys(db, input.userId, keys);
      if (existing) return replay(existing);
    }
    throw error;
  }
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
    idempotencyKey: options.idempotencyKey,
    now: options.now ?? Date.now(),
  });
  return { order, created };
}

function gatewayFailure(error: unknown, action: string): BackendError {
  if (error instanceof BackendError) return error;
  if (error instanceof CashfreeError) {
    console.error(`Cashfree ${action} failed (${error.kind}${error.status ? ` ${error.status}` : ""}): ${error.message}`);
    return error.kind === "timeout"
      ? new BackendError(504, ORDER_MESSAGES.gatewayTimeout)
      : new BackendError(502, ORDER_MESSAGES.gatewayUnavailable);
  }
  throw error;
}

/** Cashfree wants https return and notify URLs; the simulator and test servers take loopback http. */
function callbackUrl(gateway: PaymentGateway, url: string): string | undefined {
  return url.startsWith("https://") || gateway.allowsHttpCallbacks ? url : undefined;
}

export type OnlinePaymentStart = { order: Order; paymentSessionId: string | null; linkUrl: string | null };

/**
 * Starts paying an order online with Cashfree (DESIGN.md §9): creates our order (PENDING) from
 * the cart, then either a Cashfree order whose `payment_session_id` opens the modal
 * (`mode: "checkout"`, SPEC.md §7 `POST /api/order/cashfree`) or a payment link whose `link_url`
 * is the hosted page for shoppers without JavaScript (`mode: "link"`). Our order id is Cashfree's
 * order_id and link_id. A repeated call (same idempotency key) reuses the order and its session
 * or link. The cart is kept until the payment is confirmed.
 *
 * `storeUrl` is the store's absolute base (notify URL `/api/webhooks/cashfree`); `returnUrl` the
 * page the shopper comes back to, `{order_id}` standing for the order id (default
 * `${storeUrl}/verify?orderId={order_id}`).
 * Throws BackendError 400/409 as placeCodOrder, 409 (already paid), 502 (Cashfree refused or is
 * down), 504 (Cashfree timed out; the order stays PENDING and can be verified later).
 */
export async function startCashfreePayment(
  db: DB,
  gateway: PaymentGateway,
  account: { id: number },
  input: unknown,
  options: { mode: "checkout" | "link"; storeUrl: string; returnUrl?: string | null; idempotencyKey?: string | null; now?: number },
): Promise<OnlinePaymentStart> {
  const body = parseOrderBody(input);
  const now = options.now ?? Date.now();
  const wanted: GatewayRef["kind"] = options.mode === "checkout" ? "order" : "link";
  const { order, row, created } = await createOrder(db, {
    userId: account.id,
    body,
    method: "cashfree",
    gatewayKind: wanted,
    idempotencyKey: options.idempotencyKey,
    now,
  });
  if (order.paymentStatus === "PAID") throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);

  const returnUrl = (options.returnUrl ?? `${options.storeUrl}/verify?orderId={order_id}`).replace(
    /\{order_id\}/g,
    encodeURIComponent(order.id),
  );
  const notifyUrl = callbackUrl(gateway, `${options.storeUrl}/api/webhooks/cashfree`);
  const name = `${order.address.firstName} ${order.address.lastName}`.trim();
  const customer = { phone: order.address.phone, email: order.address.email, name };
  const previous = parseGatewayRef(row.gateway_order_id);

  try {
    let paymentSessionId: string | null = null;
    let linkUrl: string | null = null;
    if (wanted === "order") {
      const known = created ? null : await gateway.client.getOrder(order.id).catch(notFoundAsNull);
      if (known?.status === "PAID") {
        await verifyCashfreePayment(db, gateway, account.id, { orderId: order.id }).catch(() => undefined);
        throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);
      }
      const session =
        known?.status === "ACTIVE" && known.paymentSessionId
          ? known
          : await gateway.client.createOrder({
              orderId: order.id,
              amountPaise: order.amountPaise,
              customer: { id: `user_${account.id}`, ...customer },
              returnUrl,
              notifyUrl,
              note: `Order ${order.id}`,
              idempotencyKey: `order-${order.id}`,
            });
      paymentSessionId = session.paymentSessionId;
      if (!paymentSessionId) throw new CashfreeError("bad_response", "Cashfree answered without a payment_session_id.");
    } else {
      const known = created ? null : await gateway.client.getPaymentLink(order.id).catch(notFoundAsNull);
      if (known?.status === "PAID") {
        await verifyCashfreePayment(db, gateway, account.id, { orderId: order.id }).catch(() => undefined);
        throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);
      }
      const link =
        known?.status === "ACTIVE"
          ? known
          : await gateway.client.createPaymentLink({
              linkId: order.id,
              amountPaise: order.amountPaise,
              purpose: `Order ${order.id}`,
              customer,
              returnUrl,
              notifyUrl,
              idempotencyKey: `link-${order.id}`,
            });
      linkUrl = link.url;
    }
    if (previous?.kind !== wanted) {
      await db
        .updateTable("orders")
        .set({ gateway_order_id: `${wanted}:${order.id}`, updated_at: now })
        .where("id", "=", order.id)
        .execute();
    }
    return { order, paymentSessionId, linkUrl };
  } catch (error) {
    throw gatewayFailure(error, wanted === "order" ? "create order" : "create payment link");
  }
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof CashfreeError && error.kind === "not_found") return null;
  throw error;
}

type ConfirmOutcome = "paid" | "already-paid" | "duplicate" | "amount-mismatch" | "unknown-order";

/**
 * Records a successful payment and, once only, marks the order PAID and removes its lines from the
 * cart — all in one transaction (DESIGN.md §6). `eventId` de-duplicates (a replayed webhook, or a
 * webhook after the verify that already confirmed it); `amountPaise` must equal the order's total
 * in INR, else nothing is marked and the event is kept as AMOUNT_MISMATCH for the store owner.
 */
export async function confirmPayment(
  db: DB,
  input: { orderId: string; eventId: string; kind: string; amountPaise: number | null; currency: string | null; payload: unknown; now?: number },
): Promise<ConfirmOutcome> {
  const now = input.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("orders").selectAll().where("id", "=", input.orderId);
    if (!isSqlite(db)) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    const amountOk =
      row !== undefined && input.amountPaise === Number(row.amount_paise) && (input.currency ?? "INR") === "INR";
    const kind = !row ? `${input.kind}:UNKNOWN_ORDER` : amountOk ? input.kind : `${input.kind}:AMOUNT_MISMATCH`;
    const inserted = await trx
      .insertInto("payment_events")
      .values({
        event_id: input.eventId,
        order_id: input.orderId,
        kind,
        payload: JSON.stringify(input.payload ?? null),
        received_at: now,
      })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "duplicate";
    if (!row) return "unknown-order";
    if (!amountOk) {
      console.error(
        `Payment for order ${row.id} does not match its total: got ${input.amountPaise} paise ${input.currency ?? ""}, expected ${row.amount_paise} paise INR. Not marked paid.`,
      );
      return "amount-mismatch";
    }
    const updated = await trx
      .updateTable("orders")
      .set({ payment_status: "PAID", updated_at: now })
      .where("id", "=", row.id)
      .where("payment_status", "<>", "PAID")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      if (row.payment_status === "PAID") console.warn(`Order ${row.id} received another successful payment (${input.eventId}); it was already paid: refund it.`);
      return "already-paid";
    }
    await removeOrderedLines(trx, Number(row.user_id), rowToOrder(row).items);
    return "paid";
  });
}

/** Records a failed attempt (once per event) and marks a still-PENDING order FAILED. A later success still wins. */
async function recordFailure(db: DB, input: { orderId: string; eventId: string; kind: string; payload: unknown; now: number }) {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("payment_events")
      .values({ event_id: input.eventId, order_id: input.orderId, kind: input.kind, payload: JSON.stringify(input.payload ?? null), received_at: input.now })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .updateTable("orders")
      .set({ payment_status: "FAILED", updated_at: input.now })
      .where("id", "=", input.orderId)
      .where("payment_status", "=", "PENDING")
      .execute();
  });
}

const FAILED_ATTEMPT = new Set(["FAILED", "USER_DROPPED", "CANCELLED", "VOID"]);

async function findUserOrderRow(db: DB, userId: number, orderId: string): Promise<OrderRow> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  // Another shopper's order reads exactly like an unknown one.
  if (!row) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return row;
}

/**
 * Verifies an online payment with Cashfree (SPEC.md §7 `POST /api/order/verifyCashfree`
 * `{orderId}`), never trusting the browser: asks Cashfree for the order's payments (or the link's
 * status) and, on a SUCCESS for the right amount, marks the order PAID and empties the ordered
 * cart lines in one transaction. Already PAID → success at once.
 * Throws BackendError 400 (bad id; not an online order), 404 (unknown or another shopper's
 * order), 402 ('Payment failed. Please try again.': the attempt failed or the shopper came back
 * without paying), 409 (payment still pending), 502/504 (Cashfree unreachable; try later).
 */
export async function verifyCashfreePayment(
  db: DB,
  gateway: PaymentGateway,
  userId: number,
  input: unknown,
  now = Date.now(),
): Promise<{ paymentStatus: "PAID" }> {
  const parsed = verifyCashfreeBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const row = await findUserOrderRow(db, userId, parsed.data.orderId);
  if (row.payment_method !== "cashfree") throw new BackendError(400, ORDER_MESSAGES.notOnlinePayment);
  if (row.payment_status === "PAID") return { paymentStatus: "PAID" };
  const ref = parseGatewayRef(row.gateway_order_id) ?? { kind: "order", id: row.id };

  try {
    if (ref.kind === "order") {
      const payments = await gateway.client.getOrderPayments(ref.id);
      const success = payments.find((payment) => payment.status === "SUCCESS");
      if (success) {
        const outcome = await confirmPayment(db, {
          orderId: row.id,
          eventId: paymentEventId(success.cfPaymentId, "SUCCESS"),
          kind: "VERIFY_SUCCESS",
          amountPaise: success.amountPaise,
          currency: success.currency,
          payload: success,
          now,
        });
        if (outcome === "paid" || outcome === "already-paid" || outcome === "duplicate") return confirmedOrThrow(db, row.id);
        throw new BackendError(409, ORDER_MESSAGES.verificationFailed);
      }
      const latest = [...payments].sort((a, b) => (b.time ?? 0) - (a.time ?? 0))[0];
      if (latest && FAILED_ATTEMPT.has(latest.status)) {
        await recordFailure(db, { orderId: row.id, eventId: paymentEventId(latest.cfPaymentId, latest.status), kind: `VERIFY_${latest.status}`, payload: latest, now });
        throw new BackendError(402, ORDER_MESSAGES.paymentFailed);
      }
      throw new BackendError(409, ORDER_MESSAGES.paymentPending);
    }

    const link = await gateway.client.getPaymentLink(ref.id);
    if (link.status === "PAID") {
      const outcome = await confirmPayment(db, {
        orderId: row.id,
        eventId: linkEventId(link.linkId, "PAID"),
        kind: "VERIFY_LINK_PAID",
        amountPaise: link.amountPaidPaise,
        currency: link.currency,
        payload: link,
        now,
      });
      if (outcome === "paid" || outcome === "already-paid" || outcome === "duplicate") return confirmedOrThrow(db, row.id);
      throw new BackendError(409, ORDER_MESSAGES.verificationFailed);
    }
    if (link.status === "EXPIRED" || link.status === "CANCELLED") {
      await recordFailure(db, { orderId: row.id, eventId: linkEventId(link.linkId, link.status), kind: `VERIFY_LINK_${link.status}`, payload: link, now });
    }
    // Back from the hosted page with the link unpaid: the attempt failed or was abandoned.
    throw new BackendError(402, ORDER_MESSAGES.paymentFailed);
  } catch (error) {
    if (error instanceof CashfreeError && error.kind === "not_found") throw new BackendError(402, ORDER_MESSAGES.paymentFailed);
    throw gatewayFailure(error, "verify payment");
  }
}

async function confirmedOrThrow(db: DB, orderId: string): Promise<{ paymentStatus: "PAID" }> {
  const row = await db.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirst();
  if (row?.payment_status === "PAID") return { paymentStatus: "PAID" };
  throw new BackendError(409, ORDER_MESSAGES.verificationFailed);
}

/**
 * The Stripe return (SPEC.md §7 `POST /api/order/verifyStripe` `{success, orderId}`, DESIGN.md
 * §9): `success` from the URL is never trusted. Answers only for this shopper's order that is
 * already PAID; anything else throws BackendError 402 ('Payment verification failed. Please
 * contact support.'), 404 (unknown or another shopper's order) or 400 (bad id).
 */
export async function verifyStripePayment(db: DB, userId: number, input: unknown): Promise<{ paymentStatus: "PAID" }> {
  const parsed = verifyStripeBodySchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const row = await findUserOrderRow(db, userId, parsed.data.orderId);
  if (row.payment_status !== "PAID") throw new BackendError(402, ORDER_MESSAGES.verificationFailed);
  return { paymentStatus: "PAID" };
}

/**
 * Acts on a verified Cashfree webhook (DESIGN.md §9): a successful payment (or a paid link) for
 * the right amount marks the order PAID and empties the ordered cart lines, once only, even when
 * the shopper closed the tab; failed and dropped attempts mark a PENDING order FAILED; replays are
 * recognised by event id. Unknown events and orders are acknowledged and ignored.
 */
export async function handleCashfreeWebhook(
  db: DB,
  event: CashfreeWebhookEvent,
  now = Date.now(),
): Promise<ConfirmOutcome | "failed" | "ignored"> {
  if (event.kind === "other") return "ignored";
  if (event.kind === "payment") {
    let orderId = event.orderId;
    if (event.linkId) {
      const own = await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
      if (!own) orderId = event.linkId;
    }
    if (event.status === "SUCCESS") {
      return confirmPayment(db, {
        orderId,
        eventId: event.eventId,
        kind: event.type,
        amountPaise: event.amountPaise,
        currency: event.currency,
        payload: event,
        now,
      });
    }
    if (FAILED_ATTEMPT.has(event.status)) {
      await recordFailure(db, { orderId, eventId: event.eventId, kind: event.type, payload: event, now });
      return "failed";
    }
    return "ignored";
  }
  if (event.status === "PAID") {
    return confirmPayment(db, {
      orderId: event.linkId,
      eventId: event.eventId,
      kind: event.type,
      amountPaise: event.amountPaidPaise,
      currency: event.currency,
      payload: event,
      now,
    });
  }
  if (event.status === "EXPIRED" || event.status === "CANCELLED") {
    await recordFailure(db, { orderId: event.linkId, eventId: event.eventId, kind: event.type, payload: event, now });
    return "failed";
  }
  return "ignored";
}

/** Largest webhook body accepted (Cashfree's are a few kB). */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * Receives a Cashfree webhook as it came over the wire (DESIGN.md §9): checks the signature on the
 * raw body and the 5-minute timestamp window before believing a byte, then acts on the event.
 * Answers the status and JSON body for the webhook route: 200 for every authentic event (also
 * replays and events we ignore, so Cashfree stops retrying), 401 for a missing, forged or stale
 * signature, 400 for an authentic body we cannot read, 413 for an oversized body.
 */
export async function processCashfreeWebhook(
  db: DB,
  input: { rawBody: string; signature: string | null; timestamp: string | null; secret: string; now?: number },
): Promise<{ status: number; body: { success: boolean; message?: string; outcome?: string } }> {
  if (Buffer.byteLength(input.rawBody) > WEBHOOK_MAX_BYTES) {
    return { status: 413, body: { success: false, message: "The webhook body is too large." } };
  }
  const check = verifyWebhookSignature({ ...input });
  if (!check.ok) return { status: 401, body: { success: false, message: check.message } };
  const event = parseWebhookEvent(input.rawBody);
  if (!event) return { status: 400, body: { success: false, message: "The webhook body is not an event we can read." } };
  const outcome = await handleCashfreeWebhook(db, event, input.now);
  return { status: 200, body: { success: true, outcome } };
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

/**
 * Moves an order to a status text of SPEC.md §4 / DESIGN.md §9 (`Order Placed`, `Packing`,
 * `Shipped`, `Out for delivery`, `Delivered`), for the store owner's `npm run orders:status`.
 * Throws BackendError 400 (unknown status), 404 (unknown order), 409 (an online order that is not
 * paid: nothing to ship).
 */
export async function setOrderStatus(db: DB, orderId: string, status: unknown, now = Date.now()): Promise<Order> {
  const parsed = orderStatusSchema.safeParse(status);
  if (!parsed.success) {
    throw new BackendError(400, `Unknown status ${JSON.stringify(status)}. Use one of: ${ORDER_STATUSES.join(", ")}.`);
  }
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!row) throw new BackendError(404, `No order with id ${orderId}.`);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") {
    throw new BackendError(409, `Order ${orderId} is not paid (payment ${row.payment_status}); only paid and cash-on-delivery orders move.`);
  }
  await db.updateTable("orders").set({ status: parsed.data, updated_at: now }).where("id", "=", orderId).execute();
  return { ...rowToOrder(row), status: parsed.data };
}
