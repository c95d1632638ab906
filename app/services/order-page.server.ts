import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { CANCELLED, FULFILMENT_STEPS, hasShipped } from "~/lib/order-status";
import type { OrderDetail, OrderRefund, OrderShipment, OrderTimelineStep } from "~/schemas/order-detail";
import { ORDER_MESSAGES, orderIdSchema } from "~/schemas/orders";
import { reportSectionView, type ReportSectionView } from "~/lib/problem-reports";
import { requireAccount } from "~/services/accounts.server";
import { renderInvoicePdf } from "~/services/invoice-pdf.server";
import { findInvoice, invoicePdfFilename, type Invoice } from "~/services/invoices.server";
import { findUserOrderRow, rowToOrder, type OrderRow } from "~/services/orders.server";
import { shopperReports } from "~/services/problem-reports.server";
import type { ReturnSectionView } from "~/lib/return-requests";
import { returnSectionView, shopperReturnSection } from "~/services/returns.server";

/**
 * The shopper's order page (issue 14 item 1; DESIGN.md §20; docs/decisions/0630-order-page.md):
 * one order of the shopper's, with its status timeline (from `order_events`, written by the back
 * office and `npm run orders:status`, issue 12), its refunds and its shipment.
 */

/** Refund statuses (the `refunds` table) that mean the money went back, and those still on their way; the rest (FAILED, CANCELLED) are not told. */
const REFUNDED = new Set(["SUCCESS", "RECORDED"]);
// REQUESTED: recorded, Cashfree not yet reached (it was down; staff "Check status" sends it again) — the shopper reads it as started (issue 45 item 1).
const REFUND_PENDING = new Set(["REQUESTED", "PENDING", "ONHOLD"]);

/**
 * The shopper's order `orderId` for its page: the order (money in paise, times in ms), the
 * timeline, refunds (oldest first) and, once shipped, the shipment. Only orders My Orders lists
 * are shown — paid orders and cash-on-delivery orders (DESIGN.md §9); an unpaid online attempt, an
 * unknown id, a malformed id and another shopper's order all throw the same BackendError 404
 * (ORDER_MESSAGES.orderNotFound), so an id reveals nothing about orders that are not yours.
 */
export async function userOrderDetail(db: DB, userId: number, orderId: unknown): Promise<OrderDetail> {
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const row = await findUserOrderRow(db, userId, id.data);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const [events, refunds] = await Promise.all([
    db.selectFrom("order_events").select(["at", "status"]).where("order_id", "=", row.id).where("kind", "=", "status").orderBy("at").orderBy("id").execute(),
    db.selectFrom("refunds").select(["amount_paise", "status", "created_at", "updated_at"]).where("order_id", "=", row.id).orderBy("created_at").orderBy("id").execute(),
  ]);
  const order = rowToOrder(row);
  return {
    order,
    timeline: orderTimeline(
      order.status,
      order.createdAt,
      events.map((event) => ({ status: event.status, at: Number(event.at) })),
    ),
    refunds: refunds.flatMap((refund): OrderRefund[] => {
      const amountPaise = Number(refund.amount_paise);
      if (REFUNDED.has(refund.status)) return [{ amountPaise, state: "refunded", at: Number(refund.status === "SUCCESS" ? refund.updated_at : refund.created_at) }];
      if (REFUND_PENDING.has(refund.status)) return [{ amountPaise, state: "pending", at: Number(refund.created_at) }];
      return [];
    }),
    shipment: shipmentOf(row),
  };
}

/**
 * The status timeline of an order now at `status`, placed at `createdAt` (ms), from its status
 * events (oldest first; `at` in ms). Pure.
 *
 * - Not cancelled: the five fulfilment steps in order (SPEC.md §4). Steps up to the current one are
 *   `reached`, dated with the first event that moved the order there (Order Placed: `createdAt`);
 *   a step the back office skipped is reached without a date; later steps are not reached.
 * - Cancelled: the steps the order had reached (as above), then `Cancelled` with its date; the
 *   steps it never will reach are left out.
 */
