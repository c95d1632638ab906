import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import type { DB } from "~/db/db.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import type { CashfreeSimulator } from "~/payments/simulator.server";
import type { Order } from "~/schemas/orders";
import type { Actor } from "~/services/audit.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { createShopper, fillCart, orderBody, seedWatches, STORE_URL } from "../fakes/shop";
import type { TestDatabase } from "./databases";

/**
 * The order set-up the unit tests share (tests/unit/*: the back office's orders, order emails, the
 * shopper's cancel, returns): a shop in a fresh test database, a cart filled and a cash-on-delivery
 * or paid order placed, the order moved on to Delivered (a refused call is checked with
 * `refusal` of tests/setup/refusal.ts). Money in paise, times in ms since the
 * epoch; the products are those of `seedWatches` (tests/fakes/shop.ts: w-plain ₹1,000, w-gold
 * ₹2,500.50 in "Gold").
 */

/** The cart line `fillCart` takes: product id, colour ("size"), quantity. */
export type CartLine = [productId: string, size: string, quantity: number];
/** An order's lines as the client's body sends them (`orderBody`). */
export type BodyItem = { _id: string; size: string; quantity: number; price?: number };
/** What an order is made of: the cart to fill, the same lines in the body, and the body's claimed amount in rupees (orderBody's default when absent). */
export type OrderLines = { cart: CartLine[]; items: BodyItem[]; amount?: number };

/** The usual order: 2 × w-plain (₹1,000) and 1 × w-gold in Gold (₹2,500.50). */
export const STANDARD_LINES: OrderLines = {
  cart: [
    ["w-plain", "default", 2],
    ["w-gold", "Gold", 1],
  ],
  items: [
    { _id: "w-plain", size: "default", quantity: 2 },
    { _id: "w-gold", size: "Gold", quantity: 1 },
  ],
};
/** The usual order's total in paise, worked out by hand: 2 × ₹1,000 + ₹2,500.50 = 450,050 paise. */
export const STANDARD_TOTAL_PAISE = 2 * 100_000 + 250_050;
/** The staff member who moves orders in the tests (no user row: an owner signed in by email). */
export const STAFF: Actor = { id: null, email: "staff@example.in" };

/** A shop in a fresh test database: the database (`current`, to clean up after the case), the watches seeded and one shopper (a user id). */
export async function openShop(create: () => Promise<TestDatabase>): Promise<{ current: TestDatabase; db: DB; shopper: number }> {
  const current = await create();
  await seedWatches(current.db);
  const shopper = await createShopper(current.db);
  return { current, db: current.db, shopper };
}

/**
 * For a `describe` block: answers a function that opens a fresh shop (openShop) for the case, and
 * registers an afterEach that cleans that case's database up. Call it in the describe's body, not
 * in a test.
 */
export function shopPerCase(create: () => Promise<TestDatabase>): () => Promise<{ current: TestDatabase; db: DB; shopper: number }> {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return async () => {
    const shop = await openShop(create);
    current = shop.current;
    return shop;
  };
}

/**
 * Fills `userId`'s cart with `lines.cart` and places a cash-on-delivery order of `lines.items`
 * (COD enabled) under the form key `key`, at `now` (ms; the clock when absent); `body` adds fields
 * to the client's body (e.g. `{ language: "hi" }`). Answers what placeCodOrder answers: the order
 * and whether this call created it (a replayed key does not).
 */
export async function placeCod(
  db: DB,
  userId: number,
  key: string,
  options: { lines?: OrderLines; now?: number; body?: Record<string, unknown> } = {},
): Promise<{ order: Order; created: boolean }> {
  const lines = options.lines ?? STANDARD_LINES;
  await fillCart(db, userId, lines.cart);
  return placeCodOrder(db, userId, { ...orderBody(lines.items, lines.amount), ...options.body }, { codEnabled: true, now: options.now, idempotencyKey: key });
}

