import { describe, expect, it } from "vitest";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { ELLIPSIS, META_DESCRIPTION_MAX, truncateAtWord } from "~/lib/text";
import type { Product } from "~/schemas/product";
import { productPageMeta } from "~/utils/page-meta.server";

// Issue 9 item 6: the product page's meta description is cut at a word boundary with "…".

describe("truncateAtWord", () => {
  it("returns a text that fits unchanged (whitespace folded), without an ellipsis", () => {
    expect(truncateAtWord("A fine watch.", 20)).toBe("A fine watch.");
    expect(truncateAtWord("  A   fine\nwatch.  ", 20)).toBe("A fine watch.");
    expect(truncateAtWord("", 20)).toBe("");
    expect(truncateAtWord("exactly ten", 11)).toBe("exactly ten");
  });

  it("cuts after the last whole word that fits and ends with …, never longer than max", () => {
    expect(truncateAtWord("The reference diver's watch with a bezel", 20)).toBe("The reference…");
    expect(truncateAtWord("one two three", 8)).toBe("one two…");
    expect(truncateAtWord("one two three", 7)).toBe("one…");
    for (let max = 1; max <= 60; max++) {
      const cut = truncateAtWord("Its self-winding automatic movement is powered by the motion of your wrist.", max);
      expect(cut.length, String(max)).toBeLessThanOrEqual(max);
    }
  });

  it("drops punctuation left dangling before the ellipsis", () => {
    expect(truncateAtWord("Time only, a smooth bezel", 12)).toBe("Time only…");
    expect(truncateAtWord("Day, date and month — set once a year", 23)).toBe("Day, date and month…");
  });

  it("cuts inside a word only when the first word alone is too long, never through a surrogate pair", () => {
    expect(truncateAtWord("Supercalifragilistic watch", 8)).toBe("Superca…");
    expect(truncateAtWord("⌚⌚⌚⌚ x", 4)).toBe("⌚⌚⌚…");
    expect(truncateAtWord("😀😀😀😀 x", 4)).toBe("😀…");
    expect(() => truncateAtWord("text", 0)).toThrow(RangeError);
  });
});

describe("the product page's meta description", () => {
  // The loader builds the page's meta tags (utils/page-meta.server.ts); the route's `meta` returns them.
  const describeProduct = (description: string) => {
    const product = { id: "w1", name: "Seiko 5 Sports", subCategory: "Seiko", category: "Men", images: ["/x.svg"], pricePaise: 1_000_000, originalPaise: null, description } as unknown as Product;
    const tags = productPageMeta(product, { origin: "http://localhost", storeName: "Chrono India" }) as Array<Record<string, string>>;
    return tags.find((tag) => tag.name === "description")?.content ?? "";
  };

  it("is cut at a word boundary with an ellipsis, at most 158 characters, for every demo product", () => {
    for (const product of generateDemoCatalogue()) {
      const content = describeProduct(product.description!);
      expect(content.length, product._id).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
      expect(content.length, product._id).toBeGreaterThan(100);
      if (product.description!.length > META_DESCRIPTION_MAX) {
        expect(content.endsWith(ELLIPSIS), product._id).toBe(true);
        const head = content.slice(0, -1);
        // The text before the ellipsis ends a word of the description: the next character there is a space.
        expect(product.description!.startsWith(head), product._id).toBe(true);
        expect(product.description![head.length], product._id).toMatch(/[\s,;:.]/);
      }
    }
  });

  it("keeps a short description whole", () => {
    expect(describeProduct("A clean dress watch.")).toBe("A clean dress watch.");
  });
});
