import crypto from "node:crypto";
import { z } from "zod";
import { jsonResponse, linkJson, linkOrderJson, orderJson, paymentJson, refundJson } from "./shapes.server";
import type { SimulatorState } from "./state.server";
import type { SimLink, SimOrder, SimRefund } from "./types";

/**
 * The simulator's REST API (Cashfree PG 2025-01-01, DESIGN.md §9), held to Cashfree's OpenAPI
 * document (cashfree/cashfree-pg api/openapi.yaml, docs/decisions/0962): `handleApi` checks what
 * every call needs (version header, client id and secret, idempotency key, JSON body, injected
 * faults), then `route` hands the call to one handler per endpoint, whose body schema has the
 * document's limits. Amounts arrive and leave in rupees and are kept in paise; errors are
 * Cashfree's `{message, code, type}`.
 */

/** A handler's answer before it becomes a Response: HTTP status and JSON body. */
type ApiAnswer = { status: number; body: unknown };

/** The only `x-api-version` the simulator speaks (the store's CASHFREE_API_VERSION; openapi.yaml info.version). */
export const SIMULATED_API_VERSION = "2025-01-01";

/** A UUID as RFC 9562 writes it (any version): openapi.yaml declares every `x-idempotency-key` `format: UUID`. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids Cashfree takes (order_id, link_id, refund_id, customer_id): "Alphanumeric, '_' and '-' only" (openapi.yaml descriptions). */
const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * A string of `min`..`max` characters as OpenAPI counts them (JSON Schema minLength/maxLength:
 * Unicode code points, so one emoji is one character, never two UTF-16 units).
 */
function chars(min: number, max: number) {
  return z
    .string()
    .refine((value) => [...value].length >= min, { message: `should be at least ${min} characters` })
    .refine((value) => [...value].length <= max, { message: `should be at most ${max} characters` });
}

/** An id of `min`..`max` characters of [A-Za-z0-9_-]. */
function idOf(min: number, max: number) {
  return chars(min, max).refine((value) => ID_CHARACTERS.test(value), { message: "should contain only alphanumeric characters, '_' and '-'" });
}

/** A URL of at most 250 characters (openapi.yaml OrderMeta / LinkMetaResponseEntity return_url: "Maximum length: 250"). */
const returnUrlSchema = z.string().url().refine((value) => value.length <= 250, { message: "should be at most 250 characters" });

/**
 * openapi.yaml CustomerDetails (CreateOrderRequest.customer_details): customer_id 3..50 (its
 * description: alphanumeric — the simulator also takes '_' and '-', as order ids), customer_phone
 * exactly 10 characters (minLength = maxLength = 10; the simulator wants 10 digits), customer_email
 * and customer_name 3..100 characters. A link's customer (LinkCustomerDetailsEntity) declares no
 * limits; the simulator holds it to the same ones (docs/decisions/0962).
 */
const customerFields = {
  customer_phone: z.string().regex(/^\d{10}$/, "should be a 10-digit phone number"),
  customer_email: chars(3, 100).nullish(),
  customer_name: chars(3, 100).nullish(),
};

/** openapi.yaml CreateOrderRequest (order_id 3..45, order_amount ≥ 1, order_note 3..200, order_tags ≤ 15 of 1..255 characters). */
const orderBodySchema = z.object({
  order_id: idOf(3, 45).optional(),
  order_amount: z.number().min(1, "should be at least 1.00"),
  order_currency: z.literal("INR", { message: "only INR is supported" }),
  customer_details: z.object({ customer_id: idOf(3, 50), ...customerFields }),
  order_meta: z.object({ return_url: returnUrlSchema.nullish(), notify_url: z.string().url().nullish() }).nullish(),
  order_note: chars(3, 200).nullish(),
  order_tags: z
    .record(z.string(), chars(1, 255))
    .refine((tags) => Object.keys(tags).length <= 15, { message: "should have at most 15 tags" })
    .nullish(),
  order_expiry_time: z.iso.datetime({ offset: true, message: "invalid value" }).nullish(),
});

