/**
 * Verified reviews' limits, reasons and sentences (issue 23 item 2; DESIGN.md §21; IS 19000:2022,
 * BIS's standard for online consumer reviews; docs/decisions/0691-verified-reviews.md): shared by
 * the schema, the service, the pages and the emails. Plain values, no imports, no calls (so a
 * browser bundle that imports one value is not made to carry the rest).
 */

/** Stars: a whole number from 1 to 5 (IS 19000:2022 asks for a rating on a stated scale). */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Longest title, in characters (code points). Optional. */
export const MAX_REVIEW_TITLE = 100;
/** Longest text, in characters (code points). Optional. */
export const MAX_REVIEW_TEXT = 2000;
/** Published reviews per page of the product page's list (`?reviews=N`). */
export const REVIEWS_PER_PAGE = 10;
/** Reviews a shopper may write in 24 hours, whatever becomes of them (counted in the `reviews` table). */
export const REVIEWS_PER_DAY = 5;
/** How long after delivery the invitation to review is sent, ms (3 days). */
export const REVIEW_INVITE_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Why staff may reject a review: a fixed list (IS 19000:2022 asks for published, non-arbitrary
 * moderation criteria; the same list is on /review-guidelines). Key → the words shown and emailed.
 */
export const REJECT_REASONS = {
  abusive: "Abusive or offensive language",
  personal_data: "Personal data (a phone number, an address, an email or someone's full name)",
  off_topic: "Not about the product",
  spam: "Spam or advertising",
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;
/** REJECT_REASONS' keys, in its order (a literal, so the module has no side effects and tree-shakes). */
export const REJECT_REASON_KEYS: readonly RejectReason[] = ["abusive", "personal_data", "off_topic", "spam"];

/** A review's place in moderation. */
export type ReviewStatus = "pending" | "published" | "rejected" | "withdrawn";

/** The review page's path for a product: `/product/:productId/review`. */
export function reviewPath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}/review`;
}

/** The reviewer rules' page (app/content/review-guidelines.md). */
export const REVIEW_GUIDELINES_PATH = "/review-guidelines";

/** The sentences shoppers and staff read. */
export const REVIEW_MESSAGES = {
  rating: `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars.`,
  titleTooLong: `Keep the title under ${MAX_REVIEW_TITLE} characters.`,
  textTooLong: "Keep the review under 2,000 characters.",
  notDelivered: "You can review a watch once it has been delivered to you. This account has no delivered order of this watch.",
  alreadyReviewed: "You have already reviewed this watch. Each shopper reviews a watch once.",
  tooMany: `You have written ${REVIEWS_PER_DAY} reviews in the last 24 hours, the most we take in a day. Please write this one tomorrow.`,
  productNotFound: "No such watch.",
  reviewNotFound: "No such review.",
  notPending: "This review has already been moderated.",
  reason: "Choose the reason from the list.",
  notWithdrawable: "This review can no longer be withdrawn.",
  submitted: "Thank you. Your review will appear once our team has checked it, usually within two working days.",
  withdrawn: "Your review has been withdrawn.",
  published: "Review published.",
  rejected: "Review rejected. The shopper has been told why.",
  noReviews: "No reviews yet. Be the first to review this product.",
} as const;
