import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { servedOverHttps } from "~/config/env.server";
import { LANGUAGE_COOKIE, languageOfPath } from "~/i18n/language";
import { safeRedirect } from "~/utils/safe-redirect";

/** How long the choice is remembered: a year, in seconds. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

/**
 * `GET /language?to=/hi/collection?category=Men`: the header's language switch (issue 27 item 1;
 * docs/decisions/0850). Remembers the language of `to` in the `language` cookie (a year, this
 * site only) and answers 303 to `to`, so the next visit to a page in the other language offers
 * this one. `to` goes through `safeRedirect`: a path on this store, else the home page (whose
 * language is then remembered). A GET that sets a preference cookie, as the delivery check's
 * remembered PIN code does (docs/decisions/0621); it changes no data.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("to"));
  const secure = servedOverHttps() ? "; Secure" : "";
  const cookie = `${LANGUAGE_COOKIE}=${languageOfPath(to.split(/[?#]/, 1)[0])}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
  return redirect(to, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
