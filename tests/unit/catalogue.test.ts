import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paginationWindow, queryCatalogue, type PageLink } from "~/lib/catalogue";
import { BRANDS, CATEGORIES, PAGE_SIZE, SORTS, type Brand, type Category } from "~/constants/store";
import { CURATED_COLLECTIONS, curatedParams } from "~/lib/curated-collections";
import { discountPercent, formatPaise, truncateName } from "~/lib/money";
import { DEFAULT_COLLECTION_PARAMS, type CollectionParams } from "~/schemas/collection-params";
import { productFromJson, productJsonSchema, type Product, type ProductJsonInput } from "~/schemas/product";

/** A product through the real API parser, so the SPEC §3 price fallback is the store's own. */
function product(overrides: Partial<ProductJsonInput> & { _id: string }): Product {
  return productFromJson(
    productJsonSchema.parse({
      name: `Watch ${overrides._id}`,
      image: ["/w.svg"],
      price: 1000,
      discount: 1500,
      category: "Men",
      subCategory: "Casio",
      createdAt: "2026-01-01T00:00:00Z",
      ...overrides,
    }),
  );
}

const params = (p: Partial<CollectionParams> = {}): CollectionParams => ({ ...DEFAULT_COLLECTION_PARAMS, ...p });
const ids = (products: Product[]) => products.map((p) => p.id);

const catalogue = [
  product({ _id: "a", name: "Casio G-Shock GA-2100", category: "Men", subCategory: "Casio", price: 8995, sold: 40, createdAt: "2026-03-01" }),
  product({ _id: "b", name: "Seiko Presage Cocktail Time", category: "Women", subCategory: "Seiko", price: 9500, sold: 90, createdAt: "2026-05-01" }),
  product({ _id: "c", name: "Rolex Submariner Date", category: "Men", subCategory: "Rolex", price: 850000, discount: 900000, sold: 5, createdAt: "2026-01-15" }),
  product({ _id: "d", name: "Fossil Couple Set", category: "Couple", subCategory: "Fossil", price: undefined, discount: 4200, sold: 90, createdAt: "2026-07-01" }),
  product({ _id: "e", name: "CASIO Vintage A168", category: "Women", subCategory: "Casio", price: 10000, discount: 12000, sold: 12, createdAt: "2026-02-01" }),
  product({ _id: "f", name: "Tissot PRX", category: "Men", subCategory: "Tissot", price: 0, discount: 100, sold: 0, createdAt: "2026-04-01" }),
];

describe("queryCatalogue — search (SPEC §5: case-insensitive substring of the name)", () => {
  it("matches any case, anywhere in the name", () => {
    expect(ids(queryCatalogue(catalogue, params({ q: "casio" })).products)).toEqual(["a", "e"]);
    expect(ids(queryCatalogue(catalogue, params({ q: "SHOCK" })).products)).toEqual(["a"]);
    expect(ids(queryCatalogue(catalogue, params({ q: "ail t" })).products)).toEqual(["b"]);
  });

  it("searches the name only, not brand or category", () => {
    expect(queryCatalogue(catalogue, params({ q: "Men" })).total).toBe(0);
    expect(ids(queryCatalogue(catalogue, params({ q: "couple" })).products)).toEqual(["d"]);
  });

  it("treats regular-expression characters literally", () => {
    expect(queryCatalogue(catalogue, params({ q: "." })).total).toBe(0);
    expect(ids(queryCatalogue(catalogue, params({ q: "g-shock" })).products)).toEqual(["a"]);
  });
});

