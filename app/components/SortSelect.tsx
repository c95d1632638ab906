import { SORTS, SORT_LABELS, type Sort } from "~/constants/store";

/**
 * The sort dropdown (SPEC.md §9 options, `relevant` first). Its `sort` field belongs to the
 * surrounding GET form; without JavaScript the Apply button submits it, with JavaScript the page
 * applies a change at once and the button is hidden.
 */
export function SortSelect({ sort }: { sort: Sort }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="sort" className="whitespace-nowrap text-sm text-gray-700">
        Sort by
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        className="rounded border border-gray-300 bg-white px-2 py-2 text-sm text-gray-900"
      >
        {SORTS.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="js-hide-when-hydrated rounded border border-gray-900 px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
      >
        Apply
      </button>
    </div>
  );
}
