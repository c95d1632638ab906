import type { MessageKey } from "~/i18n/catalogues/en.server";
import type { MessageValues } from "~/i18n/format";
import { translate } from "~/i18n/messages.server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterChips } from "~/components/ActiveFilters";
import { BRANDS, CATEGORIES, SORTS } from "~/constants/store";
import {
  collectionSearch,
  DEFAULT_COLLECTION_PARAMS,
  parseCollectionParams,
  priceBounds,
  shownPriceInputs,
  withoutShownBounds,
  type CollectionParams,
} from "~/schemas/collection-params";

/** No upper price bound (issue 48: the default range is the whole catalogue; ₹10 crore is SPEC's most a product may cost, this is above it). */
const NO_MAX = 1_000_000_000;

const parse = (query: string) => parseCollectionParams(new URLSearchParams(query));

describe("parseCollectionParams (DESIGN §5 URL contract)", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_COLLECTION_PARAMS);
    expect(DEFAULT_COLLECTION_PARAMS).toMatchObject({ min: 0, max: NO_MAX, sort: "relevant", page: 1 });
  });

  it("reads every parameter of a full query", () => {
    expect(parse("q=Casio&category=Men&category=Women&brand=Seiko&min=500&max=7000&sort=low-high&page=3")).toEqual({
      q: "Casio",
      categories: ["Men", "Women"],
      brands: ["Seiko"],
      min: 500,
      max: 7000,
      sort: "low-high",
      page: 3,
    });
  });

  it("trims the search, keeps inner spaces, and treats blank as none", () => {
    expect(parse("q=%20%20G-Shock%20GA%20%20").q).toBe("G-Shock GA");
    expect(parse("q=+++").q).toBe("");
  });

  it("drops control characters from the search (no name holds one; PostgreSQL refuses NUL)", () => {
    expect(parseCollectionParams(new URLSearchParams("q=cas%00io%1F%7F%0A")).q).toBe("casio");
    expect(parseCollectionParams(new URLSearchParams("q=%00%09")).q).toBe("");
  });

  it("cuts a long search to 100 characters without splitting a character", () => {
    expect(parse(`q=${"a".repeat(150)}`).q).toHaveLength(100);
    expect(Array.from(parse(`q=${"⌚".repeat(120)}`).q)).toHaveLength(100);
    expect(parse(`q=${"a".repeat(99)}%20b`).q).toBe("a".repeat(99));
  });

  it("ignores unknown categories, brands and parameters", () => {
    expect(parse("category=Kids&brand=Omega&colour=red&utm_source=x")).toEqual(DEFAULT_COLLECTION_PARAMS);
  });

  it("matches categories and brands without regard to case or spaces, canonically ordered, once each", () => {
    const p = parse("brand=patek%20philippe&brand=CASIO&category=women&category=Men&brand=Casio");
    expect(p.categories).toEqual(["Men", "Women"]);
    expect(p.brands).toEqual(["Casio", "PatekPhilippe"]);
  });

  it("ignores prices that are not whole numbers ≥ 0 (SPEC §5)", () => {
    for (const bad of ["abc", "-5", "12.5", "1e3", "0x10", "Infinity", "NaN", "5abc", "", "%20", "99999999999"]) {
      expect(parse(`min=${bad}&max=${bad}`), bad).toMatchObject({ min: 0, max: NO_MAX });
    }
    expect(parse("min=0007&max=%208000%20")).toMatchObject({ min: 7, max: 8000 });
    expect(parse("max=25000")).toMatchObject({ min: 0, max: 25_000 });
  });

  it("swaps bounds given the wrong way round", () => {
    expect(parse("min=9000&max=2000")).toMatchObject({ min: 2000, max: 9000 });
    expect(parse("min=20000")).toMatchObject({ min: 20_000, max: NO_MAX });
  });

  it("falls back to relevant for an unknown sort and accepts any case", () => {
    expect(parse("sort=cheapest").sort).toBe("relevant");
    expect(parse("sort=NEWEST").sort).toBe("newest");
    for (const sort of SORTS) expect(parse(`sort=${sort}`).sort).toBe(sort);
  });

  it("falls back to page 1 for a page that is not a whole number ≥ 1", () => {
    for (const bad of ["0", "-1", "1.5", "two", "", "1e2", "99999999"]) expect(parse(`page=${bad}`).page, bad).toBe(1);
    expect(parse("page=7").page).toBe(7);
  });

  it("reads the first of repeated single-valued parameters", () => {
    expect(parse("q=one&q=two&sort=newest&sort=low-high&page=2&page=3")).toMatchObject({ q: "one", sort: "newest", page: 2 });
  });
});

