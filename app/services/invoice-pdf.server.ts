import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatInvoiceRupees, formatIstDate, rupeesInWords } from "~/lib/gst";
import type { CreditNote, Invoice, InvoiceBuyer, InvoiceSeller } from "~/services/invoices.server";

/**
 * The GST tax invoice as a PDF (issue 14 item 2; DESIGN.md §20; docs/decisions/0650), drawn with
 * pdfkit's built-in Helvetica (no network). Amounts are written "Rs. 1,23,456.50": the rupee sign
 * is not in the standard PDF fonts. An order placed in Hindi gets bilingual headings, English
 * first and Hindi after, as many Indian invoices have them (issue 27; docs/decisions/0900): the
 * standard PDF fonts have no Devanagari, so those words are drawn with Noto Sans Devanagari Bold
 * (SIL Open Font License), which the npm package `@expo-google-fonts/noto-sans-devanagari` ships
 * and pdfkit embeds (subset); fontkit shapes the conjuncts and vowel signs. The GST credit note of
 * a refunded return (issue 45 item 5; docs/decisions/0986) is drawn by the same renderer
 * (`renderGstDocument`): the same layout, its own title, references and closing sentence.
 */

/** Noto Sans Devanagari Bold's bytes, read once, the first time a Hindi invoice is drawn. */
let devanagariFont: Buffer | null = null;
function devanagari(): Buffer {
  devanagariFont ??= fs.readFileSync(
    createRequire(import.meta.url).resolve("@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf"),
  );
  return devanagariFont;
}
const DEVANAGARI = "NotoSansDevanagari-Bold";

/**
 * The documents' headings in Hindi (CBIC's Hindi GST terms: कर बीजक for "tax invoice"; the credit
 * note keeps the English term in Devanagari, क्रेडिट नोट, as the Hindi GST forms write it), by their English.
 */
const HINDI_HEADINGS = {
  "Tax Invoice": "कर बीजक",
  "Invoice number": "बीजक संख्या",
  "Invoice date": "बीजक की तारीख",
  Order: "ऑर्डर",
  "Place of supply": "आपूर्ति का स्थान",
  "Bill to / Ship to": "बिल और माल प्राप्तकर्ता",
  Description: "विवरण",
  Qty: "मात्रा",
  "Taxable value": "कर योग्य मूल्य",
  Total: "कुल",
  "Invoice total": "बीजक की कुल राशि",
  "Amount in words": "राशि शब्दों में",
  "Credit Note": "क्रेडिट नोट",
  "Credit note number": "क्रेडिट नोट संख्या",
  "Credit note date": "क्रेडिट नोट की तारीख",
  "Credit note total": "क्रेडिट नोट की कुल राशि",
  Gross: "सकल राशि",
  Discount: "छूट",
  "Discount code": "छूट कोड",
  "Gross amount": "सकल राशि",
} as const;
type Heading = keyof typeof HINDI_HEADINGS;

const PAGE_BOTTOM = 780;
const LEFT = 40;
const WIDTH = 515;

