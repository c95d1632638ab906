import crypto from "node:crypto";
import { z } from "zod";
import { cashfreeError, jsonResponse, linkJson, orderJson, refundJson, rupees } from "./shapes.server";
import type { SimulatorState } from "./state.server";
import type { SimLink, SimOrder, SimRefund } from "./types";

/**
 * The simulator's REST API (Cashfree PG 2025-01-01, DESIGN.md §9): `handleApi` checks what every
 * call needs (version header, client id and secret, JSON body, idempotency key, injected faults),
 * then `route` hands the call to one handler per endpoint. Amounts arrive and leave in rupees and
 * are kept in paise; errors are Cashfree's `{message, code, type}`.
 */

/** A handler's answer before it becomes a Response: HTTP status and JSON body. */
type ApiAnswer = { status: number; body: unknown };

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
  order_expiry_time: z.iso.datetime({ offset: true, message: "order_expiry_time : invalid value" }).nullish(),
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
  link_expiry_time: z.iso.datetime({ offset: true, message: "link_expiry_time : invalid value" }).nullish(),
});

const refundBodySchema = z.object({
  refund_amount: z.number({ message: "refund_amount : is missing in the request" }).positive("refund_amount : must be greater than 0"),
  refund_id: z.string({ message: "refund_id : is missing in the request" }).regex(/^[A-Za-z0-9_-]{3,40}$/, "refund_id : invalid value"),
  refund_note: z.string().min(3, "refund_note : should be at least 3 characters").max(100, "refund_note : should be at most 100 characters").nullish(),
  refund_speed: z.enum(["STANDARD", "INSTANT"], { message: "refund_speed : invalid value" }).nullish(),
});

/** A Cashfree error answer (`type` invalid_request_error unless given). */
function apiError(status: number, message: string, code: string, type = "invalid_request_error"): ApiAnswer {
  return { status, body: { message, code, type } };
}

/** Waits `ms` milliseconds (an injected fault's delay). */
async function delay(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Answers one call of the REST API; `path` is relative to the API base ("/orders", "/links/abc").
 * In order: records the request (the last 500), applies the first matching injected fault (delay,
 * then its status), checks `x-api-version` (400), `x-client-id`/`x-client-secret` (401) and the
 * JSON body (400); a POST or PATCH with `x-idempotency-key` seen before answers the stored answer,
 * or 422 when the key came with a different request. Answers below 500 are stored under the key.
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

  const fault = state.faults.find(
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
  if (request.headers.get("x-client-id") !== state.options.clientId || request.headers.get("x-client-secret") !== state.options.clientSecret) {
    return cashfreeError(401, "authentication Failed", "request_failed", "authentication_error");
  }
  if (body === Symbol.for("invalid-json")) {
    return cashfreeError(400, "the request body is not valid JSON", "request_invalid", "invalid_request_error");
  }

  const key = method === "POST" || method === "PATCH" ? request.headers.get("x-idempotency-key") : null;
  const fingerprint = `${method} ${path} ${text}`;
  if (key) {
    const seen = state.idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return cashfreeError(422, "x-idempotency-key was used with a different request", "idempotency_error", "idempotency_error");
      }
      return jsonResponse(seen.body, seen.status);
    }
  }
  const answer = route(state, method, path, body);
  if (key && answer.status < 500) {
    state.idempotent.set(key, { fingerprint, status: answer.status, body: answer.body });
    state.trim(state.idempotent);
  }
  return jsonResponse(answer.body, answer.status);
}

