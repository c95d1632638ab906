import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import type { CashfreeClient } from "~/payments/cashfree.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { signWebhook } from "~/payments/webhook.server";
import { processCashfreeWebhook } from "~/services/payments-http.server";
import { checkPaidAmount, startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { createShopper, fillCart, orderBody, seedWatches, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Issue 44 item 2 (docs/decisions/0961): Cashfree's `payment_amount` may exceed `order_amount` when
 * the merchant passes a surcharge (convenience fee) on to the customer. The order's amount is what
 * must equal our total; a surplus is recorded as an order event `payment_surcharge`; less is never paid.
 */

// 2 × the ₹1,000 "w-plain" watch of tests/fakes/shop.ts, posted with the client's amount of ₹2,000.
const ITEMS = [{ _id: "w-plain", size: "default", quantity: 2 }];
const SURCHARGE_PAISE = 2_360; // ₹23.60, e.g. 1.18 % of ₹2,000 incl. GST

describe("checkPaidAmount (a fixed table)", () => {
  const total = 200_000;
  it.each([
    // [order amount, payment amount, currency, ok, surcharge]
    [200_000, 200_000, "INR", true, 0],
    [200_000, 202_360, "INR", true, 2_360],
    [200_000, 199_999, "INR", false, 0],
    [199_999, 202_360, "INR", false, 0],
    [200_001, 200_001, "INR", false, 0],
    [200_000, null, "INR", false, 0],
    [200_000, 200_000, "USD", false, 0],
    [null, 200_000, null, true, 0], // no order amount given: the payment amount stands for it
    [null, 202_360, "INR", false, 0],
  ] as const)("order %s, paid %s %s → ok %s, surcharge %s", (orderAmountPaise, amountPaise, currency, ok, surchargePaise) => {
    expect(checkPaidAmount({ orderAmountPaise, amountPaise, currency }, total)).toMatchObject({ ok, surchargePaise });
  });
});

describe.each(testDatabases())("a payment with a surcharge on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function setUp(mode: "checkout" | "link" = "checkout") {
    current = await create();
    const db = current.db;
    await seedWatches(db);
    const userId = await createShopper(db);
    await fillCart(db, userId, [["w-plain", "default", 2]]);
    const gateway = simulatorGateway();
    const started = await startCashfreePayment(db, gateway, { id: userId }, orderBody(ITEMS, 2000), {
      mode,
      storeUrl: STORE_URL,
      idempotencyKey: `surcharge-${mode}`,
    });
    const row = await db.selectFrom("orders").select(["amount_paise"]).where("id", "=", started.order.id).executeTakeFirstOrThrow();
    return { db, userId, gateway, orderId: started.order.id, totalPaise: Number(row.amount_paise) };
  }

  /** The simulator's signed webhook, its JSON edited by `edit` and signed again as Cashfree would sign it. */
  async function editedWebhook(gateway: PaymentGateway, target: { orderId: string } | { linkId: string }, edit: (json: Record<string, any>) => void) {
    const { webhook } = await gateway.simulator!.settle(target, "SUCCESS", { notify: false });
    const json = JSON.parse(webhook!.body);
    edit(json);
    const rawBody = JSON.stringify(json);
    const timestamp = webhook!.headers["x-webhook-timestamp"];
    return { rawBody, timestamp, signature: signWebhook(gateway.webhookSecret, timestamp, rawBody), secret: gateway.webhookSecret, now: Number(timestamp) };
  }

  async function orderState(db: DB, orderId: string) {
    const row = await db.selectFrom("orders").select(["payment_status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    const events = await db.selectFrom("order_events").select(["kind", "details"]).where("order_id", "=", orderId).where("kind", "=", "payment_surcharge").execute();
    const payments = await db.selectFrom("payment_events").select(["kind"]).where("order_id", "=", orderId).execute();
    return { status: row.payment_status, surcharges: events.map((event) => JSON.parse(event.details!)), paymentKinds: payments.map((p) => p.kind) };
  }

  it("the total is ₹2,000 as the fixed prices say (the independent figure below)", async () => {
    const { totalPaise } = await setUp();
    expect(totalPaise).toBe(200_000);
  });

  it("a webhook whose payment_amount exceeds order_amount marks the order PAID and records the surcharge", async () => {
    const { db, gateway, orderId } = await setUp();
    const delivery = await editedWebhook(gateway, { orderId }, (json) => {
      expect(json.data.order.order_amount).toBe(2000);
      json.data.payment.payment_amount = 2023.6;
    });
    expect(await processCashfreeWebhook(db, delivery)).toEqual({ status: 200, body: { success: true, outcome: "paid" } });
    expect(await orderState(db, orderId)).toEqual({
      status: "PAID",
      surcharges: [{ orderPaise: 200_000, paymentPaise: 202_360, surchargePaise: SURCHARGE_PAISE }],
      paymentKinds: ["PAYMENT_SUCCESS_WEBHOOK"],
    });
    // A replay changes nothing: one surcharge row, one payment event.
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("duplicate");
    expect((await orderState(db, orderId)).surcharges).toHaveLength(1);
  });

  it("a payment_amount below order_amount is a mismatch and never paid", async () => {
    const { db, gateway, orderId } = await setUp();
    const delivery = await editedWebhook(gateway, { orderId }, (json) => {
      json.data.payment.payment_amount = 1999.99;
    });
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("amount-mismatch");
    expect(await orderState(db, orderId)).toEqual({ status: "PENDING", surcharges: [], paymentKinds: ["PAYMENT_SUCCESS_WEBHOOK:AMOUNT_MISMATCH"] });
  });

  it("an order_amount other than our total is a mismatch even when the payment covers the total", async () => {
    const { db, gateway, orderId } = await setUp();
    const delivery = await editedWebhook(gateway, { orderId }, (json) => {
      json.data.order.order_amount = 1000;
      json.data.payment.payment_amount = 2000;
    });
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("amount-mismatch");
    expect((await orderState(db, orderId)).status).toBe("PENDING");
  });

  it("a link event whose link_amount_paid exceeds link_amount marks the order PAID with the surcharge", async () => {
    const { db, gateway, orderId } = await setUp("link");
    const delivery = await editedWebhook(gateway, { linkId: orderId }, (json) => {
      expect(json.type).toBe("PAYMENT_LINK_EVENT");
      json.data.link_amount_paid = "2023.60";
    });
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("paid");
    expect((await orderState(db, orderId)).surcharges).toEqual([{ orderPaise: 200_000, paymentPaise: 202_360, surchargePaise: SURCHARGE_PAISE }]);
  });

  it("a link event whose link_amount differs from our total is a mismatch", async () => {
    const { db, gateway, orderId } = await setUp("link");
    const delivery = await editedWebhook(gateway, { linkId: orderId }, (json) => {
      json.data.link_amount = "1000.00";
      json.data.link_amount_paid = "2000.00";
    });
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("amount-mismatch");
    expect((await orderState(db, orderId)).status).toBe("PENDING");
  });

  // Whether a link's link_amount_paid includes a surcharge Cashfree does not say; the simulator keeps
  // it at link_amount (the surcharge rides on the CFPay order's payment). Either way the order is paid.
  it("the simulator's own surcharge (setSurcharge) on a payment link: paid by its webhook and verify agrees", async () => {
    const { db, userId, gateway, orderId } = await setUp("link");
    gateway.simulator!.setSurcharge(SURCHARGE_PAISE, { for: orderId });
    const { webhook } = await gateway.simulator!.settle({ linkId: orderId }, "SUCCESS", { notify: false });
    const delivery = {
      rawBody: webhook!.body,
      signature: webhook!.headers["x-webhook-signature"],
      timestamp: webhook!.headers["x-webhook-timestamp"],
      secret: gateway.webhookSecret,
    };
    expect((await processCashfreeWebhook(db, delivery)).body.outcome).toBe("paid");
    expect(await verifyCashfreePayment(db, gateway, userId, { orderId })).toEqual({ paymentStatus: "PAID" });
    expect(JSON.parse(webhook!.body).data).toMatchObject({ link_amount: "2000.00", link_amount_paid: "2000.00" });
    expect(await orderState(db, orderId)).toEqual({ status: "PAID", surcharges: [], paymentKinds: ["PAYMENT_LINK_EVENT"] });
  });

  it("verify compares GET /orders/{id}'s order_amount, not the payment's: a surcharged payment is paid", async () => {
    const { db, userId, gateway, orderId } = await setUp();
    await gateway.simulator!.settle({ orderId }, "SUCCESS", { notify: false });
    // Cashfree's answer for a merchant with the convenience fee on: the payment carries the fee.
    const client: CashfreeClient = {
      ...gateway.client,
      async getOrderPayments(id) {
        const payments = await gateway.client.getOrderPayments(id);
        return payments.map((payment) => ({ ...payment, amountPaise: (payment.amountPaise ?? 0) + SURCHARGE_PAISE }));
      },
    };
    expect(await verifyCashfreePayment(db, { ...gateway, client }, userId, { orderId })).toEqual({ paymentStatus: "PAID" });
    expect(await orderState(db, orderId)).toEqual({
      status: "PAID",
      surcharges: [{ orderPaise: 200_000, paymentPaise: 202_360, surchargePaise: SURCHARGE_PAISE }],
      paymentKinds: ["VERIFY_SUCCESS"],
    });
  });
});