/**
 * Fills `userId`'s cart, starts a Cashfree payment of `lines.items` through `gateway` in the
 * checkout modal ("checkout", settled as order `{id}`) or on a payment link ("link", settled as
 * link `{id}`), settles it SUCCESS at `simulator` (the fake server's or the in-process one, no
 * webhook) and verifies it, so the order is paid. Answers the order as started.
 */
export async function placePaid(
  db: DB,
  gateway: PaymentGateway,
  simulator: CashfreeSimulator,
  userId: number,
  key: string,
  options: { mode?: "checkout" | "link"; lines?: OrderLines } = {},
): Promise<Order> {
  const lines = options.lines ?? STANDARD_LINES;
  const mode = options.mode ?? "checkout";
  await fillCart(db, userId, lines.cart);
  const { order } = await startCashfreePayment(db, gateway, { id: userId }, orderBody(lines.items, lines.amount), { mode, storeUrl: STORE_URL, idempotencyKey: key });
  await simulator.settle(mode === "checkout" ? { orderId: order.id } : { linkId: order.id }, "SUCCESS", { notify: false });
  await verifyCashfreePayment(db, gateway, userId, { orderId: order.id });
  return order;
}

/** One move of `moveOrder`: a status, or a status with its moment (ms) and, for "Shipped", the shipment (courier, AWB, tracking URL). */
export type OrderStep = string | { status: string; now?: number; shipment?: unknown };

/** Moves the order through `steps` in turn as staff `actor` (setOrderStatus without live credentials); each move writes its event and audit row. */
export async function moveOrder(db: DB, orderId: string, steps: readonly OrderStep[], actor: Actor = STAFF): Promise<void> {
  for (const step of steps) {
    const { status, now, shipment } = typeof step === "string" ? { status: step, now: undefined, shipment: undefined } : step;
    await setOrderStatus(db, orderId, status, { liveCredentials: false, now, actor, shipment });
  }
}

/** Moves the order Packing → Shipped (with `shipment`, Blue Dart BD1234 by default) → Delivered as staff `actor`, at the clock's time. */
export async function deliverOrder(db: DB, orderId: string, options: { shipment?: unknown; actor?: Actor } = {}): Promise<void> {
  await moveOrder(db, orderId, ["Packing", { status: "Shipped", shipment: options.shipment ?? { courier: "Blue Dart", awbNumber: "BD1234" } }, "Delivered"], options.actor);
}

/** A day in ms (24 h). */
const DAY_MS = 24 * 3600_000;

/**
 * A cash-on-delivery order of `lines` for `userId` (form key `key`) delivered at `deliveredAt` (ms):
 * placed 3 days before, its promised delivery dates set to `promised` (YYYY-MM-DD, when given)
 * straight after, Shipped 1 day before delivery (Blue Dart, AWB BD1234567) and Delivered at
 * `deliveredAt`, each move by STAFF. Answers the order as placed (status "Order Placed").
 */
export async function placeDeliveredCod(
  db: DB,
  userId: number,
  key: string,
  options: { lines: OrderLines; deliveredAt: number; promised?: { from: string; to: string } },
): Promise<Order> {
  const { deliveredAt, promised } = options;
  const order = (await placeCod(db, userId, key, { lines: options.lines, now: deliveredAt - 3 * DAY_MS })).order;
  if (promised) await db.updateTable("orders").set({ delivery_from: promised.from, delivery_to: promised.to }).where("id", "=", order.id).execute();
  await moveOrder(db, order.id, [
    { status: "Shipped", now: deliveredAt - DAY_MS, shipment: { courier: "Blue Dart", awbNumber: "BD1234567" } },
    { status: "Delivered", now: deliveredAt },
  ]);
  return order;
}

/**
 * For a `describe` block: answers a function that makes a fresh temporary directory (its name
 * starting `prefix`, under the system's tmp) for the case — uploads' photos or videos — and
 * registers an afterEach that removes every directory it made. Call it in the describe's body.
 */
export function tempDirsPerCase(): (prefix: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
