import crypto from "node:crypto";
import type { LinkEntity, PaymentEntity, PaymentWebhook, PaymentWebhookDataEntity, PaymentWebhookOrderEntity } from "cashfree-pg";
import { z } from "zod";
import { cashfreeShape } from "./cashfree.server";

/**
 * Cashfree webhooks (DESIGN.md §9; Cashfree API 2025-01-01): the signature check on the raw body
 * and the parsing of the events the store acts on.
 */

/**
 * How old a webhook's `x-webhook-timestamp` may be: 24 hours (issue 44 item 2). Cashfree retries a
 * failed delivery at about 2, 10 and 30 minutes and later, and nothing says a retry is signed anew;
 * a replay inside the window is harmless because every event is de-duplicated by its event id
 * (payment_events.event_id). docs/decisions/0961.
 */
export const WEBHOOK_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** How far ahead of our clock a webhook's timestamp may be (clock skew): 5 minutes. */
export const WEBHOOK_MAX_AHEAD_MS = 5 * 60 * 1000;

/** Cashfree's timestamp header: ms since epoch (seconds are accepted too). */
function timestampMs(header: string): number | null {
  if (!/^\d{1,16}$/.test(header)) return null;
  const value = Number(header);
  return value < 1e12 ? value * 1000 : value;
}

/** `base64(HMAC-SHA256(timestamp + rawBody, secret))`: the value of `x-webhook-signature`. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(timestamp + rawBody).digest("base64");
}

export type WebhookCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "stale" | "signature"; message: string };

/**
 * Checks a webhook before anything in it is believed: both headers present, the timestamp at most
 * `maxAgeMs` (default WEBHOOK_MAX_AGE_MS, 24 h) before `now` and at most `maxAheadMs` (default
 * WEBHOOK_MAX_AHEAD_MS, 5 min) after it, and the signature equal, in constant time, to
 * base64(HMAC-SHA256(timestamp + rawBody, secret)). `rawBody` must be the bytes as received, never
 * re-serialised JSON. Times in ms since epoch. A replay of a genuine webhook inside the window is
 * accepted here and made harmless by the event-id de-duplication of the services.
 */
export function verifyWebhookSignature(input: {
  rawBody: string;
  signature: string | null;
  timestamp: string | null;
  secret: string;
  now?: number;
  maxAgeMs?: number;
  maxAheadMs?: number;
}): WebhookCheck {
  const { rawBody, signature, timestamp, secret } = input;
  if (!signature || !timestamp) {
    return { ok: false, reason: "missing", message: "The webhook signature headers are missing." };
  }
  const sentAt = timestampMs(timestamp.trim());
  const now = input.now ?? Date.now();
  const maxAge = input.maxAgeMs ?? WEBHOOK_MAX_AGE_MS;
  const maxAhead = input.maxAheadMs ?? WEBHOOK_MAX_AHEAD_MS;
  if (sentAt === null || now - sentAt > maxAge || sentAt - now > maxAhead) {
    return { ok: false, reason: "stale", message: "The webhook timestamp is too old or invalid." };
  }
  const expected = crypto.createHmac("sha256", secret).update(timestamp.trim() + rawBody).digest();
  const given = Buffer.from(signature.trim(), "base64");
  const same = given.length === expected.length && crypto.timingSafeEqual(given, expected);
  return same ? { ok: true } : { ok: false, reason: "signature", message: "The webhook signature does not match." };
}

const idText = z.union([z.string(), z.number()]).transform(String);
const rupeesAsPaise = z
  .union([z.number(), z.string()])
  .transform((value) => Number(value))
  .pipe(z.number().finite().nonnegative())
  .transform((rupees) => Math.round(rupees * 100));

const PAYMENT_WEBHOOK_TYPES = new Set(["PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_FAILED_WEBHOOK", "PAYMENT_USER_DROPPED_WEBHOOK"]);

