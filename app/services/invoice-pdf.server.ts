import PDFDocument from "pdfkit";
import { formatInvoiceRupees, formatIstDate, rupeesInWords } from "~/lib/gst";
import type { Invoice } from "~/services/invoices.server";

/**
 * The GST tax invoice as a PDF (issue 14 item 2; DESIGN.md §20; docs/decisions/0650), drawn with
 * pdfkit's built-in Helvetica (no font files, no network). Amounts are written "Rs. 1,23,456.50":
 * the rupee sign is not in the standard PDF fonts.
 */

const PAGE_BOTTOM = 780;
const LEFT = 40;
const WIDTH = 515;

/**
 * Renders `invoice` (an issued invoice, money in paise) as an A4 PDF: "Tax Invoice", the seller
 * (legal name, address, GSTIN, state and code), invoice number and date (IST), place of supply
 * (state and code), the buyer (name, address, GSTIN when given), a table — description, HSN,
 * quantity, taxable value, CGST + SGST or IGST, total — its totals, and the amount in words in
 * Indian numbering. Resolves to the file's bytes; rejects if pdfkit fails.
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

  const { seller, buyer } = invoice;
  doc.font("Helvetica-Bold").fontSize(18).text("Tax Invoice", LEFT, 40, { width: WIDTH, align: "center" });
  doc.moveDown(0.8);

  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).text(seller.legalName, LEFT, top, { width: 260 });
  doc.font("Helvetica").fontSize(9);
  for (const line of seller.address) doc.text(line, { width: 260 });
  doc.text(`GSTIN: ${seller.gstin}`, { width: 260 });
  doc.text(`State: ${seller.state}${seller.stateCode ? ` (code ${seller.stateCode})` : ""}`, { width: 260 });
  const leftBottom = doc.y;

  doc.font("Helvetica").fontSize(9);
  doc.text(`Invoice number: ${invoice.number}`, 320, top, { width: 235 });
  doc.text(`Invoice date: ${formatIstDate(invoice.issuedAt)}`, 320, doc.y, { width: 235 });
  doc.text(`Order: ${invoice.orderId}`, 320, doc.y, { width: 235 });
  doc.text(`Place of supply: ${buyer.state}${buyer.stateCode ? ` (code ${buyer.stateCode})` : ""}`, 320, doc.y, { width: 235 });
  doc.text("Reverse charge: No", 320, doc.y, { width: 235 });
  doc.y = Math.max(leftBottom, doc.y) + 14;

  doc.font("Helvetica-Bold").fontSize(10).text("Bill to / Ship to", LEFT, doc.y, { width: WIDTH });
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

  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 4 })));
    if (doc.y + height > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    let x = LEFT;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    doc.y = y + height + 4;
    doc.moveTo(LEFT, doc.y - 2).lineTo(LEFT + WIDTH, doc.y - 2).lineWidth(0.3).stroke();
  };

  row(columns.map((c) => c.title), true);
  invoice.lines.forEach((line, index) => {
    const tax = invoice.intraState ? [formatInvoiceRupees(line.cgstPaise), formatInvoiceRupees(line.sgstPaise)] : [formatInvoiceRupees(line.igstPaise)];
    row([String(index + 1), line.description, line.hsn, String(line.quantity), formatInvoiceRupees(line.taxablePaise), ...tax, formatInvoiceRupees(line.totalPaise)], false);
  });
  const t = invoice.totals;
  const totalTax = invoice.intraState ? [formatInvoiceRupees(t.cgstPaise), formatInvoiceRupees(t.sgstPaise)] : [formatInvoiceRupees(t.igstPaise)];
  row(["", "Total", "", "", formatInvoiceRupees(t.taxablePaise), ...totalTax, formatInvoiceRupees(t.totalPaise)], true);

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
  doc.font("Helvetica-Bold").text(`Invoice total: Rs. ${formatInvoiceRupees(t.totalPaise)}`, { width: WIDTH });
  doc.font("Helvetica").text(`Amount in words: ${rupeesInWords(t.totalPaise)}`, { width: WIDTH });
  doc.moveDown(1);
  doc.fontSize(8).text(`Prices include GST at ${rate}%. This is a computer-generated invoice and needs no signature.`, { width: WIDTH });

  doc.end();
  return done;
}
