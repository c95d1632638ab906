import { Form, useSearchParams } from "@remix-run/react";
import { SearchIcon } from "./icons";
import { useDetailsMenu } from "./useDetailsMenu";

/**
 * The search icon of collection paths and the search bar it reveals under the header
 * (SPEC.md §2 "showSearch"). A `<details>`: works without JavaScript; with it, the field takes
 * focus when the bar opens. The bar is a GET form to /collection?q=… — a fresh search over all
 * watches (docs/decisions/0162-header-search-submits.md).
 */
export function SearchToggle() {
  const ref = useDetailsMenu();
  const [searchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  return (
    <details
      ref={ref}
      data-testid="search-toggle"
      onToggle={(event) => {
        if (event.currentTarget.open) event.currentTarget.querySelector("input")?.focus();
      }}
    >
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 hover:text-gray-900 [&::-webkit-details-marker]:hidden">
        <SearchIcon />
        <span className="sr-only">Search</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-20 border-b border-gray-200 bg-gray-50 shadow-sm">
        <Form
          method="get"
          action="/collection"
          role="search"
          aria-label="Search watches"
          className="mx-auto flex max-w-2xl items-center gap-2 px-4 py-4"
        >
          <label htmlFor="header-search" className="sr-only">
            Search watches
          </label>
          <input
            key={q}
            id="header-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search watches"
            autoComplete="off"
            enterKeyHint="search"
            className="min-w-0 flex-1 rounded-full border border-gray-400 bg-white px-4 py-2 text-sm text-gray-900 placeholder:text-gray-600 focus:border-gray-900"
          />
          <button
            type="submit"
            className="rounded-full bg-black px-5 py-2 text-sm font-medium text-white hover:bg-gray-800"
          >
            Search
          </button>
        </Form>
      </div>
    </details>
  );
}
