import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { ORDER_LIMIT_MESSAGES, orderLimitProblems, unpaidLimitProblems } from "~/lib/order-limits";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { listUserOrders, newOrderId, placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { startCashfreePayment, verifyCashfreePayment, verifyStripePayment } from "~/services/payments.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import {
  ADDRESS,
  cartOf,
  createShopper,
  fakeServerGateway,
  fillCart,
  orderBody,
  simulatorGateway,
  STORE_URL,
} from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { shopPerCase, STANDARD_LINES, STANDARD_TOTAL_PAISE } from "../setup/orders";
import { refusal as rejection } from "../setup/refusal";

/** The cart of every test: 2 × ₹1,000 (no colours) + 1 × ₹2,500.50 in Gold = ₹4,500.50. */
const { cart: CART, items: ITEMS } = STANDARD_LINES;
const TOTAL_PAISE = STANDARD_TOTAL_PAISE;

async function orderCount(db: DB) {
  const row = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

let fake: FakeCashfree;
const fakeCredentials = { clientId: "orders_app", clientSecret: "orders_secret" };
beforeAll(async () => {
  fake = await startFakeCashfree(fakeCredentials);
});
afterAll(async () => {
  await fake.close();
});

describe.each(testDatabases())("orders service on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let gateway: PaymentGateway;

  async function setUp() {
    ({ db, shopper } = await openCase());
    await fillCart(db, shopper, CART);
    gateway = simulatorGateway();
  }
  afterEach(async () => {
    fake?.simulator.clearFaults();
  });

  const checkout = (key: string | null = "form-key-0001", mode: "checkout" | "link" = "checkout", body: unknown = orderBody(ITEMS)) =>
    startCashfreePayment(db, gateway, { id: shopper }, body, { mode, storeUrl: STORE_URL, idempotencyKey: key });

  describe("cash on delivery", () => {
    it("prices the order from the catalogue and the cart: a tampered amount and item prices are ignored", async () => {
      await setUp();
      const tampered = orderBody(
        ITEMS.map((item) => ({ ...item, price: 1 })),
        1,
      );
      const { order, created } = await placeCodOrder(db, shopper, tampered, { codEnabled: true, idempotencyKey: "cod-key-0001" });
      expect(created).toBe(true);
      expect(order.amountPaise).toBe(TOTAL_PAISE);
      expect(order.items).toEqual([
        { productId: "w-gold", name: "Rado Golden Hour", image: "/gold.svg", pricePaise: 250_050, size: "Gold", quantity: 1 },
        { productId: "w-plain", name: "Casio Classic", image: "/plain.svg", pricePaise: 100_000, size: "default", quantity: 2 },
      ]);
      expect(order).toMatchObject({ status: "Order Placed", paymentMethod: "cod", paymentStatus: "PENDING" });
      expect(await cartOf(db, shopper)).toEqual([]);
      expect((await listUserOrders(db, shopper)).map((o) => o.id)).toEqual([order.id]);
    });

    it("takes 10 cash-on-delivery orders an hour from one account; the 11th answers 429 and writes nothing (issue 21 item 2)", async () => {
      await setUp();
      const now = Date.parse("2026-11-24T12:00:00+05:30");
      const refill = async () => {
        await db.deleteFrom("cart_lines").where("user_id", "=", shopper).execute();
        await fillCart(db, shopper, CART);
      };
      for (let i = 0; i < 10; i++) {
        await refill();
        expect((await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: `cod-flood-${i}`, now: now + i * 60_000 })).created).toBe(true);
      }
      await refill();
      const refused = await rejection(placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "cod-flood-10", now: now + 30 * 60_000 }));
      expect([refused.status, refused.message]).toEqual([429, "You can place up to 10 cash-on-delivery orders an hour. Please try again later, or pay online."]);
      expect(await db.selectFrom("orders").select("id").execute()).toHaveLength(10);
      expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(10);
      expect(await cartOf(db, shopper)).toHaveLength(2);
      // The first order left the rolling hour: one more is taken.
      expect((await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "cod-flood-11", now: now + 60 * 60_000 + 1 })).created).toBe(true);
    });

    it("sends one account's unpaid orders to at most 3 addresses or mobile numbers an hour (issue 21 item 2)", async () => {
      await setUp();
      const now = Date.parse("2026-11-24T12:00:00+05:30");
      const to = (street: string, phone = ADDRESS.phone) => ({ ...orderBody(ITEMS), address: { ...ADDRESS, street, phone } });
      let key = 0;
      const place = async (body: ReturnType<typeof to>) => {
        await db.deleteFrom("cart_lines").where("user_id", "=", shopper).execute();
        await fillCart(db, shopper, CART);
        key += 1;
        return placeCodOrder(db, shopper, body, { codEnabled: true, idempotencyKey: `cod-places-${key}`, now: now + key * 60_000 });
      };
      for (const street of ["12 MG Road", "4 Brigade Road", "9 Church Street"]) expect((await place(to(street))).created).toBe(true);
      const message = "Orders from one account can go to at most 3 different addresses or mobile numbers in an hour. Please try again later.";
      const fourthPlace = await rejection(place(to("77 Residency Road")));
      expect([fourthPlace.status, fourthPlace.message]).toEqual([429, message]);
      // The same places, spelled with other case and spacing: taken.
      expect((await place(to("4  brigade road"))).created).toBe(true);
      // A known place with a second mobile number is fine; a fourth number is not.
      expect((await place(to("12 MG Road", "9123456780"))).created).toBe(true);
      expect((await place(to("12 MG Road", "9123456781"))).created).toBe(true);
      const fourthPhone = await rejection(place(to("12 MG Road", "9123456782")));
      expect([fourthPhone.status, fourthPhone.message]).toEqual([429, message]);
      expect(await db.selectFrom("orders").select("id").execute()).toHaveLength(6);
    });

    it("keeps the address as normalised fields (mobile without +91, canonical state)", async () => {
      await setUp();
      const body = { ...orderBody(ITEMS), address: { ...ADDRESS, phone: "+91 98765-43210", state: "karnataka", zipcode: "560 001" } };
      const { order } = await placeCodOrder(db, shopper, body, { codEnabled: true });
      expect(order.address).toMatchObject({ phone: "9876543210", state: "Karnataka", zipcode: "560001", country: "India" });
    });

    it("refuses cash on delivery when the store has it switched off, and keeps the cart", async () => {
      await setUp();
      const error = await rejection(placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: false }));
      expect([error.status, error.message]).toEqual([400, ORDER_MESSAGES.invalidMethod]);
      expect(await orderCount(db)).toBe(0);
      expect(await cartOf(db, shopper)).toHaveLength(2);
    });

    it("a double submit (same form key) and a retried call without a key each make one order", async () => {
      await setUp();
      const first = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "cod-key-0002" });
      const again = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "cod-key-0002" });
      expect(again).toEqual({ order: first.order, created: false });
      expect(await orderCount(db)).toBe(1);

      await fillCart(db, shopper, CART);
      const keyless = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true });
      const retried = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true });
      expect(keyless.created).toBe(true);
      expect(retried).toEqual({ order: keyless.order, created: false });
      expect(await orderCount(db)).toBe(2);
    });

    it("20 concurrent identical submits make exactly one order and all get it", async () => {
      await setUp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "cod-burst-0001" })),
      );
      expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      expect(await orderCount(db)).toBe(1);
    });

    it("20 concurrent identical calls without a key also make one order", async () => {
      await setUp();
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true })));
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      expect(await orderCount(db)).toBe(1);
    });
  });

  describe("what the server refuses (none answers 500)", () => {
    it("an empty cart", async () => {
      await setUp();
      await db.deleteFrom("cart_lines").execute();
      // One attempt at a time, each awaited as it starts: a second promise made up front rejects
      // while the first is awaited, with no handler yet (an unhandled rejection on a slow run).
      for (const attempt of [() => placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true }), checkout]) {
        const error = await rejection(attempt());
        expect([error.status, error.message]).toEqual([400, ORDER_MESSAGES.cartEmpty]);
      }
      // A cart holding only a product that left the catalogue is empty too.
      await fillCart(db, shopper, [["gone", "default", 1]]);
      expect((await rejection(placeCodOrder(db, shopper, orderBody([{ _id: "gone", size: "default", quantity: 1 }]), { codEnabled: true }))).message).toBe(ORDER_MESSAGES.cartEmpty);
      expect(await orderCount(db)).toBe(0);
    });

    it("items that are not in the cart, unknown products and repeated lines", async () => {
      await setUp();
      const notInCart = [
        [...ITEMS, { _id: "w-gold", size: "Silver", quantity: 1 }],
        [{ _id: "no-such-watch", size: "default", quantity: 1 }],
        [ITEMS[0], ITEMS[0], ITEMS[1]],
      ];
      for (const items of notInCart) {
        const error = await rejection(placeCodOrder(db, shopper, orderBody(items), { codEnabled: true }));
        expect([error.status, error.message]).toEqual([400, ORDER_MESSAGES.itemsNotInCart]);
      }
      expect(await orderCount(db)).toBe(0);
    });

    it("a stale page: other quantities, or a cart line missing from the request", async () => {
      await setUp();
      for (const items of [[{ ...ITEMS[0], quantity: 1 }, ITEMS[1]], [ITEMS[0]]]) {
        const error = await rejection(checkout(null, "checkout", orderBody(items)));
        expect([error.status, error.message]).toEqual([409, ORDER_MESSAGES.cartChanged]);
      }
      expect(await orderCount(db)).toBe(0);
    });

    it("malformed bodies and addresses get 400 with the field's sentence", async () => {
      await setUp();
      const bad: [unknown, string][] = [
        [null, ""],
        ["text", ""],
        [{}, ""],
        [{ address: ADDRESS }, ORDER_MESSAGES.itemsRequired],
        [{ ...orderBody(ITEMS), items: [] }, ORDER_MESSAGES.itemsRequired],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, zipcode: "56001" } }, "Please enter a valid 6-digit PIN code."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, zipcode: "012345" } }, "Please enter a valid 6-digit PIN code."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, phone: "12345" } }, "Please enter a valid 10-digit mobile number."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, state: "Atlantis" } }, "Please choose your state or union territory."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, country: "Nepal" } }, "We deliver within India only."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, email: "asha" } }, "Please enter a valid email address."],
        [{ ...orderBody(ITEMS), address: { ...ADDRESS, firstName: "  " } }, "Please enter your first name."],
        [{ ...orderBody(ITEMS), items: [{ _id: "w-plain", size: "default", quantity: 0 }] }, "Each item needs a quantity of at least 1."],
      ];
      for (const [body, message] of bad) {
        const error = await rejection(placeCodOrder(db, shopper, body, { codEnabled: true }));
        expect(error.status).toBe(400);
        if (message) expect(error.message).toBe(message);
      }
      expect((await rejection(placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, idempotencyKey: "short" }))).status).toBe(400);
      expect(await orderCount(db)).toBe(0);
    });
  });

  describe("Cashfree", () => {
    it("creates a PENDING order and a payment session; the cart stays until the payment is verified", async () => {
      await setUp();
      const started = await checkout();
      expect(started.paymentSessionId).toMatch(/^session_/);
      expect(started.order).toMatchObject({ amountPaise: TOTAL_PAISE, paymentMethod: "cashfree", paymentStatus: "PENDING" });
      expect(await cartOf(db, shopper)).toHaveLength(2);
      expect(await listUserOrders(db, shopper)).toEqual([]);
      const sent = gateway.simulator!.requests.find((r) => r.path === "/orders")!;
      expect(sent.body).toMatchObject({
        order_id: started.order.id,
        order_amount: 4500.5,
        order_meta: { return_url: `${STORE_URL}/verify?orderId=${started.order.id}`, notify_url: `${STORE_URL}/api/webhooks/cashfree` },
      });
    });

    it("a double submit reuses the order and its payment session (one Cashfree order)", async () => {
      await setUp();
      const first = await checkout("form-key-0100");
      const again = await checkout("form-key-0100");
      expect(again.order.id).toBe(first.order.id);
      expect(again.paymentSessionId).toBe(first.paymentSessionId);
      expect(gateway.simulator!.requests.filter((r) => r.method === "POST" && r.path === "/orders")).toHaveLength(1);
      expect(await orderCount(db)).toBe(1);
    });

    it("the same form resubmitted with an edited address (after a failed payment) is a new order with that address", async () => {
      await setUp();
      const first = await checkout("form-key-edit");
      const edited = { ...orderBody(ITEMS), address: { ...ADDRESS, street: "14 MG Road" } };
      const second = await checkout("form-key-edit", "checkout", edited);
      expect(second.order.id).not.toBe(first.order.id);
      expect(second.order.address.street).toBe("14 MG Road");
      expect(await orderCount(db)).toBe(2);
    });

    it("20 concurrent identical checkouts make one order", async () => {
      await setUp();
      const answers = await Promise.all(Array.from({ length: 20 }, () => checkout("form-key-burst")));
      expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
      expect(new Set(answers.map((a) => a.paymentSessionId)).size).toBe(1);
      expect(await orderCount(db)).toBe(1);
    });

    it("verify: nothing paid yet → 409; FAILED → 402 with the cart intact; SUCCESS → PAID, listed, cart emptied", async () => {
      await setUp();
      const { order } = await checkout();
      const verify = () => verifyCashfreePayment(db, gateway, shopper, { orderId: order.id });

      expect((await rejection(verify())).status).toBe(409);

      await gateway.simulator!.settle({ orderId: order.id }, "FAILED", { notify: false });
      const failed = await rejection(verify());
      expect([failed.status, failed.message]).toEqual([402, ORDER_MESSAGES.paymentFailed]);
      expect(await cartOf(db, shopper)).toHaveLength(2);
      expect(await listUserOrders(db, shopper)).toEqual([]);
      expect((await db.selectFrom("orders").select("payment_status").executeTakeFirstOrThrow()).payment_status).toBe("FAILED");

      await gateway.simulator!.settle({ orderId: order.id }, "SUCCESS", { notify: false });
      expect(await verify()).toEqual({ paymentStatus: "PAID" });
      expect(await cartOf(db, shopper)).toEqual([]);
      expect((await listUserOrders(db, shopper)).map((o) => [o.id, o.paymentStatus])).toEqual([[order.id, "PAID"]]);
      // Verifying again is harmless.
      expect(await verify()).toEqual({ paymentStatus: "PAID" });
    });

    it("verify: USER_DROPPED → 402, PENDING → 409", async () => {
      await setUp();
      const { order } = await checkout();
      await gateway.simulator!.settle({ orderId: order.id }, "USER_DROPPED", { notify: false });
      expect((await rejection(verifyCashfreePayment(db, gateway, shopper, { orderId: order.id }))).status).toBe(402);
      await gateway.simulator!.settle({ orderId: order.id }, "PENDING", { notify: false });
      const pending = await rejection(verifyCashfreePayment(db, gateway, shopper, { orderId: order.id }));
      expect([pending.status, pending.message]).toEqual([409, ORDER_MESSAGES.paymentPending]);
      expect(await listUserOrders(db, shopper)).toEqual([]);
    });

    it("payment link (no JavaScript): unpaid return → 402; paid link → PAID", async () => {
      await setUp();
      const started = await checkout("form-key-link", "link");
      expect(started.linkUrl).toMatch(new RegExp(`^${STORE_URL}/payments/simulator/link/`));
      const verify = () => verifyCashfreePayment(db, gateway, shopper, { orderId: started.order.id });
      expect((await rejection(verify())).status).toBe(402);
      expect(await cartOf(db, shopper)).toHaveLength(2);
      await gateway.simulator!.settle({ linkId: started.order.id }, "SUCCESS", { notify: false });
      expect(await verify()).toEqual({ paymentStatus: "PAID" });
      expect(await cartOf(db, shopper)).toEqual([]);
    });

    it("another shopper's order id reads as unknown (404) for verify, verifyStripe and the list", async () => {
      await setUp();
      const { order } = await checkout();
      await gateway.simulator!.settle({ orderId: order.id }, "SUCCESS", { notify: false });
      await verifyCashfreePayment(db, gateway, shopper, { orderId: order.id });

      const stranger = await createShopper(db);
      for (const attempt of [
        () => verifyCashfreePayment(db, gateway, stranger, { orderId: order.id }),
        () => verifyStripePayment(db, stranger, { success: "true", orderId: order.id }),
      ]) {
        const error = await rejection(attempt());
        expect([error.status, error.message]).toEqual([404, ORDER_MESSAGES.orderNotFound]);
      }
      expect(await listUserOrders(db, stranger)).toEqual([]);
      expect((await rejection(verifyCashfreePayment(db, gateway, shopper, { orderId: newOrderId() }))).status).toBe(404);
      expect((await rejection(verifyCashfreePayment(db, gateway, shopper, { orderId: "../../etc" }))).status).toBe(400);
    });

    it("verifyStripe never trusts success=true: an unpaid order fails, a paid one succeeds", async () => {
      await setUp();
      const { order } = await checkout();
      const unpaid = await rejection(verifyStripePayment(db, shopper, { success: "true", orderId: order.id }));
      expect([unpaid.status, unpaid.message]).toEqual([402, ORDER_MESSAGES.verificationFailed]);
      expect(await listUserOrders(db, shopper)).toEqual([]);
      await gateway.simulator!.settle({ orderId: order.id }, "SUCCESS", { notify: false });
      await verifyCashfreePayment(db, gateway, shopper, { orderId: order.id });
      expect(await verifyStripePayment(db, shopper, { success: "false", orderId: order.id })).toEqual({ paymentStatus: "PAID" });
    });

    it("a Cashfree timeout answers 504 and leaves a PENDING order that a retry and a later verify complete", async () => {
      await setUp();
      gateway = fakeServerGateway(fake.apiBase, fakeCredentials, 200);
      fake.simulator.injectFault({ method: "POST", pathPrefix: "/orders", delayMs: 700 });
      const timedOut = await rejection(checkout("form-key-slow"));
      expect([timedOut.status, timedOut.message]).toEqual([504, ORDER_MESSAGES.gatewayTimeout]);
      const row = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
      expect(row.payment_status).toBe("PENDING");

      await new Promise((resolve) => setTimeout(resolve, 700));
      const retried = await checkout("form-key-slow");
      expect(retried.order.id).toBe(row.id);
      expect(retried.paymentSessionId).toMatch(/^session_/);
      await fake.simulator.settle({ orderId: row.id }, "SUCCESS", { notify: false });
      expect(await verifyCashfreePayment(db, gateway, shopper, { orderId: row.id })).toEqual({ paymentStatus: "PAID" });
    });

    it("Cashfree errors answer 502 with a sentence, never 500", async () => {
      await setUp();
      gateway = fakeServerGateway(fake.apiBase, fakeCredentials);
      fake.simulator.injectFault({ method: "POST", pathPrefix: "/orders", status: 500 });
      const down = await rejection(checkout("form-key-down"));
      expect([down.status, down.message]).toEqual([502, ORDER_MESSAGES.gatewayUnavailable]);
      gateway = fakeServerGateway(fake.apiBase, { ...fakeCredentials, clientSecret: "wrong" });
      expect((await rejection(checkout("form-key-auth"))).status).toBe(502);
    });
  });

  describe("how much one account can hold without paying (issue 43 item 3)", () => {
    const HOUR = 60 * 60_000;
    const NOW = Date.UTC(2026, 10, 20, 10, 0);
    const plain = (quantity: number) => [{ _id: "w-plain", size: "default", quantity }];
    /** An unpaid online order of `quantity` Casio Classics under a new form key, `at` ms (the cart refilled first). */
    async function unpaid(key: string, quantity: number, at = NOW) {
      await db.deleteFrom("cart_lines").where("user_id", "=", shopper).execute();
      await fillCart(db, shopper, [["w-plain", "default", quantity]]);
      return startCashfreePayment(db, gateway, { id: shopper }, orderBody(plain(quantity)), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: key, now: at });
    }

    it("refuses an order with more than 3 of one watch (colours together), online or cash on delivery, writing nothing", async () => {
      await setUp();
      await db.deleteFrom("cart_lines").where("user_id", "=", shopper).execute();
      await fillCart(db, shopper, [["w-plain", "default", 4]]);
      const expected = [400, "An order can have at most 3 of Casio Classic. Lower the quantity, or contact the store for a larger order."];
      const online = await rejection(checkout("form-key-big-1", "checkout", orderBody(plain(4))));
      const cod = await rejection(placeCodOrder(db, shopper, orderBody(plain(4)), { codEnabled: true, idempotencyKey: "form-key-big-2" }));
      expect([online.status, online.message]).toEqual(expected);
      expect([cod.status, cod.message]).toEqual(expected);

      await db.deleteFrom("cart_lines").where("user_id", "=", shopper).execute();
      await fillCart(db, shopper, [["w-gold", "Gold", 2], ["w-gold", "Silver", 2]]);
      const colours = await rejection(checkout("form-key-big-3", "checkout", orderBody([{ _id: "w-gold", size: "Gold", quantity: 2 }, { _id: "w-gold", size: "Silver", quantity: 2 }])));
      expect([colours.status, colours.message]).toEqual([400, "An order can have at most 3 of Rado Golden Hour. Lower the quantity, or contact the store for a larger order."]);
      expect(await orderCount(db)).toBe(0);
      expect(gateway.simulator!.requests.filter((r) => r.path === "/orders")).toHaveLength(0);
    });

    it("takes at most 6 of a watch in one account's unpaid online orders an hour, held or given back; the next answers 429 and writes nothing", async () => {
      await setUp();
      await unpaid("form-key-hold-1", 3, NOW);
      await unpaid("form-key-hold-2", 2, NOW + 20 * 60_000);
      // The first order's hold has ended by now: its units still count, so ordering again renews nothing.
      const refused = await rejection(unpaid("form-key-hold-3", 2, NOW + 40 * 60_000));
      expect([refused.status, refused.message]).toEqual([
        429,
        "Your unpaid orders from the last hour already include Casio Classic, and one account can have at most 6 of a watch in unpaid orders in an hour. Please pay for the order you started, try again later, or contact the store for a larger order.",
      ]);
      expect(await orderCount(db)).toBe(2);
      await unpaid("form-key-hold-4", 1, NOW + 40 * 60_000);
      // An hour after the first order, its units no longer count.
      await unpaid("form-key-hold-5", 3, NOW + HOUR + 1);
      expect(await orderCount(db)).toBe(4);
    });

    it("counts neither paid orders nor cash-on-delivery orders against it", async () => {
      await setUp();
      const paid = await unpaid("form-key-paid-1", 3, NOW);
      await gateway.simulator!.settle({ orderId: paid.order.id }, "SUCCESS", { notify: false });
      await verifyCashfreePayment(db, gateway, shopper, { orderId: paid.order.id });
      await unpaid("form-key-paid-2", 3, NOW + 1000);
      await unpaid("form-key-paid-3", 3, NOW + 2000);
      await fillCart(db, shopper, [["w-gold", "Gold", 1]]);
      await placeCodOrder(db, shopper, orderBody([...plain(3), { _id: "w-gold", size: "Gold", quantity: 1 }]), { codEnabled: true, idempotencyKey: "form-key-cod-1", now: NOW + 3000 });
      expect(await orderCount(db)).toBe(4);
    });

    it("sends Cashfree the end of the hold as the order's and the link's expiry (15 minutes by default)", async () => {
      await setUp();
      const started = await startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "form-key-exp-1", now: NOW });
      expect(gateway.simulator!.requests.find((r) => r.path === "/orders")!.body).toMatchObject({ order_expiry_time: "2026-11-20T10:15:00.000Z" });
      // The no-JavaScript path switches to a link 5 minutes later: the same end of the hold, a figure of the order, not of the call.
      await startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode: "link", storeUrl: STORE_URL, idempotencyKey: "form-key-exp-1", now: NOW + 5 * 60_000 });
      expect(gateway.simulator!.requests.find((r) => r.path === "/links")!.body).toMatchObject({ link_expiry_time: "2026-11-20T10:15:00.000Z" });
      // Back after the hold (20 minutes in): the first 15-minute step after the order at least 15 minutes away.
      await startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "form-key-exp-1", now: NOW + 20 * 60_000 });
      expect(gateway.simulator!.requests.filter((r) => r.path === "/orders" && r.method === "POST").at(-1)!.body).toMatchObject({ order_expiry_time: "2026-11-20T10:45:00.000Z" });
      expect(started.order.id).toMatch(/^CI261120-/);
    });
  });

  describe("order status for the store owner", () => {
    it("moves a cash-on-delivery order; refuses unknown statuses, unknown ids and unpaid online orders", async () => {
      await setUp();
      const { order } = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true });
      expect((await setOrderStatus(db, order.id, "Out for delivery")).status).toBe("Out for delivery");
      expect((await listUserOrders(db, shopper))[0].status).toBe("Out for delivery");
      expect((await rejection(setOrderStatus(db, order.id, "Teleported"))).status).toBe(400);
      expect((await rejection(setOrderStatus(db, "CI000000-NONE", "Packing"))).status).toBe(404);

      await fillCart(db, shopper, CART);
      const online = await checkout("form-key-status");
      expect((await rejection(setOrderStatus(db, online.order.id, "Shipped"))).status).toBe(409);
    });

    it("lists newest first, paid and cash-on-delivery orders only", async () => {
      await setUp();
      const cod = await placeCodOrder(db, shopper, orderBody(ITEMS), { codEnabled: true, now: 1_000 });
      await fillCart(db, shopper, CART);
      const unpaid = await startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "k-unpaid-01", now: 2_000 });
      const paid = await startCashfreePayment(db, gateway, { id: shopper }, orderBody(ITEMS), { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: "k-paid-0001", now: 3_000 });
      await gateway.simulator!.settle({ orderId: paid.order.id }, "SUCCESS", { notify: false });
      await verifyCashfreePayment(db, gateway, shopper, { orderId: paid.order.id });
      const listed = await listUserOrders(db, shopper);
      expect(listed.map((o) => o.id)).toEqual([paid.order.id, cod.order.id]);
      expect(listed.map((o) => o.id)).not.toContain(unpaid.order.id);
    });
  });
});

