import { SORTS, type Sort } from "~/constants/store";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { useT } from "~/i18n/use-t";

/** Each sort's name in the catalogue (SPEC.md §9's SORT_LABELS in English). */
const SORT_NAMES: Record<Sort, MessageKey> = {
  relevant: "collection.sortRelevant",
  "low-high": "collection.sortLowHigh",
  "high-low": "collection.sortHighLow",
  newest: "collection.sortNewest",
  bestselling: "collection.sortBestselling",
};

/**
 * The sort dropdown (SPEC.md §9 options, `relevant` first). Its `sort` field belongs to the
 * surrounding GET form; without JavaScript the Apply button submits it, with JavaScript the page
 * applies a change at once and the button is hidden.
 */
export function SortSelect({ sort }: { sort: Sort }) {
  const { t } = useT();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="sort" className="whitespace-nowrap text-sm text-gray-700">
        {t("collection.sortBy")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        className="rounded border border-gray-300 bg-white px-2 py-2 text-sm text-gray-900"
      >
        {SORTS.map((value) => (
          <option key={value} value={value}>
            {t(SORT_NAMES[value])}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="js-hide-when-hydrated rounded border border-gray-900 px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
      >
        {t("collection.apply")}
      </button>
    </div>
  );
}
