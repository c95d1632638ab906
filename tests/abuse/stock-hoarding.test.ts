import he from "he";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import type { DB } from "~/db/db.server";
import { releaseExpiredHolds, setProductStock } from "~/services/stock.server";
import { ADDRESS } from "../fixtures/address";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";
import { logInCookie, registerShopper, type RegisteredShopper } from "../setup/shoppers";

/**
 * Issue 43 item 3, repeated against the production build (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): one new account put 99 units, then the remaining 67, of one watch into two
 * unpaid online orders — stock 166 → 0, the page said "Out of stock" and every other shopper got
 * 409 for the whole hold, renewable by ordering again. Now a cart line holds at most 3, an order at
 * most 3 of a watch, and one account's unpaid online orders of the last hour at most 6 of it, held
 * or given back; the refusal is a sentence (English and Hindi, the Store API and the plain form)
 * that sends a larger order to the store. The numbers are docs/decisions/0930's, written out here.
 */

const SUFFIX = "stock-hoarding";
/** The watch's stock before the hoard, as in the issue. */
const STOCK = 166;
/** docs/decisions/0930: per cart line and per order; per account's unpaid online orders of an hour. */
const PER_ORDER = 3;
const PER_ACCOUNT_HOUR = 6;
const HOLD_MINUTES = 15;

const CART_CAP = "You can have at most 3 of one watch in your cart. For a larger order, please contact the store.";
const orderCap = (name: string) => `An order can have at most 3 of ${name}. Lower the quantity, or contact the store for a larger order.`;
const orderCapHindi = (name: string) => `एक ऑर्डर में ${name} ज़्यादा से ज़्यादा 3 हो सकती हैं। मात्रा कम करें, या बड़े ऑर्डर के लिए स्टोर से संपर्क करें।`;
const accountCap = (name: string) =>
  `Your unpaid orders from the last hour already include ${name}, and one account can have at most 6 of a watch in unpaid orders in an hour. Please pay for the order you started, try again later, or contact the store for a larger order.`;
const accountCapHindi = (name: string) =>
  `पिछले एक घंटे के आपके बिना भुगतान वाले ऑर्डरों में ${name} पहले से है, और एक खाते के बिना भुगतान वाले ऑर्डरों में एक घंटे में कोई घड़ी ज़्यादा से ज़्यादा 6 हो सकती है। कृपया जो ऑर्डर आपने शुरू किया है उसका भुगतान करें, बाद में कोशिश करें, या बड़े ऑर्डर के लिए स्टोर से संपर्क करें।`;

const kinds: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

beforeAll(() => {
  buildProofApp(SUFFIX);
}, 300_000);

