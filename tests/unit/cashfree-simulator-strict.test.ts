import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCashfreeClient, type CashfreeClient } from "~/payments/cashfree.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";

/**
 * The strict simulator (issue 44 item 3; docs/decisions/0962) over HTTP, as the store's client and
 * a raw caller meet it: it refuses what Cashfree's OpenAPI document (PG API 2025-01-01) refuses,
 * with Cashfree's error bodies, and plays the states chosen by its controls. Expected values are
 * the document's figures and Cashfree's documented shapes, written out here.
 */

const credentials = { clientId: "strict_app", clientSecret: "strict_secret" };
const UUID_A = "0b6c3f2e-5d1a-4c8e-9f00-1a2b3c4d5e6f";
let fake: FakeCashfree;
let client: CashfreeClient;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
  client = createCashfreeClient({ baseUrl: fake.apiBase, ...credentials });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.simulator.resetControls();
});

/** A fresh order_id of 3..45 characters of [A-Za-z0-9_-]. */
const freshId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++sequence}`;

/** A raw call with Cashfree's headers (any of them overridden or removed with null). */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string | null> = {}) {
  const all: Record<string, string | null> = {
    "content-type": "application/json",
    "x-api-version": "2025-01-01",
    "x-client-id": credentials.clientId,
    "x-client-secret": credentials.clientSecret,
    ...headers,
  };
  const response = await fetch(`${fake.apiBase}${path}`, {
    method,
    headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null)),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** A create-order body the simulator takes; `change` edits it (a field set to undefined is removed). */
function orderBody(change: (body: Record<string, any>) => void = () => undefined) {
  const body: Record<string, any> = {
    order_id: freshId("strict"),
    order_amount: 100,
    order_currency: "INR",
    customer_details: { customer_id: "user_1", customer_phone: "9876543210", customer_email: "asha@example.in", customer_name: "Asha Rao" },
    order_meta: { return_url: "http://store.test/verify?orderId={order_id}" },
    order_note: "Order 1",
  };
  change(body);
  return body;
}

function linkBody(change: (body: Record<string, any>) => void = () => undefined) {
  const body: Record<string, any> = {
    link_id: freshId("link"),
    link_amount: 100,
    link_currency: "INR",
    link_purpose: "Order 1",
    customer_details: { customer_phone: "9876543210", customer_email: "asha@example.in", customer_name: "Asha Rao" },
    link_meta: { return_url: "http://store.test/verify" },
  };
  change(body);
  return body;
}

describe("the strict simulator refuses what Cashfree refuses", () => {
  it("answers 400 for an x-api-version that is missing or not 2025-01-01, with Cashfree's error body", async () => {
    const missing = await call("POST", "/orders", orderBody(), { "x-api-version": null });
    expect([missing.status, missing.json.code, missing.json.type]).toEqual([400, "request_failed", "invalid_request_error"]);
    for (const version of ["2023-08-01", "2022-09-01", "2025-01-02", "latest"]) {
      const other = await call("POST", "/orders", orderBody(), { "x-api-version": version });
      expect([other.status, other.json.code, other.json.type]).toEqual([400, "version_invalid", "invalid_request_error"]);
      expect(Object.keys(other.json).sort()).toEqual(["code", "message", "type"]);
    }
    expect((await call("GET", "/orders/none", undefined, { "x-api-version": "2023-08-01" })).status).toBe(400);
    const right = await call("POST", "/orders", orderBody());
    expect(right.status).toBe(200);
    expect(right.headers.get("x-api-version")).toBe("2025-01-01");
  });

  it("answers 422 idempotency_error for an x-idempotency-key that is not a UUID (openapi.yaml: format UUID)", async () => {
    for (const key of ["order-CI1", "rf_0123456789abcdef01234567", "terminate-X", "0b6c3f2e5d1a4c8e9f001a2b3c4d5e6f", `${UUID_A}x`, ""]) {
      const refused = await call("POST", "/orders", orderBody(), { "x-idempotency-key": key });
      expect([refused.status, refused.json.code, refused.json.type]).toEqual([422, "idempotency_error", "idempotency_error"]);
    }
    const links = await call("POST", "/links", linkBody(), { "x-idempotency-key": "link-CI1" });
    expect(links.status).toBe(422);
  });

  it("answers the stored answer for a UUID key sent again with the same body, and 422 with another body", async () => {
    const key = crypto.randomUUID();
    const body = orderBody();
    const first = await call("POST", "/orders", body, { "x-idempotency-key": key });
    const again = await call("POST", "/orders", body, { "x-idempotency-key": key.toUpperCase() });
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("x-idempotency-replayed")).toBe("true");
    const other = await call("POST", "/orders", { ...body, order_amount: 101 }, { "x-idempotency-key": key });
    expect([other.status, other.json.code, other.json.type]).toEqual([422, "idempotency_error", "idempotency_error"]);
  });

  // openapi.yaml CustomerDetails, CreateOrderRequest, CreateLinkRequest, OrderCreateRefundRequest.
  const emoji = "\u{1F600}";
  const orderCases: Array<[string, (body: Record<string, any>) => void, string | null]> = [
    ["a phone with +91", (b) => (b.customer_details.customer_phone = "+919876543210"), "customer_phone_invalid"],
    ["a 12-digit phone", (b) => (b.customer_details.customer_phone = "919876543210"), "customer_phone_invalid"],
    ["a 9-digit phone", (b) => (b.customer_details.customer_phone = "987654321"), "customer_phone_invalid"],
    ["a phone with a space", (b) => (b.customer_details.customer_phone = "98765 4321"), "customer_phone_invalid"],
    ["no phone", (b) => delete b.customer_details.customer_phone, "customer_phone_missing"],
    ["a 101-character name", (b) => (b.customer_details.customer_name = "a".repeat(101)), "customer_name_invalid"],
    ["a 2-character name", (b) => (b.customer_details.customer_name = "Al"), "customer_name_invalid"],
    ["a 100-character name", (b) => (b.customer_details.customer_name = "a".repeat(100)), null],
    ["a name of 100 emoji (200 UTF-16 units, 100 characters)", (b) => (b.customer_details.customer_name = emoji.repeat(100)), null],
    ["a name of 101 emoji", (b) => (b.customer_details.customer_name = emoji.repeat(101)), "customer_name_invalid"],
    ["a 101-character email", (b) => (b.customer_details.customer_email = `${"a".repeat(90)}@example.in`), "customer_email_invalid"],
    ["a 100-character email", (b) => (b.customer_details.customer_email = `${"a".repeat(89)}@example.in`), null],
    ["a 2-character email", (b) => (b.customer_details.customer_email = "a@"), "customer_email_invalid"],
    ["a 2-character customer_id", (b) => (b.customer_details.customer_id = "u1"), "customer_id_invalid"],
    ["a 51-character customer_id", (b) => (b.customer_details.customer_id = "u".repeat(51)), "customer_id_invalid"],
    ["a 201-character order_note", (b) => (b.order_note = "n".repeat(201)), "order_note_invalid"],
    ["a 200-character order_note", (b) => (b.order_note = "n".repeat(200)), null],
    ["a 2-character order_note", (b) => (b.order_note = "no"), "order_note_invalid"],
    ["a 46-character order_id", (b) => (b.order_id = "o".repeat(46)), "order_id_invalid"],
    ["a 45-character order_id", (b) => (b.order_id = `${freshId("o")}`.padEnd(45, "x")), null],
    ["an order_id with a dot", (b) => (b.order_id = "CI.1"), "order_id_invalid"],
    ["an order_amount under 1", (b) => (b.order_amount = 0.99), "order_amount_invalid"],
    ["another currency", (b) => (b.order_currency = "USD"), "order_currency_invalid"],
    ["no customer_details", (b) => delete b.customer_details, "customer_details_missing"],
    ["a 251-character return_url", (b) => (b.order_meta.return_url = `http://store.test/${"r".repeat(233)}`), "return_url_invalid"],
    ["a 16th order tag", (b) => (b.order_tags = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, "v"]))), "order_tags_invalid"],
  ];
  it.each(orderCases)("POST /orders with %s", async (_what, change, code) => {
    const answer = await call("POST", "/orders", orderBody(change));
    if (code === null) {
      expect(answer.status).toBe(200);
      return;
    }
    expect([answer.status, answer.json.code, answer.json.type]).toEqual([400, code, "invalid_request_error"]);
    expect(String(answer.json.message)).toMatch(/^[a-z_.]+ : /);
  });

  const linkCases: Array<[string, (body: Record<string, any>) => void, string | null]> = [
    ["a phone with +91", (b) => (b.customer_details.customer_phone = "+919876543210"), "customer_phone_invalid"],
    ["a 101-character name", (b) => (b.customer_details.customer_name = "a".repeat(101)), "customer_name_invalid"],
    ["a 501-character link_purpose", (b) => (b.link_purpose = "p".repeat(501)), "link_purpose_invalid"],
    ["a 500-character link_purpose", (b) => (b.link_purpose = "p".repeat(500)), null],
    ["a 51-character link_id", (b) => (b.link_id = "l".repeat(51)), "link_id_invalid"],
    ["a link_id with a slash", (b) => (b.link_id = "a/b"), "link_id_invalid"],
  ];
  it.each(linkCases)("POST /links with %s", async (_what, change, code) => {
    const answer = await call("POST", "/links", linkBody(change));
    if (code === null) expect(answer.status).toBe(200);
    else expect([answer.status, answer.json.code]).toEqual([400, code]);
  });

  it("POST /orders/{id}/refunds holds refund_id to 3..40 and refund_note to 3..100 characters", async () => {
    const order = await client.createOrder({ orderId: freshId("rf"), amountPaise: 10_000, customer: { id: "user_1", phone: "9876543210", email: "a@example.in", name: "Asha" }, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    await fake.simulator.settle({ orderId: order.orderId }, "SUCCESS", { notify: false });
    const refund = (body: Record<string, unknown>) => call("POST", `/orders/${order.orderId}/refunds`, { refund_amount: 1, refund_id: freshId("r"), ...body });
    expect((await refund({ refund_id: "r".repeat(41) })).json.code).toBe("refund_id_invalid");
    expect((await refund({ refund_id: "rf" })).json.code).toBe("refund_id_invalid");
    expect((await refund({ refund_note: "n".repeat(101) })).json.code).toBe("refund_note_invalid");
    expect((await refund({ refund_note: "no" })).json.code).toBe("refund_note_invalid");
    expect((await refund({ refund_speed: "FAST" })).json.code).toBe("refund_speed_invalid");
    expect((await refund({ refund_note: "n".repeat(100), refund_id: "r".repeat(40) })).status).toBe(200);
  });
});

