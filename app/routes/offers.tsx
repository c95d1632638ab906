import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getBackend } from "~/backend/index.server";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, translate } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { termsIn } from "~/utils/discount-code.server";

/**
 * /offers and /hi/offers (issue 47 item 5; DESIGN.md §27; docs/decisions/1011): the public codes
 * (listOfferCodes: active, not ended, uses left) with their terms in the page's language — the
 * start and the end only when the code really has them, written as that IST time (no countdown,
 * no "only today": CCPA dark-pattern guidelines 2023). "No offers right now." when there are none,
 * and on a store without its own data (another backend keeps no codes here). Not cached: a code
 * the owner pauses or that ends leaves the page at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const { own } = getBackend();
  const codes = own ? await own.discounts.listOfferCodes(Date.now()) : [];
  return json(
    {
      offers: codes.map((code) => ({ code: code.code, terms: termsIn(code, language) })),
      messages: messagesFor(language, ["offers"]),
      title: translate(language, "offers.pageTitle"),
    },
    { headers: { "cache-control": "no-cache" } },
  );
}

export default function OffersPage() {
  const { offers } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="mx-auto max-w-screen-md border-t px-4 pt-14 sm:px-[5vw]">
      <h1 className="mb-3 inline-flex items-center gap-2 text-2xl text-gray-800">
        <span className="text-gray-600">{t("offers.lead")}</span> <span className="font-medium">{t("offers.main")}</span>
        <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
      </h1>
      <p className="mb-8 text-sm text-gray-700">{t("offers.intro")}</p>
      {offers.length === 0 ? (
        <p className="border-t py-10 text-gray-800" data-testid="offers-none">
          {t("offers.none")}
        </p>
      ) : (
        <ul className="divide-y border-y" data-testid="offers">
          {offers.map((offer) => (
            <li key={offer.code} className="py-4" data-testid="offer">
              <p className="text-gray-900">
                {t("offers.code")}: <strong className="font-mono text-lg tracking-wide">{offer.code}</strong>
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm text-gray-700">
                {offer.terms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Offers — Chrono India" }];
