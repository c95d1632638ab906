import fs from "node:fs";
import type { Page } from "@playwright/test";
import { catalogue, newShopper, signUpWithForm, type ApiProduct, type Shopper } from "./auth";
import { insertCode, ordersOf, recordUseBy, rupees, setUsesTaken, tenPercentOf, uniqueCode, usesTaken } from "./discount-codes";
import { expect, jsDisabled, test } from "./fixtures";
import { PDFParse } from "pdf-parse";
import { ADDRESS } from "../fixtures/address";
import { ownerCommand } from "./staff";

/**
 * Discount codes at checkout (issue 47 items 2, 5): the code box on /cart and /place-order, each
 * refusal's sentence next to the field, the totals' discount line, PLACE ORDER charging the total
 * shown, payment with the simulator, and /offers — with JavaScript (the "js" project: a fetcher,
 * no reload) and without ("no-js": plain posts, 303s, the refusal re-rendered), in English and in
 * Hindi. Codes are written into the e2e store's database (discount-codes.ts), one set per test.
 * Expected amounts come from the seed price by the rule's own formula (10 % rounded half up),
 * written in the test; dates are fixed instants, never the clock.
 */

/** 1 Jan 2030, 00:00 IST and 1 Jan 2025, 00:00 IST, as instants (IST is UTC+05:30). */
const IN_2030 = Date.UTC(2029, 11, 31, 18, 30);
const IN_2025 = Date.UTC(2024, 11, 31, 18, 30);

/** The fake Cashfree server's origin, written by tests/setup/e2e-server.sh. */
function fakeCashfreeUrl(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return fs.readFileSync(`tests/.tmp/e2e-${port}/cashfree-fake.url`, "utf8").trim();
}

/** A watch without colours that no stock rule will refuse (not the first, which other specs buy). */
async function watch(request: Parameters<typeof catalogue>[0]): Promise<ApiProduct & { pricePaise: number }> {
  const products = (await catalogue(request)).filter((product) => product.colours.length === 0);
  const product = products.find((p) => {
    const stock = (p as ApiProduct & { stock?: number }).stock;
    return stock === undefined || stock >= 40;
  })!;
  return { ...product, pricePaise: Math.round((product.price ?? 0) * 100) };
}

/** A new shopper, signed up through the form, with `product` × 1 in the cart. */
async function shopperWith(page: Page, product: ApiProduct, label: string): Promise<Shopper> {
  const shopper = newShopper(label);
  await signUpWithForm(page, shopper);
  const added = await page.request.post("/cart", { form: { intent: "update", itemId: product._id, size: "default", quantity: "1" }, maxRedirects: 0 });
  expect(added.status()).toBe(303);
  return shopper;
}

