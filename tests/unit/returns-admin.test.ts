import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscountCode, putCodeOnCart } from "../setup/discount-codes";
import type { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { renderOrderEmail } from "~/lib/order-emails";
import { RETURN_ACKNOWLEDGE_MS, RETURN_RESOLVE_MS } from "~/lib/returns";
import { describeReturnEvent, returnStepDetails } from "~/lib/returns-office";
import type { PaymentGateway } from "~/payments/gateway.server";
import { exchangeShipmentSchema, payoutSchema } from "~/schemas/returns-office";
import type { Actor } from "~/services/audit.server";
import { markCodPaid } from "~/services/admin-orders.server";
import { deleteAccount } from "~/services/personal-data.server";
import { hiPhrases } from "~/i18n/catalogues/phrases.hi.server";
import { PAYOUT_MESSAGES } from "~/schemas/returns-office";
import { refundIdFor } from "~/services/refunds.server";
import { listCreditNotes } from "~/services/credit-notes.server";
import { reserveExchangeUnits } from "~/services/stock.server";
import {
  approveReturn,
  loadAdminReturn,
  markReturnReceived,
  payoutStandings,
  refundReturn,
  rejectReturn,
  returnQueue,
  returnRefundKey,
  returnRefundPaise,
  PAYOUT_SAVED,
  savePayoutDetails,
  scheduleReturnPickup,
  shipReturnExchange,
} from "~/services/returns-admin.server";
import { startFakeCashfree, type FakeCashfree } from "../fakes/cashfree-server";
import { createShopper, fakeServerGateway } from "../fakes/shop";
import { testDatabases } from "../setup/databases";
import { deliverOrder, placeCod, placePaid, shopPerCase, STAFF } from "../setup/orders";
import { refusal as rejection } from "../setup/refusal";

/**
 * The back office's return steps (issue 45 items 3 and 4; docs/decisions/0984, 0985) on SQLite and
 * PostgreSQL: approve → pickup → received → refund (Cashfree for an online order, made elsewhere
 * to the COD shopper's payout details, which are then erased) or exchange; reject with a reason
 * (the lines freed); illegal moves and two staff at once (409); the refund's amount to the paisa
 * from a table by hand; the queue overdue first; the payout form's rules and a stranger's post.
 */

const OTHER: Actor = { id: null, email: "other@example.in" };
const PICKUP = { courier: "Delhivery", awbNumber: "DL-778899" };

let fake: FakeCashfree;
const credentials = { clientId: "returns_admin_app", clientSecret: "returns_admin_secret" };
beforeAll(async () => {
  fake = await startFakeCashfree(credentials);
});
afterAll(async () => {
  await fake.close();
});

describe("the refund's amount (a table by hand)", () => {
  it.each([
    ["one line, one unit", [{ quantity: 1, unitPaise: 100_000 }], 100_000],
    ["part of a line's quantity (1 of 2 at ₹2,500.50)", [{ quantity: 1, unitPaise: 250_050 }], 250_050],
    ["two lines", [{ quantity: 2, unitPaise: 100_000 }, { quantity: 1, unitPaise: 250_050 }], 450_050],
    ["odd paise", [{ quantity: 3, unitPaise: 33_333 }], 99_999],
  ])("%s", (_, lines, paise) => {
    expect(returnRefundPaise(lines)).toBe(paise);
  });
});

describe("the staff timeline's words for a return step", () => {
  it.each([
    [{ returnId: "rt_1", step: "approved" }, "Return rt_1 approved"],
    [{ returnId: "rt_1", step: "rejected", reason: "missing_parts" }, "Return rt_1 rejected: Parts, tags, the box or papers are missing."],
    [{ returnId: "rt_1", step: "pickup_scheduled", courier: "Delhivery", awbNumber: "DL-1" }, "Return rt_1 pickup scheduled — Delhivery, AWB DL-1"],
    [{ returnId: "rt_1", step: "received", good: 1, damaged: 1 }, "Return rt_1 received: 1 good, 1 damaged"],
    [{ returnId: "rt_1", step: "refunded", amountPaise: 350_050, via: "cashfree" }, "Return rt_1 refunded ₹3,500.50 (through Cashfree)"],
    [{ returnId: "rt_1", step: "exchanged", courier: "Blue Dart", awbNumber: "BD9" }, "Return rt_1 exchange shipped — Blue Dart, AWB BD9"],
  ])("%j", (details, words) => {
    expect(describeReturnEvent(details)).toBe(words);
  });
});

describe("the step emails, in English and Hindi", () => {
  const order = {
    id: "CI261202-ABCDEFGH",
    items: [{ productId: "w-plain", name: "Casio Classic", image: "/plain.svg", pricePaise: 100_000, size: "default", quantity: 1 }],
    amountPaise: 100_000,
    address: { firstName: "Asha", lastName: "K", email: "a@example.in", phone: "9876543210", street: "1 MG Road", city: "Pune", state: "Maharashtra", zipcode: "411001", country: "India" },
    status: "Delivered",
    paymentMethod: "cod",
    paymentStatus: "PAID",
    createdAt: 0,
    paymentMode: null,
  } as unknown as Parameters<typeof renderOrderEmail>[0]["order"];
  const context = { storeName: "Chrono India", orderUrl: "https://store.test/orders/x", supportEmail: "", supportPhone: "" };
  const lines = [{ name: "Casio Classic", colour: "default", quantity: 1, exchangeColour: null }];
  it.each([
    ["approved", {}, "en", "Your return for Chrono India order CI261202-ABCDEFGH is approved", "We have approved your return request"],
    ["rejected", { rejectReason: "used_or_worn" }, "en", "was not approved", "Reason: The watch has been used or worn."],
    ["pickup_scheduled", { courier: "Delhivery", awbNumber: "DL-1" }, "en", "Pickup scheduled", "AWB (tracking) number: DL-1"],
    ["received", { good: 1, damaged: 0 }, "en", "We have received your return", "Units in good condition: 1. Units damaged: 0."],
    ["exchanged", { courier: "Blue Dart", awbNumber: "BD9", trackingUrl: "https://bd.example/t" }, "en", "Your exchange for", "Track it: https://bd.example/t"],
    ["approved", {}, "hi", "मंज़ूर हो गया है", "हमने मंज़ूर कर दिया है"],
    ["rejected", { rejectReason: "missing_parts" }, "hi", "मंज़ूर नहीं हुआ", "वजह: पुर्ज़े, टैग, डिब्बा या कागज़ात गायब हैं।"],
    ["pickup_scheduled", { courier: "Delhivery", awbNumber: "DL-1" }, "hi", "पिकअप तय हो गया है", "AWB (ट्रैकिंग) नंबर: DL-1"],
    ["received", { good: 0, damaged: 1 }, "hi", "रिटर्न हमें मिल गया है", "अच्छी हालत में यूनिट: 0। खराब यूनिट: 1।"],
    ["exchanged", { courier: "Blue Dart", awbNumber: "BD9" }, "hi", "एक्सचेंज भेज दिया गया है", "कूरियर: Blue Dart"],
  ] as const)("%s (%j) in %s", (step, facts, language, subject, text) => {
    const email = renderOrderEmail(
      { kind: "return_update", order: { ...order, language }, ret: { id: "rt_1", step, resolution: step === "exchanged" ? "exchange" : "refund", lines, details: returnStepDetails(step, facts, language) } },
      context,
    );
    expect(email.subject).toContain(subject);
    expect(email.text).toContain(text);
    expect(email.html).toContain(`lang="${language === "hi" ? "hi" : "en-IN"}"`);
  });
});

describe("the COD payout details' rules", () => {
  it.each([
    [{ kind: "upi", upiId: "asha.k@okaxis" }, true],
    [{ kind: "upi", upiId: "asha" }, false],
    [{ kind: "upi", upiId: "a@1bank" }, false],
    [{ kind: "bank", accountName: "Asha Kumari", accountNumber: "1234 5678 9012", ifsc: "sbin0001234" }, true],
    [{ kind: "bank", accountName: "Asha Kumari", accountNumber: "12345678", ifsc: "SBIN0001234" }, false],
    [{ kind: "bank", accountName: "Asha Kumari", accountNumber: "1234567890123456789", ifsc: "SBIN0001234" }, false],
    [{ kind: "bank", accountName: "Asha Kumari", accountNumber: "123456789", ifsc: "SBIN1001234" }, false],
    [{ kind: "bank", accountName: "Asha Kumari", accountNumber: "123456789", ifsc: "SBI00001234" }, false],
    [{ kind: "bank", accountName: "", accountNumber: "123456789", ifsc: "SBIN0001234" }, false],
    [{ kind: "cash" }, false],
  ])("%j → %s", (input, ok) => {
    expect(payoutSchema.safeParse(input).success).toBe(ok);
  });
  it.each([
    ["", null],
    ["   ", null],
    [undefined, null],
    ["https://track.example.in/BD-EX-1", "https://track.example.in/BD-EX-1"],
  ])("ships an exchange with the tracking link %j → %j (the form's empty optional field is no link)", (trackingUrl, expected) => {
    expect(exchangeShipmentSchema.parse({ courier: "Blue Dart", awbNumber: "BD-EX-1", trackingUrl })).toEqual({ courier: "Blue Dart", awbNumber: "BD-EX-1", trackingUrl: expected });
  });
  it("refuses a tracking link that is not http(s)", () => {
    expect(exchangeShipmentSchema.safeParse({ courier: "Blue Dart", awbNumber: "BD-EX-1", trackingUrl: "javascript:alert(1)" }).success).toBe(false);
  });
  it("has every sentence of the shopper's form in Hindi (the phrasebook's returnPayout group)", () => {
    const book: Record<string, string> = hiPhrases.returnPayout;
    for (const sentence of [...Object.values(PAYOUT_MESSAGES), PAYOUT_SAVED, "This return is closed: its refund has been recorded or it was rejected."]) {
      expect(book[sentence], sentence).toMatch(/[\u0900-\u097F]/);
    }
  });
  it("keeps the IFSC upper-cased and the account number without spaces", () => {
    expect(payoutSchema.parse({ kind: "bank", accountName: " Asha ", accountNumber: "1234 5678 9012", ifsc: "sbin0001234" })).toEqual({ kind: "bank", accountName: "Asha", accountNumber: "123456789012", ifsc: "SBIN0001234" });
  });
});

describe.each(testDatabases())("the back office's returns on $name", ({ create }) => {
  const openCase = shopPerCase(create);
  let db: DB;
  let shopper: number;
  let gateway: PaymentGateway;

  async function setUp() {
    ({ db, shopper } = await openCase());
    gateway = fakeServerGateway(fake.apiBase, credentials);
  }

  let count = 0;
  async function deliveredCod() {
    count += 1;
    const { order } = await placeCod(db, shopper, `returns-cod-${count}-${crypto.randomUUID()}`);
    await deliverOrder(db, order.id);
    await markCodPaid(db, order.id, STAFF);
    return order;
  }

  async function deliveredOnline() {
    count += 1;
    const order = await placePaid(db, gateway, fake.simulator, shopper, `returns-online-${count}-${crypto.randomUUID()}`);
    await deliverOrder(db, order.id);
    return order;
  }

  /** A request as the shopper's side writes it (services/returns.server.ts): status requested, lines live. */
  async function request(orderId: string, lines: { lineIndex: number; quantity: number; unitPaise: number; productId: string; colour: string; exchangeColour?: string }[], options: { resolution?: "refund" | "exchange"; createdAt?: number; language?: "en" | "hi" } = {}) {
    const id = `rt_${crypto.randomBytes(12).toString("hex")}`;
    const at = options.createdAt ?? Date.now();
    await db
      .insertInto("return_requests")
      .values({
        id,
        order_id: orderId,
        user_id: shopper,
        resolution: options.resolution ?? "refund",
        reason: "defective",
        description: "The second hand stops.",
        photos: "[]",
        status: "requested",
        language: options.language ?? "en",
        reject_reason: null,
        pickup_courier: null,
        pickup_awb: null,
        exchange_courier: null,
        exchange_awb: null,
        exchange_tracking_url: null,
        refund_id: null,
        payout_json: null,
        acknowledge_by: at + RETURN_ACKNOWLEDGE_MS,
        resolve_by: at + RETURN_RESOLVE_MS,
        acknowledged_at: null,
        resolved_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const line of lines) {
      await db
        .insertInto("return_lines")
        .values({ return_id: id, order_id: orderId, line_index: line.lineIndex, product_id: line.productId, colour: line.colour, quantity: line.quantity, unit_paise: line.unitPaise, exchange_colour: line.exchangeColour ?? null, received_good: null, received_damaged: null, live: 1 })
        .execute();
    }
    return id;
  }
  const PLAIN_ONE = { lineIndex: 0, quantity: 1, unitPaise: 100_000, productId: "w-plain", colour: "default" };
  const GOLD = { lineIndex: 1, quantity: 1, unitPaise: 250_050, productId: "w-gold", colour: "Gold" };

  const returnEvents = async (orderId: string) =>
    (await db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).where("kind", "=", "return").orderBy("id").execute()).map((row) => JSON.parse(row.details!) as Record<string, unknown>);
  const returnAudits = async (orderId: string) =>
    (await db.selectFrom("audit_log").selectAll().where("entity_id", "=", orderId).orderBy("id").execute()).filter((row) => row.action.startsWith("return ")).map((row) => row.action);
  const emails = async (orderId: string) =>
    db.selectFrom("outbox").select(["kind", "subject", "text", "dedupe_key"]).where("order_id", "=", orderId).where("kind", "in", ["return_update", "refund_recorded"]).orderBy("id").execute();

  it("takes a COD refund request through every step: events, audit rows, emails, deadlines, the payout erased and a credit note", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [PLAIN_ONE, GOLD]);
    const t0 = Date.now();
    await approveReturn(db, { returnId: id, actor: STAFF, now: t0 });
    await scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF, now: t0 + 1 });
    await markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: 0, good: 1, damaged: 0 }, { lineIndex: 1, good: 0, damaged: 1 }] }, actor: STAFF, now: t0 + 2 });

    // No payout details yet: the COD refund waits for them.
    const waiting = await rejection(refundReturn(db, { returnId: id, actor: STAFF, now: t0 + 3 }));
    expect(waiting.status).toBe(409);
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "bank", accountName: "Asha Kumari", accountNumber: "123456789012", ifsc: "SBIN0001234" } });
    expect((await loadAdminReturn(db, id)).payout).toBe("Bank account ••••9012, IFSC SBIN0001234, A•••");
    expect((await loadAdminReturn(db, id, { revealPayout: true })).payout).toBe("Bank account 123456789012, IFSC SBIN0001234, Asha Kumari");

    // The shopper replaces the details after staff loaded the refund step: the form's payout is stale, nothing recorded.
    const shown = (await loadAdminReturn(db, id, { revealPayout: true })).payoutFingerprint;
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "bank", accountName: "Asha Kumari", accountNumber: "123456789013", ifsc: "SBIN0001234" } });
    const stale = await rejection(refundReturn(db, { returnId: id, reference: "UTR 4455", payoutFingerprint: shown, actor: STAFF, now: t0 + 4 }));
    expect(stale.status).toBe(409);
    expect(await db.selectFrom("refunds").select("id").where("order_id", "=", order.id).execute()).toEqual([]);
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "bank", accountName: "Asha Kumari", accountNumber: "123456789012", ifsc: "SBIN0001234" } });
    const fresh = (await loadAdminReturn(db, id, { revealPayout: true })).payoutFingerprint;
    const { refund, creditNoteNumber } = await refundReturn(db, { returnId: id, reference: "UTR 4455", payoutFingerprint: fresh, actor: STAFF, now: t0 + 4 });
    // ₹1,000 + ₹2,500.50 (the damaged unit in full).
    expect(refund).toMatchObject({ amountPaise: 350_050, via: "manual", status: "RECORDED", reference: "UTR 4455", id: refundIdFor(order.id, returnRefundKey(id)) });
    expect(creditNoteNumber).toMatch(/^CN\//);

    const stored = await db.selectFrom("return_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "refunded", payout_json: null, refund_id: refund.id });
    expect(Number(stored.acknowledged_at)).toBe(t0);
    expect(Number(stored.resolved_at)).toBe(t0 + 4);
    const lines = await db.selectFrom("return_lines").select(["line_index", "received_good", "received_damaged", "live"]).where("return_id", "=", id).orderBy("line_index").execute();
    expect(lines.map((l) => [Number(l.line_index), Number(l.received_good), Number(l.received_damaged), Number(l.live)])).toEqual([
      [0, 1, 0, 1],
      [1, 0, 1, 1],
    ]);
    expect((await returnEvents(order.id)).map((d) => d.step)).toEqual(["approved", "pickup_scheduled", "received", "refunded"]);
    expect((await returnEvents(order.id))[3]).toMatchObject({ returnId: id, amountPaise: 350_050, via: "manual" });
    expect(await returnAudits(order.id)).toEqual([
      `return ${id} approved`,
      `return ${id} pickup scheduled`,
      `return ${id} received`,
      ...Array(3).fill(`return ${id} payout details given (bank)`),
      `return ${id} refunded`,
    ]);
    const sent = await emails(order.id);
    expect(sent.map((e) => e.kind)).toEqual(["return_update", "return_update", "return_update", "refund_recorded"]);
    expect(sent[1].text).toContain("AWB (tracking) number: DL-778899");
    expect(sent[2].text).toContain("Units in good condition: 1. Units damaged: 1.");
    expect(sent[3].subject).toContain("₹3,500.50");
    // The account number is in no email and no audit row.
    const audit = await db.selectFrom("audit_log").select(["before_json", "after_json", "action"]).where("entity_id", "=", order.id).execute();
    expect(JSON.stringify([audit, sent])).not.toContain("123456789012");

    // Closed: no step is legal any more.
    expect((await rejection(approveReturn(db, { returnId: id, actor: STAFF }))).status).toBe(409);
    expect((await rejection(refundReturn(db, { returnId: id, actor: STAFF }))).status).toBe(409);
    expect((await rejection(savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "upi", upiId: "asha@okaxis" } }))).status).toBe(409);
  });

  it("refunds what a returned unit was paid after a discount code, and its credit note reverses exactly that (issue 47)", async () => {
    await setUp();
    // ₹100.02 off (fixed) the usual order: 10002 p over the lines' 200000 (Casio × 2) and 250050 (Rado) —
    // 10002 × 200000/450050 = 4444.84, × 250050/450050 = 5557.16 → 4444 + 5557 = 10001, the paisa left to
    // the larger remainder (.84, Casio): 4445 + 5557. Casio's 4445 over its 2 units: 2223 + 2222, so the
    // first unit returned was paid 100000 − 2223 = 97777 p (not ₹1,000).
    const at = Date.now();
    await insertDiscountCode(db, "FEST", { kind: "fixed", percent_bp: null, value_paise: 10_002, public: 0 }, at);
    await putCodeOnCart(db, shopper, "FEST", at);
    const order = await deliveredCod();
    expect(order).toMatchObject({ discountCode: "FEST", discountPaise: 10_002 });
    const casio = order.items.findIndex((item) => item.productId === "w-plain");
    expect(order.items[casio]).toMatchObject({ quantity: 2, discountPaise: 4_445 });
    const id = await request(order.id, [{ ...PLAIN_ONE, lineIndex: casio }]);
    await approveReturn(db, { returnId: id, actor: STAFF });
    await scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF });
    await markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: casio, good: 1, damaged: 0 }] }, actor: STAFF });
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "upi", upiId: "asha@okaxis" } });
    expect((await loadAdminReturn(db, id)).refundPaise).toBe(97_777);
    const { refund } = await refundReturn(db, { returnId: id, reference: "UTR 9911", actor: STAFF });
    expect(refund.amountPaise).toBe(97_777);
    expect((await loadAdminReturn(db, id)).refundPaise).toBe(97_777);
    // The invoice's Casio line: net 200000 − 4445 = 195555; taxable round(195555 × 100/118) = 165725; tax 29830
    // = CGST 14915 + SGST 14915. The note: taxable round(165725 × 97777/195555) = round(82862.08) = 82862; CGST
    // round(14915 × 97777/195555) = round(7457.46) = 7457; SGST 97777 − 82862 − 7457 = 7458.
    const [note] = await listCreditNotes(db, order.id);
    expect(note?.lines).toEqual([expect.objectContaining({ lineIndex: casio, quantity: 1, grossPaise: 100_000, discountPaise: 2_223, totalPaise: 97_777, taxablePaise: 82_862, cgstPaise: 7_457, sgstPaise: 7_458, igstPaise: 0 })]);
  });

  it("refunds an online order through Cashfree once, to the paisa of the part returned, whatever the double submits", async () => {
    await setUp();
    const order = await deliveredOnline();
    const id = await request(order.id, [{ ...PLAIN_ONE, quantity: 1 }]);
    await approveReturn(db, { returnId: id, actor: STAFF });
    await scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF });
    await markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: 0, good: 1, damaged: 0 }] }, actor: STAFF });
    const [a, b] = await Promise.allSettled([refundReturn(db, { returnId: id, actor: STAFF }, gateway), refundReturn(db, { returnId: id, actor: OTHER }, gateway)]);
    const outcomes = [a, b].map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as BackendError).status));
    expect(outcomes.sort()).toEqual([409, "ok"].sort());
    const won = (a.status === "fulfilled" ? a.value : (b as PromiseFulfilledResult<Awaited<ReturnType<typeof refundReturn>>>).value).refund;
    expect(won).toMatchObject({ amountPaise: 100_000, via: "cashfree", status: "PENDING" });
    const atCashfree = await gateway.client.listRefunds(order.id);
    expect(atCashfree.map((r) => [r.refundId, r.amountPaise])).toEqual([[refundIdFor(order.id, returnRefundKey(id)), 100_000]]);
    expect((await loadAdminReturn(db, id)).refund?.status).toBe("PENDING");
    expect((await returnEvents(order.id)).filter((d) => d.step === "refunded")).toHaveLength(1);
  });

  it("rejects with a reason: lines freed for a new request, email in the request's language; an unknown reason is a 400", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [PLAIN_ONE], { language: "hi" });
    expect((await rejection(rejectReturn(db, { returnId: id, reason: "because", actor: STAFF }))).status).toBe(400);
    expect(await returnEvents(order.id)).toEqual([]);
    await rejectReturn(db, { returnId: id, reason: "used_or_worn", actor: STAFF });
    const row = await db.selectFrom("return_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "rejected", reject_reason: "used_or_worn" });
    expect(row.acknowledged_at).not.toBeNull();
    expect(row.resolved_at).not.toBeNull();
    const lines = await db.selectFrom("return_lines").select("live").where("return_id", "=", id).execute();
    expect(lines.map((l) => l.live)).toEqual([null]);
    // The line can be asked for again (the unique index allows a new live line).
    await request(order.id, [PLAIN_ONE]);
    const [email] = await emails(order.id);
    expect(email.subject).toContain("मंज़ूर नहीं");
    expect(email.text).toContain("वजह: घड़ी इस्तेमाल की गई है या पहनी गई है।");
  });

  it("rejecting an exchange gives back the reserved colour's units once", async () => {
    await setUp();
    const order = await deliveredCod();
    await db.updateTable("products").set({ stock: 5 }).where("id", "=", "w-gold").execute();
    const id = await request(order.id, [{ ...GOLD, exchangeColour: "Silver" }], { resolution: "exchange" });
    await db.transaction().execute((trx) => reserveExchangeUnits(trx, { orderId: order.id, productId: "w-gold", colour: "Silver", units: 1, actor: "shopper", now: Date.now() }));
    const stock = async () => Number((await db.selectFrom("products").select("stock").where("id", "=", "w-gold").executeTakeFirstOrThrow()).stock);
    expect(await stock()).toBe(4);
    await rejectReturn(db, { returnId: id, reason: "not_our_product", actor: STAFF });
    expect(await stock()).toBe(5);
    expect((await rejection(rejectReturn(db, { returnId: id, reason: "not_our_product", actor: STAFF }))).status).toBe(409);
    expect(await stock()).toBe(5);
    const moves = await db.selectFrom("stock_movements").select(["reason", "delta"]).where("order_id", "=", order.id).where("product_id", "=", "w-gold").where("reason", "like", "exchange%").orderBy("id").execute();
    expect(moves.map((m) => [m.reason, Number(m.delta)])).toEqual([
      ["exchange", -1],
      ["exchange_release", 1],
    ]);
  });

  it("answers 409 to illegal moves and to the second of two staff at once, writing nothing for them", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [PLAIN_ONE]);
    const early = await rejection(scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF }));
    expect([early.status, early.message]).toEqual([409, `Return ${id} is "Requested"; it cannot be marked "Pickup scheduled". It can now be "Approved" or "Rejected".`]);
    expect((await rejection(refundReturn(db, { returnId: id, actor: STAFF }))).status).toBe(409);
    expect((await rejection(markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: 0, good: 1, damaged: 0 }] }, actor: STAFF }))).status).toBe(409);

    const [a, b] = await Promise.allSettled([approveReturn(db, { returnId: id, actor: STAFF }), rejectReturn(db, { returnId: id, reason: "missing_parts", actor: OTHER })]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    const loser = (a.status === "rejected" ? a.reason : (b as PromiseRejectedResult).reason) as BackendError;
    expect(loser.status).toBe(409);
    expect(await returnEvents(order.id)).toHaveLength(1);
    expect(await returnAudits(order.id)).toHaveLength(1);
    expect(await emails(order.id)).toHaveLength(1);

    expect((await rejection(scheduleReturnPickup(db, { returnId: id, pickup: { courier: "", awbNumber: "X" }, actor: STAFF }))).status).toBe(400);
    expect((await rejection(approveReturn(db, { returnId: "rt_000000000000000000000000", actor: STAFF }))).status).toBe(404);
  });

  it("checks the inspection: good + damaged must be the line's quantity, every line once", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [{ ...PLAIN_ONE, quantity: 2 }]);
    await approveReturn(db, { returnId: id, actor: STAFF });
    await scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF });
    for (const lines of [[{ lineIndex: 0, good: 2, damaged: 1 }], [{ lineIndex: 0, good: 1, damaged: 0 }], [{ lineIndex: 1, good: 2, damaged: 0 }], [{ lineIndex: 0, good: -1, damaged: 3 }], []]) {
      expect((await rejection(markReturnReceived(db, { returnId: id, received: { lines }, actor: STAFF }))).status).toBe(400);
    }
    expect((await loadAdminReturn(db, id)).status).toBe("pickup_scheduled");
    await markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: 0, good: 1, damaged: 1 }] }, actor: STAFF });
    expect((await loadAdminReturn(db, id)).refundPaise).toBe(200_000);
  });

  it("ships an exchange with its shipment; an exchange is never refunded", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [{ ...GOLD, exchangeColour: "Silver" }], { resolution: "exchange" });
    await approveReturn(db, { returnId: id, actor: STAFF });
    await scheduleReturnPickup(db, { returnId: id, pickup: PICKUP, actor: STAFF });
    await markReturnReceived(db, { returnId: id, received: { lines: [{ lineIndex: 1, good: 1, damaged: 0 }] }, actor: STAFF });
    expect((await rejection(refundReturn(db, { returnId: id, actor: STAFF }))).status).toBe(409);
    expect((await rejection(shipReturnExchange(db, { returnId: id, shipment: { courier: "Blue Dart", awbNumber: "BD99", trackingUrl: "javascript:alert(1)" }, actor: STAFF }))).status).toBe(400);
    await shipReturnExchange(db, { returnId: id, shipment: { courier: "Blue Dart", awbNumber: "BD9988", trackingUrl: "https://bluedart.example/t/BD9988" }, actor: STAFF });
    const detail = await loadAdminReturn(db, id);
    expect(detail).toMatchObject({ status: "exchanged", exchangeShipment: { courier: "Blue Dart", awbNumber: "BD9988", trackingUrl: "https://bluedart.example/t/BD9988" }, nextStatuses: [] });
    expect(detail.resolvedAt).not.toBeNull();
    const sent = await emails(order.id);
    expect(sent.at(-1)!.text).toContain("Track it: https://bluedart.example/t/BD9988");
  });

  it("lists the open requests overdue first, then by their next deadline", async () => {
    await setUp();
    const order = await deliveredCod();
    const now = Date.now();
    const fresh = await request(order.id, [PLAIN_ONE], { createdAt: now - 60_000 });
    const late = await request(order.id, [GOLD], { createdAt: now - 3 * 24 * 3600_000 });
    const queue = await returnQueue(db, now);
    expect(queue.map((row) => [row.id, row.overdue])).toEqual([
      [late, true],
      [fresh, false],
    ]);
    // Acknowledged: the month counts, no longer the 48 hours.
    await approveReturn(db, { returnId: late, actor: STAFF, now });
    const after = await returnQueue(db, now);
    expect(after.map((row) => [row.id, row.deadlineKind, row.overdue])).toEqual([
      [fresh, "acknowledge", false],
      [late, "resolve", false],
    ]);
    await rejectReturn(db, { returnId: fresh, reason: "outside_window", actor: STAFF, now });
    expect((await returnQueue(db, now)).map((row) => row.id)).toEqual([late]);
  });

  it("erases the payout details with the account", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [PLAIN_ONE]);
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "upi", upiId: "asha.k@okaxis" } });
    const summary = await deleteAccount(db, shopper, { by: "staff", actor: { id: null, email: "owner@example.in", role: "owner" } });
    expect(summary.returnPayoutsErased).toBe(1);
    const row = await db.selectFrom("return_requests").select(["payout_json", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ payout_json: null, status: "requested" });
  });

  it("takes payout details only from the order's own shopper of a COD refund request: a stranger gets 404 and nothing is written", async () => {
    await setUp();
    const order = await deliveredCod();
    const id = await request(order.id, [PLAIN_ONE]);
    const stranger = await createShopper(db);
    const denied = await rejection(savePayoutDetails(db, { userId: stranger, orderId: order.id, returnId: id, payout: { kind: "upi", upiId: "thief@okaxis" } }));
    expect(denied.status).toBe(404);
    expect(await payoutStandings(db, stranger, order.id)).toEqual([]);
    const bad = await rejection(savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "bank", accountName: "Asha", accountNumber: "123", ifsc: "SBIN0001234" } }));
    expect([bad.status, bad.message]).toEqual([400, "Enter the account number: 9 to 18 digits."]);
    const row = await db.selectFrom("return_requests").select("payout_json").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.payout_json).toBeNull();
    await savePayoutDetails(db, { userId: shopper, orderId: order.id, returnId: id, payout: { kind: "upi", upiId: "asha.k@okaxis" } });
    expect(await payoutStandings(db, shopper, order.id)).toEqual([{ returnId: id, given: { kind: "upi", masked: "as••••@okaxis" } }]);
    // An online order takes none: its refund goes back to the payment.
    const online = await deliveredOnline();
    const onlineId = await request(online.id, [PLAIN_ONE]);
    expect((await rejection(savePayoutDetails(db, { userId: shopper, orderId: online.id, returnId: onlineId, payout: { kind: "upi", upiId: "asha@okaxis" } }))).status).toBe(404);
  });
});