/** Hands a checked call to its endpoint's handler; 404 "no such API" for anything else. */
function route(state: SimulatorState, method: string, path: string, body: unknown): ApiAnswer {
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  const answer = segments[0] === "orders" ? routeOrders(state, method, segments, body) : segments[0] === "links" ? routeLinks(state, method, segments, body) : null;
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
function routeLinks(state: SimulatorState, method: string, segments: string[], body: unknown): ApiAnswer | null {
  if (method === "POST" && segments.length === 1) return createLink(state, body);
  if (method === "POST" && segments.length === 3 && segments[2] === "cancel") return cancelLink(state, segments[1]);
  if (method === "GET" && segments.length === 2) return getLink(state, segments[1]);
  if (method === "GET" && segments.length === 3 && segments[2] === "orders") return getLinkOrders(state, segments[1]);
  return null;
}

/**
 * `POST /orders`: a new ACTIVE order with a payment session (order_id generated when absent).
 * 400 for a body Cashfree would refuse (first issue's message), 409 order_already_exists.
 */
function createOrder(state: SimulatorState, body: unknown): ApiAnswer {
  const parsed = orderBodySchema.safeParse(body);
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
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

/** `PATCH /orders/{id}` with `order_status: "TERMINATED"`: closes an unpaid order. 404, 400 (other status), 409 when already paid. */
function terminateOrder(state: SimulatorState, orderId: string, body: unknown): ApiAnswer {
  const order = state.orders.get(orderId);
  if (!order) return apiError(404, "order not found", "order_not_found");
  const wanted = (body as { order_status?: unknown } | undefined)?.order_status;
  if (wanted !== "TERMINATED") return apiError(400, "order_status : should be TERMINATED", "request_invalid");
  if (order.status === "PAID") return apiError(409, "order is already paid and cannot be terminated", "order_already_paid");
  order.status = "TERMINATED";
  return { status: 200, body: orderJson(order) };
}

/**
 * `POST /orders/{id}/refunds`: a PENDING refund of a PAID order. 400 for a bad body, an unpaid
 * order or more than is left to refund; 409 refund_already_exists for a refund_id seen before.
 */
function createRefund(state: SimulatorState, order: SimOrder, body: unknown): ApiAnswer {
  const parsed = refundBodySchema.safeParse(body);
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
  const input = parsed.data;
  if (order.status !== "PAID") return apiError(400, "refund can only be initiated on a paid order", "refund_invalid");
  if (order.refunds.some((r) => r.refundId === input.refund_id)) {
    return apiError(409, "refund with the same refund_id already exists", "refund_already_exists");
  }
  const amountPaise = Math.round(input.refund_amount * 100);
  const refunded = order.refunds.reduce((sum, r) => sum + r.amountPaise, 0);
  if (refunded + amountPaise > order.amountPaise) {
    return apiError(400, "refund_amount : exceeds the refundable amount of the order", "refund_amount_invalid");
  }
  const refund: SimRefund = {
    cfRefundId: state.nextId(),
    refundId: input.refund_id,
    amountPaise,
    note: input.refund_note ?? null,
    speed: input.refund_speed ?? "STANDARD",
    status: "PENDING",
    createdAt: state.now(),
    processedAt: null,
  };
  order.refunds.push(refund);
  return { status: 200, body: refundJson(order, refund) };
}

/**
 * `GET /orders/{id}/refunds` (all) and `GET /orders/{id}/refunds/{refund_id}` (one; 404
 * refund_not_found). Reading a refund settles it, as the bank would have by the time someone looks again.
 */
function getRefunds(state: SimulatorState, order: SimOrder, segments: string[]): ApiAnswer {
  const settle = (refund: SimRefund) => {
    if (refund.status === "PENDING") Object.assign(refund, { status: "SUCCESS", processedAt: state.now() });
    return refundJson(order, refund);
  };
  if (segments.length === 3) return { status: 200, body: order.refunds.map(settle) };
  const refund = segments.length === 4 ? order.refunds.find((r) => r.refundId === segments[3]) : undefined;
  if (!refund) return apiError(404, "refund not found", "refund_not_found");
  return { status: 200, body: settle(refund) };
}

/** `GET /orders/{id}`: the order. */
function getOrder(order: SimOrder): ApiAnswer {
  return { status: 200, body: orderJson(order) };
}

/** `GET /orders/{id}/payments`: its payment attempts, oldest first. */
function getOrderPayments(order: SimOrder): ApiAnswer {
  return { status: 200, body: order.payments.map((p) => ({ ...p, cf_payment_id: String(p.cf_payment_id), order_id: order.orderId, entity: "payment", order_amount: rupees(order.amountPaise), is_captured: p.payment_status === "SUCCESS" })) };
}

/**
 * `POST /links`: a new ACTIVE payment link whose URL is the hosted page /link/{slug}. 400 for a
 * bad body, 409 link_already_exists.
 */
function createLink(state: SimulatorState, body: unknown): ApiAnswer {
  const parsed = linkBodySchema.safeParse(body);
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "invalid request", "request_invalid");
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

/** `POST /links/{id}/cancel`: the link can no longer be paid. 404, 409 when already paid. */
function cancelLink(state: SimulatorState, linkId: string): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  if (link.status === "PAID") return apiError(409, "link is already paid and cannot be cancelled", "link_already_paid");
  link.status = "CANCELLED";
  return { status: 200, body: linkJson(link) };
}

/** `GET /links/{id}`: the link. 404 link_not_found. */
function getLink(state: SimulatorState, linkId: string): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  return { status: 200, body: linkJson(link) };
}

/** `GET /links/{id}/orders`: the orders Cashfree made for the link's payments, oldest first. 404 link_not_found. */
function getLinkOrders(state: SimulatorState, linkId: string): ApiAnswer {
  const link = state.links.get(linkId);
  if (!link) return apiError(404, "link not found", "link_not_found");
  return { status: 200, body: link.orders.map(orderJson) };
}
