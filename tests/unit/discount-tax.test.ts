import { describe, expect, it } from "vitest";
import { allocateProportionally, discountedLine, evaluateDiscount, paidForUnits, type DiscountCode, type DiscountLine } from "~/lib/discounts";
import { creditedShare } from "~/services/credit-notes.server";
import { invoiceLines, invoiceTotals } from "~/services/invoices.server";
import { returnRefundPaise } from "~/services/returns-admin.server";
import type { Order, OrderItem } from "~/schemas/orders";
import { orderPageView } from "~/lib/order-page";
import { orderRows } from "~/lib/order-rows";
import { renderOrderEmail } from "~/lib/order-emails";
import { orderWordsIn } from "~/utils/order-words.server";
import { ADDRESS } from "../fixtures/address";

/*
 * Issue 47 item 3 ("tax right to the paisa"): a fixed table of cases, each worked out by hand below
 * (paise; taxable = round half up of net × 100 / (100 + rate); tax = net − taxable; CGST =
 * floor(tax / 2), SGST the rest; IGST all of it inter-state — lib/gst splitGstInclusive's rule,
 * DESIGN.md §20). CGST Act s.15(3)(a): the discount on the invoice is left out of the taxable value.
 */

type Row = {
  name: string;
  grossPaise: number;
  discountPaise: number;
  rate: number;
  intraState: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

const TABLE: Row[] = [
  // 10 % off ₹10,000 = ₹1,000 → net 9,00,000 p; 900000 × 100/118 = 762711.86 → 762712 (₹7,627.12);
  // tax 900000 − 762712 = 137288 (₹1,372.88) → CGST 68644, SGST 68644.
  { name: "10 % off ₹10,000 at 18 %", grossPaise: 1_000_000, discountPaise: 100_000, rate: 18, intraState: true, taxablePaise: 762_712, cgstPaise: 68_644, sgstPaise: 68_644, igstPaise: 0 },
  // Without the code: 1000000 × 100/118 = 847457.63 → 847458 (₹8,474.58); tax 152542 (₹1,525.42) → 76271 + 76271.
  { name: "₹10,000 at 18 %, no code", grossPaise: 1_000_000, discountPaise: 0, rate: 18, intraState: true, taxablePaise: 847_458, cgstPaise: 76_271, sgstPaise: 76_271, igstPaise: 0 },
  // ₹1,000 off ₹6,000 + ₹4,000: 100000 × 6/10 = 60000 → net 540000; × 100/118 = 457627.12 → 457627; tax 82373 → 41186 + 41187.
  { name: "₹6,000 line, ₹600 of the ₹1,000 off", grossPaise: 600_000, discountPaise: 60_000, rate: 18, intraState: true, taxablePaise: 457_627, cgstPaise: 41_186, sgstPaise: 41_187, igstPaise: 0 },
  // 100000 × 4/10 = 40000 → net 360000; × 100/118 = 305084.75 → 305085; tax 54915 → 27457 + 27458.
  { name: "₹4,000 line, ₹400 of the ₹1,000 off", grossPaise: 400_000, discountPaise: 40_000, rate: 18, intraState: true, taxablePaise: 305_085, cgstPaise: 27_457, sgstPaise: 27_458, igstPaise: 0 },
  // Inter-state: the same 762712 taxable, all 137288 as IGST.
  { name: "10 % off ₹10,000 at 18 %, inter-state", grossPaise: 1_000_000, discountPaise: 100_000, rate: 18, intraState: false, taxablePaise: 762_712, cgstPaise: 0, sgstPaise: 0, igstPaise: 137_288 },
  // 3 % (gold, silver): 900000 × 100/103 = 873786.41 → 873786; tax 26214 → 13107 + 13107.
  { name: "10 % off ₹10,000 at 3 %", grossPaise: 1_000_000, discountPaise: 100_000, rate: 3, intraState: true, taxablePaise: 873_786, cgstPaise: 13_107, sgstPaise: 13_107, igstPaise: 0 },
  // 0.25 % (rough stones): 900000 × 100/100.25 = 897755.61 → 897756; tax 2244 → 1122 + 1122.
  { name: "10 % off ₹10,000 at 0.25 %", grossPaise: 1_000_000, discountPaise: 100_000, rate: 0.25, intraState: true, taxablePaise: 897_756, cgstPaise: 1_122, sgstPaise: 1_122, igstPaise: 0 },
  // 0.25 % inter-state, no code: 1000000 × 100/100.25 = 997506.23 → 997506; tax 2494.
  { name: "₹10,000 at 0.25 %, inter-state, no code", grossPaise: 1_000_000, discountPaise: 0, rate: 0.25, intraState: false, taxablePaise: 997_506, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_494 },
  // The remainder case's first line (below): ₹333.33 less 3334 p → 29999; × 100/118 = 25422.88 → 25423; tax 4576 → 2288 + 2288.
  { name: "₹333.33 with ₹33.34 off at 18 %", grossPaise: 33_333, discountPaise: 3_334, rate: 18, intraState: true, taxablePaise: 25_423, cgstPaise: 2_288, sgstPaise: 2_288, igstPaise: 0 },
  // Its other lines: 33333 − 3333 = 30000; × 100/118 = 25423.73 → 25424; tax 4576 → 2288 + 2288.
  { name: "₹333.33 with ₹33.33 off at 18 %", grossPaise: 33_333, discountPaise: 3_333, rate: 18, intraState: true, taxablePaise: 25_424, cgstPaise: 2_288, sgstPaise: 2_288, igstPaise: 0 },
];

const code = (fields: Partial<DiscountCode>): DiscountCode => ({
  id: 1, code: "DIWALI10", kind: "percent", percentBp: 1000, valuePaise: null, scope: "all", scopeValues: [], minSubtotalPaise: 0,
  totalLimit: null, usesTaken: 0, perShopperLimit: null, startsAt: null, endsAt: null, status: "active", public: true, ...fields,
});
const line = (key: string, pricePaise: number, quantity = 1): DiscountLine => ({ key, productId: key, brand: "Titan", category: "Men", pricePaise, quantity });
const item = (name: string, pricePaise: number, quantity: number, discountPaise?: number): OrderItem =>
  ({ productId: name, name, image: "/x.svg", size: "default", quantity, pricePaise, ...(discountPaise ? { discountPaise } : {}) });

describe("tax after a discount code, to the paisa (issue 47 item 3)", () => {
  it.each(TABLE)("$name", (row) => {
    const split = discountedLine(row.grossPaise, row.discountPaise, row.rate, row.intraState);
    expect(split).toMatchObject({
      grossPaise: row.grossPaise,
      discountPaise: row.discountPaise,
      netPaise: row.grossPaise - row.discountPaise,
      taxablePaise: row.taxablePaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
      igstPaise: row.igstPaise,
    });
    expect(row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise).toBe(row.grossPaise - row.discountPaise);
  });

  it("10 % off a ₹10,000 watch is ₹1,000; ₹1,000 off ₹6,000 + ₹4,000 is ₹600 + ₹400", () => {
    const ten = evaluateDiscount(code({}), [line("a", 1_000_000)], { now: 0, shopperUses: 0 });
    expect(ten).toEqual({ ok: true, effect: { discountPaise: 100_000, eligibleSubtotalPaise: 1_000_000, lines: [{ key: "a", discountPaise: 100_000 }] } });
    const fixed = evaluateDiscount(code({ kind: "fixed", percentBp: null, valuePaise: 100_000 }), [line("six", 600_000), line("four", 400_000)], { now: 0, shopperUses: 0 });
    expect(fixed.ok && fixed.effect.lines).toEqual([
      { key: "six", discountPaise: 60_000 },
      { key: "four", discountPaise: 40_000 },
    ]);
  });

  it("₹100 off three lines of ₹333.33: 3334 + 3333 + 3333 paise, the odd paisa on the first line", () => {
    // 10000 × 33333 / 99999 = 3333.33 each → 3333 × 3 = 9999; the 1 paisa left goes to the first (equal remainders: earlier line).
    expect(allocateProportionally(10_000, [33_333, 33_333, 33_333])).toEqual([3_334, 3_333, 3_333]);
  });

  it("the invoice of ₹1,000 off ₹6,000 + ₹4,000 (and ₹99 delivery): each line's gross, discount, taxable value and tax; totals add up", () => {
    // Order amount: 600000 + 400000 − 100000 + 9900 delivery = 909900.
    const lines = invoiceLines({ items: [item("Six", 600_000, 1, 60_000), item("Four", 200_000, 2, 40_000)], amountPaise: 909_900 }, 18, true);
    expect(lines.map((l) => [l.quantity, l.grossPaise, l.discountPaise, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [1, 600_000, 60_000, 540_000, 457_627, 41_186, 41_187],
      [2, 400_000, 40_000, 360_000, 305_085, 27_457, 27_458],
      // Delivery 9900 at 18 %: 9900 × 100/118 = 8389.83 → 8390; tax 1510 → 755 + 755.
      [1, 9_900, 0, 9_900, 8_390, 755, 755],
    ]);
    // Totals: gross 600000 + 400000 + 9900 = 1009900; discount 100000; taxable 457627 + 305085 + 8390 = 771102;
    // tax 82373 + 54915 + 1510 = 138798 (CGST 41186 + 27457 + 755 = 69398, SGST 69400); paid 909900.
    expect(invoiceTotals(lines)).toEqual({ grossPaise: 1_009_900, discountPaise: 100_000, taxablePaise: 771_102, cgstPaise: 69_398, sgstPaise: 69_400, igstPaise: 0, taxPaise: 138_798, totalPaise: 909_900 });
  });

  it("never books a negative delivery line: an order that costs its items' net amount has none", () => {
    // Old rule (amount − gross) would have booked 900000 − 1000000 = −100000 as delivery.
    const lines = invoiceLines({ items: [item("Ten", 1_000_000, 1, 100_000)], amountPaise: 900_000 }, 18, true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ grossPaise: 1_000_000, discountPaise: 100_000, totalPaise: 900_000, taxablePaise: 762_712, cgstPaise: 68_644, sgstPaise: 68_644 });
  });

  it("reads an invoice stored before discount codes (lines without gross or discount): gross = total, discount 0", () => {
    const old = [{ description: "Casio — wrist watch", hsn: "9102", quantity: 2, unitPricePaise: 100_000, totalPaise: 200_000, taxablePaise: 169_492, cgstPaise: 15_254, sgstPaise: 15_254, igstPaise: 0, ratePercent: 18 }];
    expect(invoiceTotals(old)).toEqual({ grossPaise: 200_000, discountPaise: 0, taxablePaise: 169_492, cgstPaise: 15_254, sgstPaise: 15_254, igstPaise: 0, taxPaise: 30_508, totalPaise: 200_000 });
  });

  it("units of a line returned one at a time add up to the line's net amount, the odd paise on the first units", () => {
    // 3 × ₹1,000 with ₹1 off: 100 p over 3 units → 34, 33, 33 → units pay 99966, 99967, 99967 (Σ 299900 = 300000 − 100).
    const watch = { pricePaise: 100_000, quantity: 3, discountPaise: 100 };
    expect([0, 1, 2].map((before) => paidForUnits(watch, before, 1))).toEqual([99_966, 99_967, 99_967]);
    expect(paidForUnits(watch, 0, 3)).toBe(299_900);
    // 3 × ₹333.33 with ₹33.34 off: 3334 over 3 → 1112, 1111, 1111 → 32221, 32222, 32222 (Σ 96665 = 99999 − 3334).
    const small = { pricePaise: 33_333, quantity: 3, discountPaise: 3_334 };
    expect([0, 1, 2].map((before) => paidForUnits(small, before, 1))).toEqual([32_221, 32_222, 32_222]);
    expect(paidForUnits(small, 0, 2) + paidForUnits(small, 2, 1)).toBe(96_665);
  });

  it("a credit note per returned unit reverses what the unit was paid and its share of the tax; all three equal the invoice line", () => {
    // Invoice line: 3 × ₹1,000, ₹1 off → net 299900; × 100/118 = 254152.54 → 254153; tax 45747 → CGST 22873, SGST 22874.
    const invoiceLine = { quantity: 3, unitPricePaise: 100_000, discountPaise: 100, totalPaise: 299_900, taxablePaise: 254_153, cgstPaise: 22_873, sgstPaise: 22_874, igstPaise: 0 };
    // Paid so far after k units: 0, 99966, 199933, 299900. Taxable share after k: round(254153 × paid / 299900):
    // 0, 84717 (84717.1), 169435 (169435.4), 254153 → per unit 84717, 84718, 84718.
    // CGST share after k: round(22873 × paid / 299900): 0, 7624 (7624.2), 15249 (15248.9), 22873 → 7624, 7625, 7624.
    // SGST = total − taxable − CGST: 99966 − 84717 − 7624 = 7625; 99967 − 84718 − 7625 = 7624; 99967 − 84718 − 7624 = 7625.
    const notes = [0, 1, 2].map((before) => creditedShare(invoiceLine, before, 1, true));
    expect(notes).toEqual([
      { grossPaise: 100_000, discountPaise: 34, totalPaise: 99_966, taxablePaise: 84_717, cgstPaise: 7_624, sgstPaise: 7_625, igstPaise: 0 },
      { grossPaise: 100_000, discountPaise: 33, totalPaise: 99_967, taxablePaise: 84_718, cgstPaise: 7_625, sgstPaise: 7_624, igstPaise: 0 },
      { grossPaise: 100_000, discountPaise: 33, totalPaise: 99_967, taxablePaise: 84_718, cgstPaise: 7_624, sgstPaise: 7_625, igstPaise: 0 },
    ]);
    const sum = (key: "totalPaise" | "taxablePaise" | "cgstPaise" | "sgstPaise") => notes.reduce((s, n) => s + n[key], 0);
    expect([sum("totalPaise"), sum("taxablePaise"), sum("cgstPaise"), sum("sgstPaise")]).toEqual([299_900, 254_153, 22_873, 22_874]);
    // Two units at once = the first two one by one: 199933 paid, taxable 169435.
    expect(creditedShare(invoiceLine, 0, 2, true)).toMatchObject({ totalPaise: 199_933, taxablePaise: 169_435, cgstPaise: 15_249 });
  });

  it("a return's refund is what the units were paid after their discount; a line without one stays quantity × price", () => {
    const items = [item("Casio", 100_000, 3, 100), item("Rado", 250_050, 1)];
    // First return: 1 Casio (99966) + the Rado (250050) = 350016.
    expect(returnRefundPaise([{ lineIndex: 0, quantity: 1, unitPaise: 100_000 }, { lineIndex: 1, quantity: 1, unitPaise: 250_050 }], { items, before: new Map() })).toBe(350_016);
    // A later return of the other two Casios: 99967 + 99967 = 199934.
    expect(returnRefundPaise([{ lineIndex: 0, quantity: 2, unitPaise: 100_000 }], { items, before: new Map([[0, 1]]) })).toBe(199_934);
    // Without the order's discounts (as before issue 47): 2 × 100000.
    expect(returnRefundPaise([{ lineIndex: 0, quantity: 2, unitPaise: 100_000 }])).toBe(200_000);
  });
});

describe("the discount where the shopper reads the order (issue 47 item 3)", () => {
  // ₹1,000 off a ₹6,000 and two ₹2,000 watches, ₹99 delivery: paid 600000 + 400000 − 100000 + 9900 = 909900 p.
  const order: Order = {
    id: "CI261124-ABCD1234",
    items: [item("Titan Edge", 600_000, 1, 60_000), item("Fastrack Reflex", 200_000, 2, 40_000)],
    amountPaise: 909_900,
    address: { ...ADDRESS },
    status: "Order Placed",
    paymentMethod: "cod",
    paymentStatus: "PENDING",
    createdAt: Date.parse("2026-11-24T10:00:00+05:30"),
    paymentMode: null,
    deliveryWindow: null,
    discountCode: "DIWALI1000",
    discountPaise: 100_000,
  };
  const detail = { order, timeline: [], refunds: [], shipment: null };

  it("the order page: subtotal, delivery, the code's line and the total paid, in English and Hindi", () => {
    expect(orderPageView(detail, orderWordsIn("en")).totals).toEqual({ subtotal: "₹10,000", delivery: "₹99", discount: { label: "Discount (DIWALI1000)", amount: "−₹1,000" }, total: "₹9,099" });
    expect(orderPageView(detail, orderWordsIn("hi")).totals).toMatchObject({ discount: { label: "छूट (DIWALI1000)", amount: "−₹1,000" }, total: "₹9,099" });
    // An order without a code has no discount line, as before.
    expect(orderPageView({ ...detail, order: { ...order, items: [item("Titan Edge", 600_000, 1)], amountPaise: 600_000, discountCode: null, discountPaise: 0 } }).totals).toEqual({ subtotal: "₹6,000", delivery: "Free", total: "₹6,000" });
  });

  it("My Orders: the code's line and the total paid on the order's first row only", () => {
    const rows = orderRows([order], orderWordsIn("en"));
    expect(rows.map((row) => row.discount)).toEqual([{ label: "Discount (DIWALI1000)", amount: "−₹1,000", totalPaid: "Total paid ₹9,099" }, undefined]);
    expect(orderRows([order], orderWordsIn("hi"))[0]?.discount).toEqual({ label: "छूट (DIWALI1000)", amount: "−₹1,000", totalPaid: "कुल भुगतान ₹9,099" });
  });

  it("the order email: the code's line before the total, in English and Hindi", () => {
    const context = { storeName: "Chrono India", orderUrl: "https://shop.example.in/orders/CI261124-ABCD1234", supportEmail: "", supportPhone: "" };
    const english = renderOrderEmail({ kind: "order_placed", order }, context);
    expect(english.text).toContain("Discount (DIWALI1000): −₹1,000\nTotal: ₹9,099");
    expect(english.html).toContain("Discount (DIWALI1000)</th><td style=\"text-align:right;padding:4px 0 4px 8px\">−₹1,000</td>");
    expect(renderOrderEmail({ kind: "order_placed", order: { ...order, language: "hi" } }, context).text).toContain("छूट (DIWALI1000): −₹1,000\nकुल: ₹9,099");
  });
});
