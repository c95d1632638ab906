import { REVIEW_MESSAGES, formatRating, reviewCountWords } from "~/lib/reviews";

const STAR_PATH =
  "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

/** Five stars, `filled` of them coloured; screen readers hear `label`. */
export function Stars({ filled, label, size = "h-4 w-4" }: { filled: number; label: string; size?: string }) {
  return (
    <span role="img" aria-label={label} className="flex gap-0.5">
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`${size} ${index < filled ? "fill-amber-500 text-amber-500" : "fill-none text-gray-500"}`}
        >
          <path d={STAR_PATH} stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}

/**
 * A product's rating under its name (SPEC.md §2; issue 23 item 2; DESIGN.md §21): the published
 * reviews' average to one decimal as stars (rounded to whole stars) and their count, "(1 review)";
 * with none, the seed's own words, "No reviews yet. Be the first to review this product." —
 * never a figure the store cannot back. Screen readers hear "Rated 4.5 out of 5".
 */
export function StarRating({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) {
    return (
      <p className="text-sm text-gray-600" data-testid="star-rating">
        {REVIEW_MESSAGES.noReviews}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2" data-testid="star-rating">
      <Stars filled={Math.round(average)} label={`Rated ${formatRating(average)} out of 5`} />
      <span className="text-sm text-gray-600">
        {formatRating(average)} ({reviewCountWords(count)})
      </span>
    </div>
  );
}
