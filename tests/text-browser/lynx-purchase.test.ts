import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDIAN_STATES } from "~/constants/indian-states";
import { formatPaise } from "~/lib/money";
import { Lynx, bodyText, buttonNumber, choiceNumber, fieldAfter, nextButton, references } from "../setup/text-browser-lynx";
import { listProducts, startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * The whole purchase with Debian's lynx — no JavaScript, no CSS — against the production build
 * on a local trial (no Cashfree credentials: "Test mode", the built-in simulator; PUBLIC_URL on
 * http) (issue 9, "Tests and done"; items 1–3). Every form is filled and sent by lynx itself
 * from a keystroke script; each page is read as lynx prints it. Assertions hold to SPEC.md's
 * sentences and to outcomes, not to wording other pages may change.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

type ApiProduct = { _id: string; name: string; subCategory: string; colours: string[] };

/** The filter label of a brand (`subCategory` "PatekPhilippe" reads "Patek Philippe"). */
const brandLabel = (subCategory: string) => subCategory.replace(/([a-z])([A-Z])/g, "$1 $2");

/** "₹4,099" → 409900 paise. */
function paiseOf(text: string): number {
  return Math.round(Number(text.replace(/[₹,]/g, "")) * 100);
}

describe.runIf(hasLynx || process.env.CI)("a shopper with lynx (no JavaScript, RFC 6265 cookies)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let lynx: Lynx;
  let base: string;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer();
    base = server.baseUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-purchase-"));
    lynx = new Lynx(dir);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("registers, filters, adds a watch in a colour, changes the quantity, checks out, pays in Test mode and sees it under My Orders", async () => {
    // 1. Register with the Sign Up form; lynx keeps the session (issue 9 item 1).
    const signUpUrl = `${base}/login?mode=signup`;
    const signUp = lynx.dump(signUpUrl);
    const email = `lynx-${Date.now()}@example.in`;
    const registered = lynx.interact(signUpUrl, [
      { fill: fieldAfter(signUp, "Name", "Sign Up"), text: "Asha Rao" },
      { fill: fieldAfter(signUp, "Email", "Sign Up"), text: email },
      { fill: fieldAfter(signUp, "Password", "Sign Up"), text: "correct horse 42 lynx" },
      { press: buttonNumber(signUp, "Sign Up") },
    ]);
    expect(registered.url, bodyText(registered.text)).toBe(`${base}/`);
    expect(bodyText(registered.text)).toMatch(/Logout/);
    // The session cookie is a plain one on http: no Secure flag, no __Host- prefix...
    const jar = lynx.cookieJar().split("\n").filter((line) => line && !line.startsWith("#"));
    const session = jar.map((line) => line.split("\t")).find((cells) => /session/.test(cells[5] ?? ""));
    expect(session, lynx.cookieJar()).toBeDefined();
    expect(session![3]).toBe("FALSE"); // the jar's "secure" column
    expect(session![5]).not.toMatch(/^__Host-|^__Secure-/);
    // ...so lynx, which returns cookies only as RFC 6265 says (COOKIE_VERSION:RFC-6265; no
    // localhost exception for Secure cookies), is still logged in on the next page it opens.
    const orders = lynx.interact(`${base}/orders`, []);
    expect(orders.url).toBe(`${base}/orders`);
    expect(bodyText(orders.text)).not.toMatch(/Sign In/);

    // 2. Filter the collection by a brand that has watches in colours (the filter form, GET).
    const products = await listProducts<ApiProduct>(base);
    const inColours = products.filter((product) => product.colours.length > 1);
    const brand = (inColours.find((product) => product.subCategory === "Casio") ?? inColours[0]!).subCategory;
    const collection = lynx.dump(`${base}/collection`);
    const brandBox = choiceNumber(collection, brandLabel(brand));
    const filtered = lynx.interact(`${base}/collection`, [{ press: brandBox }, { press: nextButton(collection, brandBox) }]);
    expect(new URL(filtered.url).searchParams.getAll("brand")).toEqual([brand]);
    const shown = [...references(filtered.text).values()].filter((url) => /\/product\/[^/?#]+$/.test(url));
    const shownIds = shown.map((url) => url.split("/product/")[1]);
    // Every product the filtered page links to is of that brand.
    expect(shownIds.length).toBeGreaterThan(0);
    for (const id of shownIds) expect(products.find((product) => product._id === id)?.subCategory).toBe(brand);
    const product = inColours.find((candidate) => candidate.subCategory === brand && shownIds.includes(candidate._id));
    expect(product, "a watch in colours on the filtered page").toBeDefined();

    // 3. Open the product (a link of that page) and add it in its last colour (not the preselected one).
    const productUrl = shown[shownIds.indexOf(product!._id)]!;
    const productPage = lynx.dump(productUrl);
    expect(bodyText(productPage)).toContain(product!.name);
    const priceText = /Price (₹[\d,]+)/.exec(bodyText(productPage))?.[1];
    expect(priceText, "the product's price").toBeDefined();
    const colour = product!.colours[product!.colours.length - 1]!;
    const added = lynx.interact(productUrl, [{ press: choiceNumber(productPage, colour) }, { press: buttonNumber(productPage, "ADD TO CART") }]);
    expect(bodyText(added.text)).toContain("Item added to cart!");

    // 4. Change the quantity in the cart to 2.
    const cart = lynx.dump(`${base}/cart`);
    const quantity = fieldAfter(cart, "Quantity");
    const updated = lynx.interact(`${base}/cart`, [{ fill: quantity, text: "2" }, { press: nextButton(cart, quantity) }]);
    expect(updated.url).toBe(`${base}/cart`);
    const twice = formatPaise(paiseOf(priceText!) * 2);
    expect(bodyText(updated.text)).toContain(colour);
    expect(bodyText(updated.text)).toContain(twice);

    // 5. Checkout: "Test mode", each text apart, the whole product name (issue 9 items 1, 2).
    const checkoutUrl = `${base}/place-order`;
    const checkout = lynx.dump(checkoutUrl);
    const checkoutText = bodyText(checkout);
    expect(checkoutText).toContain("Test mode");
    expect(checkoutText).toContain("No money moves.");
    expect(checkoutText).toContain(product!.name);
    expect(checkoutText).toMatch(new RegExp(`${colour} · Qty 2`));
    expect(checkoutText).toContain(twice);
    expect(checkoutText).toMatch(/Card \/ UPI\W+Pay securely with Cashfree/);
    expect(checkoutText).not.toMatch(/UPIPay|StripeCurrently|RazorpayCurrently/);

    // A failed submit: the error summary at the top lists each problem as a link to its field
    // (issue 9 item 3); what was chosen is kept.
    const field = (page: string, label: string) => fieldAfter(page, label, "DELIVERY INFORMATION");
    const karnataka = 1 + INDIAN_STATES.indexOf("Karnataka"); // below "Select state"
    const refused = lynx.interact(checkoutUrl, [
      { choose: field(checkout, "State"), down: karnataka },
      { fill: field(checkout, "PIN code"), text: "12" },
      { press: buttonNumber(checkout, "PLACE ORDER") },
    ]);
    const refusedText = bodyText(refused.text);
    const summary = refusedText.slice(refusedText.indexOf("There is a problem"), refusedText.indexOf("DELIVERY INFORMATION"));
    expect(refusedText.indexOf("There is a problem")).toBeGreaterThan(-1);
    const links = references(refused.text);
    for (const [message, id] of [
      ["Please enter your first name.", "place-order-firstName"],
      ["Please enter your street address.", "place-order-street"],
      ["Please enter a valid 6-digit PIN code.", "place-order-zipcode"],
      ["Please enter your mobile number.", "place-order-phone"],
    ] as const) {
      const number = new RegExp(`\\[(\\d+)\\]${message.replace(/\./g, "\\.")}`).exec(summary)?.[1];
      expect(number, `"${message}" is a link in the summary:\n${summary}`).toBeDefined();
      expect(links.get(Number(number))).toBe(`${checkoutUrl}#${id}`);
    }
    expect(summary).not.toContain("Please choose your state or union territory.");
    expect(refusedText).toMatch(/State\s*\[\d+\]\[\(\d+\)_*Karnataka/);

    // 6. PLACE ORDER with the address: the simulator's hosted page says it is a test.
    const again = lynx.dump(checkoutUrl);
    const toPay = lynx.interact(checkoutUrl, [
      { fill: field(again, "First name"), text: "Asha" },
      { fill: field(again, "Last name"), text: "Rao" },
      { fill: field(again, "Email address"), text: email },
      { fill: field(again, "Street"), text: "12 MG Road, Indiranagar" },
      { fill: field(again, "City"), text: "Bengaluru" },
      { choose: field(again, "State"), down: karnataka },
      { fill: field(again, "PIN code"), text: "560038" },
      { fill: field(again, "Mobile number"), text: "98765 43210" },
      { press: buttonNumber(again, "PLACE ORDER") },
    ]);
    expect(toPay.url.startsWith(`${base}/payments/simulator/`), toPay.url).toBe(true);
    expect(bodyText(toPay.text)).toMatch(/TEST MODE/i);
    expect(bodyText(toPay.text)).toContain(twice);

    // 7. Pay: lynx sends no Origin, so the simulator checks its same-origin Referer.
    const simulator = lynx.dump(toPay.url);
    const paid = lynx.interact(toPay.url, [{ press: buttonNumber(simulator, "Pay") }]);
    expect(paid.url).toBe(`${base}/orders`);
    const ordersText = bodyText(paid.text);
    expect(ordersText).toContain("Payment verified successfully!");
    expect(ordersText).toContain(product!.name.slice(0, 30));
    expect(ordersText).toContain(colour);

    // The cart is empty after the payment.
    expect(bodyText(lynx.dump(`${base}/cart`))).not.toContain(product!.name.slice(0, 30));
  }, 240_000);

  it("a Hindi-speaking shopper signs up, reads the checkout's errors in Hindi, pays in Test mode and lands on My Orders in Hindi (issue 27)", async () => {
    const hindiDir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-hindi-"));
    const hindi = new Lynx(hindiDir);
    try {
      // The field of the line that starts with `label` ("पता [27]", not "ईमेल पता [26]").
      const fieldOnLine = (page: string, label: string) => {
        const number = new RegExp(`^\\s*${label}\\s*\\[(\\d+)\\]`, "m").exec(page)?.[1];
        expect(number, `a line "${label} [n]" in:\n${page}`).toBeDefined();
        return Number(number);
      };
      const signUpUrl = `${base}/hi/login?mode=signup`;
      const signUp = hindi.dump(signUpUrl);
      const email = `lynx-hi-${Date.now()}@example.in`;
      const registered = hindi.interact(signUpUrl, [
        { fill: fieldAfter(signUp, "नाम", "साइन अप"), text: "Asha Rao" },
        { fill: fieldAfter(signUp, "ईमेल", "साइन अप"), text: email },
        { fill: fieldAfter(signUp, "पासवर्ड", "साइन अप"), text: "correct horse 42 lynx" },
        { press: buttonNumber(signUp, "साइन अप") },
      ]);
      expect(registered.url, bodyText(registered.text)).toBe(`${base}/hi`);

      const products = await listProducts<ApiProduct>(base);
      const product = products.find((candidate) => candidate.colours.length === 0)!;
      const productUrl = `${base}/hi/product/${product._id}`;
      const productPage = hindi.dump(productUrl);
      const added = hindi.interact(productUrl, [{ press: buttonNumber(productPage, "कार्ट में डालें") }]);
      expect(bodyText(added.text)).toContain("आइटम कार्ट में जुड़ गया!");

      const checkoutUrl = `${base}/hi/place-order`;
      const checkout = hindi.dump(checkoutUrl);
      const checkoutText = bodyText(checkout);
      expect(checkoutText).toContain("टेस्ट मोड");
      // No words run together: the save-address box and the business buyer's line are apart.
      expect(checkoutText).not.toMatch(/सेव करेंकिसी/);
      expect(checkoutText).toMatch(/कार्ड \/ UPI\W+Cashfree से सुरक्षित भुगतान करें/);
      const karnataka = 1 + INDIAN_STATES.indexOf("Karnataka");
      const refused = hindi.interact(checkoutUrl, [
        { choose: fieldOnLine(checkout, "राज्य"), down: karnataka },
        { fill: fieldOnLine(checkout, "पिन कोड \\(6 अंक\\)"), text: "12" },
        { press: buttonNumber(checkout, "ऑर्डर करें") },
      ]);
      const refusedText = bodyText(refused.text);
      const summary = refusedText.slice(refusedText.indexOf("कुछ ठीक करना है"), refusedText.indexOf("की जानकारी"));
      expect(refusedText.indexOf("कुछ ठीक करना है")).toBeGreaterThan(-1);
      for (const message of ["कृपया अपना पहला नाम लिखें।", "कृपया अपना पता (मकान, गली) लिखें।", "कृपया सही 6 अंकों का पिन कोड लिखें।", "कृपया अपना मोबाइल नंबर लिखें।"]) {
        expect(summary, `"${message}" in the summary`).toMatch(new RegExp(`\\[\\d+\\]${message.replace(/[()]/g, "\\$&")}`));
      }
      // The state keeps its choice, shown by its Hindi name.
      expect(refusedText).toMatch(/कर्नाटक/);

      const again = hindi.dump(checkoutUrl);
      const toPay = hindi.interact(checkoutUrl, [
        { fill: fieldOnLine(again, "पहला नाम"), text: "Asha" },
        { fill: fieldOnLine(again, "उपनाम"), text: "Rao" },
        { fill: fieldOnLine(again, "ईमेल पता"), text: email },
        { fill: fieldOnLine(again, "पता"), text: "12 MG Road, Indiranagar" },
        { fill: fieldOnLine(again, "शहर"), text: "Bengaluru" },
        { choose: fieldOnLine(again, "राज्य"), down: karnataka },
        { fill: fieldOnLine(again, "पिन कोड \\(6 अंक\\)"), text: "560038" },
        { fill: fieldOnLine(again, "मोबाइल नंबर \\(10 अंक\\)"), text: "98765 43210" },
        { press: buttonNumber(again, "ऑर्डर करें") },
      ]);
      expect(toPay.url.startsWith(`${base}/payments/simulator/`), `${toPay.url}\n${bodyText(toPay.text)}`).toBe(true);
      const simulator = hindi.dump(toPay.url);
      const paid = hindi.interact(toPay.url, [{ press: buttonNumber(simulator, "Pay") }]);
      expect(paid.url).toBe(`${base}/hi/orders`);
      const ordersText = bodyText(paid.text);
      expect(ordersText).toContain("भुगतान की पुष्टि हो गई!");
      expect(ordersText).toContain("मेरे ऑर्डर");
    } finally {
      fs.rmSync(hindiDir, { recursive: true, force: true });
    }
  }, 240_000);

  /** The headings of a dump: the lines lynx prints at the margin (the rest is indented). */
  const headings = (text: string) => bodyText(text).split("\n").filter((line) => /^\S/.test(line));
  /** The text from the heading `from` to the next heading. */
  const section = (text: string, from: string) => {
    const lines = bodyText(text).split("\n");
    const start = lines.indexOf(from);
    expect(start, `no heading "${from}"`).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((line, index) => index > start && /^\S/.test(line));
    return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
  };

  it("reads a watch's Reviews tab and the review guidelines: headings in order, one tab's panel, no words run together (issue 23 item 2)", () => {
    const product = "w00120";
    for (const [tab, shown, hidden] of [
      ["reviews", "No reviews yet. Be the first to review this product.", "sourced from the brand or its authorised distributors"],
      ["description", "sourced from the brand or its authorised distributors", "No reviews yet. Be the first to review this product."],
    ]) {
      const page = lynx.dump(`${base}/product/${product}?tab=${tab}`);
      // The reviews' own headings (h3, none yet) sit under this one, not under "Check delivery".
      const order = headings(page).filter((line) => ["Check delivery", "Product details and reviews", "You might also like"].includes(line));
      expect(order).toEqual(["Check delivery", "Product details and reviews", "You might also like"]);
      // lynx ignores `hidden`: only the chosen tab's panel may have words.
      const tabs = section(page, "Product details and reviews").replace(/\s+/g, " ");
      expect(tabs).toMatch(/\[\d+\]Description · \[\d+\]Reviews \(0\)/);
      expect(tabs).toContain(shown);
      expect(tabs).not.toContain(hidden);
      if (tab === "reviews") expect(tabs).toMatch(/\[\d+\]Write a Review/);
    }

    const guidelines = lynx.dump(`${base}/review-guidelines`);
    expect(headings(guidelines).slice(headings(guidelines).indexOf("Review Guidelines"), headings(guidelines).indexOf("Review Guidelines") + 6)).toEqual([
      "Review Guidelines",
      "Who can write a review",
      "What a review contains",
      "How we check reviews",
      "Withdrawing your review",
      "How ratings are shown",
    ]);
    expect(bodyText(guidelines).replace(/\s+/g, " ")).toContain("A review we do not publish does not use up yours: you can write a new one.");
    // The footer's address, one line each on screen, is words apart in text.
    expect(bodyText(guidelines).replace(/\s+/g, " ")).toContain("Address: Chrono India Retail Pvt. Ltd. 3rd Floor, 42 Residency Road Bengaluru, Karnataka 560025 India");
  }, 60_000);
});
