import crypto from "node:crypto";
import type {
  CreateLinkRequest,
  CreateOrderRequest,
  LinkEntity,
  OrderCreateRefundRequest,
  OrderEntity,
  PaymentEntity,
  RefundEntity,
  TerminateOrderRequest,
} from "cashfree-pg";
import { z } from "zod";
import { cashfreeIdempotencyKey } from "./cashfree-request.server";

/**
 * A thin client for Cashfree's Payment Gateway REST API, version 2025-01-01 (DESIGN.md §9):
 * orders (`POST /orders`, `GET /orders/{id}`, `GET /orders/{id}/payments`, `PATCH /orders/{id}`
 * to terminate), payment links (`POST /links`, `GET /links/{id}`, `POST /links/{id}/cancel`,
 * `GET /links/{id}/orders`) and refunds (`POST /orders/{id}/refunds`, `GET /orders/{id}/refunds`,
 * `GET /orders/{id}/refunds/{refund_id}`). Every answer is validated with zod and handed back in our
 * terms (camelCase, money in integer paise); every failure is a CashfreeError with a clear message.
 * Works the same against Cashfree, the in-process simulator and the fake server of the tests.
 */

export const CASHFREE_API_VERSION = "2025-01-01";

/** Cashfree's REST bases (DESIGN.md §9); CASHFREE_API_BASE overrides them. */
export const CASHFREE_BASE_URLS = {
  sandbox: "https://sandbox.cashfree.com/pg",
  production: "https://api.cashfree.com/pg",
} as const;

export const CASHFREE_TIMEOUT_MS = 10_000;

export type CashfreeErrorKind =
  | "timeout"
  | "network"
  | "rejected"
  | "auth"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "server"
  | "bad_response";

/**
 * A failed Cashfree call. `kind` says what went wrong; `status` is Cashfree's HTTP status and
 * `code`/`type` its error fields (`{message, code, type}`) when it answered at all.
 */
export class CashfreeError extends Error {
  constructor(
    readonly kind: CashfreeErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly type?: string,
  ) {
    super(message);
    this.name = "CashfreeError";
  }
}

export type CashfreeCustomer = { id: string; phone: string; email: string; name: string };

/** A Cashfree order (payment session) in our terms. `status`: ACTIVE, PAID, EXPIRED, TERMINATED… */
export type CashfreeOrder = {
  cfOrderId: string | null;
  orderId: string;
  amountPaise: number;
  currency: string;
  status: string;
  paymentSessionId: string | null;
};

/**
 * One payment attempt on an order. `status`: SUCCESS, FAILED, USER_DROPPED, PENDING, NOT_ATTEMPTED,
 * CANCELLED, VOID. `time` in ms since epoch when Cashfree gives one.
 */
export type CashfreePayment = {
  cfPaymentId: string;
  status: string;
  amountPaise: number | null;
  currency: string | null;
  message: string | null;
  time: number | null;
};

/** A payment link. `status`: ACTIVE, PAID, PARTIALLY_PAID, EXPIRED, CANCELLED. */
export type CashfreeLink = {
  cfLinkId: string | null;
  linkId: string;
  status: string;
  amountPaise: number;
  amountPaidPaise: number;
  currency: string;
  url: string;
};

/**
 * A refund in our terms (Cashfree API 2025-01-01, refund entity). `status`: SUCCESS, PENDING,
 * CANCELLED, ONHOLD. `refundId` is ours (also its idempotency key at Cashfree), `cfRefundId` Cashfree's.
 */
export type CashfreeRefund = {
  cfRefundId: string | null;
  refundId: string;
  orderId: string | null;
  status: string;
  amountPaise: number;
  note: string | null;
  statusDescription: string | null;
};

