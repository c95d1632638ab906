import { describe, expect, it } from "vitest";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { modelKey, relatedProducts } from "~/lib/catalogue";
import { RELATED_PRODUCTS } from "~/constants/store";
import { parseWatchImageFile, renderWatchFace, type WatchFaceSpec } from "~/lib/watch-face";
import type { Product } from "~/schemas/product";
import { validateCatalogue } from "~/services/catalogue.server";

// Issue 9, "A demo catalogue a shopper would believe": a test walks the whole demo catalogue.

const json = generateDemoCatalogue();
const validated = validateCatalogue(json);
if (!validated.ok) throw new Error("the demo catalogue does not validate");
const products = validated.products;
const byId = new Map(json.map((p) => [p._id, p]));

/** The spec of a picture URL of the demo catalogue. */
const specOf = (url: string): WatchFaceSpec => parseWatchImageFile(url.slice("/images/watch/".length))!;
/** Every text a picture prints, in document order (entities decoded). */
const printed = (svg: string): string[] =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">"));
/** "Water resistant to 200 m" → 200. */
const waterOf = (features: readonly string[]): number => {
  const found = features.map((f) => /^Water resistant to (\d+) m$/.exec(f)).find(Boolean);
  if (!found) throw new Error("no water resistance feature");
  return Number(found[1]);
};

describe("the demo catalogue a shopper would believe (issue 9)", () => {
  it("has no two products of the same brand and model", () => {
    const seen = new Map<string, string>();
    for (const product of products) {
      const key = modelKey(product);
      expect(seen.get(key), `${product.id} "${product.name}" repeats ${seen.get(key)} (${key})`).toBeUndefined();
      seen.set(key, product.id);
    }
    expect(seen.size).toBe(120);
  });

  it("recommends, on every product page, five other models: never the product itself, never its own model", () => {
    for (const product of products) {
      const related = relatedProducts(products, product, RELATED_PRODUCTS);
      expect(related, product.id).toHaveLength(RELATED_PRODUCTS);
      expect(related.map((p) => p.id), product.id).not.toContain(product.id);
      const keys = related.map((p) => modelKey(p));
      expect(keys, product.id).not.toContain(modelKey(product));
      expect(new Set(keys).size, product.id).toBe(keys.length);
      // Still "related": the same brand comes first.
      expect(related[0].subCategory, product.id).toBe(product.subCategory);
    }
  });

  it("draws both watches of every couple set, in every picture, and one watch for everything else", () => {
    const couples = json.filter((p) => p.category === "Couple");
    expect(couples.length).toBeGreaterThanOrEqual(20);
    for (const product of json) {
      for (const url of product.image) {
        const spec = specOf(url);
        const svg = renderWatchFace(spec);
        const watches = [...svg.matchAll(/<g data-watch="(\w+)"/g)].map((m) => m[1]);
        if (product.category === "Couple") {
          expect(spec.set, url).toBe("pair");
          expect(watches, `${product._id} ${url}`).toEqual(["his", "hers"]);
          // Two cases: each watch group draws its own case and dial.
          const groups = svg.split('<g data-watch="').slice(1);
          for (const group of groups) expect(group, url).toMatch(/fill="url\(#dial\)"|<rect x="268" y="248" width="264" height="304"/);
          expect(svg).toContain("his-and-hers pair of watches");
        } else {
          expect(spec.set, url).toBe("single");
          expect(watches, url).toEqual(["one"]);
        }
      }
    }
  });

  it("prints on each dial only what the product's own fields say (movement, water resistance, calendar, chronograph)", () => {
    for (const product of json) {
      const features = product.features ?? [];
      const water = waterOf(features);
      const says = (pattern: RegExp) => features.some((f) => pattern.test(f)) || pattern.test(product.description ?? "");
      const spec = specOf(product.image[0]);
      // The picture's spec agrees with the product...
      const movements: Record<string, WatchFaceSpec["movement"]> = {
        Automatic: "automatic",
        Quartz: "quartz",
        Solar: "solar",
        Kinetic: "kinetic",
        "Mechanical (hand-wound)": "manual",
        "Digital quartz": "digital",
        "Hybrid smartwatch": "hybrid",
      };
      expect(spec.movement, product._id).toBe(movements[product.movement!]);
      expect(spec.water, product._id).toBe(`wr${water}`);
      if (spec.complication === "date") expect(says(/date/i), `${product._id} shows a date window`).toBe(true);
      if (spec.complication === "chrono") expect(says(/chronograph/i), `${product._id} shows chronograph counters`).toBe(true);
      if (spec.complication === "gmt") expect(says(/time zone|GMT/i), `${product._id} shows a GMT hand`).toBe(true);

      // ...and every word the dial prints follows from the product's fields.
      for (const text of printed(renderWatchFace(spec))) {
        const where = `${product._id} "${product.name}" prints "${text}"`;
        if (/^\d+$/.test(text)) continue; // numerals, bezel scales, the date
        const waterText = /^WATER RESIST(?: ·)? (\d+)M$|^(\d+)m$/.exec(text);
        if (waterText) {
          expect(Number(waterText[1] ?? waterText[2]), where).toBe(water);
          continue;
        }
        switch (text) {
          case "AUTOMATIC":
          case "OYSTER PERPETUAL":
            expect(product.movement, where).toBe("Automatic");
            break;
          case "QUARTZ":
            expect(product.movement, where).toBe("Quartz");
            break;
          case "SOLAR":
            expect(product.movement, where).toBe("Solar");
            break;
          case "KINETIC":
            expect(product.movement, where).toBe("Kinetic");
            break;
          case "SU":
          case "PM":
            expect(says(/calendar|date/i), where).toBe(true);
            break;
          case "LIGHT":
            expect(says(/light/i), where).toBe(true);
            break;
          case "START":
            expect(says(/stopwatch/i), where).toBe(true);
            break;
          case "SWISS MADE":
          case "SWITZERLAND":
            expect(["Rolex", "Rado", "PatekPhilippe", "Tissot", "Cartier"], where).toContain(product.subCategory);
            break;
          case "GENEVE":
            expect(product.subCategory, where).toBe("PatekPhilippe");
            break;
          case "JAPAN":
            expect(product.subCategory, where).toBe("Seiko");
            break;
          default: {
            // Roman numerals, and the brand's own wordmark (one or two lines) or founding year.
            const wordmarks: Record<string, string[]> = {
              Rolex: ["ROLEX"],
              Casio: ["CASIO"],
              Seiko: ["SEIKO"],
              Fossil: ["FOSSIL"],
              Rado: ["RADO"],
              PatekPhilippe: ["PATEK PHILIPPE", "PATEK", "PHILIPPE"],
              Cartier: ["Cartier"],
              Tissot: ["TISSOT", "1853"],
            };
            const roman = /^(XII|XI|X|IX|VIII|VII|VI|V|IIII|III|II|I)$/.test(text);
            expect(roman || wordmarks[product.subCategory].includes(text), where).toBe(true);
          }
        }
      }
    }
  });

  it("names the dial's movement and water resistance where the brand prints them (the Casio that said 200M)", () => {
    const casioDigital = json.find((p) => p.subCategory === "Casio" && p.movement === "Digital quartz" && waterOf(p.features!) === 30)!;
    expect(printed(renderWatchFace(specOf(casioDigital.image[0])))).toContain("WATER RESIST · 30M");
    const seikoQuartz = json.find((p) => p.subCategory === "Seiko" && p.movement === "Quartz")!;
    const texts = printed(renderWatchFace(specOf(seikoQuartz.image[0])));
    expect(texts).toContain("QUARTZ");
    expect(texts).not.toContain("AUTOMATIC");
  });

  it("prices watches as India sells them (issue 48): some at ₹10,000 or less, a third at a lakh or more, each model at one price", () => {
    const shown = (p: Product) => p.pricePaise / 100;
    expect(products.filter((p) => shown(p) <= 10_000).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => shown(p) >= 1_00_000).length / products.length).toBeGreaterThanOrEqual(1 / 3);
    // Whole rupees: a believable price has no paise.
    for (const product of products) expect(product.pricePaise % 100, product.id).toBe(0);
    expect(byId.size).toBe(products.length);
  });
});

