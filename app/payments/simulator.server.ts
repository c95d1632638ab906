import crypto from "node:crypto";
import { z } from "zod";
import { formatPaise } from "~/lib/money";
import { CASHFREE_API_VERSION } from "~/payments/cashfree.server";
import { signWebhook } from "~/payments/webhook.server";
import { readFormData } from "~/http/body.server";

/**
 * A Cashfree-compatible payment simulator (DESIGN.md §9, docs/decisions/0231): the REST paths and
 * JSON of Cashfree PG 2025-01-01 that the store uses (`POST /orders`, `GET /orders/{id}`,
 * `GET /orders/{id}/payments`, `PATCH /orders/{id}` (terminate), `POST /links`, `GET /links/{id}`,
 * `POST /links/{id}/cancel`, `GET /links/{id}/orders`, refunds: `POST /orders/{id}/refunds`,
 * `GET /orders/{id}/refunds`, `GET /orders/{id}/refunds/{refund_id}`), with Cashfree's headers, error
 * bodies (`{message, code, type}`) and idempotency keys, plus a hosted payment page with "Pay" and
 * "Fail" buttons that, like Cashfree, sends a signed webhook to the notify URL and then returns
 * the shopper to the return URL.
 *
 * The store runs it in process when no Cashfree credentials are set ("Test mode"); the tests run
 * the same code as a separate fake server on loopback (tests/fakes/cashfree-server.ts). State is
 * kept in memory (it is a test double, not a ledger) and capped.
 */

export type SimulatorOptions = {
  clientId: string;
  /** Checked against `x-client-secret`; also the key webhooks are signed with (as Cashfree does). */
  clientSecret: string;
  /**
   * Absolute URL under which hosted pages are served, e.g. http://127.0.0.1:4000/hosted. Unset:
   * the return URL's origin + "/payments/simulator" (the store's own resource route).
   */
  hostedBaseUrl?: string;
  /** Used to deliver webhooks; default global fetch. */
  fetch?: typeof fetch;
  /** Clock in ms since epoch; tests may stub it. */
  now?: () => number;
  /** Most orders (and links) kept; the oldest go first. Default 5000. */
  maxEntries?: number;
};

/** An outcome a payment attempt can be settled with (the hosted page offers SUCCESS and FAILED). */
export type SimulatedOutcome = "SUCCESS" | "FAILED" | "USER_DROPPED" | "PENDING";

/** A canned failure the next matching API calls answer with (tests of errors and timeouts). */
export type SimulatorFault = {
  method?: "GET" | "POST";
  /** Matches API paths that start with this, e.g. "/orders". */
  pathPrefix?: string;
  status?: number;
  body?: unknown;
  /** Wait this long before answering (or failing). */
  delayMs?: number;
  /** How many calls it applies to; default 1. */
  times?: number;
};

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

type SimPayment = {
  cf_payment_id: number;
  payment_status: string;
  payment_amount: number;
  payment_currency: string;
  payment_message: string;
  payment_time: string;
  payment_completion_time: string | null;
  payment_group: string;
};

type SimRefund = {
  cfRefundId: number;
  refundId: string;
  amountPaise: number;
  note: string | null;
  speed: string;
  /** PENDING when made; SUCCESS from the first read on (the simulated bank has processed it). */
  status: "PENDING" | "SUCCESS";
  createdAt: number;
  processedAt: number | null;
};

type SimOrder = {
  cfOrderId: number;
  orderId: string;
  amountPaise: number;
  status: "ACTIVE" | "PAID" | "TERMINATED";
  sessionId: string;
  customer: Record<string, string | null>;
  returnUrl: string | null;
  notifyUrl: string | null;
  note: string | null;
  tags: Record<string, string> | null;
  createdAt: number;
  payments: SimPayment[];
  refunds: SimRefund[];
};

type SimLink = {
  cfLinkId: number;
  linkId: string;
  slug: string;
  amountPaise: number;
  amountPaidPaise: number;
  status: "ACTIVE" | "PAID" | "CANCELLED";
  purpose: string;
  customer: Record<string, string | null>;
  returnUrl: string | null;
  notifyUrl: string | null;
  url: string;
  createdAt: number;
  orders: SimOrder[];
};

