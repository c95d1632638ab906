import type { MessageKey } from "~/i18n/catalogues/en.server";
import { useT } from "~/i18n/use-t";
import { useEffect, useRef, type ReactNode } from "react";
import { BRANDS, CATEGORIES, DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN, type Category } from "~/constants/store";
import type { FacetCounts } from "~/lib/catalogue";
import { shownPriceInputs, type CollectionParams, type PriceBounds } from "~/schemas/collection-params";

/** Each category's name in the catalogue (the URL and data keep SPEC.md's value, "Men"). */
export const CATEGORY_NAMES: Record<Category, MessageKey> = {
  Men: "collection.categoryMen",
  Women: "collection.categoryWomen",
  Couple: "collection.categoryCouple",
};

/** A brand as shoppers read it; the URL and data keep the SPEC.md value ("PatekPhilippe"). */
export function brandLabel(brand: string): string {
  return brand === "PatekPhilippe" ? "Patek Philippe" : brand;
}

/**
 * The collection's filter panel (SPEC.md §2): Categories, Brands and Price range in collapsible
 * sections (<details open>), inside one <details> whose summary "FILTERS" is the show/hide toggle
 * of small screens. On wide screens CSS keeps the panel open (`::details-content`) and the summary
 * is only its heading; with JavaScript the panel is also opened there for browsers without that
 * CSS. No checkbox trick and no second copy: a text browser reads each field once (issue 9 item 2).
 * Its fields belong to the surrounding GET form (names `category`, `brand`, `min`, `max`,
 * DESIGN.md §5); the initial values come from `params` and the page keeps them in step with the
 * URL afterwards. The Apply button submits the form without JavaScript and is hidden once the page
 * is hydrated (changes then apply by themselves).
 * Each Category and Brand option shows how many products it would give, "Casio (12)" (`facets`,
 * disjunctive; issue 10 item 2); an option that would give none stays visible but is disabled,
 * unless it is selected (so it can always be cleared).
 * The price boxes show the shopper's bounds, and where none is set the catalogue's lowest and
 * highest price (`priceBounds`, whole rupees rounded outward; issue 48 item 1): a form sent with
 * them untouched means no bound (schemas/collection-params `withoutShownBounds`, decision 0970).
 */
export function FilterPanel({
  params,
  facets,
  priceBounds,
}: {
  params: CollectionParams;
  facets: FacetCounts;
  priceBounds: PriceBounds | null;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.matchMedia(WIDE_SCREEN).matches) ref.current.open = true;
  }, []);
  const { t } = useT();
  const prices = shownPriceInputs(params, priceBounds);
  const active = params.categories.length + params.brands.length +
    (params.min !== DEFAULT_PRICE_MIN ? 1 : 0) + (params.max !== DEFAULT_PRICE_MAX ? 1 : 0);
  return (
    <details
      ref={ref}
      className="group/filters text-gray-800 md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]"
      data-testid="filters"
    >
      <summary className="mb-3 flex cursor-pointer list-none items-center gap-2 rounded border border-gray-300 px-4 py-2.5 md:mt-1 md:border-0 md:p-0 supports-[selector(::details-content)]:md:pointer-events-none [&::-webkit-details-marker]:hidden">
        <h2 className="text-base font-medium tracking-wide md:text-xl">
          {t("collection.filters")}
          {active > 0 ? <span className="text-sm font-normal text-gray-600"> ({active})</span> : null}
        </h2>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="ml-auto h-4 w-4 transition-transform group-open/filters:rotate-90 md:hidden">
          <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="space-y-4" data-testid="filter-panel">
        <FilterSection id="filter-categories" title={t("collection.categories")}>
          {CATEGORIES.map((category) => (
            <Check
              key={category}
              name="category"
              value={category}
              label={t(CATEGORY_NAMES[category])}
              count={facets.categories[category]}
              defaultChecked={params.categories.includes(category)}
            />
          ))}
        </FilterSection>
        <FilterSection id="filter-brands" title={t("collection.brands")}>
          {BRANDS.map((brand) => (
            <Check
              key={brand}
              name="brand"
              value={brand}
              label={brandLabel(brand)}
              count={facets.brands[brand]}
              defaultChecked={params.brands.includes(brand)}
            />
          ))}
        </FilterSection>
        <FilterSection id="filter-price" title={t("collection.priceRange")}>
          <div className="flex items-end gap-3">
            <PriceInput name="min" label={t("collection.minPrice")} defaultValue={prices.min} />
            <span aria-hidden="true" className="pb-2 text-gray-600">
              –
            </span>
            <PriceInput name="max" label={t("collection.maxPrice")} defaultValue={prices.max} />
          </div>
        </FilterSection>
        <button
          type="submit"
          className="js-hide-when-hydrated w-full rounded bg-gray-900 px-4 py-2.5 text-sm font-medium text-white hover:bg-gray-700"
        >
          {t("collection.applyFilters")}
        </button>
      </div>
    </details>
  );
}

/** Tailwind's `md` breakpoint: from here the filter panel is always shown. */
const WIDE_SCREEN = "(min-width: 768px)";

/**
 * A collapsible section, open by default, whose summary names the fieldset inside (no second,
 * hidden legend for a text browser to read twice); works without JavaScript.
 */
function FilterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <details open className="group border border-gray-300 px-5 py-3">
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium uppercase tracking-wide text-gray-900 [&::-webkit-details-marker]:hidden">
        <span id={id}>{title}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <fieldset className="mt-3" aria-labelledby={id}>
        <div className="flex flex-col gap-2 text-sm text-gray-700">{children}</div>
      </fieldset>
    </details>
  );
}

/** A filter option with its count; disabled when it would give nothing and is not selected. */
function Check({
  name,
  value,
  label,
  count,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  defaultChecked: boolean;
}) {
  const disabled = count === 0 && !defaultChecked;
  return (
    <label className={`flex items-center gap-2 py-0.5 ${disabled ? "cursor-not-allowed text-gray-500" : "cursor-pointer"}`} data-testid={`facet-${value}`}>
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        disabled={disabled}
        className="h-4 w-4 accent-gray-900 disabled:opacity-50"
      />
      <span>
        {label} <span className={disabled ? "" : "text-gray-600"}>({count})</span>
      </span>
    </label>
  );
}

/** A whole-rupee price bound (SPEC.md §5: whole numbers, minimum 0). */
function PriceInput({ name, label, defaultValue }: { name: "min" | "max"; label: string; defaultValue: number | null }) {
  const id = `price-${name}`;
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-gray-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={defaultValue ?? ""}
        className="w-full rounded border border-gray-300 px-2 py-1.5 text-sm text-gray-900"
      />
    </div>
  );
}
