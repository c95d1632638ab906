import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { servedOverHttps } from "~/config/env.server";
import { LANGUAGE_COOKIE, languageOfCookie, languageOfPath, type Language } from "~/i18n/language";
import { log } from "~/observability/log.server";

/**
 * The shopper's language remembered twice (issue 27 item 1; docs/decisions/0850, 0900): in the
 * `language` cookie (this browser) and, where the store keeps it (`capabilities.accountLanguage`),
 * on the account (`users.language`), so a shopper who signs in on another device is offered the
 * language they chose. Never forced: it only fills the cookie, which `languageOffer` reads.
 */

/** How long the cookie remembers the choice: a year, in seconds. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

/** The `Set-Cookie` value remembering `language` (a year, the whole site, HttpOnly, SameSite=Lax; Secure over HTTPS). */
export function languageCookie(language: Language): string {
  const secure = servedOverHttps() ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}

/**
 * Keeps `language` on the account of `token`, when there is one and the store keeps languages.
 * A missing or expired session (401) is nobody's account: nothing is kept. Other failures are
 * logged and swallowed: the cookie still remembers the choice, and a page must not fail over it.
 */
export async function keepLanguageOnAccount(token: string | null, language: Language): Promise<void> {
  const backend = getBackend();
  if (!token || !backend.capabilities.accountLanguage || !backend.own) return;
  try {
    await backend.own.languages.setShopperLanguage(token, language);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return;
    log.error({ err: error }, "Could not keep the shopper's language on the account");
  }
}

/**
 * After a login or sign-up answered with `token` (app/routes/login.tsx's action): a sign-up on a
 * Hindi page keeps Hindi as the new account's language; a login into an account that chose a
 * language, from a browser that remembers none, gets it as the `language` cookie (appended to
 * `headers`), so pages in the other language offer it. Never throws for the language's sake.
 */
export async function languageAfterSignIn(request: Request, token: string, signedUp: boolean, headers: Headers): Promise<void> {
  const backend = getBackend();
  if (!backend.capabilities.accountLanguage || !backend.own) return;
  if (signedUp) {
    if (languageOfPath(new URL(request.url).pathname) === "hi") await keepLanguageOnAccount(token, "hi");
    return;
  }
  if (languageOfCookie(request.headers.get("Cookie")) !== null) return;
  try {
    const chosen = await backend.own.languages.shopperLanguage(token);
    if (chosen) headers.append("Set-Cookie", languageCookie(chosen));
  } catch (error) {
    log.error({ err: error }, "Could not read the shopper's language");
  }
}
