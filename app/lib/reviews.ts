/**
 * Verified reviews in words and numbers (issue 23 item 2; DESIGN.md §21; IS 19000:2022, BIS's
 * standard for online consumer reviews; docs/decisions/0691-verified-reviews.md): the limits, the
 * fixed list of reasons a review is rejected for, the sentences shoppers and staff read, and the
 * pure helpers the service, the product page and the emails share (the constants themselves live in
 * constants/reviews.ts and are re-exported here). Isomorphic: no zod, no server code.
 */

export * from "~/constants/reviews";

/**
 * The name a review is shown under (IS 19000:2022: the author's display name, no more): the first
 * word of the account's name and the first letter of its last word, "Asha Kumar" → "Asha K.";
 * a one-word name as it is; no name → "A shopper".
 */
export function authorDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A shopper";
  if (words.length === 1) return words[0];
  const initial = Array.from(words[words.length - 1])[0].toLocaleUpperCase("en-IN");
  return `${words[0]} ${initial}.`;
}

/** The average stars of `count` published reviews whose stars add up to `sum`, to one decimal; null when none. */
export function averageRating(count: number, sum: number): number | null {
  if (!(count > 0)) return null;
  return Math.round((10 * sum) / count) / 10;
}

/** "4.5" or "4.0": an average as shown, with its one decimal. */
export function formatRating(average: number): string {
  return average.toFixed(1);
}

/** "1 review", "12 reviews", "1,234 reviews". */
export function reviewCountWords(count: number): string {
  return `${count.toLocaleString("en-IN")} ${count === 1 ? "review" : "reviews"}`;
}

let istDate: Intl.DateTimeFormat | undefined;

/** ms since epoch → "24 Nov 2026" (IST): a review's published date and the collection period. */
export function formatReviewDate(ms: number): string {
  // Made on first use: a formatter made at load time would keep this module in every bundle that imports it.
  istDate ??= new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
  return istDate.format(ms);
}

/**
 * The period a product's published reviews were collected in, as the Reviews tab says it (IS
 * 19000:2022 asks for it): `from` and `to` are the first and last day one was written (ms), in
 * IST — "Reviews collected from 2 Nov 2026 to 26 Nov 2026, from shoppers whose order was
 * delivered.", or "Reviews collected on 26 Nov 2026, …" when both fall on one day.
 */
export function collectionPeriodWords(from: number, to: number): string {
  const [first, last] = [formatReviewDate(from), formatReviewDate(to)];
  return `Reviews collected ${first === last ? `on ${first}` : `from ${first} to ${last}`}, from shoppers whose order was delivered.`;
}

/** A published review as the product page shows it. Times in ms since epoch. */
export type PublishedReview = {
  id: string;
  authorName: string;
  rating: number;
  title: string | null;
  body: string | null;
  publishedAt: number;
};

/**
 * One page of a product's published reviews, newest first: the page (1-based, clamped to the last),
 * the pages there are, and the period the published reviews were collected in (the first and last
 * day one was written, ms; null when there are none).
 */
export type ReviewsPage = {
  reviews: PublishedReview[];
  page: number;
  pageCount: number;
  total: number;
  collectedFrom: number | null;
  collectedTo: number | null;
};

/** A `?reviews=` value: a whole number ≥ 1 ("2", " 2 "), else 1. Never throws. */
export function reviewsPageParam(raw: string | null): number {
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/**
 * The link to page `page` of a product's reviews from the current query `search`: every other
 * parameter kept, `tab=reviews`, `reviews` set (left out for page 1), scrolled to the list.
 */
export function reviewsPageHref(productPath: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("tab", "reviews");
  if (page > 1) params.set("reviews", String(page));
  else params.delete("reviews");
  return `${productPath}?${params.toString()}#reviews`;
}
