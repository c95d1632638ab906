import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * The home page's category tabs (issue 24 item 4; docs/decisions/0730), JavaScript on and off:
 * real links that filter the latest arrivals, the chosen one `aria-current="page"`, bookmarkable.
 * The expected rows come from the Store API's listproduct (catalogue order), filtered here by the
 * tab's rule: Limited Edition is ₹10,000 and up (SPEC.md's /collection/limited), Accessories none
 * (the store sells watches only), All and Watches the first ten.
 */

type ListedProduct = { _id: string; price: number };

async function catalogue(page: Page): Promise<ListedProduct[]> {
  const answer = (await (await page.request.get("/api/product/listproduct")).json()) as { products: ListedProduct[] };
  return answer.products;
}

const latestIds = (page: Page) =>
  page
    .getByTestId("latest-collections")
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!.split("/").pop()!))]);

test("the category tabs filter the latest arrivals, as links", async ({ page }) => {
  const products = await catalogue(page);
  const firstTen = products.slice(0, 10).map((p) => p._id);
  const limited = products.filter((p) => p.price >= 10_000).slice(0, 10).map((p) => p._id);
  expect(limited.length).toBeGreaterThan(0);

  await page.goto("/");
  const tabs = page.getByRole("navigation", { name: "Latest arrivals by category" });
  await expect(tabs.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await latestIds(page)).toEqual(firstTen);

  await tabs.getByRole("link", { name: "Limited Edition" }).click();
  await expect(page).toHaveURL("/?tab=limited#latest");
  await expect(tabs.getByRole("link", { name: "Limited Edition" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current", /.*/);
  await expect.poll(() => latestIds(page)).toEqual(limited);
  await expect(page.getByTestId("latest-collections").getByRole("link", { name: "View Collection" })).toHaveAttribute("href", "/collection/limited");
  await expectNoAxeViolations(page);

  await tabs.getByRole("link", { name: "Accessories" }).click();
  await expect(page).toHaveURL("/?tab=accessories#latest");
  await expect(page.getByTestId("tab-empty")).toHaveText("We sell watches only for now: there are no accessories in the store yet. See all watches");
  await expect(page.getByTestId("tab-empty").getByRole("link", { name: "See all watches" })).toHaveAttribute("href", "/collection");

  await tabs.getByRole("link", { name: "Watches", exact: true }).click();
  await expect(page).toHaveURL("/?tab=watches#latest");
  await expect.poll(() => latestIds(page)).toEqual(firstTen);

  await tabs.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL("/#latest");
  await expect.poll(() => latestIds(page)).toEqual(firstTen);
});

test("a bookmarked tab opens on it, and a made-up one shows All", async ({ page }) => {
  const products = await catalogue(page);
  await page.goto("/?tab=limited");
  await expect(page.getByRole("navigation", { name: "Latest arrivals by category" }).getByRole("link", { name: "Limited Edition" })).toHaveAttribute("aria-current", "page");
  expect(await latestIds(page)).toEqual(products.filter((p) => p.price >= 10_000).slice(0, 10).map((p) => p._id));

  const response = await page.goto("/?tab=%3Cscript%3E");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("navigation", { name: "Latest arrivals by category" }).getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
});
