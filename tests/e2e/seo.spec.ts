import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// What search engines and link previews read (issue 11 item 4): structured data, canonical links
// and preview tags rendered on the server (so they are there with JavaScript off), a sitemap and
// robots.txt — all absolute on the store's PUBLIC_URL (the e2e server's is http://localhost:PORT).

type JsonLd = Record<string, unknown> & { "@type": string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);

async function firstProduct(request: APIRequestContext) {
  const answer = await request.get("/api/product/listproduct");
  return ((await answer.json()) as { products: { _id: string; name: string; price?: number; discount?: number }[] }).products[0];
}

test.describe("found by search engines", () => {
  test("a product page: Product + Offer matching the shown price, breadcrumbs, canonical, previews", async ({ page, request, baseURL }) => {
    const product = await firstProduct(request);
    await page.goto(`/product/${product._id}`);
    const url = `${baseURL}/product/${product._id}`;
    const data = await jsonLd(page);
    const item = data.find((d) => d["@type"] === "Product") as JsonLd & {
      sku: string;
      image: string[];
      brand: { name: string };
      offers: { price: string; priceCurrency: string; availability: string; url: string };
    };
    expect(item).toMatchObject({ name: product.name, sku: product._id, url });
    expect(item.offers).toMatchObject({ priceCurrency: "INR", availability: "https://schema.org/InStock", url });
    // The offer is the price the shopper sees on the page, to the paisa.
    const shown = (await page.getByTestId("price").textContent())!.replace(/[^\d.]/g, "");
    expect(Number(item.offers.price)).toBe(Number(shown));
    expect(Number(item.offers.price)).toBe(product.price ?? product.discount);
    expect(item.image.every((image) => image.startsWith(`${baseURL}/`))).toBe(true);
    expect(item.brand.name.length).toBeGreaterThan(0);

    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as JsonLd & { itemListElement: { position: number; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2, 3, 4]);
    expect(crumbs.itemListElement.at(-1)!.item).toBe(url);

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(meta(page, "og:url")).toHaveAttribute("content", url);
    await expect(meta(page, "og:image")).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
    await expect(meta(page, "twitter:image")).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
    await expect(meta(page, "product:price:amount")).toHaveAttribute("content", item.offers.price);
    await expect(meta(page, "product:price:currency")).toHaveAttribute("content", "INR");
  });

  test("home: Organization and WebSite with a SearchAction into the collection", async ({ page, baseURL }) => {
    await page.goto("/");
    const data = await jsonLd(page);
    expect(data.find((d) => d["@type"] === "Organization")).toMatchObject({ url: `${baseURL}/` });
    expect(data.find((d) => d["@type"] === "WebSite")).toMatchObject({
      potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${baseURL}/collection?q={search_term_string}` } },
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  });

  test("a collection page: canonical keeps its page, breadcrumbs; a personal page is noindex", async ({ page, baseURL }) => {
    await page.goto("/collection?page=2");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/collection?page=2`);
    const crumbs = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs).toBeTruthy();
    await page.goto("/login");
    await expect(meta(page, "robots")).toHaveAttribute("content", /noindex/);
  });

  test("sitemap.xml leads to every product; robots.txt names it and keeps crawlers out of personal paths", async ({ request, baseURL }) => {
    const product = await firstProduct(request);
    const index = await (await request.get("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toContain(`${baseURL}/sitemap/pages`);
    const listed: string[] = [];
    for (const file of files) {
      const xml = await (await request.get(file.replace(baseURL!, ""))).text();
      listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    }
    expect(listed).toContain(`${baseURL}/product/${product._id}`);
    expect(listed).toContain(`${baseURL}/collection`);
    expect(listed.some((url) => /\/(cart|orders|login|place-order|verify|profile|wishlist)\b/.test(url))).toBe(false);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of ["/cart", "/orders", "/place-order", "/verify", "/login", "/api/"]) expect(robots).toContain(`Disallow: ${path}`);
  });
});
