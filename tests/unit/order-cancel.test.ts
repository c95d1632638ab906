import { describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { CANCEL_MESSAGES, CANCEL_REFUND_KEY } from "~/lib/order-cancel";
import type { PaymentGateway } from "~/payments/gateway.server";
import { cancelOrderByShopper } from "~/services/order-cancel.server";
import { describeEvent } from "~/components/admin/order/TimelineSection";
import { renderOrderEmail } from "~/lib/order-emails";
import { setOrderStatus } from "~/services/orders.server";
import { refundIdFor } from "~/services/refunds.server";
import { createShopper, simulatorGateway } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { placeCod, placePaid, shopPerCase, STAFF, STANDARD_TOTAL_PAISE as TOTAL_PAISE } from "../setup/orders";
import { refusal as rejection } from "../setup/refusal";

/**
 * The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981) on SQLite and
 * PostgreSQL: a paid order's refund recorded at Cashfree's simulator, stock back once, the email in
 * the outbox, the timeline row; cash on delivery with nothing to refund; Shipped refused; the race
 * with a staff "Shipped" (exactly one wins); another shopper's order 404 with nothing written; a
 * double submit answered alike with one refund; Cashfree unreachable leaves the refund REQUESTED.
 */

const SHIPMENT = { courier: "Blue Dart", awbNumber: "BD123456789", trackingUrl: null };

describe.each(testDatabases())("the shopper's cancel on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let gateway: PaymentGateway;
  let keys = 0;

  async function setUp(stock = 10) {
    ({ db, shopper } = await openCase());
    await db.updateTable("products").set({ stock }).where("id", "=", "w-plain").execute();
    gateway = simulatorGateway();
  }

  async function codOrder(userId = shopper) {
    keys += 1;
    return (await placeCod(db, userId, `cancel-cod-key-${keys}`)).order;
  }

  async function paidOrder() {
    keys += 1;
    return placePaid(db, gateway, gateway.simulator!, shopper, `cancel-paid-key-${keys}`);
  }

  const stockOf = async () => Number((await db.selectFrom("products").select("stock").where("id", "=", "w-plain").executeTakeFirstOrThrow()).stock);
  const cancelMovements = async (orderId: string) =>
    (await db.selectFrom("stock_movements").select(["product_id", "delta", "reason"]).where("order_id", "=", orderId).where("reason", "=", "cancel").orderBy("id").execute()).map((m) => [m.product_id, Number(m.delta)]);
  const statusEvents = (orderId: string) => db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).where("kind", "=", "status").orderBy("id").execute();
  const outbox = (orderId: string, kind: string) => db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).where("kind", "=", kind).execute();
  const refundRows = (orderId: string) => db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).execute();

  it("cancels a paid order: the whole payment refunded at Cashfree's simulator, stock back once, the email, the timeline row", async () => {
    await setUp();
    const order = await paidOrder();
    expect(await stockOf()).toBe(8);
    const outcome = await cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, gateway);
    expect(outcome.order.status).toBe("Cancelled");
    expect(outcome.replay).toBe(false);
    expect(outcome.refund).toEqual({ amountPaise: TOTAL_PAISE, state: "started" });
    // At Cashfree (the simulator): one refund of the whole amount, with our fixed id.
    const atCashfree = await gateway.client.listRefunds(order.id);
    expect(atCashfree.map((refund) => [refund.refundId, refund.amountPaise])).toEqual([[refundIdFor(order.id, CANCEL_REFUND_KEY), TOTAL_PAISE]]);
    expect(await stockOf()).toBe(10);
    expect(await cancelMovements(order.id)).toEqual([["w-plain", 2]]);
    const [cancelled] = await statusEvents(order.id);
    expect(cancelled.status).toBe("Cancelled");
    expect(JSON.parse(cancelled.details ?? "{}")).toMatchObject({ from: "Order Placed", by: "shopper" });
    expect(cancelled.actor).toMatch(/^asha\d+-\d+@example\.in$/);
    const [email] = await outbox(order.id, "order_cancelled");
    expect(email.subject).toBe(`Your Chrono India order ${order.id} has been cancelled`);
    expect(email.text).toContain("The refund of ₹4,500.50 has started");
    const audit = await db.selectFrom("audit_log").select(["actor_email", "action"]).where("entity_id", "=", order.id).execute();
    expect(audit.map((row) => row.action)).toContain("status: Order Placed → Cancelled");

    // A double submit: the same answer, one refund, stock not released twice, one email.
    const again = await cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, gateway);
    expect([again.order.status, again.replay, again.refund]).toEqual(["Cancelled", true, { amountPaise: TOTAL_PAISE, state: "started" }]);
    expect((await gateway.client.listRefunds(order.id)).length).toBe(1);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await stockOf()).toBe(10);
    expect(await outbox(order.id, "order_cancelled")).toHaveLength(1);
  });

  it("cancels a cash-on-delivery order with nothing to refund, in Packing too", async () => {
    await setUp();
    const order = await codOrder();
    await setOrderStatus(db, order.id, "Packing", { liveCredentials: false, actor: STAFF });
    const outcome = await cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, gateway);
    expect([outcome.order.status, outcome.refund]).toEqual(["Cancelled", null]);
    expect(await refundRows(order.id)).toEqual([]);
    expect(await stockOf()).toBe(10);
    const [email] = await outbox(order.id, "order_cancelled");
    expect(email.text).toContain("there is nothing to refund");
  });

  it("refuses once Shipped (409 with the sentence), and another shopper's order or a made-up id (404), writing nothing", async () => {
    await setUp();
    const order = await codOrder();
    const stranger = await createShopper(db);
    const foreign = await rejection(cancelOrderByShopper(db, { userId: stranger, orderId: order.id }, gateway));
    expect([foreign.status, foreign.message]).toEqual([404, "We couldn't find that order."]);
    for (const orderId of ["CI-NOPE", "", 42, null, "x".repeat(500)]) {
      expect((await rejection(cancelOrderByShopper(db, { userId: shopper, orderId }, gateway))).status).toBe(404);
    }
    expect((await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe("Order Placed");
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT });
    const events = (await statusEvents(order.id)).length;
    const shipped = await rejection(cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, gateway));
    expect([shipped.status, shipped.message]).toEqual([409, CANCEL_MESSAGES.shipped]);
    expect((await statusEvents(order.id)).length).toBe(events);
    expect(await cancelMovements(order.id)).toEqual([]);
    expect(await outbox(order.id, "order_cancelled")).toEqual([]);
  });

  it("a cancel racing a staff Shipped: exactly one wins, every round, and the states agree", async () => {
    await setUp(1000);
    const tally = { cancelled: 0, shipped: 0 };
    for (let round = 0; round < 12; round++) {
      // A shopper per round: cash on delivery is limited to 10 orders an hour each.
      const buyer = await createShopper(db);
      const order = await codOrder(buyer);
      const [cancel, ship] = await Promise.allSettled([
        cancelOrderByShopper(db, { userId: buyer, orderId: order.id }, gateway),
        setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, actor: STAFF, shipment: SHIPMENT }),
      ]);
      const status = (await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status;
      expect([cancel.status === "fulfilled", ship.status === "fulfilled"].filter(Boolean)).toHaveLength(1);
      if (cancel.status === "fulfilled") {
        tally.cancelled += 1;
        expect(status).toBe("Cancelled");
        expect(await cancelMovements(order.id)).toEqual([["w-plain", 2]]);
      } else {
        tally.shipped += 1;
        expect(status).toBe("Shipped");
        expect(cancel.reason).toBeInstanceOf(BackendError);
        expect([(cancel.reason as BackendError).status, (cancel.reason as BackendError).message]).toEqual([409, CANCEL_MESSAGES.shipped]);
        expect(await cancelMovements(order.id)).toEqual([]);
        expect(await outbox(order.id, "order_cancelled")).toEqual([]);
      }
      expect((await statusEvents(order.id)).filter((event) => event.status === "Cancelled" || event.status === "Shipped")).toHaveLength(1);
    }
    expect(tally.cancelled + tally.shipped).toBe(12);
  });

  it("the emails: the delivered one says the return window's last IST day from the settings; the cancelled one in Hindi", async () => {
    await setUp();
    const order = await codOrder();
    // Delivered 1 Dec 2026 at 12:00 IST: the 7-day window's last day is 8 Dec, the legal reasons' 31 Dec.
    await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, actor: STAFF, now: Date.UTC(2026, 11, 1, 6, 30) });
    const [delivered] = await outbox(order.id, "delivered");
    expect(delivered.text).toContain("You can return or exchange it until 8 Dec 2026 from your order page.");

    const hindi = renderOrderEmail(
      { kind: "order_cancelled", order: { ...order, language: "hi", status: "Cancelled" }, refundPaise: TOTAL_PAISE },
      { storeName: "Chrono India", orderUrl: "http://store.test/hi/orders/x", supportEmail: "care@example.in", supportPhone: "" },
    );
    expect(hindi.subject).toBe(`आपका Chrono India ऑर्डर ${order.id} रद्द हो गया है`);
    expect(hindi.text).toContain("₹4,500.50 का रिफ़ंड शुरू हो गया है");
  });

  it("Cashfree unreachable: the order is cancelled and the refund recorded REQUESTED (started), sent on the next ask", async () => {
    await setUp();
    const order = await paidOrder();
    const down: PaymentGateway = {
      ...gateway,
      client: { ...gateway.client, createRefund: () => Promise.reject(new Error("connect ECONNREFUSED")) },
    };
    const outcome = await cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, down);
    expect([outcome.order.status, outcome.refund]).toEqual(["Cancelled", { amountPaise: TOTAL_PAISE, state: "started" }]);
    expect((await refundRows(order.id)).map((row) => row.status)).toEqual(["REQUESTED"]);
    expect(await gateway.client.listRefunds(order.id)).toEqual([]);
    // The shopper asks again (or staff "Check status"): the same refund id goes to Cashfree, once.
    await cancelOrderByShopper(db, { userId: shopper, orderId: order.id }, gateway);
    expect((await gateway.client.listRefunds(order.id)).map((refund) => refund.amountPaise)).toEqual([TOTAL_PAISE]);
  });
});

describe("the staff timeline's words for the shopper's cancel", () => {
  it("says who cancelled: the shopper before it shipped, staff as before", () => {
    expect(describeEvent({ kind: "status", status: "Cancelled", details: { from: "Packing", shipment: null, by: "shopper" } })).toBe("Cancelled by the shopper before it shipped");
    expect(describeEvent({ kind: "status", status: "Cancelled", details: { from: "Packing", shipment: null } })).toBe("Cancelled");
  });
});
