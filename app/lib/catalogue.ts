import { BRANDS, CATEGORIES, HOME_SECTION_SIZE, PAGE_SIZE, PAGINATION_WINDOW, type Brand, type Category } from "~/constants/store";
import type { CollectionParams } from "~/schemas/collection-params";
import type { Product } from "~/schemas/product";
import { normaliseSearchWord } from "~/lib/search-words";

/**
 * How many products each filter option would give (issue 10 item 2), computed disjunctively: the
 * count of an option applies every other group's selection, the search and the price range, plus
 * that option (a category's count ignores the selected categories, a brand's the selected brands).
 */
export type FacetCounts = { categories: Record<Category, number>; brands: Record<Brand, number> };

export type CataloguePage = {
  products: Product[];
  /** Products matching the filters, on all pages. */
  total: number;
  /** The 1-based page shown, clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last product shown; 0 and 0 when nothing matches. */
  from: number;
  to: number;
  facets: FacetCounts;
  /**
   * The lowest and highest effective price (what the shopper pays) of the whole shown catalogue,
   * whatever the filters, in paise; null when it is empty. The filter's inputs show it (issue 48
   * item 1; schemas/collection-params `priceBounds`).
   */
  priceRange: PriceRangePaise | null;
};

/** Lowest and highest effective price of a catalogue, in paise. */
export type PriceRangePaise = { lowPaise: number; highPaise: number };

/** The home page's product rows (SPEC.md §2): the first 10 in catalogue order, the first 10 bestsellers. */
export type HomeSections = { latest: Product[]; bestSellers: Product[] };

/**
 * The text that name search runs on: the name as JavaScript lower-cases it, and after a line break
 * the Hindi name when there is one (issue 27; docs/decisions/0880), normalised as the search words
 * are (lib/search-words `normaliseSearchWord`: NFC, no nukta), so a Hindi query the owner's table
 * does not translate still finds the watch by its Hindi name. The database stores it beside the
 * name (`products.search_name`), so the SQL and the in-memory query fold case the same way
 * (docs/decisions/0500-catalogue-in-the-database.md). A search's needle never holds a line break
 * (the collection page collapses spaces), so it never matches across the two names.
 */
export function searchName(name: string, nameHi?: string | null): string {
  return nameHi ? `${name.toLowerCase()}\n${normaliseSearchWord(nameHi)}` : name.toLowerCase();
}

/** The search needle of a query (SPEC.md §5: case-insensitive); "" searches nothing. */
export function searchNeedle(q: string): string {
  return q.toLowerCase();
}

const BRAND_SET: ReadonlySet<string> = new Set(BRANDS);

/** Zero counts for every option of the filter panel. */
export function emptyFacets(): FacetCounts {
  return {
    categories: Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>,
    brands: Object.fromEntries(BRANDS.map((b) => [b, 0])) as Record<Brand, number>,
  };
}

/** The page actually shown: `requested` clamped to [1, pageCount] for pages of `pageSize` (SPEC.md §9). */
export function clampPage(requested: number, total: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/**
 * Filters, searches, sorts and paginates the catalogue (SPEC.md §5, §9; DESIGN.md §5).
 * - `q`: case-insensitive substring of the name.
 * - categories match `category`, brands match `subCategory`; OR within a group, AND across groups.
 * - `min`/`max` are whole rupees, inclusive, against the price shown (price, else discount).
 * - sorts: relevant = catalogue order, low-high / high-low by price, newest by createdAt,
 *   bestselling by sold; ties keep catalogue order.
 * - pages of 25; a page past the end shows the last page.
 * - `priceRange` spans the whole catalogue, not the matches (the filter's inputs show it).
 * Pure: the input list is not changed.
 */
export function queryCatalogue(
  catalogue: readonly Product[],
  params: CollectionParams,
  pageSize = PAGE_SIZE,
): CataloguePage {
  const needle = searchNeedle(params.q);
  const minPaise = params.min * 100;
  const maxPaise = params.max * 100;
  const facets = emptyFacets();
  const categories = new Set<string>(params.categories);
  const brands = new Set<string>(params.brands);
  const brandCounts = facets.brands as Record<string, number>;
  let priceRange: PriceRangePaise | null = null;
  const matches: Product[] = [];
  for (const p of catalogue) {
    if (!priceRange) priceRange = { lowPaise: p.pricePaise, highPaise: p.pricePaise };
    else if (p.pricePaise < priceRange.lowPaise) priceRange.lowPaise = p.pricePaise;
    else if (p.pricePaise > priceRange.highPaise) priceRange.highPaise = p.pricePaise;
    if (p.pricePaise < minPaise || p.pricePaise > maxPaise) continue;
    if (needle !== "" && !searchName(p.name, p.nameHi).includes(needle)) continue;
    const categoryOk = categories.size === 0 || categories.has(p.category);
    const brandOk = brands.size === 0 || brands.has(p.subCategory);
    if (brandOk) facets.categories[p.category] += 1;
    if (categoryOk && BRAND_SET.has(p.subCategory)) brandCounts[p.subCategory] += 1;
    if (categoryOk && brandOk) matches.push(p);
  }
  const sorted = sortProducts(matches, params.sort);
  const total = sorted.length;
  const { page, pageCount, offset } = clampPage(params.page, total, pageSize);
  return cataloguePage(sorted.slice(offset, offset + pageSize), total, { page, pageCount, offset }, facets, priceRange);
}

/**
 * A CataloguePage from its parts: the page's products, the total, where the page is (clampPage),
 * the facet counts and the catalogue's price range (paise, null when empty). `from`/`to` are 1-based; 0 and 0 when nothing
 * matches. Shared by the in-memory and the SQL query so both answer in one shape.
 */
export function cataloguePage(
  products: Product[],
  total: number,
  { page, pageCount, offset }: ReturnType<typeof clampPage>,
  facets: FacetCounts,
  priceRange: PriceRangePaise | null,
): CataloguePage {
  return { products, total, page, pageCount, from: total === 0 ? 0 : offset + 1, to: offset + products.length, facets, priceRange };
}

/** The home page's rows over a catalogue in catalogue order (SPEC.md §2); pure. */
export function homeSections(catalogue: readonly Product[], size = HOME_SECTION_SIZE): HomeSections {
  const bestSellers: Product[] = [];
  for (const product of catalogue) {
    if (bestSellers.length >= size) break;
    if (product.bestseller) bestSellers.push(product);
  }
  return { latest: catalogue.slice(0, size), bestSellers };
}

function sortProducts(products: Product[], sort: CollectionParams["sort"]): Product[] {
  switch (sort) {
    case "relevant":
      return products;
    case "low-high":
      return stableSort(products, (a, b) => a.pricePaise - b.pricePaise);
    case "high-low":
      return stableSort(products, (a, b) => b.pricePaise - a.pricePaise);
    case "newest":
      return stableSort(products, (a, b) => b.createdAt - a.createdAt);
    case "bestselling":
      return stableSort(products, (a, b) => b.sold - a.sold);
  }
}

function stableSort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  // Array.prototype.sort is stable (ES2019); copy so the caller's list is untouched.
  return [...items].sort(compare);
}

