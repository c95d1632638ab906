import { isSqlite, type DB, type Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { CashfreeError } from "~/payments/cashfree.server";
import { checkoutModeOf, getPaymentGateway, type CheckoutMode, type PaymentGateway } from "~/payments/gateway.server";
import { linkEventId, paymentEventId, type CashfreeWebhookEvent } from "~/payments/webhook.server";
import { firstIssueMessage } from "~/schemas/api";
import {
  ORDER_MESSAGES,
  verifyCashfreeBodySchema,
  verifyStripeBodySchema,
  type Order,
} from "~/schemas/orders";
import {
  createOrder,
  findUserOrderRow,
  formatGatewayRef,
  parseGatewayRef,
  parseOrderBody,
  refundPaymentsOf,
  removeOrderedLines,
  rowToOrder,
  type GatewayRef,
  type OrderRow,
  type RefundDuePayment,
} from "~/services/orders.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { issueInvoice, readStoreSettings } from "~/services/invoices.server";
import { releaseOrderStock, retakeOrderStock } from "~/services/stock.server";
import { giveBackCodeUse, retakeCodeUse } from "~/services/discounts.server";
import { log } from "~/observability/log.server";
import { countPayment } from "~/observability/event-metrics.server";

/**
 * Payment rules (DESIGN.md §9, §16; issue 8 items 1–5): starting a Cashfree payment (one open
 * instrument per order), verifying it, acting on a verified webhook event, and refunds due. Plain
 * functions over a database handle and a gateway. What arrives over HTTP — a webhook's raw body
 * and signature, the simulator's hosted page — is services/payments-http.server.ts.
 */

/** How this process takes money (issue 8 item 4): see CheckoutMode. Throws when it has no gateway. */
export function checkoutMode(gateway: PaymentGateway = getPaymentGateway()): CheckoutMode {
  return checkoutModeOf(gateway);
}

function gatewayFailure(error: unknown, action: string): BackendError {
  if (error instanceof BackendError) return error;
  if (error instanceof CashfreeError) {
    log.error({ action, kind: error.kind, ...(error.status ? { status: error.status } : {}), reason: error.message }, `Cashfree ${action} failed (${error.kind}${error.status ? ` ${error.status}` : ""}): ${error.message}`);
    return error.kind === "timeout"
      ? new BackendError(504, ORDER_MESSAGES.gatewayTimeout)
      : new BackendError(502, ORDER_MESSAGES.gatewayUnavailable);
  }
  throw error;
}

/**
 * The soonest expiry Cashfree takes for an order or a link, ms ahead of the call (its create calls
 * refuse an `order_expiry_time` less than 15 minutes away).
 */
export const CASHFREE_MIN_EXPIRY_MS = 15 * 60_000;

/**
 * When the payment instrument of `row` stops taking new payments (ms): the end of the order's stock
 * hold (created_at + the owner's `stockHoldMinutes`; issue 43 item 3), so a shopper is not sent to
 * pay for watches already back on sale — never less than CASHFREE_MIN_EXPIRY_MS after the order was
 * placed. A figure of the order, not of the call: concurrent or retried calls with one idempotency
 * key send the same body (a body that differs is Cashfree's `idempotency_error`). Only an
 * instrument made after that time (the shopper came back late) gets the first whole
 * CASHFREE_MIN_EXPIRY_MS step after the order that is at least CASHFREE_MIN_EXPIRY_MS away; a
 * payment after the hold takes the units again or is flagged short (`retakeOrderStock`).
 */
export async function paymentExpiry(db: Executor, row: Pick<OrderRow, "created_at">, now: number): Promise<number> {
  const { stockHoldMinutes } = await readStoreSettings(db);
  const placed = Number(row.created_at);
  const holdEnd = placed + Math.max(stockHoldMinutes * 60_000, CASHFREE_MIN_EXPIRY_MS);
  // A minute is enough to start a payment; one started before the expiry may still succeed (Cashfree, "Payment lifecycle").
  if (holdEnd >= now + 60_000) return holdEnd;
  return placed + Math.ceil((now + CASHFREE_MIN_EXPIRY_MS - placed) / CASHFREE_MIN_EXPIRY_MS) * CASHFREE_MIN_EXPIRY_MS;
}

/** Cashfree wants https return and notify URLs; the simulator and test servers take loopback http. */
function callbackUrl(gateway: PaymentGateway, url: string): string | undefined {
  return url.startsWith("https://") || gateway.allowsHttpCallbacks ? url : undefined;
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof CashfreeError && error.kind === "not_found") return null;
  throw error;
}

