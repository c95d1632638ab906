import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { PDFParse } from "pdf-parse";
import type { DB } from "~/db/db.server";
import { creditNotePdfFilename, creditedShare, formatCreditNoteNumber, issueCreditNote, listCreditNotes, shopperCreditNotePdf, shopperCreditNotes } from "~/services/credit-notes.server";
import { renderCreditNotePdf } from "~/services/invoice-pdf.server";
import { hashToken } from "~/services/accounts.server";
import { findInvoice, readStoreSettings, saveStoreSettings } from "~/services/invoices.server";
import { setOrderStatus } from "~/services/orders.server";
import type { Order } from "~/schemas/orders";
import { createShopper, seedWatches } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { placeCod } from "../setup/orders";
import { refusal as rejection } from "../setup/refusal";

// Issue 45 item 5; CGST Act s.34; Rule 53; docs/decisions/0986: the GST credit note of a refunded
// return. The invoice of the order below (18%, seller in Karnataka), worked out by hand:
//   Casio Classic × 3 at ₹1,000:   total 3,00,000 p, taxable round(300000 × 100/118) = 2,54,237 p, tax 45,763 p
//                                  (CGST 22,881 + SGST 22,882, or IGST 45,763)
//   Rado Golden Hour (Gold) × 1:   total 2,50,050 p, taxable round(250050 × 100/118) = 2,11,907 p, tax 38,143 p
//                                  (CGST 19,071 + SGST 19,072, or IGST 38,143)
const CART: [string, string, number][] = [
  ["w-plain", "default", 3],
  ["w-gold", "Gold", 1],
];
const ITEMS = [
  { _id: "w-plain", size: "default", quantity: 3 },
  { _id: "w-gold", size: "Gold", quantity: 1 },
];
const OWNER = { id: null, email: "owner@example.in" };
/** 24 Nov 2026, 10:00 IST: financial year 2026-27. */
const NOW = Date.UTC(2026, 10, 24, 4, 30);
const DAY = 86_400_000;

