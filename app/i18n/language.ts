/*
 * The page's language, read from its address (issue 27 item 1; DESIGN.md §24; docs/decisions/0850):
 * English at the store's addresses, Hindi under /hi. Browser-safe: the header's switch and every
 * link the pages render use these.
 */

/** The languages the storefront is written in; English first (the store's default). */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's `<html lang>` and `hreflang` value, and its name written in itself (the switch's words). */
export const LANGUAGE_INFO: Record<Language, { htmlLang: string; hreflang: string; ownName: string }> = {
  en: { htmlLang: "en-IN", hreflang: "en-IN", ownName: "English" },
  hi: { htmlLang: "hi", hreflang: "hi-IN", ownName: "हिन्दी" },
};

/** The language of a path: "hi" for `/hi` and anything under `/hi/`, else "en". */
export function languageOfPath(pathname: string): Language {
  return pathname === "/hi" || pathname.startsWith("/hi/") ? "hi" : "en";
}

/** `pathname` without its language prefix: "/hi/collection" → "/collection", "/hi" → "/". */
export function unprefixedPath(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice(3) || "/";
}

/**
 * Paths with one address whatever the language: the Store API, the back office, files (pictures,
 * uploads, the invoice PDF, the data download, anything with a dot in its last segment), the payment
 * simulator, feeds, probes, the problem report's upload, the return photos, the COD refund details' post and the shopper's cancel post (issue 45) and the language switch's /language. Everything else is a page, with a Hindi
 * twin (remix.config.js); tests/unit/i18n-routes.test.ts checks this list against the routes.
 */
function hasOneAddress(pathname: string): boolean {
  return (
    /^\/(api|admin|images|uploads|report-videos|return-photos|payments|build|healthz|language)(\/|$)/.test(pathname) ||
    /\.[^/]*$/.test(pathname) ||
    pathname.startsWith("/sitemap") ||
    /^\/orders\/[^/]+\/(report|return-payout|cancel)$/.test(pathname)
  );
}

/**
 * The address of `to` (a path starting with "/", query and hash allowed) in `language`:
 * ("/collection?brand=Casio", "hi") → "/hi/collection?brand=Casio"; ("/", "hi") → "/hi".
 * A path already in a language is moved to the other one, so the call is safe to repeat; anything
 * else (another site, "#main", a path with one address such as /api/… or a picture) is returned as it is.
 */
export function pathIn(to: string, language: Language): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const split = to.search(/[?#]/);
  const [pathname, rest] = split === -1 ? [to, ""] : [to.slice(0, split), to.slice(split)];
  const bare = unprefixedPath(pathname);
  if (language === "en" || hasOneAddress(bare)) return bare + rest;
  return (bare === "/" ? "/hi" : `/hi${bare}`) + rest;
}

/**
 * Where a redirect answering `requestUrl` (path and query) should go: from a Hindi page, a store
 * path into Hindi ("/cart" → "/hi/cart"), so an action, a login or a canonical-URL redirect never
 * drops the shopper's language; anything else — English requests, other sites, the Store API,
 * files — as made (issue 27 item 1; docs/decisions/0850).
 */
export function redirectInLanguage(requestUrl: string, location: string): string {
  return languageOfPath(requestUrl.split(/[?#]/, 1)[0]) === "hi" ? pathIn(location, "hi") : location;
}

/**
 * Query parameters the language switch and the `hreflang` alternates leave out: a destination the
 * visitor supplied (`redirectTo`) and secrets a link carried (`token`, `key`). Such a page is
 * private; its other language starts clean, and no page repeats them in its links.
 */
const PRIVATE_PARAMS = ["redirectTo", "token", "key"];

/**
 * The address of the page at `pathname` with `search` ("?a=1" or "") in `language`, for the
 * language switch and the `hreflang` alternates: the query kept (a filtered collection stays
 * filtered) but for PRIVATE_PARAMS.
 */
export function samePageIn(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  for (const name of PRIVATE_PARAMS) params.delete(name);
  const query = params.toString();
  return pathIn(`${pathname}${query ? `?${query}` : ""}`, language);
}

/** The cookie that remembers the language a shopper chose with the switch (routes/language.ts). */
export const LANGUAGE_COOKIE = "language";

/** The language remembered in a `Cookie` header, or null when none (or an unknown one) is. */
export function languageOfCookie(cookieHeader: string | null | undefined): Language | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.split("=").map((piece) => piece.trim());
    if (name === LANGUAGE_COOKIE) return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
  }
  return null;
}

/**
 * The language to offer on the page at `pathname` (issue 27 item 1: the choice remembered and
 * offered, never forced): the remembered one when it is not the page's, else null. A page with an
 * offer is personal — never stored in or answered from the page cache.
 */
export function languageOffer(pathname: string, cookieHeader: string | null | undefined): Language | null {
  const chosen = languageOfCookie(cookieHeader);
  return chosen !== null && chosen !== languageOfPath(pathname) ? chosen : null;
}