describe("related products in a store owner's catalogue with duplicate listings", () => {
  const product = (id: string, name: string, subCategory = "Rolex", category = "Men") =>
    ({ id, name, subCategory, category, images: [], videos: [], pricePaise: 100_000, sold: 0, createdAt: 0 }) as unknown as Product;
  const catalogue = [
    product("a", "Rolex Submariner Date 41mm Black Dial 126610LN"),
    product("b", "Rolex Submariner Date 126610LN"),
    product("c", "Rolex Submariner Date Green Dial 126610LV"),
    product("d", "Rolex Datejust 41 Blue Dial 126334"),
    product("e", "Rolex Datejust 41 41mm Silver Dial 126300"),
    product("f", "Rolex Datejust His and Hers Set 126334 / 279174", "Rolex", "Couple"),
    product("g", "Rolex Explorer 40 224270"),
    product("h", "Seiko 5 Sports SRPD55K1", "Seiko"),
  ];

  it("reads the model from the name, without size, dial colour and reference", () => {
    expect(modelKey(catalogue[0])).toBe("rolex|submariner date");
    expect(modelKey(catalogue[1])).toBe("rolex|submariner date");
    expect(modelKey(catalogue[2])).toBe("rolex|submariner date");
    expect(modelKey(catalogue[4])).toBe("rolex|datejust 41");
    expect(modelKey(catalogue[5])).toBe("rolex|datejust his and hers set");
    expect(modelKey({ name: "Patek Philippe Calatrava His and Hers Pair 5227G & 4897G", subCategory: "PatekPhilippe" })).toBe("patekphilippe|calatrava his and hers pair");
    expect(modelKey({ name: "Casio Vintage A168WA 38mm A168WA-1", subCategory: "Casio" })).toBe("casio|vintage a168wa");
  });

  it("never recommends another listing of the product's model, and each model once", () => {
    const related = relatedProducts(catalogue, catalogue[0], 5);
    expect(related.map((p) => p.id)).toEqual(["d", "g", "f", "h"]);
  });
});