export type CashfreeSimulator = {
  /** Cashfree's REST API; `path` is relative to the API base: "/orders", "/links/abc", … */
  handleApi(request: Request, path: string): Promise<Response>;
  /**
   * The hosted payment page; `path` is "/session/{payment_session_id}" or "/link/{slug}". GET shows
   * it; POST with `outcome=pay|fail` settles an attempt, delivers the webhook and redirects (303)
   * to the return URL, or answers JSON when the request accepts JSON (a same-origin script).
   * A POST whose `Origin` is missing or is not the page's own origin is refused with 403, and no
   * answer carries a CORS header (issue 8 item 1). A terminated order or cancelled link is no
   * longer payable (410).
   */
  handleHosted(request: Request, path: string): Promise<Response>;
  /**
   * Settles an attempt on an order (by our order id) or a link (by link id) without a browser —
   * a shopper who pays and closes the tab. Works even on a terminated order or cancelled link: a
   * payment already in flight when the store cancelled it (the race of issue 8 item 2). Answers the signed webhook Cashfree would send (null
   * when it sends none) and delivers it to the notify URL unless `notify: false`.
   */
  settle(
    target: { orderId: string } | { linkId: string },
    outcome: SimulatedOutcome,
    options?: { notify?: boolean },
  ): Promise<{ cfPaymentId: string; webhook: { url: string | null; body: string; headers: Record<string, string> } | null }>;
  /** Adds a canned failure for the next matching API calls. */
  injectFault(fault: SimulatorFault): void;
  clearFaults(): void;
  /** The API requests seen, newest last (at most 500). */
  readonly requests: RecordedRequest[];
};

const SIM_HOSTED_ROUTE = "/payments/simulator";

const orderBodySchema = z.object({
  order_id: z.string().regex(/^[A-Za-z0-9_-]{3,45}$/, "order_id : invalid value").optional(),
  order_amount: z.number().min(1, "order_amount : must be at least 1.00"),
  order_currency: z.literal("INR", { message: "order_currency : only INR is supported" }),
  customer_details: z.object({
    customer_id: z.string().regex(/^[A-Za-z0-9_-]{3,50}$/, "customer_details.customer_id : invalid value"),
    customer_phone: z.string().regex(/^\+?\d{10,12}$/, "customer_details.customer_phone : invalid value"),
    customer_email: z.string().nullish(),
    customer_name: z.string().nullish(),
  }, { message: "customer_details : is missing in the request" }),
  order_meta: z
    .object({ return_url: z.string().url().nullish(), notify_url: z.string().url().nullish() })
    .nullish(),
  order_note: z.string().nullish(),
  order_tags: z.record(z.string(), z.string()).nullish(),
});

const linkBodySchema = z.object({
  link_id: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, "link_id : invalid value"),
  link_amount: z.number().min(1, "link_amount : must be at least 1.00"),
  link_currency: z.literal("INR", { message: "link_currency : only INR is supported" }),
  link_purpose: z.string().min(1, "link_purpose : is missing in the request").max(500),
  link_partial_payments: z.boolean().nullish(),
  customer_details: z.object({
    customer_phone: z.string().regex(/^\+?\d{10,12}$/, "customer_details.customer_phone : invalid value"),
    customer_email: z.string().nullish(),
    customer_name: z.string().nullish(),
  }, { message: "customer_details : is missing in the request" }),
  link_meta: z
    .object({ return_url: z.string().url().nullish(), notify_url: z.string().url().nullish() })
    .nullish(),
  link_notify: z.object({ send_sms: z.boolean().nullish(), send_email: z.boolean().nullish() }).nullish(),
});

