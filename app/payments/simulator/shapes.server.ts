import type { SimLink, SimOrder, SimRefund } from "./types";

/**
 * Cashfree's JSON for the simulator's entities and its HTTP answers (Cashfree PG 2025-01-01):
 * amounts in rupees with two decimals on the wire, paise in memory; ISO 8601 times.
 */

/** Paise → rupees as a JSON number (123456 → 1234.56). */
export function rupees(paise: number): number {
  return Number((paise / 100).toFixed(2));
}

/** A JSON answer with Cashfree's headers (no-store); status 200 unless given. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}

/** A Cashfree error answer: `{message, code, type}` with `status`. */
export function cashfreeError(status: number, message: string, code: string, type: string): Response {
  return jsonResponse({ message, code, type }, status);
}

/** An order as `POST /orders` and `GET /orders/{id}` answer it. */
export function orderJson(order: SimOrder) {
  return {
    cf_order_id: String(order.cfOrderId),
    order_id: order.orderId,
    entity: "order",
    order_currency: "INR",
    order_amount: rupees(order.amountPaise),
    order_status: order.status,
    payment_session_id: order.sessionId,
    order_expiry_time: new Date(order.expiresAt ?? order.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
    order_note: order.note,
    created_at: new Date(order.createdAt).toISOString(),
    order_splits: [],
    customer_details: order.customer,
    order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
    order_tags: order.tags,
  };
}

/** A refund as `POST /orders/{id}/refunds` and `GET /orders/{id}/refunds[/{refund_id}]` answer it. */
export function refundJson(order: SimOrder, refund: SimRefund) {
  return {
    cf_payment_id: String(order.payments.find((p) => p.payment_status === "SUCCESS")?.cf_payment_id ?? ""),
    cf_refund_id: String(refund.cfRefundId),
    refund_id: refund.refundId,
    order_id: order.orderId,
    entity: "refund",
    refund_amount: rupees(refund.amountPaise),
    refund_currency: "INR",
    refund_note: refund.note,
    refund_status: refund.status,
    refund_arn: refund.status === "SUCCESS" ? `ARN${refund.cfRefundId}` : null,
    refund_charge: 0,
    status_description: refund.status === "SUCCESS" ? "Refund processed successfully" : "In Progress",
    refund_type: "MERCHANT_INITIATED",
    refund_speed: { requested: refund.speed, accepted: refund.speed, processed: refund.status === "SUCCESS" ? refund.speed : null },
    created_at: new Date(refund.createdAt).toISOString(),
    processed_at: refund.processedAt === null ? null : new Date(refund.processedAt).toISOString(),
  };
}

/** A payment link as `POST /links`, `GET /links/{id}` and `POST /links/{id}/cancel` answer it. */
export function linkJson(link: SimLink) {
  return {
    cf_link_id: String(link.cfLinkId),
    link_id: link.linkId,
    link_status: link.status,
    link_currency: "INR",
    link_amount: rupees(link.amountPaise),
    link_amount_paid: rupees(link.amountPaidPaise),
    link_partial_payments: false,
    link_minimum_partial_amount: null,
    link_purpose: link.purpose,
    link_created_at: new Date(link.createdAt).toISOString(),
    customer_details: link.customer,
    link_meta: { return_url: link.returnUrl, notify_url: link.notifyUrl },
    link_url: link.url,
    link_expiry_time: new Date(link.expiresAt ?? link.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
    link_notes: {},
    link_auto_reminders: false,
    link_notify: { send_sms: false, send_email: false },
  };
}
