import type { DB, Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { paidForUnits } from "~/lib/discounts";
import { financialYear, sameState } from "~/lib/gst";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { requireAccount } from "~/services/accounts.server";
import { renderCreditNotePdf } from "~/services/invoice-pdf.server";
import { findInvoice, nextSerial, type CreditNote, type CreditNoteLine, type InvoiceBuyer, type InvoiceSeller } from "~/services/invoices.server";
import { userOrderDetail } from "~/services/order-page.server";

/**
 * GST credit notes (issue 45 item 5; CGST Act s.34; CGST Rules Rule 53; DESIGN.md §26;
 * docs/decisions/0986): one per refunded return, issued in the transaction that records the
 * return's refund, numbered in its own series per financial year ("CN/26-27/000001"), citing the
 * order's tax invoice and reversing the returned units' share of the invoice lines' taxable value
 * and tax, to the paisa. Money in integer paise, times in ms since epoch.
 */

/** The credit notes' series prefix; the series is separate from the invoices' (Rule 53(1A)(b)). */
export const CREDIT_NOTE_PREFIX = "CN";

export type { CreditNote, CreditNoteLine } from "~/services/invoices.server";

/** The credit note number: "CN/26-27/000001" — prefix, the financial year's two-digit years, six digits (seven past 999 999, still ≤ 16 characters). */
export function formatCreditNoteNumber(fy: string, seq: number): string {
  const [start = "", end = ""] = fy.split("-");
  return `${CREDIT_NOTE_PREFIX}/${start.slice(-2)}-${end.slice(-2)}/${String(seq).padStart(6, "0")}`;
}

/** The credit note's file name: "credit-note-CN-26-27-000001.pdf". */
export function creditNotePdfFilename(number: string): string {
  return `credit-note-${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
}

/**
 * round(value × numerator / denominator), half up, in integers (value ≥ 0, 0 ≤ numerator ≤
 * denominator): the share of an invoice figure that `numerator` of `denominator` units carry.
 */
function share(value: number, numerator: number, denominator: number): number {
  return Math.floor((2 * value * numerator + denominator) / (2 * denominator));
}

/** The invoice line's figures a credit note reverses, in paise. */
export type InvoiceLineFigures = {
  quantity: number;
  /** Issue 47: the unit price and the line's discount (absent or 0: a line without one). */
  unitPricePaise?: number;
  discountPaise?: number;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * The part of an invoice line (`line`, paise) reversed by crediting `quantity` more units after
 * `alreadyCredited` units of it were credited by earlier notes (docs/decisions/0986): each figure
 * F (total, taxable value and, intra-state, CGST) is credited round(F × (p + q) / Q) − round(F × p / Q),
 * with p already credited, q this note's and Q the invoice line's quantity; the tax is total −
 * taxable, all IGST inter-state, and intra-state SGST is the tax less CGST. So the notes of a line
 * add up to the invoice line exactly once all its units are credited, and never exceed it; total,
 * taxable and tax agree on every note. A line with a discount (issue 47 item 3: `discountPaise` > 0
 * and `unitPricePaise`) credits what was paid for those units, lib/discounts `paidForUnits` (the
 * line's discount shared by its units, odd paise on the first), and each other figure F in
 * proportion to what was paid: round(F × paid(p + q) / net) − round(F × paid(p) / net), paid(k)
 * being what the first k units cost; the result then also has the units' `grossPaise` and
 * `discountPaise`. Throws RangeError unless 0 < q and p + q ≤ Q. Pure.
 */
export function creditedShare(line: InvoiceLineFigures, alreadyCredited: number, quantity: number, intraState: boolean) {
  const p = alreadyCredited;
  const q = quantity;
  const Q = line.quantity;
  if (!Number.isSafeInteger(p) || !Number.isSafeInteger(q) || p < 0 || q <= 0 || p + q > Q) throw new RangeError(`Cannot credit ${q} more of ${Q} units after ${p}.`);
  const discountPaise = line.discountPaise ?? 0;
  if (discountPaise > 0 && line.unitPricePaise !== undefined) {
    const units = { pricePaise: line.unitPricePaise, quantity: Q, discountPaise };
    const paidBefore = paidForUnits(units, 0, p);
    const paidAfter = paidBefore + paidForUnits(units, p, q);
    const net = line.totalPaise;
    const part = (value: number) => (net <= 0 ? 0 : share(value, paidAfter, net) - share(value, paidBefore, net));
    const totalPaise = paidAfter - paidBefore;
    const taxablePaise = part(line.taxablePaise);
    const taxPaise = totalPaise - taxablePaise;
    const cgstPaise = intraState ? part(line.cgstPaise) : 0;
    const grossPaise = line.unitPricePaise * q;
    return {
      grossPaise,
      discountPaise: grossPaise - totalPaise,
      totalPaise,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? taxPaise - cgstPaise : 0,
      igstPaise: intraState ? 0 : taxPaise,
    };
  }
  const part = (value: number) => share(value, p + q, Q) - share(value, p, Q);
  const totalPaise = part(line.totalPaise);
  const taxablePaise = part(line.taxablePaise);
  const taxPaise = totalPaise - taxablePaise;
  const cgstPaise = intraState ? part(line.cgstPaise) : 0;
  const sgstPaise = intraState ? taxPaise - cgstPaise : 0;
  const igstPaise = intraState ? 0 : taxPaise;
  return { totalPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise };
}

function totalsOf(lines: CreditNoteLine[]): CreditNote["totals"] {
  const sum = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "totalPaise") => lines.reduce((s, l) => s + l[key], 0);
  return { taxablePaise: sum("taxablePaise"), cgstPaise: sum("cgstPaise"), sgstPaise: sum("sgstPaise"), igstPaise: sum("igstPaise"), totalPaise: sum("totalPaise") };
}

type CreditNoteRow = {
  return_id: string;
  order_id: string;
  number: string;
  fy: string;
  seq: number;
  issued_at: number;
  invoice_number: string;
  invoice_issued_at: number;
  seller_json: string;
  buyer_json: string;
  lines_json: string;
};

function rowToCreditNote(row: CreditNoteRow, language: string | null | undefined, discountCode: string | null | undefined = null): CreditNote {
  const lines = JSON.parse(row.lines_json) as CreditNoteLine[];
  const seller = JSON.parse(row.seller_json) as InvoiceSeller;
  const buyer = JSON.parse(row.buyer_json) as InvoiceBuyer;
  return {
    returnId: row.return_id,
    orderId: row.order_id,
    number: row.number,
    fy: row.fy,
    seq: Number(row.seq),
    issuedAt: Number(row.issued_at),
    invoiceNumber: row.invoice_number,
    invoiceIssuedAt: Number(row.invoice_issued_at),
    intraState: sameState(seller.state, buyer.state),
    ratePercent: lines[0]?.ratePercent ?? 0,
    seller,
    buyer,
    lines,
    totals: totalsOf(lines),
    discountCode: discountCode ?? null,
    language: language === "hi" ? "hi" : "en",
  };
}

/**
 * Issues the GST credit note of the refunded return `returnId`, once, inside the caller's
 * transaction `trx` (the one that records the return's refund; issue 45 item 5; CGST Act s.34,
 * Rule 53; docs/decisions/0986). Returns the stored note when the return has one (idempotent).
 * Otherwise reads the return and its lines (`return_lines`: line_index into the order's items,
 * quantity), the order's tax invoice, and the units of each line earlier credit notes of the
 * order already credited; builds one credited line per returned line (`creditedShare`: the
 * returned units' share of the invoice line's total, taxable value and tax, same split — CGST +
 * SGST or IGST — and rate as the invoice); bumps the financial year's counter
 * (`credit_note_counters`, an upsert holding the row's lock until the transaction ends on
 * PostgreSQL; SQLite serialises writes; a rollback takes the number back) and stores number
 * "CN/{yy-yy}/{seq:6}" for the financial year of `now` (ms; IST), the invoice's number and date,
 * its seller and buyer snapshots and the lines. The note's total is Σ quantity × unit price of the
 * returned lines after their discount (`paidForUnits`, issue 47) — the refund's amount (the delivery
 * charge is not credited).
 * Throws BackendError 404 (no such return), 409 (the return is an exchange; the order has no
 * invoice; a line not on the invoice or more units than invoiced would be credited).
 */
export async function issueCreditNote(trx: Executor, returnId: string, now: number): Promise<CreditNote> {
  const existing = await trx
    .selectFrom("credit_notes")
    .leftJoin("orders", "orders.id", "credit_notes.order_id")
    .selectAll("credit_notes")
    .select(["orders.language", "orders.discount_code"])
    .where("credit_notes.return_id", "=", returnId)
    .executeTakeFirst();
  if (existing) return rowToCreditNote(existing, existing.language, existing.discount_code);
  const request = await trx.selectFrom("return_requests").select(["id", "order_id", "resolution"]).where("id", "=", returnId).executeTakeFirst();
  if (!request) throw new BackendError(404, "There is no such return.");
  if (request.resolution !== "refund") throw new BackendError(409, "An exchange gets no credit note: only a refunded return does.");
  const invoice = await findInvoice(trx, request.order_id);
  if (!invoice) throw new BackendError(409, "This order has no tax invoice, so no credit note can be issued against it.");
  const returned = await trx.selectFrom("return_lines").select(["line_index", "quantity"]).where("return_id", "=", returnId).orderBy("line_index").execute();
  if (returned.length === 0) throw new BackendError(409, "This return has no lines to credit.");
  const earlier = await trx.selectFrom("credit_notes").select("lines_json").where("order_id", "=", request.order_id).execute();
  const credited = new Map<number, number>();
  for (const note of earlier) for (const line of JSON.parse(note.lines_json) as CreditNoteLine[]) credited.set(line.lineIndex, (credited.get(line.lineIndex) ?? 0) + line.quantity);

  const lines = returned.map((r): CreditNoteLine => {
    const lineIndex = Number(r.line_index);
    const quantity = Number(r.quantity);
    const invoiceLine = invoice.lines[lineIndex];
    if (!invoiceLine) throw new BackendError(409, "A returned line is not on the tax invoice.");
    const already = credited.get(lineIndex) ?? 0;
    if (quantity <= 0 || already + quantity > invoiceLine.quantity) throw new BackendError(409, "More units would be credited than the tax invoice has.");
    return {
      lineIndex,
      description: invoiceLine.description,
      hsn: invoiceLine.hsn,
      quantity,
      invoiceQuantity: invoiceLine.quantity,
      unitPricePaise: invoiceLine.unitPricePaise,
      ...creditedShare(invoiceLine, already, quantity, invoice.intraState),
      ratePercent: invoiceLine.ratePercent,
    };
  });

  const fy = financialYear(now);
  const seq = await nextSerial(trx, "credit_note_counters", fy);
  const row: CreditNoteRow = {
    return_id: returnId,
    order_id: request.order_id,
    number: formatCreditNoteNumber(fy, seq),
    fy,
    seq,
    issued_at: now,
    invoice_number: invoice.number,
    invoice_issued_at: invoice.issuedAt,
    seller_json: JSON.stringify(invoice.seller),
    buyer_json: JSON.stringify(invoice.buyer),
    lines_json: JSON.stringify(lines),
  };
  await trx.insertInto("credit_notes").values(row).execute();
  return rowToCreditNote(row, invoice.language, invoice.discountCode);
}

/** The credit notes of an order, oldest first (staff; no scoping: the shopper's reads check the order first). */
export async function listCreditNotes(db: Executor, orderId: string): Promise<CreditNote[]> {
  const rows = await db
    .selectFrom("credit_notes")
    .leftJoin("orders", "orders.id", "credit_notes.order_id")
    .selectAll("credit_notes")
    .select(["orders.language", "orders.discount_code"])
    .where("credit_notes.order_id", "=", orderId)
    .orderBy("credit_notes.issued_at")
    .orderBy("credit_notes.seq")
    .execute();
  return rows.map((row) => rowToCreditNote(row, row.language, row.discount_code));
}

/** The credit note of return `returnId` of order `orderId`, or null (staff; no scoping). */
export async function findCreditNote(db: Executor, orderId: string, returnId: string): Promise<CreditNote | null> {
  const row = await db
    .selectFrom("credit_notes")
    .leftJoin("orders", "orders.id", "credit_notes.order_id")
    .selectAll("credit_notes")
    .select(["orders.language", "orders.discount_code"])
    .where("credit_notes.order_id", "=", orderId)
    .where("credit_notes.return_id", "=", returnId)
    .executeTakeFirst();
  return row ? rowToCreditNote(row, row.language, row.discount_code) : null;
}

/** What an order page lists of a credit note: the return it belongs to, its number and date (ms). */
export type CreditNoteSummary = { returnId: string; number: string; issuedAt: number };

/**
 * The credit notes of the shopper `userId`'s order `orderId`, oldest first, as the order page
 * lists them. Throws BackendError 404 as the order page does (another shopper's order, an unknown
 * or malformed id, an unpaid online attempt).
 */
export async function shopperCreditNotes(db: DB, userId: number, orderId: string): Promise<CreditNoteSummary[]> {
  const detail = await userOrderDetail(db, userId, orderId);
  return (await listCreditNotes(db, detail.order.id)).map((note) => ({ returnId: note.returnId, number: note.number, issuedAt: note.issuedAt }));
}

/**
 * The credit notes of the session `token`'s shopper's order `orderId`, as `shopperCreditNotes`
 * (the order page's links). Throws BackendError 401 (session gone) and 404 (as the order page).
 */
export async function shopperOrderCreditNotes(db: DB, token: string, orderId: string): Promise<CreditNoteSummary[]> {
  const account = await requireAccount(db, token);
  return shopperCreditNotes(db, account.id, orderId);
}

/**
 * The session `token`'s shopper's credit note of return `returnId` on order `orderId` as a PDF
 * file, `{filename, body}`. Throws BackendError 401 (session gone) and 404 — for anything the
 * order page answers 404 to (another shopper's order included) and for a return without a credit
 * note. Source: issue 45 item 5.
 */
export async function shopperCreditNotePdf(db: DB, token: string, orderId: string, returnId: string): Promise<{ filename: string; body: Buffer }> {
  const account = await requireAccount(db, token);
  const detail = await userOrderDetail(db, account.id, orderId);
  const note = await findCreditNote(db, detail.order.id, returnId);
  if (!note) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return { filename: creditNotePdfFilename(note.number), body: await renderCreditNotePdf(note) };
}
