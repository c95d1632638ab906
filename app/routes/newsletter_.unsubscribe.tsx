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
 * /newsletter/unsubscribe?token=… (issue 24 item 3; DESIGN.md §22; RFC 8058): the link in every
 * newsletter and in its List-Unsubscribe header. POST unsubscribes at once, with no login — the
 * mail client's one-click post (body `List-Unsubscribe=One-Click`, never read) and this page's
 * button alike — and says it is done. GET only shows the one-button form: mail scanners fetch
 * links, and a GET changes nothing. The token is the subscriber's own random one; an unknown
 * token gets the sentence that says so (404). Kept out of Referer headers and caches. Under /hi its words and
 * sentences are Hindi (issue 27; docs/decisions/0910).
 */
const HEADERS = { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };

export async function loader({ request }: LoaderFunctionArgs) {
  const own = newsletterOwn();
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const known = await own.newsletter.unsubscribeTokenIsKnown(token);
  const language = languageOfPath(new URL(request.url).pathname);
  const words = {
    messages: messagesFor(language, ["newsletter"]),
    phrases: phrasesFor(language, ["newsletter"]),
    title: translate(language, "newsletter.unsubscribeTitle", { storeName: getEnv().STORE_NAME }),
  };
  return json({ known, token: known ? token : "", invalid: NEWSLETTER_PAGE_MESSAGES.unsubscribeInvalid, ...words }, { status: known ? 200 : 404, headers: HEADERS });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = newsletterOwn();
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await own.newsletter.unsubscribe(token, Date.now());
  return json({ done, message: done ? NEWSLETTER_PAGE_MESSAGES.unsubscribed : NEWSLETTER_PAGE_MESSAGES.unsubscribeInvalid }, { status: done ? 200 : 404, headers: HEADERS });
}

function newsletterOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}

export default function UnsubscribeNewsletter() {
  const { known, token, invalid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const phrase = usePhrase();
  let body;
  if (result) {
    body = <p role="status" className="mt-4 text-gray-800">{phrase(result.message)}</p>;
  } else if (!known) {
    body = <p className="mt-4 text-gray-800">{phrase(invalid)}</p>;
  } else {
    body = (
      <>
        <p className="mt-4 text-gray-800">{t("newsletter.unsubscribePrompt")}</p>
        <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} className="mt-6">
          <button type="submit" className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800">
            {t("newsletter.unsubscribeButton")}
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-serif text-3xl text-gray-900">{t("newsletter.unsubscribeHeading")}</h1>
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
  { title: data?.title ?? `Unsubscribe | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
