import { catalogueSearch } from "~/lib/search-words";
import { loadSearchWords } from "~/utils/search-words.server";
import { messagesFor, translate, type PageMessages } from "~/i18n/messages.server";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import type { MessageValues } from "~/i18n/format";
import { stockWordsIn } from "~/utils/stock-words.server";
import { languageOfPath, pathIn, type Language } from "~/i18n/language";
import { json, redirect, type MetaDescriptor } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { toCardData, type ProductCardData } from "~/lib/product-card";
import { productIn } from "~/utils/product-texts.server";
import type { FacetCounts } from "~/lib/catalogue";
import { curatedParams, type CuratedCollection } from "~/lib/curated-collections";
import {
  COLLECTION_PARAM_NAMES,
  collectionSearch,
  parseCollectionParams,
  priceBounds,
  withoutShownBounds,
  type CollectionParams,
  type PriceBounds,
} from "~/schemas/collection-params";
import { breadcrumbJsonLd, brandName, jsonLdMeta, previewMeta } from "~/lib/seo";
import { publicEnv, publicUrl } from "~/config/env.server";

/** What a collection page needs: one page of cards (never the catalogue) and where it is. */
export type CollectionPageData = {
  /** The 25 (or fewer) cards of this page. */
  cards: ProductCardData[];
  total: number;
  /** How many products each Category and Brand option would give (disjunctive; issue 10 item 2). */
  facets: FacetCounts;
  /** 1-based, clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last card shown; 0 and 0 when nothing matches. */
  from: number;
  to: number;
  /** The filters in effect, page included (prices in whole rupees; DEFAULT_PRICE_MIN/MAX: no bound). */
  params: CollectionParams;
  /**
   * The catalogue's lowest and highest price in whole rupees, rounded outward: what the price
   * inputs show where the shopper set no bound; null for an empty catalogue (issue 48 item 1).
   */
  priceBounds: PriceBounds | null;
  /** "/collection", or the curated page's own path; pager links stay on it. */
  basePath: string;
  /** Absolute canonical URL of this page. */
  canonicalUrl: string;
  /** The "collection" namespace of the page's language (issue 27; i18n/messages.server.ts). */
  messages: PageMessages;
  /** Heading and one-line description of a curated page; null on /collection. */
  curated: { title: string; description: string } | null;
  /** The page's meta tags (`collectionPageMeta`), for the route's `meta`. */
  meta: MetaDescriptor[];
};

const PARAM_NAMES = new Set<string>(COLLECTION_PARAM_NAMES);


/**
 * Loads /collection (DESIGN.md §5): parses the query, runs the catalogue query and answers one page
 * of cards. A URL that is not in canonical form (defaults spelled out, as the no-JavaScript form
 * sends them; a price bound equal to the catalogue's shown lowest or highest price, which the form's
 * inputs carry (docs/decisions/0970); bad values; a page past the end; another parameter order) is
 * redirected (302) to the canonical URL, keeping parameters outside the contract
 * (docs/decisions/0121-collection-urls.md).
 * For a curated page the filters are its preset and only `page` is read from the URL.
 * Throws: the redirect Response; whatever the backend throws when the catalogue cannot be read.
 */
export async function loadCollectionPage(request: Request, curated?: CuratedCollection) {
  const url = new URL(request.url);
  const requested = curated
    ? { ...curatedParams(curated), page: parseCollectionParams(url.searchParams).page }
    : parseCollectionParams(url.searchParams);
  // The search as the catalogue reads it: Hindi words and Devanagari brand names through the
  // owner's table (issue 27 item 3); the page, its URL and its chips keep what the shopper typed.
  const q = requested.q === "" ? "" : catalogueSearch(requested.q, await loadSearchWords());
  const asked = { ...requested, q };
  const result = await getBackend().queryCatalogue(asked);
  // A bound equal to the catalogue's shown one (the no-JavaScript form sent untouched) is no bound
  // and leaves the canonical URL; it excluded nothing, so `result` is the same (decision 0970).
  const bounds = priceBounds(result.priceRange);
  const params: CollectionParams = { ...(curated ? requested : withoutShownBounds(requested, bounds)), page: result.page };
  const basePath = curated ? curated.path : "/collection";
  const canonicalSearch = curated ? collectionSearch({ page: params.page }) : collectionSearch(params);

  const contractParams = new URLSearchParams();
  const otherParams = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    (PARAM_NAMES.has(name) ? contractParams : otherParams).append(name, value);
  }
  const given = contractParams.toString();
  if ((given ? `?${given}` : "") !== canonicalSearch) {
    const others = otherParams.toString();
    const search = canonicalSearch ? `${canonicalSearch}${others ? `&${others}` : ""}` : others ? `?${others}` : "";
    throw redirect(`${basePath}${search}`, { status: 302, headers: { "Cache-Control": "no-cache" } });
  }

  const origin = publicUrl();
  const language = languageOfPath(url.pathname);
  const page: Omit<CollectionPageData, "meta"> = {
    // Hindi pages show the owner's Hindi names where set (docs/decisions/0880); English ones are untouched.
    cards: result.products.map((product) => toCardData(productIn(product, language), stockWordsIn(language))),
    total: result.total,
    facets: result.facets,
    page: result.page,
    pageCount: result.pageCount,
    from: result.from,
    to: result.to,
    params,
    priceBounds: bounds,
    basePath,
    canonicalUrl: `${origin}${pathIn(basePath, language)}${canonicalSearch}`,
    curated: curated ? curatedWords(curated, language) : null,
    // The filters', sort's and pager's words in the page's language (issue 27; i18n/use-t.ts).
    messages: messagesFor(language, ["collection"]),
  };
  const data: CollectionPageData = { ...page, meta: collectionPageMeta(page, publicEnv().STORE_NAME, language) };
  return json(data, { headers: cacheHeaders(request) });
}

