import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCode, putInCart, rupees, tenPercentOf, uniqueCode } from "../e2e/discount-codes";
import { Lynx, bodyText, buttonNumber, fieldAfter } from "../setup/text-browser-lynx";
import { listProducts, startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * The discount code box with Debian's lynx — no JavaScript, no CSS, no `form=` attribute (issue 47
 * item 2): a shopper types a code on the checkout (the box sits inside the checkout's form, so
 * lynx sends it with that form, `applyCode=Apply`) and reads the discount line and the total
 * after it; a Hindi shopper does the same on /hi/cart, and reads a refusal in Hindi first. The
 * expected total is the seed price less 10 % rounded half up, computed here.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

type ApiProduct = { _id: string; name: string; price: number; colours: string[] };

describe.runIf(hasLynx || process.env.CI)("discount codes with lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let base: string;
  let product: ApiProduct & { pricePaise: number };

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("policy-lynx-discount");
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-discount-"));
    const products = await listProducts<ApiProduct>(base);
    const chosen = products.find((p) => p.colours.length === 0)!;
    product = { ...chosen, pricePaise: Math.round(chosen.price * 100) };
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The number of the box's Apply control inside the checkout's form, a submit input that lynx writes as its label: "[37]Apply" → 37. */
  function applyButton(page: string, label: string): number {
    const match = new RegExp(`\\[(\\d+)\\]${label}(?!\\S)`).exec(page);
    if (!match) throw new Error(`no Apply button on the page:\n${page}`);
    return Number(match[1]);
  }

  /** A new shopper signed up with lynx, the watch in their cart. */
  function shopper(lynx: Lynx, label: string): string {
    const signUpUrl = `${base}/login?mode=signup`;
    const signUpPage = lynx.dump(signUpUrl);
    const email = `lynx-${label}-${Date.now()}@example.in`;
    lynx.interact(signUpUrl, [
      { fill: fieldAfter(signUpPage, "Name", "Sign Up"), text: "Asha Rao" },
      { fill: fieldAfter(signUpPage, "Email", "Sign Up"), text: email },
      { fill: fieldAfter(signUpPage, "Password", "Sign Up"), text: "correct horse 42 lynx" },
      { press: buttonNumber(signUpPage, "Sign Up") },
    ]);
    putInCart(server.databaseFile, email, product._id);
    return email;
  }

  it("applies a code on the checkout and reads the discounted total", () => {
    const lynx = new Lynx(fs.mkdtempSync(path.join(dir, "en-")));
    shopper(lynx, "en");
    const code = uniqueCode("LYNX");
    insertCode({ code }, server.databaseFile);
    const url = `${base}/place-order`;
    const page = lynx.dump(url);
    const done = lynx.interact(url, [
      { fill: fieldAfter(page, "Discount code", "Your order"), text: code.toLowerCase() },
      // In the checkout's form the control is named for its intent; lynx reads it by its label.
      { press: applyButton(page, "Apply") },
    ]);
    const text = bodyText(done.text).replace(/\s+/g, " ");
    const off = tenPercentOf(product.pricePaise);
    expect(done.url.replace(/#.*$/, "")).toBe(url);
    expect(text).toContain(`Code ${code} applied — ${rupees(off)} off`);
    expect(text).toContain("Terms: 10 % off the whole order");
    expect(text).toContain(`Discount (${code}) −${rupees(off)}`);
    expect(text).toContain(`Total ${rupees(product.pricePaise - off)}`);
  }, 240_000);

  it("in Hindi: a refusal in Hindi next to the field, then a code applied on /hi/cart", () => {
    const lynx = new Lynx(fs.mkdtempSync(path.join(dir, "hi-")));
    shopper(lynx, "hi");
    const code = uniqueCode("LYNXHI");
    insertCode({ code }, server.databaseFile);
    const url = `${base}/hi/cart`;
    const page = lynx.dump(url);
    const refused = lynx.interact(url, [
      { fill: fieldAfter(page, "डिस्काउंट कोड"), text: "NO-SUCH-CODE" },
      { press: buttonNumber(page, "लागू करें") },
    ]);
    expect(bodyText(refused.text).replace(/\s+/g, " ")).toContain("यह कोड हमें नहीं मिला। कृपया इसे जाँच लें।");
    const again = lynx.dump(url);
    const done = lynx.interact(url, [
      { fill: fieldAfter(again, "डिस्काउंट कोड"), text: code },
      { press: buttonNumber(again, "लागू करें") },
    ]);
    const text = bodyText(done.text).replace(/\s+/g, " ");
    const off = tenPercentOf(product.pricePaise);
    expect(done.url.replace(/#.*$/, "")).toBe(url);
    expect(text).toContain(`कोड ${code} लागू हुआ`);
    expect(text).toContain("पूरे ऑर्डर पर 10 % की छूट");
    expect(text).toContain(`छूट (${code}) −${rupees(off)}`);
    expect(text).toContain(rupees(product.pricePaise - off));
  }, 240_000);
});
