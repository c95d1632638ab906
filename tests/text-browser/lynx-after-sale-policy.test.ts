import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * The after-sale policy read with Debian's lynx — no JavaScript, no CSS — on the demo store with
 * its default settings (issue 45; docs/decisions/0980): a product page's line is SPEC.md §2's
 * words, and /return-policy and /hi/return-policy say the same 7 days, the cancel before shipping
 * and the legal reasons' 30 days, with every placeholder filled.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

describe.runIf(hasLynx || process.env.CI)("the after-sale policy with lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let lynx: Lynx;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("policy-lynx");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-policy-"));
    lynx = new Lynx(dir);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the product page's line and the Return Policy in English and Hindi", async () => {
    const products = (await (await fetch(`${base}/api/product/listproduct`)).json()).products as { _id: string }[];
    const product = bodyText(lynx.dump(`${base}/product/${products[0]._id}`)).replace(/\s+/g, " ");
    expect(product).toContain("Easy return and exchange policy within 7 days");

    const en = bodyText(lynx.dump(`${base}/return-policy`)).replace(/\s+/g, " ");
    expect(en).toContain("Cancel before it ships");
    expect(en).toContain("Return the watch within 7 days of delivery for a refund");
    expect(en).toContain("within 30 days of delivery when it is");
    expect(en).not.toMatch(/\{\{|do not accept returns/);

    const hi = bodyText(lynx.dump(`${base}/hi/return-policy`)).replace(/\s+/g, " ");
    expect(hi).toContain("भेजे जाने से पहले रद्द करें");
    expect(hi).toContain("डिलीवरी के 7 दिन के अंदर घड़ी लौटाकर रिफ़ंड लें");
    expect(hi).not.toMatch(/\{\{/);
  }, 60_000);
});
