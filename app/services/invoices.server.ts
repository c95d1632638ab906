import { countriesOfOrigin } from "~/services/declarations.server";
import { sql } from "kysely";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import type { Executor } from "~/db/db.server";
import { markCatalogueChanged } from "~/db/products.server";
import { BackendError } from "~/lib/errors";
import {
  HSN_WRIST_WATCHES,
  financialYear,
  formatInvoiceNumber,
  gstRateRefusal,
  gstStateCode,
  sameState,
} from "~/lib/gst";
import { discountedLine } from "~/lib/discounts";
import { DEFAULT_STORE_SETTINGS, storeSettingsSchema, type StoreSettings } from "~/lib/store-settings";
import { istDate } from "~/lib/admin-format";
import { log } from "~/observability/log.server";
import { firstIssueMessage } from "~/schemas/api";
import type { Order } from "~/schemas/orders";
import { recordAudit, type Actor } from "~/services/audit.server";

/**
 * GST tax invoices (issue 14 item 2; DESIGN.md §20; docs/decisions/0650): the store settings that
 * name the seller, issuing an invoice in the transaction that makes an order invoiceable (paid
 * online, or cash on delivery delivered), and reading one back for its shopper. Money in paise.
 */

/** The seller as printed on an invoice: a snapshot of the store settings when it was issued. */
export type InvoiceSeller = {
  legalName: string;
  address: string[];
  gstin: string;
  state: string;
  stateCode: string | null;
};

/** The buyer: the delivery address's name and lines; place of supply is the delivery state. */
export type InvoiceBuyer = {
  name: string;
  address: string[];
  state: string;
  stateCode: string | null;
  gstin: string | null;
  businessName: string | null;
};

/**
 * One invoice line, GST-inclusive `totalPaise` (what was paid for the line, after its discount)
 * split by lib/gst `splitGstInclusive` (issue 47 item 3: the taxable value is computed from the
 * discounted amount, CGST Act s.15(3)(a)).
 */
