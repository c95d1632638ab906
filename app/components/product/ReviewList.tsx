import { Link, useLocation } from "@remix-run/react";
import { Stars } from "~/components/product/StarRating";
import { REVIEW_MESSAGES, formatRating, formatReviewDate, reviewCountWords, reviewPath, reviewsPageHref, type ReviewsPage } from "~/lib/reviews";

/** What the Reviews tab shows (utils/product-page.server.ts `loadReviews`). */
export type ReviewsTab = {
  /** Published reviews, and their average stars to one decimal (null when none). */
  count: number;
  average: number | null;
  /** This page of the published reviews; null when there are none or the store's reviews live elsewhere. */
  list: ReviewsPage | null;
  /** Whether this store takes reviews ("Write a Review" leads to the form). */
  open: boolean;
};

const linkClass = "font-medium text-gray-900 underline underline-offset-2 hover:text-black";

/**
 * The Reviews tab's content (issue 23 item 2; IS 19000:2022): the average and count, the period
 * the reviews were collected in, the published reviews newest first — each with its author's
 * display name, the date it was published, its stars and "Verified purchase" — 10 to a page
 * (`?reviews=N`, every other query parameter kept, plain links), and "Write a Review". With none,
 * the seed's own words. Text is rendered by React, so escaped; line breaks kept by CSS.
 */
export function ReviewList({ reviews, productId }: { reviews: ReviewsTab; productId: string }) {
  const location = useLocation();
  const { list } = reviews;
  const productPath = `/product/${productId}`;
  return (
    <div id="reviews">
      {reviews.average !== null && reviews.count > 0 ? (
        <>
          <p className="text-gray-900">
            <span className="text-2xl font-semibold">{formatRating(reviews.average)}</span> out of 5
          </p>
          <p className="mt-1">Based on {reviewCountWords(reviews.count)}</p>
          {list && list.collectedFrom !== null && list.collectedTo !== null ? (
            <p className="mt-1" data-testid="review-period">
              Reviews collected from {formatReviewDate(list.collectedFrom)} to {formatReviewDate(list.collectedTo)}, from shoppers whose order was delivered.
            </p>
          ) : null}
        </>
      ) : (
        <p>{REVIEW_MESSAGES.noReviews}</p>
      )}
      {reviews.open ? (
        <p className="mt-4">
          <Link to={reviewPath(productId)} className="inline-block rounded border border-gray-900 px-5 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100">
            Write a Review
          </Link>
        </p>
      ) : null}
      {list && list.reviews.length > 0 ? (
        <>
          <ol className="mt-6 divide-y divide-gray-200 border-t border-gray-200" aria-label="Reviews, newest first">
            {list.reviews.map((review) => (
              <li key={review.id} className="py-5" data-testid="review">
                <article aria-label={`Review by ${review.authorName}`}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars filled={review.rating} label={`Rated ${review.rating} out of 5`} />
                    {review.title ? <h3 className="font-semibold text-gray-900">{review.title}</h3> : null}
                  </div>
                  <p className="mt-1 text-xs text-gray-600">
                    <span className="font-medium text-gray-800">{review.authorName}</span> ·{" "}
                    <span className="font-medium text-green-800">Verified purchase</span> ·{" "}
                    <time dateTime={new Date(review.publishedAt).toISOString()}>{formatReviewDate(review.publishedAt)}</time>
                  </p>
                  {review.body ? <p className="mt-2 whitespace-pre-line text-gray-700">{review.body}</p> : null}
                </article>
              </li>
            ))}
          </ol>
          {list.pageCount > 1 ? (
            <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-4">
              {list.page > 1 ? (
                <Link to={reviewsPageHref(productPath, location.search, list.page - 1)} className={linkClass}>
                  Newer reviews
                </Link>
              ) : null}
              <span>
                Page {list.page} of {list.pageCount}
              </span>
              {list.page < list.pageCount ? (
                <Link to={reviewsPageHref(productPath, location.search, list.page + 1)} className={linkClass}>
                  Older reviews
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
