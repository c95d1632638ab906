import crypto from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { sql, type ExpressionBuilder } from "kysely";
import { isSqlite, isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import type { Database, OrdersTable } from "~/db/schema";
import { istDayStart, istDate } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { legalNextStatuses } from "~/lib/order-status";
import { CashfreeError, type CashfreeRefund } from "~/payments/cashfree.server";
import { getPaymentGateway, hasLiveCredentials, type PaymentGateway } from "~/payments/gateway.server";
import { getEnv } from "~/config/env.server";
import { ORDERS_PAGE_SIZE, type AdminOrdersFilter } from "~/schemas/admin-orders";
import type { Order } from "~/schemas/orders";
import { auditTrail, recordAudit, type Actor } from "~/services/audit.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { parseGatewayRef, refundPaymentsOf, rowToOrder, type OrderRow, type RefundDuePayment } from "~/services/orders.server";
import type { AuditEntryView } from "~/lib/admin-format";
import type { OrderStatus } from "~/constants/store";

/**
 * The back office's orders (issue 12 items 1, 4; DESIGN.md §18; docs/decisions/0600): the order
 * list and its filters, one order with everything known about it, cash-on-delivery payments,
 * refunds (through Cashfree's refund API or recorded as made elsewhere), double payments, and the
 * accountant's CSV. Money in integer paise, times in ms since epoch; the status machine itself is
 * `setOrderStatus` in services/orders.server.ts. Every change writes an `order_events` row and an
 * audit row in the transaction of the change. Failures are BackendErrors (400 bad input, 404
 * unknown order, 409 not allowed now, 502/504 Cashfree unreachable) with a sentence for staff.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether this store takes real money (Cashfree production credentials): the test-paid order rule of setOrderStatus. */
export function liveCredentials(): boolean {
  return hasLiveCredentials(getEnv());
}

// ---------------------------------------------------------------------------------------------
// The list

/** One row of the order list. Money in paise. */
export type AdminOrderListRow = {
  id: string;
  createdAt: number;
  customerName: string;
  customerEmail: string;
  amountPaise: number;
  paymentMethod: string;
  paymentStatus: string;
  testPayment: boolean;
  status: string;
  refundDue: boolean;
};

export type AdminOrdersPage = { rows: AdminOrderListRow[]; total: number; page: number; pageCount: number; pageSize: number };

type OrdersEb = ExpressionBuilder<Database & { users: Database["users"] }, "orders" | "users">;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL condition of a set of filters (both the list and its count use it). */
function filterCondition(eb: OrdersEb, filter: AdminOrdersFilter) {
  const and = [];
  if (filter.status) and.push(eb("orders.status", "=", filter.status));
  if (filter.method) and.push(eb("orders.payment_method", "=", filter.method));
  if (filter.payment) and.push(eb("orders.payment_status", "=", filter.payment));
  else and.push(eb.or([eb("orders.payment_status", "=", "PAID"), eb("orders.payment_method", "=", "cod")]));
  if (filter.mode === "test") {
    and.push(eb("orders.payment_method", "<>", "cod"));
    and.push(eb.or([eb("orders.gateway_mode", "is", null), eb("orders.gateway_mode", "<>", "live")]));
  } else if (filter.mode === "live") {
    and.push(eb.or([eb("orders.payment_method", "=", "cod"), eb("orders.gateway_mode", "=", "live")]));
  }
  if (filter.from) and.push(eb("orders.created_at", ">=", istDayStart(filter.from)));
  if (filter.to) and.push(eb("orders.created_at", "<", istDayStart(filter.to) + DAY_MS));
  if (filter.refund === "due") and.push(eb("orders.refund_due", "=", 1));
  if (filter.q) {
    const text = likePattern(filter.q.toLowerCase());
    const any = [
      eb("orders.id", "like", likePattern(filter.q.toUpperCase())),
      sql<boolean>`lower(${sql.ref("users.email")}) like ${text} escape '\\'`,
      sql<boolean>`lower(${sql.ref("orders.address")}) like ${text} escape '\\'`,
    ];
    const digits = filter.q.replace(/\D/g, "").replace(/^(91|0)(?=\d{10}$)/, "");
    if (digits.length >= 4 && digits !== filter.q) any.push(eb("orders.address", "like", likePattern(digits)));
    and.push(eb.or(any));
  }
  return eb.and(and);
}

/**
 * The order list (issue 12 item 1): 50 a page, newest first. Without a `payment` filter it shows
 * the real orders — paid ones and cash on delivery — as the dashboard counts them; `payment`
 * PENDING or FAILED shows unpaid online attempts too. `q` matches part of the order id, the
 * account's email, or the delivery address (its email and phone; a phone typed with +91 or spaces
 * is matched by its digits). Dates are IST days. A page past the end answers the last page.
 */
export async function listAdminOrders(db: DB, filter: AdminOrdersFilter): Promise<AdminOrdersPage> {
  const base = db.selectFrom("orders").leftJoin("users", "users.id", "orders.user_id").where((eb) => filterCondition(eb, filter));
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(filter.page ?? 1, pageCount);
  const rows = await base
    .select([
      "orders.id",
      "orders.created_at",
      "orders.address",
      "orders.amount_paise",
      "orders.payment_method",
      "orders.payment_status",
      "orders.gateway_mode",
      "orders.status",
      "orders.refund_due",
      "users.email",
    ])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => {
      const address = readAddress(row.address);
      return {
        id: row.id,
        createdAt: Number(row.created_at),
        customerName: `${address.firstName} ${address.lastName}`.trim(),
        customerEmail: row.email ?? address.email,
        amountPaise: Number(row.amount_paise),
        paymentMethod: row.payment_method,
        paymentStatus: row.payment_status,
        testPayment: isTestPayment(row),
        status: row.status,
        refundDue: Number(row.refund_due) === 1,
      };
    }),
    total,
    page,
    pageCount,
    pageSize: ORDERS_PAGE_SIZE,
  };
}

