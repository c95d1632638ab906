import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { loadAdminOrder } from "~/services/admin-orders.server";
import type { Actor } from "~/services/audit.server";
import { processCashfreeWebhook } from "~/services/payments-http.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { issueRefund, refreshRefund } from "~/services/refunds.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { fakeServerGateway, fillCart, orderBody, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { shopPerCase, STANDARD_LINES } from "../setup/orders";

/**
 * The store against the strict simulator's states (issue 44 item 3; docs/decisions/0962), on
 * SQLite and PostgreSQL, through the store's own services as the other payment tests drive them:
 * refunds that go ONHOLD then SUCCESS, end CANCELLED or FAILED; a terminate answered
 * TERMINATION_REQUESTED while a payment in flight succeeds (the order is paid once, the second
 * payment is a refund due); PAYMENT_LINK_EVENT with Cashfree's string amounts; a surcharge.
 */

const { cart: CART, items: ITEMS } = STANDARD_LINES;
/** 2 × ₹1,000 + ₹2,500.50 = ₹4,500.50. */
const TOTAL_PAISE = 2 * 100_000 + 250_050;
const STAFF: Actor = { id: null, email: "staff@example.in" };
const credentials = { clientId: "strict_store_app", clientSecret: "strict_store_secret" };

let fake: FakeCashfree;
beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
});
afterAll(async () => {
  await fake.close();
});