/** openapi.yaml CreateLinkRequest (link_id ≤ 50 of [A-Za-z0-9_-], link_purpose ≤ 500). */
const linkBodySchema = z.object({
  link_id: idOf(1, 50),
  link_amount: z.number().min(1, "should be at least 1.00"),
  link_currency: z.literal("INR", { message: "only INR is supported" }),
  link_purpose: chars(1, 500),
  link_partial_payments: z.boolean().nullish(),
  customer_details: z.object(customerFields),
  link_meta: z.object({ return_url: returnUrlSchema.nullish(), notify_url: z.string().url().nullish() }).nullish(),
  link_notify: z.object({ send_sms: z.boolean().nullish(), send_email: z.boolean().nullish() }).nullish(),
  link_expiry_time: z.iso.datetime({ offset: true, message: "invalid value" }).nullish(),
});

/** openapi.yaml OrderCreateRefundRequest (refund_id 3..40, refund_note 3..100, refund_speed STANDARD | INSTANT). */
const refundBodySchema = z.object({
  refund_amount: z.number().positive("should be greater than 0"),
  refund_id: idOf(3, 40),
  refund_note: chars(3, 100).nullish(),
  refund_speed: z.enum(["STANDARD", "INSTANT"], { message: "invalid value" }).nullish(),
});

/** openapi.yaml TerminateOrderRequest. */
const terminateBodySchema = z.object({ order_status: z.literal("TERMINATED", { message: "should be TERMINATED" }) });

/**
 * A body Cashfree refuses, as Cashfree words it: 400 `{message: "{field} : {what}", code:
 * "{field}_missing" | "{field}_invalid", type: "invalid_request_error"}` for the first problem
 * (Cashfree's codes name the field, e.g. order_amount_invalid, customer_email_invalid).
 */
function bodyError(error: z.ZodError): ApiAnswer {
  const issue = error.issues[0];
  const path = issue?.path.map(String) ?? [];
  const field = path.join(".") || "request";
  const leaf = path.at(-1) ?? "request";
  const missing = issue?.code === "invalid_type" && (issue.input === undefined || issue.input === null);
  const what = missing ? "is missing in the request" : issue?.code === "custom" || issue?.message.startsWith("should") || issue?.message.startsWith("only") ? issue.message : "invalid value";
  return apiError(400, `${field} : ${what}`, `${leaf}_${missing ? "missing" : "invalid"}`);
}

/** Parses a body with `schema`: the data, or Cashfree's 400 for it. */
function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; answer: ApiAnswer } {
  const parsed = schema.safeParse(body ?? {}, { reportInput: true });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, answer: bodyError(parsed.error) };
}

/** A Cashfree error answer (`type` invalid_request_error unless given). */
function apiError(status: number, message: string, code: string, type = "invalid_request_error"): ApiAnswer {
  return { status, body: { message, code, type } };
}

