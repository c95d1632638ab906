import { z } from "zod";
import { MAX_REVIEW_TEXT, MAX_REVIEW_TITLE, REJECT_REASON_KEYS, REVIEW_MESSAGES, REVIEW_RATING_MAX, REVIEW_RATING_MIN, type RejectReason } from "~/constants/reviews";
import { controlCharactersMessage, hasControlCharacters } from "~/schemas/text";

/**
 * The review form (issue 23 item 2; IS 19000:2022): stars 1–5 required, a title (one line, at
 * most MAX_REVIEW_TITLE characters) and a text (line breaks and tabs kept, at most
 * MAX_REVIEW_TEXT) optional; no control characters (docs/decisions/0340). The service parses
 * with it (it owns the rule) and the review page with it for its field errors. Empty → null.
 */
export const reviewInputSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(REVIEW_RATING_MIN, REVIEW_MESSAGES.rating).max(REVIEW_RATING_MAX, REVIEW_MESSAGES.rating),
  ),
  title: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: "The title must be text." })
      .trim()
      .refine((value) => !hasControlCharacters(value), controlCharactersMessage("The title"))
      .refine((value) => Array.from(value).length <= MAX_REVIEW_TITLE, REVIEW_MESSAGES.titleTooLong)
      .transform((value) => value || null),
  ),
  body: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: "The review must be text." })
      .trim()
      .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, " ")), controlCharactersMessage("The review"))
      .refine((value) => Array.from(value).length <= MAX_REVIEW_TEXT, REVIEW_MESSAGES.textTooLong)
      .transform((value) => (value ? value.replace(/\r\n?/g, "\n") : null)),
  ),
});

export type ReviewInput = z.output<typeof reviewInputSchema>;

/** A review id: "rv_" and 24 hex digits. */
export const reviewIdSchema = z.string().regex(/^rv_[0-9a-f]{24}$/);

/** A reason from the fixed list (lib/reviews REJECT_REASONS). */
export const rejectReasonSchema = z.enum(REJECT_REASON_KEYS as unknown as [RejectReason, ...RejectReason[]], { error: REVIEW_MESSAGES.reason });
