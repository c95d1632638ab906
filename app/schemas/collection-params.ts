import {
  BRANDS,
  CATEGORIES,
  DEFAULT_PRICE_MAX,
  DEFAULT_PRICE_MIN,
  SORTS,
  type Brand,
  type Category,
  type Sort,
} from "~/constants/store";

/** The parsed, normalised /collection query (DESIGN.md §5). Prices in whole rupees. */
export type CollectionParams = {
  q: string;
  categories: Category[];
  brands: Brand[];
  min: number;
  max: number;
  sort: Sort;
  page: number;
};

export const DEFAULT_COLLECTION_PARAMS: CollectionParams = {
  q: "",
  categories: [],
  brands: [],
  min: DEFAULT_PRICE_MIN,
  max: DEFAULT_PRICE_MAX,
  sort: "relevant",
  page: 1,
};

/** The query parameters of the URL contract; any other parameter is left alone (DESIGN.md §5). */
export const COLLECTION_PARAM_NAMES = ["q", "category", "brand", "min", "max", "sort", "page"] as const;

/**
 * A whole number from `min` to `max` written in 1–10 digits (spaces around ignored), else
 * `fallback`: "1e3", "0x10", "-5", "12.5" are not whole rupees and are ignored (SPEC.md §5).
 */
function wholeNumberOr(raw: string | null, min: number, max: number, fallback: number): number {
  const text = raw?.trim() ?? "";
  if (!/^\d{1,10}$/.test(text)) return fallback;
  const value = Number(text);
  return value >= min && value <= max ? value : fallback;
}

/** Longest search text kept, in characters (code points, so an emoji is never cut in half). */
export const SEARCH_MAX_CHARS = 100;

/**
 * Control characters cannot be typed into a search box and no product name holds one; PostgreSQL
 * refuses NUL in text. They are dropped from `q` (docs/decisions/0500).
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Folds a group value for matching: "patek philippe", "PATEKPHILIPPE" and "PatekPhilippe" agree. */
const fold = (value: string) => value.replace(/[\s_-]+/g, "").toLowerCase();

/**
 * Keeps the values a group allows, in the group's own order, once each (canonical form).
 * Matching ignores case and spaces, so a hand-typed `brand=patek philippe` still works.
 */
function pick<T extends string>(allowed: readonly T[], values: readonly string[]): T[] {
  const wanted = new Set(values.map(fold));
  return allowed.filter((a) => wanted.has(fold(a)));
}

/**
 * Parses /collection query parameters (DESIGN.md §5). Never throws: a bad or unknown value is
 * ignored and its default used (SPEC.md §5: non-numeric price input is ignored). Whitespace-only
 * values are empty; `q` loses control characters, is trimmed and cut to 100 characters; categories and brands match without
 * regard to case or spaces and come back in their canonical spelling and order; `min` > `max`
 * swaps the bounds. Prices are whole rupees. No zod: the collection page reads its own form with
 * this in the browser too (DESIGN.md §17; tests/unit/field-rules.test.ts compares it with the
 * zod rules it replaced).
 */
export function parseCollectionParams(search: URLSearchParams): CollectionParams {
  let min = wholeNumberOr(search.get("min"), 0, 1_000_000_000, DEFAULT_PRICE_MIN);
  let max = wholeNumberOr(search.get("max"), 0, 1_000_000_000, DEFAULT_PRICE_MAX);
  if (min > max) [min, max] = [max, min];
  const sort = search.get("sort")?.trim().toLowerCase();
  return {
    q: Array.from((search.get("q") ?? "").replace(CONTROL_CHARACTERS, "").trim()).slice(0, SEARCH_MAX_CHARS).join("").trim(),
    categories: pick(CATEGORIES, search.getAll("category")),
    brands: pick(BRANDS, search.getAll("brand")),
    min,
    max,
    sort: SORTS.find((known) => known === sort) ?? "relevant",
    page: wholeNumberOr(search.get("page"), 1, 1_000_000, 1),
  };
}

/** The catalogue's price range as the filter's inputs show it: whole rupees, `min` ≤ `max`. */
export type PriceBounds = { min: number; max: number };

/**
 * The price filter's shown bounds for a catalogue whose effective prices (what the shopper pays,
 * SPEC.md §3: price, else discount) run from `lowPaise` to `highPaise`: rounded outward to whole
 * rupees (floor, ceil), so every product lies inside them; null for an empty catalogue (null in).
 * Issue 48 item 1; docs/decisions/0970.
 */
export function priceBounds(range: { lowPaise: number; highPaise: number } | null): PriceBounds | null {
  if (!range) return null;
  return { min: Math.floor(range.lowPaise / 100), max: Math.ceil(range.highPaise / 100) };
}

/**
 * `params` with a price bound that equals the catalogue's shown bound taken as no bound
 * (DEFAULT_PRICE_MIN / DEFAULT_PRICE_MAX): the filter form carries the shown bounds in its inputs,
 * so a form sent untouched (without JavaScript) or with only the other bound changed must not
 * write today's cheapest or dearest price into a bookmark (docs/decisions/0970). Any other
 * bound is the shopper's and is kept, even one outside the catalogue's range. Pure; `bounds`
 * null (an empty catalogue) changes nothing.
 */
export function withoutShownBounds(params: CollectionParams, bounds: PriceBounds | null): CollectionParams {
  if (!bounds) return params;
  const min = params.min === bounds.min ? DEFAULT_PRICE_MIN : params.min;
  const max = params.max === bounds.max ? DEFAULT_PRICE_MAX : params.max;
  return min === params.min && max === params.max ? params : { ...params, min, max };
}

/**
 * What the price inputs show for `params`: the shopper's bound where one is set, else the
 * catalogue's shown bound (whole rupees); `max` is null (an empty box) when there is no upper
 * bound and no catalogue to take one from.
 */
export function shownPriceInputs(params: CollectionParams, bounds: PriceBounds | null): { min: number; max: number | null } {
  return {
    min: params.min !== DEFAULT_PRICE_MIN ? params.min : (bounds?.min ?? DEFAULT_PRICE_MIN),
    max: params.max !== DEFAULT_PRICE_MAX ? params.max : (bounds?.max ?? null),
  };
}

/**
 * The canonical query string for a filter set, defaults left out, with a leading "?" or "" when
 * every value is a default (DESIGN.md §5).
 */
export function collectionSearch(params: Partial<CollectionParams>): string {
  const p = { ...DEFAULT_COLLECTION_PARAMS, ...params };
  const search = new URLSearchParams();
  if (p.q) search.set("q", p.q);
  for (const c of pick(CATEGORIES, p.categories)) search.append("category", c);
  for (const b of pick(BRANDS, p.brands)) search.append("brand", b);
  if (p.min !== DEFAULT_PRICE_MIN) search.set("min", String(p.min));
  if (p.max !== DEFAULT_PRICE_MAX) search.set("max", String(p.max));
  if (p.sort !== "relevant") search.set("sort", p.sort);
  if (p.page > 1) search.set("page", String(p.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
