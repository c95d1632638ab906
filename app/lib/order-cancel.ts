import type { OrderStatus } from "~/constants/store";
import type { CancelRefundState } from "~/schemas/order-cancel";

/**
 * The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981): which orders a
 * shopper may cancel and the sentences the cancel says (English here, Hindi in the phrasebook's
 * `cancel` group). Pure and isomorphic: the order page, My Orders, the Store API and the service
 * (services/order-cancel.server.ts) share it.
 *
 * A shopper cancels an order while it is "Order Placed" or "Packing" (lib/order-status.ts: never
 * once Shipped): no charge (Consumer Protection (E-Commerce) Rules 2020, rule 4(10)), its stock
 * back once, the whole payment refunded through Cashfree at once for a paid order.
 */

/** The statuses a shopper may cancel in: before the order is Shipped. */
export const SHOPPER_CANCEL_STATUSES: readonly OrderStatus[] = ["Order Placed", "Packing"];

/** Whether the shopper may cancel an order at `status` now (a paid or cash-on-delivery order, as My Orders lists them). */
export function shopperMayCancel(status: string): boolean {
  return (SHOPPER_CANCEL_STATUSES as readonly string[]).includes(status);
}

/** The confirm checkbox's field: the form cancels only with it ticked (a confirm step that works without JavaScript). */
export const CANCEL_CONFIRM_FIELD = "confirm";
export const CANCEL_CONFIRM_VALUE = "yes";

/** The idempotency key of an order's cancel refund (refunds.server.ts refundIdFor): one refund per cancelled order, however often it is asked. */
export const CANCEL_REFUND_KEY = "shopper-cancel";

/** The cancel's sentences (toasts, the Store API's messages); each has its Hindi in phrases.hi.server.ts `cancel`. */
export const CANCEL_MESSAGES = {
  cancelled: "Your order has been cancelled. Nothing is charged for it.",
  cancelledRefund: "Your order has been cancelled. The refund of {amount} to your payment has started.",
  alreadyCancelled: "This order is cancelled already.",
  shipped: "This order has shipped, so it can no longer be cancelled. Once it is delivered you can return it from its page.",
  confirm: "Tick “Yes, cancel this order” to cancel it.",
  busy: "This order changed just now. Please look at it again and try once more.",
  tooMany: "Too many cancel attempts. Please wait a minute and try again.",
} as const;

/** "Your order has been cancelled. The refund of ₹X … has started." for a refund of `amount` (already written, e.g. "₹2,500"). */
export function cancelledRefundMessage(amount: string): string {
  return CANCEL_MESSAGES.cancelledRefund.replace("{amount}", amount);
}

/** The cancel refund's state as the shopper reads it: on its way (asked of Cashfree), paid back, or refused (staff take over). */
export type { CancelRefundState };

/** A refunds row's status (Cashfree's, or ours: REQUESTED before Cashfree answered) → the shopper's state. */
export function cancelRefundState(status: string): CancelRefundState {
  if (status === "SUCCESS" || status === "RECORDED") return "refunded";
  if (status === "FAILED" || status === "CANCELLED") return "failed";
  return "started";
}
