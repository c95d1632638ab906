import { describe, expect, it } from "vitest";
import { discountCodeRow } from "../setup/discount-codes";
import type { Insertable } from "kysely";
import type { DB } from "~/db/db.server";
import type { DiscountCodesTable } from "~/db/schema";
import { allocateProportionally, evaluateDiscount, type DiscountCode, type DiscountLine } from "~/lib/discounts";
import type { PaymentGateway } from "~/payments/gateway.server";
import { applyCartCode, cartCode, cartCodeSummary, releaseExpiredCodeUses } from "~/services/discounts.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { startCashfreePayment, verifyCashfreePayment } from "~/services/payments.server";
import { ADDRESS, createShopper, fillCart, orderBody, simulatorGateway, STORE_URL } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { shopPerCase, STAFF, STANDARD_LINES, STANDARD_TOTAL_PAISE, type OrderLines } from "../setup/orders";
import { refusal } from "../setup/refusal";

/**
 * Discount codes in the database (issue 47 items 2–3, "Done when"; docs/decisions/1011), on SQLite
 * and PostgreSQL: shoppers racing for a code's last use (exactly one order gets it, the others are
 * refused and write nothing), the use given back exactly once (cancel, a failed payment, the expiry
 * sweep) and taken again by a late payment, the limits (total, per shopper by account, delivery
 * email and mobile), the dates at a clock set here, scope, minimum, a cart changed after the code,
 * forged bodies, another shopper's cart, a paused code; and the allocation's parts adding up.
 * Expected sentences and amounts are written out here by hand.
 */

/** Tue 24 Nov 2026, 12:00 IST. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const MINUTE = 60_000;

/** The sentences a shopper reads (lib/discounts DISCOUNT_MESSAGES, written out). */
const SAY = {
  usedUp: "This code has been used up.",
  usedByYou: "You have already used this code.",
  paused: "This code is not available right now.",
  nothingApplies: "This code doesn't apply to anything in your cart.",
  unknown: "We don't know this code. Please check it.",
  noLonger: (reason: string) => `Your discount code no longer applies: ${reason} Please check your total and try again.`,
};

/** A code row with the defaults of a plain active code (10 % off everything, no limits), made a day before NOW. */
function codeRow(code: string, fields: Partial<Insertable<DiscountCodesTable>> = {}): Insertable<DiscountCodesTable> {
  return discountCodeRow(code, fields, NOW - 86_400_000);
}

