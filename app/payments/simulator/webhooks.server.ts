import crypto from "node:crypto";
import { CASHFREE_API_VERSION } from "~/payments/cashfree.server";
import { signWebhook } from "~/payments/webhook.server";
import { linkJson, paymentJson, rupees, rupeesText, surchargeJson, type LinkWebhook, type SimPaymentWebhook } from "./shapes.server";
import type { SimulatorState } from "./state.server";
import type { SignedWebhook, SimLink, SimOrder, SimPayment, SimulatedOutcome } from "./types";
import { log } from "~/observability/log.server";

/**
 * Settling payments and delivering webhooks in the simulator (DESIGN.md §9; Cashfree PG 2025-01-01
 * webhooks, signature version 2025-01-01): an attempt on an order or a payment link, the webhook
 * Cashfree would send for it, signed with the client secret, and its delivery to the notify URL.
 */

/** Signs a webhook body as Cashfree does: base64(HMAC-SHA256(timestamp + body, client secret)), with its headers. */
function signed(state: SimulatorState, url: string | null, payload: unknown): SignedWebhook {
  const body = JSON.stringify(payload);
  const timestamp = String(state.now());
  return {
    url,
    body,
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": signWebhook(state.options.clientSecret, timestamp, body),
      "x-webhook-timestamp": timestamp,
      "x-webhook-version": CASHFREE_API_VERSION,
      "x-webhook-attempt": "1",
      "x-idempotency-key": crypto.createHash("sha256").update(body).digest("base64"),
    },
  };
}