/**
 * Our order id for a Cashfree order_id or link_id: the instrument ids are the order id or
 * "{order id}_{n}" (see GatewayRef).
 */
export function orderIdOfInstrument(instrumentId: string): string {
  return instrumentId.replace(/_\d+$/, "");
}

/** The id of the instrument that follows `previous` for this order: "{order id}_{n+1}". */
function nextInstrumentId(orderId: string, previous: string): string {
  const match = /_(\d+)$/.exec(previous);
  return `${orderId}_${match ? Number(match[1]) + 1 : 2}`;
}

/**
 * The return URL a Store API client asked for must be on the store's own origin (issue 8 item 3;
 * DESIGN.md §16): BackendError 400 otherwise. `{order_id}` may stand anywhere in it.
 */
function checkReturnUrl(returnUrl: string, storeUrl: string) {
  let origin: string | null = null;
  try {
    origin = new URL(returnUrl.replace(/\{order_id\}/g, "x")).origin;
  } catch {
    origin = null;
  }
  if (origin !== new URL(storeUrl).origin) throw new BackendError(400, ORDER_MESSAGES.returnUrlForeign);
}

/**
 * Makes sure the order's other instrument can no longer take money before a new one is opened
 * (issue 8 item 2): an ACTIVE Cashfree order is terminated (`PATCH /orders/{id}`), an ACTIVE link
 * cancelled (`POST /links/{id}/cancel`); one Cashfree does not know, or that is already
 * expired/terminated/cancelled, needs nothing. When it is already paid, the payment is recorded
 * (the order becomes PAID) and BackendError 409 refuses the switch.
 */
async function closeInstrument(db: DB, gateway: PaymentGateway, userId: number, orderId: string, ref: GatewayRef) {
  const client = gateway.client;
  let status: string | null;
  if (ref.kind === "order") {
    status = (await client.getOrder(ref.id).catch(notFoundAsNull))?.status ?? null;
    if (status === "ACTIVE") {
      status = await client.terminateOrder(ref.id).then(
        (order) => order.status,
        async (error: unknown) => {
          if (!(error instanceof CashfreeError) || !["conflict", "rejected"].includes(error.kind)) throw error;
          return (await client.getOrder(ref.id)).status;
        },
      );
    }
  } else {
    status = (await client.getPaymentLink(ref.id).catch(notFoundAsNull))?.status ?? null;
    if (status === "ACTIVE") {
      status = await client.cancelPaymentLink(ref.id).then(
        (link) => link.status,
        async (error: unknown) => {
          if (!(error instanceof CashfreeError) || !["conflict", "rejected"].includes(error.kind)) throw error;
          return (await client.getPaymentLink(ref.id)).status;
        },
      );
    }
  }
  if (status === "PAID" || status === "PARTIALLY_PAID") {
    await verifyCashfreePayment(db, gateway, userId, { orderId }).catch(() => undefined);
    throw new BackendError(409, ORDER_MESSAGES.otherInstrumentPaid);
  }
  if (status === "ACTIVE") {
    throw new CashfreeError("bad_response", `Cashfree still reports ${ref.kind} ${ref.id} as ACTIVE after cancelling it.`);
  }
}

export type OnlinePaymentStart = { order: Order; paymentSessionId: string | null; linkUrl: string | null };