describe("queryCatalogue — categories and brands (SPEC §5: OR within a group, AND across)", () => {
  it("ORs the values of one group", () => {
    expect(ids(queryCatalogue(catalogue, params({ categories: ["Women", "Couple"], max: 1_000_000 })).products)).toEqual(["b", "d", "e"]);
    expect(ids(queryCatalogue(catalogue, params({ brands: ["Rolex", "Tissot"], max: 1_000_000 })).products)).toEqual(["c", "f"]);
  });

  it("ANDs the groups, and the search", () => {
    expect(ids(queryCatalogue(catalogue, params({ categories: ["Men"], brands: ["Casio", "Seiko"] })).products)).toEqual(["a"]);
    expect(ids(queryCatalogue(catalogue, params({ categories: ["Women"], brands: ["Casio"], q: "vintage" })).products)).toEqual(["e"]);
    expect(queryCatalogue(catalogue, params({ categories: ["Couple"], brands: ["Casio"] })).total).toBe(0);
  });

  it("matches the brand against subCategory", () => {
    const oddName = product({ _id: "x", name: "Mystery piece", subCategory: "Cartier" });
    expect(ids(queryCatalogue([oddName], params({ brands: ["Cartier"] })).products)).toEqual(["x"]);
  });
});

describe("queryCatalogue — price (SPEC §5: price, else discount; inclusive bounds)", () => {
  it("with no price given lists every product, the dearest too (issue 48; SPEC §9's 0–10000 no more)", () => {
    expect(ids(queryCatalogue(catalogue, params()).products)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("₹10,000, SPEC §9's old default maximum, still narrows when given (bookmarks keep their meaning)", () => {
    expect(ids(queryCatalogue(catalogue, params({ max: 10_000 })).products)).toEqual(["a", "b", "d", "e", "f"]);
  });

  it("answers the whole catalogue's price range, whatever the filters (the inputs show it)", () => {
    // f costs ₹0 (price 0 beats its discount), c ₹8,50,000: written out from the rows above.
    const range = { lowPaise: 0, highPaise: 85_000_000 };
    expect(queryCatalogue(catalogue, params()).priceRange).toEqual(range);
    expect(queryCatalogue(catalogue, params({ brands: ["Seiko"], min: 9000, max: 9600, q: "presage" })).priceRange).toEqual(range);
    expect(queryCatalogue([catalogue[3]], params()).priceRange).toEqual({ lowPaise: 420_000, highPaise: 420_000 });
    expect(queryCatalogue([], params()).priceRange).toBeNull();
  });

  it("includes products exactly on either bound", () => {
    expect(ids(queryCatalogue(catalogue, params({ min: 9500, max: 10000 })).products)).toEqual(["b", "e"]);
    expect(ids(queryCatalogue(catalogue, params({ min: 0, max: 0 })).products)).toEqual(["f"]);
  });

  it("uses the discount when the price is empty", () => {
    expect(ids(queryCatalogue(catalogue, params({ min: 4200, max: 4200 })).products)).toEqual(["d"]);
  });

  it("uses the price, not the original, when both are present", () => {
    expect(ids(queryCatalogue(catalogue, params({ min: 11000, max: 13000 })).products)).toEqual([]);
    expect(ids(queryCatalogue(catalogue, params({ min: 800000, max: 900000 })).products)).toEqual(["c"]);
  });

  it("compares whole-rupee bounds with paise prices exactly", () => {
    const p = product({ _id: "p", price: 999.5 });
    expect(queryCatalogue([p], params({ min: 999, max: 999 })).total).toBe(0);
    expect(queryCatalogue([p], params({ min: 999, max: 1000 })).total).toBe(1);
    expect(queryCatalogue([p], params({ min: 1000, max: 1000 })).total).toBe(0);
  });
});

describe("queryCatalogue — sorts (SPEC §9)", () => {
  const wide = { max: 1_000_000 };
  it("relevant keeps catalogue order", () => {
    expect(ids(queryCatalogue(catalogue, params({ ...wide, sort: "relevant" })).products)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
  it("low-high and high-low sort by the shown price", () => {
    expect(ids(queryCatalogue(catalogue, params({ ...wide, sort: "low-high" })).products)).toEqual(["f", "d", "a", "b", "e", "c"]);
    expect(ids(queryCatalogue(catalogue, params({ ...wide, sort: "high-low" })).products)).toEqual(["c", "e", "b", "a", "d", "f"]);
  });
  it("newest sorts by createdAt, latest first", () => {
    expect(ids(queryCatalogue(catalogue, params({ ...wide, sort: "newest" })).products)).toEqual(["d", "b", "f", "a", "e", "c"]);
  });
  it("bestselling sorts by sold, most first, ties in catalogue order", () => {
    expect(ids(queryCatalogue(catalogue, params({ ...wide, sort: "bestselling" })).products)).toEqual(["b", "d", "a", "e", "c", "f"]);
  });
  it("never changes the caller's list", () => {
    const copy = [...catalogue];
    queryCatalogue(catalogue, params({ ...wide, sort: "high-low" }));
    expect(catalogue).toEqual(copy);
  });
});

describe("queryCatalogue — pages of 25 (SPEC §9)", () => {
  const many = Array.from({ length: 61 }, (_, i) => product({ _id: `m${i}`, price: 1000 + i }));

  it("shows 25 per page with 'Showing X - Y of N' positions", () => {
    expect(PAGE_SIZE).toBe(25);
    const first = queryCatalogue(many, params());
    expect(first).toMatchObject({ total: 61, page: 1, pageCount: 3, from: 1, to: 25 });
    expect(first.products).toHaveLength(25);
    const last = queryCatalogue(many, params({ page: 3 }));
    expect(last).toMatchObject({ page: 3, from: 51, to: 61 });
    expect(ids(last.products)).toEqual(ids(many.slice(50)));
  });

  it("clamps a page past the end to the last page", () => {
    expect(queryCatalogue(many, params({ page: 4 }))).toMatchObject({ page: 3, from: 51, to: 61 });
    expect(queryCatalogue(many, params({ page: 1_000_000 })).page).toBe(3);
  });

  it("answers an empty page 1 of 1 when nothing matches", () => {
    expect(queryCatalogue(many, params({ q: "zzz", page: 5 }))).toMatchObject({ products: [], total: 0, page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it("exactly 25 matches make one page", () => {
    expect(queryCatalogue(many.slice(0, 25), params({ page: 2 }))).toMatchObject({ page: 1, pageCount: 1, to: 25 });
  });
});

// Property tests: the store's query agrees with a reference written straight from SPEC §5.
const arbProduct = fc.record({
  _id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
  name: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ""),
  price: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  discount: fc.integer({ min: 0, max: 25_000 }),
  category: fc.constantFrom(...CATEGORIES),
  subCategory: fc.constantFrom(...BRANDS),
  sold: fc.nat(50),
  createdAt: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
});
const arbCatalogue = fc.uniqueArray(arbProduct, { selector: (p) => p._id, maxLength: 80 }).map((rows) =>
  rows.map((row) => product({ ...row, image: ["/w.svg"] })),
);
const arbParams: fc.Arbitrary<CollectionParams> = fc
  .record({
    q: fc.oneof(fc.constant(""), fc.string({ maxLength: 3 })),
    categories: fc.subarray([...CATEGORIES] as Category[]),
    brands: fc.subarray([...BRANDS] as Brand[]),
    a: fc.integer({ min: 0, max: 20_000 }),
    b: fc.integer({ min: 0, max: 20_000 }),
    sort: fc.constantFrom(...SORTS),
    page: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ a, b, ...rest }) => ({ ...rest, min: Math.min(a, b), max: Math.max(a, b) }));

function referenceMatches(products: Product[], p: CollectionParams): Product[] {
  return products.filter((product) => {
    const rupees = product.pricePaise / 100;
    return (
      product.name.toLowerCase().includes(p.q.toLowerCase()) &&
      (p.categories.length === 0 || p.categories.some((c) => c === product.category)) &&
      (p.brands.length === 0 || p.brands.some((b) => b === product.subCategory)) &&
      rupees >= p.min &&
      rupees <= p.max
    );
  });
}

describe("queryCatalogue — properties", () => {
  it("finds exactly the products the SPEC §5 rules select", () => {
    fc.assert(
      fc.property(arbCatalogue, arbParams, (products, p) => {
        const all = queryCatalogue(products, { ...p, page: 1 }, 1_000);
        const expected = referenceMatches(products, p);
        expect(new Set(ids(all.products))).toEqual(new Set(ids(expected)));
        expect(all.total).toBe(expected.length);
      }),
    );
  });

  it("pages partition the sorted result: no product lost or repeated", () => {
    fc.assert(
      fc.property(arbCatalogue, arbParams, fc.integer({ min: 1, max: 10 }), (products, p, size) => {
        const first = queryCatalogue(products, { ...p, page: 1 }, size);
        const seen: string[] = [];
        for (let n = 1; n <= first.pageCount; n++) {
          const page = queryCatalogue(products, { ...p, page: n }, size);
          expect(page.products.length).toBeLessThanOrEqual(size);
          if (page.total > 0) expect(page.to - page.from + 1).toBe(page.products.length);
          seen.push(...ids(page.products));
        }
        expect(seen).toEqual(ids(queryCatalogue(products, { ...p, page: 1 }, 1_000_000).products));
      }),
    );
  });

  it("orders each sort by its key, ties in catalogue order", () => {
    fc.assert(
      fc.property(arbCatalogue, fc.constantFrom(...SORTS), (products, sort) => {
        const result = queryCatalogue(products, params({ sort, max: 1_000_000 }), 1_000).products;
        const key = (x: Product) =>
          ({ relevant: 0, "low-high": x.pricePaise, "high-low": -x.pricePaise, newest: -x.createdAt, bestselling: -x.sold })[sort];
        const position = new Map(products.map((x, i) => [x.id, i]));
        for (let i = 1; i < result.length; i++) {
          const [a, b] = [result[i - 1], result[i]];
          expect(key(a) < key(b) || (key(a) === key(b) && position.get(a.id)! < position.get(b.id)!)).toBe(true);
        }
      }),
    );
  });
});

describe("paginationWindow (SPEC §9: window of 5, first/last, ellipses)", () => {
  const show = (links: PageLink[]) => links.map((l) => (l.kind === "page" ? String(l.page) : "…")).join(" ");

  it("matches the shapes a shopper sees", () => {
    expect(show(paginationWindow(1, 1))).toBe("1");
    expect(show(paginationWindow(2, 3))).toBe("1 2 3");
    expect(show(paginationWindow(1, 5))).toBe("1 2 3 4 5");
    expect(show(paginationWindow(1, 20))).toBe("1 2 3 4 5 … 20");
    expect(show(paginationWindow(3, 20))).toBe("1 2 3 4 5 … 20");
    expect(show(paginationWindow(4, 20))).toBe("1 2 3 4 5 6 … 20");
    expect(show(paginationWindow(7, 20))).toBe("1 … 5 6 7 8 9 … 20");
    expect(show(paginationWindow(18, 20))).toBe("1 … 16 17 18 19 20");
    expect(show(paginationWindow(20, 20))).toBe("1 … 16 17 18 19 20");
    expect(show(paginationWindow(3, 6))).toBe("1 2 3 4 5 6");
  });

  it("always holds the current, first and last page, ascending, window of 5 around the current", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }).chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count))), ([page, count]) => {
        const links = paginationWindow(page, count);
        const pages = links.flatMap((l) => (l.kind === "page" ? [l.page] : []));
        expect(pages).toContain(page);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(count);
        for (let i = 1; i < pages.length; i++) expect(pages[i]).toBeGreaterThan(pages[i - 1]);
        // The current page sits in a run of at least 5 consecutive pages (all of them when fewer).
        const at = pages.indexOf(page);
        let [lo, hi] = [at, at];
        while (lo > 0 && pages[lo - 1] === pages[lo] - 1) lo--;
        while (hi < pages.length - 1 && pages[hi + 1] === pages[hi] + 1) hi++;
        expect(hi - lo + 1).toBeGreaterThanOrEqual(Math.min(5, count));
        // An ellipsis stands exactly where pages are skipped; keys are unique.
        links.forEach((link, i) => {
          if (link.kind !== "ellipsis") return;
          const [before, after] = [links[i - 1], links[i + 1]];
          expect(before?.kind === "page" && after?.kind === "page" && after.page - before.page).toBeGreaterThan(1);
        });
        for (let i = 1; i < links.length; i++) {
          const [a, b] = [links[i - 1], links[i]];
          if (a.kind === "page" && b.kind === "page") expect(b.page - a.page).toBe(1);
        }
        expect(pages.length).toBeLessThanOrEqual(7);
        expect(new Set(links.map((l) => (l.kind === "page" ? `p${l.page}` : l.key))).size).toBe(links.length);
      }),
    );
  });
});

