import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { CANCEL_MESSAGES, CANCEL_REFUND_KEY, cancelRefundState, shopperMayCancel, type CancelRefundState } from "~/lib/order-cancel";
import { CANCELLED } from "~/lib/order-status";
import type { PaymentGateway } from "~/payments/gateway.server";
import { ORDER_MESSAGES, orderIdSchema, type Order } from "~/schemas/orders";
import type { Actor } from "~/services/audit.server";
import { enqueueOrderEmail } from "~/services/order-emails.server";
import { findUserOrderRow, parseGatewayRef, rowToOrder, setOrderStatus, type OrderRow } from "~/services/orders.server";
import { issueRefund, refundIdFor, refundableOf, refundsOf } from "~/services/refunds.server";
import { log } from "~/observability/log.server";

/**
 * The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981). Money in paise,
 * times in ms.
 */

/** What a cancel came to: the order (now Cancelled), the refund it started (null: nothing was paid online), and whether it was cancelled already. */
export type CancelOutcome = {
  order: Order;
  refund: { amountPaise: number; state: CancelRefundState } | null;
  /** True when the order was cancelled before this call (a double submit, a retry): nothing new was written. */
  replay: boolean;
};

/**
 * The shopper `userId` cancels their order `orderId` (issue 45 item 1; Consumer Protection
 * (E-Commerce) Rules 2020, rule 4(10): no charge for a cancel).
 *
 * - Only the shopper's own orders that My Orders lists (paid online, or cash on delivery): an
 *   unknown or malformed id, another shopper's order and an unpaid online attempt all throw the
 *   same BackendError 404 (ORDER_MESSAGES.orderNotFound), with nothing written.
 * - Only while "Order Placed" or "Packing" (lib/order-cancel.ts): later, 409 CANCEL_MESSAGES.shipped.
 * - The move is setOrderStatus's (its conditional UPDATE decides a race with a staff "Shipped":
 *   exactly one wins; the loser here gets 409 `shipped`): in one transaction the status, the
 *   stock back once (stock_movements "cancel"), an `order_events` row (kind `status`, actor the
 *   shopper's email, details.by "shopper"), an audit row, and the "order cancelled" email in the
 *   order's language with the refund's amount.
 * - Then, for an order paid through Cashfree, the refund of everything still refundable through
 *   Cashfree's refund API (refunds.server.ts issueRefund, Cashfree PG 2025-01-01), its id fixed per
 *   order (CANCEL_REFUND_KEY): a double submit refunds once. The refunds row is written before
 *   Cashfree is asked, so when Cashfree is unreachable it stays REQUESTED (staff "Check status"
 *   sends it again) and the shopper reads "started"; Cashfree refusing marks it FAILED (staff
 *   take over). Either way the cancel stands and this does not throw for it.
 * - An order cancelled already answers as the first cancel did (`replay`), re-sending a cancel
 *   refund still REQUESTED.
 *
 * Throws BackendError 404 and 409 as above; what the database throws.
 */
export async function cancelOrderByShopper(
  db: DB,
  input: { userId: number; orderId: unknown; now?: number },
  gateway?: PaymentGateway,
): Promise<CancelOutcome> {
  const now = input.now ?? Date.now();
  const id = orderIdSchema.safeParse(input.orderId);
  if (!id.success) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const row = await findUserOrderRow(db, input.userId, id.data);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  if (row.status === CANCELLED) return { ...(await cancelState(db, row, gateway, now)), replay: true };
  if (!shopperMayCancel(row.status)) throw new BackendError(409, CANCEL_MESSAGES.shipped);

  const account = await db.selectFrom("users").select("email").where("id", "=", input.userId).executeTakeFirstOrThrow();
  const actor: Actor = { id: input.userId, email: account.email };
  const refundPaise = refundsCashfree(row) ? refundableOf(row, await refundsOf(db, row.id)) : 0;
  try {
    await setOrderStatus(db, row.id, CANCELLED, {
      liveCredentials: false,
      now,
      actor,
      by: "shopper",
      alsoInTransaction: async (trx, before) => {
        await enqueueOrderEmail(trx, { kind: "order_cancelled", order: { ...rowToOrder(before), status: CANCELLED }, refundPaise }, { now });
      },
    });
  } catch (error) {
    if (!(error instanceof BackendError) || error.status !== 409) throw error;
    // Someone moved the order first (staff "Shipped", the shopper's other tab): say what it is now.
    const latest = await findUserOrderRow(db, input.userId, row.id);
    if (latest.status === CANCELLED) return { ...(await cancelState(db, latest, gateway, now)), replay: true };
    throw new BackendError(409, shopperMayCancel(latest.status) ? CANCEL_MESSAGES.busy : CANCEL_MESSAGES.shipped);
  }
  const cancelled = await findUserOrderRow(db, input.userId, row.id);
  return { ...(await cancelState(db, cancelled, gateway, now, actor)), replay: false };
}

/** Whether an order's payment goes back through Cashfree's refund API: paid through Cashfree (not cash on delivery). */
function refundsCashfree(row: OrderRow): boolean {
  return row.payment_method === "cashfree" && row.payment_status === "PAID" && parseGatewayRef(row.paid_by) !== null;
}

/**
 * The cancelled order `row` and its cancel refund: started (through issueRefund with the order's
 * fixed key) when the shopper cancelled it and something is still refundable, re-sent when still
 * REQUESTED. A Cashfree failure is logged, never thrown: the row says what happened.
 */
async function cancelState(db: DB, row: OrderRow, gateway: PaymentGateway | undefined, now: number, actor?: Actor): Promise<Omit<CancelOutcome, "replay">> {
  const order = rowToOrder(row);
  const refundId = refundIdFor(row.id, CANCEL_REFUND_KEY);
  let refund = (await refundsOf(db, row.id)).find((candidate) => candidate.id === refundId);
  const byShopper = await db
    .selectFrom("order_events")
    .select(["actor", "details"])
    .where("order_id", "=", row.id)
    .where("kind", "=", "status")
    .where("status", "=", CANCELLED)
    .executeTakeFirst();
  const shopperCancelled = byShopper?.details?.includes('"by":"shopper"') ?? false;
  if (shopperCancelled && refundsCashfree(row) && (!refund || refund.status === "REQUESTED")) {
    const amountPaise = refund?.amountPaise ?? refundableOf(row, await refundsOf(db, row.id));
    if (amountPaise > 0) {
      const who: Actor = actor ?? { id: row.user_id, email: byShopper?.actor ?? "shopper" };
      try {
        await issueRefund(db, { orderId: row.id, key: CANCEL_REFUND_KEY, amountPaise, via: "cashfree", reference: null, note: "Cancelled by the shopper before shipping", actor: who, now }, gateway);
      } catch (error) {
        // 502/504: the row stays REQUESTED ("Check status" sends it again); 409: Cashfree refused (FAILED).
        log.warn(
          { orderId: row.id, refundId, amountPaise, reason: error instanceof Error ? error.message : String(error) },
          `The cancel refund of order ${row.id} (${formatPaise(amountPaise)}) did not go through now`,
        );
      }
      refund = (await refundsOf(db, row.id)).find((candidate) => candidate.id === refundId);
    }
  }
  return { order, refund: refund ? { amountPaise: refund.amountPaise, state: cancelRefundState(refund.status) } : null };
}
