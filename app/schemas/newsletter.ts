import { z } from "zod";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from "~/schemas/newsletter-constants";

export { NEWSLETTER_EMAIL_CONSTRAINT, NEWSLETTER_MESSAGES, NEWSLETTER_NOTE } from "~/schemas/newsletter-constants";

/** The home page's newsletter form: an email, required and in email format (SPEC.md §5). */
export const newsletterSchema = z.object({
  intent: z.literal("newsletter"),
  email: z
    .string({ error: NEWSLETTER_MESSAGES.emailRequired })
    .trim()
    .max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES.emailInvalid)
    .pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid)),
});
