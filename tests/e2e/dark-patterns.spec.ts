import type { APIRequestContext, Page } from "@playwright/test";
import { CASHFREE_SCRIPT_URL } from "../fakes/cashfree-js-standin";
import { logInWithForm, newShopper, registerWithApi, toast } from "./auth";
import { expect, jsDisabled, test } from "./fixtures";

/**
 * No dark patterns, checked (issue 25 item 5; the Central Consumer Protection Authority's
 * Guidelines for Prevention and Regulation of Dark Patterns, 2023; DESIGN.md §23). Every storefront
 * page a shopper meets, JavaScript on and off, is read for:
 *
 * - **pre-ticked consent or add-ons**: no checkbox is checked when a page opens, the collection's
 *   filters aside (they show the filters the page's address or preset chose);
 * - **false urgency**: no countdown or timer (`role="timer"`, "ends in", "hurry", "mm:ss left");
 * - **false scarcity**: every "Only N left" on a page is the watch's real stock, N ≤ 5, read from
 *   the Store API's listproduct (stock) — a figure the page did not make;
 * - **drip pricing**: the checkout's total is the cart's total, charges included, and no charge
 *   appears at checkout that the cart did not show;
 * - **confirm-shaming**: no decline link or button that shames ("No thanks, I don't like…",
 *   "I'll pay full price");
 * - **nagging**: no dialog open when a page loads.
 */

type Listed = { _id: string; name: string; colours: string[]; stock?: number };

async function listed(request: APIRequestContext): Promise<Listed[]> {
  return ((await (await request.get("/api/product/listproduct")).json()) as { products: Listed[] }).products;
}

const SHAMING = /no thanks|i (?:don'?t|do not) (?:want|like|care|need)|i'?ll pay (?:full|more)|i prefer (?:to )?(?:miss|pay)|i hate (?:saving|deals)/i;
const URGENCY = /\bends in\b|\bhurry\b|limited time only|\bexpires in\b|\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:left|remaining)\b|\bselling fast\b|\bin \d+ (?:other )?carts?\b|people are (?:viewing|looking)/i;

/** Reads the page as it opened and fails on each pattern above; answers the "Only N left" claims by product id. */
async function expectNoDarkPatterns(page: Page, where: string, stockOf: Map<string, number | undefined>) {
  // The collection's filters show the page's own filters (a curated page's brands): not consent.
  const checked = await page.locator('input[type="checkbox"]:checked:not([data-testid="filters"] input)').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).name || box.id));
  expect(checked, `${where}: pre-ticked checkboxes`).toEqual([]);
  await expect(page.getByRole("timer"), `${where}: a timer`).toHaveCount(0);
  await expect(page.getByRole("dialog").filter({ visible: true }), `${where}: a dialog open on load`).toHaveCount(0);
  const text = await page.locator("body").innerText();
  expect(text.match(URGENCY), `${where}: false urgency`).toBeNull();
  const controls = await page.locator("a, button, input[type=submit]").evaluateAll((elements) => elements.map((el) => (el.textContent || (el as HTMLInputElement).value || "").trim()));
  expect(controls.filter((label) => SHAMING.test(label)), `${where}: confirm-shaming`).toEqual([]);

  // Every "Only N left" is true: on a product page it is the watch's stock, on a card its product's.
  const claims = await page.getByText(/^Only \d+ left$/).evaluateAll((elements) =>
    elements.map((el) => {
      const card = el.closest("[data-testid=product-card]");
      const href = card?.getAttribute("href") ?? card?.querySelector('a[href^="/product/"]')?.getAttribute("href") ?? location.pathname;
      return { n: Number(/\d+/.exec(el.textContent ?? "")![0]), product: href.split("/")[2] };
    }),
  );
  for (const claim of claims) {
    expect(claim.n, `${where}: "Only ${claim.n} left" above 5`).toBeLessThanOrEqual(5);
    expect(stockOf.get(claim.product), `${where}: "Only ${claim.n} left" for ${claim.product}`).toBe(claim.n);
  }
  return claims.length;
}

test("no storefront page uses a dark pattern", async ({ page, request }) => {
  test.setTimeout(120_000);
  const products = await listed(request);
  const stockOf = new Map(products.map((p) => [p._id, p.stock]));
  const low = products.find((p) => p.stock !== undefined && p.stock > 0 && p.stock <= 5 && p.colours.length === 0)!;
  const plenty = products.find((p) => p.stock !== undefined && p.stock > 5 && p.colours.length === 0)!;
  const withColours = products.find((p) => p.colours.length > 0 && (p.stock ?? 1) > 0)!;

  const visitorPages = [
    "/",
    "/?tab=limited",
    "/collection",
    "/collection?sort=low-high&page=2",
    "/collection/luxury",
    "/collection/limited",
    "/new-arrivals",
    `/product/${low._id}`,
    `/product/${plenty._id}`,
    `/product/${withColours._id}`,
    `/product/${low._id}?tab=reviews`,
    "/login",
    "/about",
    "/contact",
    "/faqs",
    "/shipping-policy",
    "/refund-policy",
    "/return-policy",
    "/payment-policy",
    "/warranty-policy",
    "/terms-and-conditions",
    "/privacy-policy",
    "/review-guidelines",
    "/careers",
  ];
  let claims = 0;
  for (const path of visitorPages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    claims += await expectNoDarkPatterns(page, path, stockOf);
  }
  // The demo's low-stock watches appear on these pages, so the scarcity check had claims to test.
  expect(claims).toBeGreaterThan(0);

  // Signed in, with a watch in the cart: the cart, the checkout, the profile and the orders.
  const shopper = newShopper("dark-patterns");
  await registerWithApi(page.request, shopper);
  await page.goto("/login");
  await logInWithForm(page, shopper);
  // Signed in once the login has taken the shopper on (its own redirect), not before.
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/product/${plenty._id}`);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  if (!jsDisabled()) await expect(toast(page, "Item added to cart!")).toBeVisible();
  for (const path of ["/cart", "/profile", "/profile/data", "/profile/delete", "/orders", "/wishlist"]) {
    await page.goto(path);
    await expectNoDarkPatterns(page, path, stockOf);
  }

  // Drip pricing: the checkout asks for exactly what the cart showed, and lists no new charge.
  await page.goto("/cart");
  const cartTotal = await page.getByTestId("cart-total").textContent();
  const cartCharges = await page.getByTestId("cart-totals").locator("dt").allTextContents();
  if (!jsDisabled()) await page.route(CASHFREE_SCRIPT_URL, (route) => route.fulfill({ contentType: "application/javascript", body: "" }));
  await page.goto("/place-order");
  await expectNoDarkPatterns(page, "/place-order", stockOf);
  await expect(page.getByTestId("cart-total")).toHaveText(cartTotal!);
  expect(await page.getByTestId("cart-totals").locator("dt").allTextContents()).toEqual(cartCharges);
});