/**
 * Starts paying an order online with Cashfree (DESIGN.md §9): creates our order (PENDING) from
 * the cart, then either a Cashfree order whose `payment_session_id` opens the modal
 * (`mode: "checkout"`, SPEC.md §7 `POST /api/order/cashfree`) or a payment link whose `link_url`
 * is the hosted page for shoppers without JavaScript (`mode: "link"`). A repeated call (same
 * idempotency key) reuses the order and its session or link. The cart is kept until the payment
 * is confirmed. The order records the gateway's mode (`test`/`live`, issue 8 item 1).
 *
 * One open instrument per order (issue 8 item 2; docs/decisions/0310): asking for the other kind
 * first terminates the Cashfree order or cancels the link at Cashfree, then opens a new one under
 * a fresh id; it is refused with 409 when the other instrument is already paid.
 *
 * `storeUrl` is the store's absolute base, PUBLIC_URL (notify URL `/api/webhooks/cashfree`);
 * `returnUrl` the page the shopper comes back to, which must be on `storeUrl`'s origin (issue 8
 * item 3), `{order_id}` standing for the order id (default `${storeUrl}/verify?orderId={order_id}`,
 * `${storeUrl}/hi/verify?…` for an order placed in Hindi). The body's `language` ("en" or "hi",
 * issue 27) is stored on the order: its emails are written in it.
 * Throws BackendError 400 (bad body, foreign returnUrl), 409 (stale cart, already paid), 429 (10
 * unpaid online orders in the last hour, issue 8 item 5), 502 (Cashfree refused or is down), 504
 * (Cashfree timed out; the order stays PENDING and can be verified later).
 */
export async function startCashfreePayment(
  db: DB,
  gateway: PaymentGateway,
  account: { id: number },
  input: unknown,
  options: { mode: "checkout" | "link"; storeUrl: string; returnUrl?: string | null; idempotencyKey?: string | null; now?: number },
): Promise<OnlinePaymentStart> {
  const body = parseOrderBody(input);
  if (options.returnUrl) checkReturnUrl(options.returnUrl, options.storeUrl);
  const now = options.now ?? Date.now();
  const wanted: GatewayRef["kind"] = options.mode === "checkout" ? "order" : "link";
  const { order, row, created } = await createOrder(db, {
    userId: account.id,
    body,
    method: "cashfree",
    gatewayKind: wanted,
    gatewayMode: checkoutModeOf(gateway).environment,
    idempotencyKey: options.idempotencyKey,
    now,
  });
  if (order.paymentStatus === "PAID") throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);

  // A Hindi order's shopper comes back to the Hindi /verify (issue 27) unless the caller says where.
  const returnUrl = (options.returnUrl ?? `${options.storeUrl}${order.language === "hi" ? "/hi" : ""}/verify?orderId={order_id}`).replace(
    /\{order_id\}/g,
    encodeURIComponent(order.id),
  );
  const notifyUrl = callbackUrl(gateway, `${options.storeUrl}/api/webhooks/cashfree`);
  const name = `${order.address.firstName} ${order.address.lastName}`.trim();
  const customer = { phone: order.address.phone, email: order.address.email, name };
  let ref: GatewayRef = parseGatewayRef(row.gateway_order_id) ?? { kind: wanted, id: order.id };
  let fresh = created;
  const expiresAt = await paymentExpiry(db, row, now);

  /** Points the order at a new instrument id of the wanted kind (after the old one was closed). */
  const moveTo = async (next: GatewayRef) => {
    const moved = await db
      .updateTable("orders")
      .set({ gateway_order_id: formatGatewayRef(next), gateway_mode: checkoutModeOf(gateway).environment, updated_at: now })
      .where("id", "=", order.id)
      .where("gateway_order_id", "=", formatGatewayRef(ref))
      .where("payment_status", "<>", "PAID")
      .executeTakeFirst();
    // Another request switched (or paid) this order at the same moment: let the shopper retry.
    if (Number(moved.numUpdatedRows) === 0) throw new BackendError(409, ORDER_MESSAGES.cartChanged);
    ref = next;
    fresh = true;
  };

  try {
    if (ref.kind !== wanted) {
      await closeInstrument(db, gateway, account.id, order.id, ref);
      await moveTo({ kind: wanted, id: nextInstrumentId(order.id, ref.id) });
    }

    if (wanted === "order") {
      let known = fresh ? null : await gateway.client.getOrder(ref.id).catch(notFoundAsNull);
      if (known?.status === "PAID") {
        await verifyCashfreePayment(db, gateway, account.id, { orderId: order.id }).catch(() => undefined);
        throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);
      }
      if (known && known.status !== "ACTIVE") {
        // Expired or terminated: its id cannot be used again at Cashfree.
        await moveTo({ kind: "order", id: nextInstrumentId(order.id, ref.id) });
        known = null;
      }
      const session =
        known?.paymentSessionId
          ? known
          : await gateway.client.createOrder({
              orderId: ref.id,
              amountPaise: order.amountPaise,
              customer: { id: `user_${account.id}`, ...customer },
              returnUrl,
              notifyUrl,
              note: `Order ${order.id}`,
              expiresAt,
              idempotencyKey: `order-${ref.id}`,
            });
      if (!session.paymentSessionId) throw new CashfreeError("bad_response", "Cashfree answered without a payment_session_id.");
      return { order, paymentSessionId: session.paymentSessionId, linkUrl: null };
    }

    let known = fresh ? null : await gateway.client.getPaymentLink(ref.id).catch(notFoundAsNull);
    if (known?.status === "PAID") {
      await verifyCashfreePayment(db, gateway, account.id, { orderId: order.id }).catch(() => undefined);
      throw new BackendError(409, ORDER_MESSAGES.alreadyPaid);
    }
    if (known && known.status !== "ACTIVE") {
      await moveTo({ kind: "link", id: nextInstrumentId(order.id, ref.id) });
      known = null;
    }
    const link =
      known ??
      (await gateway.client.createPaymentLink({
        linkId: ref.id,
        amountPaise: order.amountPaise,
        purpose: `Order ${order.id}`,
        customer,
        returnUrl,
        notifyUrl,
        expiresAt,
        idempotencyKey: `link-${ref.id}`,
      }));
    return { order, paymentSessionId: null, linkUrl: link.url };
  } catch (error) {
    throw gatewayFailure(error, wanted === "order" ? "create order" : "create payment link");
  }
}