export type PageLink = { kind: "page"; page: number } | { kind: "ellipsis"; key: string };

/**
 * The numbered links of a pager: a window of up to 5 pages around the current one, plus the first
 * and last page with an ellipsis where pages are skipped (SPEC.md §9).
 * Example: page 7 of 20 → 1 … 5 6 7 8 9 … 20.
 */
export function paginationWindow(page: number, pageCount: number, size = PAGINATION_WINDOW): PageLink[] {
  if (pageCount <= 1) return [{ kind: "page", page: 1 }];
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pageCount, start + size - 1);
  start = Math.max(1, end - size + 1);
  const links: PageLink[] = [];
  if (start > 1) {
    links.push({ kind: "page", page: 1 });
    if (start > 2) links.push({ kind: "ellipsis", key: "start" });
  }
  for (let n = start; n <= end; n++) links.push({ kind: "page", page: n });
  if (end < pageCount) {
    if (end < pageCount - 1) links.push({ kind: "ellipsis", key: "end" });
    links.push({ kind: "page", page: pageCount });
  }
  return links;
}

/**
 * Products related to one: same brand first, then same category, then the rest, in catalogue
 * order (SPEC.md §2: up to 5). Never the product itself, never another listing of the same model
 * (same `modelKey`: the same watch in another size, dial or price), and at most one listing per
 * model, so the row shows `count` different watches (issue 9, "a demo catalogue a shopper would
 * believe"; docs/decisions/0425-believable-demo-catalogue.md).
 */
export function relatedProducts(catalogue: readonly Product[], product: Product, count: number): Product[] {
  const score = (p: Product) =>
    (p.subCategory === product.subCategory ? 2 : 0) + (p.category === product.category ? 1 : 0);
  const seen = new Set([modelKey(product)]);
  const related: Product[] = [];
  for (const candidate of stableSort([...catalogue], (a, b) => score(b) - score(a))) {
    if (related.length >= count) break;
    const key = modelKey(candidate);
    if (candidate.id === product.id || seen.has(key)) continue;
    seen.add(key);
    related.push(candidate);
  }
  return related;
}

const DIAL_COLOURS =
  "black|blue|green|white|silver|champagne|grey|gray|brown|salmon|burgundy|mother of pearl|pearl|red|pink|gold|yellow|purple|orange|ivory|cream|anthracite|two-tone";
/** A token of a maker's reference: a digit and either 4+ characters or letters too ("126610LN", "SRPD55K1", "T137.407.11.041.00"). */
const isReference = (token: string) => /\d/.test(token) && (token.length >= 4 || /[a-z]/i.test(token));

/**
 * The model a listing is for, as a shopper reads its name: `"<brand>|<name>"` lower-cased, without
 * the brand's words at the start, the case size ("41mm"), the dial colour ("Mother of Pearl
 * Dial") and the maker's reference at the end ("126610LN", "5227G & 4897G", "126334 / 279174").
 * "Rolex Submariner Date 41mm Black Dial 126610LN" and "Rolex Submariner Date Green Dial
 * 126610LV" are one model ("rolex|submariner date"); "Rolex Datejust 41 126334" and "Rolex
 * Datejust His and Hers Set 126334 / 279174" are two. Pure; used by `relatedProducts` and the
 * demo catalogue's test (issue 9: no two demo products share brand + model).
 */
export function modelKey(product: Pick<Product, "name" | "subCategory">): string {
  const brandWords = product.subCategory.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  let name = product.name.toLowerCase().replace(/\s+/g, " ").trim();
  if (name.startsWith(`${brandWords} `)) name = name.slice(brandWords.length + 1);
  name = name
    .replace(/\b\d+(?:\.\d+)?\s?mm\b/g, " ")
    .replace(new RegExp(`\\b(?:${DIAL_COLOURS})(?: (?:${DIAL_COLOURS}))* dial\\b`, "g"), " ");
  const tokens = name.split(" ").filter(Boolean);
  if (tokens.length > 1 && isReference(tokens[tokens.length - 1])) {
    tokens.pop();
    while (tokens.length > 2 && ["&", "/", "+"].includes(tokens[tokens.length - 1]) && isReference(tokens[tokens.length - 2])) {
      tokens.splice(-2, 2);
    }
  }
  return `${product.subCategory.toLowerCase()}|${tokens.join(" ")}`;
}