/** Waits `ms` milliseconds (an injected fault's delay). */
async function delay(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Answers one call of the REST API; `path` is relative to the API base ("/orders", "/links/abc"),
 * the query is read from the request's URL. In order: records the request (the last 500), applies
 * the first matching injected fault (delay, then its status), then refuses what Cashfree refuses:
 * `x-api-version` missing or other than 2025-01-01 (400 request_failed / version_invalid,
 * BadRequestError), wrong `x-client-id`/`x-client-secret` (401 AuthenticationError), an
 * `x-idempotency-key` that is not a UUID (422 idempotency_error, IdempotencyError: openapi.yaml
 * declares it `format: UUID`), a body that is not JSON (400). A POST or PATCH with a key seen
 * before answers the stored answer (with `x-idempotency-replayed: true`), or 422 idempotency_error
 * when the key came with a different request. Answers below 500 are stored under the key. Every
 * answer carries `x-api-version` and `x-request-id` (the caller's, or a new one).
 */
export async function handleApi(state: SimulatorState, request: Request, path: string): Promise<Response> {
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
  state.requests.push({ method, path, headers, body });
  if (state.requests.length > 500) state.requests.shift();
  const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
  const answer = (status: number, json: unknown, extra: Record<string, string> = {}) => jsonResponse(json, status, { "x-request-id": requestId, ...extra });
  const refuse = (status: number, message: string, code: string, type: string) => answer(status, { message, code, type });

  const fault = state.faults.find(
    (f) => (!f.method || f.method === method) && (!f.pathPrefix || path.startsWith(f.pathPrefix)) && (f.times ?? 1) > 0,
  );
  if (fault) {
    fault.times = (fault.times ?? 1) - 1;
    if (fault.delayMs) await delay(fault.delayMs);
    if (fault.status) return answer(fault.status, fault.body ?? { message: "simulated failure", code: "simulated", type: "api_error" });
  }

  const version = request.headers.get("x-api-version");
  if (!version) return refuse(400, "x-api-version missing in request header", "request_failed", "invalid_request_error");
  if (version !== SIMULATED_API_VERSION) {
    return refuse(400, `x-api-version : ${version.slice(0, 40)} is not a valid version (this API speaks ${SIMULATED_API_VERSION})`, "version_invalid", "invalid_request_error");
  }
  if (request.headers.get("x-client-id") !== state.options.clientId || request.headers.get("x-client-secret") !== state.options.clientSecret) {
    return refuse(401, "authentication Failed", "request_failed", "authentication_error");
  }
  const givenKey = request.headers.get("x-idempotency-key");
  if (givenKey !== null && !UUID_PATTERN.test(givenKey)) {
    return refuse(422, "x-idempotency-key : should be a UUID", "idempotency_error", "idempotency_error");
  }
  if (body === Symbol.for("invalid-json")) {
    return refuse(400, "the request body is not valid JSON", "request_invalid", "invalid_request_error");
  }

  const key = method === "POST" || method === "PATCH" ? givenKey?.toLowerCase() ?? null : null;
  const fingerprint = `${method} ${path} ${text}`;
  if (key) {
    const seen = state.idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return refuse(422, "x-idempotency-key was used with a different request", "idempotency_error", "idempotency_error");
      }
      return answer(seen.status, seen.body, { "x-idempotency-key": key, "x-idempotency-replayed": "true" });
    }
  }
  const result = route(state, method, path, new URL(request.url).searchParams, body);
  if (key && result.status < 500) {
    state.idempotent.set(key, { fingerprint, status: result.status, body: result.body });
    state.trim(state.idempotent);
  }
  return answer(result.status, result.body, key ? { "x-idempotency-key": key } : {});
}

/** Hands a checked call to its endpoint's handler; 404 "no such API" for anything else. */
function route(state: SimulatorState, method: string, path: string, query: URLSearchParams, body: unknown): ApiAnswer {
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  const answer =
    segments[0] === "orders" ? routeOrders(state, method, segments, body) : segments[0] === "links" ? routeLinks(state, method, segments, query, body) : null;
  return answer ?? apiError(404, `no such API: ${method} ${path}`, "request_invalid");
}

/** The /orders endpoints, or null when none matches. */
function routeOrders(state: SimulatorState, method: string, segments: string[], body: unknown): ApiAnswer | null {
  if (method === "POST" && segments.length === 1) return createOrder(state, body);
  if (method === "PATCH" && segments.length === 2) return terminateOrder(state, segments[1], body);
  if (segments.length >= 3 && segments[2] === "refunds") {
    const order = state.orders.get(segments[1]);
    if (!order) return apiError(404, "order not found", "order_not_found");
    if (method === "POST" && segments.length === 3) return createRefund(state, order, body);
    if (method === "GET") return getRefunds(state, order, segments);
  }
  if (method === "GET" && segments.length >= 2) {
    const order = state.orders.get(segments[1]);
    if (!order) return apiError(404, "order not found", "order_not_found");
    if (segments.length === 2) return getOrder(order);
    if (segments.length === 3 && segments[2] === "payments") return getOrderPayments(order);
  }
  return null;
}

/** The /links endpoints, or null when none matches. */
function routeLinks(state: SimulatorState, method: string, segments: string[], query: URLSearchParams, body: unknown): ApiAnswer | null {
  if (method === "POST" && segments.length === 1) return createLink(state, body);
  if (method === "POST" && segments.length === 3 && segments[2] === "cancel") return cancelLink(state, segments[1]);
  if (method === "GET" && segments.length === 2) return getLink(state, segments[1]);
  if (method === "GET" && segments.length === 3 && segments[2] === "orders") return getLinkOrders(state, segments[1], query);
  return null;
}

/**
 * `POST /orders` (openapi.yaml CreateOrderRequest → OrderEntity): a new ACTIVE order with a payment
 * session (order_id generated when absent). 400 for a body Cashfree would refuse (first problem),
 * 409 order_already_exists.
 */