/**
 * The meta tags of a collection page: a title that says what is listed (and the page when past
 * the first), a description, the canonical link and link previews (DESIGN.md §5), and the
 * BreadcrumbList (issue 11 item 4). Built here, in the loader, so this code and app/lib/seo.ts
 * stay out of the page's JavaScript (DESIGN.md §17; docs/decisions/0530).
 */
export function collectionPageMeta(data: Omit<CollectionPageData, "meta">, storeName: string, language: Language = "en"): MetaDescriptor[] {
  const { params, curated, page, total } = data;
  const say = (key: MessageKey, values?: MessageValues) => translate(language, key, values);
  let subject = curated?.title ?? say("curated.allWatches");
  if (!curated && params.q) subject = say("curated.searchResults", { q: params.q });
  else if (!curated && (params.brands.length || params.categories.length)) {
    const brands = params.brands.map(brandName).join(", ");
    const categories = params.categories.map((category) => say(CATEGORY_KEYS[category])).join(", ");
    const forWhom = params.categories.length ? say("curated.forWhom", { categories }) : "";
    subject = brands ? `${say("curated.brandWatches", { brands })}${forWhom}` : `${say("curated.watches")}${forWhom}`;
  }
  const pageNote = page > 1 ? say("curated.pageNote", { page: String(page) }) : "";
  const description = curated
    ? curated.description
    : params.q
      ? say("curated.metaDescriptionSearch", { total, q: params.q })
      : say("curated.metaDescription", { total });
  const origin = new URL(data.canonicalUrl).origin;
  const title = `${subject}${pageNote} | ${storeName}`;
  return [
    { title },
    { name: "description", content: description },
    ...previewMeta({ title, description, url: data.canonicalUrl, image: data.cards[0] ? new URL(data.cards[0].image, origin).href : null, storeName }),
    jsonLdMeta(
      breadcrumbJsonLd([
        { name: say("curated.home"), url: `${origin}${pathIn("/", language)}` },
        ...(curated
          ? [
              { name: say("curated.collection"), url: `${origin}${pathIn("/collection", language)}` },
              { name: curated.title, url: data.canonicalUrl },
            ]
          : [{ name: say("curated.collection"), url: data.canonicalUrl }]),
      ]),
    ),
  ] as MetaDescriptor[];
}

/** Each curated page's words in the catalogue (`curated` namespace), by its path. */
const CURATED_KEYS: Record<string, { title: MessageKey; description: MessageKey }> = {
  "/collection/luxury": { title: "curated.luxuryTitle", description: "curated.luxuryDescription" },
  "/collection/sport": { title: "curated.sportTitle", description: "curated.sportDescription" },
  "/collection/smart": { title: "curated.smartTitle", description: "curated.smartDescription" },
  "/collection/classic": { title: "curated.classicTitle", description: "curated.classicDescription" },
  "/collection/limited": { title: "curated.limitedTitle", description: "curated.limitedDescription" },
  "/new-arrivals": { title: "curated.newArrivalsTitle", description: "curated.newArrivalsDescription" },
};

/** The shopper categories' names in the catalogue (the URL's `category` values). */
const CATEGORY_KEYS: Record<string, MessageKey> = { Men: "collection.categoryMen", Women: "collection.categoryWomen", Couple: "collection.categoryCouple" };

/**
 * A curated collection's heading and sentence in `language` (issue 27): the catalogue's words for
 * its path; the collection's own English where the catalogue has none (a collection added later).
 */
export function curatedWords(curated: CuratedCollection, language: Language): { title: string; description: string } {
  const keys = CURATED_KEYS[curated.path];
  if (!keys) return { title: curated.title, description: curated.description };
  return { title: translate(language, keys.title), description: translate(language, keys.description) };
}

/**
 * Cache headers for a collection page: a shopper without cookies sees nothing personal, so shared
 * caches may keep it briefly (60 s, then serve stale for 60 s while refreshing); with cookies the
 * page carries the shopper's header (name, cart count), so only the browser keeps it, revalidating.
 */
function cacheHeaders(request: Request): HeadersInit {
  const anonymous = !request.headers.get("Cookie");
  return {
    "Cache-Control": anonymous ? "public, max-age=0, s-maxage=60, stale-while-revalidate=60" : "private, no-cache",
    Vary: "Cookie",
  };
}

/** The route's `headers` export: the loader's cache headers apply to the document too. */
export function collectionHeaders({ loaderHeaders }: { loaderHeaders: Headers }): HeadersInit {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
