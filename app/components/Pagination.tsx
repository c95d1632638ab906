import { useT } from "~/i18n/use-t";
import { Link } from "~/components/ui/local-links";
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
 * "page / total", next and last. One list in the HTML: CSS alone hides the numbered pages on small
 * screens and the first/last arrows and "/ total" on wide ones, so a text browser or screen reader
 * meets each link once (issue 9 item 2). Every control is a real link to a canonical URL, so it
 * works without JavaScript; the current page has aria-current="page". Nothing is rendered for one page.
 */
export function Pagination({ page, pageCount, hrefForPage }: PaginationProps) {
  const { t } = useT();
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav aria-label={t("collection.pagination")} className="mt-12" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li className="sm:hidden">
          <PagerLink to={page > 1 ? hrefForPage(1) : null} label={t("collection.firstPage")} symbol="«" />
        </li>
        <li>
          <PagerLink to={previous ? hrefForPage(previous) : null} label={t("collection.previousPage")} symbol="‹" word={t("collection.previous")} rel="prev" />
        </li>
        {paginationWindow(page, pageCount).map((link) =>
          link.kind === "ellipsis" ? (
            <li key={link.key} className="hidden px-1 text-gray-600 sm:block" aria-hidden="true">
              …
            </li>
          ) : link.page === page ? (
            <li key={link.page} className="text-sm text-gray-800">
              <span className={`${currentCell} max-sm:border-0 max-sm:bg-transparent max-sm:px-1 max-sm:font-normal max-sm:text-gray-800`} aria-current="page">
                <span className="sr-only">{t("collection.page")}</span>
                {link.page}
              </span>
              <span className="sm:hidden"> / {pageCount}</span>
            </li>
          ) : (
            <li key={link.page} className="hidden sm:block">
              <Link to={hrefForPage(link.page)} className={linkCell} prefetch="intent">
                <span className="sr-only">{t("collection.page")}</span>
                {link.page}
              </Link>
            </li>
          ),
        )}
        <li>
          <PagerLink to={next ? hrefForPage(next) : null} label={t("collection.nextPage")} symbol="›" word={t("collection.next")} rel="next" after />
        </li>
        <li className="sm:hidden">
          <PagerLink to={page < pageCount ? hrefForPage(pageCount) : null} label={t("collection.lastPage")} symbol="»" after />
        </li>
      </ul>
    </nav>
  );
}

/**
 * A pager arrow: a link when there is somewhere to go, otherwise a dimmed, inert label hidden from
 * assistive technology. Its name is text ("Next page"); on wide screens `word` ("Next") shows
 * beside the arrow.
 */
function PagerLink(props: { to: string | null; label: string; symbol: string; word?: string; rel?: string; after?: boolean }) {
  const { to, label, symbol, word, rel, after = false } = props;
  const arrow = <span aria-hidden="true">{after ? ` ${symbol}` : `${symbol} `}</span>;
  const text = word ? (
    <>
      <span className="sr-only sm:not-sr-only">{word}</span>
      <span className="sr-only">{label.slice(word.length)}</span>
    </>
  ) : (
    <span className="sr-only">{label}</span>
  );
  const content = (
    <>
      {after ? null : arrow}
      {text}
      {after ? arrow : null}
    </>
  );
  if (!to) {
    return (
      <span className={`${disabledCell} gap-1`} aria-hidden="true">
        {after ? null : arrow}
        {word ? <span className="hidden sm:inline">{word}</span> : null}
        {after ? arrow : null}
      </span>
    );
  }
  return (
    <Link to={to} className={`${linkCell} gap-1`} rel={rel} prefetch="intent">
      {content}
    </Link>
  );
}