function readAddress(json: string): { firstName: string; lastName: string; email: string; state: string } {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : "");
    return { firstName: text("firstName"), lastName: text("lastName"), email: text("email"), state: text("state") };
  } catch {
    return { firstName: "", lastName: "", email: "", state: "" };
  }
}

/** An online order not paid with real money: the simulator, Cashfree's sandbox, or no recorded mode (fail closed; decision 0310). */
function isTestPayment(row: Pick<OrdersTable, "payment_method" | "gateway_mode">): boolean {
  return row.payment_method !== "cod" && row.gateway_mode !== "live";
}

// ---------------------------------------------------------------------------------------------
// One order

/** A refund as the order page shows it. Money in paise. */
export type AdminRefund = {
  id: string;
  amountPaise: number;
  reference: string | null;
  note: string | null;
  via: "cashfree" | "manual";
  gatewayRefundId: string | null;
  status: string;
  actorEmail: string | null;
  createdAt: number;
  updatedAt: number;
  /** The double payment it refunds (refund_payments' paymentId), or null for the order's own payment. */
  extraPaymentId: string | null;
};

/** One entry of the order's timeline: the creation, then every `order_events` row, oldest first. */
export type TimelineEntry = { at: number; kind: string; status: string | null; actor: string; details: Record<string, unknown> | null };

/** A payment that arrived after the order was paid (decision 0310), with what became of it. */
export type ExtraPayment = RefundDuePayment & { instrument: string | null };

/** Everything the order page shows (issue 12 item 1). Money in paise. */
export type AdminOrderDetail = {
  order: Order;
  customer: { name: string; email: string } | null;
  gatewayRef: string | null;
  paidBy: string | null;
  gatewayMode: string | null;
  testPayment: boolean;
  shipment: { courier: string; awbNumber: string; trackingUrl: string | null } | null;
  nextStatuses: OrderStatus[];
  timeline: TimelineEntry[];
  paymentEvents: { eventId: string; kind: string; receivedAt: number }[];
  refunds: AdminRefund[];
  /** What may still be refunded of the order's own payment: paid amount − its refunds that did not fail. */
  refundablePaise: number;
  /** Whether a refund can go through Cashfree (the order was paid through a Cashfree instrument). */
  cashfreeRefundable: boolean;
  refundDue: boolean;
  extraPayments: ExtraPayment[];
  audit: AuditEntryView[];
};

const FAILED_REFUND = new Set(["FAILED", "CANCELLED"]);
/** Refund ids: `rf_…` for the order's own payment (from the form's one-time key), `rx_…` for a double payment. */
const EXTRA_REFUND_PREFIX = "rx_";

function instrumentOfExtra(payment: RefundDuePayment): string | null {
  const match = / via ((?:order|link):\S+)$/.exec(payment.source);
  return match ? match[1] : null;
}