/** Posts a signed webhook to its URL (5 s timeout); a failure or non-2xx answer is logged, never thrown (Cashfree would retry). */
async function deliver(state: SimulatorState, webhook: SignedWebhook): Promise<void> {
  if (!webhook.url) return;
  try {
    const response = await state.fetchImpl(webhook.url, {
      method: "POST",
      headers: webhook.headers,
      body: webhook.body,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) log.warn({ url: webhook.url, status: response.status }, `[cashfree simulator] webhook to ${webhook.url} answered ${response.status}`);
  } catch (error) {
    log.warn({ url: webhook.url, reason: (error as Error).message }, `[cashfree simulator] webhook to ${webhook.url} failed: ${(error as Error).message}`);
  }
}

/**
 * Adds a payment attempt with `outcome` to the order and answers it. SUCCESS marks the order PAID —
 * also one whose terminate is still TERMINATION_REQUESTED (a payment in flight wins) or that was
 * terminated (the race of issue 8 item 2). The payment carries the surcharge set for the order
 * (setSurcharge): payment_amount = order_amount + surcharge.
 */
function recordAttempt(state: SimulatorState, order: SimOrder, outcome: SimulatedOutcome): SimPayment {
  const at = new Date(state.now()).toISOString();
  const messages: Record<SimulatedOutcome, string> = {
    SUCCESS: "Simulated payment successful",
    FAILED: "Simulated payment failed",
    USER_DROPPED: "The customer closed the payment page",
    PENDING: "Simulated payment pending",
  };
  const surchargePaise = state.surchargeFor(order);
  const payment: SimPayment = {
    cf_payment_id: state.nextId(),
    payment_status: outcome,
    payment_amount: rupees(order.amountPaise + surchargePaise),
    surchargePaise,
    payment_currency: "INR",
    payment_message: messages[outcome],
    payment_time: at,
    payment_completion_time: outcome === "PENDING" ? null : at,
    payment_group: "upi",
  };
  order.payments.push(payment);
  if (outcome === "SUCCESS") order.status = "PAID";
  return payment;
}

/**
 * The body of Cashfree's PAYMENT_SUCCESS / PAYMENT_FAILED / PAYMENT_USER_DROPPED webhook for one
 * attempt (openapi.yaml components.callbacks.PaymentWebhook; cashfree-pg PaymentWebhook).
 */
function paymentWebhook(state: SimulatorState, order: SimOrder, payment: SimPayment): SimPaymentWebhook {
  const type =
    payment.payment_status === "SUCCESS"
      ? "PAYMENT_SUCCESS_WEBHOOK"
      : payment.payment_status === "USER_DROPPED"
        ? "PAYMENT_USER_DROPPED_WEBHOOK"
        : "PAYMENT_FAILED_WEBHOOK";
  const { order_id: _orderId, entity: _entity, is_captured: _captured, order_amount: _amount, order_currency: _currency, ...wirePayment } = paymentJson(order, payment);
  return {
    data: {
      order: { order_id: order.orderId, order_amount: rupees(order.amountPaise), order_currency: "INR", order_tags: order.tags },
      payment: wirePayment,
      customer_details: order.customer,
      payment_gateway_details: { gateway_name: "CASHFREE", gateway_order_id: String(order.cfOrderId), gateway_payment_id: String(payment.cf_payment_id) },
      payment_surcharge: payment.surchargePaise > 0 ? surchargeJson(payment.surchargePaise) : null,
    },
    event_time: new Date(state.now()).toISOString(),
    type,
  } satisfies SimPaymentWebhook;
}

/**
 * The body of Cashfree's PAYMENT_LINK_EVENT webhook for a link paid through `order`, in the types
 * Cashfree's payment-link webhook documentation shows: a numeric `cf_link_id`, amounts as decimal
 * strings ("link_amount": "200.12", "link_amount_paid", the order's "order_amount"), a numeric
 * `transaction_id`.
 */
function linkWebhook(state: SimulatorState, link: SimLink, order: SimOrder, payment: SimPayment): LinkWebhook {
  const { cf_link_id: _id, link_amount: _amount, link_amount_paid: _paid, link_minimum_partial_amount: _minimum, ...rest } = linkJson(link);
  return {
    data: {
      ...rest,
      cf_link_id: link.cfLinkId,
      link_amount: rupeesText(link.amountPaise),
      link_amount_paid: rupeesText(link.amountPaidPaise),
      link_minimum_partial_amount: null,
      order: {
        order_amount: rupeesText(order.amountPaise),
        order_id: order.orderId,
        order_expiry_time: new Date(order.expiresAt ?? order.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
        order_hash: crypto.randomBytes(10).toString("hex"),
        transaction_id: payment.cf_payment_id,
        transaction_status: payment.payment_status,
      },
    },
    type: "PAYMENT_LINK_EVENT",
    version: 1,
    event_time: new Date(state.now()).toISOString(),
  } satisfies LinkWebhook;
}

/**
 * Settles an attempt on an order: records it and, unless PENDING, signs the payment webhook and
 * delivers it to the order's notify URL when `notify`. Answers the payment and the webhook (null for PENDING).
 */
export async function settleOrder(state: SimulatorState, order: SimOrder, outcome: SimulatedOutcome, notify: boolean) {
  const payment = recordAttempt(state, order, outcome);
  const webhook = outcome === "PENDING" ? null : signed(state, order.notifyUrl, paymentWebhook(state, order, payment));
  if (webhook && notify) await deliver(state, webhook);
  return { payment, webhook };
}

/**
 * Settles an attempt on a payment link: Cashfree makes an order per link payment ("CFPay_…",
 * tagged with the link id); a SUCCESS marks the link PAID and signs (and, when `notify`, delivers)
 * the PAYMENT_LINK_EVENT webhook. Other outcomes send none.
 */
export async function settleLink(state: SimulatorState, link: SimLink, outcome: SimulatedOutcome, notify: boolean) {
  const order = state.newOrder({
    orderId: `CFPay_${link.slug}_${crypto.randomBytes(5).toString("hex")}`,
    amountPaise: link.amountPaise,
    customer: link.customer,
    returnUrl: link.returnUrl,
    notifyUrl: null,
    note: null,
    tags: { link_id: link.linkId },
  });
  link.orders.push(order);
  const payment = recordAttempt(state, order, outcome);
  let webhook: SignedWebhook | null = null;
  if (outcome === "SUCCESS") {
    link.status = "PAID";
    link.amountPaidPaise = link.amountPaise;
    webhook = signed(state, link.notifyUrl, linkWebhook(state, link, order, payment));
    if (notify) await deliver(state, webhook);
  }
  return { payment, webhook };
}