describe.each(kinds)("stock hoarding through unpaid orders on %s", (kind) => {
  let database: ProofDatabase;
  let server: ProofServer;
  let db: DB;
  let base: string;
  let watch: { id: string; name: string; nameHi: string };
  let hoarder: RegisteredShopper;

  beforeAll(async () => {
    database = await createProofDatabase(kind);
    server = await proofServer({ suffix: SUFFIX, database, env: { ENABLE_COD: "true" } });
    await server.start();
    base = server.baseUrl;
    db = database.open();
    const products = await db.selectFrom("products").select(["id", "name", "name_hi", "colours", "price_paise"]).where("hidden", "=", 0).orderBy("id").execute();
    const row = products.find((p) => (JSON.parse(p.colours) as string[]).length === 0 && Number(p.price_paise) <= 2_000_000)!;
    watch = { id: row.id, name: row.name, nameHi: row.name_hi ?? row.name };
    // The owner's count, as in the issue (the back office's way: a movement, the pages told).
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("products").select("stock").where("id", "=", watch.id).executeTakeFirstOrThrow();
      await setProductStock(trx, watch.id, STOCK, { reason: "edit", actor: "owner@test", now: Date.now(), before: before.stock === null ? null : Number(before.stock) });
    });
    hoarder = await registerShopper(base, "hoarder");
  }, 300_000);

  afterAll(async () => {
    if (process.env.ABUSE_DEBUG) console.log(server?.output());
    await db?.destroy();
    await server?.stop();
    await database?.cleanup();
  }, 60_000);

  async function api(pathname: string, body: unknown, token: string, key?: string): Promise<{ status: number; json: { success?: boolean; message?: string } }> {
    const response = await fetch(base + pathname, {
      method: "POST",
      headers: { "content-type": "application/json", token, ...(key ? { "idempotency-key": key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { success?: boolean; message?: string } };
  }

  /** An unpaid online order of `quantity` of the watch through the Store API (Cashfree's modal path). */
  const onlineOrder = (token: string, quantity: number, key: string) =>
    api("/api/order/cashfree", { address: ADDRESS, items: [{ _id: watch.id, size: DEFAULT_SIZE_KEY, quantity }], amount: 1 }, token, key);

  /** The hoarder's cart line, as a cart saved before the cap could hold it. */
  const setCartLine = (quantity: number) =>
    db.updateTable("cart_lines").set({ quantity }).where("product_id", "=", watch.id).where("user_id", "in", db.selectFrom("users").select("id").where("email", "=", hoarder.email)).execute();

  const stockNow = async () => Number((await db.selectFrom("products").select("stock").where("id", "=", watch.id).executeTakeFirstOrThrow()).stock);

  const hoarderOrders = () =>
    db
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select(["orders.id", "orders.items", "orders.payment_status", "orders.stock_state"])
      .where("users.email", "=", hoarder.email)
      .orderBy("orders.created_at")
      .execute();

  const saleMovements = () => db.selectFrom("stock_movements").select(["delta", "reason"]).where("product_id", "=", watch.id).where("reason", "=", "sale").execute();

  it("one account takes at most 6 of the watch's 166 through unpaid online orders; the rest stays on sale", async () => {
    expect((await api("/api/cart/add", { itemId: watch.id, size: DEFAULT_SIZE_KEY }, hoarder.token)).status).toBe(200);
    // The reproduction's first step: 99 of the watch in the cart.
    expect(await api("/api/cart/update", { itemId: watch.id, size: DEFAULT_SIZE_KEY, quantity: 99 }, hoarder.token)).toEqual({ status: 400, json: { success: false, message: CART_CAP } });
    expect((await api("/api/cart/update", { itemId: watch.id, size: DEFAULT_SIZE_KEY, quantity: PER_ORDER }, hoarder.token)).status).toBe(200);

    // A cart from before the cap (99, then 67): the order itself refuses it, whatever the cart allowed.
    for (const quantity of [99, 67]) {
      await setCartLine(quantity);
      expect(await onlineOrder(hoarder.token, quantity, `hoard-big-${quantity}`)).toEqual({ status: 400, json: { success: false, message: orderCap(watch.name) } });
    }
    await setCartLine(PER_ORDER);

    // Orders of 3 until the account's hour is full: two, then 429.
    const answers = [];
    for (let i = 1; i <= 4; i += 1) answers.push(await onlineOrder(hoarder.token, PER_ORDER, `hoard-key-${i}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429]);
    expect(answers[2].json).toEqual({ success: false, message: accountCap(watch.name) });

    // Rows: two orders of 3, unpaid, holding; two sales of 3; the stock 166 − 6.
    const orders = await hoarderOrders();
    expect(orders.map((o) => [JSON.parse(o.items).map((item: { quantity: number }) => item.quantity), o.payment_status, o.stock_state])).toEqual([
      [[PER_ORDER], "PENDING", "held"],
      [[PER_ORDER], "PENDING", "held"],
    ]);
    expect(await saleMovements()).toEqual([
      { delta: -PER_ORDER, reason: "sale" },
      { delta: -PER_ORDER, reason: "sale" },
    ]);
    expect(await stockNow()).toBe(STOCK - PER_ACCOUNT_HOUR);

    // Everyone else still sees it on sale and can buy it.
    const page = await (await fetch(`${base}/product/${watch.id}`)).text();
    expect(/data-testid="stock">([^<]*)</.exec(page)?.[1]).toBe("In stock");
    const other = await registerShopper(base, "other");
    expect((await api("/api/cart/add", { itemId: watch.id, size: DEFAULT_SIZE_KEY }, other.token)).status).toBe(200);
    expect((await onlineOrder(other.token, 1, "other-key-1")).status).toBe(200);
    expect(await stockNow()).toBe(STOCK - PER_ACCOUNT_HOUR - 1);
  }, 120_000);

  it("a hold that ran out is not renewed by ordering again within the hour", async () => {
    // The hoarder's two orders, 20 minutes old: past the 15-minute hold, inside the hour.
    const ids = (await hoarderOrders()).map((o) => o.id);
    await db.updateTable("orders").set({ created_at: Date.now() - 20 * 60_000 }).where("id", "in", ids).execute();
    expect(await releaseExpiredHolds(db, { holdMs: HOLD_MINUTES * 60_000 })).toBe(2);
    expect(await stockNow()).toBe(STOCK - 1);

    const again = await onlineOrder(hoarder.token, PER_ORDER, "hoard-renew");
    expect(again).toEqual({ status: 429, json: { success: false, message: accountCap(watch.name) } });
    expect((await hoarderOrders()).map((o) => o.stock_state)).toEqual(["released", "released"]);
    expect(await stockNow()).toBe(STOCK - 1);
  }, 60_000);

  it("says so in the checkout form without JavaScript, in English and in Hindi", async () => {
    const cookie = await logInCookie(base, hoarder);
    const form = (key: string) => ({
      ...ADDRESS,
      // A PIN the demo store delivers to (the Store API's orders above skip the page's delivery check).
      zipcode: "560038",
      paymentMethod: "cashfree",
      checkout: "redirect",
      idempotencyKey: `checkout-hoard-${key}`,
      cartLines: JSON.stringify([[watch.id, DEFAULT_SIZE_KEY, PER_ORDER]]),
    });
    for (const [prefix, sentence] of [
      ["", accountCap(watch.name)],
      ["/hi", accountCapHindi(watch.name)],
    ] as const) {
      const response = await fetch(`${base}${prefix}/place-order`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
        body: new URLSearchParams(form(prefix ? "hi" : "en")),
        redirect: "manual",
      });
      const html = he.decode(await response.text());
      expect(response.status).toBe(429);
      expect(html).toContain(sentence);
    }

    // A cart over the order's limit is told on the cart page, before the checkout, in both languages.
    await setCartLine(PER_ORDER + 1);
    for (const [prefix, sentence] of [
      ["", orderCap(watch.name)],
      ["/hi", orderCapHindi(watch.nameHi)],
    ] as const) {
      const cart = await fetch(`${base}${prefix}/cart`, { headers: { cookie } });
      expect(cart.status).toBe(200);
      expect(he.decode(await cart.text())).toContain(sentence);
    }
    await setCartLine(PER_ORDER);
    expect(await hoarderOrders()).toHaveLength(2);
    expect(await stockNow()).toBe(STOCK - 1);
  }, 60_000);
});
