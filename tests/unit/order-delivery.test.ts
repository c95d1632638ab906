import { describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { saveDeliveryRules } from "~/services/delivery.server";
import { listUserOrders, placeCodOrder } from "~/services/orders.server";
import { startCashfreePayment } from "~/services/payments.server";
import { ADDRESS, fillCart, orderBody, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { shopPerCase, STANDARD_LINES } from "../setup/orders";

/**
 * Orders keep the delivery promise (issue 13 item 4; DESIGN.md §19): before an order is created —
 * cash on delivery or online, before any payment session — its PIN code must exist, be the state's
 * and be served, and cash on delivery must be allowed there for the order's total; the order stores
 * the promised window (IST dates), which My Orders reads back.
 */

/** 2 × ₹1,000 + 1 × ₹2,500.50 = ₹4,500.50 (tests/fakes/shop.ts watches). */
const { cart: CART, items: ITEMS } = STANDARD_LINES;
const OWNER = { id: null, email: "test:owner" };
/** Tue 24 Nov 2026, 12:00 IST. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return [(error as BackendError).status, (error as BackendError).message];
}

describe.each(testDatabases())("orders and the delivery promise on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;

  async function setUp() {
    ({ db, shopper } = await openCase());
    await fillCart(db, shopper, CART);
  }

  const cod = (address: Partial<typeof ADDRESS>, key = "cod-key-0001") =>
    placeCodOrder(db, shopper, { ...orderBody(ITEMS), address: { ...ADDRESS, ...address } }, { codEnabled: true, idempotencyKey: key, now: NOW });
  const orderCount = async () => Number((await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("stores the promised window of a metro order, and My Orders reads it back", async () => {
    await setUp();
    const { order } = await cod({ zipcode: "560001", state: "Karnataka" });
    // From Tue 24 Nov: Fri 27 Nov (1 + 2 business days) to Mon 30 Nov (2 + 3; Sunday skipped).
    expect(order.deliveryWindow).toEqual({ from: "2026-11-27", to: "2026-11-30" });
    expect((await listUserOrders(db, shopper))[0].deliveryWindow).toEqual(order.deliveryWindow);
  });

  it("refuses a PIN code India Post doesn't list, a state that isn't the PIN's, and a PIN not served — nothing written", async () => {
    await setUp();
    expect(await refusal(cod({ zipcode: "999999" }))).toEqual([400, "This PIN code doesn't exist. Please check it."]);
    expect(await refusal(cod({ zipcode: "560001", state: "Maharashtra" }))).toEqual([400, "This PIN code is in Karnataka. Please check the state or the PIN code."]);
    await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, unserviceable: ["194101", "Kargil"] }, OWNER);
    expect(await refusal(cod({ zipcode: "194101", state: "Ladakh", city: "Leh" }))).toEqual([400, "We don't deliver to 194101 yet"]);
    expect(await refusal(cod({ zipcode: "194103", state: "Ladakh", city: "Kargil" }))).toEqual([400, "We don't deliver to 194103 yet"]);
    expect(await orderCount()).toBe(0);
  });

  it("refuses an online order to a PIN not served before any payment session starts", async () => {
    await setUp();
    await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, unserviceable: ["194101"] }, OWNER);
    const body = { ...orderBody(ITEMS), address: { ...ADDRESS, zipcode: "194101", state: "Ladakh", city: "Leh" } };
    const gateway = simulatorGateway();
    expect(await refusal(startCashfreePayment(db, gateway, { id: shopper }, body, { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "online-key-01" }))).toEqual([
      400,
      "We don't deliver to 194101 yet",
    ]);
    expect(await orderCount()).toBe(0);
  });

  it("takes cash on delivery only where the zone allows it and up to the maximum order", async () => {
    await setUp();
    // Manipur is remote: no cash on delivery by default; paying online there is fine.
    expect(await refusal(cod({ zipcode: "795001", state: "Manipur", city: "Imphal" }))).toEqual([400, "Cash on delivery isn't available for this PIN code"]);
    const online = await startCashfreePayment(
      db,
      simulatorGateway(),
      { id: shopper },
      { ...orderBody(ITEMS), address: { ...ADDRESS, zipcode: "795001", state: "Manipur", city: "Imphal" } },
      { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "online-key-02" },
    );
    expect(online.order.deliveryWindow).not.toBeNull();

    // The cart is ₹4,500.50: over a ₹4,500 limit, within a ₹4,500.50 one.
    await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, codMaxPaise: 450_000 }, OWNER);
    expect(await refusal(cod({}, "cod-key-0002"))).toEqual([400, "Cash on delivery is available on orders up to ₹4,500"]);
    await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, codMaxPaise: 450_050 }, OWNER);
    const { order } = await cod({}, "cod-key-0003");
    expect(order.paymentMethod).toBe("cod");
  });
});
