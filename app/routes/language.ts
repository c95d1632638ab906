import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageOfPath } from "~/i18n/language";
import { keepLanguageOnAccount, languageCookie } from "~/utils/account-language.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { getSessionToken } from "~/utils/session.server";

/**
 * `GET /language?to=/hi/collection?category=Men`: the header's language switch (issue 27 item 1;
 * docs/decisions/0850). Remembers the language of `to` in the `language` cookie (a year, this
 * site only) and, for a signed-in shopper, on the account (docs/decisions/0900; where the store
 * keeps it), and answers 303 to `to`, so the next visit to a page in the other language — on this
 * device or, after a login, another — offers this one. `to` goes through `safeRedirect`: a path on
 * this store, else the home page (whose language is then remembered). A GET that sets a
 * preference, as the delivery check's remembered PIN code does (docs/decisions/0621); it offers,
 * never forces, so a link from another site can do no more than change what is offered.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("to"));
  const language = languageOfPath(to.split(/[?#]/, 1)[0]);
  await keepLanguageOnAccount(await getSessionToken(request), language);
  return redirect(to, { status: 303, headers: { "Set-Cookie": languageCookie(language), "Cache-Control": "no-store" } });
}
