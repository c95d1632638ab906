import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { rupees } from "./money";

/**
 * Prices of a lakh and more (issue 48 item 2; docs/decisions/0971), JavaScript on and off: the demo
 * catalogue prices Rolex, Cartier and Patek Philippe as India sells them, and the shopper reads
 * those amounts in Indian grouping (₹13,20,000, not ₹1,320,000) on the home page's cards, the
 * product page (its price and its Legal Metrology MRP) and the dearest-first collection. The
 * invoice's PDF text is tests/unit/invoices.test.ts's ("Invoice total: Rs. 6,45,000.00").
 *
 * The amounts are written out here by hand from the demo's prices (pinned in
 * tests/unit/demo-catalogue.test.ts); listproduct must still say them, so a changed catalogue fails
 * here by name before any page is read.
 */
const LAKH_PRICES = [
  { id: "w00001", rupees: 4_40_000, shown: "₹4,40,000" },
  { id: "w00005", rupees: 13_20_000, shown: "₹13,20,000" },
  { id: "w00008", rupees: 30_00_000, shown: "₹30,00,000" },
] as const;

type ApiProduct = { _id: string; name: string; price?: number; discount?: number };

async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  return (await response.json()).products;
}

/** The price a shopper pays (SPEC.md §3: price, else discount), rupees. */
const shownRupees = (product: ApiProduct) => product.price ?? product.discount ?? 0;

test("the demo's lakh-plus prices read in Indian grouping on the home page's cards", async ({ page, request }) => {
  const products = await catalogue(request);
  for (const row of LAKH_PRICES) expect(shownRupees(products.find((p) => p._id === row.id)!), row.id).toBe(row.rupees);

  await page.goto("/");
  const latest = page.getByTestId("latest-collections");
  for (const row of LAKH_PRICES) {
    await expect(latest.locator(`a[data-testid="product-card"][href="/product/${row.id}"]`)).toContainText(row.shown);
  }
  // Every card of the section, by the browser tests' own formatter (tests/e2e/money.ts).
  const cards = await latest.getByTestId("product-card").evaluateAll((links) =>
    links.map((link) => ({ id: (link.getAttribute("href") ?? "").replace("/product/", ""), text: link.textContent ?? "" })),
  );
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(card.text, card.id).toContain(rupees(Math.round(shownRupees(products.find((p) => p._id === card.id)!) * 100)));
  await expectNoAxeViolations(page);
});

test("a ₹13,20,000 Rolex's product page shows its price and MRP in Indian grouping", async ({ page }) => {
  const row = LAKH_PRICES[1];
  await page.goto(`/product/${row.id}`);
  // The price as the shopper reads it (after its screen-reader label "Price"), never ₹1,320,000.
  await expect(page.getByTestId("price")).toHaveText(new RegExp(`(^|\\s)${row.shown}$`));
  // A luxury house sells at MRP: no struck-through original, no percent off.
  await expect(page.getByTestId("price-block").locator("s")).toHaveCount(0);
  const declarations = page.getByRole("table", { name: "Product details (Legal Metrology)" });
  await expect(declarations.getByRole("row", { name: /^MRP/ })).toContainText(`${row.shown} (incl. of all taxes)`);
  await expectNoAxeViolations(page);
});

test("the collection, dearest first, opens with the catalogue's dearest watch in lakhs", async ({ page, request }) => {
  const products = await catalogue(request);
  const dearest = products.reduce((a, b) => (shownRupees(b) > shownRupees(a) ? b : a));
  expect(shownRupees(dearest)).toBeGreaterThanOrEqual(50_00_000);
  await page.goto("/collection?sort=high-low");
  const first = page.getByTestId("product-card").first();
  await expect(first).toHaveAttribute("href", `/product/${dearest._id}`);
  await expect(first).toContainText(rupees(Math.round(shownRupees(dearest) * 100)));
  await expect(first).toContainText(/₹\d{1,2},\d{2},\d{2},\d{3}|₹\d{2},\d{2},\d{3}/);
});