// Every key read is a field of cashfree-pg's PaymentWebhook models (issue 44 item 1).
const paymentWebhookSchema = cashfreeShape<PaymentWebhook>()({
  type: z.string(),
  data: cashfreeShape<PaymentWebhookDataEntity>()({
    order: cashfreeShape<PaymentWebhookOrderEntity>()({
      order_id: z.string().min(1),
      // PaymentWebhookOrderEntity: the order's amount, which must match our total (issue 44 item 2).
      order_amount: rupeesAsPaise.nullish(),
      order_currency: z.string().nullish(),
      order_tags: z.record(z.string(), z.unknown()).nullish(),
    }),
    payment: cashfreeShape<PaymentEntity>()({
      cf_payment_id: idText,
      payment_status: z.string(),
      payment_amount: rupeesAsPaise.nullish(),
      payment_currency: z.string().nullish(),
      payment_message: z.string().nullish(),
    }),
  }),
});

// PAYMENT_LINK_EVENT has no model in cashfree-pg; its data carries LinkEntity's fields (amounts as strings there).
const linkWebhookSchema = z.object({
  type: z.literal("PAYMENT_LINK_EVENT"),
  data: cashfreeShape<LinkEntity>()({
    link_id: z.string().min(1),
    link_status: z.string(),
    link_amount: rupeesAsPaise.nullish(),
    link_amount_paid: rupeesAsPaise.nullish(),
    link_currency: z.string().nullish(),
  }),
});

/** A webhook the store acts on, in our terms (money in paise). */
export type CashfreeWebhookEvent =
  | {
      kind: "payment";
      type: string;
      /** De-duplication key: one per payment attempt and outcome. */
      eventId: string;
      orderId: string;
      /** Set when Cashfree made the order for one of our payment links (order_tags.link_id). */
      linkId: string | null;
      cfPaymentId: string;
      status: string;
      /** What the shopper paid (`payment_amount`, paise); may exceed the order amount by a surcharge. */
      amountPaise: number | null;
      /** Cashfree's `data.order.order_amount` in paise: what must equal our total. */
      orderAmountPaise: number | null;
      currency: string | null;
      message: string | null;
    }
  | {
      kind: "link";
      type: string;
      eventId: string;
      linkId: string;
      status: string;
      /** The link's `link_amount` in paise (what must equal our total); null when the event omits it. */
      amountPaise: number | null;
      /** `link_amount_paid` in paise (0 when absent). */
      amountPaidPaise: number;
      currency: string | null;
    }
  | { kind: "other"; type: string };

/** The event id a confirmed payment attempt is recorded under (webhook and verify alike). */
export function paymentEventId(cfPaymentId: string, status: string): string {
  return `payment:${cfPaymentId}:${status}`;
}

/** The event id a payment link's status is recorded under (webhook and verify alike). */
export function linkEventId(linkId: string, status: string): string {
  return `link:${linkId}:${status}`;
}

/**
 * Parses a verified webhook body. Payment webhooks (success, failed, user dropped) and payment
 * link events come back typed; any other well-formed event is `{kind: "other"}`; a body that is
 * not JSON, or a known event in an unexpected shape, gives null.
 */
export function parseWebhookEvent(rawBody: string): CashfreeWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const type = (json as { type?: unknown })?.type;
  if (typeof type !== "string") return null;

  if (PAYMENT_WEBHOOK_TYPES.has(type)) {
    const parsed = paymentWebhookSchema.safeParse(json);
    if (!parsed.success) return null;
    const { order, payment } = parsed.data.data;
    const linkTag = order.order_tags?.link_id;
    return {
      kind: "payment",
      type,
      eventId: paymentEventId(payment.cf_payment_id, payment.payment_status),
      orderId: order.order_id,
      linkId: typeof linkTag === "string" ? linkTag : null,
      cfPaymentId: payment.cf_payment_id,
      status: payment.payment_status,
      amountPaise: payment.payment_amount ?? null,
      orderAmountPaise: order.order_amount ?? null,
      currency: payment.payment_currency ?? order.order_currency ?? null,
      message: payment.payment_message ?? null,
    };
  }

  if (type === "PAYMENT_LINK_EVENT") {
    const parsed = linkWebhookSchema.safeParse(json);
    if (!parsed.success) return null;
    const data = parsed.data.data;
    return {
      kind: "link",
      type,
      eventId: linkEventId(data.link_id, data.link_status),
      linkId: data.link_id,
      status: data.link_status,
      amountPaise: data.link_amount ?? null,
      amountPaidPaise: data.link_amount_paid ?? 0,
      currency: data.link_currency ?? null,
    };
  }

  return { kind: "other", type };
}