/**
 * What became of a successful payment: `paid` (the order is now PAID), `already-paid` (another
 * notice of the payment that paid it), `refund-due` (a second payment, by another instrument, for
 * an order already paid: recorded for a refund), `duplicate` (this event was seen before),
 * `amount-mismatch`, `unknown-order`.
 */
export type ConfirmOutcome = "paid" | "already-paid" | "refund-due" | "duplicate" | "amount-mismatch" | "unknown-order";

/**
 * Records a successful payment and, once only, marks the order PAID and removes its lines from the
 * cart — all in one transaction (DESIGN.md §6). `eventId` de-duplicates (a replayed webhook, or a
 * webhook after the verify that already confirmed it).
 *
 * The amount that must match (issue 44 item 2; docs/decisions/0961) is Cashfree's `orderAmountPaise`
 * — the order's `order_amount` (webhook data.order.order_amount, or `GET /orders/{id}`), or a link's
 * `link_amount` — which must equal the order's total in INR. `amountPaise` is what the shopper paid
 * (`payment_amount`, a link's `link_amount_paid`): Cashfree lets a merchant pass a surcharge or
 * convenience fee on, so it may be MORE than the order amount — then the order is paid and an
 * order_events row `payment_surcharge` (details `{orderPaise, paymentPaise, surchargePaise}`) is
 * written in the same transaction. A payment amount that is missing or LESS than the order amount,
 * or an order amount other than our total, is never paid: the event is kept as AMOUNT_MISMATCH for
 * the store owner. Without `orderAmountPaise` (an answer that omitted it) the payment amount stands
 * for it, so it must then equal the total exactly (the rule before issue 44: never paid on less).
 * `instrument` ("order:{id}" or "link:{id}") is what was paid: a success from another instrument
 * than the one that paid the order sets the order's `refund_due` and appends the payment to
 * `refund_payments`, with a warning log line (issue 8 item 2; docs/decisions/0310). Marking the
 * order PAID puts its "payment received" email in the outbox in the same transaction (issue 14
 * item 4), so a replayed webhook or a verify after the webhook never sends it twice, and issues its
 * GST tax invoice in that transaction too (issue 14 item 2: the next number of the financial year).
 */