async function findOrderRow(db: Executor, orderId: string, lock = false): Promise<OrderRow> {
  let query = db.selectFrom("orders").selectAll().where("id", "=", orderId);
  if (lock && !isSqlite(db as DB)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new BackendError(404, `No order with id ${orderId}.`);
  return row;
}

async function refundsOf(db: Executor, orderId: string): Promise<AdminRefund[]> {
  const rows = await db
    .selectFrom("refunds")
    .leftJoin("users", "users.id", "refunds.actor_user_id")
    .selectAll("refunds")
    .select("users.email")
    .where("refunds.order_id", "=", orderId)
    .orderBy("refunds.created_at")
    .orderBy("refunds.id")
    .execute();
  const extra = new Map<string, string>();
  const order = await db.selectFrom("orders").select("refund_payments").where("id", "=", orderId).executeTakeFirst();
  for (const payment of order ? refundPaymentsOf(order) : []) if (payment.refundId) extra.set(payment.refundId, payment.paymentId);
  return rows.map((row) => ({
    id: row.id,
    amountPaise: Number(row.amount_paise),
    reference: row.reference,
    note: row.note,
    via: row.via === "cashfree" ? "cashfree" : "manual",
    gatewayRefundId: row.gateway_refund_id,
    status: row.status,
    actorEmail: row.email ?? (row.actor_user_id === null ? "cli" : null),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    extraPaymentId: extra.get(row.id) ?? null,
  }));
}

/** Paid amount of the order's own payment minus its refunds that did not fail (paise; 0 when unpaid). */
function refundableOf(row: OrderRow, refunds: AdminRefund[]): number {
  if (row.payment_status !== "PAID") return 0;
  const refunded = refunds
    .filter((refund) => !refund.id.startsWith(EXTRA_REFUND_PREFIX) && !FAILED_REFUND.has(refund.status))
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, Number(row.amount_paise) - refunded);
}

function parseDetails(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One order with its timeline, payment events, refunds, double payments and audit trail. BackendError 404. */
export async function loadAdminOrder(db: DB, orderId: string): Promise<AdminOrderDetail> {
  const row = await findOrderRow(db, orderId);
  const [user, events, paymentEvents, refunds, audit] = await Promise.all([
    db.selectFrom("users").select(["name", "email"]).where("id", "=", row.user_id).executeTakeFirst(),
    db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("at").orderBy("id").execute(),
    db.selectFrom("payment_events").select(["event_id", "kind", "received_at"]).where("order_id", "=", orderId).orderBy("received_at").execute(),
    refundsOf(db, orderId),
    auditTrail(db, "order", orderId),
  ]);
  const order = rowToOrder(row);
  return {
    order,
    customer: user ? { name: user.name, email: user.email } : null,
    gatewayRef: row.gateway_order_id,
    paidBy: row.paid_by,
    gatewayMode: row.gateway_mode,
    testPayment: isTestPayment(row),
    shipment: row.courier && row.awb_number ? { courier: row.courier, awbNumber: row.awb_number, trackingUrl: row.tracking_url } : null,
    nextStatuses: row.payment_method !== "cod" && row.payment_status !== "PAID" ? [] : legalNextStatuses(row.status),
    timeline: [
      { at: order.createdAt, kind: "status", status: "Order Placed", actor: "shopper", details: null },
      ...events.map((event) => ({ at: Number(event.at), kind: event.kind, status: event.status, actor: event.actor, details: parseDetails(event.details) })),
    ],
    paymentEvents: paymentEvents.map((event) => ({ eventId: event.event_id, kind: event.kind, receivedAt: Number(event.received_at) })),
    refunds,
    refundablePaise: refundableOf(row, refunds),
    cashfreeRefundable: row.payment_method === "cashfree" && row.payment_status === "PAID" && parseGatewayRef(row.paid_by) !== null,
    refundDue: Number(row.refund_due) === 1,
    extraPayments: refundPaymentsOf(row).map((payment) => ({ ...payment, instrument: instrumentOfExtra(payment) })),
    audit,
  };
}

// ---------------------------------------------------------------------------------------------
// Cash on delivery

/**
 * Records that a cash-on-delivery order's cash was received (issue 12 item 1): payment_status
 * PAID, an `order_events` row (kind `cod_paid`), an audit row and the shopper's "payment
 * received" email in the outbox (issue 14 item 4) in one transaction. Throws
 * BackendError 404 (unknown order) or 409: not a cash-on-delivery order, cancelled, already paid.
 */
export async function markCodPaid(db: DB, orderId: string, actor: Actor, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderId, true);
    if (row.payment_method !== "cod") throw new BackendError(409, `Order ${orderId} was paid online, not by cash on delivery: there is no cash payment to record.`);
    if (row.status === "Cancelled") throw new BackendError(409, `Order ${orderId} is cancelled: no cash payment can be recorded for it.`);
    if (row.payment_status === "PAID") throw new BackendError(409, `Order ${orderId} is already marked paid.`);
    const result = await trx
      .updateTable("orders")
      .set({ payment_status: "PAID", updated_at: now })
      .where("id", "=", orderId)
      .where("payment_status", "=", row.payment_status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new BackendError(409, `Order ${orderId} was changed by someone else just now. Reload it and try again.`);
    await trx.insertInto("order_events").values({ order_id: orderId, at: now, kind: "cod_paid", status: null, actor: actor.email, details: JSON.stringify({ amountPaise: Number(row.amount_paise) }) }).execute();
    await recordAudit(trx, { actor, entity: "order", entityId: orderId, action: "cash on delivery paid", before: { paymentStatus: row.payment_status }, after: { paymentStatus: "PAID" }, at: now });
    await enqueueOrderEmail(trx, { kind: "payment_received", order: { ...rowToOrder(row), paymentStatus: "PAID" } }, { now });
  });
  nudgeOrderEmails();
}

