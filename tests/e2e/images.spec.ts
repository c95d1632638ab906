import type { Page } from "@playwright/test";
import { launchOptions } from "./browser";
import { expect, test } from "./fixtures";

// Pictures on: these tests are about them (the other specs run without; tests/e2e/browser.ts).
test.use({ launchOptions: launchOptions(true) });

// How pages load their pictures and styles (docs/decisions/0540-lighthouse.md): the largest
// picture of the first screen is fetched first, no picture makes the layout jump, pictures further
// down wait until they are needed, and nothing but the one stylesheet holds up the first paint.

/** Lighthouse's phone (Moto G Power). */
const PHONE = { width: 412, height: 823 };

const PAGES = [
  { name: "home", path: "/" },
  { name: "a filtered collection", path: "/collection?category=Men&brand=Casio&sort=low-high" },
  { name: "a product", path: "/product/w00002" },
];

type ImageFacts = {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  top: number;
  area: number;
  boxRatio: number;
};

async function imageFacts(page: Page): Promise<ImageFacts[]> {
  return page.locator("img").evaluateAll((images) =>
    images.map((node) => {
      const img = node as HTMLImageElement;
      const box = img.getBoundingClientRect();
      return {
        src: img.getAttribute("src") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        fetchpriority: img.getAttribute("fetchpriority"),
        top: box.top + window.scrollY,
        area: box.width * box.height,
        boxRatio: box.height > 0 ? box.width / box.height : 0,
      };
    }),
  );
}

for (const { name, path } of PAGES) {
  test(`${name}: the largest picture of the first screen is fetched first, every picture has its size`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const images = await imageFacts(page);
    expect(images.length).toBeGreaterThan(0);

    for (const image of images) {
      expect(Number(image.width), `width of ${image.src}`).toBeGreaterThan(0);
      expect(Number(image.height), `height of ${image.src}`).toBeGreaterThan(0);
      // The box is laid out at the picture's shape before it loads (CSS aspect-ratio or fixed size).
      if (image.area > 0) expect(image.boxRatio, `shape of ${image.src}`).toBeCloseTo(Number(image.width) / Number(image.height), 1);
    }

    const firstScreen = images.filter((image) => image.area > 0 && image.top < PHONE.height);
    const largest = firstScreen.reduce((a, b) => (b.area > a.area ? b : a));
    expect(largest.fetchpriority, `fetchpriority of ${largest.src}`).toBe("high");
    expect(largest.loading).not.toBe("lazy");

    for (const image of images.filter((image) => image.top > 2 * PHONE.height)) {
      expect(image.loading, `loading of ${image.src} far below the fold`).toBe("lazy");
      expect(image.fetchpriority).toBeNull();
    }
  });

  test(`${name}: one stylesheet in the head and no other render-blocking resource`, async ({ page }) => {
    await page.goto(path);
    const head = await page.locator("head").evaluate((element) => ({
      stylesheets: [...element.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute("href") ?? ""),
      blockingScripts: [...element.querySelectorAll("script[src]")].filter(
        (script) => !script.hasAttribute("async") && !script.hasAttribute("defer") && script.getAttribute("type") !== "module",
      ).length,
      styleImports: [...element.querySelectorAll("style")].filter((style) => /@import/.test(style.textContent ?? "")).length,
    }));
    expect(head.stylesheets).toHaveLength(1);
    expect(head.blockingScripts).toBe(0);
    expect(head.styleImports).toBe(0);
    expect(await page.locator("body link[rel=stylesheet], body style").count()).toBe(0);
  });
}

test("every page's scripts are preloaded at low priority, so the stylesheet and pictures come first (decision 0830)", async ({ request }) => {
  test.skip(test.info().project.name !== "js", "reads the served HTML only; once is enough");
  for (const { path } of PAGES) {
    const html = await (await request.get(path)).text();
    const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(preloads.length, path).toBeGreaterThan(2);
    for (const link of preloads) expect(link, path).toMatch(/\bfetchPriority="low"/i);
    // The first screen's largest picture keeps its high priority (the test above).
    expect(html, path).toMatch(/<img\b[^>]*fetchPriority="high"/i);
  }
});

test("pictures, the stylesheet and built scripts are cached for a year, as immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const picture = /<img\b[^>]*\bsrc="(\/images\/watch\/[^"]+)"/.exec(html)?.[1];
  const stylesheet = /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
  const script = /<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/.exec(html)?.[1];
  for (const url of [picture, stylesheet, script]) {
    expect(url).toBeTruthy();
    const response = await request.get(url!);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["cache-control"], url).toMatch(/max-age=31536000/);
    expect(response.headers()["cache-control"], url).toMatch(/immutable/);
  }
});