describe.each(testDatabases())("the store against the strict simulator on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let gateway: PaymentGateway;

  async function setUp() {
    ({ db, shopper } = await openCase());
    gateway = fakeServerGateway(fake.apiBase, credentials);
  }
  afterEach(async () => {
    fake.simulator.resetControls();
  });

  /** Starts paying the cart (filled first unless `again`: the cart is kept until the order is paid). */
  const start = async (mode: "checkout" | "link", key: string, again = false) => {
    if (!again) await fillCart(db, shopper, CART);
    return startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode, storeUrl: STORE_URL, idempotencyKey: key });
  };

  /** Delivers a webhook the simulator signed to the store's receiver, signature checked. */
  const deliver = (webhook: { body: string; headers: Record<string, string> }) =>
    processCashfreeWebhook(db, {
      rawBody: webhook.body,
      signature: webhook.headers["x-webhook-signature"],
      timestamp: webhook.headers["x-webhook-timestamp"],
      secret: credentials.clientSecret,
    });

  const orderRow = (id: string) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  async function paidOrder(key: string) {
    const { order } = await start("checkout", key);
    await fake.simulator.settle({ orderId: order.id }, "SUCCESS", { notify: false });
    await verifyCashfreePayment(db, gateway, shopper, { orderId: order.id });
    return order;
  }

  /** The statuses the store records for one refund: when made, then after each "Check status". */
  async function refundStatuses(orderId: string, key: string, checks: number): Promise<string[]> {
    const made = await issueRefund(db, { orderId, key: `${key}-0123456789abcdef`, amountPaise: 100_000, via: "cashfree", reference: null, note: "damaged strap", actor: STAFF }, gateway);
    const seen = [made.refund.status];
    for (let i = 0; i < checks; i++) seen.push((await refreshRefund(db, { orderId, refundId: made.refund.id, actor: STAFF }, gateway)).status);
    return seen;
  }

  it("records a refund that goes ONHOLD and then SUCCESS, step by step", async () => {
    await setUp();
    const order = await paidOrder("strict-onhold");
    fake.simulator.setRefundOutcome("ONHOLD_THEN_SUCCESS", { for: order.id, pendingReads: 1 });
    expect(await refundStatuses(order.id, "onhold", 3)).toEqual(["PENDING", "PENDING", "ONHOLD", "SUCCESS"]);
    expect((await loadAdminOrder(db, order.id)).refundablePaise).toBe(TOTAL_PAISE - 100_000);
  });

  it.each([["CANCELLED"], ["FAILED"]] as const)("records a refund that ends %s, and its amount can be refunded again", async (outcome) => {
    await setUp();
    const order = await paidOrder(`strict-${outcome}`);
    fake.simulator.setRefundOutcome(outcome, { for: order.id });
    expect(await refundStatuses(order.id, outcome, 1)).toEqual(["PENDING", outcome]);
    expect((await loadAdminOrder(db, order.id)).refundablePaise).toBe(TOTAL_PAISE);
    // The next refund of the order has no plan: it succeeds, and Cashfree took it (the cancelled one gave its amount back).
    expect(await refundStatuses(order.id, `${outcome}-again`, 1)).toEqual(["PENDING", "SUCCESS"]);
    expect((await gateway.client.listRefunds(order.id)).map((r) => r.status)).toEqual([outcome, "SUCCESS"]);
  });

  it("TERMINATION_REQUESTED, then the payment in flight succeeds: the order is paid once, the link's payment is a refund due", async () => {
    await setUp();
    const first = await start("checkout", "strict-terminate");
    const orderId = first.order.id;
    fake.simulator.setTerminateMode("requested", { for: orderId });
    // The shopper switches to a payment link: the store terminates the Cashfree order, which Cashfree only starts to do.
    const second = await start("link", "strict-terminate", true);
    expect(second.linkUrl).toBeTruthy();
    expect((await orderRow(orderId)).gateway_order_id).toBe(`link:${orderId}_2`);
    // The modal's payment, already in flight, succeeds on the old order; its webhook pays the order.
    const inFlight = await fake.simulator.settle({ orderId }, "SUCCESS", { notify: false });
    expect((await gateway.client.getOrder(orderId)).status).toBe("PAID");
    expect((await deliver(inFlight.webhook!)).body.outcome).toBe("paid");
    // The shopper also pays the link: a second payment for a paid order.
    const onLink = await fake.simulator.settle({ linkId: `${orderId}_2` }, "SUCCESS", { notify: false });
    expect((await deliver(onLink.webhook!)).body.outcome).toBe("refund-due");
    expect((await deliver(onLink.webhook!)).body.outcome).toBe("duplicate");

    const row = await orderRow(orderId);
    expect([row.payment_status, row.paid_by, Number(row.refund_due)]).toEqual(["PAID", `order:${orderId}`, 1]);
    const due = JSON.parse(row.refund_payments ?? "[]") as Array<{ amountPaise: number; source: string }>;
    expect(due.map((p) => [p.amountPaise, p.source.endsWith(`via link:${orderId}_2`)])).toEqual([[TOTAL_PAISE, true]]);
    const invoices = await db.selectFrom("invoices").select("order_id").where("order_id", "=", orderId).execute();
    expect(invoices).toHaveLength(1);
  });

  it("TERMINATION_REQUESTED and no payment: the old order is TERMINATED and the link pays the order", async () => {
    await setUp();
    const { order } = await start("checkout", "strict-terminated");
    fake.simulator.setTerminateMode("requested", { for: order.id });
    await start("link", "strict-terminated", true);
    expect((await gateway.client.getOrder(order.id)).status).toBe("TERMINATED");
    const onLink = await fake.simulator.settle({ linkId: `${order.id}_2` }, "SUCCESS", { notify: false });
    expect((await deliver(onLink.webhook!)).body.outcome).toBe("paid");
    const row = await orderRow(order.id);
    expect([row.payment_status, row.paid_by, Number(row.refund_due)]).toEqual(["PAID", `link:${order.id}_2`, 0]);
  });

  it("pays the order from a PAYMENT_LINK_EVENT in Cashfree's types (string amounts, a numeric cf_link_id)", async () => {
    await setUp();
    const { order } = await start("link", "strict-link-event");
    const { webhook } = await fake.simulator.settle({ linkId: order.id }, "SUCCESS", { notify: false });
    const event = JSON.parse(webhook!.body);
    expect([event.type, event.data.link_amount, event.data.link_amount_paid, typeof event.data.cf_link_id]).toEqual(["PAYMENT_LINK_EVENT", "4500.50", "4500.50", "number"]);
    // Only the link event is delivered (its order's PAYMENT_SUCCESS webhook is not sent for a link).
    expect(await deliver(webhook!)).toEqual({ status: 200, body: { success: true, outcome: "paid" } });
    const row = await orderRow(order.id);
    expect([row.payment_status, row.paid_by]).toEqual(["PAID", `link:${order.id}`]);
  });

  it("pays an order whose payment carries a surcharge, by webhook and by verify alike", async () => {
    await setUp();
    const byWebhook = await start("checkout", "strict-surcharge-webhook");
    fake.simulator.setSurcharge(2_360, { for: byWebhook.order.id });
    const { webhook } = await fake.simulator.settle({ orderId: byWebhook.order.id }, "SUCCESS", { notify: false });
    expect(JSON.parse(webhook!.body).data.payment.payment_amount).toBe(4524.1);
    expect((await deliver(webhook!)).body.outcome).toBe("paid");

    const byVerify = await start("checkout", "strict-surcharge-verify");
    fake.simulator.setSurcharge(2_360);
    await fake.simulator.settle({ orderId: byVerify.order.id }, "SUCCESS", { notify: false });
    expect(await verifyCashfreePayment(db, gateway, shopper, { orderId: byVerify.order.id })).toEqual({ paymentStatus: "PAID" });
    for (const id of [byWebhook.order.id, byVerify.order.id]) expect((await orderRow(id)).payment_status).toBe("PAID");
  });
});
