import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { addCartItem } from "~/services/carts.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { startCashfreePayment } from "~/services/payments.server";
import { releaseExpiredHolds } from "~/services/stock.server";
import { ADDRESS, createShopper, fillCart, orderBody, seedWatches, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Real stock (issue 23 item 1; DESIGN.md §21): units are taken inside the order's transaction and
 * never go below zero, whoever races for them; a cancellation and an unpaid hold past its time give
 * them back, once; cash on delivery keeps them; a sold-out watch can't be added to a cart.
 */

/** Tue 24 Nov 2026, 12:00 IST. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const OWNER = { id: null, email: "test:owner" };
const PLAIN = [{ _id: "w-plain", size: "default", quantity: 1 }];

describe.each(testDatabases())("stock on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;

  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function setUp(stock: number | null) {
    current = await create();
    db = current.db;
    await seedWatches(db);
    await db.updateTable("products").set({ stock }).where("id", "=", "w-plain").execute();
  }
  const stockOf = async (id = "w-plain") => (await db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
  const movements = async () =>
    (await db.selectFrom("stock_movements").select(["delta", "stock_after", "reason"]).where("product_id", "=", "w-plain").orderBy("id").execute()).map(
      (row) => [Number(row.delta), row.stock_after === null ? null : Number(row.stock_after), row.reason],
    );
  async function shopperWithCart(quantity = 1) {
    const id = await createShopper(db);
    await fillCart(db, id, [["w-plain", "default", quantity]]);
    return id;
  }
  const cod = (shopper: number, key: string, quantity = 1) =>
    placeCodOrder(db, shopper, { ...orderBody([{ ...PLAIN[0], quantity }]), address: ADDRESS }, { codEnabled: true, idempotencyKey: key, now: NOW });

  it("50 shoppers racing for the last 3 units make exactly 3 orders; the others are told plainly, and stock ends at 0", async () => {
    await setUp(3);
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await shopperWithCart());
    const results = await Promise.allSettled(shoppers.map((shopper, i) => cod(shopper, `race-key-${String(i).padStart(4, "0")}`)));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(BackendError);
      expect([(reason as BackendError).status, (reason as BackendError).message]).toEqual([
        409,
        "Casio Classic is out of stock. Remove it from your cart to place your order.",
      ]);
    }
    expect(await stockOf()).toBe(0);
    const orders = await db.selectFrom("orders").select("stock_state").execute();
    expect(orders.map((o) => o.stock_state)).toEqual(["held", "held", "held"]);
    expect(await movements()).toEqual([
      [-1, 2, "sale"],
      [-1, 1, "sale"],
      [-1, 0, "sale"],
    ]);
  });

  it("tells a shopper who wants more than are left how many are", async () => {
    await setUp(2);
    const shopper = await shopperWithCart(3);
    const error = await cod(shopper, "short-key-0001", 3).catch((e: unknown) => e);
    expect([(error as BackendError).status, (error as BackendError).message]).toEqual([
      409,
      "Only 2 of Casio Classic are left. Lower the quantity to place your order.",
    ]);
    expect(await stockOf()).toBe(2);
    expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);
  });

  it("a watch whose stock is not tracked sells without a count, and its orders hold nothing", async () => {
    await setUp(null);
    const { order } = await cod(await shopperWithCart(3), "untracked-0001", 3);
    expect(await stockOf()).toBeNull();
    expect((await db.selectFrom("orders").select("stock_state").where("id", "=", order.id).executeTakeFirstOrThrow()).stock_state).toBeNull();
  });

  it("a cancelled order gives its units back, once", async () => {
    await setUp(4);
    const { order } = await cod(await shopperWithCart(2), "cancel-key-0001", 2);
    expect(await stockOf()).toBe(2);
    await setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, now: NOW + 1000, actor: OWNER });
    expect(await stockOf()).toBe(4);
    await setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, now: NOW + 2000, actor: OWNER });
    expect(await stockOf()).toBe(4);
    expect(await movements()).toEqual([
      [-2, 2, "sale"],
      [2, 4, "cancel"],
    ]);
  });

  it("an online order unpaid past the hold gives its units back; cash on delivery keeps them", async () => {
    await setUp(5);
    const online = await startCashfreePayment(db, simulatorGateway(), { id: await shopperWithCart(2) }, { ...orderBody([{ ...PLAIN[0], quantity: 2 }]), address: ADDRESS }, {
      mode: "checkout",
      storeUrl: STORE_URL,
      idempotencyKey: "online-key-0001",
      now: NOW,
    });
    await cod(await shopperWithCart(1), "cod-hold-0001", 1);
    expect(await stockOf()).toBe(2);
    const thirtyMinutes = 30 * 60_000;
    // 29 minutes on: still held.
    expect(await releaseExpiredHolds(db, { holdMs: thirtyMinutes, now: NOW + 29 * 60_000 })).toBe(0);
    expect(await stockOf()).toBe(2);
    // 31 minutes on: the unpaid online order's 2 units go back; the COD order's 1 stays taken.
    expect(await releaseExpiredHolds(db, { holdMs: thirtyMinutes, now: NOW + 31 * 60_000 })).toBe(1);
    expect(await stockOf()).toBe(4);
    expect(await releaseExpiredHolds(db, { holdMs: thirtyMinutes, now: NOW + 32 * 60_000 })).toBe(0);
    const row = await db.selectFrom("orders").select("stock_state").where("id", "=", online.order.id).executeTakeFirstOrThrow();
    expect(row.stock_state).toBe("released");
  });

  it("a sold-out watch can't be added to a cart", async () => {
    await setUp(0);
    const shopper = await createShopper(db);
    const error = await addCartItem(db, shopper, { itemId: "w-plain", size: "default" }).catch((e: unknown) => e);
    expect([(error as BackendError).status, (error as BackendError).message]).toEqual([409, "Sorry, this watch is out of stock."]);
    expect(await db.selectFrom("cart_lines").select("product_id").execute()).toEqual([]);
  });
});