export function orderTimeline(status: string, createdAt: number, events: { status: string | null; at: number }[]): OrderTimelineStep[] {
  const firstAt = new Map<string, number>();
  for (const event of events) if (event.status && !firstAt.has(event.status)) firstAt.set(event.status, event.at);
  firstAt.set(FULFILMENT_STEPS[0], createdAt);
  const steps: readonly string[] = FULFILMENT_STEPS;
  if (status === CANCELLED) {
    const lastReached = Math.max(0, ...steps.map((step, index) => (firstAt.has(step) ? index : 0)));
    return [
      ...steps.slice(0, lastReached + 1).map((step) => ({ status: step, at: firstAt.get(step) ?? null, reached: true })),
      { status: CANCELLED, at: firstAt.get(CANCELLED) ?? null, reached: true },
    ];
  }
  const current = Math.max(0, steps.indexOf(status));
  return steps.map((step, index) => ({ status: step, at: index <= current ? (firstAt.get(step) ?? null) : null, reached: index <= current }));
}

/** The shipment of a shipped order (courier and AWB number both known); its tracking link only when it is an http(s) URL. */
function shipmentOf(row: Pick<OrderRow, "status" | "courier" | "awb_number" | "tracking_url">): OrderShipment | null {
  if (!hasShipped(row.status) || !row.courier || !row.awb_number) return null;
  return { courier: row.courier, awbNumber: row.awb_number, trackingUrl: httpUrl(row.tracking_url) };
}

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** What the shopper's order page shows: the order, its invoice's number once issued, its "Report a problem" section. */
export type ShopperOrderPage = { detail: OrderDetail; invoiceNumber: string | null; report: ReportSectionView; returns: ReturnSectionView };

/**
 * The order page of the session `token`'s shopper for `orderId` at `now` (ms), in one trip
 * (issue 22 item 1): one account check, the order with its timeline, refunds and shipment
 * (`userOrderDetail`), the GST invoice's number (issue 14 item 2) and the problem-report section
 * (issue 14 item 3) and the "Returns and exchanges" section (issue 45 item 2). Throws BackendError 401 (session gone) and 404 (as `userOrderDetail`).
 */
export async function shopperOrderPage(db: DB, token: string, orderId: unknown, now = Date.now()): Promise<ShopperOrderPage> {
  const account = await requireAccount(db, token, now);
  const detail = await userOrderDetail(db, account.id, orderId);
  const [invoice, reports, returns] = await Promise.all([
    findInvoice(db, detail.order.id),
    shopperReports(db, account.id, detail.order.id, now),
    shopperReturnSection(db, account.id, detail.order.id, now),
  ]);
  return { detail, invoiceNumber: invoice?.number ?? null, report: reportSectionView(reports.window, reports.reports), returns: returnSectionView(returns) };
}

/**
 * The invoice of the shopper `userId`'s order `orderId` on `db`. Throws BackendError 404 — for
 * anything the order page answers 404 to (another shopper's order, an unknown or malformed id, an
 * unpaid online attempt) and for an order without an invoice yet. Source: issue 14 item 2.
 */
export async function shopperInvoice(db: DB, userId: number, orderId: string): Promise<Invoice> {
  const detail = await userOrderDetail(db, userId, orderId);
  const invoice = await findInvoice(db, detail.order.id);
  if (!invoice) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return invoice;
}

/**
 * The session `token`'s shopper's GST tax invoice for `orderId` as a PDF file, `{filename, body}`.
 * Throws BackendError 401 (session gone) and 404 (as `shopperInvoice`). Source: issue 14 item 2;
 * DESIGN.md §20.
 */
export async function shopperInvoicePdf(db: DB, token: string, orderId: string): Promise<{ filename: string; body: Buffer }> {
  const account = await requireAccount(db, token);
  const invoice = await shopperInvoice(db, account.id, orderId);
  return { filename: invoicePdfFilename(invoice.number), body: await renderInvoicePdf(invoice) };
}
