import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { translate, translatePhrase } from "~/i18n/messages.server";
import { RETURN_REASONS, RETURN_STATUSES } from "~/lib/returns";
import { returnPolicyOf } from "~/lib/after-sale-policy";
import { ALL_LINES_TAKEN, DEFAULT_RETURN_POLICY, RETURN_MESSAGES, reasonRefusal, returnOffer } from "~/lib/return-requests";
import { DEFAULT_STORE_SETTINGS } from "~/lib/store-settings";
import { saveStoreSettings } from "~/services/invoices.server";
import { deleteAccount } from "~/services/personal-data.server";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { listOrderReturns, releaseExchangeStock, requestReturn, returnSectionView, shopperReturnSection } from "~/services/returns.server";
import { createShopper } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { type OrderLines, placeDeliveredCod, shopPerCase, STAFF, tempDirsPerCase } from "../setup/orders";
import { refusal } from "../setup/refusal";

/**
 * The shopper's return and exchange request (issue 45 item 2; docs/decisions/0982) on SQLite and
 * PostgreSQL: the window counted in IST days from the first Delivered event (day 7 in, day 8 out
 * with the sentence naming the window), a late order refunded after the window, the policy's
 * exchange-only change of mind, the attacks (another shopper's order, a forged line, a quantity
 * above what was bought, a second request for a line, a refund amount in the form — each a 4xx
 * with nothing written), photos checked by their bytes, and the races decided by the database.
 */

/** The order's lines (deliveredOrder): 2 × Rado Golden Hour in Gold, 1 × Casio Classic. */
const GOLD = 0;
const PLAIN = 1;
/** The order deliveredOrder places: 1 × w-plain, 2 × w-gold in Gold, the body claiming ₹6,001. */
const LINES: OrderLines = {
  cart: [
    ["w-plain", "default", 1],
    ["w-gold", "Gold", 2],
  ],
  items: [
    { _id: "w-plain", size: "default", quantity: 1 },
    { _id: "w-gold", size: "Gold", quantity: 2 },
  ],
  amount: 6001,
};
/** Delivered Tue 24 Nov 2026, 22:30 IST (late evening: IST days, not 24-hour spans, count). */
const DELIVERED = Date.parse("2026-11-24T22:30:00+05:30");
/** A moment on IST day `n` after the delivery day (day 0 = 24 Nov 2026). */
const onDay = (n: number, time = "23:59:00") => Date.parse(`2026-${n + 24 > 30 ? "12" : "11"}-${String(n + 24 > 30 ? n + 24 - 30 : n + 24).padStart(2, "0")}T${time}+05:30`);