export type CashfreeClient = {
  /** `POST /orders`: a payment session for `amountPaise` in INR, our `orderId` as Cashfree's order_id. */
  createOrder(input: {
    orderId: string;
    amountPaise: number;
    customer: CashfreeCustomer;
    returnUrl: string;
    notifyUrl?: string;
    note?: string;
    /** When no new payment can start on it (ms since epoch; `order_expiry_time`): the end of the order's stock hold (issue 43 item 3). */
    expiresAt?: number;
    idempotencyKey: string;
  }): Promise<CashfreeOrder>;
  /** `GET /orders/{orderId}`. CashfreeError `not_found` when Cashfree does not know it. */
  getOrder(orderId: string): Promise<CashfreeOrder>;
  /** `GET /orders/{orderId}/payments`: every attempt, in Cashfree's order. */
  getOrderPayments(orderId: string): Promise<CashfreePayment[]>;
  /** `POST /links`: a hosted payment page for `amountPaise` in INR (the checkout without JavaScript). */
  createPaymentLink(input: {
    linkId: string;
    amountPaise: number;
    purpose: string;
    customer: Omit<CashfreeCustomer, "id">;
    returnUrl: string;
    notifyUrl?: string;
    /** When the link can no longer be paid (ms since epoch; `link_expiry_time`): the end of the order's stock hold (issue 43 item 3). */
    expiresAt?: number;
    idempotencyKey: string;
  }): Promise<CashfreeLink>;
  /** `GET /links/{linkId}`. CashfreeError `not_found` when Cashfree does not know it. */
  getPaymentLink(linkId: string): Promise<CashfreeLink>;
  /**
   * `PATCH /orders/{orderId}` `{"order_status":"TERMINATED"}` (Cashfree API 2025-01-01, Terminate
   * Order): no further payment can be made on it. Answers the order (status TERMINATED or
   * TERMINATION_REQUESTED). CashfreeError `not_found`, or `rejected`/`conflict` when Cashfree
   * refuses (e.g. the order is already paid).
   */
  terminateOrder(orderId: string): Promise<CashfreeOrder>;
  /**
   * `POST /links/{linkId}/cancel` (Cashfree API 2025-01-01, Cancel Payment Link): only an ACTIVE
   * link can be cancelled. Answers the link (status CANCELLED). CashfreeError `not_found`, or
   * `rejected`/`conflict` when Cashfree refuses (e.g. the link is already paid).
   */
  cancelPaymentLink(linkId: string): Promise<CashfreeLink>;
  /**
   * `GET /links/{linkId}/orders` (Cashfree API 2025-01-01, Fetch Orders for a Payment Link): the
   * Cashfree orders a link's payment attempts were made on (ids like "CFPay_…"); a paid link's
   * money sits on the one with status PAID, which is what a refund names. CashfreeError `not_found`.
   */
  getPaymentLinkOrders(linkId: string): Promise<CashfreeOrder[]>;
  /**
   * `POST /orders/{orderId}/refunds` `{refund_amount (rupees), refund_id, refund_note, refund_speed?}`
   * (Cashfree API 2025-01-01, Create Refund), with `x-idempotency-key: refundId`: a retry cannot
   * refund twice, and Cashfree itself refuses a second refund with the same refund_id (conflict).
   * CashfreeError `rejected` (e.g. more than the refundable amount), `conflict`, `not_found`, …
   */
  createRefund(input: { orderId: string; refundId: string; amountPaise: number; note: string; speed?: "STANDARD" | "INSTANT" }): Promise<CashfreeRefund>;
  /** `GET /orders/{orderId}/refunds/{refundId}`: a refund's current status. CashfreeError `not_found`. */
  getRefund(orderId: string, refundId: string): Promise<CashfreeRefund>;
  /** `GET /orders/{orderId}/refunds`: every refund of a Cashfree order. */
  listRefunds(orderId: string): Promise<CashfreeRefund[]>;
};