describe("collectionSearch (canonical URLs)", () => {
  it("leaves defaults out", () => {
    expect(collectionSearch({})).toBe("");
    expect(collectionSearch(DEFAULT_COLLECTION_PARAMS)).toBe("");
    expect(collectionSearch({ min: 0, max: NO_MAX, sort: "relevant", page: 1, q: "" })).toBe("");
    // SPEC.md §9's old default is a bound like any other now: a bookmark keeps meaning ≤ ₹10,000.
    expect(collectionSearch({ min: 0, max: 10_000 })).toBe("?max=10000");
  });

  it("writes the parameters in one fixed order", () => {
    expect(
      collectionSearch({ page: 2, sort: "newest", max: 5000, min: 100, brands: ["Tissot", "Casio"], categories: ["Women", "Men"], q: "blue dial" }),
    ).toBe("?q=blue+dial&category=Men&category=Women&brand=Casio&brand=Tissot&min=100&max=5000&sort=newest&page=2");
  });

  it("is what the parser reads back, and parsing it again changes nothing (no redirect loops)", () => {
    const anyQuery = fc
      .array(
        fc.tuple(
          fc.constantFrom("q", "category", "brand", "min", "max", "sort", "page", "other"),
          fc.oneof(
            fc.string({ maxLength: 8 }),
            fc.string({ unit: "grapheme", maxLength: 120 }),
            fc.constantFrom(...CATEGORIES, ...BRANDS, ...SORTS, "men", "patek philippe", "0", "10000", "-1", "2.5"),
            fc.nat(30_000).map(String),
          ),
        ),
        { maxLength: 12 },
      )
      .map((pairs) => new URLSearchParams(pairs));
    fc.assert(
      fc.property(anyQuery, (query) => {
        const once = parseCollectionParams(query);
        const canonical = collectionSearch(once);
        const again = parseCollectionParams(new URLSearchParams(canonical));
        expect(again).toEqual(once);
        expect(collectionSearch(again)).toBe(canonical);
      }),
    );
  });

  it("gives each filter set one URL, whatever order the values came in", () => {
    const a = collectionSearch(parse("brand=Rado&category=Couple&brand=Casio&sort=newest"));
    const b = collectionSearch(parse("sort=newest&brand=Casio&category=Couple&brand=Rado"));
    expect(a).toBe(b);
  });
});

describe("active-filter chips", () => {
  const p = (query: string): CollectionParams => parse(query);
  const english = (key: MessageKey, values?: MessageValues) => translate("en", key, values);
  const hindi = (key: MessageKey, values?: MessageValues) => translate("hi", key, values);

  it("one chip per value, each linking to the collection without that value and without page", () => {
    const chips = filterChips(p("q=gold&category=Men&brand=Casio&brand=PatekPhilippe&min=500&max=9000&sort=high-low&page=3"), english);
    expect(chips.map((c) => [c.label, c.to])).toEqual([
      ["“gold”", "/collection?category=Men&brand=Casio&brand=PatekPhilippe&min=500&max=9000&sort=high-low"],
      ["Men", "/collection?q=gold&brand=Casio&brand=PatekPhilippe&min=500&max=9000&sort=high-low"],
      ["Casio", "/collection?q=gold&category=Men&brand=PatekPhilippe&min=500&max=9000&sort=high-low"],
      ["Patek Philippe", "/collection?q=gold&category=Men&brand=Casio&min=500&max=9000&sort=high-low"],
      ["Min ₹500", "/collection?q=gold&category=Men&brand=Casio&brand=PatekPhilippe&max=9000&sort=high-low"],
      ["Max ₹9,000", "/collection?q=gold&category=Men&brand=Casio&brand=PatekPhilippe&min=500&sort=high-low"],
    ]);
  });

  it("no chips for defaults or for sort alone", () => {
    expect(filterChips(p(`min=0&max=${NO_MAX}&sort=newest&page=2`), english)).toEqual([]);
  });

  it("a chip for ₹10,000, SPEC.md §9's old default maximum, now a bound the shopper set (issue 48)", () => {
    expect(filterChips(p("max=10000"), english).map((c) => [c.label, c.to])).toEqual([["Max ₹10,000", "/collection"]]);
  });

  it("say the same in Hindi (issue 27): categories and price bounds in Hindi, brands and searches as written", () => {
    const chips = filterChips(p("q=gold&category=Women&brand=Casio&min=500&max=9000"), hindi);
    expect(chips.map((c) => c.label)).toEqual(["“gold”", "महिलाएँ", "Casio", "न्यूनतम ₹500", "अधिकतम ₹9,000"]);
  });
});