/** A seeded PRNG (mulberry32) so the property loop is the same every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the allocation adds up to the paisa (pure)", () => {
  it("a fixed table worked by hand", () => {
    // ₹1,000 off lines of ₹6,000 and ₹4,000 → ₹600 and ₹400.
    expect(allocateProportionally(100_000, [600_000, 400_000])).toEqual([60_000, 40_000]);
    // 100 paise over three equal lines: 33 each and the odd paisa to the first.
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // ₹10 over ₹1,000 and ₹2,500.50: 1000 × 100000/350050 = 285.67… → 286; 714.32… → 714.
    expect(allocateProportionally(1_000, [100_000, 250_050])).toEqual([286, 714]);
    const code: DiscountCode = {
      id: 1, code: "FLAT1000", kind: "fixed", percentBp: null, valuePaise: 100_000, scope: "all", scopeValues: [], minSubtotalPaise: 0,
      totalLimit: null, usesTaken: 0, perShopperLimit: null, startsAt: null, endsAt: null, status: "active", public: true,
    };
    const lines: DiscountLine[] = [
      { key: "a", productId: "a", brand: "Titan", category: "Men", pricePaise: 600_000, quantity: 1 },
      { key: "b", productId: "b", brand: "Casio", category: "Men", pricePaise: 200_000, quantity: 2 },
    ];
    const outcome = evaluateDiscount(code, lines, { now: NOW, shopperUses: 0 });
    expect(outcome).toEqual({ ok: true, effect: { discountPaise: 100_000, eligibleSubtotalPaise: 1_000_000, lines: [{ key: "a", discountPaise: 60_000 }, { key: "b", discountPaise: 40_000 }] } });
  });

  it("random carts (seed 47): the parts are whole paise, never above their line, and add up to the discount", () => {
    const random = prng(47);
    const int = (max: number) => Math.floor(random() * max);
    for (let round = 0; round < 2_000; round++) {
      const weights = Array.from({ length: 1 + int(8) }, () => (int(10) === 0 ? 0 : 1 + int(5_000_000)));
      const sum = weights.reduce((s, w) => s + w, 0);
      const total = sum === 0 ? int(1000) : int(sum + 1);
      const parts = allocateProportionally(total, weights);
      expect(parts.length).toBe(weights.length);
      if (sum === 0) {
        expect(parts.every((p) => p === 0)).toBe(true);
        continue;
      }
      expect(parts.reduce((s, p) => s + p, 0), `round ${round}`).toBe(total);
      parts.forEach((part, i) => {
        expect(Number.isInteger(part) && part >= 0 && part <= weights[i]).toBe(true);
        // Within one paisa of the exact share.
        expect(Math.abs(part - (total * weights[i]) / sum)).toBeLessThan(1);
      });
    }
  });

  it("random carts through a percent code: the lines' discounts add up to the order's", () => {
    const random = prng(4747);
    const int = (max: number) => Math.floor(random() * max);
    for (let round = 0; round < 500; round++) {
      const lines: DiscountLine[] = Array.from({ length: 1 + int(6) }, (_, i) => ({
        key: `p${i}`, productId: `p${i}`, brand: "Titan", category: "Men", pricePaise: 100 + int(5_000_000), quantity: 1 + int(3),
      }));
      const percentBp = 1 + int(10_000);
      const code: DiscountCode = {
        id: 1, code: "P", kind: "percent", percentBp, valuePaise: null, scope: "all", scopeValues: [], minSubtotalPaise: 0,
        totalLimit: null, usesTaken: 0, perShopperLimit: null, startsAt: null, endsAt: null, status: "active", public: true,
      };
      const outcome = evaluateDiscount(code, lines, { now: NOW, shopperUses: 0 });
      if (!outcome.ok) throw new Error("a code without limits applies");
      const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
      // Round half up of subtotal × bp / 10000, capped so ₹1 stays to pay — computed here with BigInt.
      const exact = (BigInt(subtotal) * BigInt(percentBp) * 2n + 10_000n) / 20_000n;
      expect(outcome.effect.discountPaise).toBe(Math.min(Number(exact), subtotal - 100));
      expect(outcome.effect.lines.reduce((s, l) => s + l.discountPaise, 0)).toBe(outcome.effect.discountPaise);
    }
  });
});

describe.each(testDatabases())("discount codes on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let gateway: PaymentGateway;
  let keys = 0;

  async function setUp() {
    ({ db } = await openCase());
    await db.updateTable("products").set({ stock: 50 }).execute();
    gateway = simulatorGateway();
  }
  const seedCode = async (code: string, fields: Partial<Insertable<DiscountCodesTable>> = {}) => {
    const row = await db.insertInto("discount_codes").values(codeRow(code, fields)).returning("id").executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const usesTaken = async (id: number) => Number((await db.selectFrom("discount_codes").select("uses_taken").where("id", "=", id).executeTakeFirstOrThrow()).uses_taken);
  const stateOfUses = async (id: number) => (await db.selectFrom("discount_code_uses").select("state").where("code_id", "=", id).orderBy("id").execute()).map((r) => r.state);
  const stockOf = async (id = "w-plain") => Number((await db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);
  const orderCount = async () => (await db.selectFrom("orders").select("id").execute()).length;
  const nextKey = (label: string) => `${label}-key-${String((keys += 1)).padStart(4, "0")}`;

  /** A shopper (new unless given) with `lines` in the cart and `code` applied at `now`. */
  async function cartWithCode(code: string, options: { userId?: number; lines?: OrderLines; now?: number } = {}) {
    const userId = options.userId ?? (await createShopper(db));
    await db.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
    await fillCart(db, userId, (options.lines ?? STANDARD_LINES).cart);
    await applyCartCode(db, userId, code, options.now ?? NOW);
    return userId;
  }
  const cod = (userId: number, options: { lines?: OrderLines; address?: Partial<typeof ADDRESS>; body?: Record<string, unknown>; now?: number } = {}) =>
    placeCodOrder(
      db,
      userId,
      { ...orderBody((options.lines ?? STANDARD_LINES).items), address: { ...ADDRESS, ...options.address }, ...options.body },
      { codEnabled: true, idempotencyKey: nextKey("cod"), now: options.now ?? NOW },
    );
  const online = (userId: number, key = nextKey("online"), now = NOW) =>
    startCashfreePayment(db, gateway, { id: userId }, { ...orderBody(STANDARD_LINES.items), address: ADDRESS }, { mode: "checkout", storeUrl: STORE_URL, idempotencyKey: key, now });

  /** STANDARD_LINES at 10 %: ₹450.05 off ₹4,500.50 → 45005 paise (45005 exactly: 450050 × 0.1). */
  const TEN_PERCENT_OFF = 45_005;

  it("racing for a code's last use: exactly one order gets it, the others are refused 409 and write nothing (3 rounds, COD and online)", async () => {
    await setUp();
    for (let round = 0; round < 3; round++) {
      const id = await seedCode(`LAST${round}`, { total_limit: 1 });
      const shoppers: number[] = [];
      for (let i = 0; i < 8; i++) shoppers.push(await cartWithCode(`last${round}`));
      const stockBefore = await stockOf();
      const ordersBefore = await orderCount();
      const results = await Promise.allSettled(shoppers.map((userId, i) => (i % 2 === 0 ? cod(userId).then((r) => r.order) : online(userId).then((r) => r.order))));
      const placed = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(placed, `round ${round}`).toHaveLength(1);
      expect(placed[0].value).toMatchObject({ discountCode: `LAST${round}`, discountPaise: TEN_PERCENT_OFF, amountPaise: STANDARD_TOTAL_PAISE - TEN_PERCENT_OFF });
      for (const { reason } of refused) {
        expect([(reason as { status: number }).status, (reason as Error).message]).toEqual([409, SAY.noLonger(SAY.usedUp)]);
      }
      expect(await orderCount()).toBe(ordersBefore + 1);
      // Only the winner's 2 units of w-plain left the shelf.
      expect(await stockOf()).toBe(stockBefore - 2);
      expect(await usesTaken(id)).toBe(1);
      expect(await stateOfUses(id)).toEqual(["taken"]);
    }
  }, 60_000);

  it("a cancel gives the use back once: cancelled twice, and two cancels racing", async () => {
    await setUp();
    const id = await seedCode("BACK10");
    const first = (await cod(await cartWithCode("back10"))).order;
    const second = (await cod(await cartWithCode("back10"))).order;
    expect(await usesTaken(id)).toBe(2);
    await setOrderStatus(db, first.id, "Cancelled", { liveCredentials: false, now: NOW + MINUTE, actor: STAFF });
    await setOrderStatus(db, first.id, "Cancelled", { liveCredentials: false, now: NOW + 2 * MINUTE, actor: STAFF });
    expect(await usesTaken(id)).toBe(1);
    await Promise.allSettled([1, 2].map((n) => setOrderStatus(db, second.id, "Cancelled", { liveCredentials: false, now: NOW + (2 + n) * MINUTE, actor: STAFF })));
    expect(await usesTaken(id)).toBe(0);
    expect(await stateOfUses(id)).toEqual(["given_back", "given_back"]);
  });

  it("a failed payment gives the use back once (the failure replayed); a retry takes it again only while uses are left", async () => {
    await setUp();
    const id = await seedCode("FAIL10", { total_limit: 1 });
    const asha = await cartWithCode("fail10");
    const key = nextKey("fail");
    const { order } = await online(asha, key);
    expect(await usesTaken(id)).toBe(1);
    await gateway.simulator!.settle({ orderId: order.id }, "FAILED", { notify: false });
    expect((await refusal(verifyCashfreePayment(db, gateway, asha, { orderId: order.id }, NOW + MINUTE))).status).toBe(402);
    expect((await refusal(verifyCashfreePayment(db, gateway, asha, { orderId: order.id }, NOW + 2 * MINUTE))).status).toBe(402);
    expect(await usesTaken(id)).toBe(0);
    expect(await stateOfUses(id)).toEqual(["given_back"]);

    // Another shopper takes the last use meanwhile: Asha's retry of the same order is refused, nothing taken.
    const ravi = await cartWithCode("fail10");
    const raviOrder = (await cod(ravi)).order;
    expect(await usesTaken(id)).toBe(1);
    const retry = await refusal(online(asha, key, NOW + 3 * MINUTE));
    expect([retry.status, retry.message]).toEqual([409, SAY.noLonger(SAY.usedUp)]);
    expect(await usesTaken(id)).toBe(1);
    // Ravi cancels: the use is free again, and Asha's retry takes it.
    await setOrderStatus(db, raviOrder.id, "Cancelled", { liveCredentials: false, now: NOW + 4 * MINUTE, actor: STAFF });
    expect(await usesTaken(id)).toBe(0);
    const again = await online(asha, key, NOW + 5 * MINUTE);
    expect(again.order.id).toBe(order.id);
    expect(await usesTaken(id)).toBe(1);
    expect(await stateOfUses(id)).toEqual(["taken", "given_back"]);
  });

  it("a retry of a failed order of watches whose stock is not counted also takes the use again only while uses are left", async () => {
    await setUp();
    await db.updateTable("products").set({ stock: null }).execute();
    const id = await seedCode("LOOSE", { total_limit: 1 });
    const asha = await cartWithCode("loose");
    const key = nextKey("loose");
    const { order } = await online(asha, key);
    await gateway.simulator!.settle({ orderId: order.id }, "FAILED", { notify: false });
    expect((await refusal(verifyCashfreePayment(db, gateway, asha, { orderId: order.id }, NOW + MINUTE))).status).toBe(402);
    expect(await usesTaken(id)).toBe(0);
    await cod(await cartWithCode("loose"));
    const retry = await refusal(online(asha, key, NOW + 2 * MINUTE));
    expect([retry.status, retry.message]).toEqual([409, SAY.noLonger(SAY.usedUp)]);
    expect(await usesTaken(id)).toBe(1);
    expect(await stateOfUses(id)).toEqual(["given_back", "taken"]);
  });

  it("the expiry sweep gives the use back once (two sweeps at once); a late payment takes it again, even past the limit", async () => {
    await setUp();
    const id = await seedCode("LATE10", { total_limit: 1 });
    const asha = await cartWithCode("late10");
    const { order } = await online(asha);
    const hold = { holdMs: 30 * MINUTE };
    expect(await releaseExpiredCodeUses(db, { ...hold, now: NOW + 29 * MINUTE })).toBe(0);
    const swept = await Promise.all([releaseExpiredCodeUses(db, { ...hold, now: NOW + 31 * MINUTE }), releaseExpiredCodeUses(db, { ...hold, now: NOW + 31 * MINUTE })]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await usesTaken(id)).toBe(0);
    // The last use goes to another shopper; then Asha's payment arrives: she paid the discounted amount, so hers is kept.
    await cod(await cartWithCode("late10"));
    expect(await usesTaken(id)).toBe(1);
    await gateway.simulator!.settle({ orderId: order.id }, "SUCCESS", { notify: false });
    expect(await verifyCashfreePayment(db, gateway, asha, { orderId: order.id }, NOW + 40 * MINUTE)).toEqual({ paymentStatus: "PAID" });
    expect(await usesTaken(id)).toBe(2);
    expect(await releaseExpiredCodeUses(db, { ...hold, now: NOW + 90 * MINUTE })).toBe(0);
    expect(await usesTaken(id)).toBe(2);
  });

  it("the total limit: the third shopper is told the code is used up", async () => {
    await setUp();
    const id = await seedCode("TWO", { total_limit: 2 });
    await cod(await cartWithCode("two"));
    await cod(await cartWithCode("two"));
    const third = await createShopper(db);
    await fillCart(db, third, STANDARD_LINES.cart);
    const refused = await refusal(applyCartCode(db, third, "two", NOW));
    expect([refused.status, refused.message]).toEqual([400, SAY.usedUp]);
    expect(await db.selectFrom("cart_codes").select("user_id").where("user_id", "=", third).execute()).toEqual([]);
    expect(await usesTaken(id)).toBe(2);
  });

  it("once per shopper: by the account, by the same delivery email on another account (any case, spaces), by the same mobile", async () => {
    await setUp();
    const id = await seedCode("ONCE", { per_shopper_limit: 1 });
    const asha = await cartWithCode("once");
    await cod(asha, { address: { email: "asha.rao@example.in", phone: "9876543210" } });
    // The same account: refused at the cart.
    await fillCart(db, asha, STANDARD_LINES.cart);
    const again = await refusal(applyCartCode(db, asha, "ONCE", NOW));
    expect([again.status, again.message]).toEqual([400, SAY.usedByYou]);

    // Another account: the cart can't tell, the order can — the same delivery email, written otherwise.
    for (const email of ["Asha.Rao@Example.IN", "  ASHA.RAO@example.in  "]) {
      const other = await cartWithCode("once");
      const refused = await refusal(cod(other, { address: { email, phone: "9123456780" } }));
      expect([refused.status, refused.message]).toEqual([409, SAY.noLonger(SAY.usedByYou)]);
    }
    // The same mobile, written with +91 and spaces, under another email.
    const third = await cartWithCode("once");
    const byPhone = await refusal(cod(third, { address: { email: "someone.else@example.in", phone: "+91 98765 43210" } }));
    expect([byPhone.status, byPhone.message]).toEqual([409, SAY.noLonger(SAY.usedByYou)]);
    expect(await usesTaken(id)).toBe(1);
    expect(await orderCount()).toBe(1);
    // A different person on another account gets it.
    const fourth = await cartWithCode("once");
    expect((await cod(fourth, { address: { email: "meera@example.in", phone: "9123456780" } })).order.discountPaise).toBe(TEN_PERCENT_OFF);
    expect(await usesTaken(id)).toBe(2);
  });

  it("dates at a clock set here: not before the start, from the start, up to the end, not at the end", async () => {
    await setUp();
    // Starts 1 Dec 2026, 10:00 IST; ends 2 Dec 2026, 00:00 IST.
    const startsAt = Date.parse("2026-12-01T10:00:00+05:30");
    const endsAt = Date.parse("2026-12-02T00:00:00+05:30");
    await seedCode("DEC1", { starts_at: startsAt, ends_at: endsAt });
    const userId = await createShopper(db);
    await fillCart(db, userId, STANDARD_LINES.cart);
    const early = await refusal(applyCartCode(db, userId, "dec1", startsAt - 1));
    expect([early.status, early.message]).toEqual([400, "This code starts on 1 Dec 2026, 10:00 IST."]);
    expect((await applyCartCode(db, userId, "dec1", startsAt)).effect.discountPaise).toBe(TEN_PERCENT_OFF);
    expect((await applyCartCode(db, userId, "dec1", endsAt - 1)).effect.discountPaise).toBe(TEN_PERCENT_OFF);
    const late = await refusal(applyCartCode(db, userId, "dec1", endsAt));
    expect([late.status, late.message]).toEqual([400, "This code ended on 2 Dec 2026, 00:00 IST."]);
    // Applied before the end and ordered at the end: the order is refused, nothing written.
    const refused = await refusal(cod(userId, { now: endsAt }));
    expect([refused.status, refused.message]).toEqual([409, SAY.noLonger("This code ended on 2 Dec 2026, 00:00 IST.")]);
    expect(await orderCount()).toBe(0);
    // Just before the end it is ordered with the discount.
    expect((await cod(userId, { now: endsAt - 1 })).order.discountPaise).toBe(TEN_PERCENT_OFF);
  });

  it("paused, unknown, nothing in the cart it applies to (brand, category, product), and the minimum with the rupees short", async () => {
    await setUp();
    await seedCode("RESTING", { status: "paused" });
    await seedCode("RADO", { scope: "brands", scope_json: '["Rado"]' });
    await seedCode("WOMEN", { scope: "categories", scope_json: '["Women"]' });
    await seedCode("GOLDONLY", { scope: "products", scope_json: '["w-gold"]' });
    await seedCode("BIG", { min_subtotal_paise: 500_000 });
    const userId = await createShopper(db);
    await fillCart(db, userId, [["w-plain", "default", 2]]);
    const said = async (code: string) => {
      const error = await refusal(applyCartCode(db, userId, code, NOW));
      return [error.status, error.message];
    };
    expect(await said("resting")).toEqual([400, SAY.paused]);
    expect(await said("NOSUCH")).toEqual([400, SAY.unknown]);
    expect(await said("")).toEqual([400, "Please enter a code."]);
    expect(await said("X".repeat(33))).toEqual([400, "A code has at most 32 characters."]);
    for (const code of ["rado", "women", "goldonly"]) expect(await said(code)).toEqual([400, SAY.nothingApplies]);
    // ₹2,000 in the cart against a ₹5,000 minimum: ₹3,000 short.
    expect(await said("big")).toEqual([400, "This code needs ₹5,000 of eligible watches: add ₹3,000 more."]);
    // With the Rado in Gold: ₹4,500.50, ₹499.50 short.
    await fillCart(db, userId, [["w-gold", "Gold", 1]]);
    expect(await said("big")).toEqual([400, "This code needs ₹5,000 of eligible watches: add ₹499.50 more."]);
    // The brand code now applies to the Rado line only: 10 % of ₹2,500.50 = ₹250.05.
    const rado = await applyCartCode(db, userId, " r a d o ", NOW);
    expect(rado.effect.lines).toEqual([{ key: "w-gold\u0000Gold", discountPaise: 25_005 }]);
    expect(await db.selectFrom("cart_codes").select("code_key").where("user_id", "=", userId).execute()).toEqual([{ code_key: "RADO" }]);
  });

  it("a code applied, then the cart changed: the order charges the total the cart shows, with the code or without it", async () => {
    await setUp();
    const id = await seedCode("MIN4K", { kind: "fixed", percent_bp: null, value_paise: 50_000, min_subtotal_paise: 400_000 });
    const userId = await cartWithCode("min4k");
    // The Rado leaves the cart: ₹2,000 is below the ₹4,000 minimum; the cart shows the code not applying.
    await db.deleteFrom("cart_lines").where("user_id", "=", userId).where("product_id", "=", "w-gold").execute();
    const shown = await cartCodeSummary(db, userId, NOW);
    expect(shown).toMatchObject({ code: "MIN4K", applies: false, discountPaise: 0, subtotalPaise: 200_000, message: "This code needs ₹4,000 of eligible watches: add ₹2,000 more." });
    const plainOnly: OrderLines = { cart: [["w-plain", "default", 2]], items: [{ _id: "w-plain", size: "default", quantity: 2 }] };
    const without = (await cod(userId, { lines: plainOnly })).order;
    expect([without.amountPaise, without.discountPaise, without.discountCode]).toEqual([200_000, 0, null]);
    expect(await usesTaken(id)).toBe(0);

    // Applied on ₹4,500.50, a Rado in Silver added later: the ₹500 is spread over all three lines as the cart shows it.
    const second = await cartWithCode("min4k");
    await fillCart(db, second, [["w-gold", "Silver", 1]]);
    const grown = await cartCodeSummary(db, second, NOW);
    expect(grown).toMatchObject({ applies: true, discountPaise: 50_000, subtotalPaise: 700_100 });
    const lines: OrderLines = { cart: [], items: [...STANDARD_LINES.items, { _id: "w-gold", size: "Silver", quantity: 1 }] };
    const withIt = (await cod(second, { lines: { ...lines, cart: [] } })).order;
    expect([withIt.amountPaise, withIt.discountPaise, withIt.discountCode]).toEqual([700_100 - 50_000, 50_000, "MIN4K"]);
    // 50000 over 250050, 250050, 200000 (sum 700100): 17858.16…, 17858.16…, 14283.67… → floors add to 49999;
    // the paisa left goes to the largest remainder (.67, the Casio line).
    expect(withIt.items.map((item) => [item.productId, item.size, item.discountPaise ?? 0])).toEqual([
      ["w-gold", "Gold", 17_858],
      ["w-gold", "Silver", 17_858],
      ["w-plain", "default", 14_284],
    ]);
    expect(await usesTaken(id)).toBe(1);
  });

  it("forged: the body's amount, prices and a discount field change nothing; another shopper's cart is untouched; a paused code changes nothing", async () => {
    await setUp();
    const id = await seedCode("TEN");
    const asha = await cartWithCode("ten");
    const forgedLines: OrderLines = { cart: [], items: STANDARD_LINES.items.map((item) => ({ ...item, price: 1 })) };
    const { order } = await cod(asha, { lines: forgedLines, body: { amount: 1, discount: 4_000, discountPaise: 400_000, discountCode: "FREE" } });
    expect([order.amountPaise, order.discountPaise, order.discountCode]).toEqual([STANDARD_TOTAL_PAISE - TEN_PERCENT_OFF, TEN_PERCENT_OFF, "TEN"]);

    // Ravi's cart has no code: Asha's applying never reaches it.
    const ravi = await createShopper(db);
    await fillCart(db, ravi, STANDARD_LINES.cart);
    const meera = await cartWithCode("ten");
    expect(await cartCode(db, ravi, NOW)).toBeNull();
    expect((await db.selectFrom("cart_codes").select("user_id").execute()).map((r) => Number(r.user_id))).toEqual([meera]);
    const raviOrder = (await cod(ravi, { body: { discount: 450.05 } })).order;
    expect([raviOrder.amountPaise, raviOrder.discountPaise, raviOrder.discountCode]).toEqual([STANDARD_TOTAL_PAISE, 0, null]);

    // The code is paused after Meera applied it: her order is refused, nothing written, the use not taken.
    await db.updateTable("discount_codes").set({ status: "paused" }).where("id", "=", id).execute();
    const ordersBefore = await orderCount();
    const stockBefore = await stockOf();
    const paused = await refusal(cod(meera));
    expect([paused.status, paused.message]).toEqual([409, SAY.noLonger(SAY.paused)]);
    expect([await orderCount(), await stockOf(), await usesTaken(id)]).toEqual([ordersBefore, stockBefore, 1]);
  });
});
