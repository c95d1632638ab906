import { afterEach, describe, expect, it } from "vitest";
import { parseWebhookEvent, signWebhook, verifyWebhookSignature } from "~/payments/webhook.server";
import { listUserOrders } from "~/services/orders.server";
import { processCashfreeWebhook } from "~/services/payments-http.server";
import { startCashfreePayment } from "~/services/payments.server";
import { cartOf, createShopper, fillCart, orderBody, seedWatches, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

const secret = "whsec-test";
// The raw body exactly as Cashfree sends it (decimals kept: "10.00").
const body = '{"data":{"order":{"order_id":"X"},"payment":{"cf_payment_id":1,"payment_status":"SUCCESS","payment_amount":10.00}},"type":"PAYMENT_SUCCESS_WEBHOOK"}';

describe("webhook signature (base64 HMAC-SHA256 of timestamp + raw body)", () => {
  const now = 1_746_427_759_733;
  const timestamp = String(now);

  it("accepts Cashfree's signature on the exact raw body", () => {
    const signature = signWebhook(secret, timestamp, body);
    expect(verifyWebhookSignature({ rawBody: body, signature, timestamp, secret, now })).toEqual({ ok: true });
  });

  it("refuses a forged signature, another secret, and a body changed by one byte", () => {
    const signature = signWebhook(secret, timestamp, body);
    expect(verifyWebhookSignature({ rawBody: body, signature: "Zm9yZ2Vk", timestamp, secret, now })).toMatchObject({ ok: false, reason: "signature" });
    expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook("other", timestamp, body), timestamp, secret, now })).toMatchObject({ ok: false, reason: "signature" });
    const tampered = body.replace("10.00", "1.00");
    expect(tampered).not.toBe(body);
    expect(verifyWebhookSignature({ rawBody: tampered, signature, timestamp, secret, now })).toMatchObject({ ok: false, reason: "signature" });
  });

  // Issue 44 item 2: Cashfree's retries (about 2, 10, 30 minutes and later) keep their first timestamp.
  it("refuses a timestamp older than 24 hours or more than 5 minutes ahead, even with a valid signature", () => {
    const old = String(now - 24 * 60 * 60 * 1000 - 1);
    expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook(secret, old, body), timestamp: old, secret, now })).toMatchObject({ ok: false, reason: "stale" });
    const future = String(now + 5 * 60 * 1000 + 1);
    expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook(secret, future, body), timestamp: future, secret, now })).toMatchObject({ ok: false, reason: "stale" });
    for (const ago of [4 * 60 * 1000, 30 * 60 * 1000, 24 * 60 * 60 * 1000]) {
      const retried = String(now - ago);
      expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook(secret, retried, body), timestamp: retried, secret, now }).ok).toBe(true);
    }
    const ahead = String(now + 5 * 60 * 1000);
    expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook(secret, ahead, body), timestamp: ahead, secret, now }).ok).toBe(true);
  });

  it("refuses missing headers and a non-numeric timestamp; accepts seconds too", () => {
    expect(verifyWebhookSignature({ rawBody: body, signature: null, timestamp, secret, now })).toMatchObject({ reason: "missing" });
    expect(verifyWebhookSignature({ rawBody: body, signature: "x", timestamp: null, secret, now })).toMatchObject({ reason: "missing" });
    expect(verifyWebhookSignature({ rawBody: body, signature: "x", timestamp: "yesterday", secret, now })).toMatchObject({ reason: "stale" });
    const seconds = String(Math.floor(now / 1000));
    expect(verifyWebhookSignature({ rawBody: body, signature: signWebhook(secret, seconds, body), timestamp: seconds, secret, now }).ok).toBe(true);
  });

  it("parses payment and payment-link events in paise and keeps unknown types apart", () => {
    expect(parseWebhookEvent(body)).toMatchObject({ kind: "payment", orderId: "X", cfPaymentId: "1", status: "SUCCESS", amountPaise: 1000, eventId: "payment:1:SUCCESS" });
    const link = JSON.stringify({ type: "PAYMENT_LINK_EVENT", data: { link_id: "L1", link_status: "PAID", link_amount_paid: "22.00", link_currency: "INR" } });
    expect(parseWebhookEvent(link)).toMatchObject({ kind: "link", linkId: "L1", status: "PAID", amountPaidPaise: 2200, eventId: "link:L1:PAID" });
    expect(parseWebhookEvent(JSON.stringify({ type: "REFUND_STATUS_WEBHOOK", data: {} }))).toEqual({ kind: "other", type: "REFUND_STATUS_WEBHOOK" });
    expect(parseWebhookEvent("not json")).toBeNull();
    expect(parseWebhookEvent(JSON.stringify({ type: "PAYMENT_SUCCESS_WEBHOOK", data: {} }))).toBeNull();
  });
});

