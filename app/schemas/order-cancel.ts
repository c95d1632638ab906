import { z } from "zod";
import { orderIdSchema, orderJsonSchema, orderToJson, type Order } from "~/schemas/orders";

/**
 * `POST /api/order/cancel` (issue 45 items 1 and 6; docs/decisions/0981): the body `{orderId}` and
 * the answer `{success: true, order, refund, alreadyCancelled}` — `order` the order JSON of
 * /api/order/userorders (amounts in rupees, status "Cancelled"), `refund` `{amount (rupees),
 * state: "started" | "refunded" | "failed"}` or null (nothing was paid online), `alreadyCancelled`
 * true for a repeat (the same answer otherwise).
 */
/** What became of a cancelled order's refund, as the shopper is told (lib/order-cancel `cancelRefundState`). */
export const CANCEL_REFUND_STATES = ["started", "refunded", "failed"] as const;
export type CancelRefundState = (typeof CANCEL_REFUND_STATES)[number];

export const cancelOrderBodySchema = z.object({ orderId: orderIdSchema });

export const cancelOrderJsonSchema = z.object({
  success: z.literal(true),
  order: orderJsonSchema,
  refund: z.object({ amount: z.number(), state: z.enum(CANCEL_REFUND_STATES) }).nullable(),
  alreadyCancelled: z.boolean(),
});
export type CancelOrderJson = z.infer<typeof cancelOrderJsonSchema>;

/** The answer of a cancel: money from paise to rupees. */
export function cancelOrderToJson(outcome: { order: Order; refund: { amountPaise: number; state: CancelRefundState } | null; replay: boolean }): CancelOrderJson {
  return {
    success: true,
    order: orderToJson(outcome.order),
    refund: outcome.refund ? { amount: outcome.refund.amountPaise / 100, state: outcome.refund.state } : null,
    alreadyCancelled: outcome.replay,
  };
}
