import { useT } from "~/i18n/use-t";
import { Fragment, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Link } from "~/components/ui/local-links";
import { Stars } from "~/components/product/StarRating";
import { Separator } from "~/components/ui/Separator";
import { PRODUCT_TABS, type ProductTab } from "~/schemas/product-view";

type Props = {
  /** The published reviews' figures, this page of them, and whether "Write a Review" is offered (issue 23 item 2). */
  reviews: ReviewsTab;
  selected: ProductTab;
  /** The Description tab's paragraphs (content/product-description.ts, sent by the loader). */
  description: readonly string[];
  /** The link that opens a tab without JavaScript, e.g. "?tab=reviews#tabs". */
  hrefFor: (tab: ProductTab) => string;
  /** Opens a tab in place when JavaScript runs. */
  onSelect: (tab: ProductTab) => void;
};

/**
 * The Description and Reviews (N) tabs of a product page (SPEC.md §2; N: the published reviews,
 * issue 23 item 2). Each tab is a link, so the tabs work without JavaScript; with JavaScript they
 * follow the ARIA tabs pattern (one tab stop, arrow keys, Home and End). Only the chosen panel has
 * content (the other is an empty `hidden` panel): text browsers such as lynx ignore `hidden` and
 * would run the two together. A heading for screen readers and text browsers puts the reviews'
 * titles (h3) in order under it, not under "Check delivery".
 */
export function ProductTabs({ selected, description, hrefFor, onSelect, reviews }: Props) {
  const { t } = useT();
  // Without JavaScript every tab is a link in the tab order; with it, one tab stop (roving).
  const hydrated = useHydrated();
  const tabRefs = useRef<Partial<Record<ProductTab, HTMLAnchorElement | null>>>({});

  function handleClick(event: MouseEvent<HTMLAnchorElement>, tab: ProductTab) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(tab);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = PRODUCT_TABS.indexOf(selected);
    const last = PRODUCT_TABS.length - 1;
    // Right and Left wrap around; Home and End go to the ends.
    const next = ({ ArrowRight: index + 1, ArrowLeft: index + last, Home: 0, End: last } as Record<string, number | undefined>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = PRODUCT_TABS[next % PRODUCT_TABS.length];
    onSelect(tab);
    tabRefs.current[tab]?.focus();
  }

  return (
    <section id="tabs" aria-label={t("product.detailsAndReviews")} className="mt-16">
      <h2 className="sr-only">{t("product.detailsAndReviews")}</h2>
      <div role="tablist" aria-label={t("product.information")} className="flex border-b border-gray-200">
        {PRODUCT_TABS.map((tab, index) => {
          const isSelected = tab === selected;
          return (
            <Fragment key={tab}>
              {index > 0 ? <Separator /> : null}
              <a
                ref={(element) => {
                  tabRefs.current[tab] = element;
                }}
                id={`tab-${tab}`}
                role="tab"
                href={hrefFor(tab)}
                aria-selected={isSelected}
                aria-controls={`panel-${tab}`}
                tabIndex={hydrated && !isSelected ? -1 : undefined}
                onClick={(event) => handleClick(event, tab)}
                onKeyDown={handleKeyDown}
                className={`-mb-px border border-b-0 px-5 py-3 text-sm ${
                  isSelected
                    ? "border-gray-200 bg-white font-semibold text-gray-900"
                    : "border-transparent text-gray-600 hover:text-gray-900"
                }`}
              >
                {tab === "reviews" ? reviews.tabLabel : t("product.description")}
              </a>
            </Fragment>
          );
        })}
      </div>
      <div
        id="panel-description"
        role="tabpanel"
        aria-labelledby="tab-description"
        hidden={selected !== "description"}
        tabIndex={0}
        className="space-y-4 border border-t-0 border-gray-200 px-6 py-6 text-sm leading-relaxed text-gray-600"
        data-testid="panel-description"
      >
        {selected === "description" && description.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
      </div>
      <div
        id="panel-reviews"
        role="tabpanel"
        aria-labelledby="tab-reviews"
        hidden={selected !== "reviews"}
        tabIndex={0}
        className="border border-t-0 border-gray-200 px-6 py-6 text-sm text-gray-600"
        data-testid="panel-reviews"
      >
        {selected === "reviews" && <ReviewList reviews={reviews} />}
      </div>
    </section>
  );
}

/** What the Reviews tab shows, in words made by the loader (utils/product-page.server.ts `loadReviews`). */
export type ReviewsTab = {
  /** The tab's label: "Reviews (N)", N the published reviews. */
  tabLabel: string;
  /** Their average stars to one decimal ("4.5"), null when none. */
  average: string | null;
  /**
   * After the average: " out of 5. Based on 1 review. Reviews collected on … ." (with the
   * period when listed); with none, the seed's words.
   */
  summary: string;
  /** The review form, when this store takes reviews. */
  writeHref: string | null;
  /** `byline`: "Asha R. · Verified purchase · 26 Nov 2026" (the author's display name, the IST date published). */
  list: { id: string; byline: string; rating: number; title: string | null; body: string | null }[];
  /** "Page 1 of 3", null when there is one page. */
  pageWords: string | null;
  newerHref: string | null;
  olderHref: string | null;
};

/**
 * The Reviews tab's content (issue 23 item 2; IS 19000:2022): the average and count, the period
 * the reviews were collected in, the published reviews newest first — each with its author's
 * display name, the date it was published, its stars and "Verified purchase" — 10 to a page
 * (`?reviews=N`, plain links), and "Write a Review". With none, the seed's own words. Text is
 * rendered by React, so escaped; line breaks kept by CSS. Kept small: the product page's
 * JavaScript is at its 100 KB budget (tests/e2e/bundle-budget.spec.ts).
 */
function ReviewList({ reviews }: { reviews: ReviewsTab }) {
  const { t } = useT();
  return (
    <div id="reviews">
      <p className={reviews.average ? "text-gray-900" : undefined}>
        {reviews.average && <span className="text-2xl font-semibold">{reviews.average}</span>}
        {reviews.summary}
      </p>
      {reviews.writeHref ? (
        <p className="mt-4">
          <Link to={reviews.writeHref} className="inline-block rounded border border-gray-900 px-5 py-2 font-medium text-gray-900">
            {t("product.writeReview")}
          </Link>
        </p>
      ) : null}
      {reviews.list.length > 0 ? (
        <ol className="mt-6 divide-y border-t">
          {reviews.list.map((review) => (
            <li key={review.id} className="py-5">
              <Stars filled={review.rating} label={t("product.rated", { rating: review.rating })} />
              {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
              <p className="text-xs">{review.byline}</p>
              {review.body ? <p className="mt-2 whitespace-pre-line">{review.body}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {reviews.pageWords ? (
        <p className="mt-4 flex gap-4">
          {reviews.newerHref ? <Link to={reviews.newerHref} className="underline">{t("product.newerReviews")}</Link> : null}
          {reviews.pageWords}
          {reviews.olderHref ? <Link to={reviews.olderHref} className="underline">{t("product.olderReviews")}</Link> : null}
        </p>
      ) : null}
    </div>
  );
}
