import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, jsDisabled, test } from "./fixtures";
import { rupees } from "./money";

// Expectations come from GET /api/product/listproduct and the rules of SPEC §5/§9 written out here
// independently of the store's code, so the spec holds for any catalogue.

type ApiProduct = {
  _id: string;
  name: string;
  price?: number;
  discount?: number;
  category: string;
  subCategory: string;
  sold: number;
  createdAt: string;
};
type Filters = { q?: string; categories?: string[]; brands?: string[]; min?: number; max?: number; sort?: string };

const PAGE = 25;

async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  return (await response.json()).products;
}

const shownPrice = (p: ApiProduct) => p.price ?? p.discount ?? 0;

/**
 * The products a shopper should see for these filters, in order (SPEC §5, §9). With no price given
 * every price is in (issue 48: the default range is the catalogue's, not SPEC §9's 0–10000).
 */
function expected(products: ApiProduct[], f: Filters = {}): ApiProduct[] {
  const [min, max] = [f.min ?? 0, f.max ?? Number.POSITIVE_INFINITY];
  const found = products.filter(
    (p) =>
      p.name.toLowerCase().includes((f.q ?? "").toLowerCase()) &&
      (!f.categories?.length || f.categories.includes(p.category)) &&
      (!f.brands?.length || f.brands.includes(p.subCategory)) &&
      shownPrice(p) >= min &&
      shownPrice(p) <= max,
  );
  const keyed = found.map((p, i) => ({ p, i }));
  const key: Record<string, (p: ApiProduct) => number> = {
    relevant: () => 0,
    "low-high": (p) => shownPrice(p),
    "high-low": (p) => -shownPrice(p),
    newest: (p) => -Date.parse(p.createdAt),
    bestselling: (p) => -p.sold,
  };
  const by = key[f.sort ?? "relevant"];
  keyed.sort((a, b) => by(a.p) - by(b.p) || a.i - b.i);
  return keyed.map(({ p }) => p);
}

const ids = (products: ApiProduct[]) => products.map((p) => p._id);

/** What the price boxes show with no bound set: the catalogue's lowest price rounded down, its highest rounded up (whole rupees). */
function shownBounds(products: ApiProduct[]): { min: number; max: number } {
  const prices = products.map(shownPrice);
  return { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) };
}

/**
 * A price window in whole rupees over `set`'s watches: from just below the cheapest to the
 * median's price, never 0 and never one of the shown bounds (either would be no bound and leave
 * the URL, decision 0970), so it keeps at least the cheapest of `set`.
 */
function priceWindow(products: ApiProduct[], set: ApiProduct[]): { min: number; max: number } {
  const prices = set.map(shownPrice).sort((a, b) => a - b);
  const bounds = shownBounds(products);
  let min = Math.max(1, Math.floor(prices[0]) - 1);
  if (min === bounds.min) min = Math.max(1, min - 1);
  let max = Math.ceil(prices[Math.floor((prices.length - 1) / 2)]);
  if (max === bounds.max) max += 1;
  return { min, max };
}

/** The count line for `want`: "Showing 1 - 25 of 40 products", or nothing when no watch matches. */
const countLine = (want: ApiProduct[]) => (want.length > 0 ? countText(1, Math.min(PAGE, want.length), want.length) : "");
const countText = (from: number, to: number, total: number) => `Showing ${from} - ${to} of ${total} products`;

/** The product ids the grid's cards link to, in order, once no navigation is pending. */
async function cardIds(page: Page): Promise<string[]> {
  await expect(page.getByTestId("collection-skeleton")).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const hrefs = await page.getByTestId("product-grid").getByTestId("product-card").evaluateAll((links) =>
    links.map((link) => link.getAttribute("href") ?? ""),
  );
  return hrefs.map((href) => href.replace("/product/", ""));
}