export type CashfreeClientOptions = {
  /** REST base without a trailing slash, e.g. https://sandbox.cashfree.com/pg. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per call; default 10 s. A call past it fails with kind `timeout`. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * The compile-time contract of an answer (issue 44 item 1; docs/decisions/0961): a zod object
 * shape whose every key is a field of `Entity` — one of cashfree-pg@5.1.3's models, generated from
 * openapi.yaml of PG API 2025-01-01 — and whose every field accepts at least the type that model
 * declares for it. `cashfreeShape<OrderEntity>()({ order_idd: … })` is a type error (the key is not
 * OrderEntity's), and so is a field read as z.number() where Cashfree declares a string. A nested
 * z.object (a webhook's data.order) passes on its key alone: give it its own cashfreeShape. Types
 * only: the package's runtime is never imported. Answers z.object(shape).
 */
export function cashfreeShape<Entity>() {
  return <
    S extends z.ZodRawShape & {
      [K in keyof S]: K extends keyof Entity ? (NonNullable<Entity[K]> extends z.input<S[K]> ? S[K] : S[K] extends z.ZodObject ? S[K] : never) : never;
    },
  >(
    shape: S,
  ) => z.object(shape);
}

/** Rupees as Cashfree writes them (a number, or a decimal string in some answers) → paise. */
const rupeesAsPaise = z
  .union([z.number(), z.string()])
  .transform((value) => Number(value))
  .pipe(z.number().finite().nonnegative())
  .transform((rupees) => Math.round(rupees * 100));
const idText = z.union([z.string(), z.number()]).transform(String);

const orderEntitySchema = cashfreeShape<OrderEntity>()({
  cf_order_id: idText.nullish(),
  order_id: z.string().min(1),
  order_amount: rupeesAsPaise,
  order_currency: z.string(),
  order_status: z.string(),
  payment_session_id: z.string().nullish(),
});

const paymentEntitySchema = cashfreeShape<PaymentEntity>()({
  cf_payment_id: idText,
  payment_status: z.string(),
  payment_amount: rupeesAsPaise.nullish(),
  payment_currency: z.string().nullish(),
  payment_message: z.string().nullish(),
  payment_time: z.string().nullish(),
  payment_completion_time: z.string().nullish(),
});

const linkEntitySchema = cashfreeShape<LinkEntity>()({
  cf_link_id: idText.nullish(),
  link_id: z.string().min(1),
  link_status: z.string(),
  link_amount: rupeesAsPaise,
  link_amount_paid: rupeesAsPaise.nullish(),
  link_currency: z.string(),
  link_url: z.string().url(),
});

const refundEntitySchema = cashfreeShape<RefundEntity>()({
  cf_refund_id: idText.nullish(),
  refund_id: z.string().min(1),
  order_id: z.string().nullish(),
  refund_amount: rupeesAsPaise,
  refund_status: z.string(),
  refund_note: z.string().nullish(),
  status_description: z.string().nullish(),
});

function toRefund(entity: z.output<typeof refundEntitySchema>): CashfreeRefund {
  return {
    cfRefundId: entity.cf_refund_id ?? null,
    refundId: entity.refund_id,
    orderId: entity.order_id ?? null,
    status: entity.refund_status,
    amountPaise: entity.refund_amount,
    note: entity.refund_note ?? null,
    statusDescription: entity.status_description ?? null,
  };
}

const errorBodySchema = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  type: z.string().optional(),
});

function toOrder(entity: z.output<typeof orderEntitySchema>): CashfreeOrder {
  return {
    cfOrderId: entity.cf_order_id ?? null,
    orderId: entity.order_id,
    amountPaise: entity.order_amount,
    currency: entity.order_currency,
    status: entity.order_status,
    paymentSessionId: entity.payment_session_id ?? null,
  };
}

function toPayment(entity: z.output<typeof paymentEntitySchema>): CashfreePayment {
  const when = entity.payment_completion_time ?? entity.payment_time;
  const ms = when ? Date.parse(when) : NaN;
  return {
    cfPaymentId: entity.cf_payment_id,
    status: entity.payment_status,
    amountPaise: entity.payment_amount ?? null,
    currency: entity.payment_currency ?? null,
    message: entity.payment_message ?? null,
    time: Number.isFinite(ms) ? ms : null,
  };
}

function toLink(entity: z.output<typeof linkEntitySchema>): CashfreeLink {
  return {
    cfLinkId: entity.cf_link_id ?? null,
    linkId: entity.link_id,
    status: entity.link_status,
    amountPaise: entity.link_amount,
    amountPaidPaise: entity.link_amount_paid ?? 0,
    currency: entity.link_currency,
    url: entity.link_url,
  };
}

/** Cashfree's limits on the customer's fields (openapi.yaml CustomerDetails: customer_name and customer_email minLength 3, maxLength 100). */
export const CASHFREE_CUSTOMER_TEXT_MIN = 3;
export const CASHFREE_CUSTOMER_TEXT_MAX = 100;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The `customer_name` Cashfree is sent (Cashfree API 2025-01-01, openapi.yaml CustomerDetails:
 * minLength 3, maxLength 100; issue 44 item 2): trimmed, and when longer than 100 UTF-16 code units
 * cut after the last whole grapheme cluster (Intl.Segmenter) that fits, then trimmed again — never
 * inside a code point (no lone surrogate) nor between a letter and its combining marks. Counting
 * UTF-16 units is the stricter reading: it never exceeds 100 code points either. Undefined (the
 * field is optional) when fewer than 3 units remain. Never throws.
 */
