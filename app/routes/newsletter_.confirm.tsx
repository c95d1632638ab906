import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { getEnv } from "~/config/env.server";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { NEWSLETTER_PAGE_MESSAGES } from "~/schemas/newsletter-constants";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeNameOf } from "~/utils/root-data";

/**
 * /newsletter/confirm?token=… (issue 24 item 3; DESIGN.md §22): the link of the confirmation
 * email. GET only shows a one-button form — mail scanners fetch links, and a GET never changes
 * anything — and the POST confirms: the link is used up, the subscription and the consent words
 * recorded with the time. A used, expired or unknown link: the sentence that says so (410). The
 * token stays out of Referer headers and caches. Under /hi its words and
 * sentences are Hindi (issue 27; docs/decisions/0910).
 */
const HEADERS = { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };

export async function loader({ request }: LoaderFunctionArgs) {
  const own = newsletterOwn();
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = await own.newsletter.confirmationIsLive(token, Date.now());
  const language = languageOfPath(new URL(request.url).pathname);
  const words = {
    messages: messagesFor(language, ["newsletter"]),
    phrases: phrasesFor(language, ["newsletter"]),
    title: translate(language, "newsletter.confirmTitle", { storeName: getEnv().STORE_NAME }),
  };
  return json({ live, token: live ? token : "", invalid: NEWSLETTER_PAGE_MESSAGES.confirmInvalid, ...words }, { status: live ? 200 : 410, headers: HEADERS });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = newsletterOwn();
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await own.newsletter.confirmSubscription(token, Date.now());
  return json({ confirmed, message: confirmed ? NEWSLETTER_PAGE_MESSAGES.confirmed : NEWSLETTER_PAGE_MESSAGES.confirmInvalid }, { status: confirmed ? 200 : 410, headers: HEADERS });
}

function newsletterOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}

export default function ConfirmNewsletter() {
  const { live, token, invalid } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const { t } = useT();
  const phrase = usePhrase();
  let body;
  if (done) {
    body = <p role="status" className="mt-4 text-gray-800">{phrase(done.message)}</p>;
  } else if (!live) {
    body = <p className="mt-4 text-gray-800">{phrase(invalid)}</p>;
  } else {
    body = (
      <>
        <p className="mt-4 text-gray-800">{t("newsletter.confirmPrompt")}</p>
        <Form method="post" action={`/newsletter/confirm?token=${encodeURIComponent(token)}`} className="mt-6">
          <button type="submit" className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800">
            {t("newsletter.confirmButton")}
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-serif text-3xl text-gray-900">{t("newsletter.subscription")}</h1>
      {body}
      <p className="mt-8">
        <Link to="/" className="text-sm text-gray-800 underline">
          {t("newsletter.backToStore")}
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? `Confirm your subscription | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