export async function confirmPayment(
  db: DB,
  input: {
    orderId: string;
    eventId: string;
    kind: string;
    instrument: string;
    /** What the shopper paid, paise (`payment_amount`, `link_amount_paid`); may exceed the order amount by a surcharge. */
    amountPaise: number | null;
    /** Cashfree's amount of the order (`order_amount`) or link (`link_amount`), paise; must equal our total. */
    orderAmountPaise?: number | null;
    currency: string | null;
    payload: unknown;
    now?: number;
  },
): Promise<ConfirmOutcome> {
  const now = input.now ?? Date.now();
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    let query = trx.selectFrom("orders").selectAll().where("id", "=", input.orderId);
    if (!isSqlite(db)) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    const check = row === undefined ? null : checkPaidAmount(input, Number(row.amount_paise));
    const amountOk = check !== null && check.ok;
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
    if (row.payment_status === "PAID") {
      if (row.paid_by === null || row.paid_by === input.instrument) return "already-paid";
      return recordRefundDue(trx, row, input, now);
    }
    if (!amountOk) {
      log.error(
        { orderId: row.id, orderAmountPaise: input.orderAmountPaise ?? null, amountPaise: input.amountPaise, currency: input.currency ?? null, expectedPaise: Number(row.amount_paise) },
        `Payment for order ${row.id} does not match its total: Cashfree's order amount ${input.orderAmountPaise ?? "(not given)"} paise, ` +
          `paid ${input.amountPaise} paise ${input.currency ?? ""}, expected ${row.amount_paise} paise INR. Not marked paid.`,
      );
      return "amount-mismatch";
    }
    if (check.surchargePaise > 0) {
      // Issue 44 item 2: the merchant passed Cashfree's convenience fee on; the order's amount matched.
      await trx
        .insertInto("order_events")
        .values({
          order_id: row.id,
          at: now,
          kind: "payment_surcharge",
          status: null,
          actor: "system",
          details: JSON.stringify({ orderPaise: check.orderPaise, paymentPaise: check.paymentPaise, surchargePaise: check.surchargePaise }),
        })
        .execute();
    }
    // Issue 47: a payment after its code's use went back (failed attempt, expiry) takes it again:
    // the shopper paid the discounted amount, so the use is theirs even past the code's limit.
    await retakeCodeUse(trx, row.id, now, { force: true });
    // Issue 23: a payment after the hold ended takes the units again; when they have sold
    // meanwhile, the order is paid but short, and its timeline tells the staff (refund or restock).
    if (!(await retakeOrderStock(trx, row, now))) {
      await trx
        .insertInto("order_events")
        .values({ order_id: row.id, at: now, kind: "stock_short", status: null, actor: "system", details: JSON.stringify({ note: "Paid after its units were released, and they have sold since: restock or refund." }) })
        .execute();
      log.warn({ orderId: row.id, alert: "stock_short" }, `STOCK SHORT: order ${row.id} was paid after its hold ended and its units have sold since. Restock or refund it.`);
    }
    await trx
      .updateTable("orders")
      .set({ payment_status: "PAID", paid_by: input.instrument, updated_at: now })
      .where("id", "=", row.id)
      .execute();
    const order = rowToOrder(row);
    await removeOrderedLines(trx, Number(row.user_id), order.items);
    await enqueueOrderEmail(trx, { kind: "payment_received", order: { ...order, paymentStatus: "PAID" } }, { now });
    await issueInvoice(trx, { ...order, paymentStatus: "PAID" }, now);
    return "paid";
  });
  // Counted once committed (issue 46 item 3: store_payments_total by outcome).
  countPayment(outcome);
  if (outcome === "paid") nudgeOrderEmails();
  return outcome;
}

/**
 * The amount rule of confirmPayment (issue 44 item 2; Cashfree API 2025-01-01: PaymentEntity
 * `payment_amount` may exceed OrderEntity `order_amount` by a surcharge passed to the customer):
 * `ok` when Cashfree's order amount (or, when not given, the payment amount) equals `totalPaise`,
 * the currency is INR (or not given) and the payment amount is known and at least the order
 * amount; `surchargePaise` is what was paid above the order amount (0 when none). Paise in, paise out.
 */