function createOrder(state: SimulatorState, body: unknown): ApiAnswer {
  const parsed = parseBody(orderBodySchema, body);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  const orderId = input.order_id ?? `order_${crypto.randomBytes(8).toString("hex")}`;
  if (state.orders.has(orderId)) return apiError(409, "order with same id is already present", "order_already_exists");
  const order = state.newOrder({
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
    expiresAt: input.order_expiry_time ? Date.parse(input.order_expiry_time) : null,
  });
  return { status: 200, body: orderJson(order) };
}

/**
 * `PATCH /orders/{id}` with `order_status: "TERMINATED"` (openapi.yaml TerminateOrderRequest →
 * OrderEntity): closes an unpaid order — at once (TERMINATED), or, when the order's terminate mode
 * is `requested` (setTerminateMode), as TERMINATION_REQUESTED, settled on the next read. A second
 * terminate answers the order as it stands. 404, 400 (other status), 409 order_already_paid.
 */
function terminateOrder(state: SimulatorState, orderId: string, body: unknown): ApiAnswer {
  const order = state.orders.get(orderId);
  if (!order) return apiError(404, "order not found", "order_not_found");
  const parsed = parseBody(terminateBodySchema, body);
  if (!parsed.ok) return parsed.answer;
  if (order.status === "PAID") return apiError(409, "order is already paid and cannot be terminated", "order_already_paid");
  if (order.status === "ACTIVE") order.status = state.terminateModeFor(order) === "requested" ? "TERMINATION_REQUESTED" : "TERMINATED";
  return { status: 200, body: orderJson(order) };
}

/** Money of the order's refunds that did not end CANCELLED or FAILED (paise): what is no longer refundable. */
function refundedPaise(order: SimOrder): number {
  return order.refunds.filter((r) => r.status !== "CANCELLED" && r.status !== "FAILED").reduce((sum, r) => sum + r.amountPaise, 0);
}

/**
 * `POST /orders/{id}/refunds` (openapi.yaml OrderCreateRefundRequest → RefundEntity): a PENDING
 * refund of a PAID order, with the refund plan set for the order (setRefundOutcome) or the default
 * (SUCCESS on the first read). 400 for a bad body, an unpaid order or more than is left to refund
 * (refunds that ended CANCELLED or FAILED gave theirs back); 409 refund_already_exists for a
 * refund_id seen before.
 */
function createRefund(state: SimulatorState, order: SimOrder, body: unknown): ApiAnswer {
  const parsed = parseBody(refundBodySchema, body);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  if (order.status !== "PAID") return apiError(400, "refund can only be initiated on a paid order", "refund_invalid");
  if (order.refunds.some((r) => r.refundId === input.refund_id)) {
    return apiError(409, "refund with the same refund_id already exists", "refund_already_exists");
  }
  const amountPaise = Math.round(input.refund_amount * 100);
  if (refundedPaise(order) + amountPaise > order.amountPaise) {
    return apiError(400, "refund_amount : exceeds the refundable amount of the order", "refund_amount_invalid");
  }
  const refund: SimRefund = {
    cfRefundId: state.nextId(),
    refundId: input.refund_id,
    amountPaise,
    note: input.refund_note ?? null,
    speed: input.refund_speed ?? "STANDARD",
    status: "PENDING",
    plan: state.takeRefundPlan(order),
    reads: 0,
    createdAt: state.now(),
    processedAt: null,
  };
  order.refunds.push(refund);
  trimRefunds(order);
  return { status: 200, body: refundJson(order, refund) };
}

/** At most 100 refunds per order are kept (a test double's memory stays bounded). */
function trimRefunds(order: SimOrder) {
  if (order.refunds.length > 100) order.refunds.splice(0, order.refunds.length - 100);
}

/**
 * One read of a refund moves it along its plan: PENDING for `pendingReads` reads, then the outcome
 * — SUCCESS; ONHOLD_THEN_SUCCESS: ONHOLD on that read, SUCCESS on the next; CANCELLED; FAILED.
 * SUCCESS, CANCELLED and FAILED are final. `processed_at` is set when it ends.
 */
export function advanceRefund(refund: SimRefund, now: number): void {
  if (refund.status === "SUCCESS" || refund.status === "CANCELLED" || refund.status === "FAILED") return;
  refund.reads += 1;
  if (refund.reads <= refund.plan.pendingReads) return;
  const next =
    refund.plan.outcome === "ONHOLD_THEN_SUCCESS" ? (refund.status === "ONHOLD" ? "SUCCESS" : "ONHOLD") : refund.plan.outcome;
  refund.status = next;
  if (next !== "ONHOLD") refund.processedAt = now;
}