export function cashfreeCustomerName(name: string): string | undefined {
  let text = name.trim();
  if (text.length > CASHFREE_CUSTOMER_TEXT_MAX) {
    let cut = "";
    for (const { segment } of graphemes.segment(text)) {
      if (cut.length + segment.length > CASHFREE_CUSTOMER_TEXT_MAX) break;
      cut += segment;
    }
    text = cut.trim();
  }
  return text.length >= CASHFREE_CUSTOMER_TEXT_MIN ? text : undefined;
}

/**
 * The `customer_email` Cashfree is sent (openapi.yaml CustomerDetails: minLength 3, maxLength 100;
 * optional in CustomerDetails and LinkCustomerDetailsEntity): the trimmed address when it is 3 to
 * 100 characters, else undefined — an address cannot be shortened, so a longer one (the checkout
 * takes up to 254) is left out, and the store's own emails still reach it. Never throws.
 */
export function cashfreeCustomerEmail(email: string): string | undefined {
  const text = email.trim();
  return text.length >= CASHFREE_CUSTOMER_TEXT_MIN && text.length <= CASHFREE_CUSTOMER_TEXT_MAX ? text : undefined;
}

/** Paise → the rupee amount Cashfree takes (a number with at most two decimals). */
export function paiseToCashfreeAmount(paise: number): number {
  return Number((paise / 100).toFixed(2));
}

/**
 * A Cashfree client for one set of credentials. Sends `x-api-version: 2025-01-01`,
 * `x-client-id`, `x-client-secret` on every call and `x-idempotency-key` on every POST and PATCH —
 * a UUID v5 of the call's logical key (cashfreeIdempotencyKey), so a retried create after a timeout
 * cannot make a second order, link or refund, from any process. Throws CashfreeError.
 */
