import { Link } from "@remix-run/react";
import { paginationWindow } from "~/lib/catalogue";

type PaginationProps = {
  /** The 1-based page shown. */
  page: number;
  pageCount: number;
  /** The canonical URL of a page (DESIGN.md §5), e.g. 3 → "/collection?brand=Casio&page=3". */
  hrefForPage: (page: number) => string;
};

const cell = "inline-flex h-10 min-w-10 items-center justify-center rounded border px-3 text-sm";
const linkCell = `${cell} border-gray-300 text-gray-800 hover:border-gray-900 hover:bg-gray-50`;
const currentCell = `${cell} border-gray-900 bg-gray-900 font-medium text-white`;
const disabledCell = `${cell} border-gray-200 text-gray-500`;

/**
 * The collection's pager (SPEC.md §9): previous/next around a window of 5 numbered pages with the
 * first and last page and ellipses (`paginationWindow`); on small screens first, previous,
 * "page / total", next and last. Every control is a real link to a canonical URL, so it works
 * without JavaScript; the current page has aria-current="page". Nothing is rendered for one page.
 */
export function Pagination({ page, pageCount, hrefForPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="mt-12" data-testid="pagination">
      <ul className="flex items-center justify-center gap-2 sm:hidden">
        <li>
          <PagerLink to={page > 1 ? hrefForPage(1) : null} label="First page" symbol="«" />
        </li>
        <li>
          <PagerLink to={previous ? hrefForPage(previous) : null} label="Previous page" symbol="‹" rel="prev" />
        </li>
        <li className="px-3 text-sm text-gray-800" aria-current="page">
          <span className="sr-only">Page </span>
          {page} / {pageCount}
        </li>
        <li>
          <PagerLink to={next ? hrefForPage(next) : null} label="Next page" symbol="›" rel="next" />
        </li>
        <li>
          <PagerLink to={page < pageCount ? hrefForPage(pageCount) : null} label="Last page" symbol="»" />
        </li>
      </ul>
      <ul className="hidden flex-wrap items-center justify-center gap-2 sm:flex">
        <li>
          <PagerLink to={previous ? hrefForPage(previous) : null} label="Previous page" symbol="‹ Previous" rel="prev" />
        </li>
        {paginationWindow(page, pageCount).map((link) =>
          link.kind === "ellipsis" ? (
            <li key={link.key} className="px-1 text-gray-600" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              {link.page === page ? (
                <span className={currentCell} aria-current="page">
                  <span className="sr-only">Page </span>
                  {link.page}
                </span>
              ) : (
                <Link to={hrefForPage(link.page)} className={linkCell} prefetch="intent">
                  <span className="sr-only">Page </span>
                  {link.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          <PagerLink to={next ? hrefForPage(next) : null} label="Next page" symbol="Next ›" rel="next" />
        </li>
      </ul>
    </nav>
  );
}

/** A pager arrow: a link when there is somewhere to go, otherwise a dimmed, inert label. */
function PagerLink({ to, label, symbol, rel }: { to: string | null; label: string; symbol: string; rel?: string }) {
  if (!to) {
    return (
      <span className={disabledCell} aria-hidden="true">
        {symbol}
      </span>
    );
  }
  return (
    <Link to={to} className={linkCell} aria-label={label} rel={rel} prefetch="intent">
      {symbol}
    </Link>
  );
}
