import { useLocation } from "@remix-run/react";
import { Form } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";
import { NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE, NEWSLETTER_EMAIL_CONSTRAINT } from "~/schemas/newsletter-constants";

/** The home action's old answer to `intent=newsletter` (kept for posts from pages served before the newsletter launched). */
export type NewsletterActionData = {
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
  note: string | null;
};

/**
 * The home page's newsletter box (SPEC.md §2; issue 24 item 3; DESIGN.md §22): an email box
 * beside the exact words the shopper agrees to by pressing SUBSCRIBE (no box to tick). A plain
 * form to /newsletter with the words' version and this page to come back to; the answer is
 * always "check your inbox" (a toast), and nothing is subscribed until the emailed link is
 * confirmed. The same with and without JavaScript; the browser checks the address first, and a
 * post that skips that check gets /newsletter's page with the sentence (400). On a Hindi page its
 * words are Hindi, and so are the consent words: it posts their own version (the Hindi one), so the
 * subscription records what the shopper read (issue 27; docs/decisions/0910). The words come from
 * the home loader's `newsletter` namespace; the catalogues take the consent text from
 * NEWSLETTER_CONSENT_TEXTS by that same version.
 */
export function Newsletter() {
  const location = useLocation();
  const { t, language } = useT();
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="mx-auto max-w-screen-xl px-4 py-16 text-center sm:px-8">
      <h2 id="newsletter-heading" className="font-serif text-3xl text-gray-900">
        {t("newsletter.heading")}
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-gray-600">{t("newsletter.boxText")}</p>
      <Form method="post" action="/newsletter" className="mx-auto mt-6 flex max-w-xl flex-col gap-2 sm:flex-row">
        <input type="hidden" name="consentVersion" value={NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE[language]} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#newsletter`} />
        <label htmlFor="newsletter-email" className="sr-only">
          {t("newsletter.emailAddress")}
        </label>
        <input
          {...NEWSLETTER_EMAIL_CONSTRAINT}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t("newsletter.placeholder")}
          aria-describedby="newsletter-consent"
          className="min-w-0 flex-1 rounded border border-gray-400 px-4 py-3 text-sm text-gray-900 placeholder:text-gray-600"
        />
        <button type="submit" className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800">
          {t("newsletter.subscribe")}
        </button>
      </Form>
      <p id="newsletter-consent" className="mx-auto mt-3 max-w-xl text-sm text-gray-700" data-testid="newsletter-consent">
        {t("newsletter.consentText")}
      </p>
    </section>
  );
}