export type InvoiceLine = {
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive price of one unit. */
  unitPricePaise: number;
  /**
   * Issue 47: unit price × quantity before the discount, and the discount code's part of the line
   * (Rule 46: shown on the invoice). Absent on invoices issued before discount codes: read as
   * `totalPaise` and 0.
   */
  grossPaise?: number;
  discountPaise?: number;
  /** What was paid for the line, GST included: gross − discount. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePercent: number;
};

/** An invoice's totals, paise. `totalPaise` is what was paid (after the discount), GST included. */
export type InvoiceTotals = {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
};

/** An issued invoice as read back. */
export type Invoice = {
  orderId: string;
  number: string;
  fy: string;
  seq: number;
  /** ms since epoch. */
  issuedAt: number;
  /** true: CGST + SGST (delivery state = seller's state); false: IGST. */
  intraState: boolean;
  ratePercent: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** Σ of the lines: gross (before the discount), discount, taxable value, tax (CGST + SGST + IGST) and the total paid. */
  totals: InvoiceTotals;
  /** Issue 47: the discount code the order used, as shown ("DIWALI10"), or null. */
  discountCode: string | null;
  /**
   * The language the order was placed in (issue 27; docs/decisions/0900): "hi" gives the PDF
   * bilingual headings (English first, Hindi after); the invoice's facts are the same.
   */
  language: "en" | "hi";
};

/* The GST credit note (issue 45 item 5; services/credit-notes.server.ts issues it): beside the invoice's types, which the PDF renderer reads too. */

/**
 * One credited line: `quantity` of the invoice line `lineIndex`'s `invoiceQuantity` units, with
 * the share of that line's GST-inclusive total, taxable value and tax it reverses (paise).
 */
export type CreditNoteLine = {
  /** Index into the order's items = the invoice's line index. */
  lineIndex: number;
  description: string;
  hsn: string;
  quantity: number;
  /** The invoice line's quantity. */
  invoiceQuantity: number;
  /** GST-inclusive price of one unit, as invoiced. */
  unitPricePaise: number;
  /** Issue 47: the credited units' price before the discount and their part of it (absent on notes issued before codes). */
  grossPaise?: number;
  discountPaise?: number;
  /** What was paid for the credited units (after their discount): the refund of those units. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePercent: number;
};

/** An issued credit note as read back. */
export type CreditNote = {
  returnId: string;
  orderId: string;
  /** "CN/26-27/000001": 15 characters (Rule 46(b): at most 16). */
  number: string;
  /** "2026-27": the financial year of `issuedAt` (IST). */
  fy: string;
  seq: number;
  /** ms since epoch: the credit note's date. */
  issuedAt: number;
  invoiceNumber: string;
  /** ms since epoch: the invoice's date. */
  invoiceIssuedAt: number;
  /** As the invoice: true CGST + SGST, false IGST. */
  intraState: boolean;
  ratePercent: number;
  /** The invoice's seller snapshot (the same registration, GSTIN and place). */
  seller: InvoiceSeller;
  /** The invoice's buyer snapshot (name, address, GSTIN if registered; place of supply). */
  buyer: InvoiceBuyer;
  lines: CreditNoteLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  /** Issue 47: the order's discount code, as its invoice names it, or null (absent: none). */
  discountCode?: string | null;
  /** The order's language, as the invoice: "hi" gives the PDF bilingual headings. */
  language: "en" | "hi";
};

/** The last row read and what it parsed to: every page reads the settings (the footer), one parse per change. */
let lastRead: { json: string; settings: StoreSettings } | null = null;

/**
 * The store settings (one row, id 1), or DEFAULT_STORE_SETTINGS when none were saved or the row no
 * longer parses; settings saved before a field existed take its default. One primary-key read; the
 * parse is reused while the row's JSON is unchanged (every page's footer reads them).
 */
export async function readStoreSettings(db: Executor): Promise<StoreSettings> {
  const row = await db.selectFrom("store_settings").select("settings_json").where("id", "=", 1).executeTakeFirst();
  if (!row) return DEFAULT_STORE_SETTINGS;
  if (lastRead?.json === row.settings_json) return lastRead.settings;
  let settings = DEFAULT_STORE_SETTINGS;
  try {
    const parsed = storeSettingsSchema.safeParse(JSON.parse(row.settings_json));
    if (parsed.success) settings = parsed.data;
  } catch {
    // Not JSON: the defaults, as for a row that no longer parses.
  }
  lastRead = { json: row.settings_json, settings };
  return settings;
}

/**
 * Saves the store settings (owner only, /admin/settings): `input` is parsed with
 * `storeSettingsSchema` (BackendError 400 with the first problem's sentence, nothing written; and
 * 400 with lib/gst `gstRateRefusal`'s sentence when the GST rate is not in force on the IST date
 * of `now`, issue 47 item 4 — a saved rate that has ended must be replaced on the next save), then
 * stored with one audit row (entity `settings`, id `store`) in one transaction. The catalogue's
 * version goes up in it too, so the page cache drops every stored page (their footers show the
 * seller's details; issue 25 item 1). Invoices already issued keep their snapshot.
 * Source: issue 14 item 2; DESIGN.md §17, §18, §20.
 */
export async function saveStoreSettings(db: Executor, input: unknown, actor: Actor, now = Date.now()): Promise<StoreSettings> {
  const parsed = storeSettingsSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const rateRefusal = gstRateRefusal(parsed.data.gstRatePercent, istDate(now));
  if (rateRefusal !== null) throw new BackendError(400, rateRefusal);
  const before = await readStoreSettings(db);
  const settings = parsed.data;
  const json = JSON.stringify(settings);
  const write = async (trx: Executor) => {
    await trx
      .insertInto("store_settings")
      .values({ id: 1, settings_json: json, updated_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ settings_json: json, updated_at: now }))
      .execute();
    await recordAudit(trx, { actor, entity: "settings", entityId: "store", action: "store settings changed", before, after: settings, at: now });
    await markCatalogueChanged(trx);
  };
  if ("transaction" in db) await db.transaction().execute(write);
  else await write(db);
  return settings;
}

/** Whether an order gets an invoice now: paid online, or cash on delivery and delivered. */
export function isInvoiceable(order: Pick<Order, "paymentMethod" | "paymentStatus" | "status">): boolean {
  return order.paymentMethod === "cod" ? order.status === "Delivered" : order.paymentStatus === "PAID";
}

/**
 * The lines of an order's invoice: one per item — HSN 9102, quantity, its gross amount (price ×
 * quantity), the discount code's part of it (`item.discountPaise`, 0 when absent) and the GST split
 * of what was paid, gross − discount, at `ratePercent` (lib/discounts `discountedLine`; issue 47
 * item 3, CGST Act s.15(3)(a)) — and the delivery charge (the order's amount less the items' net
 * amounts; part of a composite supply whose principal supply is the watch, so the same HSN and
 * rate) when there is one. The lines' totals add up to `order.amountPaise` exactly; the delivery
 * line is never negative (none when the amount is not above the items' net amounts).
 */
export function invoiceLines(order: Pick<Order, "items" | "amountPaise">, ratePercent: number, intraState: boolean): InvoiceLine[] {
  const line = (description: string, quantity: number, unitPricePaise: number, grossPaise: number, discountPaise: number): InvoiceLine => {
    const split = discountedLine(grossPaise, discountPaise, ratePercent, intraState);
    return {
      description,
      hsn: HSN_WRIST_WATCHES,
      quantity,
      unitPricePaise,
      grossPaise,
      discountPaise,
      totalPaise: split.netPaise,
      taxablePaise: split.taxablePaise,
      cgstPaise: split.cgstPaise,
      sgstPaise: split.sgstPaise,
      igstPaise: split.igstPaise,
      ratePercent,
    };
  };
  const lines = order.items.map((item) =>
    line(
      `${item.name}${item.size && item.size !== DEFAULT_SIZE_KEY ? ` (${item.size})` : ""} — wrist watch`,
      item.quantity,
      item.pricePaise,
      item.pricePaise * item.quantity,
      Math.max(0, Math.min(item.discountPaise ?? 0, item.pricePaise * item.quantity)),
    ),
  );
  const itemsPaise = lines.reduce((sum, l) => sum + l.totalPaise, 0);
  const deliveryPaise = order.amountPaise - itemsPaise;
  if (deliveryPaise > 0) lines.push(line("Delivery charges (with the goods)", 1, deliveryPaise, deliveryPaise, 0));
  return lines;
}

/**
 * The totals of invoice lines, paise: Σ gross (a line without `grossPaise`, issued before discount
 * codes, counts its total), Σ discount, Σ taxable value, CGST, SGST, IGST, their tax and Σ total paid.
 */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const sum = (value: (l: InvoiceLine) => number) => lines.reduce((s, l) => s + value(l), 0);
  const cgstPaise = sum((l) => l.cgstPaise);
  const sgstPaise = sum((l) => l.sgstPaise);
  const igstPaise = sum((l) => l.igstPaise);
  return {
    grossPaise: sum((l) => l.grossPaise ?? l.totalPaise),
    discountPaise: sum((l) => l.discountPaise ?? 0),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise: sum((l) => l.totalPaise),
  };
}

