import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";

// Facet counts (issue 10 item 2): every Category and Brand option says how many products it would
// give, computed disjunctively — an option's count applies the other group's selection, the search
// and the price range, plus the option itself. The expected counts are computed here from
// GET /api/product/listproduct and SPEC §5's rules, independently of the store's code.

type ApiProduct = { _id: string; name: string; price?: number; discount?: number; category: string; subCategory: string };
type Filters = { q?: string; categories?: string[]; brands?: string[]; min?: number; max?: number };

const CATEGORIES = ["Men", "Women", "Couple"];
const BRANDS = ["Rolex", "Casio", "Seiko", "Fossil", "Rado", "PatekPhilippe", "Cartier", "Tissot"];
const brandLabel = (brand: string) => (brand === "PatekPhilippe" ? "Patek Philippe" : brand);

async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  return (await response.json()).products;
}

function count(products: ApiProduct[], f: Filters): number {
  // No price given: every price (issue 48: the default range is the catalogue's).
  const [min, max] = [f.min ?? 0, f.max ?? Number.POSITIVE_INFINITY];
  return products.filter((p) => {
    const price = p.price ?? p.discount ?? 0;
    return (
      p.name.toLowerCase().includes((f.q ?? "").toLowerCase()) &&
      (!f.categories?.length || f.categories.includes(p.category)) &&
      (!f.brands?.length || f.brands.includes(p.subCategory)) &&
      price >= min &&
      price <= max
    );
  }).length;
}

/** "Men (12)", "Patek Philippe (3)": each option's label as the panel should show it. */
function expectedLabels(products: ApiProduct[], f: Filters) {
  return {
    categories: CATEGORIES.map((c) => `${c} (${count(products, { ...f, categories: [c] })})`),
    brands: BRANDS.map((b) => `${brandLabel(b)} (${count(products, { ...f, brands: [b] })})`),
  };
}

const panel = (page: Page) => page.getByTestId("filter-panel");
const group = (page: Page, name: "Categories" | "Brands") => panel(page).getByRole("group", { name });
const option = (page: Page, label: string) =>
  panel(page).getByRole("checkbox", { name: new RegExp(`^${label} \\(\\d+\\)$`) });

async function expectCounts(page: Page, products: ApiProduct[], f: Filters) {
  const want = expectedLabels(products, f);
  await expect(group(page, "Categories").locator("label")).toHaveText(want.categories);
  await expect(group(page, "Brands").locator("label")).toHaveText(want.brands);
}

test.describe("facet counts", () => {
  test("each option shows what it would give, disjunctively, and follows the filters", async ({ page, request }) => {
    const products = await catalogue(request);
    await page.goto("/collection?brand=Casio");
    await expectCounts(page, products, { brands: ["Casio"] });
    // The selected brand's own group still counts every brand (disjunctive): Seiko is not 0.
    expect(count(products, { brands: ["Seiko"] })).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    if (!jsDisabled()) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await option(page, "Men").check();
    if (jsDisabled()) await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/collection\?category=Men&brand=Casio$/);
    await expectCounts(page, products, { categories: ["Men"], brands: ["Casio"] });
  });

  test("the counts follow the price range: every watch by default, ₹10,000 or less under ?max=10000", async ({ page, request }) => {
    const products = await catalogue(request);
    await page.goto("/collection");
    await expectCounts(page, products, {});
    // With no price given the brands' counts add up to the whole catalogue (every demo brand is one of the eight).
    expect(BRANDS.reduce((sum, b) => sum + count(products, { brands: [b] }), 0)).toBe(products.length);
    await page.goto("/collection?max=10000");
    await expectCounts(page, products, { max: 10_000 });
  });

  test("an option that would give nothing is disabled unless selected", async ({ page, request }) => {
    const products = await catalogue(request);
    // A search that only one brand's watches match: every other brand would give 0.
    const casio = products.find((p) => p.subCategory === "Casio")!;
    const q = casio.name.split(" ").slice(0, 3).join(" ");
    const f = { q };
    const brandsWithNone = BRANDS.filter((b) => count(products, { ...f, brands: [b] }) === 0);
    expect(brandsWithNone.length).toBeGreaterThan(0);
    await page.goto(`/collection?q=${encodeURIComponent(q)}`);
    await expectCounts(page, products, f);
    for (const brand of brandsWithNone) await expect(option(page, brandLabel(brand))).toBeDisabled();
    await expect(option(page, "Casio")).toBeEnabled();

    // Selected, a 0 option stays enabled so it can be cleared.
    const none = brandsWithNone[0];
    await page.goto(`/collection?q=${encodeURIComponent(q)}&brand=${none}`);
    await expect(page.getByRole("heading", { name: "No watches found" })).toBeVisible();
    await expect(option(page, brandLabel(none))).toBeChecked();
    await expect(option(page, brandLabel(none))).toBeEnabled();
    await expectCounts(page, products, { q, brands: [none] });
    await expectNoAxeViolations(page);
  });
});