describe("discountPercent (SPEC §9: round((original − price) / original × 100), only when original > price)", () => {
  it("rounds to the nearest percent", () => {
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(100, 300)).toBe(67);
    expect(discountPercent(2, 3)).toBe(33);
    expect(discountPercent(1, 200)).toBe(100);
    expect(discountPercent(995, 1000)).toBe(1);
    expect(discountPercent(996, 1000)).toBe(0);
  });
  it("is absent without a higher original", () => {
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1000, 900)).toBeNull();
    expect(discountPercent(1000, null)).toBeNull();
    expect(discountPercent(1000, undefined)).toBeNull();
  });
  it("stays within 0–100 for any original above the price", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 10_000_000 }), (price, extra) => {
        const percent = discountPercent(price, price + extra)!;
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(percent).toBe(Math.round((extra / (price + extra)) * 100));
      }),
    );
  });
});

describe("money shown to shoppers", () => {
  it("formats paise as rupees with Indian grouping", () => {
    expect(formatPaise(12_345_600)).toBe("₹1,23,456");
    expect(formatPaise(99_900)).toBe("₹999");
    expect(formatPaise(0)).toBe("₹0");
    expect(formatPaise(123_450)).toBe("₹1,234.50");
  });
  it("cuts names to 40 characters plus an ellipsis (SPEC §9)", () => {
    expect(truncateName("x".repeat(40))).toBe("x".repeat(40));
    expect(truncateName("y".repeat(41))).toBe(`${"y".repeat(40)}…`);
  });
});