describe("order limits (issue 43 item 3; lib/order-limits)", () => {
  const line = (productId: string, quantity: number) => ({ productId, name: productId.toUpperCase(), quantity });

  it("allows 3 of a watch and 6 in all in one order; says which watch is over, and when all are", () => {
    expect(orderLimitProblems([line("a", 3), line("b", 3)])).toEqual([]);
    expect(orderLimitProblems([line("a", 2), line("a", 2)])).toEqual([{ productId: "a", message: ORDER_LIMIT_MESSAGES.watchOverLimit("A") }]);
    expect(orderLimitProblems([line("a", 3), line("b", 3), line("c", 1)])).toEqual([{ productId: null, message: ORDER_LIMIT_MESSAGES.orderOverLimit }]);
  });

  it("allows 6 of a watch and 12 in all with the account's unpaid orders of the hour", () => {
    expect(unpaidLimitProblems([line("a", 3)], [line("a", 3)])).toEqual([]);
    expect(unpaidLimitProblems([line("a", 1)], [line("a", 3), line("a", 3)])).toEqual([{ productId: "a", message: ORDER_LIMIT_MESSAGES.unpaidWatchOverLimit("A") }]);
    expect(unpaidLimitProblems([line("e", 1)], [line("a", 3), line("b", 3), line("c", 3), line("d", 3)])).toEqual([{ productId: null, message: ORDER_LIMIT_MESSAGES.unpaidOverLimit }]);
  });
});
