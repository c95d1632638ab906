import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE_END, DEMO_VIDEO_PRODUCT_IDS, generateDemoCatalogue } from "~/db/demo-catalogue";
import { BRANDS, CATEGORIES, DEFAULT_PRICE_MAX } from "~/constants/store";
import { parseWatchImageFile, watchImageUrl } from "~/lib/watch-face";
import { productJsonSchema } from "~/schemas/product";
import { validateCatalogue } from "~/services/catalogue.server";

const catalogue = generateDemoCatalogue();
const YEAR_MS = 365 * 86_400_000;
/** The price a shopper pays (SPEC.md §3: price, else discount), in rupees. */
const shownPrice = (p: (typeof catalogue)[number]) => Number(p.price === "" || p.price === undefined ? p.discount : p.price);

describe("the demo catalogue (issue: the real input)", () => {
  it("has 120 products by default, every one valid in the listproduct shape, ids unique and URL-safe", () => {
    expect(catalogue).toHaveLength(120);
    for (const product of catalogue) expect(productJsonSchema.safeParse(product).success, product._id).toBe(true);
    expect(validateCatalogue(catalogue)).toMatchObject({ ok: true });
    const ids = catalogue.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]{1,16}$/);
  });

  it("is deterministic, and a smaller catalogue is the start of a larger one", () => {
    expect(generateDemoCatalogue()).toEqual(catalogue);
    expect(generateDemoCatalogue(300).slice(0, 120)).toEqual(catalogue);
    expect(generateDemoCatalogue(5)).toEqual(catalogue.slice(0, 5));
  });

  it("covers all 8 brands (exact subCategory spelling) in all 3 categories", () => {
    for (const brand of BRANDS) {
      for (const category of CATEGORIES) {
        expect(catalogue.some((p) => p.subCategory === brand && p.category === category), `${brand}/${category}`).toBe(true);
      }
    }
    expect(new Set(catalogue.map((p) => p.subCategory))).toEqual(new Set(BRANDS));
  });

  it("has at least 12 bestsellers, and the home page's first 10 come from at least 6 brands", () => {
    const bestsellers = catalogue.filter((p) => p.bestseller);
    expect(bestsellers.length).toBeGreaterThanOrEqual(12);
    expect(new Set(bestsellers.slice(0, 10).map((p) => p.subCategory)).size).toBeGreaterThanOrEqual(6);
    const mean = (list: typeof catalogue) => list.reduce((sum, p) => sum + (p.sold ?? 0), 0) / list.length;
    expect(mean(bestsellers)).toBeGreaterThan(mean(catalogue.filter((p) => !p.bestseller)));
    for (const product of catalogue) expect(Number.isInteger(product.sold) && product.sold! >= 0).toBe(true);
  });

  it("prices mostly ₹1,000–₹10,000 with some above ₹10,000, so the default price filter matters", () => {
    const prices = catalogue.map(shownPrice);
    const inRange = prices.filter((p) => p >= 1000 && p <= DEFAULT_PRICE_MAX).length;
    const above = prices.filter((p) => p > DEFAULT_PRICE_MAX).length;
    expect(inRange / prices.length).toBeGreaterThanOrEqual(0.7);
    expect(above / prices.length).toBeGreaterThanOrEqual(0.08);
    expect(above / prices.length).toBeLessThanOrEqual(0.3);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(1000);
    for (const price of prices) expect(Number.isInteger(price)).toBe(true);
  });

  it("gives most products an original (discount) price above the price, and a few only a discount", () => {
    const priced = catalogue.filter((p) => typeof p.price === "number");
    const reduced = priced.filter((p) => typeof p.discount === "number" && p.discount > (p.price as number));
    expect(reduced.length / priced.length).toBeGreaterThanOrEqual(0.7);
    expect(priced.every((p) => p.discount === undefined || (p.discount as number) > (p.price as number))).toBe(true);
    const discountOnly = catalogue.filter((p) => p.price === "");
    expect(discountOnly.length).toBeGreaterThanOrEqual(2);
    for (const product of discountOnly) expect(typeof product.discount).toBe("number");
  });

  it("spreads createdAt over the year before 2026-11-01, the first ten in its last month", () => {
    const times = catalogue.map((p) => Date.parse(String(p.createdAt)));
    for (const t of times) {
      expect(t).toBeLessThanOrEqual(DEMO_CATALOGUE_END);
      expect(t).toBeGreaterThanOrEqual(DEMO_CATALOGUE_END - YEAR_MS);
    }
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(0.8 * YEAR_MS);
    for (const t of times.slice(0, 10)) expect(t).toBeGreaterThanOrEqual(DEMO_CATALOGUE_END - 31 * 86_400_000);
  });

  it("has realistic names, descriptions, features, movements, straps and colours", () => {
    const brandNames: Record<string, string> = { PatekPhilippe: "Patek Philippe" };
    for (const product of catalogue) {
      expect(product.name.startsWith(brandNames[product.subCategory] ?? product.subCategory), product.name).toBe(true);
      expect(product.description!.length).toBeGreaterThan(80);
      expect(product.features!.length).toBeGreaterThanOrEqual(3);
    }
    expect(catalogue.filter((p) => p.name.length > 40).length).toBeGreaterThanOrEqual(10);
    expect(catalogue.find((p) => p._id === "w00007")?.name).toBe("Seiko Prospex Turtle 45mm SRPE93K1");
    const movements = new Set(catalogue.map((p) => p.movement));
    for (const movement of ["Automatic", "Quartz", "Solar", "Mechanical (hand-wound)"]) expect(movements).toContain(movement);
    const withStrap = catalogue.filter((p) => p.strapMaterial).length;
    expect(withStrap).toBeGreaterThan(catalogue.length * 0.8);
    expect(withStrap).toBeLessThan(catalogue.length);
    const withColours = catalogue.filter((p) => (p.colours ?? []).length > 0);
    expect(withColours.length).toBeGreaterThanOrEqual(10);
    expect(withColours.length).toBeLessThan(catalogue.length / 2);
    for (const product of withColours) expect(product.colours!.length).toBeGreaterThanOrEqual(2);
    expect(new Set(catalogue.map((p) => p.name)).size).toBeGreaterThan(100);
  });

  it("draws its own pictures: 1–4 per product, several with 3+, every URL one the image route serves", () => {
    for (const product of catalogue) {
      expect(product.image.length).toBeGreaterThanOrEqual(1);
      expect(product.image.length).toBeLessThanOrEqual(4);
      const specs = product.image.map((url) => {
        expect(url).toMatch(/^\/images\/watch\/[a-z0-9-]+\.svg$/);
        const spec = parseWatchImageFile(url.slice("/images/watch/".length));
        expect(spec, url).not.toBeNull();
        expect(watchImageUrl(spec!)).toBe(url);
        return spec!;
      });
      expect(specs[0].view).toBe("front");
      expect(specs[0].brand).toBe(product.subCategory.toLowerCase());
      expect(new Set(specs.map((s) => s.view)).size).toBe(specs.length);
    }
    expect(catalogue.filter((p) => p.image.length >= 3).length).toBeGreaterThanOrEqual(10);
    expect(JSON.stringify(catalogue)).not.toMatch(/https?:\/\//);
  });

  it("has products with a shipped video and poster, whose clip shows the product's own picture", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve("public/media/manifest.json"), "utf8")) as Record<string, { image: string; video: string; poster: string }>;
    const withVideo = catalogue.filter((p) => (p.video ?? []).length > 0);
    expect(withVideo.map((p) => p._id)).toEqual([...DEMO_VIDEO_PRODUCT_IDS]);
    for (const product of withVideo) {
      expect(product.videoPoster).toBeTruthy();
      expect(product.image.length).toBeGreaterThanOrEqual(3);
      expect(manifest[product._id]).toEqual({ image: product.image[0], video: product.video![0], poster: product.videoPoster });
      const video = fs.readFileSync(path.resolve("public", product.video![0].slice(1)));
      expect(video.subarray(4, 8).toString("latin1")).toBe("ftyp");
      expect(video.length).toBeLessThan(200 * 1024);
      const poster = fs.readFileSync(path.resolve("public", String(product.videoPoster).slice(1)));
      expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it("scales to the bench's 10,000 products: ids unique, every row valid, all pictures parse", () => {
    const big = generateDemoCatalogue(10_000);
    expect(new Set(big.map((p) => p._id)).size).toBe(10_000);
    expect(big[9999]._id).toBe("w10000");
    expect(validateCatalogue(big)).toMatchObject({ ok: true });
    const above = big.filter((p) => shownPrice(p) > DEFAULT_PRICE_MAX).length / big.length;
    expect(above).toBeGreaterThan(0.08);
    expect(above).toBeLessThan(0.3);
    for (const url of new Set(big.flatMap((p) => p.image))) expect(parseWatchImageFile(url.slice("/images/watch/".length)), url).not.toBeNull();
  }, 60_000);
});