export function checkPaidAmount(
  input: { amountPaise: number | null; orderAmountPaise?: number | null; currency: string | null },
  totalPaise: number,
): { ok: boolean; orderPaise: number | null; paymentPaise: number | null; surchargePaise: number } {
  const orderPaise = input.orderAmountPaise ?? input.amountPaise;
  const paymentPaise = input.amountPaise;
  const ok =
    orderPaise === totalPaise && paymentPaise !== null && paymentPaise >= orderPaise && (input.currency ?? "INR") === "INR";
  return { ok, orderPaise, paymentPaise, surchargePaise: ok ? paymentPaise - orderPaise : 0 };
}

async function recordRefundDue(
  trx: Executor,
  row: OrderRow,
  input: { eventId: string; kind: string; instrument: string; amountPaise: number | null; currency: string | null },
  now: number,
): Promise<"refund-due"> {
  const entry: RefundDuePayment = {
    paymentId: input.eventId,
    amountPaise: input.amountPaise,
    currency: input.currency,
    source: `${input.kind} via ${input.instrument}`,
    at: now,
  };
  const list = [...refundPaymentsOf(row), entry];
  await trx
    .updateTable("orders")
    .set({ refund_due: 1, refund_payments: JSON.stringify(list), updated_at: now })
    .where("id", "=", row.id)
    .execute();
  log.warn(
    { orderId: row.id, alert: "refund_due", paymentId: input.eventId, amountPaise: input.amountPaise, currency: input.currency ?? "INR", instrument: input.instrument, paidBy: row.paid_by },
    `REFUND DUE: order ${row.id} was already paid (by ${row.paid_by}) and received another successful payment ${input.eventId} ` +
      `(${input.amountPaise ?? "?"} paise ${input.currency ?? "INR"}, via ${input.instrument}). Refund it in Cashfree; see npm run orders:status -- ${row.id}`,
  );
  return "refund-due";
}

/**
 * Records a failed attempt (once per event) and marks a still-PENDING order FAILED — unless the
 * failure is of an instrument the order has since left (a link we cancelled). A later success still wins.
 */
async function recordFailure(db: DB, input: { orderId: string; eventId: string; kind: string; instrument: string | null; payload: unknown; now: number }) {
  const recorded = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("payment_events")
      .values({ event_id: input.eventId, order_id: input.orderId, kind: input.kind, payload: JSON.stringify(input.payload ?? null), received_at: input.now })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    let update = trx
      .updateTable("orders")
      .set({ payment_status: "FAILED", updated_at: input.now })
      .where("id", "=", input.orderId)
      .where("payment_status", "=", "PENDING");
    if (input.instrument) update = update.where("gateway_order_id", "=", input.instrument);
    const failed = await update.executeTakeFirst();
    // Issue 23: a failed payment gives the order's units back (a later success takes them again).
    if (Number(failed.numUpdatedRows) > 0) {
      const row = await trx.selectFrom("orders").select(["id", "items"]).where("id", "=", input.orderId).executeTakeFirst();
      if (row) await releaseOrderStock(trx, row, "failed", "system", input.now);
      // Issue 47 item 2: and its discount code's use, once (a later success takes it again).
      await giveBackCodeUse(trx, input.orderId, input.now);
    }
    return true;
  });
  // Counted once committed (issue 46 item 3): a replayed failure is a duplicate.
  countPayment(recorded ? "failed" : "duplicate");
}

const FAILED_ATTEMPT = new Set(["FAILED", "USER_DROPPED", "CANCELLED", "VOID"]);

