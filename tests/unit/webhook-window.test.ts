import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { processCashfreeWebhook } from "~/services/payments-http.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { cartOf, createShopper, fillCart, orderBody, seedWatches, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Issue 44 item 2 (docs/decisions/0961): Cashfree retries a webhook whose delivery failed at about
 * 2, 10 and 30 minutes and later, with the signature and `x-webhook-timestamp` of the first attempt.
 * The store accepts a signed webhook up to 24 hours old; de-duplication by event id makes the
 * retries harmless.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabases())("a webhook retried by Cashfree on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function paidOrderWebhook() {
    current = await create();
    const db = current.db;
    await seedWatches(db);
    const userId = await createShopper(db);
    await fillCart(db, userId, [["w-plain", "default", 1]]);
    const gateway = simulatorGateway();
    const started = await startCashfreePayment(db, gateway, { id: userId }, orderBody([{ _id: "w-plain", size: "default", quantity: 1 }], 1000), {
      mode: "checkout",
      storeUrl: STORE_URL,
      idempotencyKey: "window-test-key",
    });
    // The shopper pays and closes the tab: only Cashfree's webhook will tell the store.
    const { webhook } = await gateway.simulator!.settle({ orderId: started.order.id }, "SUCCESS", { notify: false });
    const delivery = {
      rawBody: webhook!.body,
      signature: webhook!.headers["x-webhook-signature"],
      timestamp: webhook!.headers["x-webhook-timestamp"],
      secret: gateway.webhookSecret,
    };
    return { db, userId, gateway, orderId: started.order.id, delivery, sentAt: Number(delivery.timestamp) };
  }

  async function counts(db: DB, orderId: string) {
    const order = await db.selectFrom("orders").select("payment_status").where("id", "=", orderId).executeTakeFirstOrThrow();
    const events = await db.selectFrom("payment_events").select("kind").where("order_id", "=", orderId).execute();
    const mails = await db.selectFrom("outbox").select("kind").where("order_id", "=", orderId).where("kind", "=", "payment_received").execute();
    return { status: order.payment_status, paymentEvents: events.length, paymentEmails: mails.length };
  }

  it("a first delivery that failed (500) and the same signed webhook at +30 min pay the order once: one email, one payment event", async () => {
    const { db, userId, gateway, orderId, delivery, sentAt } = await paidOrderWebhook();
    // The first delivery reaches a store whose database is down: the route answers 500, Cashfree retries later.
    const downDb = {
      transaction: () => {
        throw new Error("connection terminated unexpectedly");
      },
    } as unknown as DB;
    await expect(processCashfreeWebhook(downDb, { ...delivery, now: sentAt + 1 })).rejects.toThrow("connection terminated");
    expect(await counts(db, orderId)).toEqual({ status: "PENDING", paymentEvents: 0, paymentEmails: 0 });

    // Cashfree's retry at about 30 minutes carries the first attempt's timestamp and signature.
    expect(await processCashfreeWebhook(db, { ...delivery, now: sentAt + 30 * MINUTE })).toEqual({ status: 200, body: { success: true, outcome: "paid" } });
    expect(await counts(db, orderId)).toEqual({ status: "PAID", paymentEvents: 1, paymentEmails: 1 });
    expect(await cartOf(db, userId)).toEqual([]);

    // Our 200 was lost too: a later retry (still inside 24 h) and the shopper's verify change nothing.
    expect(await processCashfreeWebhook(db, { ...delivery, now: sentAt + 5 * HOUR })).toEqual({ status: 200, body: { success: true, outcome: "duplicate" } });
    expect(await verifyCashfreePayment(db, gateway, userId, { orderId })).toEqual({ paymentStatus: "PAID" });
    expect(await counts(db, orderId)).toEqual({ status: "PAID", paymentEvents: 1, paymentEmails: 1 });
  });

  it("the same signed webhook more than 24 hours after its timestamp is refused with 401 and changes nothing", async () => {
    const { db, orderId, delivery, sentAt } = await paidOrderWebhook();
    const answer = await processCashfreeWebhook(db, { ...delivery, now: sentAt + 24 * HOUR + 1 });
    expect(answer).toEqual({ status: 401, body: { success: false, message: "The webhook timestamp is too old or invalid." } });
    expect(await counts(db, orderId)).toEqual({ status: "PENDING", paymentEvents: 0, paymentEmails: 0 });
    // At exactly 24 hours it is still Cashfree's retry.
    expect((await processCashfreeWebhook(db, { ...delivery, now: sentAt + 24 * HOUR })).body.outcome).toBe("paid");
  });

  it("a signed webhook stamped more than 5 minutes ahead of our clock is refused; a retry with a changed body is refused", async () => {
    const { db, orderId, delivery, sentAt } = await paidOrderWebhook();
    expect((await processCashfreeWebhook(db, { ...delivery, now: sentAt - 5 * MINUTE - 1 })).status).toBe(401);
    // The window is wider, the signature still must hold.
    const altered = delivery.rawBody.replace('"payment_status":"SUCCESS"', '"payment_status":"SUCCESS" ');
    expect(altered).not.toBe(delivery.rawBody);
    expect((await processCashfreeWebhook(db, { ...delivery, rawBody: altered, now: sentAt + 30 * MINUTE })).status).toBe(401);
    expect(await counts(db, orderId)).toEqual({ status: "PENDING", paymentEvents: 0, paymentEmails: 0 });
  });
});
