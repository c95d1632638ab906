import { sql, type ExpressionBuilder } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database, OrdersTable } from "~/db/schema";
import { istDayStart } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { legalNextStatuses } from "~/lib/order-status";
import { hasLiveCredentials } from "~/payments/gateway.server";
import { getEnv } from "~/config/env.server";
import { ORDERS_PAGE_SIZE, type AdminOrdersFilter } from "~/schemas/admin-orders";
import type { Order } from "~/schemas/orders";
import { auditTrail, recordAudit, type Actor } from "~/services/audit.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { findOrderRow, parseGatewayRef, refundPaymentsOf, rowToOrder, type RefundDuePayment } from "~/services/orders.server";
import { instrumentOfExtra, refundableOf, refundsOf, type AdminRefund } from "~/services/refunds.server";
import type { AuditEntryView } from "~/lib/admin-format";
import type { OrderStatus } from "~/constants/store";

/**
 * The back office's orders (issue 12 items 1, 4; DESIGN.md §18; docs/decisions/0600): the order
 * list and its filters, one order with everything known about it, and cash-on-delivery payments.
 * Refunds and double payments are services/refunds.server.ts, the accountant's CSV
 * services/sales-export.server.ts. Money in integer paise, times in ms since epoch; the status
 * machine itself is `setOrderStatus` in services/orders.server.ts. Every change writes an
 * `order_events` row and an audit row in the transaction of the change. Failures are
 * BackendErrors (404 unknown order, 409 not allowed now) with a sentence for staff.
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