describe.each(testDatabases())("webhook receiver on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function paidWebhookForNewOrder() {
    current = await create();
    const db = current.db;
    await seedWatches(db);
    const userId = await createShopper(db);
    await fillCart(db, userId, [["w-plain", "default", 2]]);
    const gateway = simulatorGateway();
    const started = await startCashfreePayment(db, gateway, { id: userId }, orderBody([{ _id: "w-plain", size: "default", quantity: 2 }]), {
      mode: "checkout",
      storeUrl: STORE_URL,
      idempotencyKey: "webhook-test-key",
    });
    // The shopper pays and closes the tab: only Cashfree's webhook reaches the store.
    const { webhook } = await gateway.simulator!.settle({ orderId: started.order.id }, "SUCCESS", { notify: false });
    const headers = webhook!.headers;
    return {
      db,
      userId,
      gateway,
      orderId: started.order.id,
      delivery: {
        rawBody: webhook!.body,
        signature: headers["x-webhook-signature"],
        timestamp: headers["x-webhook-timestamp"],
        secret: gateway.webhookSecret,
      },
    };
  }

  it("a webhook alone (tab closed) makes the order PAID, lists it and empties the ordered cart lines", async () => {
    const { db, userId, orderId, delivery } = await paidWebhookForNewOrder();
    expect(await listUserOrders(db, userId)).toEqual([]);
    expect(await processCashfreeWebhook(db, delivery)).toEqual({ status: 200, body: { success: true, outcome: "paid" } });
    const orders = await listUserOrders(db, userId);
    expect(orders.map((o) => [o.id, o.paymentStatus])).toEqual([[orderId, "PAID"]]);
    expect(await cartOf(db, userId)).toEqual([]);
  });

  it("a replayed webhook is acknowledged and changes nothing: the order is paid once", async () => {
    const { db, userId, orderId, delivery } = await paidWebhookForNewOrder();
    await processCashfreeWebhook(db, delivery);
    await fillCart(db, userId, [["w-gold", "Gold", 1]]);
    const before = await db.selectFrom("orders").select(["payment_status", "updated_at"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    const replay = await processCashfreeWebhook(db, delivery);
    expect(replay).toEqual({ status: 200, body: { success: true, outcome: "duplicate" } });
    const after = await db.selectFrom("orders").select(["payment_status", "updated_at"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const events = await db.selectFrom("payment_events").select("event_id").where("order_id", "=", orderId).execute();
    expect(events).toHaveLength(1);
    // The cart the shopper filled since is left alone.
    expect(await cartOf(db, userId)).toEqual([{ product_id: "w-gold", size_key: "Gold", quantity: 1 }]);
  });

  it("a forged signature is refused with 401 and the order stays unpaid", async () => {
    const { db, userId, delivery } = await paidWebhookForNewOrder();
    const forged = await processCashfreeWebhook(db, { ...delivery, signature: signWebhook("guessed-secret", delivery.timestamp, delivery.rawBody) });
    expect(forged.status).toBe(401);
    const missing = await processCashfreeWebhook(db, { ...delivery, signature: null });
    expect(missing.status).toBe(401);
    expect(await listUserOrders(db, userId)).toEqual([]);
    expect(await cartOf(db, userId)).toHaveLength(1);
  });

  it("a stale timestamp (over 24 hours) is refused with 401 even when correctly signed", async () => {
    const { db, userId, delivery } = await paidWebhookForNewOrder();
    const answer = await processCashfreeWebhook(db, { ...delivery, now: Number(delivery.timestamp) + 24 * 60 * 60 * 1000 + 1 });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toContain("too old");
    expect(await listUserOrders(db, userId)).toEqual([]);
  });

  it("a correctly signed webhook for a different amount does not mark the order paid", async () => {
    const { db, userId, orderId, delivery } = await paidWebhookForNewOrder();
    const cheaper = delivery.rawBody.replace(/"payment_amount":[0-9.]+/, '"payment_amount":1');
    const answer = await processCashfreeWebhook(db, { ...delivery, rawBody: cheaper, signature: signWebhook(delivery.secret, delivery.timestamp, cheaper) });
    expect(answer).toEqual({ status: 200, body: { success: true, outcome: "amount-mismatch" } });
    const row = await db.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe("PENDING");
    expect(await cartOf(db, userId)).toHaveLength(1);
  });

  it("authentic but unreadable bodies get 400, oversized bodies 413, other event types 200", async () => {
    const { db, delivery } = await paidWebhookForNewOrder();
    const sign = (raw: string) => ({ ...delivery, rawBody: raw, signature: signWebhook(delivery.secret, delivery.timestamp, raw) });
    expect((await processCashfreeWebhook(db, sign("{oops"))).status).toBe(400);
    expect((await processCashfreeWebhook(db, sign(JSON.stringify({ type: "SETTLEMENT_WEBHOOK", data: {} })))).body).toEqual({ success: true, outcome: "ignored" });
    expect((await processCashfreeWebhook(db, sign("x".repeat(257 * 1024)))).status).toBe(413);
  });
});