describe("the price range follows the catalogue (issue 48 item 1; docs/decisions/0970)", () => {
  it("priceBounds rounds the catalogue's lowest price down and its highest up, to whole rupees", () => {
    // [lowest paise, highest paise, shown min ₹, shown max ₹]
    const table: [number, number, number, number][] = [
      [149_500, 85_000_000, 1_495, 850_000],
      [149_550, 85_000_050, 1_495, 850_001],
      [99, 101, 0, 2],
      [0, 0, 0, 0],
      [1_234_567_800, 1_234_567_899, 12_345_678, 12_345_679],
    ];
    for (const [lowPaise, highPaise, min, max] of table) expect(priceBounds({ lowPaise, highPaise })).toEqual({ min, max });
    expect(priceBounds(null)).toBeNull();
  });

  // The catalogue of these rows shows ₹1,495 – ₹8,50,000 in the price boxes.
  const bounds = { min: 1_495, max: 850_000 };
  // [query as sent, canonical query, what the boxes show (min, max)]
  const table: [string, string, [number, number | null]][] = [
    ["", "", [1_495, 850_000]],
    // The no-JavaScript form sent untouched: the shown bounds are no bound.
    ["q=&min=1495&max=850000&sort=relevant", "", [1_495, 850_000]],
    ["category=Men&min=1495&max=850000", "?category=Men", [1_495, 850_000]],
    // One box changed, the other untouched: only the changed one is a bound.
    ["min=5000&max=850000", "?min=5000", [5_000, 850_000]],
    ["min=1495&max=20000", "?max=20000", [1_495, 20_000]],
    // Bookmarks keep meaning what they meant, ₹10,000 included (SPEC.md §9's old default).
    ["max=10000", "?max=10000", [1_495, 10_000]],
    ["min=0&max=10000", "?max=10000", [1_495, 10_000]],
    // A bound outside the catalogue's range is still the shopper's: kept, not widened or narrowed.
    ["min=500", "?min=500", [500, 850_000]],
    ["max=2000000", "?max=2000000", [1_495, 2_000_000]],
    ["max=850001", "?max=850001", [1_495, 850_001]],
    // Swapped first (SPEC.md §5 keeps whole numbers; the swap is decision 0121's), then compared.
    ["min=850000&max=1495", "", [1_495, 850_000]],
    ["min=abc&max=12.5", "", [1_495, 850_000]],
    [`max=${NO_MAX}`, "", [1_495, 850_000]],
  ];

  it("a bound equal to the shown one is no bound; any other is kept; the canonical query says so (a fixed table)", () => {
    for (const [query, canonical, [min, max]] of table) {
      const params = withoutShownBounds(parse(query), bounds);
      expect(collectionSearch(params), query).toBe(canonical);
      expect(shownPriceInputs(params, bounds), query).toEqual({ min, max });
      // Parsing the canonical query gives it back: no redirect loop.
      expect(collectionSearch(withoutShownBounds(parse(canonical.slice(1)), bounds)), query).toBe(canonical);
    }
  });

  it("an empty catalogue shows 0 and an empty box, and changes no bound", () => {
    expect(shownPriceInputs(DEFAULT_COLLECTION_PARAMS, null)).toEqual({ min: 0, max: null });
    expect(withoutShownBounds(parse("min=0&max=0"), null)).toMatchObject({ min: 0, max: 0 });
    expect(collectionSearch(withoutShownBounds(parse("max=850000"), null))).toBe("?max=850000");
  });

  it("dropping a shown bound never changes which products match (it excluded none)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        fc.boolean(),
        (pricesPaise, a, b, atLow, atHigh) => {
          const lowPaise = Math.min(...pricesPaise);
          const highPaise = Math.max(...pricesPaise);
          const shown = { min: Math.floor(lowPaise / 100), max: Math.ceil(highPaise / 100) };
          const asked = { ...DEFAULT_COLLECTION_PARAMS, min: atLow ? shown.min : Math.min(a, b), max: atHigh ? shown.max : Math.max(a, b) };
          const kept = withoutShownBounds(asked, priceBounds({ lowPaise, highPaise }));
          const matches = (p: CollectionParams) => pricesPaise.filter((paise) => paise >= p.min * 100 && paise <= p.max * 100);
          expect(matches(kept)).toEqual(matches(asked));
        },
      ),
    );
  });
});