/**
 * Puts the shopper's "refund recorded" email in the outbox, on the transaction that records the
 * refund (issue 14 item 4); once per refund id. Amount in paise; nothing for an amount of 0 (a
 * double payment whose amount Cashfree did not tell).
 */
async function enqueueRefundEmail(trx: Executor, row: OrderRow, refund: { id: string; amountPaise: number; reference: string | null }, now: number) {
  if (refund.amountPaise <= 0) return;
  await enqueueOrderEmail(trx, { kind: "refund_recorded", order: rowToOrder(row), refund }, { now });
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** A fresh one-time key for the refund form (the order page's loader puts it in a hidden input). */
export function newRefundKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/** Our refund id for a form key: "rf_" + 24 hex characters (also Cashfree's refund_id: 3–40 of [A-Za-z0-9_-]). */
export function refundIdFor(orderId: string, key: string): string {
  return `rf_${crypto.createHash("sha256").update(`${orderId}\u0000${key}`).digest("hex").slice(0, 24)}`;
}

function extraRefundIdFor(orderId: string, paymentId: string): string {
  return `${EXTRA_REFUND_PREFIX}${crypto.createHash("sha256").update(`${orderId}\u0000${paymentId}`).digest("hex").slice(0, 24)}`;
}

/**
 * The Cashfree order a refund of money paid through `instrument` names (docs/decisions/0600):
 * "order:{id}" → that Cashfree order; "link:{id}" → the PAID order behind the payment link
 * (`GET /links/{id}/orders`, Cashfree creates one per link payment). BackendError 409 when there
 * is none, 502/504 when Cashfree cannot be asked.
 */
async function cashfreeOrderFor(gateway: PaymentGateway, orderId: string, instrument: string | null): Promise<string> {
  const ref = parseGatewayRef(instrument);
  if (!ref) throw new BackendError(409, `Order ${orderId} has no Cashfree payment to refund; record the refund as made elsewhere.`);
  if (ref.kind === "order") return ref.id;
  const orders = await gateway.client.getPaymentLinkOrders(ref.id).catch((error: unknown) => {
    throw cashfreeFailure(error);
  });
  const paid = orders.find((order) => order.status === "PAID");
  if (!paid) throw new BackendError(409, `Cashfree shows no paid order behind payment link ${ref.id}; refund it in Cashfree's dashboard and record it as made elsewhere.`);
  return paid.orderId;
}

function cashfreeFailure(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  if (error instanceof CashfreeError) {
    console.error(`Cashfree refund call failed (${error.kind}${error.status ? ` ${error.status}` : ""}): ${error.message}`);
    if (error.kind === "timeout") return new BackendError(504, "Cashfree did not answer in time. The refund is saved as requested: press “Check status” to send it again.");
    return new BackendError(502, "Cashfree could not be reached. The refund is saved as requested: press “Check status” to send it again.");
  }
  throw error;
}

/** Cashfree's refund_note: 3 to 100 characters. */
function cashfreeNote(note: string | null, orderId: string): string {
  const text = (note ?? "").trim().slice(0, 100);
  return text.length >= 3 ? text : `Refund for order ${orderId}`;
}

/** Cashfree refund statuses that mean the refund is under way or done: the shopper is told. */
const REFUND_EMAIL_STATUSES = new Set(["PENDING", "SUCCESS", "ONHOLD"]);

/**
 * Sends a requested refund to Cashfree (or reads it back when Cashfree already has it: a retry,
 * a double submit) and stores Cashfree's answer on the refunds row. Cashfree refusing it (e.g.
 * more than it holds) marks the row FAILED and throws BackendError 409 with Cashfree's reason.
 */
async function sendRefund(db: DB, gateway: PaymentGateway, input: { orderId: string; refundId: string; amountPaise: number; instrument: string | null; note: string | null; now: number }): Promise<CashfreeRefund> {
  const target = await cashfreeOrderFor(gateway, input.orderId, input.instrument);
  let refund: CashfreeRefund;
  try {
    refund = await gateway.client.createRefund({
      orderId: target,
      refundId: input.refundId,
      amountPaise: input.amountPaise,
      note: cashfreeNote(input.note, input.orderId),
    });
  } catch (error) {
    if (error instanceof CashfreeError && error.kind === "conflict") {
      refund = await gateway.client.getRefund(target, input.refundId).catch((again: unknown) => {
        throw cashfreeFailure(again);
      });
    } else if (error instanceof CashfreeError && error.kind === "rejected") {
      await db.updateTable("refunds").set({ status: "FAILED", note: error.message.slice(0, 500), updated_at: input.now }).where("id", "=", input.refundId).execute();
      throw new BackendError(409, `Cashfree refused the refund: ${error.message}`);
    } else {
      throw cashfreeFailure(error);
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("refunds")
      .set({ status: refund.status, gateway_refund_id: refund.cfRefundId, updated_at: input.now })
      .where("id", "=", input.refundId)
      .execute();
    // Cashfree took the refund: the shopper hears of it once (issue 14 item 4).
    if (REFUND_EMAIL_STATUSES.has(refund.status)) {
      const stored = await trx.selectFrom("refunds").select(["amount_paise", "reference"]).where("id", "=", input.refundId).executeTakeFirstOrThrow();
      await enqueueRefundEmail(trx, await findOrderRow(trx, input.orderId), { id: input.refundId, amountPaise: Number(stored.amount_paise), reference: stored.reference }, input.now);
    }
  });
  nudgeOrderEmails();
  return refund;
}

/** What a refund request came to: the row as stored after the call, and whether it was a replay of an earlier submit. */
export type RefundOutcome = { refund: AdminRefund; replay: boolean };

async function refundById(db: DB, orderId: string, refundId: string): Promise<AdminRefund> {
  const refund = (await refundsOf(db, orderId)).find((candidate) => candidate.id === refundId);
  if (!refund) throw new BackendError(404, `No refund ${refundId} on order ${orderId}.`);
  return refund;
}

/**
 * Refunds (part of) an order's own payment (issue 12 item 1). `amountPaise` must be more than 0
 * and at most the paid amount minus earlier refunds that did not fail (BackendError 400 with the
 * limit in rupees). `via: "cashfree"` issues it through Cashfree's refund API on the instrument
 * that paid the order (`paid_by`; a payment link's paid order, see cashfreeOrderFor); `manual`
 * records money returned elsewhere (cash on delivery, bank transfer, a test order) with status
 * RECORDED.
 *
 * The shopper's "refund recorded" email (issue 14 item 4) is enqueued with a `manual` refund's
 * row, and with a Cashfree refund's status once Cashfree has taken it (sendRefund).
 *
 * Idempotent: the refund id comes from the form's one-time `key` and the refunds row is inserted
 * first (primary key), with its `order_events` row (kind `refund`) and audit row, in one
 * transaction that locks the order; a double submit or a retry finds the row and at most re-sends
 * the same refund_id, which Cashfree de-duplicates. Throws BackendError 400 (amount), 404 (unknown
 * order), 409 (not paid; Cashfree asked for an order not paid through it; Cashfree refused),
 * 502/504 (Cashfree unreachable: the row stays REQUESTED and "Check status" sends it again).
 */
export async function issueRefund(
  db: DB,
  input: { orderId: string; key: string; amountPaise: number; via: "cashfree" | "manual"; reference: string | null; note: string | null; actor: Actor; now?: number },
  gateway?: PaymentGateway,
): Promise<RefundOutcome> {
  const now = input.now ?? Date.now();
  const refundId = refundIdFor(input.orderId, input.key);
  const created = await db
    .transaction()
    .execute(async (trx) => {
      const row = await findOrderRow(trx, input.orderId, true);
      const existing = await trx.selectFrom("refunds").select("id").where("id", "=", refundId).executeTakeFirst();
      if (existing) return { row, created: false };
      if (row.payment_status !== "PAID") throw new BackendError(409, `Order ${input.orderId} has not been paid: there is nothing to refund.`);
      if (input.via === "cashfree" && (row.payment_method !== "cashfree" || !parseGatewayRef(row.paid_by))) {
        throw new BackendError(400, `Order ${input.orderId} was not paid through Cashfree: record the refund as made elsewhere (bank transfer, UPI or cash).`);
      }
      const refundable = refundableOf(row, await refundsOf(trx, input.orderId));
      if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) throw new BackendError(400, "The refund must be more than ₹0.");
      if (input.amountPaise > refundable) {
        throw new BackendError(400, `The refund can be at most ${formatPaise(refundable)}: the order was paid ${formatPaise(Number(row.amount_paise))} and ${formatPaise(Number(row.amount_paise) - refundable)} has been refunded already.`);
      }
      await trx
        .insertInto("refunds")
        .values({
          id: refundId,
          order_id: input.orderId,
          amount_paise: input.amountPaise,
          reference: input.reference,
          note: input.note,
          via: input.via,
          gateway_refund_id: null,
          status: input.via === "cashfree" ? "REQUESTED" : "RECORDED",
          actor_user_id: input.actor.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const details = { refundId, amountPaise: input.amountPaise, via: input.via, reference: input.reference };
      await trx.insertInto("order_events").values({ order_id: input.orderId, at: now, kind: "refund", status: null, actor: input.actor.email, details: JSON.stringify(details) }).execute();
      await recordAudit(trx, {
        actor: input.actor,
        entity: "order",
        entityId: input.orderId,
        action: `refund ${formatPaise(input.amountPaise)} (${input.via === "cashfree" ? "through Cashfree" : "made elsewhere"})`,
        before: null,
        after: { refundId, amount: formatPaise(input.amountPaise), ...(input.reference ? { reference: input.reference } : {}), ...(input.note ? { note: input.note } : {}) },
        at: now,
      });
      if (input.via === "manual") await enqueueRefundEmail(trx, row, { id: refundId, amountPaise: input.amountPaise, reference: input.reference }, now);
      return { row, created: true };
    })
    .catch(async (error: unknown) => {
      // Two submits of one form at the same moment (PostgreSQL): the other one inserted the row.
      if (isUniqueViolation(error)) return { row: await findOrderRow(db, input.orderId), created: false };
      throw error;
    });
  if (created.created && input.via === "manual") nudgeOrderEmails();

  const stored = await refundById(db, input.orderId, refundId);
  if (stored.via === "cashfree" && stored.status === "REQUESTED") {
    await sendRefund(db, gateway ?? getPaymentGateway(), { orderId: input.orderId, refundId, amountPaise: stored.amountPaise, instrument: created.row.paid_by, note: stored.note, now });
  }
  return { refund: await refundById(db, input.orderId, refundId), replay: !created.created };
}

/**
 * Reads a Cashfree refund's current status (`GET /orders/{id}/refunds/{refund_id}`) and stores
 * it; a refund still REQUESTED (Cashfree was unreachable) is sent again with the same refund_id.
 * A status change writes an audit row. BackendError 404 (unknown order or refund), 409 (a refund
 * made elsewhere has no Cashfree status), 502/504.
 */
export async function refreshRefund(db: DB, input: { orderId: string; refundId: string; actor: Actor; now?: number }, gateway: PaymentGateway = getPaymentGateway()): Promise<AdminRefund> {
  const now = input.now ?? Date.now();
  const row = await findOrderRow(db, input.orderId);
  const before = await refundById(db, input.orderId, input.refundId);
  if (before.via !== "cashfree") throw new BackendError(409, `Refund ${input.refundId} was made outside Cashfree; there is no status to check.`);
  const instrument = before.extraPaymentId
    ? instrumentOfExtra(refundPaymentsOf(row).find((payment) => payment.paymentId === before.extraPaymentId)!)
    : row.paid_by;
  if (before.status === "REQUESTED") {
    await sendRefund(db, gateway, { orderId: input.orderId, refundId: input.refundId, amountPaise: before.amountPaise, instrument, note: before.note, now });
  } else {
    const target = await cashfreeOrderFor(gateway, input.orderId, instrument);
    const refund = await gateway.client.getRefund(target, input.refundId).catch((error: unknown) => {
      throw cashfreeFailure(error);
    });
    await db.updateTable("refunds").set({ status: refund.status, gateway_refund_id: refund.cfRefundId, updated_at: now }).where("id", "=", input.refundId).execute();
  }
  const after = await refundById(db, input.orderId, input.refundId);
  if (after.status !== before.status) {
    await recordAudit(db, { actor: input.actor, entity: "order", entityId: input.orderId, action: `refund ${input.refundId} status`, before: { status: before.status }, after: { status: after.status }, at: now });
  }
  return after;
}

// ---------------------------------------------------------------------------------------------
// Double payments (refund due, docs/decisions/0310)

/**
 * Deals with one payment that arrived after the order was paid (issue 12 item 1; decision 0310):
 * `how: "cashfree"` refunds exactly that payment's amount through Cashfree, on the instrument it
 * was paid with (refund id derived from the payment id, so a retry is the same refund);
 * `how: "elsewhere"` records that it was refunded outside the store (e.g. Cashfree's dashboard),
 * with an optional reference. Either way a refunds row (via `cashfree` or `manual`), an
 * `order_events` row (kind `refund_due_resolved`) and an audit row are written with the update of
 * `refund_payments`; when no payment remains unresolved, `refund_due` goes to 0. The shopper's
 * "refund recorded" email goes to the outbox with the refund (issue 14 item 4). Throws
 * BackendError 404 (unknown order or payment), 409 (already dealt with; amount unknown for a
 * Cashfree refund; Cashfree refused — the payment is then due again), 502/504.
 */
export async function resolveExtraPayment(
  db: DB,
  input: { orderId: string; paymentId: string; how: "cashfree" | "elsewhere"; reference: string | null; actor: Actor; now?: number },
  gateway?: PaymentGateway,
): Promise<RefundOutcome> {
  const now = input.now ?? Date.now();
  const refundId = extraRefundIdFor(input.orderId, input.paymentId);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, input.orderId, true);
    const payments = refundPaymentsOf(row);
    const payment = payments.find((candidate) => candidate.paymentId === input.paymentId);
    if (!payment) throw new BackendError(404, `Order ${input.orderId} has no double payment ${input.paymentId}.`);
    if (payment.resolution) {
      if (payment.refundId === refundId) return { payment, created: false };
      throw new BackendError(409, `Payment ${input.paymentId} of order ${input.orderId} has been dealt with already.`);
    }
    const instrument = instrumentOfExtra(payment);
    if (input.how === "cashfree" && (payment.amountPaise === null || !instrument)) {
      throw new BackendError(409, `The amount or instrument of payment ${input.paymentId} is not known: refund it in Cashfree's dashboard and mark it as refunded elsewhere.`);
    }
    const resolved: RefundDuePayment = { ...payment, resolution: input.how === "cashfree" ? "refunded" : "elsewhere", refundId, reference: input.reference, resolvedAt: now, resolvedBy: input.actor.email };
    const list = payments.map((candidate) => (candidate.paymentId === input.paymentId ? resolved : candidate));
    const stillDue = list.some((candidate) => !candidate.resolution);
    await trx.updateTable("orders").set({ refund_payments: JSON.stringify(list), refund_due: stillDue ? 1 : 0, updated_at: now }).where("id", "=", input.orderId).execute();
    await trx
      .insertInto("refunds")
      .values({
        id: refundId,
        order_id: input.orderId,
        amount_paise: payment.amountPaise ?? 0,
        reference: input.reference,
        note: `Double payment ${input.paymentId}`,
        via: input.how === "cashfree" ? "cashfree" : "manual",
        gateway_refund_id: null,
        status: input.how === "cashfree" ? "REQUESTED" : "RECORDED",
        actor_user_id: input.actor.id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("id").doUpdateSet({ status: input.how === "cashfree" ? "REQUESTED" : "RECORDED", via: input.how === "cashfree" ? "cashfree" : "manual", reference: input.reference, updated_at: now }))
      .execute();
    const details = { paymentId: input.paymentId, refundId, amountPaise: payment.amountPaise, how: input.how, reference: input.reference };
    await trx.insertInto("order_events").values({ order_id: input.orderId, at: now, kind: "refund_due_resolved", status: null, actor: input.actor.email, details: JSON.stringify(details) }).execute();
    await recordAudit(trx, {
      actor: input.actor,
      entity: "order",
      entityId: input.orderId,
      action: input.how === "cashfree" ? "double payment refunded through Cashfree" : "double payment marked refunded elsewhere",
      before: { refundDue: Number(row.refund_due) === 1 },
      after: { refundDue: stillDue, paymentId: input.paymentId },
      at: now,
    });
    if (input.how === "elsewhere") await enqueueRefundEmail(trx, row, { id: refundId, amountPaise: payment.amountPaise ?? 0, reference: input.reference }, now);
    return { payment: resolved, created: true };
  });
  if (outcome.created && input.how === "elsewhere") nudgeOrderEmails();

  const stored = await refundById(db, input.orderId, refundId);
  if (stored.via === "cashfree" && stored.status === "REQUESTED") {
    try {
      await sendRefund(db, gateway ?? getPaymentGateway(), { orderId: input.orderId, refundId, amountPaise: stored.amountPaise, instrument: instrumentOfExtra(outcome.payment), note: `Double payment for order ${input.orderId}`, now });
    } catch (error) {
      if (error instanceof BackendError && error.status === 409) await reopenExtraPayment(db, input.orderId, input.paymentId, now);
      throw error;
    }
  }
  return { refund: await refundById(db, input.orderId, refundId), replay: !outcome.created };
}

/** Cashfree refused the refund of a double payment: it is due again. */
async function reopenExtraPayment(db: DB, orderId: string, paymentId: string, now: number) {
  await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderId, true);
    const list = refundPaymentsOf(row).map((payment) => (payment.paymentId === paymentId ? { paymentId: payment.paymentId, amountPaise: payment.amountPaise, currency: payment.currency, source: payment.source, at: payment.at } : payment));
    await trx.updateTable("orders").set({ refund_payments: JSON.stringify(list), refund_due: 1, updated_at: now }).where("id", "=", orderId).execute();
  });
}

