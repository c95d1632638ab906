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
  type CollectionParams,
} from "~/schemas/collection-params";

const parse = (query: string) => parseCollectionParams(new URLSearchParams(query));

describe("parseCollectionParams (DESIGN §5 URL contract)", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_COLLECTION_PARAMS);
    expect(DEFAULT_COLLECTION_PARAMS).toMatchObject({ min: 0, max: 10_000, sort: "relevant", page: 1 });
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
      expect(parse(`min=${bad}&max=${bad}`), bad).toMatchObject({ min: 0, max: 10_000 });
    }
    expect(parse("min=0007&max=%208000%20")).toMatchObject({ min: 7, max: 8000 });
    expect(parse("max=25000")).toMatchObject({ min: 0, max: 25_000 });
  });

  it("swaps bounds given the wrong way round", () => {
    expect(parse("min=9000&max=2000")).toMatchObject({ min: 2000, max: 9000 });
    expect(parse("min=20000")).toMatchObject({ min: 10_000, max: 20_000 });
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
    expect(collectionSearch({ min: 0, max: 10_000, sort: "relevant", page: 1, q: "" })).toBe("");
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
    expect(filterChips(p("min=0&max=10000&sort=newest&page=2"), english)).toEqual([]);
  });

  it("say the same in Hindi (issue 27): categories and price bounds in Hindi, brands and searches as written", () => {
    const chips = filterChips(p("q=gold&category=Women&brand=Casio&min=500&max=9000"), hindi);
    expect(chips.map((c) => c.label)).toEqual(["“gold”", "महिलाएँ", "Casio", "न्यूनतम ₹500", "अधिकतम ₹9,000"]);
  });
});