/**
 * Verifies an online payment with Cashfree (SPEC.md §7 `POST /api/order/verifyCashfree`
 * `{orderId}`), never trusting the browser: asks Cashfree for the payments of the order's current
 * instrument (or the link's status) and, on a SUCCESS for the right amount, marks the order PAID
 * and empties the ordered cart lines in one transaction. Already PAID → success at once.
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
  const instrument = formatGatewayRef(ref);

  try {
    if (ref.kind === "order") {
      const payments = await gateway.client.getOrderPayments(ref.id);
      const success = payments.find((payment) => payment.status === "SUCCESS");
      if (success) {
        // The order's amount at Cashfree is what must match our total, not the payment's (issue 44 item 2).
        const cashfreeOrder = await gateway.client.getOrder(ref.id);
        const outcome = await confirmPayment(db, {
          orderId: row.id,
          eventId: paymentEventId(success.cfPaymentId, "SUCCESS"),
          kind: "VERIFY_SUCCESS",
          instrument,
          amountPaise: success.amountPaise,
          orderAmountPaise: cashfreeOrder.amountPaise,
          currency: success.currency,
          payload: success,
          now,
        });
        if (outcome !== "amount-mismatch" && outcome !== "unknown-order") return confirmedOrThrow(db, row.id);
        throw new BackendError(409, ORDER_MESSAGES.verificationFailed);
      }
      // The latest attempt decides; of attempts made in the same millisecond, one still in progress
      // wins over a failed one, so a shopper mid-payment is never told it failed.
      const latest = [...payments].sort(
        (a, b) => (b.time ?? 0) - (a.time ?? 0) || Number(FAILED_ATTEMPT.has(a.status)) - Number(FAILED_ATTEMPT.has(b.status)),
      )[0];
      if (latest && FAILED_ATTEMPT.has(latest.status)) {
        await recordFailure(db, { orderId: row.id, eventId: paymentEventId(latest.cfPaymentId, latest.status), kind: `VERIFY_${latest.status}`, instrument, payload: latest, now });
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
        instrument,
        amountPaise: link.amountPaidPaise,
        orderAmountPaise: link.amountPaise,
        currency: link.currency,
        payload: link,
        now,
      });
      if (outcome !== "amount-mismatch" && outcome !== "unknown-order") return confirmedOrThrow(db, row.id);
      throw new BackendError(409, ORDER_MESSAGES.verificationFailed);
    }
    if (link.status === "EXPIRED" || link.status === "CANCELLED") {
      await recordFailure(db, { orderId: row.id, eventId: linkEventId(link.linkId, link.status), kind: `VERIFY_LINK_${link.status}`, instrument, payload: link, now });
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
 * the shopper closed the tab; a success for an order already paid by its other instrument is
 * recorded as a refund due; failed and dropped attempts mark a PENDING order FAILED; replays are
 * recognised by event id. Unknown events and orders are acknowledged and ignored.
 */
export async function handleCashfreeWebhook(
  db: DB,
  event: CashfreeWebhookEvent,
  now = Date.now(),
): Promise<ConfirmOutcome | "failed" | "ignored"> {
  if (event.kind === "other") return "ignored";
  if (event.kind === "payment") {
    // A payment on one of our payment links is made on an order Cashfree creates (order_tags.link_id).
    const viaLink = event.linkId !== null && orderIdOfInstrument(event.orderId) !== orderIdOfInstrument(event.linkId);
    const instrumentId = viaLink ? event.linkId! : event.orderId;
    const instrument = formatGatewayRef({ kind: viaLink ? "link" : "order", id: instrumentId });
    const orderId = orderIdOfInstrument(instrumentId);
    if (event.status === "SUCCESS") {
      return confirmPayment(db, {
        orderId,
        eventId: viaLink ? linkEventId(instrumentId, "PAID") : event.eventId,
        kind: event.type,
        instrument,
        amountPaise: event.amountPaise,
        orderAmountPaise: event.orderAmountPaise,
        currency: event.currency,
        payload: event,
        now,
      });
    }
    if (FAILED_ATTEMPT.has(event.status)) {
      await recordFailure(db, { orderId, eventId: event.eventId, kind: event.type, instrument, payload: event, now });
      return "failed";
    }
    return "ignored";
  }
  const orderId = orderIdOfInstrument(event.linkId);
  const instrument = formatGatewayRef({ kind: "link", id: event.linkId });
  if (event.status === "PAID") {
    return confirmPayment(db, {
      orderId,
      eventId: event.eventId,
      kind: event.type,
      instrument,
      amountPaise: event.amountPaidPaise,
      orderAmountPaise: event.amountPaise,
      currency: event.currency,
      payload: event,
      now,
    });
  }
  if (event.status === "EXPIRED" || event.status === "CANCELLED") {
    await recordFailure(db, { orderId, eventId: event.eventId, kind: event.type, instrument, payload: event, now });
    return "failed";
  }
  return "ignored";
}