// ---------------------------------------------------------------------------------------------
// The accountant's CSV

/** HSN code of wrist watches (GST tariff chapter 91). */
export const WATCH_HSN = "9102";

/** One CSV row: one item of one order. Amount in paise here; rupees with two decimals in the file. */
export type SalesLine = { orderId: string; date: string; customerName: string; state: string; itemName: string; hsn: string; quantity: number; amountPaise: number };

/**
 * The sales lines of a date range (IST days, both included; either end may be open), oldest
 * first, one per item (docs/decisions/0600): orders that are sales — paid online with real money
 * or cash on delivery — and not cancelled. Test payments (simulator, sandbox) are left out
 * unless `mode: "test"`, which gives only them (to try the export on a trial store). Refunds are
 * not netted here: they are on each order's page.
 */
export async function listSalesLines(db: DB, range: { from?: string; to?: string; mode?: "test" | "live" }): Promise<SalesLine[]> {
  let query = db
    .selectFrom("orders")
    .select(["id", "created_at", "address", "items", "payment_method", "gateway_mode"])
    .where("status", "<>", "Cancelled")
    .where((eb) => eb.or([eb("payment_status", "=", "PAID"), eb("payment_method", "=", "cod")]));
  if (range.mode === "test") query = query.where("payment_method", "<>", "cod").where((eb) => eb.or([eb("gateway_mode", "is", null), eb("gateway_mode", "<>", "live")]));
  else query = query.where((eb) => eb.or([eb("payment_method", "=", "cod"), eb("gateway_mode", "=", "live")]));
  if (range.from) query = query.where("created_at", ">=", istDayStart(range.from));
  if (range.to) query = query.where("created_at", "<", istDayStart(range.to) + DAY_MS);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.flatMap((row) => {
    const order = rowToOrder(row as OrderRow & typeof row);
    return order.items.map((item) => ({
      orderId: order.id,
      date: istDate(order.createdAt),
      customerName: `${order.address.firstName} ${order.address.lastName}`.trim(),
      state: order.address.state,
      itemName: item.name,
      hsn: WATCH_HSN,
      quantity: item.quantity,
      amountPaise: item.pricePaise * item.quantity,
    }));
  });
}

/** Paise → "1234.50" (exact: no floating point). */
export function paiseAsRupeeText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading ' (OWASP CSV injection). */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const SALES_CSV_COLUMNS = ["Order ID", "Date (IST)", "Customer", "State", "Item", "HSN", "Quantity", "Amount (INR)"] as const;

/** The sales lines as CSV text (RFC 4180 via csv-stringify, a header row, CRLF line ends). */
export function salesCsv(lines: SalesLine[]): string {
  return stringify(
    lines.map((line) => [line.orderId, line.date, safeCell(line.customerName), safeCell(line.state), safeCell(line.itemName), line.hsn, String(line.quantity), paiseAsRupeeText(line.amountPaise)]),
    { header: true, columns: [...SALES_CSV_COLUMNS], record_delimiter: "windows" },
  );
}
