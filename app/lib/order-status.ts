import { ORDER_STATUSES, type OrderStatus } from "~/constants/store";

/**
 * The order status machine (issue 12 item 1; docs/decisions/0600): pure, shared by the orders
 * service (which enforces it) and the back office's order page (which offers only legal moves).
 *
 *   Order Placed → Packing → Shipped → Out for delivery → Delivered   forward only, steps may be skipped
 *   Order Placed | Packing → Cancelled                                 never once shipped
 *   Delivered, Cancelled                                               final
 */

/** The fulfilment steps in order (every status but `Cancelled`). */
export const FULFILMENT_STEPS = ORDER_STATUSES.filter((status) => status !== "Cancelled") as Exclude<OrderStatus, "Cancelled">[];

export const CANCELLED: OrderStatus = "Cancelled";
export const SHIPPED: OrderStatus = "Shipped";
export const FINAL_STATUSES: readonly OrderStatus[] = ["Delivered", "Cancelled"];

function stepIndex(status: string): number {
  return (FULFILMENT_STEPS as readonly string[]).indexOf(status);
}

/** The statuses an order at `current` may move to, in order (empty for a final or unknown status). */
export function legalNextStatuses(current: string): OrderStatus[] {
  const index = stepIndex(current);
  if (index < 0 || FINAL_STATUSES.includes(current as OrderStatus)) return [];
  const forward: OrderStatus[] = FULFILMENT_STEPS.slice(index + 1);
  return index < stepIndex(SHIPPED) ? [...forward, CANCELLED] : forward;
}

/**
 * Why `orderId` cannot move from `from` to `to`, as a sentence for the back office and the
 * terminal, or null when the move is legal. A move to the status it already has is not a move
 * (null: callers treat it as nothing to do).
 */
export function statusMoveProblem(orderId: string, from: string, to: string): string | null {
  if (from === to || legalNextStatuses(from).includes(to as OrderStatus)) return null;
  if (from === CANCELLED) return `Order ${orderId} is "${from}"; a cancelled order cannot move to "${to}".`;
  if (to === CANCELLED) return `Order ${orderId} is "${from}"; it cannot be cancelled once it has shipped.`;
  if (stepIndex(from) < 0) return `Order ${orderId} has the unknown status "${from}"; it cannot move to "${to}".`;
  return `Order ${orderId} is "${from}"; it cannot move back to "${to}".`;
}

/** Whether an order at `status` has reached `Shipped` or a later step (its shipment is known). */
export function hasShipped(status: string): boolean {
  return stepIndex(status) >= stepIndex(SHIPPED);
}