export function createCashfreeClient(options: CashfreeClientOptions): CashfreeClient {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? CASHFREE_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function call<S extends z.ZodTypeAny>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    schema: S,
    what: string,
    extra: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "x-api-version": CASHFREE_API_VERSION,
      "x-client-id": options.clientId,
      "x-client-secret": options.clientSecret,
      "x-request-id": crypto.randomUUID(),
    };
    if (method !== "GET") {
      headers["content-type"] = "application/json";
      headers["x-idempotency-key"] = extra.idempotencyKey ? cashfreeIdempotencyKey(extra.idempotencyKey) : crypto.randomUUID();
    }
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: method === "GET" ? undefined : JSON.stringify(extra.body ?? {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new CashfreeError("timeout", `Cashfree did not answer ${method} ${path} within ${timeoutMs / 1000} s.`);
      }
      throw new CashfreeError("network", `Could not reach Cashfree for ${method} ${path}: ${(error as Error)?.message ?? error}.`);
    }

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }

    if (!response.ok) {
      const body = errorBodySchema.safeParse(json);
      const detail = body.success ? body.data : {};
      const said = detail.message ? `: ${detail.message}` : "";
      const status = response.status;
      const fail = (kind: CashfreeErrorKind, message: string) =>
        new CashfreeError(kind, message, status, detail.code, detail.type);
      if (status === 401 || status === 403) {
        throw fail("auth", `Cashfree refused our credentials (${status}${said}). Check CASHFREE_APP_ID and CASHFREE_SECRET_KEY.`);
      }
      if (status === 404) throw fail("not_found", `Cashfree does not know ${what}${said}.`);
      if (status === 409) throw fail("conflict", `Cashfree reports a conflict for ${what}${said}.`);
      if (status === 429) throw fail("rate_limited", `Cashfree is rate limiting requests (429${said}).`);
      if (status >= 500) throw fail("server", `Cashfree had a problem (${status}${said}).`);
      throw fail("rejected", `Cashfree refused ${method} ${path} (${status}${said}).`);
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CashfreeError(
        "bad_response",
        `Cashfree answered ${method} ${path} in an unexpected shape (${issue ? `${issue.path.join(".")}: ${issue.message}` : "not JSON"}).`,
        response.status,
      );
    }
    return parsed.data;
  }

  const enc = encodeURIComponent;

  return {
    async createOrder(input) {
      const entity = await call("POST", "/orders", orderEntitySchema, `order ${input.orderId}`, {
        idempotencyKey: input.idempotencyKey,
        // Held to cashfree-pg's CreateOrderRequest (issue 44 item 1); an undefined field is not sent.
        body: {
          order_id: input.orderId,
          order_amount: paiseToCashfreeAmount(input.amountPaise),
          order_currency: "INR",
          customer_details: {
            customer_id: input.customer.id,
            customer_phone: input.customer.phone,
            customer_email: cashfreeCustomerEmail(input.customer.email),
            customer_name: cashfreeCustomerName(input.customer.name),
          },
          order_meta: {
            return_url: input.returnUrl,
            notify_url: input.notifyUrl || undefined,
          },
          order_note: input.note || undefined,
          order_expiry_time: input.expiresAt ? new Date(input.expiresAt).toISOString() : undefined,
        } satisfies CreateOrderRequest,
      });
      return toOrder(entity);
    },

    async getOrder(orderId) {
      return toOrder(await call("GET", `/orders/${enc(orderId)}`, orderEntitySchema, `order ${orderId}`));
    },

    async getOrderPayments(orderId) {
      const list = await call("GET", `/orders/${enc(orderId)}/payments`, z.array(paymentEntitySchema), `order ${orderId}`);
      return list.map(toPayment);
    },

    async createPaymentLink(input) {
      const entity = await call("POST", "/links", linkEntitySchema, `payment link ${input.linkId}`, {
        idempotencyKey: input.idempotencyKey,
        // Held to cashfree-pg's CreateLinkRequest (issue 44 item 1); an undefined field is not sent.
        body: {
          link_id: input.linkId,
          link_amount: paiseToCashfreeAmount(input.amountPaise),
          link_currency: "INR",
          link_purpose: input.purpose,
          link_partial_payments: false,
          customer_details: {
            customer_phone: input.customer.phone,
            customer_email: cashfreeCustomerEmail(input.customer.email),
            customer_name: cashfreeCustomerName(input.customer.name),
          },
          link_meta: {
            return_url: input.returnUrl,
            notify_url: input.notifyUrl || undefined,
          },
          link_notify: { send_sms: false, send_email: false },
          link_expiry_time: input.expiresAt ? new Date(input.expiresAt).toISOString() : undefined,
        } satisfies CreateLinkRequest,
      });
      return toLink(entity);
    },

    async getPaymentLink(linkId) {
      return toLink(await call("GET", `/links/${enc(linkId)}`, linkEntitySchema, `payment link ${linkId}`));
    },

    async terminateOrder(orderId) {
      const entity = await call("PATCH", `/orders/${enc(orderId)}`, orderEntitySchema, `order ${orderId}`, {
        idempotencyKey: `terminate-${orderId}`,
        body: { order_status: "TERMINATED" } satisfies TerminateOrderRequest,
      });
      return toOrder(entity);
    },

    async cancelPaymentLink(linkId) {
      const entity = await call("POST", `/links/${enc(linkId)}/cancel`, linkEntitySchema, `payment link ${linkId}`, {
        idempotencyKey: `cancel-${linkId}`,
      });
      return toLink(entity);
    },

    async getPaymentLinkOrders(linkId) {
      const list = await call("GET", `/links/${enc(linkId)}/orders`, z.array(orderEntitySchema), `payment link ${linkId}`);
      return list.map(toOrder);
    },

    async createRefund(input) {
      const entity = await call("POST", `/orders/${enc(input.orderId)}/refunds`, refundEntitySchema, `refund ${input.refundId} of order ${input.orderId}`, {
        idempotencyKey: input.refundId,
        body: {
          refund_amount: paiseToCashfreeAmount(input.amountPaise),
          refund_id: input.refundId,
          refund_note: input.note,
          refund_speed: input.speed,
        } satisfies OrderCreateRefundRequest,
      });
      return toRefund(entity);
    },

    async getRefund(orderId, refundId) {
      return toRefund(await call("GET", `/orders/${enc(orderId)}/refunds/${enc(refundId)}`, refundEntitySchema, `refund ${refundId} of order ${orderId}`));
    },

    async listRefunds(orderId) {
      const list = await call("GET", `/orders/${enc(orderId)}/refunds`, z.array(refundEntitySchema), `refunds of order ${orderId}`);
      return list.map(toRefund);
    },
  };
}
