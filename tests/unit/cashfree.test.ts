import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CASHFREE_API_VERSION, CashfreeError, createCashfreeClient, type CashfreeClient } from "~/payments/cashfree.server";
import { cashfreeIdempotencyKey } from "~/payments/cashfree-request.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";

const credentials = { clientId: "test_app", clientSecret: "test_secret" };
const customer = { id: "user_1", phone: "9876543210", email: "asha@example.in", name: "Asha Rao" };

let fake: FakeCashfree;
let client: CashfreeClient;
let sequence = 0;
const orderId = () => `CI250101-T${Date.now().toString(36).toUpperCase()}${++sequence}`;

beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
  client = createCashfreeClient({ baseUrl: fake.apiBase, ...credentials, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => fake?.simulator.clearFaults());

async function failureOf(promise: Promise<unknown>): Promise<CashfreeError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CashfreeError);
  return error as CashfreeError;
}

function create(id: string, amountPaise = 350050) {
  return client.createOrder({
    orderId: id,
    amountPaise,
    customer,
    returnUrl: "http://store.test/verify?orderId={order_id}",
    notifyUrl: "http://store.test/api/webhooks/cashfree",
    idempotencyKey: `order-${id}`,
  });
}

describe("Cashfree client against the fake server (API 2025-01-01)", () => {
  it("creates an order with the required headers and reads it back in paise", async () => {
    const id = orderId();
    const order = await create(id);
    expect(order).toMatchObject({ orderId: id, amountPaise: 350050, currency: "INR", status: "ACTIVE" });
    expect(order.paymentSessionId).toMatch(/^session_/);

    const sent = fake.simulator.requests.find((r) => r.method === "POST" && r.path === "/orders" && (r.body as { order_id?: string }).order_id === id)!;
    expect(sent.headers["x-api-version"]).toBe(CASHFREE_API_VERSION);
    expect(sent.headers["x-client-id"]).toBe(credentials.clientId);
    expect(sent.headers["x-idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.headers["x-idempotency-key"]).toBe(cashfreeIdempotencyKey(`order-${id}`));
    expect(sent.body).toMatchObject({ order_amount: 3500.5, order_currency: "INR", customer_details: { customer_phone: "9876543210" } });

    expect(await client.getOrder(id)).toEqual(order);
  });

  it("a retried create with the same idempotency key answers the same session, never a second order", async () => {
    const id = orderId();
    const first = await create(id);
    const retry = await create(id);
    expect(retry.paymentSessionId).toBe(first.paymentSessionId);
  });

  it("reports SUCCESS, FAILED, USER_DROPPED and PENDING attempts as Cashfree lists them", async () => {
    const id = orderId();
    await create(id);
    expect(await client.getOrderPayments(id)).toEqual([]);
    for (const outcome of ["FAILED", "USER_DROPPED", "PENDING", "SUCCESS"] as const) {
      await fake.simulator.settle({ orderId: id }, outcome, { notify: false });
    }
    const payments = await client.getOrderPayments(id);
    expect(payments.map((p) => p.status)).toEqual(["FAILED", "USER_DROPPED", "PENDING", "SUCCESS"]);
    expect(payments[3]).toMatchObject({ amountPaise: 350050, currency: "INR" });
    expect((await client.getOrder(id)).status).toBe("PAID");
  });

  it("creates and reads a payment link whose hosted page pays and returns to the store", async () => {
    const id = orderId();
    const link = await client.createPaymentLink({
      linkId: id,
      amountPaise: 100000,
      purpose: `Order ${id}`,
      customer: { phone: customer.phone, email: customer.email, name: customer.name },
      returnUrl: `http://store.test/verify?orderId=${id}`,
      idempotencyKey: `link-${id}`,
    });
    expect(link).toMatchObject({ linkId: id, status: "ACTIVE", amountPaise: 100000, amountPaidPaise: 0 });
    expect(link.url.startsWith(`${fake.url}/hosted/link/`)).toBe(true);

    const page = await fetch(link.url);
    expect(await page.text()).toContain(">Pay</button>");
    // The hosted page's own form (same origin) pays; a post from elsewhere or without Origin does not.
    const fromShop = await fetch(link.url, { method: "POST", headers: { origin: "http://evil.example" }, body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    expect(fromShop.status).toBe(403);
    expect(fromShop.headers.get("access-control-allow-origin")).toBeNull();
    const anonymous = await fetch(link.url, { method: "POST", body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    expect(anonymous.status).toBe(403);
    expect(await client.getPaymentLink(id)).toMatchObject({ status: "ACTIVE", amountPaidPaise: 0 });
    const paid = await fetch(link.url, { method: "POST", headers: { origin: fake.url }, body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://store.test/verify?orderId=${id}`);
    expect(await client.getPaymentLink(id)).toMatchObject({ status: "PAID", amountPaidPaise: 100000 });
  });

  it("terminates an order (PATCH /orders/{id}) and cancels a link (POST /links/{id}/cancel): neither can be paid after", async () => {
    const id = orderId();
    const order = await create(id);
    const terminated = await client.terminateOrder(id);
    expect(terminated).toMatchObject({ orderId: id, status: "TERMINATED" });
    const sent = fake.simulator.requests.find((r) => r.method === "PATCH" && r.path === `/orders/${id}`)!;
    expect(sent.body).toEqual({ order_status: "TERMINATED" });
    expect(sent.headers["x-api-version"]).toBe(CASHFREE_API_VERSION);
    const session = await fetch(`${fake.url}/hosted/session/${order.paymentSessionId}`, {
      method: "POST",
      headers: { origin: fake.url },
      body: new URLSearchParams({ outcome: "pay" }),
      redirect: "manual",
    });
    expect(session.status).toBe(410);
    expect(await client.getOrderPayments(id)).toEqual([]);

    const linkId = orderId();
    const link = await client.createPaymentLink({ linkId, amountPaise: 100000, purpose: "Order", customer, returnUrl: "http://store.test/v", idempotencyKey: `link-${linkId}` });
    expect(await client.cancelPaymentLink(linkId)).toMatchObject({ linkId, status: "CANCELLED" });
    expect(fake.simulator.requests.some((r) => r.method === "POST" && r.path === `/links/${linkId}/cancel`)).toBe(true);
    const closed = await fetch(link.url, { method: "POST", headers: { origin: fake.url }, body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    expect(closed.status).toBe(410);
    expect(await client.getPaymentLink(linkId)).toMatchObject({ status: "CANCELLED", amountPaidPaise: 0 });
  });

  it("refuses to terminate a paid order or cancel a paid link (conflict)", async () => {
    const id = orderId();
    await create(id);
    await fake.simulator.settle({ orderId: id }, "SUCCESS", { notify: false });
    expect(await failureOf(client.terminateOrder(id))).toMatchObject({ kind: "conflict", status: 409 });
    const linkId = orderId();
    await client.createPaymentLink({ linkId, amountPaise: 100000, purpose: "Order", customer, returnUrl: "http://store.test/v", idempotencyKey: `link-${linkId}` });
    await fake.simulator.settle({ linkId }, "SUCCESS", { notify: false });
    expect(await failureOf(client.cancelPaymentLink(linkId))).toMatchObject({ kind: "conflict", status: 409 });
    expect(await failureOf(client.terminateOrder("CI000000-NOPE"))).toMatchObject({ kind: "not_found" });
  });

  it("maps a 400 to `rejected` with Cashfree's message", async () => {
    const error = await failureOf(create(orderId(), 50));
    expect(error).toMatchObject({ kind: "rejected", status: 400, type: "invalid_request_error" });
    expect(error.message).toContain("order_amount");
  });

  it("maps wrong credentials (401) to `auth`", async () => {
    const wrong = createCashfreeClient({ baseUrl: fake.apiBase, clientId: credentials.clientId, clientSecret: "nope" });
    const error = await failureOf(wrong.getOrder("anything"));
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect(error.message).toContain("CASHFREE_SECRET_KEY");
  });

  it("maps an unknown order (404) to `not_found` and a duplicate order id (409) to `conflict`", async () => {
    expect(await failureOf(client.getOrder("CI000000-NOPE"))).toMatchObject({ kind: "not_found", status: 404 });
    const id = orderId();
    await create(id);
    const duplicate = client.createOrder({ orderId: id, amountPaise: 100, customer, returnUrl: "http://store.test/v", idempotencyKey: "another-key" });
    expect(await failureOf(duplicate)).toMatchObject({ kind: "conflict", status: 409 });
  });

  it("maps a 5xx to `server` and a 429 to `rate_limited`", async () => {
    fake.simulator.injectFault({ pathPrefix: "/orders", status: 503, body: { message: "down for maintenance", code: "x", type: "api_error" } });
    const error = await failureOf(client.getOrder("CI000000-ANY"));
    expect(error).toMatchObject({ kind: "server", status: 503 });
    expect(error.message).toContain("down for maintenance");
    fake.simulator.injectFault({ status: 429 });
    expect(await failureOf(client.getOrder("CI000000-ANY"))).toMatchObject({ kind: "rate_limited" });
  });

  it("gives up after its timeout with kind `timeout`", async () => {
    const impatient = createCashfreeClient({ baseUrl: fake.apiBase, ...credentials, timeoutMs: 150 });
    fake.simulator.injectFault({ pathPrefix: "/orders", delayMs: 600 });
    const started = Date.now();
    const error = await failureOf(impatient.getOrder("CI000000-SLOW"));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(550);
  });

  it("refuses an answer in an unexpected shape and an unreachable host", async () => {
    fake.simulator.injectFault({ pathPrefix: "/orders", status: 200, body: { hello: "world" } });
    expect(await failureOf(client.getOrder("CI000000-ODD"))).toMatchObject({ kind: "bad_response" });
    const nowhere = createCashfreeClient({ baseUrl: "http://127.0.0.1:9/pg", ...credentials, timeoutMs: 1000 });
    expect((await failureOf(nowhere.getOrder("x"))).kind).toMatch(/network|timeout/);
  });
});
