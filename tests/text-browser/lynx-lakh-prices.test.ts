import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * Lakh-plus prices read with Debian's lynx — no JavaScript, no CSS — on the demo store (issue 48
 * item 2; docs/decisions/0971): a Rolex's product page says its price and MRP in Indian grouping,
 * and the home page's card for it says the same, words apart. The amounts are written out here
 * by hand from the demo's prices (pinned in tests/unit/demo-catalogue.test.ts); listproduct must
 * still say them.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

const ROLEX = { id: "w00005", rupees: 13_20_000, shown: "₹13,20,000" };

describe.runIf(hasLynx || process.env.CI)("lakh-plus prices with lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let lynx: Lynx;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer();
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-lakh-"));
    lynx = new Lynx(dir);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads a ₹13,20,000 Rolex's price and MRP on its page, and its price on the home page", async () => {
    const products = (await (await fetch(`${base}/api/product/listproduct`)).json()).products as { _id: string; name: string; price?: number }[];
    const rolex = products.find((p) => p._id === ROLEX.id)!;
    expect(rolex.price).toBe(ROLEX.rupees);

    const page = bodyText(lynx.dump(`${base}/product/${ROLEX.id}`)).replace(/\s+/g, " ");
    expect(page).toContain(`Price ${ROLEX.shown}`);
    expect(page).toContain(`${ROLEX.shown} (incl. of all taxes)`);
    expect(page).not.toMatch(/₹1,320,000/);

    const home = bodyText(lynx.dump(`${base}/`)).replace(/\s+/g, " ");
    // The card's name (cut at 40 characters, SPEC.md §9) and then its price.
    const shortName = rolex.name.length > 40 ? rolex.name.slice(0, 40) : rolex.name;
    expect(home).toMatch(new RegExp(`${shortName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S* ${ROLEX.shown}`));
  }, 60_000);
});
