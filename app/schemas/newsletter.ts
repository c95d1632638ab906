import { z } from "zod";

/** The home page's newsletter form: an email, required and in email format (SPEC.md §5). */
export const newsletterSchema = z.object({
  intent: z.literal("newsletter"),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
});

/**
 * What the home page answers to a newsletter sign-up. Nothing is stored (SPEC.md §1: the box
 * "does nothing on submit"), and the note says so; docs/decisions/0141.
 */
export const NEWSLETTER_NOTE =
  "Thank you for your interest! Our newsletter has not launched yet, so your email was not saved.";