const refundBodySchema = z.object({
  refund_amount: z.number({ message: "refund_amount : is missing in the request" }).positive("refund_amount : must be greater than 0"),
  refund_id: z.string({ message: "refund_id : is missing in the request" }).regex(/^[A-Za-z0-9_-]{3,40}$/, "refund_id : invalid value"),
  refund_note: z.string().min(3, "refund_note : should be at least 3 characters").max(100, "refund_note : should be at most 100 characters").nullish(),
  refund_speed: z.enum(["STANDARD", "INSTANT"], { message: "refund_speed : invalid value" }).nullish(),
});

function rupees(paise: number): number {
  return Number((paise / 100).toFixed(2));
}

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}

function cashfreeError(status: number, message: string, code: string, type: string): Response {
  return jsonResponse({ message, code, type }, status);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Creates a simulator with its own in-memory state. */
export function createCashfreeSimulator(options: SimulatorOptions): CashfreeSimulator {
  const now = options.now ?? (() => Date.now());
  const fetchImpl = options.fetch ?? fetch;
  const maxEntries = options.maxEntries ?? 5000;
  const orders = new Map<string, SimOrder>();
  const sessions = new Map<string, SimOrder>();
  const links = new Map<string, SimLink>();
  const linkSlugs = new Map<string, SimLink>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const faults: SimulatorFault[] = [];
  const requests: RecordedRequest[] = [];
  let sequence = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const nextId = () => ++sequence;

  function trim<K, V>(map: Map<K, V>, onDrop?: (value: V) => void) {
    while (map.size > maxEntries) {
      const first = map.keys().next();
      if (first.done) return;
      const value = map.get(first.value)!;
      map.delete(first.value);
      onDrop?.(value);
    }
  }

  function hostedBase(returnUrl: string | null | undefined): string {
    if (options.hostedBaseUrl) return options.hostedBaseUrl.replace(/\/+$/, "");
    try {
      return new URL(returnUrl ?? "").origin + SIM_HOSTED_ROUTE;
    } catch {
      return `http://localhost${SIM_HOSTED_ROUTE}`;
    }
  }

  function orderJson(order: SimOrder) {
    return {
      cf_order_id: String(order.cfOrderId),
      order_id: order.orderId,
      entity: "order",
      order_currency: "INR",
      order_amount: rupees(order.amountPaise),
      order_status: order.status,
      payment_session_id: order.sessionId,
      order_expiry_time: new Date(order.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
      order_note: order.note,
      created_at: new Date(order.createdAt).toISOString(),
      order_splits: [],
      customer_details: order.customer,
      order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
      order_tags: order.tags,
    };
  }

  function refundJson(order: SimOrder, refund: SimRefund) {
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

  function linkJson(link: SimLink) {
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
      link_expiry_time: new Date(link.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
      link_notes: {},
      link_auto_reminders: false,
      link_notify: { send_sms: false, send_email: false },
    };
  }

  function newOrder(input: {
    orderId: string;
    amountPaise: number;
    customer: Record<string, string | null>;
    returnUrl: string | null;
    notifyUrl: string | null;
    note: string | null;
    tags: Record<string, string> | null;
  }): SimOrder {
    const order: SimOrder = {
      cfOrderId: nextId(),
      ...input,
      status: "ACTIVE",
      sessionId: `session_${crypto.randomBytes(24).toString("base64url")}`,
      createdAt: now(),
      payments: [],
      refunds: [],
    };
    orders.set(order.orderId, order);
    sessions.set(order.sessionId, order);
    trim(orders, (dropped) => sessions.delete(dropped.sessionId));
    return order;
  }

  async function delay(ms: number) {
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  type SignedWebhook = { url: string | null; body: string; headers: Record<string, string> };

  /** Signs a webhook body as Cashfree does: base64(HMAC-SHA256(timestamp + body, client secret)). */
  function signed(url: string | null, payload: unknown): SignedWebhook {
    const body = JSON.stringify(payload);
    const timestamp = String(now());
    return {
      url,
      body,
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": signWebhook(options.clientSecret, timestamp, body),
        "x-webhook-timestamp": timestamp,
        "x-webhook-version": CASHFREE_API_VERSION,
        "x-webhook-attempt": "1",
        "x-idempotency-key": crypto.createHash("sha256").update(body).digest("base64"),
      },
    };
  }

  async function deliver(webhook: SignedWebhook): Promise<void> {
    if (!webhook.url) return;
    try {
      const response = await fetchImpl(webhook.url, {
        method: "POST",
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) console.warn(`[cashfree simulator] webhook to ${webhook.url} answered ${response.status}`);
    } catch (error) {
      console.warn(`[cashfree simulator] webhook to ${webhook.url} failed: ${(error as Error).message}`);
    }
  }

  function recordAttempt(order: SimOrder, outcome: SimulatedOutcome): SimPayment {
    const at = new Date(now()).toISOString();
    const messages: Record<SimulatedOutcome, string> = {
      SUCCESS: "Simulated payment successful",
      FAILED: "Simulated payment failed",
      USER_DROPPED: "The customer closed the payment page",
      PENDING: "Simulated payment pending",
    };
    const payment: SimPayment = {
      cf_payment_id: nextId(),
      payment_status: outcome,
      payment_amount: rupees(order.amountPaise),
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

  function paymentWebhook(order: SimOrder, payment: SimPayment) {
    const type =
      payment.payment_status === "SUCCESS"
        ? "PAYMENT_SUCCESS_WEBHOOK"
        : payment.payment_status === "USER_DROPPED"
          ? "PAYMENT_USER_DROPPED_WEBHOOK"
          : "PAYMENT_FAILED_WEBHOOK";
    return {
      data: {
        order: { order_id: order.orderId, order_amount: rupees(order.amountPaise), order_currency: "INR", order_tags: order.tags },
        payment: {
          cf_payment_id: String(payment.cf_payment_id),
          payment_status: payment.payment_status,
          payment_amount: payment.payment_amount,
          payment_currency: payment.payment_currency,
          payment_message: payment.payment_message,
          payment_time: payment.payment_time,
          bank_reference: String(payment.cf_payment_id),
          auth_id: null,
          payment_method: { upi: { channel: "collect", upi_id: "test@upi" } },
          payment_group: payment.payment_group,
        },
        customer_details: order.customer,
        payment_gateway_details: { gateway_name: "CASHFREE", gateway_order_id: String(order.cfOrderId), gateway_payment_id: String(payment.cf_payment_id) },
      },
      event_time: new Date(now()).toISOString(),
      type,
    };
  }

  function linkWebhook(link: SimLink, order: SimOrder, payment: SimPayment) {
    return {
      data: {
        ...linkJson(link),
        order: {
          order_amount: rupees(order.amountPaise).toFixed(2),
          order_id: order.orderId,
          order_expiry_time: new Date(order.createdAt + 30 * 24 * 3600 * 1000).toISOString(),
          order_hash: crypto.randomBytes(10).toString("hex"),
          transaction_id: payment.cf_payment_id,
          transaction_status: payment.payment_status,
        },
      },
      type: "PAYMENT_LINK_EVENT",
      version: 1,
      event_time: new Date(now()).toISOString(),
    };
  }

  async function settleOrder(order: SimOrder, outcome: SimulatedOutcome, notify: boolean) {
    const payment = recordAttempt(order, outcome);
    const webhook = outcome === "PENDING" ? null : signed(order.notifyUrl, paymentWebhook(order, payment));
    if (webhook && notify) await deliver(webhook);
    return { payment, webhook };
  }

  async function settleLink(link: SimLink, outcome: SimulatedOutcome, notify: boolean) {
    const order = newOrder({
      orderId: `CFPay_${link.slug}_${crypto.randomBytes(5).toString("hex")}`,
      amountPaise: link.amountPaise,
      customer: link.customer,
      returnUrl: link.returnUrl,
      notifyUrl: null,
      note: null,
      tags: { link_id: link.linkId },
    });
    link.orders.push(order);
    const payment = recordAttempt(order, outcome);
    let webhook: SignedWebhook | null = null;
    if (outcome === "SUCCESS") {
      link.status = "PAID";
      link.amountPaidPaise = link.amountPaise;
      webhook = signed(link.notifyUrl, linkWebhook(link, order, payment));
      if (notify) await deliver(webhook);
    }
    return { payment, webhook };
  }

  function returnTarget(url: string | null, orderId: string): string | null {
    if (!url) return null;
    return url.replace(/\{order_id\}/g, encodeURIComponent(orderId));
  }

  async function handleApi(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const text = method === "GET" || method === "HEAD" ? "" : await request.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = Symbol.for("invalid-json");
    }
    const headers = Object.fromEntries(
      ["x-api-version", "x-client-id", "x-idempotency-key", "x-request-id", "content-type"].flatMap((name) => {
        const value = request.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    requests.push({ method, path, headers, body });
    if (requests.length > 500) requests.shift();

    const fault = faults.find(
      (f) => (!f.method || f.method === method) && (!f.pathPrefix || path.startsWith(f.pathPrefix)) && (f.times ?? 1) > 0,
    );
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.delayMs) await delay(fault.delayMs);
      if (fault.status) return jsonResponse(fault.body ?? { message: "simulated failure", code: "simulated", type: "api_error" }, fault.status);
    }

    if (!request.headers.get("x-api-version")) {
      return cashfreeError(400, "x-api-version missing in request header", "request_failed", "invalid_request_error");
    }
    if (request.headers.get("x-client-id") !== options.clientId || request.headers.get("x-client-secret") !== options.clientSecret) {
      return cashfreeError(401, "authentication Failed", "request_failed", "authentication_error");
    }
    if (body === Symbol.for("invalid-json")) {
      return cashfreeError(400, "the request body is not valid JSON", "request_invalid", "invalid_request_error");
    }

    const key = method === "POST" || method === "PATCH" ? request.headers.get("x-idempotency-key") : null;
    const fingerprint = `${method} ${path} ${text}`;
    if (key) {
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return cashfreeError(422, "x-idempotency-key was used with a different request", "idempotency_error", "idempotency_error");
        }
        return jsonResponse(seen.body, seen.status);
      }
    }
    const answer = route(method, path, body);
    if (key && answer.status < 500) {
      idempotent.set(key, { fingerprint, status: answer.status, body: answer.body });
      trim(idempotent);
    }
    return jsonResponse(answer.body, answer.status);
  }

  function route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    const error = (status: number, message: string, code: string, type = "invalid_request_error") => ({
      status,
      body: { message, code, type },
    });
    const segments = path.split("/").filter(Boolean).map(decodeURIComponent);

    if (segments[0] === "orders") {
      if (method === "POST" && segments.length === 1) {
        const parsed = orderBodySchema.safeParse(body);
        if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
        const input = parsed.data;
        const orderId = input.order_id ?? `order_${crypto.randomBytes(8).toString("hex")}`;
        if (orders.has(orderId)) return error(409, "order with same id is already present", "order_already_exists");
        const order = newOrder({
          orderId,
          amountPaise: Math.round(input.order_amount * 100),
          customer: {
            customer_id: input.customer_details.customer_id,
            customer_phone: input.customer_details.customer_phone,
            customer_email: input.customer_details.customer_email ?? null,
            customer_name: input.customer_details.customer_name ?? null,
          },
          returnUrl: input.order_meta?.return_url ?? null,
          notifyUrl: input.order_meta?.notify_url ?? null,
          note: input.order_note ?? null,
          tags: input.order_tags ?? null,
        });
        return { status: 200, body: orderJson(order) };
      }
      if (method === "PATCH" && segments.length === 2) {
        const order = orders.get(segments[1]);
        if (!order) return error(404, "order not found", "order_not_found");
        const wanted = (body as { order_status?: unknown } | undefined)?.order_status;
        if (wanted !== "TERMINATED") return error(400, "order_status : should be TERMINATED", "request_invalid");
        if (order.status === "PAID") return error(409, "order is already paid and cannot be terminated", "order_already_paid");
        order.status = "TERMINATED";
        return { status: 200, body: orderJson(order) };
      }
      if (segments.length >= 3 && segments[2] === "refunds") {
        const order = orders.get(segments[1]);
        if (!order) return error(404, "order not found", "order_not_found");
        if (method === "POST" && segments.length === 3) {
          const parsed = refundBodySchema.safeParse(body);
          if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
          const input = parsed.data;
          if (order.status !== "PAID") return error(400, "refund can only be initiated on a paid order", "refund_invalid");
          if (order.refunds.some((r) => r.refundId === input.refund_id)) {
            return error(409, "refund with the same refund_id already exists", "refund_already_exists");
          }
          const amountPaise = Math.round(input.refund_amount * 100);
          const refunded = order.refunds.reduce((sum, r) => sum + r.amountPaise, 0);
          if (refunded + amountPaise > order.amountPaise) {
            return error(400, "refund_amount : exceeds the refundable amount of the order", "refund_amount_invalid");
          }
          const refund: SimRefund = {
            cfRefundId: nextId(),
            refundId: input.refund_id,
            amountPaise,
            note: input.refund_note ?? null,
            speed: input.refund_speed ?? "STANDARD",
            status: "PENDING",
            createdAt: now(),
            processedAt: null,
          };
          order.refunds.push(refund);
          return { status: 200, body: refundJson(order, refund) };
        }
        if (method === "GET") {
          // Reading a refund settles it, as the bank would have by the time someone looks again.
          const settle = (refund: SimRefund) => {
            if (refund.status === "PENDING") Object.assign(refund, { status: "SUCCESS", processedAt: now() });
            return refundJson(order, refund);
          };
          if (segments.length === 3) return { status: 200, body: order.refunds.map(settle) };
          const refund = segments.length === 4 ? order.refunds.find((r) => r.refundId === segments[3]) : undefined;
          if (!refund) return error(404, "refund not found", "refund_not_found");
          return { status: 200, body: settle(refund) };
        }
      }
      if (method === "GET" && segments.length >= 2) {
        const order = orders.get(segments[1]);
        if (!order) return error(404, "order not found", "order_not_found");
        if (segments.length === 2) return { status: 200, body: orderJson(order) };
        if (segments.length === 3 && segments[2] === "payments") {
          return { status: 200, body: order.payments.map((p) => ({ ...p, cf_payment_id: String(p.cf_payment_id), order_id: order.orderId, entity: "payment", order_amount: rupees(order.amountPaise), is_captured: p.payment_status === "SUCCESS" })) };
        }
      }
    }

    if (segments[0] === "links") {
      if (method === "POST" && segments.length === 1) {
        const parsed = linkBodySchema.safeParse(body);
        if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
        const input = parsed.data;
        if (links.has(input.link_id)) return error(409, "link_id already exists", "link_already_exists");
        const slug = crypto.randomBytes(9).toString("base64url");
        const returnUrl = input.link_meta?.return_url ?? null;
        const link: SimLink = {
          cfLinkId: nextId(),
          linkId: input.link_id,
          slug,
          amountPaise: Math.round(input.link_amount * 100),
          amountPaidPaise: 0,
          status: "ACTIVE",
          purpose: input.link_purpose,
          customer: {
            customer_phone: input.customer_details.customer_phone,
            customer_email: input.customer_details.customer_email ?? null,
            customer_name: input.customer_details.customer_name ?? null,
          },
          returnUrl,
          notifyUrl: input.link_meta?.notify_url ?? null,
          url: `${hostedBase(returnUrl)}/link/${slug}`,
          createdAt: now(),
          orders: [],
        };
        links.set(link.linkId, link);
        linkSlugs.set(slug, link);
        trim(links, (dropped) => linkSlugs.delete(dropped.slug));
        return { status: 200, body: linkJson(link) };
      }
      if (method === "POST" && segments.length === 3 && segments[2] === "cancel") {
        const link = links.get(segments[1]);
        if (!link) return error(404, "link not found", "link_not_found");
        if (link.status === "PAID") return error(409, "link is already paid and cannot be cancelled", "link_already_paid");
        link.status = "CANCELLED";
        return { status: 200, body: linkJson(link) };
      }
      if (method === "GET" && segments.length === 2) {
        const link = links.get(segments[1]);
        if (!link) return error(404, "link not found", "link_not_found");
        return { status: 200, body: linkJson(link) };
      }
      if (method === "GET" && segments.length === 3 && segments[2] === "orders") {
        const link = links.get(segments[1]);
        if (!link) return error(404, "link not found", "link_not_found");
        return { status: 200, body: link.orders.map(orderJson) };
      }
    }

    return error(404, `no such API: ${method} ${path}`, "request_invalid");
  }

  function page(title: string, body: string, status = 200): Response {
    const html = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.15rem .6rem;font-size:.75rem;font-weight:600;letter-spacing:.04em}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;font-size:.875rem;color:#374151}dt{font-weight:600}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}.actions form{flex:1}
button{width:100%;padding:.75rem;border-radius:.5rem;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#15803d;color:#fff}.fail{background:#fff;color:#b91c1c;border:1px solid #b91c1c}
p.note{font-size:.8rem;color:#4b5563;margin-top:1.25rem}a{color:#1d4ed8}
</style></head><body><main>${body}</main></body></html>`;
    return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
  }

  function hostedPage(action: string, amountPaise: number, reference: string, purpose: string | null, paid: boolean, returnUrl: string | null) {
    const details = `<dl><dt>Reference</dt><dd>${escapeHtml(reference)}</dd>${purpose && !purpose.includes(reference) ? `<dt>For</dt><dd>${escapeHtml(purpose)}</dd>` : ""}</dl>`;
    if (paid) {
      return page(
        "Already paid — Cashfree simulator",
        `<span class="badge">TEST MODE</span><h1>This order is already paid</h1><p class="amount">${formatPaise(amountPaise)}</p>${details}${
          returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the store</a></p>` : ""
        }`,
      );
    }
    return page(
      "Pay — Cashfree simulator",
      `<span class="badge">TEST MODE</span><h1>Cashfree payment simulator</h1><p class="amount">${formatPaise(amountPaise)}</p>${details}
<div class="actions">
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="fail"><button class="fail" type="submit">Fail</button></form>
</div>
<p class="note">No money moves here. This page stands in for Cashfree's hosted checkout while the store has no Cashfree credentials.</p>`,
    );
  }

  async function handleHosted(request: Request, path: string): Promise<Response> {
    const [kind, id] = path.split("/").filter(Boolean).map(decodeURIComponent);
    const method = request.method.toUpperCase();
    const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
    const order = kind === "session" && id ? sessions.get(id) : undefined;
    const link = kind === "link" && id ? linkSlugs.get(id) : undefined;
    if (!order && !link) {
      if (wantsJson) return jsonResponse({ message: "payment session not found", code: "session_not_found", type: "invalid_request_error" }, 404);
      return page("Not found — Cashfree simulator", `<span class="badge">TEST MODE</span><h1>Payment not found</h1><p>This payment page does not exist or has expired.</p>`, 404);
    }
    const paid = order ? order.status === "PAID" : link!.status === "PAID";
    const closed = order ? order.status === "TERMINATED" : link!.status === "CANCELLED";
    const returnUrl = order ? returnTarget(order.returnUrl, order.orderId) : returnTarget(link!.returnUrl, link!.linkId);
    const action = new URL(request.url).pathname;
    const closedPage = () =>
      wantsJson
        ? jsonResponse({ message: "this payment is no longer open", code: "payment_closed", type: "invalid_request_error" }, 410)
        : page(
            "Closed — Cashfree simulator",
            `<span class="badge">TEST MODE</span><h1>This payment is no longer open</h1><p>The store cancelled it. Please go back to the store and try again.</p>${
              returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the store</a></p>` : ""
            }`,
            410,
          );

    if (method === "GET" || method === "HEAD") {
      if (closed && !paid) return closedPage();
      return order
        ? hostedPage(action, order.amountPaise, order.orderId, order.note, paid, returnUrl)
        : hostedPage(action, link!.amountPaise, link!.linkId, link!.purpose, paid, returnUrl);
    }
    if (method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, POST" } });
    // Only the page itself may press Pay (issue 8 item 1): a form or script on another origin, or
    // a request that names no origin at all, is refused before anything is read or settled.
    const pageOrigin = order ? new URL(hostedBase(order.returnUrl)).origin : new URL(link!.url).origin;
    if (!postedFromOrigin(request, pageOrigin)) {
      if (wantsJson) return jsonResponse({ message: "cross-origin payment requests are refused", code: "forbidden_origin", type: "invalid_request_error" }, 403);
      return page("Refused — Cashfree simulator", `<h1>This payment form can only be sent from its own page.</h1>`, 403);
    }
    if (closed && !paid) return closedPage();

    const form = await readFormData(request).catch(() => null);
    const choice = String(form?.get("outcome") ?? "");
    const outcome: SimulatedOutcome | null =
      choice === "pay" ? "SUCCESS" : choice === "fail" ? "FAILED" : choice === "drop" ? "USER_DROPPED" : null;
    if (!outcome) {
      if (wantsJson) return jsonResponse({ message: "outcome must be pay, fail or drop", code: "request_invalid", type: "invalid_request_error" }, 400);
      return page("Choose — Cashfree simulator", `<h1>Please choose Pay or Fail.</h1>`, 400);
    }
    if (paid) {
      if (wantsJson) return jsonResponse({ message: "order is already paid", code: "order_already_paid", type: "invalid_request_error" }, 409);
      return order
        ? hostedPage(action, order.amountPaise, order.orderId, order.note, true, returnUrl)
        : hostedPage(action, link!.amountPaise, link!.linkId, link!.purpose, true, returnUrl);
    }
    const { payment } = order ? await settleOrder(order, outcome, true) : await settleLink(link!, outcome, true);
    if (wantsJson) {
      return jsonResponse(
        { order_id: order ? order.orderId : link!.linkId, cf_payment_id: String(payment.cf_payment_id), payment_status: payment.payment_status, payment_message: payment.payment_message },
        200,
      );
    }
    if (returnUrl) return new Response(null, { status: 303, headers: { location: returnUrl, "cache-control": "no-store" } });
    return page("Done — Cashfree simulator", `<span class="badge">TEST MODE</span><h1>${outcome === "SUCCESS" ? "Payment successful" : "Payment failed"}</h1>`);
  }

  return {
    handleApi,
    handleHosted,
    async settle(target, outcome, settleOptions = {}) {
      const notify = settleOptions.notify ?? true;
      if ("orderId" in target) {
        const order = orders.get(target.orderId);
        if (!order) throw new Error(`simulator: no order ${target.orderId}`);
        const { payment, webhook } = await settleOrder(order, outcome, notify);
        return { cfPaymentId: String(payment.cf_payment_id), webhook };
      }
      const link = links.get(target.linkId);
      if (!link) throw new Error(`simulator: no link ${target.linkId}`);
      const { payment, webhook } = await settleLink(link, outcome, notify);
      return { cfPaymentId: String(payment.cf_payment_id), webhook };
    },
    injectFault(fault) {
      faults.push({ times: 1, ...fault });
    },
    clearFaults() {
      faults.length = 0;
    },
    requests,
  };
}

/**
 * Whether a form post comes from a page on `origin` (issue 8 item 1; OWASP CSRF cheat sheet,
 * "verifying origin with standard headers"): its `Origin` is exactly `origin`; or, from a browser
 * that sends no `Origin` on form posts (lynx, w3m, some older browsers), its `Referer` is a page on
 * `origin`. Neither header → refused. A page on another site can neither set `Origin` nor forge a
 * `Referer` on our origin, so both paths keep cross-site posts out (docs/decisions/0310).
 */
export function postedFromOrigin(request: Request, origin: string): boolean {
  const claimed = request.headers.get("origin");
  if (claimed !== null) return claimed === origin;
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}
