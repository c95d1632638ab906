import { useT } from "~/i18n/use-t";
import { languageOfPath, pathIn } from "~/i18n/language";
import type { MetaDescriptor } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { Form, Link, useNavigate } from "~/components/ui/local-links";
import { Suspense, useCallback, useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { ActiveFilters } from "~/components/ActiveFilters";
import { LazyCollectionSkeleton, useCollectionPending } from "~/components/navigation-pending";
import { FilterPanel } from "~/components/FilterPanel";
import type { FacetCounts } from "~/lib/catalogue";
import { Pagination } from "~/components/Pagination";
import { ProductCard } from "~/components/ProductCard";
import type { ProductCardData } from "~/lib/product-card";
import { SortSelect } from "~/components/SortSelect";
import { COLLECTION_SEARCH_ID, PRODUCT_GRID_CLASS } from "~/constants/store";
import {
  collectionSearch,
  parseCollectionParams,
  SEARCH_MAX_CHARS,
  shownPriceInputs,
  withoutShownBounds,
  type CollectionParams,
  type PriceBounds,
} from "~/schemas/collection-params";

/** The loader data a collection page renders (see loadCollectionPage; JSON-serialised). */
export type CollectionPageProps = {
  cards: ProductCardData[];
  total: number;
  facets: FacetCounts;
  page: number;
  pageCount: number;
  from: number;
  to: number;
  params: CollectionParams;
  /** The catalogue's price range in whole rupees (rounded outward), shown where no bound is set; null when empty. */
  priceBounds: PriceBounds | null;
  basePath: string;
  canonicalUrl: string;
  curated: { title: string; description: string } | null;
  /** The page's meta tags, built by the loader. */
  meta: MetaDescriptor[];
};

/** Typing in the search or price boxes applies after this pause (JavaScript on). */
const TYPING_DEBOUNCE_MS = 450;
const FILTER_FIELDS = new Set(["q", "category", "brand", "min", "max", "sort"]);

/**
 * A product listing: /collection or a curated page (SPEC.md §2 Collection; DESIGN.md §5). One GET
 * form to /collection holds the search box, the filter panel and the sort select and has no `page`
 * field, so every change starts again at page 1. Without JavaScript it is a plain form with Apply
 * buttons, and the loader redirects its long query to the canonical URL. With JavaScript a change
 * navigates straight to the canonical URL (checkboxes and sort at once, typing after a pause), the
 * grid dims and, if the wait is long, turns into the 25-card skeleton.
 */
export function CollectionPage(data: CollectionPageProps) {
  const { params, priceBounds, facets, cards, total, from, to, page, pageCount, basePath, curated } = data;
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { pending, showSkeleton } = useCollectionPending("within");
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const replaceNextTyping = useRef(false);
  const paramsKey = collectionSearch(params);
  const [lowest, highest] = [priceBounds?.min ?? null, priceBounds?.max ?? null];
  const { t } = useT();

  // Keep the form in step with the URL (back/forward, chips, pager) and the catalogue's price
  // range, but never under the cursor.
  useEffect(() => {
    const form = formRef.current;
    const bounds = lowest === null || highest === null ? null : { min: lowest, max: highest };
    if (form) syncForm(form, parseCollectionParams(new URLSearchParams(paramsKey)), bounds);
  }, [paramsKey, lowest, highest]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const apply = useCallback(
    (form: HTMLFormElement, replace: boolean) => {
      clearTimeout(typingTimer.current);
      // The price inputs hold the catalogue's bounds where the shopper set none: those are no bound (decision 0970).
      const bounds = lowest === null || highest === null ? null : { min: lowest, max: highest };
      const target = `/collection${collectionSearch({ ...withoutShownBounds(formParams(form), bounds), page: 1 })}`;
      if (pathIn(target, languageOfPath(location.pathname)) === `${location.pathname}${location.search}`) return;
      navigate(target, { preventScrollReset: true, replace });
    },
    [location.pathname, location.search, navigate, lowest, highest],
  );

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    const form = event.currentTarget;
    if (!FILTER_FIELDS.has(field.name)) return;
    if (field instanceof HTMLSelectElement || field.type === "checkbox") {
      replaceNextTyping.current = false;
      apply(form, false);
      return;
    }
    clearTimeout(typingTimer.current);
    if (!field.validity.valid) return;
    typingTimer.current = setTimeout(() => {
      // One history entry per burst of typing, not per pause.
      apply(form, replaceNextTyping.current);
      replaceNextTyping.current = true;
    }, TYPING_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    replaceNextTyping.current = false;
    apply(event.currentTarget, false);
  }

  const hrefForPage = (n: number) =>
    `${basePath}${basePath === "/collection" ? collectionSearch({ ...params, page: n }) : collectionSearch({ page: n })}`;

  return (
    // The filter form holds the search, the filters and the sort, not the listing: the cards' hearts
    // are forms of their own, and forms cannot nest (docs/decisions/0711). On wide screens the
    // form's parts and the listing share one grid (the form is `display: contents`; tailwind.css).
    <div className="collection-layout mx-auto max-w-screen-xl px-4 pb-16 pt-8 sm:px-6 lg:px-8">
      <Form
        className="contents"
        ref={formRef}
        method="get"
        action="/collection"
        autoComplete="off"
        onChange={onChange}
        onSubmit={onSubmit}
        onBlur={() => (replaceNextTyping.current = false)}
      >
        <div className="cl-head mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h1 className="flex items-center gap-3 text-2xl tracking-wide text-gray-900 sm:text-3xl">
              {curated ? (
                <span className="font-medium uppercase">{curated.title}</span>
              ) : (
                <span>
                  <span className="text-gray-600">{t("collection.allLead")}</span>
                  <span className="font-medium">{t("collection.allMain")}</span>
                </span>
              )}
              <span aria-hidden="true" className="hidden h-[2px] w-10 bg-gray-800 sm:block" />
            </h1>
            {curated ? <p className="mt-2 max-w-prose text-sm text-gray-600">{curated.description}</p> : null}
          </div>
          <SearchBox q={params.q} />
        </div>

        <div className="cl-filters mb-4 md:mb-0">
          <FilterPanel params={params} facets={facets} priceBounds={priceBounds} />
        </div>
        <div className="mb-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between cl-bar">
          <p role="status" className="text-sm text-gray-700" data-testid="result-count">
            {total > 0 ? t("collection.showing", { from, to, total }) : ""}
          </p>
          <SortSelect sort={params.sort} />
        </div>
        <div className="cl-chips">
          <ActiveFilters params={params} />
        </div>
      </Form>

      <div className="cl-list">
        {showSkeleton ? (
          <Suspense fallback={null}>
            <LazyCollectionSkeleton />
          </Suspense>
        ) : cards.length === 0 ? (
          <EmptyState />
        ) : (
          <div aria-busy={pending} className={pending ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <h2 className="sr-only">{t("collection.watches")}</h2>
            <ul className={PRODUCT_GRID_CLASS} data-testid="product-grid">
              {cards.map((card, index) => (
                <li key={card.id}>
                  <ProductCard product={card} eager={index < 4} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={pageCount} hrefForPage={hrefForPage} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The search box (SPEC.md §5: case-insensitive substring of the name); also the header's target. */
function SearchBox({ q }: { q: string }) {
  const { t } = useT();
  return (
    <div role="search" className="flex w-full md:w-80">
      <label htmlFor={COLLECTION_SEARCH_ID} className="sr-only">
        {t("collection.searchWatches")}
      </label>
      <input
        id={COLLECTION_SEARCH_ID}
        name="q"
        type="search"
        defaultValue={q}
        maxLength={SEARCH_MAX_CHARS}
        placeholder={t("collection.searchWatches")}
        enterKeyHint="search"
        className="min-w-0 flex-1 rounded-l border border-r-0 border-gray-300 px-3 py-2 text-sm text-gray-900 placeholder:text-gray-600"
      />
      <button
        type="submit"
        className="inline-flex items-center rounded-r border border-gray-900 bg-gray-900 px-3 text-white hover:bg-gray-700"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t("collection.search")}</span>
      </button>
    </div>
  );
}

/** SPEC.md §2: 'No watches found' with a Clear all filters button (a link to /collection). */
function EmptyState() {
  const { t } = useT();
  return (
    <div className="rounded border border-dashed border-gray-300 px-6 py-16 text-center" data-testid="empty-state">
      <h2 className="text-xl font-medium text-gray-900">{t("collection.noWatches")}</h2>
      <p className="mt-2 text-sm text-gray-600">{t("collection.tryDifferent")}</p>
      <Link
        to="/collection"
        className="mt-6 inline-block rounded bg-gray-900 px-6 py-3 text-sm font-medium text-white hover:bg-gray-700"
      >
        {t("collection.clearAllFilters")}
      </Link>
    </div>
  );
}

/** The filters the form holds now, read the way the server reads the URL. */
function formParams(form: HTMLFormElement): CollectionParams {
  const search = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && FILTER_FIELDS.has(name)) search.append(name, value);
  }
  return parseCollectionParams(search);
}

/**
 * Sets the form's fields to `params`, leaving alone the field that has the focus; a price box with
 * no bound set shows the catalogue's (`bounds`).
 */
function syncForm(form: HTMLFormElement, params: CollectionParams, bounds: PriceBounds | null) {
  const prices = shownPriceInputs(params, bounds);
  for (const element of Array.from(form.elements)) {
    if (element === document.activeElement && !(element instanceof HTMLInputElement && element.type === "checkbox")) continue;
    if (element instanceof HTMLSelectElement && element.name === "sort") element.value = params.sort;
    if (!(element instanceof HTMLInputElement)) continue;
    if (element.name === "category") element.checked = (params.categories as string[]).includes(element.value);
    else if (element.name === "brand") element.checked = (params.brands as string[]).includes(element.value);
    else if (element.name === "q") element.value = params.q;
    else if (element.name === "min") element.value = String(prices.min);
    else if (element.name === "max") element.value = prices.max === null ? "" : String(prices.max);
  }
}

/**
 * The meta tags of a collection page: those its loader built (`collectionPageMeta` in
 * app/utils/collection-page.server.ts, so their code stays out of the page's JavaScript;
 * docs/decisions/0530), or a plain title when there is no data (an error).
 */
export function collectionMeta(data: { meta?: MetaDescriptor[] } | undefined, storeName = "Chrono India"): MetaDescriptor[] {
  return data?.meta ?? [{ title: `Watches | ${storeName}` }];
}
