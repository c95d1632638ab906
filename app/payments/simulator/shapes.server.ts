import type {
  LinkEntity,
  OrderEntity,
  PaymentEntity,
  PaymentEntityPaymentSurcharge,
  PaymentLinkOrderEntity,
  PaymentWebhook,
  PaymentWebhookDataEntity,
  RefundEntity,
} from "cashfree-pg";
import { CASHFREE_API_VERSION } from "~/payments/cashfree.server";
import type { SimLink, SimOrder, SimPayment, SimRefund, SimRefundStatus } from "./types";

/**
 * Cashfree's JSON for the simulator's entities and its HTTP answers (Cashfree PG 2025-01-01):
 * amounts in rupees with two decimals on the wire, paise in memory; ISO 8601 times.
 *
 * Every answer is held at compile time to the model types of the `cashfree-pg` package (5.1.3,
 * generated from Cashfree's openapi.yaml of API 2025-01-01; types only, its runtime is never
 * imported): each builder's object literal `satisfies` the model, so a field renamed or of the
 * wrong type fails `tsc` (docs/decisions/0962). `Wire<T>` is the model as JSON carries it: Cashfree
 * writes `null` for a field it has no value for (e.g. `refund_arn` before the bank's reference).
 */

/**
 * A cashfree-pg model as it travels in JSON: every optional field may also be `null`, nested
 * objects and arrays alike. Required fields stay required and non-null.
 */
export type Wire<T> = T extends ReadonlyArray<infer U>
  ? Array<Wire<U>>
  : T extends object
    ? { [K in keyof T]: undefined extends T[K] ? Wire<Exclude<T[K], undefined>> | null | undefined : Wire<T[K]> }
    : T;

/** openapi.yaml RefundEntity, with refund_status also FAILED (named in the field's description, not its enum; decision 0962). */
export type SimRefundEntity = Omit<Wire<RefundEntity>, "refund_status"> & { refund_status?: SimRefundStatus | null };

/**
 * The PAYMENT_LINK_EVENT webhook as Cashfree's payment-link webhook documentation shows it (it is
 * not in openapi.yaml nor in cashfree-pg): LinkEntity's fields, but `cf_link_id` a number and the
 * amounts decimal strings ("link_amount": "200.12"), with the `order` the payment was made on.
 */
export type LinkWebhook = {
  data: Omit<Wire<LinkEntity>, "cf_link_id" | "link_amount" | "link_amount_paid" | "link_minimum_partial_amount"> & {
    cf_link_id: number;
    link_amount: string;
    link_amount_paid: string;
    link_minimum_partial_amount: string | null;
    order: {
      order_amount: string;
      order_id: string;
      order_expiry_time: string;
      order_hash: string;
      transaction_id: number;
      transaction_status: string;
    };
  };
  type: "PAYMENT_LINK_EVENT";
  version: number;
  event_time: string;
};

/**
 * openapi.yaml components.callbacks.PaymentWebhook: PaymentWebhookDataEntity plus the
 * `payment_surcharge` the callback's schema declares in `data` (cashfree-pg's model omits it).
 */
export type SimPaymentWebhook = Omit<Wire<PaymentWebhook>, "data"> & {
  data: Wire<PaymentWebhookDataEntity> & { payment_surcharge?: Wire<PaymentEntityPaymentSurcharge> | null };
};

/** Paise → rupees as a JSON number (123456 → 1234.56). */
export function rupees(paise: number): number {
  return Number((paise / 100).toFixed(2));
}

/** Paise → rupees as Cashfree's webhooks write them in strings ("200.12"). */
export function rupeesText(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** A JSON answer with Cashfree's headers (no-store, x-api-version); status 200 unless given. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-api-version": CASHFREE_API_VERSION, ...headers },
  });
}

/** A Cashfree error answer: `{message, code, type}` with `status` (openapi.yaml BadRequestError, IdempotencyError, …). */
export function cashfreeError(status: number, message: string, code: string, type: string): Response {
  return jsonResponse({ message, code, type }, status);
}

/** When an order expires: the asked `order_expiry_time`, else Cashfree's default of 30 days after creation (ISO 8601). */
function expiryOf(order: SimOrder): string {
  return new Date(order.expiresAt ?? order.createdAt + 30 * 24 * 3600 * 1000).toISOString();
}