function rowToInvoice(row: {
  order_id: string;
  number: string;
  fy: string;
  seq: number;
  issued_at: number;
  seller_json: string;
  buyer_json: string;
  lines_json: string;
}, language: string | null | undefined, discountCode: string | null | undefined = null): Invoice {
  const lines = JSON.parse(row.lines_json) as InvoiceLine[];
  const seller = JSON.parse(row.seller_json) as InvoiceSeller;
  const buyer = JSON.parse(row.buyer_json) as InvoiceBuyer;
  return {
    orderId: row.order_id,
    number: row.number,
    fy: row.fy,
    seq: Number(row.seq),
    issuedAt: Number(row.issued_at),
    intraState: sameState(seller.state, buyer.state),
    ratePercent: lines[0]?.ratePercent ?? 0,
    seller,
    buyer,
    lines,
    totals: invoiceTotals(lines),
    discountCode: discountCode ?? null,
    language: language === "hi" ? "hi" : "en",
  };
}

/**
 * The next serial number of a document series in financial year `fy` ("2026-27"): 1 for the
 * year's first, then one more each time — an upsert on `table` (`invoice_counters` for tax
 * invoices, `credit_note_counters` for credit notes; Rule 46(b), Rule 53: consecutive, unique per
 * financial year) that holds the counter row's lock until `trx` ends on PostgreSQL (SQLite
 * serialises writes), so two documents issued at once get distinct numbers and a rolled-back
 * transaction takes its number back with it: no gaps.
 */
export async function nextSerial(trx: Executor, table: "invoice_counters" | "credit_note_counters", fy: string): Promise<number> {
  const counter = await trx
    .insertInto(table)
    .values({ fy, last_seq: 1 })
    .onConflict((oc) => oc.column("fy").doUpdateSet({ last_seq: sql`${sql.ref(`${table}.last_seq`)} + 1` }))
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  return Number(counter.last_seq);
}