describe("curated collections (docs/decisions/0120, 0970)", () => {
  it("every one is a preset on page 1 whose brands exist", () => {
    for (const collection of Object.values(CURATED_COLLECTIONS)) {
      const p = curatedParams(collection);
      expect(p.page).toBe(1);
      for (const brand of p.brands) expect(BRANDS).toContain(brand);
    }
  });

  it("luxury and limited edition list every price, sport and classic too: their ₹10,000 ceiling was SPEC §9's default (issue 48)", () => {
    const list = (path: string) => ids(queryCatalogue(catalogue, curatedParams(CURATED_COLLECTIONS[path])).products);
    expect(list("/collection/luxury")).toEqual(["c"]);
    expect(list("/collection/limited")).toEqual(["e", "c"]);
    // Sport had SPEC §9's ₹10,000 ceiling by default only: no ceiling now.
    expect(list("/collection/sport")).toEqual(["b", "a", "e", "f"]);
    expect(list("/collection/classic")).toEqual(["b", "d", "f"]);
    expect(curatedParams(CURATED_COLLECTIONS["/collection/classic"])).toMatchObject({ min: 0, max: 1_000_000_000 });
  });

  it("new arrivals lists everything, newest first", () => {
    const p = curatedParams(CURATED_COLLECTIONS["/new-arrivals"]);
    expect(p).toEqual({ ...DEFAULT_COLLECTION_PARAMS, sort: "newest" });
    expect(queryCatalogue(catalogue, p).total).toBe(catalogue.length);
  });
});
