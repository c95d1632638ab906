import { z } from "zod";
import { orderFromJson, orderIdSchema, orderJsonSchema, orderToJson, type Order } from "~/schemas/orders";

/**
 * The shopper's order page (issue 14 item 1; DESIGN.md §20): the order with its status timeline,
 * its refunds and its shipment, as the services answer it (money in paise, times in ms since
 * epoch) and as `POST /api/order/detail` carries it (money in rupees). Isomorphic; the storefront
 * imports only its types in browser code (no zod in the browser, DESIGN.md §17).
 */

/**
 * One step of the status timeline: a status text (SPEC.md §4) and when the order reached it.
 * `at` is null for a step the order went past without stopping at (the back office may skip
 * steps) and for a step not reached yet; `reached` tells the two apart.
 */
export type OrderTimelineStep = { status: string; at: number | null; reached: boolean };

/** A refund of the order as the shopper hears of it: `refunded` (issued or recorded) or `pending` (sent, not settled). */
export type OrderRefund = { amountPaise: number; state: "refunded" | "pending"; at: number };

/** How the parcel travels, once shipped: the courier, its AWB number and, when the owner gave one, an http(s) tracking link. */
export type OrderShipment = { courier: string; awbNumber: string; trackingUrl: string | null };

/** Everything the shopper's order page shows. */
export type OrderDetail = {
  order: Order;
  timeline: OrderTimelineStep[];
  refunds: OrderRefund[];
  shipment: OrderShipment | null;
};

/** Body of `POST /api/order/detail`: one of our order ids (400 otherwise). */
export const orderDetailBodySchema = z.object({ orderId: orderIdSchema });

/** An order as `POST /api/order/detail` answers it: the order JSON of DESIGN.md §4 plus the page's parts. */
export const orderDetailJsonSchema = orderJsonSchema.extend({
  timeline: z.array(z.object({ status: z.string(), at: z.number().nullable(), reached: z.boolean() })),
  refunds: z.array(z.object({ amount: z.number(), state: z.enum(["refunded", "pending"]), date: z.number() })),
  shipment: z.object({ courier: z.string(), awbNumber: z.string(), trackingUrl: z.string().nullable() }).nullable(),
});
export type OrderDetailJson = z.output<typeof orderDetailJsonSchema>;

/** Answer of `POST /api/order/detail`. */
export const orderDetailAnswerSchema = z.object({ success: z.literal(true), order: orderDetailJsonSchema });

/** Store detail (paise) → API JSON (rupees). */
export function orderDetailToJson(detail: OrderDetail): OrderDetailJson {
  return {
    ...orderToJson(detail.order),
    timeline: detail.timeline,
    refunds: detail.refunds.map((refund) => ({ amount: refund.amountPaise / 100, state: refund.state, date: refund.at })),
    shipment: detail.shipment,
  };
}

/** API JSON (rupees) → store detail (paise). Input must already be parsed by orderDetailJsonSchema. */
export function orderDetailFromJson(json: OrderDetailJson): OrderDetail {
  const { timeline, refunds, shipment, ...order } = json;
  return {
    order: orderFromJson(order),
    timeline,
    refunds: refunds.map((refund) => ({ amountPaise: Math.round(refund.amount * 100), state: refund.state, at: refund.date })),
    shipment,
  };
}
