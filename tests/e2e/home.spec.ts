import type { APIRequestContext, Page } from "@playwright/test";
import { toast } from "./auth";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { CHECK_INBOX, CONSENT_VERSION, CONSENT_WORDS } from "./newsletter-words";

type ApiProduct = { _id: string; name: string; bestseller: boolean };

async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/product/listproduct");
  expect(response.ok()).toBe(true);
  return (await response.json()).products;
}

/** The product ids the cards of a home section link to, in order. */
async function cardIds(page: Page, section: string): Promise<string[]> {
  const hrefs = await page.getByTestId(section).getByTestId("product-card").evaluateAll((links) =>
    links.map((link) => link.getAttribute("href") ?? ""),
  );
  return hrefs.map((href) => href.replace("/product/", ""));
}

test.describe("home page", () => {
  test("shows the hero word for word, and SHOP NOW goes to /collection", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByText("PREMIUM COLLECTION", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover Our Latest Arrivals");
    await expect(
      hero.getByText("Explore our handpicked selection of premium products designed for modern lifestyles", { exact: true }),
    ).toBeVisible();
    await expect(hero.getByTestId("hero-image-link")).toHaveAttribute("href", "/collection");
    await hero.getByRole("link", { name: "SHOP NOW" }).click();
    await expect(page).toHaveURL(/\/collection$/);
  });

  test("the hero image also goes to /collection", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("hero-image-link").click();
    await expect(page).toHaveURL(/\/collection$/);
  });

  test("shows ten luxury brands, the first 10 products as latest, and the first 10 bestsellers", async ({ page, request }) => {
    const products = await catalogue(request);
    await page.goto("/");
    await expect(page.getByTestId("brand-strip").getByRole("listitem")).toHaveCount(10);

    const latest = page.getByTestId("latest-collections");
    await expect(latest.getByRole("heading", { name: "Latest Collections" })).toBeVisible();
    expect(await cardIds(page, "latest-collections")).toEqual(products.slice(0, 10).map((p) => p._id));
    await expect(latest.getByRole("link", { name: "View Collection" })).toHaveAttribute("href", "/collection");

    const bestSellers = page.getByTestId("best-sellers");
    await expect(bestSellers.getByRole("heading", { name: "Our Best Sellers" })).toBeVisible();
    const expectedBest = products.filter((p) => p.bestseller).slice(0, 10).map((p) => p._id);
    expect(expectedBest.length).toBeGreaterThan(0);
    expect(await cardIds(page, "best-sellers")).toEqual(expectedBest);
    await expect(page.getByTestId("bestsellers-skeleton")).toHaveCount(0);
    await expect(bestSellers.getByRole("link", { name: "Shop Best Sellers" })).toHaveAttribute("href", /^\/collection/);

    await expect(page.getByTestId("customer-experience").getByRole("listitem")).toHaveCount(4);
  });

  test("a card opens its product", async ({ page, request }) => {
    const [first] = await catalogue(request);
    await page.goto("/");
    await page.getByTestId("latest-collections").getByTestId("product-card").first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${first._id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
  });

  test("the category tabs are there, in SPEC.md's order, All chosen (what they do: home-tabs.spec.ts)", async ({ page }) => {
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Latest arrivals by category" }).getByRole("link");
    await expect(tabs).toHaveText(["All", "Watches", "Accessories", "Limited Edition"]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  });

  test("the newsletter box shows the words agreed to and answers every address alike (issue 24 item 3)", async ({ page }) => {
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    const email = newsletter.getByLabel("Email address");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(newsletter.getByTestId("newsletter-consent")).toHaveText(CONSENT_WORDS);
    await expect(newsletter.getByRole("checkbox")).toHaveCount(0);

    await email.fill(`home-${Date.now()}@example.in`);
    await newsletter.getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(toast(page, CHECK_INBOX)).toBeVisible();
    // Back on the home page, whole, with no error.
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover Our Latest Arrivals");
    await expect(page.getByTestId("latest-collections").getByTestId("product-card")).toHaveCount(10);
    await expect(page.getByText(/something went wrong/i)).toHaveCount(0);
  });

  test("the newsletter refuses a malformed email", async ({ page, request }) => {
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    const email = newsletter.getByLabel("Email address");
    await email.fill("not-an-email");
    await newsletter.getByRole("button", { name: "SUBSCRIBE" }).click();
    // The browser's own validation keeps the form from being sent.
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    // A post that skips the browser's check gets the sentence and a 400.
    const forged = await request.post("/newsletter", { form: { email: "nope", consentVersion: CONSENT_VERSION, redirectTo: "/" } });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("Please enter a valid email address.");
  });

  test("the newsletter's answer to a forged post is a message, not an error page", async ({ request }) => {
    const response = await request.post("/?index", { form: { intent: "newsletter", email: "nope" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Discover Our Latest Arrivals");
    const unknown = await request.post("/?index", { form: { intent: "delete-everything" } });
    expect(unknown.status()).toBe(400);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});
