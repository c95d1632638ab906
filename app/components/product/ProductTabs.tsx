import { Fragment, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ReviewList, type ReviewsTab } from "~/components/product/ReviewList";
import { Separator } from "~/components/ui/Separator";
import { PRODUCT_TABS, type ProductTab } from "~/schemas/product-view";

type Props = {
  /** The published reviews' figures, this page of them, and whether "Write a Review" is offered (issue 23 item 2). */
  reviews: ReviewsTab;
  /** The product's id, for the review links. */
  productId: string;
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
 * follow the ARIA tabs pattern (one tab stop, arrow keys, Home and End).
 */
export function ProductTabs({ selected, description, hrefFor, onSelect, reviews, productId }: Props) {
  const tabLabels: Record<ProductTab, string> = { description: "Description", reviews: `Reviews (${reviews.count.toLocaleString("en-IN")})` };
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
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % PRODUCT_TABS.length
        : event.key === "ArrowLeft"
        ? (index + last) % PRODUCT_TABS.length
        : event.key === "Home"
        ? 0
        : event.key === "End"
        ? last
        : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PRODUCT_TABS[next];
    onSelect(tab);
    tabRefs.current[tab]?.focus();
  }

  return (
    <section id="tabs" aria-label="Product details and reviews" className="mt-16">
      <div role="tablist" aria-label="Product information" className="flex border-b border-gray-200">
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
                {tabLabels[tab]}
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
        {description.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
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
        <ReviewList reviews={reviews} productId={productId} />
      </div>
    </section>
  );
}
