import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatInvoiceRupees, formatIstDate, rupeesInWords } from "~/lib/gst";
import type { Invoice } from "~/services/invoices.server";

/**
 * The GST tax invoice as a PDF (issue 14 item 2; DESIGN.md §20; docs/decisions/0650), drawn with
 * pdfkit's built-in Helvetica (no network). Amounts are written "Rs. 1,23,456.50": the rupee sign
 * is not in the standard PDF fonts. An order placed in Hindi gets bilingual headings, English
 * first and Hindi after, as many Indian invoices have them (issue 27; docs/decisions/0900): the
 * standard PDF fonts have no Devanagari, so those words are drawn with Noto Sans Devanagari Bold
 * (SIL Open Font License), which the npm package `@expo-google-fonts/noto-sans-devanagari` ships
 * and pdfkit embeds (subset); fontkit shapes the conjuncts and vowel signs.
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

/** The invoice's headings in Hindi (CBIC's Hindi GST terms: कर बीजक for "tax invoice"), by their English. */
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
} as const;
type Heading = keyof typeof HINDI_HEADINGS;

const PAGE_BOTTOM = 780;
const LEFT = 40;
const WIDTH = 515;

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
  const doc = new PDFDocument({
    size: "A4",
    margin: LEFT,
    info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.seller.legalName, CreationDate: new Date(invoice.issuedAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const hindi = invoice.language === "hi";
  if (hindi) doc.registerFont(DEVANAGARI, devanagari());
  /** A heading's Hindi (Hindi invoices only), else null. */
  const hindiOf = (heading: string): string | null => (hindi ? (HINDI_HEADINGS[heading as Heading] ?? null) : null);
  /**
   * "Heading: value" at (x, y) — "Heading / शीर्षक: value" on a Hindi invoice, the Hindi in the
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

  const { seller, buyer } = invoice;
  doc.font("Helvetica-Bold").fontSize(18).text("Tax Invoice", LEFT, 40, { width: WIDTH, align: "center" });
  const title = hindiOf("Tax Invoice");
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
  labelled("Invoice number", invoice.number, 320, top, 235);
  labelled("Invoice date", formatIstDate(invoice.issuedAt), 320, doc.y, 235);
  labelled("Order", invoice.orderId, 320, doc.y, 235);
  labelled("Place of supply", `${buyer.state}${buyer.stateCode ? ` (code ${buyer.stateCode})` : ""}`, 320, doc.y, 235);
  doc.font("Helvetica").text("Reverse charge: No", 320, doc.y, { width: 235 });
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

  const rate = invoice.ratePercent;
  const half = rate / 2;
  const columns = invoice.intraState
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

  /** One row of the table; `below`: a second line under some cells, in Devanagari (a Hindi invoice's headings). */
  const row = (cells: string[], bold: boolean, below: (string | null)[] = []) => {
    const fontOf = () => doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
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
  invoice.lines.forEach((line, index) => {
    const tax = invoice.intraState ? [formatInvoiceRupees(line.cgstPaise), formatInvoiceRupees(line.sgstPaise)] : [formatInvoiceRupees(line.igstPaise)];
    row([String(index + 1), line.description, line.hsn, String(line.quantity), formatInvoiceRupees(line.taxablePaise), ...tax, formatInvoiceRupees(line.totalPaise)], false);
  });
  const t = invoice.totals;
  const totalTax = invoice.intraState ? [formatInvoiceRupees(t.cgstPaise), formatInvoiceRupees(t.sgstPaise)] : [formatInvoiceRupees(t.igstPaise)];
  row(["", "Total", "", "", formatInvoiceRupees(t.taxablePaise), ...totalTax, formatInvoiceRupees(t.totalPaise)], true, ["", hindiOf("Total")]);

  doc.moveDown(0.8);
  doc.font("Helvetica").fontSize(9);
  if (doc.y > PAGE_BOTTOM - 80) doc.addPage();
  doc.text(`Taxable value: Rs. ${formatInvoiceRupees(t.taxablePaise)}`, LEFT, doc.y, { width: WIDTH });
  if (invoice.intraState) {
    doc.text(`CGST at ${half}%: Rs. ${formatInvoiceRupees(t.cgstPaise)}`, { width: WIDTH });
    doc.text(`SGST at ${half}%: Rs. ${formatInvoiceRupees(t.sgstPaise)}`, { width: WIDTH });
  } else {
    doc.text(`IGST at ${rate}%: Rs. ${formatInvoiceRupees(t.igstPaise)}`, { width: WIDTH });
  }
  labelled("Invoice total", `Rs. ${formatInvoiceRupees(t.totalPaise)}`, LEFT, doc.y, WIDTH, "Helvetica-Bold");
  labelled("Amount in words", rupeesInWords(t.totalPaise), LEFT, doc.y, WIDTH);
  doc.moveDown(1);
  doc.fontSize(8).text(`Prices include GST at ${rate}%. This is a computer-generated invoice and needs no signature.`, { width: WIDTH });

  doc.end();
  return done;
}