/** A 1×1 PNG. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082", "hex");

describe("return offer (pure)", () => {
  const facts = { status: "Delivered", deliveredAt: DELIVERED, deliveryTo: "2026-11-25" };
  const LEGAL = ["defective", "not_as_described", "wrong_item", "damaged_in_transit"];
  it("keeps a change of mind open to IST day 7 of a 7-day window, the legal reasons to day 30, and refuses day 31 naming it", () => {
    expect(onDay(7)).toBe(Date.parse("2026-12-01T23:59:00+05:30"));
    const last = returnOffer(facts, DEFAULT_RETURN_POLICY, onDay(7));
    expect(last.reasons.map((r) => r.reason)).toEqual([...LEGAL, "changed_mind"]);
    expect(last.reasons.find((r) => r.reason === "changed_mind")?.resolutions).toEqual(["refund", "exchange"]);
    expect(last.lastDay).toBe("2026-12-24");
    expect(last.reasons.map((r) => r.lastDay)).toEqual(["2026-12-24", "2026-12-24", "2026-12-24", "2026-12-24", "2026-12-01"]);
    const eighth = returnOffer(facts, DEFAULT_RETURN_POLICY, onDay(8, "00:00:00"));
    expect(eighth.reasons.map((r) => r.reason)).toEqual(LEGAL);
    expect(reasonRefusal(eighth, DEFAULT_RETURN_POLICY, "changed_mind", "refund")).toBe("Returns for this reason are accepted within 7 days of delivery. This order was delivered on 24 Nov 2026.");
    expect(returnOffer(facts, DEFAULT_RETURN_POLICY, onDay(30)).reasons.map((r) => r.reason)).toEqual(LEGAL);
    const over = returnOffer(facts, DEFAULT_RETURN_POLICY, onDay(31, "00:00:00"));
    expect(over.reasons).toEqual([]);
    expect(over.refusal).toBe("Returns are accepted within 30 days of delivery. This order was delivered on 24 Nov 2026.");
  });

  it("follows the owner's settings: a 10-day exchange-only change of mind; window 0 keeps only the legal reasons", () => {
    const ten = returnPolicyOf({ returnWindowDays: 10, changedMindReturns: "exchange" });
    expect(returnOffer(facts, ten, onDay(10)).reasons.find((r) => r.reason === "changed_mind")?.resolutions).toEqual(["exchange"]);
    const eleventh = returnOffer(facts, ten, onDay(11, "00:01:00"));
    expect(eleventh.reasons.map((r) => r.reason)).toEqual(LEGAL);
    expect(reasonRefusal(eleventh, ten, "changed_mind", "exchange")).toBe("Returns for this reason are accepted within 10 days of delivery. This order was delivered on 24 Nov 2026.");
    const none = returnPolicyOf({ returnWindowDays: 0, changedMindReturns: "refund" });
    const zero = returnOffer(facts, none, DELIVERED + 60_000);
    expect(zero.reasons.map((r) => r.reason)).toEqual(LEGAL);
    expect(reasonRefusal(zero, none, "changed_mind", "refund")).toBe(RETURN_MESSAGES.changedMindNotAccepted);
  });

  it("tells a late order by the promise: 'arrived late' for a refund up to day 30, nothing before delivery", () => {
    const late = returnOffer({ ...facts, deliveryTo: "2026-11-23" }, DEFAULT_RETURN_POLICY, onDay(20));
    expect(late.late).toBe(true);
    expect(late.reasons.find((r) => r.reason === "late")).toEqual({ reason: "late", resolutions: ["refund", "exchange"], lastDay: "2026-12-24" });
    expect(returnOffer({ ...facts, deliveryTo: "2026-11-23" }, DEFAULT_RETURN_POLICY, onDay(31, "00:00:00")).refusal).toBe(
      "Returns are accepted within 30 days of delivery. This order was delivered on 24 Nov 2026.",
    );
    const onTime = returnOffer(facts, DEFAULT_RETURN_POLICY, onDay(1));
    expect(onTime.late).toBe(false);
    expect(reasonRefusal(onTime, DEFAULT_RETURN_POLICY, "late", "refund")).toBe(RETURN_MESSAGES.notLate);
    expect(returnOffer({ status: "Shipped", deliveredAt: null, deliveryTo: null }, DEFAULT_RETURN_POLICY, onDay(1)).refusal).toBe(RETURN_MESSAGES.notDelivered);
  });

  it("words every status of RETURN_STATUSES and every reason on the order page, in English and in Hindi", () => {
    for (const status of RETURN_STATUSES) {
      const key = `returns.status_${status}` as MessageKey;
      expect(translate("en", key), status).not.toBe(key);
      expect(translate("hi", key), status).not.toBe(translate("en", key));
    }
    for (const reason of RETURN_REASONS) expect(translate("hi", `returns.reason_${reason}` as MessageKey)).not.toBe(translate("en", `returns.reason_${reason}` as MessageKey));
    expect(translate("en", "returns.status_pickup_scheduled")).toBe("Pickup scheduled");
    expect(translate("hi", "returns.status_requested")).toBe("अनुरोध मिला: हम 48 घंटों के अंदर जवाब देंगे");
  });

  it("has every sentence in Hindi", () => {
    const sentences = Object.values(RETURN_MESSAGES).map((message) => (typeof message === "function" ? message(7, "24 Nov 2026") : message));
    for (const sentence of [...sentences, ALL_LINES_TAKEN]) expect(translatePhrase("hi", sentence), sentence).not.toBe(sentence);
    expect(translatePhrase("hi", RETURN_MESSAGES.windowClosed(7, "24 Nov 2026"))).toBe("रिटर्न डिलीवरी के 7 दिनों के अंदर लिए जाते हैं। यह ऑर्डर 24 नव॰ 2026 को डिलीवर हुआ था।");
  });
});

describe.each(testDatabases())("return requests on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  const tempDir = tempDirsPerCase();
  let db: DB;
  let shopper: number;
  let photoDir: string;
  let keys = 0;

  async function setUp() {
    ({ db, shopper } = await openCase());
    photoDir = tempDir("return-photos-");
  }

  /** A delivered cash-on-delivery order of two lines (1 × w-plain, 2 × w-gold Gold), promised by `deliveryTo`. */
  async function deliveredOrder(userId = shopper, deliveryTo = "2026-11-25") {
    keys += 1;
    const order = await placeDeliveredCod(db, userId, `return-key-${keys}`, { lines: LINES, deliveredAt: DELIVERED, promised: { from: "2026-11-21", to: deliveryTo } });
    // The order's lines come in the cart's order (by product id): the gold watch first.
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([
      ["w-gold", 2],
      ["w-plain", 1],
    ]);
    return order;
  }

  const refund = { reason: "defective", resolution: "refund", description: "The crown came off.", lines: [{ lineIndex: GOLD, quantity: 1 }] };

  async function written(orderId: string) {
    const [requests, lines, events, audit, mail] = await Promise.all([
      db.selectFrom("return_requests").select("id").where("order_id", "=", orderId).execute(),
      db.selectFrom("return_lines").select("line_index").where("order_id", "=", orderId).execute(),
      db.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("kind", "=", "return").execute(),
      db.selectFrom("audit_log").select("id").where("entity_id", "=", orderId).where("action", "like", "return.%").execute(),
      db.selectFrom("outbox").select("id").where("order_id", "=", orderId).where("kind", "=", "return_update").execute(),
    ]);
    return { requests: requests.length, lines: lines.length, events: events.length, audit: audit.length, mail: mail.length };
  }
  const NOTHING = { requests: 0, lines: 0, events: 0, audit: 0, mail: 0 };

  function photo(bytes: Buffer = PNG) {
    const filepath = path.join(photoDir, `upload-${Math.random().toString(16).slice(2)}.upload`);
    fs.writeFileSync(filepath, bytes);
    return { filepath, size: bytes.byteLength };
  }
  const storedPhotos = () => fs.readdirSync(photoDir).filter((name) => !name.endsWith(".upload"));

  it("takes one line on IST day 7 with a photo, writing the request, its line, the timeline, the audit and the email", async () => {
    await setUp();
    const order = await deliveredOrder();
    const request = await requestReturn(db, shopper, order.id, refund, onDay(7), { photos: [photo()], photoDir });
    expect(request).toMatchObject({ orderId: order.id, status: "requested", resolution: "refund", reason: "defective", description: "The crown came off.", late: false });
    expect(request.lines).toEqual([
      expect.objectContaining({ lineIndex: GOLD, productId: "w-gold", colour: "Gold", quantity: 1, unitPaise: 250050, exchangeColour: null, live: true }),
    ]);
    expect(request.acknowledgeBy - request.createdAt).toBe(48 * 3600_000);
    expect(request.resolveBy - request.createdAt).toBe(30 * 24 * 3600_000);
    expect(request.photos).toHaveLength(1);
    expect(request.photos[0]).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(photoDir, request.photos[0]))).toEqual(PNG);
    expect(await written(order.id)).toEqual({ requests: 1, lines: 1, events: 1, audit: 1, mail: 1 });
    const event = await db.selectFrom("order_events").select("details").where("order_id", "=", order.id).where("kind", "=", "return").executeTakeFirstOrThrow();
    expect(JSON.parse(event.details ?? "{}")).toMatchObject({ returnId: request.id, step: "requested", resolution: "refund", reason: "defective" });
    const mail = await db.selectFrom("outbox").select(["subject", "text"]).where("order_id", "=", order.id).where("kind", "=", "return_update").executeTakeFirstOrThrow();
    expect(mail.subject).toContain(`return request for`);
    expect(mail.text).toContain("Rado Golden Hour (Gold) × 1");
    const section = await shopperReturnSection(db, shopper, order.id, onDay(7));
    expect(section.lines.map((line) => line.taken)).toEqual([true, false]);
    expect(section.requests.map((r) => r.id)).toEqual([request.id]);
  });

  it("shows the pickup's courier and AWB once staff set them", async () => {
    await setUp();
    const order = await deliveredOrder();
    const request = await requestReturn(db, shopper, order.id, refund, onDay(1));
    expect(returnSectionView(await shopperReturnSection(db, shopper, order.id, onDay(1))).requests[0].pickup).toBeNull();
    await db.updateTable("return_requests").set({ status: "pickup_scheduled", pickup_courier: "Delhivery", pickup_awb: "DL55501" }).where("id", "=", request.id).execute();
    const view = returnSectionView(await shopperReturnSection(db, shopper, order.id, onDay(2)));
    expect(view.requests[0]).toMatchObject({ status: "pickup_scheduled", pickup: { courier: "Delhivery", awbNumber: "DL55501" } });
    // Only the gold line is asked for: the form stays open for the other.
    expect([view.open, view.lines.map((line) => line.taken)]).toEqual([true, [true, false]]);
  });

  it("erases a request's photos with the account, keeping its text (DPDP Act; decision 0982)", async () => {
    await setUp();
    const order = await deliveredOrder();
    const store = fs.mkdtempSync(path.join(os.tmpdir(), "return-store-"));
    const photos = path.join(store, "return-photos");
    try {
      const request = await requestReturn(db, shopper, order.id, refund, onDay(1), { photos: [photo()], photoDir: photos });
      expect(fs.readdirSync(photos)).toEqual(request.photos);
      await deleteAccount(db, shopper, { by: "staff", actor: { id: null, email: "owner@example.in", role: "owner" } }, onDay(2), path.join(store, "report-videos"), path.join(store, "mail"));
      expect(fs.readdirSync(photos)).toEqual([]);
      expect((await listOrderReturns(db, order.id))[0]).toMatchObject({ photos: [], description: "The crown came off." });
    } finally {
      fs.rmSync(store, { recursive: true, force: true });
    }
  });

  it("refuses a change of mind on IST day 8 and a defect on day 31 with the sentence naming the window, writing nothing and keeping no photo", async () => {
    await setUp();
    const order = await deliveredOrder();
    const eighth = await refusal(requestReturn(db, shopper, order.id, { ...refund, reason: "changed_mind" }, onDay(8, "00:00:00"), { photos: [photo()], photoDir }));
    expect([eighth.status, eighth.message]).toEqual([422, "Returns for this reason are accepted within 7 days of delivery. This order was delivered on 24 Nov 2026."]);
    const late = await refusal(requestReturn(db, shopper, order.id, refund, onDay(31, "00:00:00"), { photos: [photo()], photoDir }));
    expect([late.status, late.message]).toEqual([422, "Returns are accepted within 30 days of delivery. This order was delivered on 24 Nov 2026."]);
    expect(await written(order.id)).toEqual(NOTHING);
    expect(storedPhotos()).toEqual([]);
  });

  it("takes a late order back for a refund after the window with the reason 'arrived late'; not one on time", async () => {
    await setUp();
    const order = await deliveredOrder(shopper, "2026-11-22");
    const request = await requestReturn(db, shopper, order.id, { ...refund, reason: "late", lines: [{ lineIndex: PLAIN, quantity: 1 }] }, onDay(20));
    expect(request).toMatchObject({ late: true, reason: "late", resolution: "refund" });
    // The store's window (7 days) is long over: only the late delivery's reasons are still open.
    const changedMind = await refusal(requestReturn(db, shopper, order.id, { ...refund, reason: "changed_mind" }, onDay(20)));
    expect([changedMind.status, changedMind.message]).toEqual([422, "Returns for this reason are accepted within 7 days of delivery. This order was delivered on 24 Nov 2026."]);

    const onTime = await deliveredOrder();
    const notLate = await refusal(requestReturn(db, shopper, onTime.id, { ...refund, reason: "late" }, onDay(2)));
    expect([notLate.status, notLate.message]).toEqual([422, RETURN_MESSAGES.notLate]);
  });

  it("offers a change of mind as an exchange only when the owner says so, and refuses a refund for it", async () => {
    await setUp();
    await saveStoreSettings(db, { ...DEFAULT_STORE_SETTINGS, changedMindReturns: "exchange" }, STAFF);
    const order = await deliveredOrder();
    const refused = await refusal(requestReturn(db, shopper, order.id, { ...refund, reason: "changed_mind" }, onDay(3)));
    expect([refused.status, refused.message]).toEqual([422, RETURN_MESSAGES.refundNotOffered]);
    const exchange = await requestReturn(db, shopper, order.id, { ...refund, reason: "changed_mind", resolution: "exchange", lines: [{ lineIndex: GOLD, quantity: 2, exchangeColour: "Silver" }] }, onDay(3));
    expect(exchange.lines[0]).toMatchObject({ quantity: 2, exchangeColour: "Silver" });
  });

  it("answers another shopper's order, an unknown and a malformed id with the ordinary 404", async () => {
    await setUp();
    const order = await deliveredOrder();
    const other = await createShopper(db);
    for (const [userId, orderId] of [
      [other, order.id],
      [shopper, "CI000000-00000000"],
      [shopper, "../../etc/passwd"],
    ] as const) {
      const error = await refusal(requestReturn(db, userId, orderId, refund, onDay(1)));
      expect([error.status, error.message]).toEqual([404, ORDER_MESSAGES.orderNotFound]);
    }
    expect((await refusal(shopperReturnSection(db, other, order.id, onDay(1)))).status).toBe(404);
    expect(await written(order.id)).toEqual(NOTHING);
  });

  it("refuses a forged line, a quantity above what was bought, a refund amount in the form and a bad exchange colour: 400, nothing written", async () => {
    await setUp();
    const order = await deliveredOrder();
    const cases: [unknown, string][] = [
      [{ ...refund, lines: [{ lineIndex: 2, quantity: 1 }] }, RETURN_MESSAGES.line],
      [{ ...refund, lines: [{ lineIndex: -1, quantity: 1 }] }, RETURN_MESSAGES.line],
      [{ ...refund, lines: [{ lineIndex: GOLD, quantity: 3 }] }, RETURN_MESSAGES.quantity(2)],
      [{ ...refund, lines: [{ lineIndex: GOLD, quantity: 1 }, { lineIndex: GOLD, quantity: 1 }] }, RETURN_MESSAGES.line],
      [{ ...refund, amount: 1 }, RETURN_MESSAGES.unknownField],
      [{ ...refund, refundPaise: 99999999 }, RETURN_MESSAGES.unknownField],
      [{ ...refund, lines: [{ lineIndex: GOLD, quantity: 1, unitPaise: 1 }] }, RETURN_MESSAGES.unknownField],
      [{ ...refund, lines: [] }, RETURN_MESSAGES.lines],
      [{ ...refund, description: "  " }, RETURN_MESSAGES.description],
      [{ ...refund, reason: "bored" }, RETURN_MESSAGES.reason],
      [{ ...refund, resolution: "exchange", lines: [{ lineIndex: PLAIN, quantity: 1, exchangeColour: "Gold" }] }, RETURN_MESSAGES.exchangeOneColour],
      [{ ...refund, resolution: "exchange", lines: [{ lineIndex: GOLD, quantity: 1, exchangeColour: "Gold" }] }, RETURN_MESSAGES.exchangeSameColour],
      [{ ...refund, resolution: "exchange", lines: [{ lineIndex: GOLD, quantity: 1, exchangeColour: "Purple" }] }, RETURN_MESSAGES.exchangeUnknownColour],
      [{ ...refund, resolution: "exchange", lines: [{ lineIndex: GOLD, quantity: 1 }] }, RETURN_MESSAGES.exchangeColour],
    ];
    for (const [input, message] of cases) {
      const error = await refusal(requestReturn(db, shopper, order.id, input, onDay(1), { photos: [photo()], photoDir }));
      expect([error.status, error.message]).toEqual([400, message]);
    }
    const text = await refusal(requestReturn(db, shopper, order.id, refund, onDay(1), { photos: [photo(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))], photoDir }));
    expect([text.status, text.message]).toEqual([400, RETURN_MESSAGES.photoType]);
    const four = await refusal(requestReturn(db, shopper, order.id, refund, onDay(1), { photos: [photo(), photo(), photo(), photo()], photoDir }));
    expect([four.status, four.message]).toEqual([400, RETURN_MESSAGES.tooManyPhotos]);
    expect(await written(order.id)).toEqual(NOTHING);
    expect(storedPhotos()).toEqual([]);
  });

  it("refuses a second request for the same line with 409; a rejected request frees the line again", async () => {
    await setUp();
    const order = await deliveredOrder();
    const first = await requestReturn(db, shopper, order.id, refund, onDay(1));
    const again = await refusal(requestReturn(db, shopper, order.id, { ...refund, reason: "wrong_item" }, onDay(2), { photos: [photo()], photoDir }));
    expect([again.status, again.message]).toEqual([409, RETURN_MESSAGES.lineTaken]);
    expect(await written(order.id)).toEqual({ requests: 1, lines: 1, events: 1, audit: 1, mail: 1 });
    expect(storedPhotos()).toEqual([]);

    await db.transaction().execute(async (trx) => {
      expect(await releaseExchangeStock(trx, first.id, STAFF.email, onDay(2))).toBe(1);
      expect(await releaseExchangeStock(trx, first.id, STAFF.email, onDay(2))).toBe(0);
      await trx.updateTable("return_requests").set({ status: "rejected" }).where("id", "=", first.id).execute();
    });
    const second = await requestReturn(db, shopper, order.id, refund, onDay(2));
    expect(second.status).toBe("requested");
    expect((await listOrderReturns(db, order.id)).map((r) => [r.status, r.lines[0].live])).toEqual([
      ["rejected", false],
      ["requested", true],
    ]);
  });

  it("decides two requests racing for one line by the database: one 201, one 409", async () => {
    await setUp();
    const order = await deliveredOrder();
    const results = await Promise.allSettled([
      requestReturn(db, shopper, order.id, refund, onDay(1)),
      requestReturn(db, shopper, order.id, { ...refund, reason: "wrong_item" }, onDay(1)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect([lost.reason.status, lost.reason.message]).toEqual([409, RETURN_MESSAGES.lineTaken]);
    expect(await written(order.id)).toEqual({ requests: 1, lines: 1, events: 1, audit: 1, mail: 1 });
  });

  it("reserves the exchange colour's units; of two exchanges racing for its last unit one wins, the other 409; a reject gives the unit back", async () => {
    await setUp();
    await db.insertInto("colour_stock").values([
      { product_id: "w-gold", colour: "Gold", stock: 10 },
      { product_id: "w-gold", colour: "Silver", stock: 1 },
    ]).execute();
    await db.updateTable("products").set({ stock: 11 }).where("id", "=", "w-gold").execute();
    const other = await createShopper(db);
    const mine = await deliveredOrder();
    const theirs = await deliveredOrder(other);
    const exchange = (quantity: number) => ({ reason: "defective", resolution: "exchange", description: "Scratched glass.", lines: [{ lineIndex: GOLD, quantity, exchangeColour: "Silver" }] });
    const results = await Promise.allSettled([requestReturn(db, shopper, mine.id, exchange(1), onDay(1)), requestReturn(db, other, theirs.id, exchange(1), onDay(1))]);
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof requestReturn>>> => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect([lost.reason.status, lost.reason.message]).toEqual([409, RETURN_MESSAGES.colourSoldOut]);
    const loser = won[0].value.orderId === mine.id ? theirs.id : mine.id;
    expect(await written(loser)).toEqual(NOTHING);
    const silver = async () => Number((await db.selectFrom("colour_stock").select("stock").where("product_id", "=", "w-gold").where("colour", "=", "Silver").executeTakeFirstOrThrow()).stock);
    expect(await silver()).toBe(0);
    const movements = await db.selectFrom("stock_movements").select(["reason", "delta", "colour"]).where("reason", "like", "exchange%").execute();
    expect(movements).toEqual([{ reason: "exchange", delta: -1, colour: "Silver" }]);

    await db.transaction().execute(async (trx) => {
      await releaseExchangeStock(trx, won[0].value.id, STAFF.email, onDay(2));
    });
    expect(await silver()).toBe(1);
    expect(Number((await db.selectFrom("products").select("stock").where("id", "=", "w-gold").executeTakeFirstOrThrow()).stock)).toBe(7);
  });
});