/** The checkout's delivery fields, filled as a shopper would. */
async function fillDelivery(page: Page) {
  const fields = {
    "First name": "Asha",
    "Last name": "Rao",
    "Email address": "asha@example.in",
    Street: "12 MG Road, Indiranagar",
    City: "Bengaluru",
    "PIN code": "560038",
    "Mobile number": "98765 43210",
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByLabel("State").selectOption("Karnataka");
}

/** Types `code` into the box and presses Apply (the page's language: `apply`). */
async function applyCode(page: Page, code: string, words = { field: "Discount code", apply: "Apply" }) {
  await page.getByLabel(words.field, { exact: true }).fill(code);
  await page.getByRole("button", { name: words.apply, exact: true }).click();
}

test.describe("discount codes at checkout", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a valid code on the checkout: its terms, the discount line, the total after it; Remove takes it off", async ({ page, request }) => {
    const product = await watch(request);
    const code = uniqueCode("TEN");
    insertCode({ code });
    await shopperWith(page, product, "code-valid");
    await page.goto("/place-order");
    const off = tenPercentOf(product.pricePaise);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise));
    // Typed in lower case with spaces: matched all the same (issue 47 item 1).
    await applyCode(page, `  ${code.toLowerCase()} `);
    await expect(page.getByTestId("discount-code-applied")).toContainText(`Code ${code} applied`);
    await expect(page.getByTestId("discount-code-amount")).toHaveText(`${rupees(off)} off`);
    await expect(page.getByTestId("discount-code-terms")).toHaveText("10 % off the whole order");
    await expect(page.getByTestId("cart-discount-line")).toContainText(`Discount (${code})`);
    await expect(page.getByTestId("cart-discount")).toHaveText(`−${rupees(off)}`);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise - off));
    await expect(page.locator('input[name="shownTotalPaise"]')).toHaveValue(String(product.pricePaise - off));
    await expect(page).toHaveURL("/place-order");

    await page.getByRole("button", { name: `Remove the code ${code}` }).click();
    await expect(page.getByTestId("cart-discount-line")).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise));
    await expect(page.getByLabel("Discount code", { exact: true })).toBeVisible();
  });

  test("each refused code says why, next to the field, and nothing is applied", async ({ page, request }) => {
    const product = await watch(request);
    const shopper = await shopperWith(page, product, "code-refused");
    const short = 50_000; // ₹500 below the minimum
    const usedCode = uniqueCode("MINE");
    const used = insertCode({ code: usedCode, perShopperLimit: 1 });
    recordUseBy(used, shopper.email);
    const cases: [string, string][] = [
      [uniqueCode("NOSUCH"), "We don't know this code. Please check it."],
      [insertAndName({ code: uniqueCode("SOON"), startsAt: IN_2030 }), "This code starts on 1 Jan 2030, 00:00 IST."],
      [insertAndName({ code: uniqueCode("OVER"), endsAt: IN_2025 }), "This code ended on 1 Jan 2025, 00:00 IST."],
      [
        insertAndName({ code: uniqueCode("MIN"), minSubtotalPaise: product.pricePaise + short }),
        `This code needs ${rupees(product.pricePaise + short)} of eligible watches: add ${rupees(short)} more.`,
      ],
      [insertAndName({ code: uniqueCode("GONE"), totalLimit: 1, usesTaken: 1 }), "This code has been used up."],
      [usedCode, "You have already used this code."],
      [insertAndName({ code: uniqueCode("ELSE"), scope: "products", scopeValues: ["no-such-watch"] }), "This code doesn't apply to anything in your cart."],
      [insertAndName({ code: uniqueCode("HUSH"), status: "paused" }), "This code is not available right now."],
    ];
    await page.goto("/cart");
    for (const [code, sentence] of cases) {
      await applyCode(page, code);
      const alert = page.getByTestId("discount-code-error");
      await expect(alert).toHaveText(sentence);
      await expect(alert).toHaveAttribute("role", "alert");
      await expect(page.getByLabel("Discount code", { exact: true })).toHaveAttribute("aria-describedby", "discount-code-error");
      await expect(page.getByTestId("cart-discount-line")).toHaveCount(0);
      await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise));
    }
    expect(usesTaken(used)).toBe(0);
  });

  test("in Hindi: a refusal and an applied code in Hindi, and the page stays Hindi", async ({ page, request }) => {
    const product = await watch(request);
    const code = uniqueCode("HINDI");
    insertCode({ code, endsAt: IN_2030 });
    await shopperWith(page, product, "code-hindi");
    await page.goto("/hi/cart");
    const words = { field: "डिस्काउंट कोड", apply: "लागू करें" };
    await applyCode(page, uniqueCode("NOSUCH"), words);
    await expect(page.getByTestId("discount-code-error")).toHaveText("यह कोड हमें नहीं मिला। कृपया इसे जाँच लें।");
    await expect(page).toHaveURL("/hi/cart");
    await applyCode(page, code, words);
    const off = tenPercentOf(product.pricePaise);
    await expect(page.getByTestId("discount-code-applied")).toContainText(`कोड ${code} लागू हुआ`);
    await expect(page.getByTestId("discount-code-terms")).toHaveText("पूरे ऑर्डर पर 10 % की छूट; 1 जन॰ 2030, 00:00 IST को समाप्त");
    await expect(page.getByTestId("cart-discount-line")).toContainText(`छूट (${code})`);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise - off));
    await expect(page).toHaveURL("/hi/cart");
    await page.goto("/hi/place-order");
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise - off));
  });

  test("paid with the simulator: the order's amount is the discounted total, the code's use is taken, the invoice PDF shows the discount", async ({ page, request }) => {
    const product = await watch(request);
    const code = uniqueCode("PAY");
    const id = insertCode({ code });
    const shopper = await shopperWith(page, product, "code-pay");
    await page.goto("/place-order");
    await applyCode(page, code);
    const total = product.pricePaise - tenPercentOf(product.pricePaise);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(total));
    await fillDelivery(page);
    await page.getByRole("button", { name: "PLACE ORDER" }).click();
    if (jsDisabled()) await expect(page).toHaveURL(new RegExp(`^${fakeCashfreeUrl()}/hosted/link/`));
    else await expect(page.getByRole("dialog", { name: "Cashfree checkout" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL("/orders");
    const [order] = ordersOf(shopper.email);
    expect(order).toMatchObject({ amountPaise: total, discountCode: code, discountPaise: tenPercentOf(product.pricePaise) });
    expect(usesTaken(id)).toBe(1);

    // Delivered, its tax invoice names the code and the discount, and is for the amount paid (Rule 46).
    await ownerCommand("orders-status", [order.id, "Shipped", "--courier", "Blue Dart", "--awb", `BD${Date.now()}IN`]);
    await ownerCommand("orders-status", [order.id, "Delivered"]);
    const pdf = await page.request.get(`/orders/${order.id}/invoice.pdf`);
    expect(pdf.status()).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    const plain = (paise: number) => `${new Intl.NumberFormat("en-IN").format(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, "0")}`;
    expect(text).toContain(`Discount code ${code}`);
    expect(text).toContain(`-Rs. ${plain(tenPercentOf(product.pricePaise))}`);
    expect(text).toContain(`Rs. ${plain(total)}`);
  });

  test("PLACE ORDER with a forged total is refused (409, no order); forged discount and amount fields change nothing", async ({ page, request }) => {
    const product = await watch(request);
    const code = uniqueCode("FORGE");
    insertCode({ code });
    const shopper = await shopperWith(page, product, "code-forge");
    const applied = await page.request.post("/cart", { form: { intent: "applyCode", code }, maxRedirects: 0 });
    expect(applied.status()).toBe(303);
    const total = product.pricePaise - tenPercentOf(product.pricePaise);
    const form = {
      ...ADDRESS,
      zipcode: "560038",
      // Card / UPI on the hosted page: the order is made (unpaid) with its amount when PLACE ORDER passes.
      paymentMethod: "cashfree",
      checkout: "redirect",
      cartLines: JSON.stringify([[product._id, "default", 1]]),
      // Forged: the shopper's own idea of the discount and the amount.
      discountPaise: String(product.pricePaise - 100),
      amount: "1",
      amountPaise: "100",
    };
    for (const shown of [String(product.pricePaise), "100", "", "-1"]) {
      const refused = await page.request.post("/place-order", { form: { ...form, shownTotalPaise: shown, idempotencyKey: `checkout-forge-${shown}-${Date.now()}` }, maxRedirects: 0 });
      expect(refused.status()).toBe(409);
    }
    // No shown total at all, with a code on the cart: refused too.
    const missing = await page.request.post("/place-order", { form: { ...form, idempotencyKey: `checkout-forge-none-${Date.now()}` }, maxRedirects: 0 });
    expect(missing.status()).toBe(409);
    expect(ordersOf(shopper.email)).toHaveLength(0);
    const placed = await page.request.post("/place-order", { form: { ...form, shownTotalPaise: String(total), idempotencyKey: `checkout-forge-ok-${Date.now()}` }, maxRedirects: 0 });
    expect(placed.status()).toBe(303);
    const orders = ordersOf(shopper.email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amountPaise: total, discountCode: code, discountPaise: tenPercentOf(product.pricePaise) });
  });

  test("a code used up meanwhile is shown with its reason and not counted; PLACE ORDER then charges the full total", async ({ page, request }) => {
    const product = await watch(request);
    const code = uniqueCode("RACE");
    const id = insertCode({ code, totalLimit: 1 });
    const shopper = await shopperWith(page, product, "code-race");
    await page.goto("/place-order");
    await applyCode(page, code);
    const total = product.pricePaise - tenPercentOf(product.pricePaise);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(total));
    // Another shopper's order takes the last use meanwhile: PLACE ORDER is refused with the new total.
    setUsesTaken(id, 1);
    await fillDelivery(page);
    await page.getByRole("button", { name: "PLACE ORDER" }).click();
    const sentence = `The total has changed to ${rupees(product.pricePaise)} since this page was shown. Please check it and place the order again.`;
    await expect(page.getByRole("alert").filter({ hasText: sentence }).first()).toBeVisible();
    await expect(page).toHaveURL("/place-order");
    await expect(page.getByTestId("discount-code-not-counted")).toHaveText(`Code ${code} is on your cart but not counted: This code has been used up.`);
    await expect(page.getByTestId("cart-discount-line")).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText(rupees(product.pricePaise));
    await expect(page.locator('input[name="shownTotalPaise"]')).toHaveValue(String(product.pricePaise));
    expect(ordersOf(shopper.email)).toHaveLength(0);
  });

  test("a post from another site is refused (403) and applies nothing", async ({ page, request, baseURL }) => {
    const product = await watch(request);
    const code = uniqueCode("XSITE");
    insertCode({ code });
    await shopperWith(page, product, "code-origin");
    for (const path of ["/cart", "/place-order", "/hi/cart"]) {
      const response = await page.request.post(path, { form: { intent: "applyCode", code }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
    }
    await page.goto("/cart");
    await expect(page.getByTestId("cart-discount-line")).toHaveCount(0);
    expect(baseURL).toBeTruthy();
  });

  test("/offers lists public codes with their terms, an end only when there is one; linked from the cart and the footer", async ({ page, request }) => {
    const ending = uniqueCode("OFFEND");
    const open = uniqueCode("OFFOPEN");
    insertCode({ code: ending, public: true, endsAt: IN_2030, minSubtotalPaise: 500_000 });
    insertCode({ code: open, public: true, kind: "fixed", valuePaise: 50_000 });
    const hidden = uniqueCode("OFFPRIV");
    insertCode({ code: hidden });
    await page.goto("/offers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/CURRENT\s+OFFERS/);
    const offer = (code: string) => page.getByTestId("offer").filter({ hasText: code });
    await expect(offer(ending)).toContainText("10 % off the whole order");
    await expect(offer(ending)).toContainText("on ₹5,000 or more");
    await expect(offer(ending)).toContainText("ends 1 Jan 2030, 00:00 IST");
    await expect(offer(open)).toContainText("₹500 off the whole order");
    await expect(offer(open)).not.toContainText("ends");
    await expect(offer(hidden)).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(/only today|hurry|left to|countdown/i);
    await page.goto("/hi/offers");
    await expect(offer(ending)).toContainText("पूरे ऑर्डर पर 10 % की छूट");
    await expect(offer(ending)).toContainText("₹5,000 या उससे ज़्यादा की खरीद पर");
    await expect(offer(ending)).toContainText("1 जन॰ 2030, 00:00 IST को समाप्त");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "ऑफ़र" })).toHaveAttribute("href", "/hi/offers");
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Offers" })).toHaveAttribute("href", "/offers");
    const product = await watch(request);
    await shopperWith(page, product, "code-offers");
    await page.goto("/cart");
    await page.getByRole("link", { name: "See current offers" }).click();
    await expect(page).toHaveURL("/offers");
  });
});

/** Saves `code` and answers its text. */
function insertAndName(code: Parameters<typeof insertCode>[0]): string {
  insertCode(code);
  return code.code;
}