/**
 * `GET /orders/{id}/refunds` (all) and `GET /orders/{id}/refunds/{refund_id}` (one; 404
 * refund_not_found), openapi.yaml RefundEntity. Each read moves a refund one step along its plan
 * (advanceRefund), as the bank would have by the time someone looks again.
 */
function getRefunds(state: SimulatorState, order: SimOrder, segments: string[]): ApiAnswer {
  const read = (refund: SimRefund) => {
    advanceRefund(refund, state.now());
    return refundJson(order, refund);
  };
  if (segments.length === 3) return { status: 200, body: order.refunds.map(read) };
  const refund = segments.length === 4 ? order.refunds.find((r) => r.refundId === segments[3]) : undefined;
  if (!refund) return apiError(404, "refund not found", "refund_not_found");
  return { status: 200, body: read(refund) };
}

/**
 * `GET /orders/{id}` (openapi.yaml OrderEntity): the order. A TERMINATION_REQUESTED order no
 * payment settled meanwhile is TERMINATED from this read on.
 */
function getOrder(order: SimOrder): ApiAnswer {
  if (order.status === "TERMINATION_REQUESTED") order.status = "TERMINATED";
  return { status: 200, body: orderJson(order) };
}

/** `GET /orders/{id}/payments` (openapi.yaml PaymentEntity[]): its payment attempts, oldest first. */
function getOrderPayments(order: SimOrder): ApiAnswer {
  return { status: 200, body: order.payments.map((payment) => paymentJson(order, payment)) };
}

/**
 * `POST /links` (openapi.yaml CreateLinkRequest → LinkEntity): a new ACTIVE payment link whose URL
 * is the hosted page /link/{slug}. 400 for a bad body, 409 link_already_exists.
 */
function createLink(state: SimulatorState, body: unknown): ApiAnswer {
  const parsed = parseBody(linkBodySchema, body);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  if (state.links.has(input.link_id)) return apiError(409, "link_id already exists", "link_already_exists");
  const slug = crypto.randomBytes(9).toString("base64url");
  const returnUrl = input.link_meta?.return_url ?? null;
  const link: SimLink = {
    cfLinkId: state.nextId(),
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
    url: `${state.hostedBase(returnUrl)}/link/${slug}`,
    createdAt: state.now(),
    expiresAt: input.link_expiry_time ? Date.parse(input.link_expiry_time) : null,
    orders: [],
  };
  state.links.set(link.linkId, link);
  state.linkSlugs.set(slug, link);
  state.trim(state.links, (dropped) => state.linkSlugs.delete(dropped.slug));
  return { status: 200, body: linkJson(link) };
}

/** `POST /links/{id}/cancel` (openapi.yaml LinkEntity): the link can no longer be paid. 404, 409 when already paid. */
function cancelLink(state: SimulatorState, linkId: string): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  if (link.status === "PAID") return apiError(409, "link is already paid and cannot be cancelled", "link_already_paid");
  link.status = "CANCELLED";
  return { status: 200, body: linkJson(link) };
}

/** `GET /links/{id}` (openapi.yaml LinkEntity): the link. 404 link_not_found. */
function getLink(state: SimulatorState, linkId: string): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  return { status: 200, body: linkJson(link) };
}

/**
 * `GET /links/{id}/orders` (openapi.yaml PaymentLinkOrderEntity[]): the orders Cashfree made for the
 * link's payments, oldest first — only the PAID ones unless the query's `status` is ALL (the
 * parameter's description: "default is PAID. Possible value: ALL, PAID"); another value is 400.
 * 404 link_not_found.
 */
function getLinkOrders(state: SimulatorState, linkId: string, query: URLSearchParams): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  const wanted = (query.get("status") ?? "PAID").toUpperCase();
  if (wanted !== "PAID" && wanted !== "ALL") return apiError(400, "status : should be ALL or PAID", "status_invalid");
  const orders = wanted === "ALL" ? link.orders : link.orders.filter((order) => order.status === "PAID");
  return { status: 200, body: orders.map((order) => linkOrderJson(link, order)) };
}