type Returned = { product: "w-plain" | "w-gold"; quantity: number };
type Figures = { totalPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * The fixed table: returns (one credit note each, in order) and each note's expected lines
 * (by product), computed by hand from the invoice's figures above — the share q/Q of the invoice
 * line, the units earlier notes credited counted first: round(F × (p+q)/Q) − round(F × p/Q).
 */
const CASES: { name: string; intraState: boolean; returns: { lines: Returned[]; expected: Record<string, Figures> }[] }[] = [
  {
    name: "one line, its full quantity (CGST + SGST)",
    intraState: true,
    returns: [{ lines: [{ product: "w-gold", quantity: 1 }], expected: { "w-gold": { totalPaise: 250_050, taxablePaise: 211_907, cgstPaise: 19_071, sgstPaise: 19_072, igstPaise: 0 } } }],
  },
  {
    name: "one line, its full quantity (IGST)",
    intraState: false,
    returns: [{ lines: [{ product: "w-gold", quantity: 1 }], expected: { "w-gold": { totalPaise: 250_050, taxablePaise: 211_907, cgstPaise: 0, sgstPaise: 0, igstPaise: 38_143 } } }],
  },
  {
    // 1 of 3: taxable round(254237/3) = 84,746; CGST round(22881/3) = 7,627; SGST 1,00,000 − 84,746 − 7,627 = 7,627.
    name: "part of a line's quantity (1 of 3, CGST + SGST)",
    intraState: true,
    returns: [{ lines: [{ product: "w-plain", quantity: 1 }], expected: { "w-plain": { totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 7_627, sgstPaise: 7_627, igstPaise: 0 } } }],
  },
  {
    // 1 of 3: taxable 84,746; IGST 1,00,000 − 84,746 = 15,254.
    name: "part of a line's quantity (1 of 3, IGST)",
    intraState: false,
    returns: [{ lines: [{ product: "w-plain", quantity: 1 }], expected: { "w-plain": { totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_254 } } }],
  },
  {
    name: "two lines in one return (CGST + SGST)",
    intraState: true,
    returns: [
      {
        lines: [
          { product: "w-plain", quantity: 1 },
          { product: "w-gold", quantity: 1 },
        ],
        expected: {
          "w-plain": { totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 7_627, sgstPaise: 7_627, igstPaise: 0 },
          "w-gold": { totalPaise: 250_050, taxablePaise: 211_907, cgstPaise: 19_071, sgstPaise: 19_072, igstPaise: 0 },
        },
      },
    ],
  },
  {
    // Then the other 2 of 3 (p = 1, q = 2): taxable 2,54,237 − 84,746 = 1,69,491; CGST 22,881 − 7,627 = 15,254;
    // SGST 2,00,000 − 1,69,491 − 15,254 = 15,255. The two notes add up to the invoice line exactly.
    name: "all units of a line across two notes (1 of 3, then 2 of 3; CGST + SGST)",
    intraState: true,
    returns: [
      { lines: [{ product: "w-plain", quantity: 1 }], expected: { "w-plain": { totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 7_627, sgstPaise: 7_627, igstPaise: 0 } } },
      { lines: [{ product: "w-plain", quantity: 2 }], expected: { "w-plain": { totalPaise: 200_000, taxablePaise: 169_491, cgstPaise: 15_254, sgstPaise: 15_255, igstPaise: 0 } } },
    ],
  },
  {
    // IGST: 1 of 3 (84,746 + 15,254), then 2 of 3: taxable 1,69,491, IGST 2,00,000 − 1,69,491 = 30,509.
    name: "all units of a line across two notes (IGST)",
    intraState: false,
    returns: [
      { lines: [{ product: "w-plain", quantity: 1 }], expected: { "w-plain": { totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_254 } } },
      { lines: [{ product: "w-plain", quantity: 2 }], expected: { "w-plain": { totalPaise: 200_000, taxablePaise: 169_491, cgstPaise: 0, sgstPaise: 0, igstPaise: 30_509 } } },
    ],
  },
];

/** A live session row of `userId` for `token` (a real token's shape: 43 characters). */
function sessionRow(token: string, userId: number) {
  return { token_hash: hashToken(token), user_id: userId, expires_at: Date.now() + DAY, created_at: Date.now(), last_seen_at: null };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

describe("the credited share of an invoice line (pure)", () => {
  it("adds up to the invoice line exactly however its units are split across notes", () => {
    const line = { quantity: 7, totalPaise: 7 * 99_999, taxablePaise: 593_214, cgstPaise: 53_389, sgstPaise: 53_390, igstPaise: 0 };
    for (const split of [[1, 1, 1, 1, 1, 1, 1], [3, 4], [2, 2, 3], [6, 1], [7]]) {
      let credited = 0;
      const sum = { totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
      for (const q of split) {
        const part = creditedShare(line, credited, q, true);
        expect(part.totalPaise).toBe(q * 99_999); // the refund of the units
        expect(part.taxablePaise + part.cgstPaise + part.sgstPaise).toBe(part.totalPaise);
        for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += part[key];
        credited += q;
      }
      expect(sum).toEqual({ totalPaise: line.totalPaise, taxablePaise: line.taxablePaise, cgstPaise: line.cgstPaise, sgstPaise: line.sgstPaise, igstPaise: 0 });
    }
    expect(() => creditedShare(line, 6, 2, true)).toThrow(RangeError);
    expect(() => creditedShare(line, 0, 0, true)).toThrow(RangeError);
  });

  it("writes the number in at most sixteen characters (Rule 46(b)) and names the file after it", () => {
    expect(formatCreditNoteNumber("2026-27", 1)).toBe("CN/26-27/000001");
    expect(formatCreditNoteNumber("2099-00", 1_234_567)).toBe("CN/99-00/1234567");
    expect(formatCreditNoteNumber("2099-00", 9_999_999).length).toBeLessThanOrEqual(16);
    expect(creditNotePdfFilename("CN/26-27/000001")).toBe("credit-note-CN-26-27-000001.pdf");
  });
});

describe.each(testDatabases())("GST credit notes on $name", ({ name, create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function setUp(intraState = true): Promise<DB> {
    current = await create();
    await seedWatches(current.db);
    if (!intraState) await saveStoreSettings(current.db, { ...(await readStoreSettings(current.db)), sellerGstin: "27AAPFU0939F1ZV", sellerState: "Maharashtra" }, OWNER);
    return current.db;
  }

  let keys = 0;
  /** A delivered cash-on-delivery order of CART (so invoiced), of a new shopper; `invoiced: false` stops at Shipped. */
  async function invoicedOrder(db: DB, options: { invoiced?: boolean; language?: "en" | "hi" } = {}) {
    const shopper = await createShopper(db);
    keys += 1;
    const { order } = await placeCod(db, shopper, `credit-note-${keys}`, { lines: { cart: CART, items: ITEMS }, now: NOW, body: { language: options.language ?? "en" } });
    const staff = { liveCredentials: false, actor: { id: null, email: "staff@example.in" } };
    await setOrderStatus(db, order.id, "Shipped", { ...staff, now: NOW + DAY, shipment: { courier: "Delhivery", awbNumber: `AWB${100000 + keys}` } });
    if (options.invoiced !== false) await setOrderStatus(db, order.id, "Delivered", { ...staff, now: NOW + 2 * DAY });
    return { shopper, order };
  }

  /** Inserts a refunded return of `lines` of `order` straight into return_requests / return_lines, as helper 3's refund leaves them. */
  async function refundedReturn(db: DB, order: Order, shopper: number, lines: Returned[], resolution = "refund"): Promise<string> {
    const id = `rt_${crypto.randomBytes(12).toString("hex")}`;
    const at = NOW + 5 * DAY;
    await db
      .insertInto("return_requests")
      .values({
        id,
        order_id: order.id,
        user_id: shopper,
        resolution,
        reason: "defective",
        description: "The crown does not turn.",
        photos: "[]",
        status: resolution === "refund" ? "refunded" : "exchanged",
        acknowledge_by: at + 2 * DAY,
        resolve_by: at + 30 * DAY,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const line of lines) {
      const lineIndex = order.items.findIndex((item) => item.productId === line.product);
      const item = order.items[lineIndex]!;
      await db
        .insertInto("return_lines")
        .values({ return_id: id, order_id: order.id, line_index: lineIndex, product_id: item.productId, colour: item.size, quantity: line.quantity, unit_paise: item.pricePaise, live: null })
        .execute();
    }
    return id;
  }

  for (const testCase of CASES) {
    it(`credits ${testCase.name}`, async () => {
      const db = await setUp(testCase.intraState);
      const { shopper, order } = await invoicedOrder(db);
      const invoice = (await findInvoice(db, order.id))!;
      expect(invoice.intraState).toBe(testCase.intraState);
      let seq = 0;
      for (const ret of testCase.returns) {
        const returnId = await refundedReturn(db, order, shopper, ret.lines);
        const note = await db.transaction().execute((trx) => issueCreditNote(trx, returnId, NOW + 10 * DAY));
        seq += 1;
        expect(note.number).toBe(`CN/26-27/${String(seq).padStart(6, "0")}`);
        expect(note).toMatchObject({ returnId, orderId: order.id, invoiceNumber: invoice.number, invoiceIssuedAt: invoice.issuedAt, intraState: testCase.intraState, ratePercent: 18 });
        const byProduct = Object.fromEntries(
          note.lines.map((line) => [order.items[line.lineIndex]!.productId, { totalPaise: line.totalPaise, taxablePaise: line.taxablePaise, cgstPaise: line.cgstPaise, sgstPaise: line.sgstPaise, igstPaise: line.igstPaise }]),
        );
        expect(byProduct).toEqual(ret.expected);
        // The note's total is the refund of the lines: Σ quantity × unit price.
        const refund = ret.lines.reduce((sum, line) => sum + line.quantity * order.items.find((item) => item.productId === line.product)!.pricePaise, 0);
        expect(note.totals.totalPaise).toBe(refund);
        const expected = Object.values(ret.expected);
        const sum = (key: keyof Figures) => expected.reduce((s, f) => s + f[key], 0);
        expect(note.totals).toEqual({ totalPaise: sum("totalPaise"), taxablePaise: sum("taxablePaise"), cgstPaise: sum("cgstPaise"), sgstPaise: sum("sgstPaise"), igstPaise: sum("igstPaise") });

        // The PDF says the same, read back.
        const text = await pdfText(await renderCreditNotePdf(note));
        expect(text).toContain("Credit Note");
        expect(text).toContain(`Credit note number: ${note.number}`);
        expect(text).toContain("Credit note date: 4 Dec 2026");
        expect(text).toContain(`Invoice number: ${invoice.number}`);
        expect(text).toContain("Invoice date: 26 Nov 2026");
        expect(text).toContain(`GSTIN: ${invoice.seller.gstin}`);
        expect(text).toContain("Asha Rao");
        const rupees = (paise: number) => `${Math.floor(paise / 100).toLocaleString("en-IN")}.${String(paise % 100).padStart(2, "0")}`;
        expect(text).toContain(`Taxable value: Rs. ${rupees(sum("taxablePaise"))}`);
        if (testCase.intraState) {
          expect(text).toContain(`CGST at 9%: Rs. ${rupees(sum("cgstPaise"))}`);
          expect(text).toContain(`SGST at 9%: Rs. ${rupees(sum("sgstPaise"))}`);
          expect(text).not.toContain("IGST");
        } else {
          expect(text).toContain(`IGST at 18%: Rs. ${rupees(sum("igstPaise"))}`);
          expect(text).not.toMatch(/[CS]GST (at )?\d/);
        }
        expect(text).toContain(`Credit note total: Rs. ${rupees(refund)}`);
        expect(text).not.toMatch(/[\u0900-\u097F]/);
      }
      // Never more than the invoice: every note of the order, line by line.
      const notes = await listCreditNotes(db, order.id);
      expect(notes).toHaveLength(testCase.returns.length);
      invoice.lines.forEach((line, index) => {
        const credited = notes.flatMap((n) => n.lines).filter((l) => l.lineIndex === index);
        const units = credited.reduce((s, l) => s + l.quantity, 0);
        for (const key of ["totalPaise", "taxablePaise", "cgstPaise", "sgstPaise", "igstPaise"] as const) {
          const sum = credited.reduce((s, l) => s + l[key], 0);
          if (units === line.quantity) expect(sum).toBe(line[key]);
          else expect(sum).toBeLessThanOrEqual(line[key]);
        }
      });
    });
  }

  it("answers the stored note to a second call; refuses an order without an invoice, an exchange and more units than invoiced", async () => {
    const db = await setUp();
    const { shopper, order } = await invoicedOrder(db);
    const returnId = await refundedReturn(db, order, shopper, [{ product: "w-plain", quantity: 2 }]);
    const first = await db.transaction().execute((trx) => issueCreditNote(trx, returnId, NOW + 10 * DAY));
    const again = await db.transaction().execute((trx) => issueCreditNote(trx, returnId, NOW + 20 * DAY));
    expect(again).toEqual(first);
    expect(await db.selectFrom("credit_notes").select("number").execute()).toHaveLength(1);
    expect(Number((await db.selectFrom("credit_note_counters").selectAll().executeTakeFirstOrThrow()).last_seq)).toBe(1);

    const tooMany = await refundedReturn(db, order, shopper, [{ product: "w-plain", quantity: 2 }]);
    expect((await rejection(db.transaction().execute((trx) => issueCreditNote(trx, tooMany, NOW + 10 * DAY)))).status).toBe(409);
    const exchange = await refundedReturn(db, order, shopper, [{ product: "w-gold", quantity: 1 }], "exchange");
    expect((await rejection(db.transaction().execute((trx) => issueCreditNote(trx, exchange, NOW + 10 * DAY)))).status).toBe(409);

    const shipped = await invoicedOrder(db, { invoiced: false });
    const noInvoice = await refundedReturn(db, shipped.order, shipped.shopper, [{ product: "w-gold", quantity: 1 }]);
    const refused = await rejection(db.transaction().execute((trx) => issueCreditNote(trx, noInvoice, NOW + 10 * DAY)));
    expect([refused.status, refused.message]).toEqual([409, "This order has no tax invoice, so no credit note can be issued against it."]);
    expect((await rejection(db.transaction().execute((trx) => issueCreditNote(trx, "rt_000000000000000000000000", NOW)))).status).toBe(404);
    // Nothing written by the refusals, no number taken.
    expect(await db.selectFrom("credit_notes").select("number").execute()).toHaveLength(1);
    expect(Number((await db.selectFrom("credit_note_counters").selectAll().executeTakeFirstOrThrow()).last_seq)).toBe(1);
  });

  it("numbers per financial year of the note's IST date: 31 March 23:59 and 1 April 00:00", async () => {
    const db = await setUp();
    const { shopper, order } = await invoicedOrder(db);
    const march31 = Date.UTC(2027, 2, 31, 18, 29); // 31 Mar 2027, 23:59 IST
    const april1 = Date.UTC(2027, 2, 31, 18, 30); // 1 Apr 2027, 00:00 IST
    const issue = async (product: Returned["product"], at: number) => {
      const id = await refundedReturn(db, order, shopper, [{ product, quantity: 1 }]);
      return db.transaction().execute((trx) => issueCreditNote(trx, id, at));
    };
    expect((await issue("w-plain", march31)).number).toBe("CN/26-27/000001");
    const next = await issue("w-plain", april1);
    expect([next.number, next.fy, next.seq]).toEqual(["CN/27-28/000001", "2027-28", 1]);
    expect((await issue("w-gold", march31 - DAY)).number).toBe("CN/26-27/000002");
    // The invoice's own series is untouched.
    expect((await findInvoice(db, order.id))!.number).toMatch(/^CI\/2026-27\/000001$/);
  });

  it(`gives two notes issued at once distinct consecutive numbers (${name})`, async () => {
    const db = await setUp();
    const a = await invoicedOrder(db);
    const b = await invoicedOrder(db);
    const ids = [await refundedReturn(db, a.order, a.shopper, [{ product: "w-gold", quantity: 1 }]), await refundedReturn(db, b.order, b.shopper, [{ product: "w-plain", quantity: 3 }])];
    const notes = await Promise.all(ids.map((id) => db.transaction().execute((trx) => issueCreditNote(trx, id, NOW + 10 * DAY))));
    expect(notes.map((n) => n.number).sort()).toEqual(["CN/26-27/000001", "CN/26-27/000002"]);
    expect(Number((await db.selectFrom("credit_note_counters").selectAll().executeTakeFirstOrThrow()).last_seq)).toBe(2);
  });

  it("lets only the order's shopper download it; a Hindi order's note has bilingual headings", async () => {
    const db = await setUp();
    const { shopper, order } = await invoicedOrder(db, { language: "hi" });
    const returnId = await refundedReturn(db, order, shopper, [{ product: "w-gold", quantity: 1 }]);
    const note = await db.transaction().execute((trx) => issueCreditNote(trx, returnId, NOW + 10 * DAY));
    expect(note.language).toBe("hi");
    const token = crypto.randomBytes(32).toString("base64url");
    await db.insertInto("sessions").values(sessionRow(token, shopper)).execute();
    const file = await shopperCreditNotePdf(db, token, order.id, returnId);
    expect(file.filename).toBe("credit-note-CN-26-27-000001.pdf");
    const text = await pdfText(file.body);
    // Read back from the PDF's text (glyphs in the order drawn: "ि" before its consonant, so the
    // words with it — क्रेडिट — are cut there), English first, then Hindi.
    for (const words of ["Credit Note क्रे", "Credit note number / क्रे", "नोट संख्या", "CN/26-27/000001", "Credit note date / क्रे", "नोट की तारीख: 4 Dec 2026", "Invoice number / बीजक संख्या", "Qty मात्रा", "Taxable value कर योग्य मूल्य", "Credit note total / क्रे", "नोट की कुल", "Rs. 2,500.50"]) expect(text).toContain(words);
    expect(await shopperCreditNotes(db, shopper, order.id)).toEqual([{ returnId, number: note.number, issuedAt: NOW + 10 * DAY }]);

    const stranger = await createShopper(db);
    const strangerToken = crypto.randomBytes(32).toString("base64url");
    await db.insertInto("sessions").values(sessionRow(strangerToken, stranger)).execute();
    expect((await rejection(shopperCreditNotePdf(db, strangerToken, order.id, returnId))).status).toBe(404);
    expect((await rejection(shopperCreditNotes(db, stranger, order.id))).status).toBe(404);
    expect((await rejection(shopperCreditNotePdf(db, token, order.id, "rt_000000000000000000000000"))).status).toBe(404);
  });
});