/** With JavaScript, waits until React has hydrated (changes then apply by themselves). */
async function ready(page: Page) {
  if (!jsDisabled()) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Applies the filter panel: by itself with JavaScript, with the Apply filters button without. */
async function applyFilters(page: Page) {
  if (jsDisabled()) await page.getByRole("button", { name: "Apply filters" }).click();
}

const main = (page: Page) => page.getByRole("main");
const searchBox = (page: Page) => main(page).getByRole("searchbox", { name: "Search watches" });
const brandLabel = (brand: string) => (brand === "PatekPhilippe" ? "Patek Philippe" : brand);
/** A filter option's checkbox by its label, whatever its count: "Men (12)" (issue 10 item 2). */
const filterOption = (page: Page, label: string) =>
  main(page).getByRole("checkbox", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+\\)$`) });

/** A brand and category pair with at least `n` watches. */
function busyPair(products: ApiProduct[], n: number): { brand: string; category: string } {
  for (const category of ["Women", "Men", "Couple"]) {
    for (const brand of ["Casio", "Seiko", "Fossil", "Tissot", "Rado", "Rolex", "Cartier", "PatekPhilippe"]) {
      if (expected(products, { categories: [category], brands: [brand] }).length >= n) return { brand, category };
    }
  }
  throw new Error("the catalogue has no brand and category pair that busy");
}

test.describe("collection", () => {
  test("lists the first 25 of every watch with the count of all; the price boxes show the catalogue's range", async ({ page, request }) => {
    const products = await catalogue(request);
    const all = expected(products);
    // Issue 48: no watch is left out by price (SPEC §9's 0–10000 hid the dearer ones).
    expect(all.length).toBe(products.length);
    await page.goto("/collection");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ALL COLLECTIONS");
    await expect(page.getByTestId("result-count")).toHaveText(countText(1, Math.min(PAGE, all.length), all.length));
    await expect.poll(() => cardIds(page)).toEqual(ids(all.slice(0, PAGE)));
    await expect(main(page).getByRole("checkbox", { checked: true })).toHaveCount(0);
    const bounds = shownBounds(products);
    await expect(page.getByLabel("Min price (₹)")).toHaveValue(String(bounds.min));
    await expect(page.getByLabel("Max price (₹)")).toHaveValue(String(bounds.max));
    await expect(page.getByTestId("active-filters")).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/collection$/);
    await expectNoAxeViolations(page);
  });

  test("a shared URL shows exactly its filters, price range and sort", async ({ page, request }) => {
    const products = await catalogue(request);
    const { brand, category } = busyPair(products, 2);
    const { min, max } = priceWindow(products, expected(products, { categories: [category], brands: [brand] }));
    const filters = { categories: [category], brands: [brand], min, max, sort: "low-high" };
    const want = expected(products, filters);
    expect(want.length).toBeGreaterThan(0);
    await page.goto(`/collection?category=${category}&brand=${brand}&min=${min}&max=${max}&sort=low-high`);
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}&min=${min}&max=${max}&sort=low-high$`));
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    await expect(page.getByTestId("result-count")).toHaveText(countText(1, Math.min(PAGE, want.length), want.length));
    await expect(filterOption(page, category)).toBeChecked();
    await expect(filterOption(page, brandLabel(brand))).toBeChecked();
    await expect(main(page).getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(page.getByLabel("Min price (₹)")).toHaveValue(String(min));
    await expect(page.getByLabel("Max price (₹)")).toHaveValue(String(max));
    await expect(page.getByLabel("Sort by")).toHaveValue("low-high");
    const chips = page.getByTestId("active-filters").getByRole("link", { name: /^Remove filter:/ });
    // Each chip's text says what it removes (issue 9 item 2: "Remove filter: " is visually hidden).
    await expect(chips).toHaveText([category, brandLabel(brand), `Min ${rupees(min * 100)}`, `Max ${rupees(max * 100)}`].map((chip) => `Remove filter: ${chip}`));
    await expectNoAxeViolations(page);
  });

  test("a bookmarked ?max=10000 still narrows to the watches at ₹10,000 or less, with its chip", async ({ page, request }) => {
    const products = await catalogue(request);
    const want = expected(products, { max: 10_000 });
    expect(want.length).toBeLessThan(products.length);
    await page.goto("/collection?max=10000");
    await expect(page).toHaveURL(/\/collection\?max=10000$/);
    await expect(page.getByTestId("result-count")).toHaveText(countLine(want));
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    await expect(page.getByLabel("Min price (₹)")).toHaveValue(String(shownBounds(products).min));
    await expect(page.getByLabel("Max price (₹)")).toHaveValue("10000");
    await expect(page.getByTestId("active-filters").getByRole("link", { name: /^Remove filter:/ })).toHaveText(["Remove filter: Max ₹10,000"]);
  });

  test("the filter form sent untouched keeps every watch; a changed box is the only bound in the URL", async ({ page, request }) => {
    const products = await catalogue(request);
    const bounds = shownBounds(products);
    await page.goto("/collection");
    await ready(page);
    // Sent as it is: without JavaScript the boxes' catalogue bounds go in the query and the server
    // leaves them out; with JavaScript the page finds nothing changed (decision 0970).
    if (jsDisabled()) await page.getByRole("button", { name: "Apply filters" }).click();
    else await page.getByLabel("Max price (₹)").press("Enter");
    await expect(page).toHaveURL(/\/collection$/);
    await expect(page.getByTestId("result-count")).toHaveText(countLine(products));
    await expect(page.getByLabel("Min price (₹)")).toHaveValue(String(bounds.min));
    await expect(page.getByLabel("Max price (₹)")).toHaveValue(String(bounds.max));
    await expect(page.getByTestId("active-filters")).toHaveCount(0);

    // Only the lower box changed: the upper one still shows the dearest price and is no bound.
    const { min } = priceWindow(products, products);
    await page.getByLabel("Min price (₹)").fill(String(min));
    if (jsDisabled()) await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/collection\\?min=${min}$`));
    await expect(page.getByTestId("result-count")).toHaveText(countLine(expected(products, { min })));
    await expect(page.getByLabel("Max price (₹)")).toHaveValue(String(bounds.max));
    await expect(page.getByTestId("active-filters").getByRole("link", { name: /^Remove filter:/ })).toHaveText([`Remove filter: Min ${rupees(min * 100)}`]);
  });

  test("a hand-typed or bad URL is sent to its canonical form", async ({ page }) => {
    await page.goto("/collection?brand=casio&category=men&min=abc&max=-4&sort=cheapest&page=0");
    await expect(page).toHaveURL(/\/collection\?category=Men&brand=Casio$/);
    await page.goto("/collection?min=9000&max=2000");
    await expect(page).toHaveURL(/\/collection\?min=2000&max=9000$/);
  });

  test("searches by name, any case, from the search box", async ({ page, request }) => {
    const products = await catalogue(request);
    // A word from a watch's name, typed in capitals: the match ignores case (SPEC §5).
    const word = expected(products)[2].name.split(" ")[1].toUpperCase();
    const want = expected(products, { q: word });
    await page.goto("/collection");
    await ready(page);
    await searchBox(page).fill(word);
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/collection\\?q=${encodeURIComponent(word)}$`));
    await expect(page.getByTestId("result-count")).toHaveText(countText(1, Math.min(PAGE, want.length), want.length));
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    await expect(searchBox(page)).toHaveValue(word);
  });

  test("shows the header's search text (q) in the search box", async ({ page }) => {
    await page.goto("/collection?q=Seiko");
    await expect(searchBox(page)).toHaveValue("Seiko");
  });

  test("filters, price and sort from the form; Apply without JavaScript", async ({ page, request }) => {
    const products = await catalogue(request);
    const { brand, category } = busyPair(products, 2);
    const { min, max } = priceWindow(products, expected(products, { categories: [category], brands: [brand] }));
    await page.goto("/collection");
    await ready(page);

    await filterOption(page, category).check();
    await applyFilters(page);
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}$`));
    await expect.poll(() => cardIds(page)).toEqual(ids(expected(products, { categories: [category] }).slice(0, PAGE)));

    await filterOption(page, brandLabel(brand)).check();
    await applyFilters(page);
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}$`));

    await page.getByLabel("Min price (₹)").fill(String(min));
    await page.getByLabel("Max price (₹)").fill(String(max));
    await applyFilters(page);
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}&min=${min}&max=${max}$`));

    await page.getByLabel("Sort by").selectOption("high-low");
    if (jsDisabled()) await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}&min=${min}&max=${max}&sort=high-low$`));
    const want = expected(products, { categories: [category], brands: [brand], min, max, sort: "high-low" });
    // The URL changes when the new page commits, before its cards have all arrived: poll, don't read once.
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    await expect(page.getByTestId("result-count")).toHaveText(countText(1, Math.min(PAGE, want.length), want.length));
  });

  test("Apply buttons show only without JavaScript", async ({ page }) => {
    await page.goto("/collection");
    await ready(page);
    const apply = page.getByRole("button", { name: "Apply", exact: true });
    if (jsDisabled()) await expect(apply).toBeVisible();
    else await expect(apply).toBeHidden();
  });

  test("each chip removes its one filter; Clear all removes every one", async ({ page, request }) => {
    const products = await catalogue(request);
    const { brand, category } = busyPair(products, 1);
    const other = brand === "Casio" ? "Seiko" : "Casio";
    // ₹1,000 is a bound the shopper set, unless it is the catalogue's own lowest price (then it is none).
    expect(shownBounds(products).min).not.toBe(1000);
    await page.goto(`/collection?category=${category}&brand=${brand}&brand=${other}&min=1000&sort=newest`);
    await page.getByRole("link", { name: `Remove filter: ${other}` }).click();
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}&min=1000&sort=newest$`));
    await expect(filterOption(page, other)).not.toBeChecked();
    await expect(filterOption(page, brandLabel(brand))).toBeChecked();

    await page.getByRole("link", { name: "Remove filter: Min ₹1,000" }).click();
    await expect(page).toHaveURL(new RegExp(`/collection\\?category=${category}&brand=${brand}&sort=newest$`));
    await expect(page.getByLabel("Min price (₹)")).toHaveValue(String(shownBounds(products).min));
    await expect.poll(() => cardIds(page)).toEqual(ids(expected(products, { categories: [category], brands: [brand], sort: "newest" }).slice(0, PAGE)));

    await page.getByRole("link", { name: "Clear all", exact: true }).click();
    await expect(page).toHaveURL(/\/collection$/);
    await expect(main(page).getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expect(page.getByTestId("active-filters")).toHaveCount(0);
  });

  test("pages through the results with real links; a filter change returns to page 1", async ({ page, request }) => {
    const all = expected(await catalogue(request));
    const pages = Math.ceil(all.length / PAGE);
    test.skip(pages < 3, "needs a catalogue of at least 51 watches");
    await page.goto("/collection");
    await ready(page);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByRole("link", { name: `Page ${pages}`, exact: true })).toHaveAttribute("href", `/collection?page=${pages}`);

    await pager.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\/collection\?page=2$/);
    await expect(page.getByTestId("result-count")).toHaveText(countText(26, Math.min(50, all.length), all.length));
    await expect.poll(() => cardIds(page)).toEqual(ids(all.slice(25, 50)));
    await expect(pager.locator('[aria-current="page"]:visible')).toHaveText("Page 2");

    // The address changes before the new page is drawn (React renders it after the router's
    // history push; 360 ms later on a busy run): the pager is read once it shows the page, so no
    // click lands on the last page's "Previous page" (CI saw one go to page 1).
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/collection\?page=3$/);
    await expect(pager.locator('[aria-current="page"]:visible')).toHaveText("Page 3");
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/collection\?page=2$/);
    await expect(pager.locator('[aria-current="page"]:visible')).toHaveText("Page 2");

    await filterOption(page, "Men").check();
    await applyFilters(page);
    await expect(page).toHaveURL(/\/collection\?category=Men$/);
  });

  test("a page past the end shows the last page", async ({ page, request }) => {
    const all = expected(await catalogue(request));
    const last = Math.max(1, Math.ceil(all.length / PAGE));
    await page.goto("/collection?page=999");
    await expect(page).toHaveURL(last > 1 ? new RegExp(`/collection\\?page=${last}$`) : /\/collection$/);
    await expect(page.getByTestId("result-count")).toHaveText(countText((last - 1) * PAGE + 1, all.length, all.length));
  });

  test("no matches: 'No watches found' and Clear all filters", async ({ page }) => {
    await page.goto("/collection?q=no-such-watch-anywhere");
    await expect(page.getByRole("heading", { name: "No watches found" })).toBeVisible();
    await expect(page.getByTestId("product-grid")).toHaveCount(0);
    await expect(page.getByTestId("result-count")).toHaveText("");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/collection$/);
    await expect(page.getByTestId("product-grid").getByTestId("product-card")).toHaveCount(PAGE);
  });

  test("small screens: filters behind a toggle, pager as 'page / total'", async ({ page, request }) => {
    const all = expected(await catalogue(request));
    const pages = Math.ceil(all.length / PAGE);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/collection?page=2");
    const panel = page.getByTestId("filter-panel");
    await expect(panel).toBeHidden();
    await page.locator("summary", { hasText: "FILTERS" }).click();
    await expect(panel).toBeVisible();
    await expect(filterOption(page, "Women")).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText(`2 / ${pages}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "First page" })).toHaveAttribute("href", "/collection");
    await expectNoAxeViolations(page);
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/collection\?page=3$/);
  });

  test("collapsible filter sections close and open without JavaScript", async ({ page }) => {
    await page.goto("/collection");
    const brands = filterOption(page, "Rolex");
    await expect(brands).toBeVisible();
    await page.locator("summary", { hasText: "Brands" }).click();
    await expect(brands).toBeHidden();
    await page.locator("summary", { hasText: "Brands" }).click();
    await expect(brands).toBeVisible();
  });
});

