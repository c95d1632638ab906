import { useT, type Translator } from "~/i18n/use-t";
import { Link } from "~/components/ui/local-links";
import { brandLabel, CATEGORY_NAMES } from "~/components/FilterPanel";
import { DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN } from "~/constants/store";
import { formatPaise } from "~/lib/money";
import { collectionSearch, type CollectionParams } from "~/schemas/collection-params";

/** One removable filter: what the chip says and the collection without it (page dropped). */
export type FilterChip = { key: string; label: string; to: string };

/**
 * The chips of the active filters, in the filter panel's order: search, categories, brands, then
 * the price bounds the shopper set (SPEC.md §2; not the defaults DEFAULT_PRICE_MIN/MAX, which are
 * no bound since issue 48, docs/decisions/0970). Each chip's `to` is the
 * canonical /collection URL with that one value removed and page 1 (SPEC.md §4); sort is kept.
 * `t` gives the words in the page's language (i18n/use-t.ts).
 */
export function filterChips(params: CollectionParams, t: Translator["t"]): FilterChip[] {
  const base = { ...params, page: 1 };
  const to = (next: Partial<CollectionParams>) => `/collection${collectionSearch({ ...base, ...next })}`;
  const chips: FilterChip[] = [];
  if (params.q) chips.push({ key: "q", label: `“${params.q}”`, to: to({ q: "" }) });
  for (const category of params.categories) {
    chips.push({ key: `category-${category}`, label: t(CATEGORY_NAMES[category]), to: to({ categories: params.categories.filter((c) => c !== category) }) });
  }
  for (const brand of params.brands) {
    chips.push({ key: `brand-${brand}`, label: brandLabel(brand), to: to({ brands: params.brands.filter((b) => b !== brand) }) });
  }
  if (params.min !== DEFAULT_PRICE_MIN) {
    chips.push({ key: "min", label: t("collection.minChip", { price: formatPaise(params.min * 100) }), to: to({ min: DEFAULT_PRICE_MIN }) });
  }
  if (params.max !== DEFAULT_PRICE_MAX) {
    chips.push({ key: "max", label: t("collection.maxChip", { price: formatPaise(params.max * 100) }), to: to({ max: DEFAULT_PRICE_MAX }) });
  }
  return chips;
}

/**
 * Active-filter chips, each a link that removes that one filter ("Remove filter: Casio"), and
 * Clear all, a link to /collection that keeps nothing (SPEC.md §2). Renders nothing when no
 * filter is active.
 */
export function ActiveFilters({ params }: { params: CollectionParams }) {
  const { t } = useT();
  const chips = filterChips(params, t);
  if (chips.length === 0) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <h2 className="sr-only">{t("collection.activeFilters")}</h2>
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.to}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full border border-gray-300 bg-gray-50 py-1 pl-3 pr-2 text-sm text-gray-800 hover:border-gray-900 hover:bg-white"
            >
              <span className="sr-only">{t("collection.removeFilter")}</span>
              {chip.label}
              <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 text-gray-600">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/collection" preventScrollReset className="px-2 py-1 text-sm font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600">
        {t("collection.clearAll")}
      </Link>
    </div>
  );
}
