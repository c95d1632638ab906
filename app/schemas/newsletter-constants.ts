/**
 * The newsletter box's sentences and native constraints, without zod: safe to import in the
 * browser (DESIGN.md §17). `app/schemas/newsletter.ts` builds the zod schema from them, and
 * tests/unit/field-rules.test.ts holds the constraints to it.
 */

export const NEWSLETTER_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
} as const;

/** Longest email accepted, in characters. */
export const NEWSLETTER_EMAIL_MAX = 254;

/** The email input's native attributes besides `type="email"` (they work without JavaScript). */
export const NEWSLETTER_EMAIL_CONSTRAINT = { required: true, maxLength: NEWSLETTER_EMAIL_MAX } as const;

/**
 * What the home page answers to a newsletter sign-up. Nothing is stored (SPEC.md §1: the box
 * "does nothing on submit"), and the note says so; docs/decisions/0141.
 */
export const NEWSLETTER_NOTE =
  "Thank you for your interest! Our newsletter has not launched yet, so your email was not saved.";
