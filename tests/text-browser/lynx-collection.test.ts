import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText, buttonNumber, fieldAfter } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";
import { rupees } from "../e2e/money";

/**
 * The collection's price range with Debian's lynx — no JavaScript, no CSS — on the demo store
 * (issue 48 item 1; docs/decisions/0970): /collection counts every watch and its price boxes
 * show the catalogue's lowest and highest price rounded outward; the filter form sent untouched
 * keeps every watch and leaves the URL clean; a changed box is the only bound; a bookmarked
 * ?max=10000 still narrows. Expectations come from GET /api/product/listproduct and SPEC.md §3's
 * rule (the price shown is `price`, else `discount`), worked out here.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

type ApiProduct = { _id: string; price?: number | null; discount?: number | null };
const shownPrice = (p: ApiProduct) => Number(p.price ?? p.discount ?? 0);

/** The value lynx prints in field `label`'s box: "[31]1495______" → "1495". */
function boxValue(page: string, label: string): string {
  const field = fieldAfter(page, label);
  const match = new RegExp(`\\[${field}\\]([^_\\s]*)`).exec(page);
  if (!match) throw new Error(`no box [${field}] after "${label}":\n${page}`);
  return match[1];
}

/** "Showing 1 - 25 of 120 products" as the page says it. */
const countLine = (total: number) => `Showing 1 - ${Math.min(25, total)} of ${total} products`;

describe.runIf(hasLynx || process.env.CI)("the collection's price range with lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let lynx: Lynx;
  let base: string;
  let products: ApiProduct[];
  let bounds: { min: number; max: number };

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("lynx-collection");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-collection-"));
    lynx = new Lynx(dir);
    products = (await (await fetch(`${base}/api/product/listproduct`)).json()).products;
    const prices = products.map(shownPrice);
    bounds = { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) };
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("counts every watch and shows the catalogue's range in the price boxes", () => {
    const page = lynx.dump(`${base}/collection`);
    expect(bodyText(page)).toContain(countLine(products.length));
    expect(boxValue(page, "Min price (₹)")).toBe(String(bounds.min));
    expect(boxValue(page, "Max price (₹)")).toBe(String(bounds.max));
    expect(bodyText(page)).not.toMatch(/Remove filter:/);
  }, 60_000);

  it("the form sent untouched keeps every watch and a clean URL; a changed box is the only bound", () => {
    const page = lynx.dump(`${base}/collection`);
    const sent = lynx.interact(`${base}/collection`, [{ press: buttonNumber(page, "Apply filters") }]);
    expect(sent.url).toBe(`${base}/collection`);
    expect(bodyText(sent.text)).toContain(countLine(products.length));

    // Just above the cheapest: a bound the shopper set, never one of the shown ones.
    const min = bounds.min + 1;
    const narrowed = lynx.interact(`${base}/collection`, [
      { fill: fieldAfter(page, "Min price (₹)"), text: String(min) },
      { press: buttonNumber(page, "Apply filters") },
    ]);
    expect(narrowed.url).toBe(`${base}/collection?min=${min}`);
    expect(bodyText(narrowed.text)).toContain(countLine(products.filter((p) => shownPrice(p) >= min).length));
    // The page lynx saved does not number its fields: the same URL dumped shows the boxes.
    expect(boxValue(lynx.dump(narrowed.url), "Max price (₹)")).toBe(String(bounds.max));
    expect(bodyText(narrowed.text)).toMatch(new RegExp(`Remove filter: Min ${rupees(min * 100).replace(/[.,]/g, "\\$&")}`));
    expect(bodyText(narrowed.text)).not.toMatch(/Remove filter: Max/);
  }, 120_000);

  it("a bookmarked ?max=10000 still narrows to the watches at ₹10,000 or less", () => {
    const within = products.filter((p) => shownPrice(p) <= 10_000).length;
    expect(within).toBeGreaterThan(0);
    expect(within).toBeLessThan(products.length);
    const page = lynx.dump(`${base}/collection?max=10000`);
    expect(bodyText(page)).toContain(countLine(within));
    expect(boxValue(page, "Max price (₹)")).toBe("10000");
    expect(bodyText(page)).toMatch(/Remove filter: Max ₹10,000/);
  }, 60_000);
});
