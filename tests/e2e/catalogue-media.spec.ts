import { launchOptions } from "./browser";
import { expect, test } from "./fixtures";

// Pictures on: these tests are about them (the other specs run without; tests/e2e/browser.ts).
test.use({ launchOptions: launchOptions(true) });

// The demo catalogue's own media (docs/decisions/0101, 0102): drawn SVG pictures and shipped clips.

test("product cards show the store's own watch pictures, drawn and decoded by the browser", async ({ page }) => {
  await page.goto("/");
  const pictures = page.locator('[data-testid="product-card"] img');
  await expect(pictures.first()).toBeVisible();
  const first = pictures.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute("src", /^\/images\/watch\/[a-z0-9-]+-front\.svg$/);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
});

test("a picture is served as cacheable SVG; an unknown picture is a 404", async ({ request }) => {
  const response = await request.get("/images/watch/tissot-cushion-steel-blue-bracelet-stick-date-front.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await response.text()).toContain("TISSOT");

  const unknown = await request.get("/images/watch/tissot-cushion-steel-blue-bracelet-stick-date-side.svg");
  expect(unknown.status()).toBe(404);
});

test("the listproduct answer carries the demo catalogue: pictures, and a video with its poster", async ({ request }) => {
  const answer = (await (await request.get("/api/product/listproduct")).json()) as {
    success: boolean;
    products: { _id: string; image: string[]; video?: string[]; videoPoster?: string }[];
  };
  expect(answer.success).toBe(true);
  expect(answer.products.length).toBeGreaterThanOrEqual(120);
  const withVideo = answer.products.find((p) => (p.video ?? []).length > 0);
  expect(withVideo?.image.length).toBeGreaterThanOrEqual(3);

  const video = await request.get(withVideo!.video![0]);
  expect(video.status()).toBe(200);
  expect(video.headers()["content-type"]).toBe("video/mp4");
  expect((await video.body()).length).toBeLessThan(200 * 1024);
  const poster = await request.get(withVideo!.videoPoster!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/jpeg");
});
