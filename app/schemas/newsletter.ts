import { z } from "zod";
import {
  NEWSLETTER_BODY_MAX,
  NEWSLETTER_CONSENT_TEXTS,
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SUBJECT_MAX,
  type NewsletterConsentVersion,
} from "~/schemas/newsletter-constants";

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

/**
 * The newsletter box's post to /newsletter (issue 24 item 3): the email, the version of the
 * consent words the form showed (one the store has kept), and where to return.
 */
export const newsletterSignUpSchema = z.object({
  email: newsletterSchema.shape.email,
  consentVersion: z.enum(Object.keys(NEWSLETTER_CONSENT_TEXTS) as [NewsletterConsentVersion, ...NewsletterConsentVersion[]], {
    error: "Please sign up from the box on our home page.",
  }),
  redirectTo: z.string().max(2000).optional(),
});


/** The back office's composer (issue 24 item 3): a one-line subject and the text (Markdown). */
export const newsletterDraftSchema = z.object({
  intent: z.literal("send"),
  subject: z
    .string({ error: "Please write a subject." })
    .max(NEWSLETTER_SUBJECT_MAX, `The subject can be at most ${NEWSLETTER_SUBJECT_MAX} characters.`)
    .refine((subject) => !/[\u0000-\u001f\u007f]/.test(subject), "The subject must be one line, without control characters.")
    .transform((subject) => subject.trim())
    .pipe(z.string().min(1, "Please write a subject.")),
  body: z
    .string({ error: "Please write the newsletter's text." })
    .max(NEWSLETTER_BODY_MAX, `The text can be at most ${NEWSLETTER_BODY_MAX} characters.`)
    .transform((body) => body.trim())
    .pipe(z.string().min(1, "Please write the newsletter's text.")),
});
