import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { expect } from "./fixtures";
import { STORE_PORT } from "./servers";
import { ownerCommand } from "./staff";

/**
 * Set-up helpers shared by the after-sale browser specs (issue 45: returns.spec.ts,
 * returns-office.spec.ts), each running a test script through the owner's command on the e2e
 * server's database.
 */

/** A delivered order as tests/e2e/delivered-order.ts prints it: its lines, its coloured watch and its plain one. */
export type Delivered = {
  orderId: string;
  lines: { productId: string; name: string; colour: string }[];
  coloured: { id: string; name: string; colour: string; colours: string[] };
  plain: { id: string; name: string };
};

/**
 * A cash-on-delivery order of two lines (one watch in one of its colours, one without colours) of
 * the account `email`, delivered `daysAgo` IST days ago; `late`: promised by two days before the
 * delivery (tests/e2e/delivered-order.ts); on the database of the e2e server on `port` (the store's by default).
 */
export async function deliveredOrder(email: string, daysAgo: number, late = false, port: number = STORE_PORT): Promise<Delivered> {
  const { stdout } = await ownerCommand("../tests/e2e/delivered-order", [email, String(daysAgo), ...(late ? ["late"] : [])], port);
  return JSON.parse(stdout.trim().split("\n").pop()!) as Delivered;
}

/**
 * A refund request of the whole order line `line` (index, default 0) of `orderId`, asked
 * `hoursAgo` hours ago, status "requested" (tests/e2e/return-request.ts). Resolves to its id (rt_…).
 */
export async function returnRequest(orderId: string, hoursAgo: number, line = 0): Promise<string> {
  const { stdout } = await ownerCommand("../tests/e2e/return-request", [orderId, String(hoursAgo), String(line)]);
  return (JSON.parse(stdout.trim().split("\n").pop()!) as { returnId: string }).returnId;
}

/** The text of a PDF (pdf-parse), its runs of white space made single spaces. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

/** Clicks `link` (a PDF download, with or without JavaScript) and resolves to the downloaded file's text. */
export async function downloadedPdfText(page: Page, link: Locator): Promise<string> {
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return pdfText(bytes);
}

/** One row of a GST document's table as its PDF text has it: HSN, quantity and amounts in paise (CGST+SGST, or IGST alone). */
export type GstRow = { hsn: string; quantity: number; taxablePaise: number; taxPaise: number[]; totalPaise: number };

/** "1,23,456.50" → 12345650 paise. */
export function paiseOf(amount: string): number {
  const [whole, fraction] = amount.replace(/,/g, "").split(".");
  return Number(whole) * 100 + Number(fraction);
}

/** Paise as the GST documents write them: "1,23,456.50" (Indian grouping), computed here. */
export function documentRupees(paise: number): string {
  return `${Math.floor(paise / 100).toLocaleString("en-IN")}.${String(paise % 100).padStart(2, "0")}`;
}

/**
 * The table rows of a tax invoice's or credit note's PDF text, in order: each read from its HSN
 * (4 to 8 digits) on — quantity, taxable value, the tax columns (`intraState`: CGST and SGST,
 * else IGST) and the line total — so a description wrapped over lines does not matter.
 */
export function gstRows(text: string, intraState: boolean): GstRow[] {
  const amount = "(\\d[\\d,]*\\.\\d\\d)";
  const pattern = new RegExp(`\\b(\\d{4,8}) (\\d{1,3}) ${amount} ${amount} ${amount}${intraState ? ` ${amount}` : ""}(?= |$)`, "g");
  return [...text.matchAll(pattern)].map((m) => {
    const amounts = m.slice(3).map((a) => paiseOf(a!));
    return { hsn: m[1]!, quantity: Number(m[2]), taxablePaise: amounts[0]!, taxPaise: amounts.slice(1, -1), totalPaise: amounts.at(-1)! };
  });
}