/**
 * Issues the order's tax invoice, once, inside the caller's transaction `trx` (the payment
 * confirmation that marks it PAID, or the cash-on-delivery move to Delivered): returns the
 * existing invoice when the order has one; else bumps the financial year's counter (an upsert that
 * holds the counter row's lock until the transaction ends on PostgreSQL; SQLite serialises writes)
 * and stores number `{prefix}/{fy}/{seq:6}`, the seller (store settings now), the buyer (delivery
 * name, address and state = place of supply) and the lines. A rolled-back transaction takes its
 * number back with it, so the series has no gaps. `now` (ms) is the invoice date; its IST date
 * picks the financial year. The lines carry the rate (the saved one, issue 47 item 4: kept on the
 * invoice, so a later change of the store's rate never reaches it; a rate no longer in force on
 * `now`'s IST date is still used and logged with alert `gst_rate_not_in_force`).
 * Source: issue 14 item 2; DESIGN.md §20.
 */
export async function issueInvoice(trx: Executor, order: Order, now: number): Promise<Invoice> {
  const existing = await trx.selectFrom("invoices").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  if (existing) return rowToInvoice(existing, order.language, order.discountCode);
  const settings = await readStoreSettings(trx);
  const fy = financialYear(now);
  const seq = await nextSerial(trx, "invoice_counters", fy);
  const seller: InvoiceSeller = {
    legalName: settings.sellerLegalName,
    address: settings.sellerAddress,
    gstin: settings.sellerGstin,
    state: settings.sellerState,
    stateCode: gstStateCode(settings.sellerState),
  };
  const a = order.address;
  const buyer: InvoiceBuyer = {
    name: `${a.firstName} ${a.lastName}`.trim(),
    address: [a.street, `${a.city}, ${a.state} ${a.zipcode}`, a.country].filter((l) => l.trim() !== ""),
    state: a.state,
    stateCode: gstStateCode(a.state),
    gstin: a.gstin ?? null,
    businessName: a.businessName ?? null,
  };
  const intraState = sameState(seller.state, buyer.state);
  // Issue 47 item 4: the rate is the saved one, never silently another; one that has ended by the
  // invoice's date is the owner's to replace (the settings page says so) — said here too.
  if (gstRateRefusal(settings.gstRatePercent, istDate(now)) !== null) {
    log.warn(
      { orderId: order.id, ratePercent: settings.gstRatePercent, alert: "gst_rate_not_in_force" },
      `GST RATE NOT IN FORCE: order ${order.id} is invoiced at the saved ${settings.gstRatePercent} %, a rate not in force on ${istDate(now)}. Choose a rate in force at /admin/settings.`,
    );
  }
  const lines = invoiceLines(order, settings.gstRatePercent, intraState);
  // Issue 25 item 2: each watch's line names its country of origin, as declared when invoiced.
  const origins = await countriesOfOrigin(trx, order.items.map((item) => item.productId));
  order.items.forEach((item, index) => {
    const origin = origins.get(item.productId);
    if (origin && lines[index]) lines[index] = { ...lines[index], description: `${lines[index].description}; country of origin: ${origin}` };
  });
  const row = {
    order_id: order.id,
    number: formatInvoiceNumber(settings.invoicePrefix, fy, seq),
    fy,
    seq,
    issued_at: now,
    seller_json: JSON.stringify(seller),
    buyer_json: JSON.stringify(buyer),
    lines_json: JSON.stringify(lines),
  };
  await trx.insertInto("invoices").values(row).execute();
  return rowToInvoice(row, order.language, order.discountCode);
}

/** The invoice's file name: "tax-invoice-CI-2026-27-000123.pdf". */
export function invoicePdfFilename(number: string): string {
  return `tax-invoice-${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
}

/** The invoice of an order, or null when none was issued. No scoping: callers check the shopper first. */
export async function findInvoice(db: Executor, orderId: string): Promise<Invoice | null> {
  const row = await db
    .selectFrom("invoices")
    .leftJoin("orders", "orders.id", "invoices.order_id")
    .selectAll("invoices")
    .select(["orders.language", "orders.discount_code"])
    .where("invoices.order_id", "=", orderId)
    .executeTakeFirst();
  return row ? rowToInvoice(row, row.language, row.discount_code) : null;
}
