import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { getEnv } from "~/config/env.server";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_CONSENT_TEXTS, NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE, NEWSLETTER_EMAIL_MAX } from "~/schemas/newsletter-constants";
import { parseNewsletterSignUp } from "~/utils/newsletter.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeNameOf } from "~/utils/root-data";
import { safeRedirect } from "~/utils/safe-redirect";
import { strangerMailAllowed } from "~/utils/stranger-mail.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /newsletter (issue 24 item 3; DESIGN.md §22): GET shows the sign-up form on a page of its own;
 * the newsletter box's POST lands here. A good address is answered by a 303 back to `redirectTo`
 * with the one sentence "check your inbox" — whether it was queued a confirmation email, is
 * subscribed already, or is over a limit (the stranger-mail gate: per client address behind
 * TRUST_PROXY, per canonical mailbox, per store; issue 43 item 2) — so the answer never tells
 * whether an address is subscribed. A bad one: this page with
 * the message, 400. Foreign origin 403; a store without the newsletter 404. Under /hi the page,
 * its sentences and the consent words are Hindi, and the form posts the Hindi words' version
 * (issue 27; docs/decisions/0910).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  newsletterOwn();
  const language = languageOfPath(new URL(request.url).pathname);
  const consentVersion = NEWSLETTER_CONSENT_VERSION_BY_LANGUAGE[language];
  return json({
    consentVersion,
    consentText: NEWSLETTER_CONSENT_TEXTS[consentVersion],
    emailMax: NEWSLETTER_EMAIL_MAX,
    messages: messagesFor(language, ["newsletter"]),
    phrases: phrasesFor(language, ["newsletter"]),
    title: translate(language, "newsletter.pageTitle", { storeName: getEnv().STORE_NAME }),
  });
}

type ActionData = { error: string; typed: string | null };

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = newsletterOwn();
  const formData = await readFormData(request).catch(throwBodyError);
  const parsed = parseNewsletterSignUp(formData);
  if (!parsed.success) {
    const typed = formData.get("email");
    return json<ActionData>({ error: parsed.error.issues[0]?.message ?? "Please check the form.", typed: typeof typed === "string" ? typed.slice(0, 254) : null }, { status: 400, headers: { "cache-control": "private, no-store" } });
  }
  // Worked out before the confirmation is queued (issue 43 item 4); the parser never throws.
  const back = safeRedirect(parsed.data.redirectTo, "/");
  // The stranger-mail gate (issue 43 item 2): per mailbox (plus-addresses and Gmail's dots folded), per client, per store.
  if ((await strangerMailAllowed(request, "newsletter_confirm", parsed.data.email)).ok) {
    await own.newsletter.requestSubscription({ email: parsed.data.email, consentVersion: parsed.data.consentVersion }, { now: Date.now() });
  }
  return redirectWithSuccess(back, NEWSLETTER_CHECK_INBOX);
}

function newsletterOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}

/**
 * The page's own form, not the home page's `NewsletterForm`: a component shared by two routes
 * becomes a chunk of its own, which the home page would then load too (its 100 KB budget,
 * DESIGN.md §17). The words come from the loader.
 */
export default function NewsletterPage() {
  const { consentVersion, consentText, emailMax } = useLoaderData<typeof loader>();
  const data = useActionData<ActionData>();
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <section aria-labelledby="newsletter-heading" className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 id="newsletter-heading" className="font-serif text-3xl text-gray-900">
        {t("newsletter.heading")}
      </h1>
      <p className="mx-auto mt-3 max-w-lg text-gray-600">{t("newsletter.pageText")}</p>
      <Form method="post" className="mx-auto mt-6 flex max-w-xl flex-col gap-2 sm:flex-row">
        <input type="hidden" name="consentVersion" value={consentVersion} />
        <input type="hidden" name="redirectTo" value="/newsletter" />
        <label htmlFor="newsletter-page-email" className="sr-only">
          {t("newsletter.emailAddress")}
        </label>
        <input
          id="newsletter-page-email"
          name="email"
          type="email"
          required
          maxLength={emailMax}
          defaultValue={data?.typed ?? undefined}
          autoComplete="email"
          placeholder={t("newsletter.placeholder")}
          aria-invalid={data?.error ? true : undefined}
          aria-describedby={data?.error ? "newsletter-page-error newsletter-page-consent" : "newsletter-page-consent"}
          className="min-w-0 flex-1 rounded border border-gray-400 px-4 py-3 text-sm text-gray-900 placeholder:text-gray-600"
        />
        <button type="submit" className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800">
          {t("newsletter.subscribe")}
        </button>
      </Form>
      {data?.error ? (
        <p id="newsletter-page-error" className="mt-2 text-sm font-medium text-red-700">
          {phrase(data.error)}
        </p>
      ) : null}
      <p id="newsletter-page-consent" className="mx-auto mt-3 max-w-xl text-sm text-gray-700" data-testid="newsletter-consent">
        {consentText}
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? `Newsletter | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