test.describe("curated collections and new arrivals", () => {
  test("every COLLECTION menu link and NEW ARRIVALS is a real page with its own heading", async ({ page }) => {
    const pages: [string, string][] = [
      ["/collection/luxury", "Luxury Watches"],
      ["/collection/sport", "Sport Watches"],
      ["/collection/smart", "Smart Watches"],
      ["/collection/classic", "Classic Watches"],
      ["/collection/limited", "Limited Edition"],
      ["/new-arrivals", "New Arrivals"],
    ];
    for (const [path, title] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByTestId("product-grid").getByTestId("product-card").first()).toBeVisible();
    }
    const response = await page.goto("/collection/no-such-collection");
    expect(response?.status()).toBe(404);
  });

  test("luxury lists the luxury houses at every price, dearest first", async ({ page, request }) => {
    const products = await catalogue(request);
    const brands = ["Rolex", "PatekPhilippe", "Cartier", "Rado"];
    const want = expected(products, { brands, max: Number.MAX_SAFE_INTEGER, sort: "high-low" });
    await page.goto("/collection/luxury");
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    await expect(page.getByTestId("result-count")).toHaveText(countText(1, Math.min(PAGE, want.length), want.length));
    await expectNoAxeViolations(page);
  });

  test("new arrivals lists the newest first and pages on its own path", async ({ page, request }) => {
    const want = expected(await catalogue(request), { sort: "newest" });
    await page.goto("/new-arrivals");
    await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(0, PAGE)));
    if (want.length > PAGE) {
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
      await expect(page).toHaveURL(/\/new-arrivals\?page=2$/);
      await expect.poll(() => cardIds(page)).toEqual(ids(want.slice(PAGE, 2 * PAGE)));
    }
  });

  test("refining a curated page continues on /collection from its filters", async ({ page }) => {
    await page.goto("/collection/sport");
    await ready(page);
    await filterOption(page, "Men").check();
    await applyFilters(page);
    await expect(page).toHaveURL(/\/collection\?category=Men&brand=Casio&brand=Seiko&brand=Tissot&sort=bestselling$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ALL COLLECTIONS");
  });
});

test.describe("pending UI", () => {
  test("the 25-card skeleton shows while a slow client-side navigation loads, never in the HTML", async ({ page, request }) => {
    const html = await (await request.get("/collection")).text();
    expect(html).not.toContain("collection-skeleton");
    test.skip(jsDisabled(), "a client-side navigation needs JavaScript");

    await page.goto("/collection");
    await ready(page);
    // Hold the data requests until the skeleton has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/collection\?.*_data=/, async (route) => {
      await released;
      await route.continue();
    });
    await filterOption(page, "Women").check();
    const skeleton = page.getByTestId("collection-skeleton");
    await expect(skeleton).toBeVisible();
    await expect(skeleton.locator("li")).toHaveCount(PAGE);
    await expect(filterOption(page, "Women")).toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "Loading watches…" })).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/collection\?category=Women$/);
    await expect(skeleton).toBeHidden();
    await expect(page.getByTestId("product-grid")).toBeVisible();
  });
});
