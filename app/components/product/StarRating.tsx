import { FIXED_STARS, REVIEW_COUNT } from "~/constants/store";

const STAR_PATH =
  "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

/**
 * The fixed star display of a product (SPEC.md §2, §9): 4 filled stars of 5 and "(122 reviews)".
 * Screen readers hear "Rated 4 out of 5".
 */
export function StarRating({ stars = FIXED_STARS, reviews = REVIEW_COUNT }: { stars?: number; reviews?: number }) {
  return (
    <div className="flex items-center gap-2" data-testid="star-rating">
      <span role="img" aria-label={`Rated ${stars} out of 5`} className="flex gap-0.5">
        {Array.from({ length: 5 }, (_, index) => (
          <svg
            key={index}
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={`h-4 w-4 ${index < stars ? "fill-amber-500 text-amber-500" : "fill-none text-gray-400"}`}
          >
            <path d={STAR_PATH} stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
          </svg>
        ))}
      </span>
      <span className="text-sm text-gray-600">({reviews} reviews)</span>
    </div>
  );
}