describe("the strict simulator plays Cashfree's states", () => {
  const customer = { id: "user_1", phone: "9876543210", email: "asha@example.in", name: "Asha Rao" };

  async function paidOrder(amountPaise = 50_000) {
    const order = await client.createOrder({ orderId: freshId("st"), amountPaise, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    await fake.simulator.settle({ orderId: order.orderId }, "SUCCESS", { notify: false });
    return order.orderId;
  }

  /** The statuses a new refund is answered with when made and on each of `reads` reads. */
  async function refundStatuses(orderId: string, reads: number): Promise<string[]> {
    const refundId = freshId("r");
    const made = await client.createRefund({ orderId, refundId, amountPaise: 10_000, note: "damaged strap" });
    const seen = [made.status];
    for (let i = 0; i < reads; i++) seen.push((await client.getRefund(orderId, refundId)).status);
    return seen;
  }

  // RefundEntity.refund_status: SUCCESS, PENDING, CANCELLED, ONHOLD (enum) and FAILED (its description).
  it.each([
    ["no control: PENDING, then SUCCESS on the first read", null, ["PENDING", "SUCCESS", "SUCCESS"]],
    ["SUCCESS after 2 pending reads", { outcome: "SUCCESS", pendingReads: 2 }, ["PENDING", "PENDING", "PENDING", "SUCCESS", "SUCCESS"]],
    ["ONHOLD_THEN_SUCCESS", { outcome: "ONHOLD_THEN_SUCCESS" }, ["PENDING", "ONHOLD", "SUCCESS", "SUCCESS"]],
    ["ONHOLD_THEN_SUCCESS after 1 pending read", { outcome: "ONHOLD_THEN_SUCCESS", pendingReads: 1 }, ["PENDING", "PENDING", "ONHOLD", "SUCCESS"]],
    ["CANCELLED", { outcome: "CANCELLED" }, ["PENDING", "CANCELLED", "CANCELLED"]],
    ["FAILED after 1 pending read", { outcome: "FAILED", pendingReads: 1 }, ["PENDING", "PENDING", "FAILED", "FAILED"]],
  ] as const)("a refund with %s", async (_what, plan, expected) => {
    const orderId = await paidOrder();
    if (plan) fake.simulator.setRefundOutcome(plan.outcome, { pendingReads: "pendingReads" in plan ? plan.pendingReads : undefined });
    expect(await refundStatuses(orderId, expected.length - 1)).toEqual(expected);
  });

  it("uses a refund plan once, on the next refund of its own order only; a cancelled or failed refund gives its amount back", async () => {
    const mine = await paidOrder(10_000);
    const other = await paidOrder(10_000);
    fake.simulator.setRefundOutcome("CANCELLED", { for: mine });
    expect(await refundStatuses(other, 1)).toEqual(["PENDING", "SUCCESS"]);
    expect(await refundStatuses(mine, 1)).toEqual(["PENDING", "CANCELLED"]);
    fake.simulator.setRefundOutcome("FAILED");
    expect(await refundStatuses(mine, 1)).toEqual(["PENDING", "FAILED"]);
    // Both refunds of ₹100 ended without money moving: the whole ₹100 can still be refunded, once.
    expect(await refundStatuses(mine, 1)).toEqual(["PENDING", "SUCCESS"]);
    const more = await call("POST", `/orders/${mine}/refunds`, { refund_amount: 0.01, refund_id: freshId("r") });
    expect([more.status, more.json.code]).toEqual([400, "refund_amount_invalid"]);
    const listed = await client.listRefunds(mine);
    expect(listed.map((r) => r.status)).toEqual(["CANCELLED", "FAILED", "SUCCESS"]);
  });

  it("answers a terminate TERMINATION_REQUESTED in requested mode, then TERMINATED on the next read", async () => {
    const order = await client.createOrder({ orderId: freshId("tr"), amountPaise: 10_000, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    fake.simulator.setTerminateMode("requested", { for: order.orderId });
    expect((await client.terminateOrder(order.orderId)).status).toBe("TERMINATION_REQUESTED");
    // The hosted page no longer starts a payment on it.
    const page = await fetch(`${fake.url}/hosted/session/${order.paymentSessionId}`);
    expect(page.status).toBe(410);
    expect((await client.getOrder(order.orderId)).status).toBe("TERMINATED");
    expect((await client.getOrder(order.orderId)).status).toBe("TERMINATED");
    // Another order keeps the default: terminated at once.
    const other = await client.createOrder({ orderId: freshId("tr"), amountPaise: 10_000, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    expect((await client.terminateOrder(other.orderId)).status).toBe("TERMINATED");
  });

  it("lets a payment in flight succeed after TERMINATION_REQUESTED: the order is PAID, and a terminate now is refused", async () => {
    const order = await client.createOrder({ orderId: freshId("tp"), amountPaise: 10_000, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    fake.simulator.setTerminateMode("requested");
    expect((await client.terminateOrder(order.orderId)).status).toBe("TERMINATION_REQUESTED");
    await fake.simulator.settle({ orderId: order.orderId }, "SUCCESS", { notify: false });
    expect((await client.getOrder(order.orderId)).status).toBe("PAID");
    const again = await call("PATCH", `/orders/${order.orderId}`, { order_status: "TERMINATED" }, { "x-idempotency-key": crypto.randomUUID() });
    expect([again.status, again.json.code]).toEqual([409, "order_already_paid"]);
  });

  it("GET /links/{id}/orders lists only PAID orders unless status=ALL", async () => {
    const link = await client.createPaymentLink({ linkId: freshId("lo"), amountPaise: 20_000, purpose: "Order", customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    await fake.simulator.settle({ linkId: link.linkId }, "FAILED", { notify: false });
    await fake.simulator.settle({ linkId: link.linkId }, "SUCCESS", { notify: false });
    const statuses = async (query: string) => ((await call("GET", `/links/${link.linkId}/orders${query}`)).json as unknown as Array<{ order_status: string; link_id: string }>).map((o) => [o.order_status, o.link_id]);
    expect(await statuses("")).toEqual([["PAID", link.linkId]]);
    expect(await statuses("?status=PAID")).toEqual([["PAID", link.linkId]]);
    expect(await statuses("?status=ALL")).toEqual([["ACTIVE", link.linkId], ["PAID", link.linkId]]);
    expect((await call("GET", `/links/${link.linkId}/orders?status=FAILED`)).status).toBe(400);
    expect((await client.getPaymentLinkOrders(link.linkId)).map((o) => o.status)).toEqual(["PAID"]);
  });

  it("sends PAYMENT_LINK_EVENT in Cashfree's types: string amounts, a numeric cf_link_id and transaction_id", async () => {
    const link = await client.createPaymentLink({ linkId: freshId("le"), amountPaise: 20_012, purpose: "Order", customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    const { webhook } = await fake.simulator.settle({ linkId: link.linkId }, "SUCCESS", { notify: false });
    const event = JSON.parse(webhook!.body);
    expect(webhook!.body).toContain('"link_amount":"200.12"');
    expect(webhook!.body).toContain('"link_amount_paid":"200.12"');
    expect(event.type).toBe("PAYMENT_LINK_EVENT");
    expect(event.version).toBe(1);
    expect(typeof event.data.cf_link_id).toBe("number");
    expect(String(event.data.cf_link_id)).toBe(link.cfLinkId);
    expect(event.data.order.order_amount).toBe("200.12");
    expect(typeof event.data.order.transaction_id).toBe("number");
    expect(event.data.order.transaction_status).toBe("SUCCESS");
  });

  it("charges a surcharge on top of the order amount in GET payments and in the payment webhook", async () => {
    const order = await client.createOrder({ orderId: freshId("sc"), amountPaise: 100_000, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    fake.simulator.setSurcharge(2_360, { for: order.orderId });
    const { webhook } = await fake.simulator.settle({ orderId: order.orderId }, "SUCCESS", { notify: false });
    const event = JSON.parse(webhook!.body);
    expect(event.data.order.order_amount).toBe(1000);
    expect(event.data.payment.payment_amount).toBe(1023.6);
    // ₹23.60 = ₹20.00 service charge + 18% GST of ₹3.60.
    expect(event.data.payment.payment_surcharge).toEqual({ payment_surcharge_service_charge: 20, payment_surcharge_service_tax: 3.6 });
    const [payment] = await client.getOrderPayments(order.orderId);
    expect([payment.status, payment.amountPaise]).toEqual(["SUCCESS", 102_360]);
    expect((await client.getOrder(order.orderId)).amountPaise).toBe(100_000);
    fake.simulator.setSurcharge(0, { for: order.orderId });
    const plain = await client.createOrder({ orderId: freshId("sc"), amountPaise: 100_000, customer, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    await fake.simulator.settle({ orderId: plain.orderId }, "SUCCESS", { notify: false });
    expect((await client.getOrderPayments(plain.orderId)).map((p) => p.amountPaise)).toEqual([100_000]);
  });
});

describe("the simulator's controls over HTTP", () => {
  it("the fake server's /control sets, shows and resets controls, and settles; refuses what is not a control", async () => {
    const post = (body: unknown) => fetch(`${fake.url}/control`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ kind: "refund", outcome: "FAILED", pendingReads: 3, for: "X1" })).status).toBe(200);
    expect((await post({ kind: "terminate", mode: "requested" })).status).toBe(200);
    const shown = await (await post({ kind: "surcharge", paise: 500, for: "X2" })).json();
    expect(shown).toEqual({
      controls: { refundPlans: [{ for: "X1", outcome: "FAILED", pendingReads: 3 }], terminateModes: { "": "requested" }, surcharges: { X2: 500 } },
    });
    expect((await post({ kind: "refund", outcome: "LOST" })).status).toBe(400);
    expect((await post({ kind: "surcharge", paise: -1 })).status).toBe(400);
    expect((await post({ kind: "reset" })).status).toBe(200);
    expect(await (await fetch(`${fake.url}/control`)).json()).toEqual({ controls: { refundPlans: [], terminateModes: {}, surcharges: {} } });

    const order = await client.createOrder({ orderId: freshId("hc"), amountPaise: 10_000, customer: { id: "user_1", phone: "9876543210", email: "a@example.in", name: "Asha" }, returnUrl: "http://store.test/v", idempotencyKey: freshId("k") });
    const settled = await post({ kind: "settle", orderId: order.orderId, outcome: "SUCCESS", notify: false });
    expect(settled.status).toBe(200);
    expect((await client.getOrder(order.orderId)).status).toBe("PAID");
  });

  it("the hosted page's index is the owner's test controls: a form from its own origin sets them, another origin is refused", async () => {
    const page = await fetch(`${fake.url}/hosted/`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("TEST MODE");
    expect(html).toContain('value="ONHOLD_THEN_SUCCESS"');
    const form = (origin: string, fields: Record<string, string>) =>
      fetch(`${fake.url}/hosted/`, { method: "POST", redirect: "manual", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const set = await form(fake.url, { kind: "refund", outcome: "ONHOLD_THEN_SUCCESS", pendingReads: "1", for: "" });
    expect([set.status, set.headers.get("location")]).toEqual([303, "/hosted/?set=1"]);
    expect(fake.simulator.controls().refundPlans).toEqual([{ for: "", outcome: "ONHOLD_THEN_SUCCESS", pendingReads: 1 }]);
    expect((await form("https://evil.example", { kind: "reset" })).status).toBe(403);
    expect(fake.simulator.controls().refundPlans).toHaveLength(1);
    expect((await form(fake.url, { kind: "refund", outcome: "LOST" })).status).toBe(400);
    const shown = await (await fetch(`${fake.url}/hosted/?set=1`)).text();
    expect(shown).toContain("Saved.");
    expect(shown).toContain("ONHOLD_THEN_SUCCESS after 1 pending read(s)");
  });
});
