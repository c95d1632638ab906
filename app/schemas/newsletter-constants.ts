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
 * What the home page's own action answers to a post of the box as it was before the newsletter
 * launched (`intent=newsletter`, a page served earlier; docs/decisions/0141): nothing is stored
 * there, and the note says where sign-ups go now (issue 24 item 3, /newsletter).
 */
export const NEWSLETTER_NOTE = "Thank you! Our newsletter now asks you to confirm by email: please enter your address in the newsletter box again.";

/**
 * The words beside the newsletter box (issue 24 item 3; DESIGN.md §22, DPDP Act 2023): submitting
 * the form is the act of consent, so these exact words are what the shopper agreed to. Each
 * version is kept for ever (a subscriber's consent names its version and stores its text); a
 * change of wording is a new version, and `NEWSLETTER_CONSENT_VERSION` is the one the form shows.
 */
export const NEWSLETTER_CONSENT_TEXTS = {
  "2026-11-v1":
    "Send me the store's newsletter: new watches and offers, about twice a month. You can unsubscribe from any email.",
  /** The same consent in Hindi, shown by the box on /hi pages (issue 27; docs/decisions/0910). */
  "2026-11-v1-hi":
    "मुझे स्टोर का न्यूज़लेटर भेजें: नई घड़ियाँ और ऑफ़र, महीने में लगभग दो बार। आप किसी भी ईमेल से अनसब्सक्राइब कर सकते हैं।",
} as const;
export type NewsletterConsentVersion = keyof typeof NEWSLETTER_CONSENT_TEXTS;
export const NEWSLETTER_CONSENT_VERSION: NewsletterConsentVersion = "2026-11-v1";

/**
 * The version of the consent words a page in each language shows and posts (issue 27;
 * docs/decisions/0910): the subscription records the version, and its text, of the words the
 * shopper actually read. English is `NEWSLETTER_CONSENT_VERSION`.
 */
export const NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE = {
  en: NEWSLETTER_CONSENT_VERSION,
  hi: "2026-11-v1-hi",
} as const satisfies Record<"en" | "hi", NewsletterConsentVersion>;

/** The language a consent version's words are written in: "hi" for the Hindi versions (`-hi`), else "en". */
export function newsletterConsentLanguage(version: string): "en" | "hi" {
  return version.endsWith("-hi") ? "hi" : "en";
}

/** The one answer to every sign-up, whatever became of it (never says whether the address is subscribed). */
export const NEWSLETTER_CHECK_INBOX =
  "Thank you! If this address can receive our newsletter, we have sent it an email: open the link in it to confirm your subscription.";

/** The newsletter pages' sentences (confirm, unsubscribe). */
export const NEWSLETTER_PAGE_MESSAGES = {
  confirmed: "You're subscribed. Thank you for confirming — the next newsletter will reach you.",
  confirmInvalid: "This confirmation link has expired or was already used. Sign up again from the box at the bottom of the home page.",
  unsubscribed: "You're unsubscribed. You won't get our newsletter any more.",
  unsubscribeInvalid: "This unsubscribe link is not valid. If newsletters still reach you, use the link in the latest one, or write to us.",
} as const;

/** Longest newsletter subject and text the back office's composer takes, in characters. */
export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;
