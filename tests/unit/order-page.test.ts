import { describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { orderPageView } from "~/lib/order-page";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { orderDetailFromJson, orderDetailJsonSchema, orderDetailToJson } from "~/schemas/order-detail";
import { markCodPaid } from "~/services/admin-orders.server";
import { orderTimeline, userOrderDetail } from "~/services/order-page.server";
import { listUserOrders, setOrderStatus } from "~/services/orders.server";
import { startCashfreePayment } from "~/services/payments.server";
import { issueRefund } from "~/services/refunds.server";
import { createShopper, fillCart, orderBody, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { placeCod, shopPerCase, STANDARD_LINES } from "../setup/orders";

/**
 * The shopper's order page (issue 14 item 1; DESIGN.md §20; docs/decisions/0630-order-page.md) on
 * SQLite and PostgreSQL: the order with its timeline from the back office's status events (skipped
 * steps reached without a date, a cancelled order ending in Cancelled), refunds, the shipment once
 * shipped; the same 404 for another shopper's order, an unknown or malformed id and an unpaid
 * online attempt. Then the page's words (lib/order-page.ts) and the API's rupees.
 */

const { cart: CART, items: ITEMS } = STANDARD_LINES;
const STAFF = { id: null, email: "staff@example.in" };
const SHIPMENT = { courier: "Blue Dart", awbNumber: "BD123456789", trackingUrl: "https://bluedart.example/track/BD123456789" };
/** Tue 24 Nov 2026, 12:00 IST; later moves an hour or a day apart. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function notFound(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  expect([(error as BackendError).status, (error as BackendError).message]).toEqual([404, ORDER_MESSAGES.orderNotFound]);
}

describe.each(testDatabases())("the shopper's order page on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;

  async function setUp() {
    ({ db, shopper } = await openCase());
  }

  let keys = 0;
  async function codOrder() {
    keys += 1;
    return (await placeCod(db, shopper, `order-page-key-${keys}`, { now: NOW })).order;
  }

  it("answers a new cash-on-delivery order as My Orders does, at Order Placed, with no shipment", async () => {
    await setUp();
    const order = await codOrder();
    const detail = await userOrderDetail(db, shopper, order.id);
    expect(detail.order).toEqual((await listUserOrders(db, shopper))[0]);
    expect(detail.order).toMatchObject({ id: order.id, amountPaise: 2 * 100_000 + 250_050, paymentMethod: "cod", status: "Order Placed" });
    expect(detail.timeline).toEqual([
      { status: "Order Placed", at: NOW, reached: true },
      { status: "Packing", at: null, reached: false },
      { status: "Shipped", at: null, reached: false },
      { status: "Out for delivery", at: null, reached: false },
      { status: "Delivered", at: null, reached: false },
    ]);
    expect(detail.refunds).toEqual([]);
    expect(detail.shipment).toBeNull();
  });

  it("dates each step from the status events, shows a skipped step reached without a date, and the shipment once shipped", async () => {
    await setUp();
    const order = await codOrder();
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, now: NOW + DAY, actor: STAFF, shipment: SHIPMENT });
    await setOrderStatus(db, order.id, "Out for delivery", { liveCredentials: false, now: NOW + 2 * DAY, actor: STAFF });
    const detail = await userOrderDetail(db, shopper, order.id);
    expect(detail.timeline).toEqual([
      { status: "Order Placed", at: NOW, reached: true },
      { status: "Packing", at: null, reached: true },
      { status: "Shipped", at: NOW + DAY, reached: true },
      { status: "Out for delivery", at: NOW + 2 * DAY, reached: true },
      { status: "Delivered", at: null, reached: false },
    ]);
    expect(detail.shipment).toEqual(SHIPMENT);

    // A tracking link that is not http(s) is never handed to the page.
    await db.updateTable("orders").set({ tracking_url: "javascript:alert(1)" }).where("id", "=", order.id).execute();
    expect((await userOrderDetail(db, shopper, order.id)).shipment).toEqual({ ...SHIPMENT, trackingUrl: null });
  });

  it("ends a cancelled order's timeline in Cancelled, leaving out the steps it will never reach", async () => {
    await setUp();
    const order = await codOrder();
    await setOrderStatus(db, order.id, "Packing", { liveCredentials: false, now: NOW + HOUR, actor: STAFF });
    await setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, now: NOW + 2 * HOUR, actor: STAFF });
    const detail = await userOrderDetail(db, shopper, order.id);
    expect(detail.timeline).toEqual([
      { status: "Order Placed", at: NOW, reached: true },
      { status: "Packing", at: NOW + HOUR, reached: true },
      { status: "Cancelled", at: NOW + 2 * HOUR, reached: true },
    ]);
    expect(detail.shipment).toBeNull();
  });

  it("tells refunds recorded or issued, and those on their way; failed ones are not told", async () => {
    await setUp();
    const order = await codOrder();
    await markCodPaid(db, order.id, STAFF, NOW + DAY);
    await issueRefund(db, { orderId: order.id, key: "order-page-refund-0001", amountPaise: 50_000, via: "manual", reference: "UPI 4242", note: null, actor: STAFF, now: NOW + 2 * DAY }, simulatorGateway());
    const refund = (id: string, status: string, at: number) => ({
      id,
      order_id: order.id,
      amount_paise: 10_000,
      reference: null,
      note: null,
      via: "cashfree",
      gateway_refund_id: null,
      status,
      actor_user_id: null,
      created_at: at,
      updated_at: at + HOUR,
    });
    await db.insertInto("refunds").values([refund("rf_pending", "PENDING", NOW + 3 * DAY), refund("rf_failed", "FAILED", NOW + 4 * DAY), refund("rf_success", "SUCCESS", NOW + 5 * DAY)]).execute();
    const { refunds } = await userOrderDetail(db, shopper, order.id);
    expect(refunds.map(({ amountPaise, state }) => [amountPaise, state])).toEqual([
      [50_000, "refunded"],
      [10_000, "pending"],
      [10_000, "refunded"],
    ]);
    expect(refunds[1].at).toBe(NOW + 3 * DAY);
    // A Cashfree refund is dated when it succeeded.
    expect(refunds[2].at).toBe(NOW + 5 * DAY + HOUR);
  });

  it("answers the same 404 for another shopper's order, an unknown id, a malformed id and an unpaid online attempt", async () => {
    await setUp();
    const order = await codOrder();
    const other = await createShopper(db);
    await notFound(userOrderDetail(db, other, order.id));
    await notFound(userOrderDetail(db, shopper, "CI000000-NOSUCHOR"));
    for (const malformed of ["", "../orders", "CI\u0000X", "x".repeat(200), 42, null, { id: order.id }]) await notFound(userOrderDetail(db, shopper, malformed));

    await fillCart(db, shopper, CART);
    const online = await startCashfreePayment(db, simulatorGateway(), { id: shopper }, orderBody(ITEMS), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "order-page-online-1" });
    await notFound(userOrderDetail(db, shopper, online.order.id));
    expect((await listUserOrders(db, shopper)).map((o) => o.id)).toEqual([order.id]);
  });

  it("crosses the API in rupees and back unchanged, and reads as the page's words", async () => {
    await setUp();
    const order = await codOrder();
    await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, now: NOW + DAY, actor: STAFF, shipment: SHIPMENT });
    const detail = await userOrderDetail(db, shopper, order.id);
    const json = orderDetailJsonSchema.parse(JSON.parse(JSON.stringify(orderDetailToJson(detail))));
    expect(json.amount).toBe(4500.5);
    expect(orderDetailFromJson(json)).toEqual(detail);

    const view = orderPageView(detail);
    expect(view.placedOn).toEqual({ text: "24 Nov 2026", dateTime: new Date(NOW).toISOString() });
    expect(view.items.map((item) => item.details)).toEqual(
      expect.arrayContaining([
        ["₹1,000", "Quantity: 2", "Standard"],
        ["₹2,500.50", "Quantity: 1", "Colour: Gold"],
      ]),
    );
    expect(view.totals).toEqual({ subtotal: "₹4,500.50", delivery: "Free", total: "₹4,500.50" });
    expect(view.payment).toEqual({ method: "Cash on delivery", status: "Pay on delivery", testPayment: false });
    expect(view.delivery).toMatch(/^(by|between) /);
    expect(view.timeline.map((step) => [step.label, step.date?.text ?? null, step.reached, step.current])).toEqual([
      ["Order Placed", "24 Nov 2026", true, false],
      ["Packing", null, true, false],
      ["Shipped", "25 Nov 2026", true, true],
      ["Out for delivery", null, false, false],
      ["Delivered", null, false, false],
    ]);
    expect(view.shipment).toEqual(SHIPMENT);
  });
});

describe("orderTimeline", () => {
  it("dates a step from the first event that reached it; an unknown status counts as just placed", () => {
    const events = [
      { status: "Packing", at: 2 },
      { status: null, at: 3 },
      { status: "Delivered", at: 9 },
    ];
    expect(orderTimeline("Delivered", 1, events).map((step) => [step.status, step.at, step.reached])).toEqual([
      ["Order Placed", 1, true],
      ["Packing", 2, true],
      ["Shipped", null, true],
      ["Out for delivery", null, true],
      ["Delivered", 9, true],
    ]);
    expect(orderTimeline("Lost at sea", 1, []).filter((step) => step.reached).map((step) => step.status)).toEqual(["Order Placed"]);
    expect(orderTimeline("Cancelled", 1, [{ status: "Cancelled", at: 5 }])).toEqual([
      { status: "Order Placed", at: 1, reached: true },
      { status: "Cancelled", at: 5, reached: true },
    ]);
  });
});