/** One row of a GST document's table, money in paise. */
type DocumentLine = {
  description: string;
  hsn: string;
  quantity: number;
  /** Issue 47: before the discount, and the discount (absent on documents issued before codes: total and 0). */
  grossPaise?: number;
  discountPaise?: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/**
 * What `renderGstDocument` draws: a tax invoice or a credit note, as its renderer lays it out.
 * `references` are the "Heading: value" lines beside the seller (each heading bilingual on a Hindi
 * document); `closing` the small print at the foot.
 */
type GstDocument = {
  title: Heading;
  /** The PDF's Title in its info dictionary. */
  infoTitle: string;
  /** ms since epoch: the PDF's CreationDate. */
  issuedAt: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  references: { heading: Heading; value: string }[];
  /** Plain lines after the references (e.g. "Reverse charge: No"). */
  notes: string[];
  intraState: boolean;
  ratePercent: number;
  lines: DocumentLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  /** Issue 47: the order's discount code ("DIWALI10") or null; named beside the discount (Rule 46). */
  discountCode: string | null;
  totalHeading: Heading;
  closing: string;
  language: "en" | "hi";
};

/**
 * Renders `invoice` (an issued invoice, money in paise) as an A4 PDF: "Tax Invoice", the seller
 * (legal name, address, GSTIN, state and code), invoice number and date (IST), place of supply
 * (state and code), the buyer (name, address, GSTIN when given), a table — description, HSN,
 * quantity, taxable value, CGST + SGST or IGST, total — its totals, and the amount in words in
 * Indian numbering. An invoice of an order placed in Hindi (`invoice.language` "hi") has each
 * heading in English and then in Hindi (HINDI_HEADINGS); the facts stay as issued. Resolves to
 * the file's bytes; rejects if pdfkit fails or the Devanagari font cannot be read.
 * Source: issue 14 item 2; DESIGN.md §20.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { buyer } = invoice;
  return renderGstDocument({
    title: "Tax Invoice",
    infoTitle: `Tax invoice ${invoice.number}`,
    issuedAt: invoice.issuedAt,
    seller: invoice.seller,
    buyer,
    references: [
      { heading: "Invoice number", value: invoice.number },
      { heading: "Invoice date", value: formatIstDate(invoice.issuedAt) },
      { heading: "Order", value: invoice.orderId },
      { heading: "Place of supply", value: `${buyer.state}${buyer.stateCode ? ` (code ${buyer.stateCode})` : ""}` },
    ],
    notes: ["Reverse charge: No"],
    intraState: invoice.intraState,
    ratePercent: invoice.ratePercent,
    lines: invoice.lines,
    totals: invoice.totals,
    discountCode: invoice.discountCode,
    totalHeading: "Invoice total",
    closing: `Prices include GST at ${invoice.ratePercent}%. This is a computer-generated invoice and needs no signature.`,
    language: invoice.language,
  });
}

/**
 * Renders `note` (an issued GST credit note, money in paise) as an A4 PDF in the invoice's layout
 * (CGST Rules Rule 53(1A)): "Credit Note", the supplier (legal name, address, GSTIN, state and
 * code), the note's number and date (IST), the tax invoice it is issued against (number and date),
 * the order, place of supply, the recipient (name, address, GSTIN when registered), a table of the
 * credited lines — description, HSN, quantity credited, taxable value, CGST + SGST or IGST at the
 * invoice's rate, total — their totals and the amount in words. Computer-generated and unsigned,
 * as the invoice (docs/decisions/0986). Bilingual headings when the order was placed in Hindi, as
 * its invoice. Resolves to the file's bytes. Source: issue 45 item 5; CGST Act s.34.
 */
export function renderCreditNotePdf(note: CreditNote): Promise<Buffer> {
  const { buyer } = note;
  return renderGstDocument({
    title: "Credit Note",
    infoTitle: `Credit note ${note.number}`,
    issuedAt: note.issuedAt,
    seller: note.seller,
    buyer,
    references: [
      { heading: "Credit note number", value: note.number },
      { heading: "Credit note date", value: formatIstDate(note.issuedAt) },
      { heading: "Invoice number", value: note.invoiceNumber },
      { heading: "Invoice date", value: formatIstDate(note.invoiceIssuedAt) },
      { heading: "Order", value: note.orderId },
      { heading: "Place of supply", value: `${buyer.state}${buyer.stateCode ? ` (code ${buyer.stateCode})` : ""}` },
    ],
    notes: ["Reverse charge: No", "Reason: goods returned (CGST Act s.34)"],
    intraState: note.intraState,
    ratePercent: note.ratePercent,
    lines: note.lines,
    totals: note.totals,
    discountCode: note.discountCode ?? null,
    totalHeading: "Credit note total",
    closing: `The taxable value and GST at ${note.ratePercent}% above are credited against tax invoice ${note.invoiceNumber}. This is a computer-generated credit note and needs no signature.`,
    language: note.language,
  });
}

/** Draws a GST document (a tax invoice or a credit note) as an A4 PDF: the layout both share. */
function renderGstDocument(gst: GstDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: LEFT,
    info: { Title: gst.infoTitle, Author: gst.seller.legalName, CreationDate: new Date(gst.issuedAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const hindi = gst.language === "hi";
  if (hindi) doc.registerFont(DEVANAGARI, devanagari());
  /** A heading's Hindi (Hindi documents only), else null. */
  const hindiOf = (heading: string): string | null => (hindi ? (HINDI_HEADINGS[heading as Heading] ?? null) : null);
  /**
   * "Heading: value" at (x, y) — "Heading / शीर्षक: value" on a Hindi document, the Hindi in the
   * Devanagari font — in `font` at the size set.
   */
  const labelled = (heading: Heading, value: string, x: number, y: number, width: number, font = "Helvetica") => {
    const words = hindiOf(heading);
    if (!words) {
      doc.font(font).text(`${heading}: ${value}`, x, y, { width });
      return;
    }
    doc.font(font).text(`${heading} / `, x, y, { width, continued: true });
    doc.font(DEVANAGARI).text(words, { continued: true });
    doc.font(font).text(`: ${value}`);
  };

  const { seller, buyer } = gst;
  doc.font("Helvetica-Bold").fontSize(18).text(gst.title, LEFT, 40, { width: WIDTH, align: "center" });
  const title = hindiOf(gst.title);
  if (title) doc.font(DEVANAGARI).fontSize(14).text(title, LEFT, doc.y, { width: WIDTH, align: "center" });
  doc.moveDown(0.8);

  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).text(seller.legalName, LEFT, top, { width: 260 });
  doc.font("Helvetica").fontSize(9);
  for (const line of seller.address) doc.text(line, { width: 260 });
  doc.text(`GSTIN: ${seller.gstin}`, { width: 260 });
  doc.text(`State: ${seller.state}${seller.stateCode ? ` (code ${seller.stateCode})` : ""}`, { width: 260 });
  const leftBottom = doc.y;

  doc.font("Helvetica").fontSize(9);
  gst.references.forEach((reference, index) => labelled(reference.heading, reference.value, 320, index === 0 ? top : doc.y, 235));
  for (const note of gst.notes) doc.font("Helvetica").text(note, 320, doc.y, { width: 235 });
  doc.y = Math.max(leftBottom, doc.y) + 14;

  const billTo = hindiOf("Bill to / Ship to");
  doc.font("Helvetica-Bold").fontSize(10).text("Bill to / Ship to", LEFT, doc.y, { width: WIDTH, continued: billTo !== null });
  if (billTo) doc.font(DEVANAGARI).text(` · ${billTo}`);
  doc.font("Helvetica").fontSize(9);
  if (buyer.businessName) doc.text(buyer.businessName, { width: WIDTH });
  doc.text(buyer.name, { width: WIDTH });
  for (const line of buyer.address) doc.text(line, { width: WIDTH });
  if (buyer.gstin) doc.text(`GSTIN: ${buyer.gstin}`, { width: WIDTH });
  doc.moveDown(1);

  const rate = gst.ratePercent;
  const half = rate / 2;
  // Issue 47 (Rule 46; CGST Act s.15(3)(a)): a document with a discount shows each line's gross
  // amount and discount before its taxable value, in narrower columns and a smaller type.
  const discounted = gst.lines.some((line) => (line.discountPaise ?? 0) > 0);
  const fontSize = discounted ? 7.5 : 8.5;
  const columns = discounted
    ? gst.intraState
      ? [
          { title: "#", width: 14, align: "left" as const },
          { title: "Description", width: 105, align: "left" as const },
          { title: "HSN", width: 28, align: "left" as const },
          { title: "Qty", width: 20, align: "right" as const },
          { title: "Gross", width: 58, align: "right" as const },
          { title: "Discount", width: 52, align: "right" as const },
          { title: "Taxable value", width: 58, align: "right" as const },
          { title: `CGST ${half}%`, width: 54, align: "right" as const },
          { title: `SGST ${half}%`, width: 54, align: "right" as const },
          { title: "Total", width: 72, align: "right" as const },
        ]
      : [
          { title: "#", width: 14, align: "left" as const },
          { title: "Description", width: 127, align: "left" as const },
          { title: "HSN", width: 28, align: "left" as const },
          { title: "Qty", width: 20, align: "right" as const },
          { title: "Gross", width: 62, align: "right" as const },
          { title: "Discount", width: 56, align: "right" as const },
          { title: "Taxable value", width: 62, align: "right" as const },
          { title: `IGST ${rate}%`, width: 62, align: "right" as const },
          { title: "Total", width: 84, align: "right" as const },
        ]
    : gst.intraState
    ? [
        { title: "#", width: 18, align: "left" as const },
        { title: "Description", width: 155, align: "left" as const },
        { title: "HSN", width: 34, align: "left" as const },
        { title: "Qty", width: 26, align: "right" as const },
        { title: "Taxable value", width: 72, align: "right" as const },
        { title: `CGST ${half}%`, width: 64, align: "right" as const },
        { title: `SGST ${half}%`, width: 64, align: "right" as const },
        { title: "Total", width: 82, align: "right" as const },
      ]
    : [
        { title: "#", width: 18, align: "left" as const },
        { title: "Description", width: 185, align: "left" as const },
        { title: "HSN", width: 34, align: "left" as const },
        { title: "Qty", width: 26, align: "right" as const },
        { title: "Taxable value", width: 80, align: "right" as const },
        { title: `IGST ${rate}%`, width: 80, align: "right" as const },
        { title: "Total", width: 92, align: "right" as const },
      ];

  /** A discount as its cell shows it: "-1,000.00" (nothing off: "0.00"). */
  const discountCell = (paise: number) => (paise > 0 ? `-${formatInvoiceRupees(paise)}` : formatInvoiceRupees(0));

  /** One row of the table; `below`: a second line under some cells, in Devanagari (a Hindi document's headings). */
  const row = (cells: string[], bold: boolean, below: (string | null)[] = []) => {
    const fontOf = () => doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    fontOf();
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 4 }));
    const belowHeights = below.map((words, i) => (words ? doc.font(DEVANAGARI).fontSize(7.5).heightOfString(words, { width: columns[i]!.width - 4 }) : 0));
    const height = Math.max(...cells.map((_, i) => heights[i]! + (belowHeights[i] ?? 0)));
    if (doc.y + height > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    let x = LEFT;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      fontOf().text(cell, x, y, { width: column.width - 4, align: column.align });
      const words = below[i];
      if (words) doc.font(DEVANAGARI).fontSize(7.5).text(words, x, y + heights[i]!, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    doc.y = y + height + 4;
    doc.moveTo(LEFT, doc.y - 2).lineTo(LEFT + WIDTH, doc.y - 2).lineWidth(0.3).stroke();
  };

  row(
    columns.map((c) => c.title),
    true,
    columns.map((c) => hindiOf(c.title)),
  );
  gst.lines.forEach((line, index) => {
    const tax = gst.intraState ? [formatInvoiceRupees(line.cgstPaise), formatInvoiceRupees(line.sgstPaise)] : [formatInvoiceRupees(line.igstPaise)];
    const before = discounted ? [formatInvoiceRupees(line.grossPaise ?? line.totalPaise), discountCell(line.discountPaise ?? 0)] : [];
    row([String(index + 1), line.description, line.hsn, String(line.quantity), ...before, formatInvoiceRupees(line.taxablePaise), ...tax, formatInvoiceRupees(line.totalPaise)], false);
  });
  const t = gst.totals;
  const grossTotal = gst.lines.reduce((sum, line) => sum + (line.grossPaise ?? line.totalPaise), 0);
  const discountTotal = gst.lines.reduce((sum, line) => sum + (line.discountPaise ?? 0), 0);
  const totalTax = gst.intraState ? [formatInvoiceRupees(t.cgstPaise), formatInvoiceRupees(t.sgstPaise)] : [formatInvoiceRupees(t.igstPaise)];
  const totalBefore = discounted ? [formatInvoiceRupees(grossTotal), discountCell(discountTotal)] : [];
  row(["", "Total", "", "", ...totalBefore, formatInvoiceRupees(t.taxablePaise), ...totalTax, formatInvoiceRupees(t.totalPaise)], true, ["", hindiOf("Total")]);

  doc.moveDown(0.8);
  doc.font("Helvetica").fontSize(9);
  if (doc.y > PAGE_BOTTOM - 80) doc.addPage();
  if (discounted) {
    labelled("Gross amount", `Rs. ${formatInvoiceRupees(grossTotal)}`, LEFT, doc.y, WIDTH);
    const code = gst.discountCode ? `Discount code ${gst.discountCode}` : "Discount";
    const codeWords = hindiOf(gst.discountCode ? "Discount code" : "Discount");
    doc.font("Helvetica").text(`${code}${codeWords ? " / " : ""}`, LEFT, doc.y, { width: WIDTH, continued: true });
    if (codeWords) doc.font(DEVANAGARI).text(codeWords, { continued: true });
    doc.font("Helvetica").text(`: -Rs. ${formatInvoiceRupees(discountTotal)} (taxable value and GST computed after it)`);
  }
  doc.text(`Taxable value: Rs. ${formatInvoiceRupees(t.taxablePaise)}`, LEFT, doc.y, { width: WIDTH });
  if (gst.intraState) {
    doc.text(`CGST at ${half}%: Rs. ${formatInvoiceRupees(t.cgstPaise)}`, { width: WIDTH });
    doc.text(`SGST at ${half}%: Rs. ${formatInvoiceRupees(t.sgstPaise)}`, { width: WIDTH });
  } else {
    doc.text(`IGST at ${rate}%: Rs. ${formatInvoiceRupees(t.igstPaise)}`, { width: WIDTH });
  }
  labelled(gst.totalHeading, `Rs. ${formatInvoiceRupees(t.totalPaise)}`, LEFT, doc.y, WIDTH, "Helvetica-Bold");
  labelled("Amount in words", rupeesInWords(t.totalPaise), LEFT, doc.y, WIDTH);
  doc.moveDown(1);
  doc.fontSize(8).text(gst.closing, { width: WIDTH });

  doc.end();
  return done;
}