/** An order as `POST /orders`, `GET /orders/{id}` and `PATCH /orders/{id}` answer it (openapi.yaml OrderEntity). */
export function orderJson(order: SimOrder) {
  return {
    cf_order_id: String(order.cfOrderId),
    order_id: order.orderId,
    entity: "order",
    order_currency: "INR",
    order_amount: rupees(order.amountPaise),
    order_status: order.status,
    payment_session_id: order.sessionId,
    order_expiry_time: expiryOf(order),
    order_note: order.note,
    created_at: new Date(order.createdAt).toISOString(),
    order_splits: [],
    customer_details: order.customer,
    order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
    order_tags: order.tags,
  } satisfies Wire<OrderEntity>;
}

/** An order Cashfree made for a payment link, as `GET /links/{id}/orders` lists it (openapi.yaml PaymentLinkOrderEntity). */
export function linkOrderJson(link: SimLink, order: SimOrder) {
  return {
    cf_order_id: String(order.cfOrderId),
    link_id: link.linkId,
    order_id: order.orderId,
    entity: "order",
    order_currency: "INR",
    order_amount: rupees(order.amountPaise),
    order_status: order.status,
    payment_session_id: order.sessionId,
    order_expiry_time: expiryOf(order),
    order_note: order.note,
    created_at: new Date(order.createdAt).toISOString(),
    order_splits: [],
    customer_details: order.customer,
    order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
    order_tags: order.tags,
  } satisfies Wire<PaymentLinkOrderEntity>;
}

/** Cashfree's words for a refund's status (status_description). */
const REFUND_DESCRIPTIONS: Record<SimRefundStatus, string> = {
  PENDING: "In Progress",
  ONHOLD: "Refund is on hold",
  SUCCESS: "Refund processed successfully",
  CANCELLED: "Refund cancelled",
  FAILED: "Refund failed at the bank",
};

/** A refund as `POST /orders/{id}/refunds` and `GET /orders/{id}/refunds[/{refund_id}]` answer it (openapi.yaml RefundEntity). */
export function refundJson(order: SimOrder, refund: SimRefund) {
  const done = refund.status === "SUCCESS";
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
    refund_arn: done ? `ARN${refund.cfRefundId}` : null,
    refund_charge: 0,
    status_description: REFUND_DESCRIPTIONS[refund.status],
    refund_type: "MERCHANT_INITIATED",
    refund_speed: { requested: refund.speed, accepted: refund.speed, processed: done ? refund.speed : null },
    created_at: new Date(refund.createdAt).toISOString(),
    processed_at: refund.processedAt === null ? null : new Date(refund.processedAt).toISOString(),
  } satisfies SimRefundEntity;
}

/** PaymentEntity.payment_surcharge for a surcharge in paise: 18% GST inside it as the tax, the rest the service charge (rupees). */
export function surchargeJson(paise: number) {
  const tax = Math.round((paise * 18) / 118);
  return { payment_surcharge_service_charge: rupees(paise - tax), payment_surcharge_service_tax: rupees(tax) } satisfies Wire<PaymentEntityPaymentSurcharge>;
}

/** One attempt as `GET /orders/{id}/payments` lists it and the payment webhook carries it (openapi.yaml PaymentEntity). */
export function paymentJson(order: SimOrder, payment: SimPayment) {
  return {
    cf_payment_id: String(payment.cf_payment_id),
    order_id: order.orderId,
    entity: "payment",
    is_captured: payment.payment_status === "SUCCESS",
    order_amount: rupees(order.amountPaise),
    order_currency: "INR",
    payment_group: payment.payment_group,
    payment_currency: payment.payment_currency,
    payment_amount: payment.payment_amount,
    payment_time: payment.payment_time,
    payment_completion_time: payment.payment_completion_time,
    payment_status: payment.payment_status,
    payment_message: payment.payment_message,
    bank_reference: String(payment.cf_payment_id),
    auth_id: null,
    payment_method: { upi: { channel: "collect", upi_id: "test@upi" } },
    payment_surcharge: payment.surchargePaise > 0 ? surchargeJson(payment.surchargePaise) : null,
  } satisfies Wire<PaymentEntity>;
}

/** A payment link as `POST /links`, `GET /links/{id}` and `POST /links/{id}/cancel` answer it (openapi.yaml LinkEntity). */
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
  } satisfies Wire<LinkEntity>;
}
